package itcrisk

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"gstdesk/backend/ims"
	"gstdesk/backend/money"
	"gstdesk/backend/period"
	"gstdesk/backend/recon"
)

const sup = "27AAPFU0939F1ZV"

// book is a register invoice of ₹1,000 taxable and ₹180 IGST.
func book(number, date, paid string) *recon.Invoice {
	return &recon.Invoice{Source: recon.Books, RowRef: "p.csv row 2", SupplierGSTIN: sup, Number: number, Date: date, Period: date[:7],
		DocType: recon.DocInvoice, Taxable: 100000, IGST: 18000, PaymentDate: paid}
}

func twoB(number, date, per string) *recon.Invoice {
	return &recon.Invoice{Source: recon.GSTR2A, RowRef: "2b:" + per + ":" + number, SupplierGSTIN: sup, Number: number, Date: date, Period: per,
		DocType: recon.DocInvoice, Taxable: 100000, CGST: 9000, SGST: 9000}
}

func items(c Calendar) []Item {
	var out []Item
	for _, g := range c.Months {
		for _, it := range g.Items {
			it.Action, it.Ref, it.key, it.SupplierName = "", "", docID{}, ""
			out = append(out, it)
		}
	}
	return out
}

// TestRule37 checks the 180 days by hand. "From the date of issue" leaves the invoice date out
// (General Clauses Act s.9), so day 1 is the day after it:
//   - 15/04/2025: 16-30 April 15 days, May 31 (46), June 30 (76), July 31 (107), August 31 (138),
//     September 30 (168), 1-12 October 12 (180): 12/10/2025. Day 181 (13/10) is in October, so
//     the reversal goes in the GSTR-3B for October 2025, due 20/11/2025.
//   - 01/09/2027: 2-30 September 29, October 31 (60), November 30 (90), December 31 (121),
//     January 31 (152), 1-28 February 2028 (180): 28/02/2028 (a leap year: day 181 is 29/02,
//     still February; GSTR-3B due 20/03/2028).
//   - 02/10/2025: 3-31 October 29, November 30 (59), December 31 (90), January 31 (121),
//     February 28 (149), March 31 (180): 31/03/2026, the last day of the year; day 181 is
//     01/04/2026, so the reversal goes in April 2026's GSTR-3B, due 20/05/2026.
func TestRule37(t *testing.T) {
	for _, tc := range []struct {
		name, date, paid, today string
		rc                      bool
		want                    []Item
	}{
		{"unpaid, 180 days not over", "2025-04-15", "", "2025-06-01", false, []Item{{Rule: Rule37, Status: Upcoming, Date: "2025-10-12", Deadline: "2025-11-20", Return: "2025-10"}}},
		{"unpaid, on the 180th day still upcoming", "2025-04-15", "", "2025-10-12", false, []Item{{Rule: Rule37, Status: Upcoming, Date: "2025-10-12", Deadline: "2025-11-20", Return: "2025-10"}}},
		{"unpaid, day 181: reversal due", "2025-04-15", "", "2025-10-13", false, []Item{{Rule: Rule37, Status: Due, Date: "2025-10-12", Deadline: "2025-11-20", Return: "2025-10"}}},
		{"unpaid, past the GSTR-3B due date", "2025-04-15", "", "2025-11-21", false, []Item{{Rule: Rule37, Status: Overdue, Date: "2025-10-12", Deadline: "2025-11-20", Return: "2025-10"}}},
		{"paid on the 180th day: nothing", "2025-04-15", "2025-10-12", "2026-01-01", false, nil},
		{"paid on day 181: reclaim from the payment", "2025-04-15", "2025-10-13", "2026-01-01", false, []Item{{Rule: Rule37, Status: Reclaim, Date: "2025-10-13", Deadline: "2025-10-13", Return: "2025-10", PaymentDate: "2025-10-13"}}},
		{"leap year", "2027-09-01", "", "2027-09-02", false, []Item{{Rule: Rule37, Status: Upcoming, Date: "2028-02-28", Deadline: "2028-03-20", Return: "2028-02"}}},
		{"day 180 the year's last day", "2025-10-02", "", "2025-10-03", false, []Item{{Rule: Rule37, Status: Upcoming, Date: "2026-03-31", Deadline: "2026-05-20", Return: "2026-04"}}},
		// A payment date after today is no payment yet (it read as paid and showed ₹0 at risk and a
		// reclaim); one that is not a date is not a payment either.
		{"payment date in the future: unpaid", "2025-04-15", "2026-06-01", "2025-10-13", false, []Item{{Rule: Rule37, Status: Due, Date: "2025-10-12", Deadline: "2025-11-20", Return: "2025-10"}}},
		{"payment date not a date: unpaid", "2025-04-15", "2025-13-45", "2025-10-13", false, []Item{{Rule: Rule37, Status: Due, Date: "2025-10-12", Deadline: "2025-11-20", Return: "2025-10"}}},
		// An advance comes before its invoice, but a payment years before is a year typed wrong.
		{"payment date years before the invoice: unpaid", "2025-04-15", "2015-01-01", "2025-10-13", false, []Item{{Rule: Rule37, Status: Due, Date: "2025-10-12", Deadline: "2025-11-20", Return: "2025-10"}}},
		{"an advance a month before the invoice: paid", "2025-04-15", "2025-03-15", "2025-10-13", false, nil},
		{"reverse charge: out of the rule", "2025-04-15", "", "2025-11-21", true, nil},
		{"dated before the year", "2025-03-31", "", "2025-11-21", false, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bk := book("INV-1", tc.date, tc.paid)
			bk.ReverseCharge = tc.rc
			tb := twoB("INV-1", tc.date, tc.date[:7])
			fy := period.FYOf(2025, 4)
			if tc.date >= "2027-04-01" {
				fy = 2027
			}
			c := Build(Input{FY: fy, Today: tc.today, Register: true, PaymentDates: true,
				Rows: []recon.Row{{Status: recon.Exact, Books: bk, GSTR2A: tb}}})
			want := tc.want
			for i := range want {
				want[i].Supplier, want[i].Number, want[i].DocDate, want[i].Kind, want[i].Period, want[i].Amount =
					sup, "INV-1", tc.date, "invoice", tc.date[:7], 18000
			}
			if got := items(c); !reflect.DeepEqual(got, want) {
				t.Errorf("got  %+v\nwant %+v", got, want)
			}
			if strings.HasPrefix(tc.name, "payment date") && !strings.Contains(strings.Join(c.Notes, " "), "read as unpaid") {
				t.Errorf("no note names the payment date: %q", c.Notes)
			}
		})
	}
}

// TestRule37A: a supplier who had not filed GSTR-3B (cfs3b N) puts the credit of the period at
// risk on 30 September after the year; it is to be reversed by 30 November.
func TestRule37A(t *testing.T) {
	doc := func(per, cfs3b string) recon.Invoice {
		in := *twoB("A-1", per+"-10", per)
		in.FiledGSTR3B = cfs3b
		return in
	}
	for _, tc := range []struct {
		name  string
		doc   recon.Invoice
		today string
		want  []Item
	}{
		{"before 30 September", doc("2025-06", "N"), "2026-05-01", []Item{{Rule: Rule37A, Status: Upcoming, Date: "2026-09-30", Deadline: "2026-11-30"}}},
		{"between", doc("2025-06", "N"), "2026-10-01", []Item{{Rule: Rule37A, Status: Due, Date: "2026-09-30", Deadline: "2026-11-30"}}},
		{"after 30 November", doc("2026-03", "N"), "2026-12-01", []Item{{Rule: Rule37A, Status: Overdue, Date: "2026-09-30", Deadline: "2026-11-30"}}},
		{"filed", doc("2025-06", "Y"), "2026-10-01", nil},
		{"unknown flag", doc("2025-06", ""), "2026-10-01", nil},
		{"next year's period", doc("2026-04", "N"), "2026-10-01", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := Build(Input{FY: 2025, Today: tc.today, GSTR2A: []recon.Invoice{tc.doc}})
			for i := range tc.want {
				tc.want[i].Supplier, tc.want[i].Number, tc.want[i].DocDate, tc.want[i].Kind, tc.want[i].Period, tc.want[i].Amount =
					sup, "A-1", tc.doc.Date, "invoice", tc.doc.Period, 18000
			}
			if got := items(c); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got  %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

// TestBooksAnd2B: pending in IMS (s.16(4)), in the books only, in 2B only; the total counts a
// document under two rules once; what cannot be checked is said.
func TestBooksAnd2B(t *testing.T) {
	pendingRec := ims.Record{Section: "b2b", STIN: sup, Number: "P/7", DateISO: "2025-08-10", RtnPrd: "082025", Action: ims.Pending, IGST: 5000}
	noCredit := twoB("NC-1", "2025-10-05", "2025-10")
	in := Input{FY: 2025, Today: "2025-12-01", Register: true, PaymentDates: true,
		Rows: []recon.Row{
			{Status: recon.MissingIn2A, Books: book("P/7", "2025-08-10", "2025-08-20")},  // pending in IMS: s.16(4) only
			{Status: recon.MissingIn2A, Books: book("U-1", "2025-04-15", "")},            // unpaid and not in 2B: two rules, counted once
			{Status: recon.MissingInBooks, GSTR2A: twoB("X-1", "2025-10-05", "2025-10")}, // 2B only: GSTR-3B of October due 20/11/2025
			{Status: recon.MissingInBooks, GSTR2A: noCredit},                             // itcavl N: no credit to lose
			{Status: recon.MissingInBooks, GSTR2A: twoB("Y-1", "2026-04-02", "2026-04")}, // next year's document
			{Status: recon.DuplicateInBooks, Books: book("D-1", "2025-05-01", "")},       // a duplicate row: never counted
			{Status: recon.MissingIn2A, Books: &recon.Invoice{SupplierGSTIN: sup, Number: "CN-1", Date: "2025-05-01", Period: "2025-05", DocType: recon.DocCreditNote, IGST: -900}},
		},
		NoCredit: map[string]bool{noCredit.RowRef: true},
		IMS:      []ims.Record{pendingRec, {Section: "b2b", STIN: sup, Number: "A/1", DateISO: "2025-08-10", Action: ims.Accepted, IGST: 100}},
	}
	c := Build(in)
	got := items(c)
	want := []Item{
		{Rule: Rule37, Status: Overdue, Date: "2025-10-12", Deadline: "2025-11-20", Return: "2025-10", Supplier: sup, Number: "U-1", DocDate: "2025-04-15", Kind: "invoice", Period: "2025-04", Amount: 18000},
		{Rule: NotInBooks, Status: Overdue, Date: "2025-11-20", Deadline: "2025-11-20", Return: "2025-10", Supplier: sup, Number: "X-1", DocDate: "2025-10-05", Kind: "invoice", Period: "2025-10", Amount: 18000},
		{Rule: Section164, Status: Upcoming, Date: "2026-11-30", Deadline: "2026-11-30", Supplier: sup, Number: "P/7", DocDate: "2025-08-10", Kind: "invoice", Period: "2025-08", Amount: 5000},
		{Rule: NotIn2B, Status: Upcoming, Date: "2026-11-30", Deadline: "2026-11-30", Supplier: sup, Number: "U-1", DocDate: "2025-04-15", Kind: "invoice", Period: "2025-04", Amount: 18000},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got\n%+v\nwant\n%+v", got, want)
	}
	// U-1 is under Rule 37 and not in 2B: ₹180 once; X-1 ₹180; P/7 ₹50.
	if c.AtRisk != 18000+18000+5000 || c.Count != 4 {
		t.Errorf("at risk %d, count %d", c.AtRisk, c.Count)
	}
	var months []string
	var sums []money.Paise
	for _, g := range c.Months {
		months, sums = append(months, g.Month), append(sums, g.AtRisk)
	}
	if !reflect.DeepEqual(months, []string{"2025-10", "2025-11", "2026-11"}) || !reflect.DeepEqual(sums, []money.Paise{18000, 18000, 23000}) {
		t.Errorf("months %v, sums %v", months, sums)
	}
	for _, r := range c.Rules {
		if !r.Checked {
			t.Errorf("%s not checked", r.Rule)
		}
		if r.Rule == NotIn2B && (r.Count != 1 || r.AtRisk != 18000) {
			t.Errorf("not in 2B: %+v", r)
		}
	}

	// Without payment dates Rule 37 is not checked, and a note says so; without a register,
	// nothing of the books.
	in.PaymentDates, in.RegisterName = false, "p.csv"
	c = Build(in)
	if c.Rules[0].Checked || c.Rules[0].Count != 0 || c.Notes[0] != "p.csv has no payment date column: Rule 37 (unpaid 180 days) is not checked. Add a payment_date column (empty when unpaid) and map it." {
		t.Errorf("rule 37 %+v, notes %q", c.Rules[0], c.Notes)
	}
	in.Register, in.NoGSTR2B = false, []string{"2025-05"}
	c = Build(in)
	if c.Count != 1 || c.Rules[3].Checked || c.Notes[0] != "No purchase register given: Rule 37 (unpaid 180 days) and the comparison of the books with GSTR-2B are not checked." ||
		c.Notes[1] != "No GSTR-2B stored for May 2025: register invoices of those months are not judged against 2B; pull or import it." {
		t.Errorf("count %d, rules %+v, notes %q", c.Count, c.Rules, c.Notes)
	}
}

// TestNoGSTR2BMonth: a register invoice of a month with no 2B stored is not called "not in 2B".
func TestNoGSTR2BMonth(t *testing.T) {
	c := Build(Input{FY: 2025, Today: "2025-06-01", Register: true, NoGSTR2B: []string{"2025-05"},
		Rows: []recon.Row{{Status: recon.MissingIn2A, Books: book("M-1", "2025-05-03", "")}}})
	if c.Count != 0 {
		t.Errorf("items %+v", items(c))
	}
}

func TestTrim(t *testing.T) {
	var rows []recon.Row
	for _, n := range []string{"1", "2", "3"} {
		rows = append(rows, recon.Row{Status: recon.MissingIn2A, Books: book(n, "2025-05-03", "")})
	}
	c := Build(Input{FY: 2025, Today: "2025-06-01", Register: true, Rows: rows}).Trim(2)
	if g := c.Months[0]; len(g.Items) != 2 || g.More != 1 || g.Count != 3 || g.AtRisk != 3*18000 {
		t.Errorf("%+v", g)
	}
}

// TestTrimKeepsTheCounts: a screen's calendar lists at most n items a month, but its counts and
// amounts (the year's, each rule's, each month's and each status's) are those of every item: the
// screen says "showing 500 of 600", never "600" counted from what it lists.
func TestTrimKeepsTheCounts(t *testing.T) {
	var rows []recon.Row
	for i := 0; i < 600; i++ {
		rows = append(rows, recon.Row{Status: recon.MissingIn2A, Books: book(fmt.Sprintf("N-%d", i), "2025-05-03", "")})
	}
	for _, tc := range []struct {
		name, today string
		status      string
	}{
		{"before the day", "2025-06-01", Upcoming},
		{"after the day, before the last", "2026-12-15", Overdue},
	} {
		t.Run(tc.name, func(t *testing.T) {
			whole := Build(Input{FY: 2025, Today: tc.today, Register: true, Rows: rows})
			c := whole.Trim(500)
			if c.Count != 600 || c.Listed != 500 || whole.Listed != 600 {
				t.Fatalf("count %d, listed %d (whole %d)", c.Count, c.Listed, whole.Listed)
			}
			want := []StatusTotal{{Status: tc.status, Count: 600, Amount: 600 * 18000}}
			if !reflect.DeepEqual(c.Statuses, want) {
				t.Errorf("statuses %+v, want %+v", c.Statuses, want)
			}
			if g := c.Months[0]; g.Count != 600 || g.More != 100 || len(g.Items) != 500 || g.AtRisk != 600*18000 {
				t.Errorf("month %s: count %d, more %d, items %d, at risk %d", g.Month, g.Count, g.More, len(g.Items), g.AtRisk)
			}
		})
	}
}

// FuzzBuild: dates and periods of any shape never panic, and every item has a YYYY-MM-DD date in
// the month it is grouped under.
func FuzzBuild(f *testing.F) {
	f.Add("2025-06-01", "2025-04-15", "", "2025-04", "082025")
	f.Add("2026-12-01", "2025-10-02", "2026-05-01", "2025-10", "")
	f.Add("", "2025-13-40", "x", "25", "99")
	f.Fuzz(func(t *testing.T, today, date, paid, per, rtn string) {
		bk := &recon.Invoice{SupplierGSTIN: sup, Number: "F-1", Date: date, Period: per, DocType: recon.DocInvoice, IGST: 100, PaymentDate: paid}
		tb := &recon.Invoice{SupplierGSTIN: sup, Number: "F-2", Date: date, Period: per, DocType: recon.DocDebitNote, IGST: 100, FiledGSTR3B: "N"}
		c := Build(Input{FY: 2025, Today: today, Register: true, PaymentDates: true,
			Rows:   []recon.Row{{Status: recon.MissingIn2A, Books: bk}, {Status: recon.MissingInBooks, GSTR2A: tb}},
			GSTR2A: []recon.Invoice{*tb}, IMS: []ims.Record{{Section: "b2bdn", STIN: sup, Number: "F-3", DateISO: date, RtnPrd: rtn, Action: ims.Pending, IGST: 5}},
			Filings: []Filing{{Supplier: sup, Period: per, Filed: paid}}})
		n, sum, rules := 0, money.Paise(0), money.Paise(0)
		for _, st := range c.Statuses {
			n += st.Count
			sum += st.Amount
		}
		for _, r := range c.Rules {
			rules += r.AtRisk + r.Reclaim
		}
		if n != c.Count || sum != rules || c.Listed != c.Count {
			t.Fatalf("statuses %+v: %d items, %d paise; calendar %d items (%d listed), rules %d paise", c.Statuses, n, sum, c.Count, c.Listed, rules)
		}
		for _, g := range c.Months {
			for _, it := range g.Items {
				if _, ok := recon.DayNumber(it.Date); !ok || it.Date[:7] != g.Month {
					t.Fatalf("item date %q in month %q", it.Date, g.Month)
				}
			}
		}
		Score(Input{FY: 2025, Today: today, Filings: []Filing{{Supplier: sup, Period: per, Filed: paid}}, GSTR2A: []recon.Invoice{*tb}})
	})
}

// TestRule37AOnlyWhatTheBooksClaim: with a register, Rule 37A counts only the documents the
// books hold (by the books' number or the matched 2B document's); the others are told in a note
// with their tax, never added to the credit at risk.
func TestRule37AOnlyWhatTheBooksClaim(t *testing.T) {
	claimed, other := *twoB("A-1", "2025-06-10", "2025-06"), *twoB("A-2", "2025-06-11", "2025-06")
	claimed.FiledGSTR3B, other.FiledGSTR3B = "N", "N"
	c := Build(Input{FY: 2025, Today: "2026-05-01", Register: true, RegisterName: "books.csv",
		Rows:   []recon.Row{{Status: recon.Exact, Books: book("a/1", "2025-06-10", "2025-06-20"), GSTR2A: &claimed}},
		GSTR2A: []recon.Invoice{claimed, other}})
	var got []string
	for _, it := range items(c) {
		if it.Rule == Rule37A {
			got = append(got, it.Number)
		}
	}
	if len(got) != 1 || got[0] != "A-1" {
		t.Errorf("rule 37A items %v, want A-1 only", got)
	}
	if n := strings.Join(c.Notes, " | "); !strings.Contains(n, "1 GSTR-2A document of suppliers who had not filed GSTR-3B (tax ₹180.00) are not in books.csv") {
		t.Errorf("notes %q", n)
	}
}

// IMS 2.0: a credit note kept pending may stay so one tax period only; it is deemed accepted on
// the GSTR-3B due date of the following period (October 2025 → 20/12/2025), a dated item of the
// calendar. A note of a period before October 2025 has no such day.
func TestCreditNotePendingIsDeemedAccepted(t *testing.T) {
	for _, tc := range []struct {
		rtn, today, want, status string
	}{
		{"102025", "2025-11-01", "2025-12-20", Upcoming},
		{"102025", "2025-12-21", "2025-12-20", Overdue},
		{"092025", "2025-11-01", "", ""},
	} {
		c := Build(Input{FY: 2025, Today: tc.today, IMS: []ims.Record{{Section: "b2bcn", STIN: sup, Number: "CN-1", DateISO: "2025-10-05", RtnPrd: tc.rtn, Action: ims.Pending, IGST: 1800}}})
		var got *Item
		for _, g := range c.Months {
			for i := range g.Items {
				if g.Items[i].Rule == IMSDeemed {
					got = &g.Items[i]
				}
			}
		}
		switch {
		case tc.want == "" && got != nil:
			t.Errorf("%s: a deemed acceptance for a period before IMS 2.0: %+v", tc.rtn, got)
		case tc.want != "" && (got == nil || got.Date != tc.want || got.Status != tc.status || !strings.Contains(got.Action, "deemed accepted")):
			t.Errorf("%s on %s: %+v, want %s %s", tc.rtn, tc.today, got, tc.want, tc.status)
		}
	}
}
