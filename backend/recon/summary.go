package recon

import (
	"gstdesk/backend/money"

	"cmp"
	"fmt"
	"slices"
	"strings"

	"gstdesk/backend/export"
)

// StatusTotal is the count and tax of the rows of one status: the books' tax where there is a books
// side, the 2A tax for Missing in books.
type StatusTotal struct {
	Status Status `json:"status"`
	Count  int    `json:"count"`
	Tax    Paise  `json:"tax"`
}

// PeriodSummary is the outcome of one return period (or of all, in Summary.Total).
type PeriodSummary struct {
	Period   string        `json:"period"`
	ByStatus []StatusTotal `json:"by_status"`
	// ITCConfident is the books tax of exact and accepted rows, up to what 2A shows, from suppliers
	// that filed and were not cancelled before the invoice date.
	ITCConfident Paise `json:"itc_confident"`
	// ITCReview is the books tax of suggested and mismatched rows not yet accepted.
	ITCReview Paise `json:"itc_review"`
	// ITCAtRisk is the books tax that 2A does not back: missing in 2A, supplier not filed GSTR-1 or
	// GSTR-3B, supplier cancelled before the invoice date, what accepted rows claim beyond 2A, and
	// ISD credit marked not eligible.
	ITCAtRisk     Paise `json:"itc_at_risk"`
	RiskMissing   Paise `json:"risk_missing_in_2a"`
	RiskNotFiled  Paise `json:"risk_not_filed"`
	RiskCancelled Paise `json:"risk_cancelled"`
	RiskOverClaim Paise `json:"risk_over_2a"`
	// RiskNotEligible is the books tax of ISD documents marked not eligible (itcelg N): shown
	// and matched, never counted as claimable.
	RiskNotEligible Paise `json:"risk_not_eligible"`
	UnclaimedIn2A   Paise `json:"unclaimed_in_2a"` // tax in 2A not in the books
	IgnoredRows     int   `json:"ignored_rows"`
	ChangedRows     int   `json:"changed_rows"` // decided rows whose data changed since
	UndecidedRows   int   `json:"undecided_rows"`
	SupplierIssues  int   `json:"supplier_issues"`
}

// Summary is the summary of a result per period and in total.
type Summary struct {
	Periods []PeriodSummary `json:"periods"`
	Total   PeriodSummary   `json:"total"`
}

// supplierInfo is what 2A says about a supplier across the result: the worst filing flags and the
// cancellation date.
type supplierInfo struct {
	name, cfs, cfs3b, cancelled string
}

func worseFlag(cur, next string) string {
	switch {
	case cur == "N" || next == "N":
		return "N"
	case cur == "Y" || next == "Y":
		return "Y"
	}
	return ""
}

func supplierInfos(res Result) map[string]*supplierInfo {
	out := map[string]*supplierInfo{}
	get := func(g string) *supplierInfo {
		s := out[g]
		if s == nil {
			s = &supplierInfo{}
			out[g] = s
		}
		return s
	}
	for i := range res.Rows {
		r := &res.Rows[i]
		if b := r.Books; b != nil {
			if s := get(b.SupplierGSTIN); s.name == "" {
				s.name = b.SupplierName
			}
		}
		if a := r.GSTR2A; a != nil {
			s := get(a.SupplierGSTIN)
			if s.name == "" {
				s.name = a.SupplierName
			}
			s.cfs = worseFlag(s.cfs, a.FiledGSTR1)
			s.cfs3b = worseFlag(s.cfs3b, a.FiledGSTR3B)
			if a.CancelledOn != "" && (s.cancelled == "" || a.CancelledOn < s.cancelled) {
				s.cancelled = a.CancelledOn
			}
		}
	}
	return out
}

// risks lists why the ITC of a row with a books side is at risk; notFiled and cancelled tell which.
func rowRisks(r *Row, info map[string]*supplierInfo) (missing, notFiled, cancelled bool) {
	b := r.Books
	if b == nil {
		return
	}
	missing = r.Status == MissingIn2A
	if a := r.GSTR2A; a != nil {
		notFiled = a.FiledGSTR1 == "N" || a.FiledGSTR3B == "N"
	}
	s := info[b.SupplierGSTIN]
	if r.GSTR2A != nil && r.GSTR2A.CancelledOn != "" {
		cancelled = b.Date != "" && r.GSTR2A.CancelledOn < b.Date
	} else if s != nil && s.cancelled != "" {
		cancelled = b.Date != "" && s.cancelled < b.Date
	}
	return
}

// Summarise adds the rows up per period: counts and tax per status and the ITC split into
// confident, to review and at risk. Ignored rows are counted apart and left out of the ITC.
func Summarise(res Result) Summary {
	info := supplierInfos(res)
	per := map[string]*PeriodSummary{}
	total := newPeriodSummary("")
	for i := range res.Rows {
		r := &res.Rows[i]
		p := per[r.Period]
		if p == nil {
			p = newPeriodSummary(r.Period)
			per[r.Period] = p
		}
		for _, s := range []*PeriodSummary{p, total} {
			s.add(r, info)
		}
	}
	out := Summary{Total: *total}
	for _, p := range per {
		out.Periods = append(out.Periods, *p)
	}
	slices.SortFunc(out.Periods, func(a, b PeriodSummary) int { return cmp.Compare(a.Period, b.Period) })
	return out
}

func newPeriodSummary(period string) *PeriodSummary {
	p := &PeriodSummary{Period: period}
	for _, s := range Statuses {
		p.ByStatus = append(p.ByStatus, StatusTotal{Status: s})
	}
	return p
}

// claims reports whether a row claims its books invoice's tax as ITC: it has a books side, is not
// ignored, and is not a duplicate register row (the invoice's first row counts; a repeat of it
// claims nothing). The period and supplier summaries count the same claims.
func claims(r *Row) bool {
	return r.Books != nil && r.Action != Ignore && r.Status != DuplicateInBooks
}

func (p *PeriodSummary) add(r *Row, info map[string]*supplierInfo) {
	st := &p.ByStatus[statusOrder(r.Status)]
	st.Count++
	var bookTax Paise
	if r.Books != nil {
		bookTax = r.Books.Tax()
		st.Tax += bookTax
	} else {
		st.Tax += r.GSTR2A.Tax()
	}
	if r.Changed {
		p.ChangedRows++
	}
	if r.Action == Ignore {
		p.IgnoredRows++
		return
	}
	if r.Action == "" && r.Status != Exact {
		p.UndecidedRows++
	}
	if r.Books == nil {
		p.UnclaimedIn2A += r.GSTR2A.Tax()
		return
	}
	if !claims(r) {
		return
	}
	c := claimOf(r, info)
	p.ITCConfident += c.confident
	p.ITCReview += c.review
	p.ITCAtRisk += c.atRisk
	switch c.risk {
	case riskMissing:
		p.RiskMissing += c.atRisk
	case riskCancelled:
		p.RiskCancelled += c.atRisk
	case riskNotFiled:
		p.RiskNotFiled += c.atRisk
	case riskOverClaim:
		p.RiskOverClaim += c.atRisk
	case riskNotEligible:
		p.RiskNotEligible += c.atRisk
	}
	if c.supplierIssue {
		p.SupplierIssues++
	}
}

// riskKind is why a claim's tax is at risk; one per claim, checked in this order.
type riskKind int

const (
	riskNone riskKind = iota
	riskMissing
	riskCancelled
	riskNotFiled
	riskOverClaim
	riskNotEligible
)

// notEligible says an ISD document of the row is marked not eligible for credit (itcelg N in
// GSTR-2B, or the register's eligibility column): shown and matched, never claimable.
func notEligible(r *Row) bool {
	return (r.GSTR2A != nil && r.GSTR2A.ITCEligible == "N") || (r.Books != nil && r.Books.ITCEligible == "N")
}

// claim splits the books tax of one claiming row into confident, to review and at risk. It is the
// one definition of "ITC at risk": the period summary, the supplier summary and the dashboard all
// add up these amounts, in paise, so their totals agree to the paisa.
type claim struct {
	confident, review, atRisk Paise
	risk                      riskKind
	supplierIssue             bool // the supplier did not file or was cancelled before the invoice
}

func claimOf(r *Row, info map[string]*supplierInfo) claim {
	bookTax := r.Books.Tax()
	missing, notFiled, cancelled := rowRisks(r, info)
	switch {
	case notEligible(r):
		return claim{atRisk: bookTax, risk: riskNotEligible}
	case missing:
		return claim{atRisk: bookTax, risk: riskMissing, supplierIssue: cancelled}
	case cancelled:
		return claim{atRisk: bookTax, risk: riskCancelled, supplierIssue: true}
	case notFiled:
		return claim{atRisk: bookTax, risk: riskNotFiled, supplierIssue: true}
	case r.Status == Exact || r.Action == Accept:
		backed := min(bookTax, r.GSTR2A.Tax())
		c := claim{confident: backed}
		if over := bookTax - backed; over > 0 {
			c.atRisk, c.risk = over, riskOverClaim
		}
		return c
	default:
		return claim{review: bookTax}
	}
}

// SupplierSummary is the reconciliation of one supplier GSTIN.
type SupplierSummary struct {
	GSTIN    string        `json:"gstin"`
	Name     string        `json:"name"`
	ByStatus []StatusTotal `json:"by_status"`
	BooksTax Paise         `json:"books_tax"`
	TwoATax  Paise         `json:"gstr2a_tax"`
	// Difference is books tax minus 2A tax over all the supplier's rows.
	Difference  Paise  `json:"difference"`
	FiledGSTR1  string `json:"cfs"`   // "Y", "N" (some period not filed) or "" (not in 2A)
	FiledGSTR3B string `json:"cfs3b"` // same for GSTR-3B
	CancelledOn string `json:"cancelled_on,omitempty"`
	// Risk is "high" (cancelled, not filed, or invoices missing in 2A), "medium" (mismatches or
	// suggestions to review) or "low"; RiskReasons say why.
	Risk        string   `json:"risk"`
	RiskReasons []string `json:"risk_reasons"`
	AtRisk      Paise    `json:"itc_at_risk"`
	// Status is the registration status the GSTIN lookups give (supplier.Status), filled by the
	// service; "" when no lookup answer is stored.
	Status string `json:"registration_status,omitempty"`
}

// Suppliers summarises the result per supplier GSTIN, riskiest first (then most tax at risk, then
// GSTIN). Ignored rows are left out.
func Suppliers(res Result) []SupplierSummary {
	info := supplierInfos(res)
	by := map[string]*SupplierSummary{}
	open := map[string]map[Status]int{} // undecided rows per supplier and status
	var order []string
	for i := range res.Rows {
		r := &res.Rows[i]
		g := rowGSTIN(r)
		s := by[g]
		if s == nil {
			s = &SupplierSummary{GSTIN: g, RiskReasons: []string{}}
			for _, st := range Statuses {
				s.ByStatus = append(s.ByStatus, StatusTotal{Status: st})
			}
			if in := info[g]; in != nil {
				s.Name, s.FiledGSTR1, s.FiledGSTR3B, s.CancelledOn = in.name, in.cfs, in.cfs3b, in.cancelled
			}
			by[g] = s
			order = append(order, g)
		}
		if r.Action == Ignore {
			continue
		}
		if r.Action == "" {
			if open[g] == nil {
				open[g] = map[Status]int{}
			}
			open[g][r.Status]++
		}
		st := &s.ByStatus[statusOrder(r.Status)]
		st.Count++
		if r.Books != nil {
			st.Tax += r.Books.Tax()
			if claims(r) {
				s.BooksTax += r.Books.Tax()
				s.AtRisk += claimOf(r, info).atRisk
			}
		} else {
			st.Tax += r.GSTR2A.Tax()
		}
		if r.GSTR2A != nil {
			s.TwoATax += r.GSTR2A.Tax()
		}
	}
	out := make([]SupplierSummary, 0, len(order))
	for _, g := range order {
		s := by[g]
		s.Difference = s.BooksTax - s.TwoATax
		count := func(st Status) int { return s.ByStatus[statusOrder(st)].Count }
		if s.CancelledOn != "" {
			s.RiskReasons = append(s.RiskReasons, "registration cancelled from "+ShowDate(s.CancelledOn))
		}
		if s.FiledGSTR1 == "N" {
			s.RiskReasons = append(s.RiskReasons, "GSTR-1 not filed for a period")
		}
		if s.FiledGSTR3B == "N" {
			s.RiskReasons = append(s.RiskReasons, "GSTR-3B not filed for a period")
		}
		if n := count(MissingIn2A); n > 0 {
			s.RiskReasons = append(s.RiskReasons, plural(n, "invoice", "invoices")+" not reported in GSTR-2A")
		}
		high := len(s.RiskReasons) > 0
		// Mismatches and suggestions count while undecided: an accepted one is no longer to review.
		if n := open[g][Mismatch]; n > 0 {
			s.RiskReasons = append(s.RiskReasons, plural(n, "mismatch", "mismatches")+" to review")
		}
		if n := open[g][Suggested]; n > 0 {
			s.RiskReasons = append(s.RiskReasons, plural(n, "suggested match", "suggested matches")+" to confirm")
		}
		switch {
		case high:
			s.Risk = "high"
		case len(s.RiskReasons) > 0:
			s.Risk = "medium"
		default:
			s.Risk = "low"
		}
		out = append(out, *s)
	}
	rank := map[string]int{"high": 0, "medium": 1, "low": 2}
	slices.SortFunc(out, func(a, b SupplierSummary) int {
		return cmp.Or(cmp.Compare(rank[a.Risk], rank[b.Risk]), cmp.Compare(b.AtRisk, a.AtRisk), cmp.Compare(a.GSTIN, b.GSTIN))
	})
	return out
}

// plural is n with its noun, singular for one: "1 invoice", "2 invoices".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// rupeesCell is an amount as an export cell (written as rupees).
func rupeesCell(p Paise) money.Paise { return p }

func sideStr(in *Invoice, f func(*Invoice) string) string {
	if in == nil {
		return ""
	}
	return f(in)
}

func sideMoney(in *Invoice, f func(*Invoice) Paise) any {
	if in == nil {
		return nil
	}
	return rupeesCell(f(in))
}

// ResultTable is every row of a result as a table for CSV, JSON or XLSX.
func ResultTable(res Result) export.Table {
	t := export.Table{Name: "Reconciliation", Columns: []export.Column{
		{Key: "period", Title: "Period", Kind: export.Period},
		{Key: "status", Title: "Status", Kind: export.Text},
		{Key: "rule", Title: "Why", Kind: export.Text},
		{Key: "supplier_gstin", Title: "Supplier GSTIN", Kind: export.Text},
		{Key: "supplier_name", Title: "Supplier", Kind: export.Text},
		{Key: "books_ref", Title: "Register row", Kind: export.Text},
		{Key: "books_number", Title: "Invoice no. (books)", Kind: export.Text},
		{Key: "books_date", Title: "Date (books)", Kind: export.Date},
		{Key: "gstr2a_gstin", Title: "Supplier GSTIN (2A)", Kind: export.Text},
		{Key: "gstr2a_number", Title: "Invoice no. (2A)", Kind: export.Text},
		{Key: "gstr2a_date", Title: "Date (2A)", Kind: export.Date},
		{Key: "norm_books", Title: "Normalised (books)", Kind: export.Text},
		{Key: "norm_gstr2a", Title: "Normalised (2A)", Kind: export.Text},
		{Key: "books_taxable", Title: "Taxable (books)", Kind: export.Money},
		{Key: "gstr2a_taxable", Title: "Taxable (2A)", Kind: export.Money},
		{Key: "books_tax", Title: "Tax (books)", Kind: export.Money},
		{Key: "gstr2a_tax", Title: "Tax (2A)", Kind: export.Money},
		{Key: "tax_difference", Title: "Tax difference", Kind: export.Money},
		{Key: "differences", Title: "Differences", Kind: export.Text},
		{Key: "candidates", Title: "Nearest candidates", Kind: export.Text},
		{Key: "action", Title: "Action", Kind: export.Text},
		{Key: "changed", Title: "Changed since action", Kind: export.Text},
		{Key: "key", Title: "Row key", Kind: export.Text},
	}}
	for i := range res.Rows {
		r := &res.Rows[i]
		var diff any
		if r.Books != nil && r.GSTR2A != nil {
			diff = rupeesCell(r.Books.Tax() - r.GSTR2A.Tax())
		}
		changed := ""
		if r.Changed {
			changed = "yes"
		}
		name := sideStr(r.Books, func(i *Invoice) string { return i.SupplierName })
		if name == "" {
			name = sideStr(r.GSTR2A, func(i *Invoice) string { return i.SupplierName })
		}
		t.Rows = append(t.Rows, []any{
			r.Period, r.Status.Label(), r.Rule, rowGSTIN(r), name,
			sideStr(r.Books, func(i *Invoice) string { return i.RowRef }),
			sideStr(r.Books, func(i *Invoice) string { return i.Number }),
			sideStr(r.Books, func(i *Invoice) string { return ShowDate(i.Date) }),
			sideStr(r.GSTR2A, func(i *Invoice) string { return i.SupplierGSTIN }),
			sideStr(r.GSTR2A, func(i *Invoice) string { return i.Number }),
			sideStr(r.GSTR2A, func(i *Invoice) string { return ShowDate(i.Date) }),
			r.NormBooks, r.Norm2A,
			sideMoney(r.Books, func(i *Invoice) Paise { return i.Taxable }),
			sideMoney(r.GSTR2A, func(i *Invoice) Paise { return i.Taxable }),
			sideMoney(r.Books, (*Invoice).Tax),
			sideMoney(r.GSTR2A, (*Invoice).Tax),
			diff, DifferencesText(r.Differences), candidatesText(r.Candidates), string(r.Action), changed, r.Key,
		})
	}
	return t
}

// DifferencesText writes differences on one line: "IGST 180.00 vs 170.00 (10.00); date ...".
func DifferencesText(ds []Difference) string {
	parts := make([]string, 0, len(ds))
	for _, d := range ds {
		s := fmt.Sprintf("%s: %s vs %s", fieldTitle(d.Field), d.Books, d.GSTR2A)
		if d.Diff != "" {
			s += " (" + d.Diff + ")"
		}
		if d.WithinTolerance {
			s += " within tolerance"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "; ")
}

func candidatesText(cs []Candidate) string {
	parts := make([]string, 0, len(cs))
	for _, c := range cs {
		parts = append(parts, fmt.Sprintf("%s %s %s: %s", c.Invoice.SupplierGSTIN, c.Invoice.Number, ShowDate(c.Invoice.Date), c.Reason))
	}
	return strings.Join(parts, " | ")
}

// SummaryTable is the per-period summary as a table, the total last.
func SummaryTable(s Summary) export.Table {
	t := export.Table{Name: "Summary", Columns: []export.Column{{Key: "period", Title: "Period", Kind: export.Period}}}
	for _, st := range Statuses {
		t.Columns = append(t.Columns, export.Column{Key: string(st) + "_count", Title: st.Label(), Kind: export.Integer},
			export.Column{Key: string(st) + "_tax", Title: st.Label() + " tax", Kind: export.Money})
	}
	t.Columns = append(t.Columns,
		export.Column{Key: "itc_confident", Title: "ITC claimable with confidence", Kind: export.Money},
		export.Column{Key: "itc_review", Title: "ITC to review", Kind: export.Money},
		export.Column{Key: "itc_at_risk", Title: "ITC at risk", Kind: export.Money},
		export.Column{Key: "risk_missing_in_2a", Title: "At risk: missing in 2A", Kind: export.Money},
		export.Column{Key: "risk_not_filed", Title: "At risk: supplier not filed", Kind: export.Money},
		export.Column{Key: "risk_cancelled", Title: "At risk: supplier cancelled", Kind: export.Money},
		export.Column{Key: "risk_over_2a", Title: "At risk: accepted above 2A", Kind: export.Money},
		export.Column{Key: "unclaimed_in_2a", Title: "In 2A, not booked", Kind: export.Money},
		export.Column{Key: "ignored_rows", Title: "Ignored rows", Kind: export.Integer},
		export.Column{Key: "changed_rows", Title: "Changed since decided", Kind: export.Integer},
	)
	add := func(p PeriodSummary, label string) {
		row := []any{label}
		for _, st := range p.ByStatus {
			row = append(row, st.Count, rupeesCell(st.Tax))
		}
		row = append(row, rupeesCell(p.ITCConfident), rupeesCell(p.ITCReview), rupeesCell(p.ITCAtRisk), rupeesCell(p.RiskMissing), rupeesCell(p.RiskNotFiled),
			rupeesCell(p.RiskCancelled), rupeesCell(p.RiskOverClaim), rupeesCell(p.UnclaimedIn2A), p.IgnoredRows, p.ChangedRows)
		t.Rows = append(t.Rows, row)
	}
	for _, p := range s.Periods {
		add(p, p.Period)
	}
	add(s.Total, "Total")
	return t
}

// SuppliersTable is the per-supplier summary as a table.
func SuppliersTable(ss []SupplierSummary) export.Table {
	t := export.Table{Name: "Suppliers", Columns: []export.Column{
		{Key: "gstin", Title: "GSTIN", Kind: export.Text}, {Key: "name", Title: "Supplier", Kind: export.Text},
		{Key: "risk", Title: "Risk", Kind: export.Text}, {Key: "risk_reasons", Title: "Why", Kind: export.Text},
	}}
	for _, st := range Statuses {
		t.Columns = append(t.Columns, export.Column{Key: string(st), Title: st.Label(), Kind: export.Integer})
	}
	t.Columns = append(t.Columns,
		export.Column{Key: "books_tax", Title: "Tax (books)", Kind: export.Money}, export.Column{Key: "gstr2a_tax", Title: "Tax (2A)", Kind: export.Money},
		export.Column{Key: "difference", Title: "Difference", Kind: export.Money}, export.Column{Key: "itc_at_risk", Title: "ITC at risk", Kind: export.Money},
		export.Column{Key: "cfs", Title: "GSTR-1 filed", Kind: export.Text}, export.Column{Key: "cfs3b", Title: "GSTR-3B filed", Kind: export.Text},
		export.Column{Key: "cancelled_on", Title: "Cancelled from", Kind: export.Date})
	for _, s := range ss {
		row := []any{s.GSTIN, s.Name, s.Risk, strings.Join(s.RiskReasons, "; ")}
		for _, st := range s.ByStatus {
			row = append(row, st.Count)
		}
		row = append(row, rupeesCell(s.BooksTax), rupeesCell(s.TwoATax), rupeesCell(s.Difference), rupeesCell(s.AtRisk), s.FiledGSTR1, s.FiledGSTR3B, ShowDate(s.CancelledOn))
		t.Rows = append(t.Rows, row)
	}
	return t
}

// SupplierPack lists what one supplier needs to fix, to send them: invoices they have not reported,
// each amount, date, place of supply or reverse-charge difference, numbers to confirm and invoices
// reported under another GSTIN. Ignored rows are left out.
func SupplierPack(res Result, gstin string) export.Table {
	gstin = strings.ToUpper(strings.TrimSpace(gstin))
	t := export.Table{Name: "To fix " + gstin, Columns: []export.Column{
		{Key: "our_invoice_number", Title: "Invoice no. (our books)", Kind: export.Text},
		{Key: "our_date", Title: "Invoice date (our books)", Kind: export.Date},
		{Key: "your_invoice_number", Title: "Invoice no. (your GSTR-1)", Kind: export.Text},
		{Key: "your_date", Title: "Invoice date (your GSTR-1)", Kind: export.Date},
		{Key: "issue", Title: "Issue", Kind: export.Text},
		{Key: "field", Title: "Field", Kind: export.Text},
		{Key: "our_value", Title: "Our books", Kind: export.Text},
		{Key: "your_value", Title: "Your GSTR-1", Kind: export.Text},
		{Key: "difference", Title: "Difference", Kind: export.Text},
		{Key: "taxable_value", Title: "Taxable value", Kind: export.Money},
		{Key: "tax", Title: "Tax", Kind: export.Money},
		{Key: "what_to_do", Title: "What to do", Kind: export.Text},
	}}
	for i := range res.Rows {
		r := &res.Rows[i]
		if r.Action == Ignore {
			continue
		}
		ours := r.Books != nil && r.Books.SupplierGSTIN == gstin
		theirs := r.GSTR2A != nil && r.GSTR2A.SupplierGSTIN == gstin
		if !ours && !theirs {
			continue
		}
		base := []any{sideStr(r.Books, func(i *Invoice) string { return i.Number }), sideStr(r.Books, func(i *Invoice) string { return ShowDate(i.Date) }),
			sideStr(r.GSTR2A, func(i *Invoice) string { return i.Number }), sideStr(r.GSTR2A, func(i *Invoice) string { return ShowDate(i.Date) })}
		inv := r.Books
		if inv == nil {
			inv = r.GSTR2A
		}
		line := func(issue, field, our, your, diff, todo string) {
			row := append(append([]any{}, base...), issue, field, our, your, diff, rupeesCell(inv.Taxable), rupeesCell(inv.Tax()), todo)
			t.Rows = append(t.Rows, row)
		}
		switch {
		case r.Status == MissingIn2A:
			line("Not in your GSTR-1", "", "", "", "", "Report this invoice in GSTR-1 (B2B) for our GSTIN, or tell us if it was cancelled.")
		case r.Status == DuplicateInBooks:
			continue // our own books' repeat: nothing for the supplier to do
		case r.Status == MissingInBooks:
			line("Not in our books", "", "", "", "", "Send us a copy of this invoice; if it is not ours, remove it from GSTR-1 (amend to the right GSTIN).")
		case r.RuleID == RuleWrongBranch:
			line("Reported under another GSTIN", "supplier_gstin", r.Books.SupplierGSTIN, r.GSTR2A.SupplierGSTIN, "",
				"Confirm which of your GSTINs issued this invoice; amend GSTR-1 or send a corrected invoice.")
		case r.Status == Exact && r.Action == "":
			continue
		default:
			n := 0
			for _, d := range r.Differences {
				if d.WithinTolerance && r.Status != Suggested {
					continue
				}
				todo := "Amend the invoice in GSTR-1 (table 9A) so it agrees with the invoice you sent us."
				if d.Field == "invoice_number" || d.Field == "invoice_date" && d.WithinTolerance {
					todo = "Confirm this is the same invoice; amend GSTR-1 if the number or date you reported is wrong."
				}
				line(r.Status.Label(), fieldTitle(d.Field), d.Books, d.GSTR2A, d.Diff, todo)
				n++
			}
			if n == 0 && r.Status != Exact {
				line(r.Status.Label(), "", "", "", "", "Confirm this is the same invoice.")
			}
		}
	}
	return t
}
