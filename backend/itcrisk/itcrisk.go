// Package itcrisk builds the calendar of input tax credit at risk for one financial year: each
// document whose credit must be reversed, may be lost or must be decided, with its amount and the
// date the law sets, grouped by month.
//
// It is a package of its own because its rules join four sources no other package holds
// together: the purchase register (payment dates, package recon), GSTR-2A (the supplier's
// GSTR-3B flag cfs3b), GSTR-2B (what can be claimed) and IMS (what was kept pending). The caller
// (the reconcile service) reads them and matches the register with the 2B with recon.Match; this
// package only applies the dates of the law, so its figures can be checked by hand.
//
// The rules, and the readings taken where the law leaves a choice:
//   - Rule 37 (CGST Rules, from 1 October 2022): credit of an invoice not paid within 180 days
//     from its date is reversed in the GSTR-3B "for the tax period immediately following the
//     period of 180 days", with interest, and taken back when paid. "From" the invoice date
//     excludes that day (General Clauses Act s.9): an invoice of 15/04/2025 reaches its 180th day
//     on 12/10/2025. The period immediately following is read as the month holding the 181st
//     day (October 2025 here; its GSTR-3B is due 20/11/2025). A payment date means paid in full;
//     part payments are not modelled. Reverse-charge supplies and credit notes are out of the rule.
//     Without a payment date column the rule is not checked (a note says so): every invoice would
//     otherwise read unpaid.
//   - Rule 37A: credit of documents whose supplier has not filed the GSTR-3B of the period (2A
//     cfs3b "N" as last pulled) is reversed by 30 November following the year if the supplier has
//     still not filed by 30 September; taken back once they file. The year is that of the 2A
//     period the credit was reported in.
//   - Section 16(4): credit of an invoice or debit note of the year can be taken up to
//     30 November following the year (or the annual return, if filed earlier; not modelled). It
//     applies to documents kept pending in IMS (the credit is not in the 2B until accepted).
//   - Books credit not in 2B: a register invoice of the year in no GSTR-2B stored can be claimed
//     only once the supplier reports it, by the same 30 November.
//   - 2B credit not in the books: a 2B document with credit available and no register invoice
//     must be booked and accepted, or rejected in IMS, before the GSTR-3B of its 2B period is
//     filed (the 20th of the next month for a monthly filer); with no action it is deemed accepted.
//
// Credit notes are left out of the calendar (they reduce credit; they put none at risk). A
// document may be under two rules (unpaid and not in 2B): each rule's total counts it, the
// calendar's total once.
package itcrisk

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"gstdesk/backend/civil"
	"gstdesk/backend/docid"
	"gstdesk/backend/figure"
	"gstdesk/backend/ims"
	"gstdesk/backend/money"
	"gstdesk/backend/period"
	"gstdesk/backend/recon"
	"gstdesk/backend/supplier"
)

// Rules of the calendar, in the order totals are listed.
const (
	Rule37     = "rule_37"      // unpaid 180 days after the invoice date
	Rule37A    = "rule_37a"     // supplier's GSTR-3B not filed
	Section164 = "s16_4"        // kept pending in IMS: the year's last day to claim
	NotIn2B    = "not_in_2b"    // in the books, in no GSTR-2B
	NotInBooks = "not_in_books" // in GSTR-2B, not in the books
	IMSDeemed  = "ims_deemed"   // a credit note kept pending in IMS: deemed accepted after one period
)

// RuleInfo names a rule for a person.
type RuleInfo struct {
	Rule  string `json:"rule"`
	Title string `json:"title"`
	// Law is where the rule comes from.
	Law string `json:"law"`
}

// Rules lists the calendar's rules in order. The three that are figures of their own (Rule 37,
// Rule 37A, s.16(4)) take their titles from backend/figure, so the calendar, the dashboard and the
// command line call them the same.
var Rules = []RuleInfo{
	{Rule37, figure.Name(figure.Rule37Risk), "Rule 37, CGST Rules; s.16(2) second proviso"},
	{Rule37A, figure.Name(figure.Rule37ARisk), "Rule 37A, CGST Rules"},
	{Section164, figure.Name(figure.S164Risk), "Section 16(4), CGST Act"},
	{NotIn2B, "In the books, not in GSTR-2B", "Section 16(2)(aa) and 16(4), CGST Act"},
	{NotInBooks, "In GSTR-2B, not in the books", "Rule 60 and IMS (Notification 12/2024-CT)"},
	{IMSDeemed, "Credit note pending in IMS: deemed accepted", "IMS 2.0 (GSTN advisories of 23/09/2025 and 08/10/2025), from the October 2025 period"},
}

// Statuses of an item against today.
const (
	Upcoming = "upcoming" // the date has not come
	Due      = "due"      // the date has passed; the last day to act has not
	Overdue  = "overdue"  // the last day to act has passed
	Reclaim  = "reclaim"  // credit reversed may be taken back
)

// Input is what the calendar of a year is built from.
type Input struct {
	FY period.FY
	// Today is the day the statuses are told against, YYYY-MM-DD.
	Today string
	// Register says a purchase register was read (RegisterName); PaymentDates that it has a
	// payment date column (else Rule 37 is not checked).
	Register     bool
	RegisterName string
	PaymentDates bool
	// Rows are the register's invoices matched with the GSTR-2B documents (recon.Match, the 2B
	// on the GSTR2A side, credit notes negative as the matcher keeps them).
	Rows []recon.Row
	// NoCredit marks 2B documents (by RowRef) whose credit the 2B says is not available (itcavl
	// not Y): not at risk when missing in the books.
	NoCredit map[string]bool
	// GSTR2A are the year's GSTR-2A documents, with the supplier's GSTR-3B flag.
	GSTR2A []recon.Invoice
	// IMS are the IMS documents as last listed (those kept pending count; the scorecard counts
	// those rejected).
	IMS []ims.Record
	// Rejected2B are the documents of the year's 2B rejected in IMS (docRejdata).
	Rejected2B []recon.Invoice
	// Filings are the supplier returns the year's 2B documents came from (supprd, supfildt).
	Filings []Filing
	// Cancelled maps a supplier GSTIN to its cancellation date (YYYY-MM-DD; "" when the date is
	// not known), from the changed list's supplier watch or the 2A.
	Cancelled map[string]string
	// Suspended lists the suppliers whose registration a GSTIN lookup shows suspended (or
	// inactive): no such supplier is grade A.
	Suspended map[string]string
	// Suppliers are the identities the GSTIN lookups hold (names, registration status): each
	// item and score is named by supplier.Name from them and carries the status.
	Suppliers supplier.Directory
	// NoGSTR2B and NoGSTR2A list the year's periods with no 2B or 2A stored.
	NoGSTR2B []string
	NoGSTR2A []string
}

// Item is one document at risk under one rule.
type Item struct {
	Rule   string `json:"rule"`
	Status string `json:"status"`
	// Date is when the risk falls due (YYYY-MM-DD): the 180th day, 30 September, the last day to
	// claim, the GSTR-3B due date. Deadline is the last day to act (the same day when there is
	// no later one).
	Date     string `json:"date"`
	Deadline string `json:"deadline"`
	// Return is the GSTR-3B period (YYYY-MM) the action belongs in, where the rule names one.
	Return       string `json:"return,omitempty"`
	Supplier     string `json:"supplier_gstin"`
	SupplierName string `json:"supplier_name,omitempty"`
	// SupplierStatus is the supplier's registration status from the GSTIN lookups (supplier.Status:
	// active, suspended, cancelled, inactive; "" when no lookup answer is stored).
	SupplierStatus string      `json:"supplier_status,omitempty"`
	Number         string      `json:"document_number"`
	DocDate        string      `json:"document_date"`
	Kind           string      `json:"document_type"`
	Period         string      `json:"period"`
	PaymentDate    string      `json:"payment_date,omitempty"`
	Amount         money.Paise `json:"amount"`
	// Action says what to do, in words; Ref where the document was read.
	Action string `json:"action"`
	Ref    string `json:"ref,omitempty"`
	key    docID
}

// MonthGroup is the items of one month of the calendar (by Date).
type MonthGroup struct {
	Month string `json:"month"` // YYYY-MM
	Label string `json:"label"` // "Oct 2025"
	// AtRisk is the month's credit at risk (items other than reclaims), Reclaim what may be taken back.
	AtRisk  money.Paise `json:"at_risk"`
	Reclaim money.Paise `json:"reclaim"`
	Count   int         `json:"count"`
	Items   []Item      `json:"items"`
	// More counts items left out of Items by Trim.
	More int `json:"more,omitempty"`
}

// RuleTotal is one rule's count and amounts.
type RuleTotal struct {
	RuleInfo
	Count   int         `json:"count"`
	AtRisk  money.Paise `json:"at_risk"`
	Reclaim money.Paise `json:"reclaim"`
	// Checked is false when the data for the rule was not there (no register, no payment dates).
	Checked bool `json:"checked"`
}

// Calendar is the credit at risk of one financial year.
type Calendar struct {
	FY      period.FY    `json:"fy"`
	FYLabel string       `json:"fy_label"`
	Today   string       `json:"today"`
	Months  []MonthGroup `json:"months"`
	Rules   []RuleTotal  `json:"rules"`
	// AtRisk counts each document once, however many rules it is under; Count is the items.
	AtRisk  money.Paise `json:"at_risk"`
	Reclaim money.Paise `json:"reclaim"`
	Count   int         `json:"count"`
	// Statuses are the items of each status over the whole calendar (upcoming, due, overdue,
	// reclaim; those with items), whatever the months list: a screen counts these, never the items
	// it was given.
	Statuses []StatusTotal `json:"statuses"`
	// Listed is how many items the months hold: Count, unless Trim left some out for a screen.
	Listed int `json:"listed"`
	// Notes say what was not checked and why.
	Notes []string `json:"notes"`
}

// StatusTotal is the items of one status over the whole calendar: how many and their amount (a
// document under two rules counts under each, as in the rules' totals).
type StatusTotal struct {
	Status string      `json:"status"`
	Count  int         `json:"count"`
	Amount money.Paise `json:"amount"`
}

// statusOrder is the order Statuses lists them in.
var statusOrder = []string{Upcoming, Due, Overdue, Reclaim}

// days of the law's dates, for one year
type yearDates struct {
	first, last    int // the year's first and last days
	sep30, nov30   int // 30 September and 30 November following the year
	sep30s, nov30s string
}

func datesOf(fy period.FY) yearDates {
	y := int(fy)
	d := yearDates{first: civil.DaysFromCivil(y, 4, 1), last: civil.DaysFromCivil(y+1, 3, 31),
		sep30: civil.DaysFromCivil(y+1, 9, 30), nov30: civil.DaysFromCivil(y+1, 11, 30)}
	d.sep30s, d.nov30s = dayString(d.sep30), dayString(d.nov30)
	return d
}

// dayString writes a day number as YYYY-MM-DD.
func dayString(day int) string {
	y, m, d := civil.CivilFromDays(day)
	b := make([]byte, 10)
	b[0], b[1], b[2], b[3] = byte('0'+y/1000%10), byte('0'+y/100%10), byte('0'+y/10%10), byte('0'+y%10)
	b[4], b[7] = '-', '-'
	b[5], b[6] = byte('0'+m/10), byte('0'+m%10)
	b[8], b[9] = byte('0'+d/10), byte('0'+d%10)
	return string(b)
}

// show writes YYYY-MM-DD as DD/MM/YYYY.
func show(s string) string { return recon.ShowDate(s) }

// gstr3bDue is the due date of the GSTR-3B of the month holding day (a monthly filer's 20th of
// the next month) and that month as YYYY-MM.
func (b *builder) gstr3bDue(day int) (due int, month string) {
	y, m, _ := civil.CivilFromDays(day)
	month = b.day(civil.DaysFromCivil(y, m, 1))[:7]
	if m == 12 {
		y, m = y+1, 1
	} else {
		m++
	}
	return civil.DaysFromCivil(y, m, 20), month
}

// status tells an item's status against today.
func status(today, date, deadline int) string {
	switch {
	case today <= date:
		return Upcoming
	case today <= deadline:
		return Due
	}
	return Overdue
}

// docID is how one document is known across rules and sources.
type docID struct{ supplier, kind, number string }

func docKey(supplier, kind, number string) docID {
	return docID{supplier, kind, docid.Number(number)}
}

// imsKind is the document type of an IMS section.
func imsKind(section string) recon.DocType {
	switch {
	case strings.HasPrefix(section, "b2bcn"):
		return recon.DocCreditNote
	case strings.HasPrefix(section, "b2bdn"):
		return recon.DocDebitNote
	}
	return recon.DocInvoice
}

// builder gathers items and the texts they share.
type builder struct {
	in    *Input
	d     yearDates
	today int
	items []Item
	texts map[string]string
	days  map[int]string
	// unclaimed37A counts the Rule 37A documents left out because the register does not hold
	// them (no credit taken, nothing to reverse), and their tax, for a note.
	unclaimed37A    int
	unclaimed37ATax money.Paise
	// doubtfulPaid lists register rows whose payment date is after today or not a date: read as
	// unpaid (a date to come is not a payment), named in a note.
	doubtfulPaid []string
}

// day writes a day number as YYYY-MM-DD, once per day.
func (b *builder) day(d int) string {
	if s, ok := b.days[d]; ok {
		return s
	}
	s := dayString(d)
	b.days[d] = s
	return s
}

// text returns the words of key, made once by mk: items of one rule, status and date share them.
func (b *builder) text(key string, mk func() string) string {
	if s, ok := b.texts[key]; ok {
		return s
	}
	s := mk()
	b.texts[key] = s
	return s
}

func (b *builder) inYear(day int) bool { return day >= b.d.first && day <= b.d.last }

// Build makes the calendar of in.FY.
func Build(in Input) Calendar {
	b := &builder{in: &in, d: datesOf(in.FY), texts: map[string]string{}, days: map[int]string{},
		items: make([]Item, 0, len(in.Rows)/2+len(in.GSTR2A)/8+len(in.IMS)/4)}
	if t, ok := recon.DayNumber(in.Today); ok {
		b.today = t
	} else {
		b.today = b.d.first
	}
	cal := Calendar{FY: in.FY, FYLabel: in.FY.String(), Today: in.Today, Months: []MonthGroup{}, Notes: []string{}}
	pending := b.pending()
	if in.Register {
		b.books(pending)
	}
	b.supplier3B()
	// One name per supplier (supplier.Name: the lookups' first) and its registration status.
	for i := range b.items {
		it := &b.items[i]
		it.SupplierName = in.Suppliers.Name(it.Supplier, it.SupplierName, "")
		it.SupplierStatus = in.Suppliers.Status(it.Supplier)
	}
	// Totals per rule, then the items by month.
	byRule := map[string]*RuleTotal{}
	cal.Rules = make([]RuleTotal, 0, len(Rules))
	for _, r := range Rules {
		checked := true
		switch r.Rule {
		case Rule37:
			checked = in.Register && in.PaymentDates
		case NotIn2B, NotInBooks:
			checked = in.Register
		}
		cal.Rules = append(cal.Rules, RuleTotal{RuleInfo: r, Checked: checked})
		byRule[r.Rule] = &cal.Rules[len(cal.Rules)-1]
	}
	b.items = b.sorted()
	most := make(map[docID]money.Paise, len(b.items)) // document → its largest amount at risk under any rule
	for i := range b.items {
		it := &b.items[i]
		rt := byRule[it.Rule]
		rt.Count++
		if n := len(cal.Months); n == 0 || cal.Months[n-1].Month != it.Date[:7] {
			cal.Months = append(cal.Months, MonthGroup{Month: it.Date[:7], Label: period.LabelOf(it.Date[:7])})
		}
		g := &cal.Months[len(cal.Months)-1]
		g.Count++
		if it.Status == Reclaim {
			rt.Reclaim += it.Amount
			g.Reclaim += it.Amount
			cal.Reclaim += it.Amount
		} else {
			rt.AtRisk += it.Amount
			g.AtRisk += it.Amount
			if it.Amount > most[it.key] {
				most[it.key] = it.Amount
			}
		}
	}
	for _, a := range most {
		cal.AtRisk += a
	}
	cal.Count = len(b.items)
	cal.Listed = cal.Count
	cal.Statuses = statusTotals(b.items)
	// Months own their items (one slice each, cut from the sorted list).
	start := 0
	for i := range cal.Months {
		g := &cal.Months[i]
		g.Items = b.items[start : start+g.Count : start+g.Count]
		start += g.Count
	}
	cal.Notes = b.notes()
	return cal
}

// sorted returns the items by date, rule, supplier and number. The items are large: an index is
// sorted by a small key, and the items moved once into their order, in place.
func (b *builder) sorted() []Item {
	type ord struct {
		date int32
		rule int8
		i    int32
	}
	idx := make([]ord, len(b.items))
	for i := range b.items {
		d, _ := recon.DayNumber(b.items[i].Date)
		idx[i] = ord{int32(d), int8(ruleOrder(b.items[i].Rule)), int32(i)}
	}
	slices.SortFunc(idx, func(x, y ord) int {
		if x.date != y.date {
			return int(x.date - y.date)
		}
		if x.rule != y.rule {
			return int(x.rule - y.rule)
		}
		a, c := &b.items[x.i], &b.items[y.i]
		if n := strings.Compare(a.Supplier, c.Supplier); n != 0 {
			return n
		}
		return strings.Compare(a.Number, c.Number)
	})
	// Put the items in that order in place, cycle by cycle: position i takes item idx[i].i.
	items := b.items
	done := make([]bool, len(items))
	for i := range items {
		if done[i] || int(idx[i].i) == i {
			done[i] = true
			continue
		}
		tmp, j := items[i], i
		for {
			done[j] = true
			k := int(idx[j].i)
			if k == i {
				items[j] = tmp
				break
			}
			items[j] = items[k]
			j = k
		}
	}
	return items
}

func ruleOrder(r string) int {
	for i, x := range Rules {
		if x.Rule == r {
			return i
		}
	}
	return len(Rules)
}

// pending lists the year's documents kept pending in IMS as s.16(4) items and returns their keys.
func (b *builder) pending() map[docID]bool {
	keys := map[docID]bool{}
	for i := range b.in.IMS {
		r := &b.in.IMS[i]
		if r.Action != ims.Pending {
			continue
		}
		kind := imsKind(r.Section)
		day, ok := recon.DayNumber(r.DateISO)
		if kind.Reduces() && ok && r.Tax() > 0 {
			b.deemed(r, kind)
			continue
		}
		if kind.Reduces() || !ok || !b.inYear(day) || r.Tax() <= 0 {
			continue
		}
		k := docKey(r.STIN, string(kind), r.Number)
		keys[k] = true
		st := status(b.today, b.d.nov30, b.d.nov30)
		b.items = append(b.items, Item{Rule: Section164, Status: st, Date: b.d.nov30s, Deadline: b.d.nov30s, Supplier: r.STIN,
			Number: r.Number, DocDate: r.DateISO, Kind: string(kind), Period: rtnPeriod(r.RtnPrd), Amount: r.Tax(), key: k,
			Ref: "IMS " + r.Section,
			Action: b.text("164|"+st, func() string {
				if st == Overdue {
					return "Kept pending in IMS past " + show(b.d.nov30s) + ": the credit of " + b.in.FY.String() + " can no longer be taken (s.16(4))."
				}
				return "Kept pending in IMS: accept it and claim the credit by " + show(b.d.nov30s) + ", or the credit of " + b.in.FY.String() + " is lost (s.16(4))."
			})})
	}
	return keys
}

// deemed adds the item of a credit note kept pending in IMS (IMS 2.0, from the October 2025
// period): it may stay pending one tax period only, and is then deemed accepted on the GSTR-3B due
// date of the following period, its tax reducing the credit. Earlier periods have no such limit.
func (b *builder) deemed(r *ims.Record, kind recon.DocType) {
	on, ok := ims.DeemedAcceptance(*r)
	if !ok {
		return
	}
	d := on.Format("2006-01-02")
	day, ok := recon.DayNumber(d)
	if !ok || !b.inYear(day) {
		return
	}
	st := status(b.today, day, day)
	b.items = append(b.items, Item{Rule: IMSDeemed, Status: st, Date: d, Deadline: d, Supplier: r.STIN, Number: r.Number, DocDate: r.DateISO,
		Kind: string(kind), Period: rtnPeriod(r.RtnPrd), Amount: r.Tax(), key: docKey(r.STIN, string(kind), r.Number), Ref: "IMS " + r.Section,
		Action: b.text("deemed|"+st+"|"+d, func() string {
			if st == Overdue {
				return "Kept pending in IMS past " + show(d) + ": deemed accepted; the credit is reduced by the note's tax."
			}
			return "Kept pending in IMS: deemed accepted on " + show(d) + " (a credit note may stay pending one period only), reducing the credit by its tax; accept it declaring the reduction, or reject it, before then."
		})})
}

// rtnPeriod writes an MMYYYY period as YYYY-MM ("" when it is not one).
func rtnPeriod(s string) string {
	m, err := period.ParseMonth(s)
	if err != nil {
		return ""
	}
	return m.String()
}

// books adds the items of the register: Rule 37, books not in 2B, 2B not in books.
func (b *builder) books(pending map[docID]bool) {
	noTwoB := map[string]bool{}
	for _, p := range b.in.NoGSTR2B {
		noTwoB[p] = true
	}
	for i := range b.in.Rows {
		row := &b.in.Rows[i]
		if row.Status == recon.DuplicateInBooks {
			continue
		}
		if bk := row.Books; bk != nil && !bk.DocType.Reduces() && bk.Tax() > 0 && bk.ITCEligible != "N" {
			day, ok := recon.DayNumber(bk.Date)
			if !ok || !b.inYear(day) {
				continue
			}
			k := docKey(bk.SupplierGSTIN, string(bk.DocType), bk.Number)
			if b.in.PaymentDates && !bk.ReverseCharge {
				b.rule37(bk, day, k)
			}
			if row.GSTR2A == nil && !pending[k] && !noTwoB[bk.Period] {
				st := status(b.today, b.d.nov30, b.d.nov30)
				b.items = append(b.items, Item{Rule: NotIn2B, Status: st, Date: b.d.nov30s, Deadline: b.d.nov30s, Supplier: bk.SupplierGSTIN,
					SupplierName: bk.SupplierName, Number: bk.Number, DocDate: bk.Date, Kind: string(bk.DocType), Period: bk.Period,
					PaymentDate: bk.PaymentDate, Amount: bk.Tax(), Ref: bk.RowRef, key: k,
					Action: b.text("n2b|"+st, func() string {
						if st == Overdue {
							return "In the books but in no GSTR-2B: past " + show(b.d.nov30s) + " its credit of " + b.in.FY.String() + " can no longer be taken (s.16(4))."
						}
						return "In the books but in no GSTR-2B: ask the supplier to report it (GSTR-1/IFF); its credit can be claimed only once it is in 2B, and by " + show(b.d.nov30s) + " at the latest (s.16(4))."
					})})
			}
			continue
		}
		if tb := row.GSTR2A; tb != nil && row.Books == nil && !tb.DocType.Reduces() && tb.Tax() > 0 && tb.ITCEligible != "N" && !b.in.NoCredit[tb.RowRef] {
			day, ok := recon.DayNumber(tb.Date)
			if !ok || !b.inYear(day) {
				continue
			}
			pd, ok := periodDay(tb.Period)
			if !ok {
				continue
			}
			due, month := b.gstr3bDue(pd)
			dues := b.day(due)
			st := status(b.today, due, due)
			b.items = append(b.items, Item{Rule: NotInBooks, Status: st, Date: dues, Deadline: dues, Return: month, Supplier: tb.SupplierGSTIN,
				SupplierName: tb.SupplierName, Number: tb.Number, DocDate: tb.Date, Kind: string(tb.DocType), Period: tb.Period,
				Amount: tb.Tax(), Ref: b.text("ref2b|"+tb.Period, func() string { return "GSTR-2B " + period.LabelOf(tb.Period) }), key: docKey(tb.SupplierGSTIN, string(tb.DocType), tb.Number),
				Action: b.text("nib|"+st+"|"+month, func() string {
					if st == Overdue {
						return "In the GSTR-2B of " + period.LabelOf(month) + " but not in the books: the GSTR-3B was due " + show(dues) + "; with no IMS action it was deemed accepted. Book it, or reverse the credit."
					}
					return "In the GSTR-2B of " + period.LabelOf(month) + " but not in the books: book it and accept it, or reject it in IMS, before filing the GSTR-3B (due " + show(dues) + "); with no action it is deemed accepted."
				})})
		}
	}
}

// periodDay is the first day of a YYYY-MM period.
func periodDay(p string) (int, bool) {
	if len(p) != 7 {
		return 0, false
	}
	return recon.DayNumber(p + "-01")
}

// rule37 adds the Rule 37 item of a register invoice dated day, if any.
func (b *builder) rule37(bk *recon.Invoice, day int, key docID) {
	due := day + 180 // the 180th day after the invoice date (the date itself excluded)
	after := due + 1 // the period holding the 181st day is "immediately following"
	ret3b, month := b.gstr3bDue(after)
	dues, rets := b.day(due), b.day(ret3b)
	it := Item{Rule: Rule37, Date: dues, Deadline: rets, Return: month, Supplier: bk.SupplierGSTIN, SupplierName: bk.SupplierName,
		Number: bk.Number, DocDate: bk.Date, Kind: string(bk.DocType), Period: bk.Period, PaymentDate: bk.PaymentDate,
		Amount: bk.Tax(), Ref: bk.RowRef, key: key}
	doubt := ""
	if bk.PaymentDate != "" {
		paid, ok := recon.DayNumber(bk.PaymentDate)
		switch {
		case !ok:
			doubt = "its payment date " + bk.PaymentDate + " is not a date"
		case paid > b.today:
			doubt = "its payment date " + show(bk.PaymentDate) + " is after today"
		case paid < day-366:
			// An advance is paid before its invoice, but not years before: a typed year.
			doubt = "its payment date " + show(bk.PaymentDate) + " is more than a year before the invoice date " + show(bk.Date)
		case paid <= due:
			return // paid within the 180 days
		}
	}
	if doubt != "" {
		// A payment that has not happened yet (or cannot be read) is no payment: the invoice is
		// read as unpaid, and the row is named, never counted as paid in silence.
		if len(b.doubtfulPaid) < 20 {
			b.doubtfulPaid = append(b.doubtfulPaid, bk.RowRef+" ("+doubt+")")
		} else if len(b.doubtfulPaid) == 20 {
			b.doubtfulPaid = append(b.doubtfulPaid, "...")
		}
	} else if bk.PaymentDate != "" {
		paid, _ := recon.DayNumber(bk.PaymentDate)
		// Paid late: the credit reversed at the 180th day may be taken back from the payment.
		_, back := b.gstr3bDue(paid)
		it.Status, it.Date, it.Deadline, it.Return = Reclaim, bk.PaymentDate, bk.PaymentDate, back
		it.Action = b.text("37r|"+dues+"|"+back, func() string {
			return "Paid after the 180 days ended on " + show(dues) + ": the credit reversed for it can be taken back in the GSTR-3B for " + period.LabelOf(back) + "."
		})
		b.items = append(b.items, it)
		return
	}
	it.Status = status(b.today, due, ret3b)
	if doubt != "" {
		it.PaymentDate = ""
		it.Action = "Read as unpaid: " + doubt + ". "
	}
	it.Action += b.text("37|"+it.Status+"|"+dues, func() string {
		if it.Status == Upcoming {
			return "Unpaid: pay the supplier by " + show(dues) + " (180 days from the invoice), or reverse the credit in the GSTR-3B for " + period.LabelOf(month) + " (due " + show(rets) + ") with interest."
		}
		return "Unpaid 180 days on " + show(dues) + ": reverse the credit in the GSTR-3B for " + period.LabelOf(month) + " (due " + show(rets) + ") with interest; take it back once paid."
	})
	b.items = append(b.items, it)
}

// supplier3B adds the Rule 37A items: documents of the year's periods whose supplier had not
// filed GSTR-3B. Rule 37A reverses credit taken, so with a register only the documents it holds
// (by the books' number or the number of the 2B document it was matched with) count; the others
// are told in a note. Without a register every such document counts, and a note says so.
func (b *builder) supplier3B() {
	var claimed map[docID]bool
	if b.in.Register {
		claimed = map[docID]bool{}
		for i := range b.in.Rows {
			row := &b.in.Rows[i]
			if row.Books == nil {
				continue
			}
			claimed[docKey(row.Books.SupplierGSTIN, string(row.Books.DocType), row.Books.Number)] = true
			if o := row.GSTR2A; o != nil {
				claimed[docKey(o.SupplierGSTIN, string(o.DocType), o.Number)] = true
			}
		}
	}
	for i := range b.in.GSTR2A {
		a := &b.in.GSTR2A[i]
		if a.FiledGSTR3B != "N" || a.DocType.Reduces() || a.Tax() <= 0 {
			continue
		}
		pd, ok := periodDay(a.Period)
		if !ok || !b.inYear(pd) {
			continue
		}
		if claimed != nil && !claimed[docKey(a.SupplierGSTIN, string(a.DocType), a.Number)] {
			b.unclaimed37A++
			b.unclaimed37ATax += a.Tax()
			continue
		}
		st := status(b.today, b.d.sep30, b.d.nov30)
		b.items = append(b.items, Item{Rule: Rule37A, Status: st, Date: b.d.sep30s, Deadline: b.d.nov30s, Supplier: a.SupplierGSTIN,
			SupplierName: a.SupplierName, Number: a.Number, DocDate: a.Date, Kind: string(a.DocType), Period: a.Period,
			Amount: a.Tax(), Ref: b.text("ref2a|"+a.Period, func() string { return "GSTR-2A " + period.LabelOf(a.Period) }), key: docKey(a.SupplierGSTIN, string(a.DocType), a.Number),
			Action: b.text("37a|"+st, func() string {
				switch st {
				case Upcoming:
					return "The supplier had not filed GSTR-3B for the period (2A): if still not filed by " + show(b.d.sep30s) + ", reverse the credit by " + show(b.d.nov30s) + "; take it back once they file."
				case Due:
					return "The supplier had not filed GSTR-3B by " + show(b.d.sep30s) + " (as the 2A last pulled shows): reverse the credit by " + show(b.d.nov30s) + "; take it back once they file."
				}
				return "The supplier had not filed GSTR-3B (2A): the credit was to be reversed by " + show(b.d.nov30s) + "; reverse it now with interest, and take it back once they file."
			})})
	}
}

// notes say what the calendar could not check.
func (b *builder) notes() []string {
	in := b.in
	var out []string
	switch {
	case !in.Register:
		out = append(out, "No purchase register given: Rule 37 (unpaid 180 days) and the comparison of the books with GSTR-2B are not checked.")
	case !in.PaymentDates:
		out = append(out, in.RegisterName+" has no payment date column: Rule 37 (unpaid 180 days) is not checked. Add a payment_date column (empty when unpaid) and map it.")
	}
	if len(b.doubtfulPaid) > 0 {
		out = append(out, "Payment dates after today, more than a year before their invoice, or not dates are read as unpaid for Rule 37 (a date to come, or a year typed wrong, is not a payment): "+strings.Join(b.doubtfulPaid, "; ")+". Correct them in the register if the supplier was paid.")
	}
	if len(in.NoGSTR2B) > 0 {
		out = append(out, "No GSTR-2B stored for "+labels(in.NoGSTR2B)+": register invoices of those months are not judged against 2B; pull or import it.")
	}
	if len(in.NoGSTR2A) > 0 {
		out = append(out, "No GSTR-2A stored for "+labels(in.NoGSTR2A)+": Rule 37A (supplier's GSTR-3B) is not checked for those months.")
	}
	switch {
	case !in.Register:
		out = append(out, "Rule 37A counts every GSTR-2A document of a supplier who had not filed GSTR-3B, whether or not its credit was taken: give the purchase register to count only what the books claim.")
	case b.unclaimed37A > 0:
		docs := money.Count(b.unclaimed37A) + " GSTR-2A documents"
		if b.unclaimed37A == 1 {
			docs = "1 GSTR-2A document"
		}
		out = append(out, fmt.Sprintf("%s of suppliers who had not filed GSTR-3B (tax ₹%s) are not in %s: no credit taken on them, so Rule 37A reverses nothing for them.",
			docs, b.unclaimed37ATax.Indian(), in.RegisterName))
	}
	out = append(out, "Rule 37A goes by whether the supplier had filed GSTR-3B, as GSTR-2A said at its last pull; pull again to see returns filed since.")
	return out
}

func labels(ps []string) string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = period.LabelOf(p)
	}
	return strings.Join(out, ", ")
}

// statusTotals counts the items of each status.
func statusTotals(items []Item) []StatusTotal {
	by := map[string]*StatusTotal{}
	out := make([]StatusTotal, 0, len(statusOrder))
	for _, st := range statusOrder {
		out = append(out, StatusTotal{Status: st})
	}
	for i := range out {
		by[out[i].Status] = &out[i]
	}
	for i := range items {
		t := by[items[i].Status]
		if t == nil {
			continue
		}
		t.Count++
		t.Amount += items[i].Amount
	}
	keep := out[:0]
	for _, t := range out {
		if t.Count > 0 {
			keep = append(keep, t)
		}
	}
	return keep
}

// Trim keeps at most n items in each month (the counts and amounts stay whole: the rules', the
// months', the statuses'; More says how many a month left out, Listed how many are kept), for a
// screen; the export takes the whole calendar.
func (c Calendar) Trim(n int) Calendar {
	out := c
	out.Months = make([]MonthGroup, len(c.Months))
	out.Listed = 0
	for i, g := range c.Months {
		if len(g.Items) > n {
			g.More = len(g.Items) - n
			g.Items = g.Items[:n]
		}
		out.Listed += len(g.Items)
		out.Months[i] = g
	}
	return out
}

// Today returns t's day in India as YYYY-MM-DD: the law's dates are Indian days.
func Today(t time.Time) string {
	return t.In(ist).Format("2006-01-02")
}

var ist = time.FixedZone("IST", 5*3600+1800)
