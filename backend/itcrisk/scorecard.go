package itcrisk

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"gstdesk/backend/civil"
	"gstdesk/backend/export"
	"gstdesk/backend/ims"
	"gstdesk/backend/money"
	"gstdesk/backend/period"
	"gstdesk/backend/recon"
	"gstdesk/backend/supplier"
)

// Filing is one supplier return a 2B document came from: the supplier, the return period
// (supprd, as YYYY-MM) and the day it was filed (supfildt, as YYYY-MM-DD).
type Filing struct {
	Supplier string `json:"supplier_gstin"`
	Name     string `json:"supplier_name,omitempty"`
	Period   string `json:"period"`
	Filed    string `json:"filed"`
}

// Penalty is one part of a supplier's score: what it is for and the points it takes off.
type Penalty struct {
	What   string  `json:"what"`
	Points float64 `json:"points"`
}

// SupplierScore is one supplier's line of the scorecard.
type SupplierScore struct {
	Supplier string `json:"supplier_gstin"`
	Name     string `json:"supplier_name,omitempty"`
	// Score is 0 to 100 (ScoreFormula), Grade A (90+), B (75+), C (50+) or D.
	Score int    `json:"score"`
	Grade string `json:"grade"`
	// Filings counts the supplier's returns seen in the year's 2B, Late those filed after the due
	// date; AvgLagDays (one decimal) and MaxLagDays are days after it. Quarterly says the due
	// date was taken as a quarterly filer's (13th) rather than a monthly filer's (11th).
	Filings    int     `json:"filings"`
	Late       int     `json:"late"`
	AvgLagDays float64 `json:"avg_lag_days"`
	MaxLagDays int     `json:"max_lag_days"`
	Quarterly  bool    `json:"quarterly,omitempty"`
	// Documents and Tax are the supplier's documents in the year's 2B.
	Documents int         `json:"documents_2b"`
	Tax       money.Paise `json:"tax_2b"`
	// Books, BooksTax: the supplier's invoices in the register (with a register only).
	Books    int         `json:"books"`
	BooksTax money.Paise `json:"books_tax"`
	// MissingIn2B: register invoices in no 2B; Mismatches: pairs whose amounts differ, and the
	// tax they differ by (books against 2B, each pair's difference taken whole).
	MissingIn2B int         `json:"missing_in_2b"`
	MissingTax  money.Paise `json:"missing_tax"`
	Mismatches  int         `json:"mismatches"`
	MismatchTax money.Paise `json:"mismatch_tax"`
	// Rejected: documents rejected in IMS (IMS list or docRejdata).
	Rejected    int         `json:"rejected"`
	RejectedTax money.Paise `json:"rejected_tax"`
	// Unfiled3B: 2A documents of periods whose GSTR-3B the supplier had not filed (cfs3b N).
	Unfiled3B    int         `json:"unfiled_3b"`
	Unfiled3BTax money.Paise `json:"unfiled_3b_tax"`
	// CancelledOn is the registration's cancellation date (or "cancelled" when the date is not known).
	CancelledOn string `json:"cancelled_on,omitempty"`
	// Suspended is the registration status a GSTIN lookup shows when it is neither active nor
	// cancelled (Suspended, Inactive): such a supplier is never grade A.
	Suspended string `json:"suspended,omitempty"`
	// Status is the registration status the GSTIN lookups give (supplier.Status; "" when none is
	// stored). A suspended, cancelled or inactive supplier is never grade A.
	Status    string    `json:"registration_status,omitempty"`
	Penalties []Penalty `json:"penalties"`
	// docs are the documents to fix, for the chaser pack.
	docs []ChaserDoc
	a2   int // 2A documents of the year
}

// Scorecard is the suppliers of a year, worst first.
type Scorecard struct {
	FY       period.FY       `json:"fy"`
	FYLabel  string          `json:"fy_label"`
	Today    string          `json:"today"`
	Register bool            `json:"register"`
	Formula  string          `json:"formula"`
	Rows     []SupplierScore `json:"rows"`
	Notes    []string        `json:"notes"`
}

// ScoreFormula is the scorecard's formula in words; Score applies it.
const ScoreFormula = "100 points, less: 2 per day of average GSTR-1 filing delay (at most 30); " +
	"30 × the share of the register's tax with the supplier that is in no 2B; " +
	"20 × the tax of mismatched pairs over the register's tax (at most 20); " +
	"10 × the share of the supplier's 2B documents rejected in IMS; " +
	"20 × the share of its 2A documents whose GSTR-3B it had not filed; " +
	"40 when its registration is cancelled; 25 when a GSTIN lookup shows it suspended or inactive. At least 0. A cancelled, suspended or inactive supplier is never grade A. Grades: A 90+, B 75+, C 50+, D below."

// ChaserDoc is one document a supplier is asked to fix.
type ChaserDoc struct {
	Issue    string      `json:"issue"`
	Number   string      `json:"document_number"`
	Date     string      `json:"document_date"`
	Period   string      `json:"period"`
	BooksTax money.Paise `json:"books_tax"`
	TwoBTax  money.Paise `json:"tax_2b"`
	Ask      string      `json:"ask"`
}

// Issues of a chaser document.
const (
	IssueNotReported = "not_reported" // in the books, in no GSTR-1/IFF (2B)
	IssueDiffers     = "differs"      // reported with other amounts
	IssueNo3B        = "gstr3b_not_filed"
)

// dueGSTR1 is the GSTR-1 (or IFF) due date of a return period: the 11th of the next month for a
// monthly filer, the 13th for a quarterly one.
func dueGSTR1(p string, quarterly bool) (int, bool) {
	m, err := period.ParseMonth(p)
	if err != nil {
		return 0, false
	}
	n := m.Next()
	day := 11
	if quarterly {
		day = 13
	}
	return civil.DaysFromCivil(n.Year, int(n.Month), day), true
}

// Score makes the scorecard of in.FY: one line per supplier seen in the year's 2B, 2A, IMS or
// register, worst score first.
func Score(in Input) Scorecard {
	d := datesOf(in.FY)
	inYear := func(s string) bool {
		day, ok := recon.DayNumber(s)
		return ok && day >= d.first && day <= d.last
	}
	sc := Scorecard{FY: in.FY, FYLabel: in.FY.String(), Today: in.Today, Register: in.Register, Formula: ScoreFormula, Rows: []SupplierScore{}, Notes: []string{}}
	by := map[string]*SupplierScore{}
	get := func(g, name string) *SupplierScore {
		s := by[g]
		if s == nil {
			s = &SupplierScore{Supplier: g}
			by[g] = s
		}
		if s.Name == "" {
			s.Name = name
		}
		return s
	}
	// Filing delay: each return once; a supplier whose returns all end a quarter is taken as a
	// quarterly filer.
	type ret struct{ g, p, f string }
	seen := map[ret]bool{}
	var filings []Filing
	allQuarterEnds := map[string]bool{}
	for _, f := range in.Filings {
		k := ret{f.Supplier, f.Period, f.Filed}
		if seen[k] || f.Filed == "" {
			continue
		}
		seen[k] = true
		filings = append(filings, f)
		q := len(f.Period) == 7 && strings.Contains("03 06 09 12", f.Period[5:])
		if v, ok := allQuarterEnds[f.Supplier]; ok {
			allQuarterEnds[f.Supplier] = v && q
		} else {
			allQuarterEnds[f.Supplier] = q
		}
	}
	lagSum := map[string]int{}
	for _, f := range filings {
		s := get(f.Supplier, f.Name)
		s.Quarterly = allQuarterEnds[f.Supplier]
		due, ok := dueGSTR1(f.Period, s.Quarterly)
		filed, ok2 := recon.DayNumber(f.Filed)
		if !ok || !ok2 {
			continue
		}
		s.Filings++
		if lag := filed - due; lag > 0 {
			s.Late++
			lagSum[f.Supplier] += lag
			s.MaxLagDays = max(s.MaxLagDays, lag)
		}
	}
	for g, sum := range lagSum {
		s := by[g]
		s.AvgLagDays = math.Round(float64(sum)/float64(s.Filings)*10) / 10
	}
	// The register against the 2B. An invoice of a month with no 2B stored is not judged: it may
	// be in that month's 2B, so nobody is asked to report it.
	noTwoB := map[string]bool{}
	for _, p := range in.NoGSTR2B {
		noTwoB[p] = true
	}
	for i := range in.Rows {
		row := &in.Rows[i]
		if row.Status == recon.DuplicateInBooks {
			continue
		}
		if tb := row.GSTR2A; tb != nil && inYear(tb.Date) {
			s := get(tb.SupplierGSTIN, tb.SupplierName)
			s.Documents++
			s.Tax += tb.Tax()
		}
		bk := row.Books
		if !in.Register || bk == nil || !inYear(bk.Date) {
			continue
		}
		s := get(bk.SupplierGSTIN, bk.SupplierName)
		s.Books++
		s.BooksTax += bk.Tax()
		switch {
		case row.GSTR2A == nil && noTwoB[bk.Period]:
		case row.GSTR2A == nil:
			s.MissingIn2B++
			s.MissingTax += bk.Tax()
			s.docs = append(s.docs, ChaserDoc{Issue: IssueNotReported, Number: bk.Number, Date: bk.Date, Period: bk.Period, BooksTax: bk.Tax(),
				Ask: "Not in your GSTR-1/IFF: please report it in your next return."})
		case row.Status == recon.Mismatch:
			diff := (bk.Tax() - row.GSTR2A.Tax())
			if diff < 0 {
				diff = -diff
			}
			s.Mismatches++
			s.MismatchTax += diff
			s.docs = append(s.docs, ChaserDoc{Issue: IssueDiffers, Number: bk.Number, Date: bk.Date, Period: row.GSTR2A.Period, BooksTax: bk.Tax(),
				TwoBTax: row.GSTR2A.Tax(), Ask: "Reported differently: " + differences(row) + ". Please amend it in your next GSTR-1/IFF."})
		}
	}
	// Rejected in IMS: the IMS list and the 2B's docRejdata, each document once.
	rejected := map[docID]bool{}
	for i := range in.IMS {
		r := &in.IMS[i]
		if r.Action != ims.Rejected || !inYear(r.DateISO) {
			continue
		}
		k := docKey(r.STIN, string(imsKind(r.Section)), r.Number)
		if !rejected[k] {
			rejected[k] = true
			s := get(r.STIN, "")
			s.Rejected++
			s.RejectedTax += r.Tax()
		}
	}
	for i := range in.Rejected2B {
		r := &in.Rejected2B[i]
		k := docKey(r.SupplierGSTIN, string(r.DocType), r.Number)
		if !rejected[k] && inYear(r.Date) {
			rejected[k] = true
			s := get(r.SupplierGSTIN, r.SupplierName)
			s.Rejected++
			s.RejectedTax += r.Tax()
		}
	}
	// GSTR-3B not filed, from the 2A.
	for i := range in.GSTR2A {
		a := &in.GSTR2A[i]
		pd, ok := periodDay(a.Period)
		if !ok || pd < d.first || pd > d.last {
			continue
		}
		s := get(a.SupplierGSTIN, a.SupplierName)
		s.a2++
		if a.FiledGSTR3B == "N" && !a.DocType.Reduces() {
			s.Unfiled3B++
			s.Unfiled3BTax += a.Tax()
			s.docs = append(s.docs, ChaserDoc{Issue: IssueNo3B, Number: a.Number, Date: a.Date, Period: a.Period, TwoBTax: a.Tax(),
				Ask: "Your GSTR-3B for " + period.LabelOf(a.Period) + " shows as not filed: please file it, or we must reverse this credit by " + show(d.nov30s) + " (Rule 37A)."})
		}
	}
	for g, on := range in.Cancelled {
		if s := by[g]; s != nil {
			s.CancelledOn = cmp.Or(on, "cancelled")
		}
	}
	for g, st := range in.Suspended {
		if s := by[g]; s != nil && s.CancelledOn == "" {
			s.Suspended = st
		}
	}
	for g, s := range by {
		s.Name = in.Suppliers.Name(g, s.Name, "")
		s.Status = in.Suppliers.Status(g)
		if s.Status == supplier.Cancelled && s.CancelledOn == "" {
			s.CancelledOn = "cancelled"
		} else if supplier.Blocked(s.Status) && s.CancelledOn == "" && s.Suspended == "" {
			s.Suspended = supplier.Word(s.Status)
		}
	}
	for _, s := range by {
		score(s, in.Register)
		sc.Rows = append(sc.Rows, *s)
	}
	slices.SortFunc(sc.Rows, func(a, b SupplierScore) int {
		return cmp.Or(a.Score-b.Score, cmp.Compare(b.MissingTax+b.MismatchTax, a.MissingTax+a.MismatchTax), strings.Compare(a.Supplier, b.Supplier))
	})
	if !in.Register {
		sc.Notes = append(sc.Notes, "No purchase register given: documents missing in 2B and mismatches are not counted (and not in the score).")
	} else if len(in.NoGSTR2B) > 0 {
		sc.Notes = append(sc.Notes, "No GSTR-2B stored for "+labels(in.NoGSTR2B)+": register invoices of those months are not counted as missing in 2B; pull or import it.")
	}
	if len(in.Cancelled) == 0 {
		sc.Notes = append(sc.Notes, "No cancellation known: run the supplier watch (changed list) to check the suppliers' registrations.")
	}
	sc.Notes = append(sc.Notes, "GSTR-1 due dates: the 11th of the next month; the 13th for a supplier whose returns in the year all end a quarter (taken as a quarterly filer).")
	return sc
}

// differences names what differs in a mismatched pair, as the matcher explained it.
func differences(row *recon.Row) string {
	var parts []string
	for _, df := range row.Differences {
		if df.WithinTolerance {
			continue
		}
		p := df.Field + " ours " + df.Books + ", yours " + df.GSTR2A
		parts = append(parts, p)
	}
	if len(parts) == 0 {
		return "the amounts differ"
	}
	return strings.Join(parts, "; ")
}

// score applies ScoreFormula to s.
func score(s *SupplierScore, register bool) {
	share := func(a, b money.Paise) float64 {
		if b <= 0 || a <= 0 {
			return 0
		}
		return min(1, float64(a)/float64(b))
	}
	pens := []Penalty{}
	add := func(what string, pts float64) {
		if pts > 0 {
			pens = append(pens, Penalty{what, math.Round(pts*10) / 10})
		}
	}
	add("GSTR-1 filed late", min(30, 2*s.AvgLagDays))
	if register {
		add("invoices not in 2B", 30*share(s.MissingTax, s.BooksTax))
		add("amounts differ", 20*share(s.MismatchTax, s.BooksTax))
	}
	if n := s.Documents + s.Rejected; n > 0 {
		add("rejected in IMS", 10*float64(s.Rejected)/float64(n))
	}
	if s.a2 > 0 {
		add("GSTR-3B not filed", 20*float64(s.Unfiled3B)/float64(s.a2))
	}
	if s.CancelledOn != "" {
		add("registration cancelled", 40)
	}
	if s.Suspended != "" {
		add("registration "+strings.ToLower(s.Suspended)+" (GSTIN lookup)", 25)
	}
	total := 0.0
	for _, p := range pens {
		total += p.Points
	}
	s.Score = max(0, int(math.Round(100-total)))
	s.Penalties = pens
	switch {
	case s.Score >= 90 && s.CancelledOn == "" && s.Suspended == "" && !supplier.Blocked(s.Status):
		s.Grade = "A"
	case s.Score >= 75 && s.CancelledOn == "":
		s.Grade = "B"
	case s.Score >= 50:
		s.Grade = "C"
	default:
		s.Grade = "D"
	}
}

// ScorecardTable is the scorecard as one table for CSV and XLSX.
func ScorecardTable(sc Scorecard) export.Table {
	t := export.Table{Name: "Suppliers " + sc.FYLabel, Columns: []export.Column{
		{Key: "supplier_gstin", Title: "Supplier GSTIN"}, {Key: "supplier_name", Title: "Supplier"}, {Key: "score", Title: "Score", Kind: export.Integer},
		{Key: "grade", Title: "Grade"}, {Key: "filings", Title: "Returns", Kind: export.Integer}, {Key: "late", Title: "Filed late", Kind: export.Integer},
		{Key: "avg_lag_days", Title: "Average days late", Kind: export.Number}, {Key: "max_lag_days", Title: "Most days late", Kind: export.Integer},
		{Key: "documents_2b", Title: "Documents in 2B", Kind: export.Integer}, {Key: "tax_2b", Title: "Tax in 2B", Kind: export.Money},
		{Key: "missing_in_2b", Title: "Missing in 2B", Kind: export.Integer}, {Key: "missing_tax", Title: "Tax missing in 2B", Kind: export.Money},
		{Key: "mismatches", Title: "Mismatches", Kind: export.Integer}, {Key: "mismatch_tax", Title: "Mismatch", Kind: export.Money},
		{Key: "rejected", Title: "Rejected in IMS", Kind: export.Integer}, {Key: "rejected_tax", Title: "Tax rejected", Kind: export.Money},
		{Key: "unfiled_3b", Title: "GSTR-3B not filed (documents)", Kind: export.Integer}, {Key: "unfiled_3b_tax", Title: "Tax, GSTR-3B not filed", Kind: export.Money},
		{Key: "cancelled_on", Title: "Cancelled", Kind: export.Date}, {Key: "why", Title: "Points off"},
	}}
	for _, s := range sc.Rows {
		var why []string
		for _, p := range s.Penalties {
			why = append(why, p.What+" −"+trimFloat(p.Points))
		}
		t.Rows = append(t.Rows, []any{s.Supplier, s.Name, s.Score, s.Grade, s.Filings, s.Late, s.AvgLagDays, s.MaxLagDays, s.Documents, s.Tax,
			s.MissingIn2B, s.MissingTax, s.Mismatches, s.MismatchTax, s.Rejected, s.RejectedTax, s.Unfiled3B, s.Unfiled3BTax,
			recon.ShowDate(s.CancelledOn), strings.Join(why, "; ")})
	}
	return t
}

func trimFloat(f float64) string {
	return strings.TrimSuffix(strings.TrimRight(strings.TrimRight(money.Paise(math.Round(f*100)).Decimal(), "0"), "."), ".")
}

// Chaser is what one supplier is asked to fix: the message to send and the documents.
type Chaser struct {
	Supplier string      `json:"supplier_gstin"`
	Name     string      `json:"supplier_name,omitempty"`
	Score    int         `json:"score"`
	Message  string      `json:"message"`
	Docs     []ChaserDoc `json:"documents"`
}

// Chasers are the suppliers of a scorecard with something to fix (documents, or GSTR-1 filed
// late), worst score first, each with its message. from names who sends it ("" for none).
func Chasers(sc Scorecard, from string) []Chaser {
	d := datesOf(sc.FY)
	var out []Chaser
	for _, s := range sc.Rows {
		if len(s.docs) == 0 && s.Late == 0 {
			continue
		}
		out = append(out, Chaser{Supplier: s.Supplier, Name: s.Name, Score: s.Score, Docs: slices.Clone(s.docs), Message: message(sc, s, d, from)})
	}
	return out
}

func message(sc Scorecard, s SupplierScore, d yearDates, from string) string {
	name := cmp.Or(s.Name, s.Supplier)
	rs := func(p money.Paise) string { return "₹" + p.Indian() }
	var b strings.Builder
	b.WriteString("Dear " + name + " (GSTIN " + s.Supplier + "),\n\n")
	b.WriteString("We have reconciled our purchases of " + sc.FYLabel + " with GSTR-2B (as on " + show(sc.Today) + "). We ask you to look at the following:\n")
	if s.MissingIn2B > 0 {
		b.WriteString("- " + money.Count(s.MissingIn2B) + " invoice(s) in our books, tax " + rs(s.MissingTax) + ", are not in your GSTR-1/IFF: please report them in your next return.\n")
	}
	if s.Mismatches > 0 {
		b.WriteString("- " + money.Count(s.Mismatches) + " invoice(s) were reported with other amounts (tax difference " + rs(s.MismatchTax) + "): please amend them.\n")
	}
	if s.Unfiled3B > 0 {
		b.WriteString("- Your GSTR-3B shows as not filed for periods of " + money.Count(s.Unfiled3B) + " document(s), tax " + rs(s.Unfiled3BTax) +
			": please file it; otherwise we must reverse this credit by " + show(d.nov30s) + " (Rule 37A).\n")
	}
	if s.Late > 0 {
		b.WriteString("- " + money.Count(s.Late) + " of your " + money.Count(s.Filings) + " GSTR-1/IFF returns were filed after the due date (on average " +
			trimFloat(s.AvgLagDays) + " days, at most " + money.Count(s.MaxLagDays) + "): a late return delays our credit.\n")
	}
	if len(s.docs) > 0 {
		b.WriteString("\nThe documents are listed in the sheet \"Documents\".")
	}
	b.WriteString(" Credit of " + sc.FYLabel + " can be claimed only up to " + show(d.nov30s) + ", so we would be glad of your reply soon.\n\nRegards,")
	if from != "" {
		b.WriteString("\n" + from)
	}
	return b.String()
}

// ChaserTables are a supplier's pack as workbook sheets: the message, one line per sheet row,
// and the documents.
func ChaserTables(c Chaser) []export.Table {
	msg := export.Table{Name: "Message", Columns: []export.Column{{Key: "message", Title: "Message to " + cmp.Or(c.Name, c.Supplier)}}}
	for _, line := range strings.Split(c.Message, "\n") {
		msg.Rows = append(msg.Rows, []any{line})
	}
	docs := export.Table{Name: "Documents", Columns: []export.Column{
		{Key: "issue", Title: "Issue"}, {Key: "document_number", Title: "Document"}, {Key: "document_date", Title: "Date", Kind: export.Date},
		{Key: "period", Title: "Period", Kind: export.Period}, {Key: "books_tax", Title: "Tax in our books", Kind: export.Money},
		{Key: "tax_2b", Title: "Tax as you reported", Kind: export.Money}, {Key: "ask", Title: "What we ask"},
	}}
	for _, dc := range c.Docs {
		docs.Rows = append(docs.Rows, []any{issueText(dc.Issue), dc.Number, recon.ShowDate(dc.Date), dc.Period, dc.BooksTax, dc.TwoBTax, dc.Ask})
	}
	return []export.Table{msg, docs}
}

func issueText(i string) string {
	switch i {
	case IssueNotReported:
		return "Not reported"
	case IssueDiffers:
		return "Amounts differ"
	case IssueNo3B:
		return "GSTR-3B not filed"
	}
	return i
}

// SortKeys are the orders a scorecard can be sorted in (the first is Score's own).
var SortKeys = []string{"score", "lag", "missing", "mismatch", "rejected", "unfiled", "supplier"}

// Sort orders a scorecard's rows by key (SortKeys): score worst first, supplier by GSTIN, the
// others largest first; ties fall back to the score. ok is false for an unknown key.
func (sc *Scorecard) Sort(key string) bool {
	var by func(a, b *SupplierScore) int
	switch key {
	case "", "score":
		by = func(a, b *SupplierScore) int { return 0 }
	case "lag":
		by = func(a, b *SupplierScore) int { return cmp.Compare(b.AvgLagDays, a.AvgLagDays) }
	case "missing":
		by = func(a, b *SupplierScore) int { return cmp.Compare(b.MissingTax, a.MissingTax) }
	case "mismatch":
		by = func(a, b *SupplierScore) int { return cmp.Compare(b.MismatchTax, a.MismatchTax) }
	case "rejected":
		by = func(a, b *SupplierScore) int { return cmp.Compare(b.RejectedTax, a.RejectedTax) }
	case "unfiled":
		by = func(a, b *SupplierScore) int { return cmp.Compare(b.Unfiled3BTax, a.Unfiled3BTax) }
	case "supplier":
		by = func(a, b *SupplierScore) int { return strings.Compare(a.Supplier, b.Supplier) }
	default:
		return false
	}
	slices.SortStableFunc(sc.Rows, func(a, b SupplierScore) int {
		return cmp.Or(by(&a, &b), a.Score-b.Score, strings.Compare(a.Supplier, b.Supplier))
	})
	return true
}
