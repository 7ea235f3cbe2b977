package itcrisk

import (
	"reflect"
	"strings"
	"testing"

	"gstdesk/backend/ims"
	"gstdesk/backend/recon"
	"gstdesk/backend/supplier"
)

const supQ = "29AAGCB7383J1Z4"

// TestScore checks the formula by hand on two suppliers.
//
// Supplier A (monthly): April filed 11/05/2025 (the due day: on time), May filed 15/06/2025 (due
// 11/06: 4 days late) → 2 returns, 1 late, average 4/2 = 2.0 days → 2 × 2.0 = 4 points. The
// register holds four ₹180 invoices (₹720): one in no 2B → 30 × 180/720 = 7.5; one reported
// with ₹162 → ₹18 differ → 20 × 18/720 = 0.5. Three 2B documents and one rejected in IMS →
// 10 × 1/4 = 2.5. Four 2A documents, one of a GSTR-3B not filed → 20 × 1/4 = 5. 100 − 19.5 =
// 80.5, rounded half away from zero: 81, grade B.
//
// Supplier Q files quarterly (June only, due 13/07, filed 13/07: on time) and is cancelled:
// 100 − 40 = 60, grade C.
func TestScore(t *testing.T) {
	a := func(n string) *recon.Invoice { return book(n, "2025-05-03", "") }
	b2 := func(n string) *recon.Invoice { return twoB(n, "2025-05-03", "2025-05") }
	low := b2("M-1")
	low.CGST, low.SGST = 8100, 8100
	in := Input{FY: 2025, Today: "2025-07-01", Register: true,
		Filings: []Filing{{Supplier: sup, Name: "Acme", Period: "2025-04", Filed: "2025-05-11"}, {Supplier: sup, Period: "2025-05", Filed: "2025-06-15"},
			{Supplier: sup, Period: "2025-05", Filed: "2025-06-15"}, {Supplier: supQ, Name: "Quarterly", Period: "2025-06", Filed: "2025-07-13"}},
		Rows: []recon.Row{
			{Status: recon.Exact, Books: a("E-1"), GSTR2A: b2("E-1")},
			{Status: recon.Exact, Books: a("E-2"), GSTR2A: b2("E-2")},
			{Status: recon.Mismatch, Books: a("M-1"), GSTR2A: low, Differences: []recon.Difference{{Field: "CGST", Books: "0.00", GSTR2A: "81.00"}}},
			{Status: recon.MissingIn2A, Books: a("N-1")},
		},
		IMS:        []ims.Record{{Section: "b2b", STIN: sup, Number: "R-1", DateISO: "2025-05-03", Action: ims.Rejected, IGST: 18000}},
		Rejected2B: []recon.Invoice{{SupplierGSTIN: sup, Number: "R-1", Date: "2025-05-03", DocType: recon.DocInvoice, IGST: 18000}}, // the same document
		GSTR2A:     []recon.Invoice{*b2("E-1"), *b2("E-2"), *b2("M-1"), func() recon.Invoice { x := *b2("X-1"); x.FiledGSTR3B = "N"; return x }()},
		Cancelled:  map[string]string{supQ: "2025-09-01"},
	}
	sc := Score(in)
	if len(sc.Rows) != 2 {
		t.Fatalf("rows %+v", sc.Rows)
	}
	q, acme := sc.Rows[0], sc.Rows[1] // worst first
	if q.Supplier != supQ || q.Score != 60 || q.Grade != "C" || !q.Quarterly || q.Late != 0 || q.CancelledOn != "2025-09-01" {
		t.Errorf("Q = %+v", q)
	}
	wantPen := []Penalty{{"GSTR-1 filed late", 4}, {"invoices not in 2B", 7.5}, {"amounts differ", 0.5}, {"rejected in IMS", 2.5}, {"GSTR-3B not filed", 5}}
	if acme.Score != 81 || acme.Grade != "B" || acme.Name != "Acme" || acme.Filings != 2 || acme.Late != 1 || acme.AvgLagDays != 2 || acme.MaxLagDays != 4 ||
		acme.Documents != 3 || acme.Books != 4 || acme.BooksTax != 72000 || acme.MissingIn2B != 1 || acme.MissingTax != 18000 ||
		acme.Mismatches != 1 || acme.MismatchTax != 1800 || acme.Rejected != 1 || acme.Unfiled3B != 1 || !reflect.DeepEqual(acme.Penalties, wantPen) {
		t.Errorf("Acme = %+v", acme)
	}
	ch := Chasers(sc, "Our Firm")
	if len(ch) != 1 || ch[0].Supplier != sup || len(ch[0].Docs) != 3 {
		t.Fatalf("chasers %+v", ch)
	}
	var issues []string
	for _, d := range ch[0].Docs {
		issues = append(issues, d.Issue+" "+d.Number)
	}
	if !reflect.DeepEqual(issues, []string{"differs M-1", "not_reported N-1", "gstr3b_not_filed X-1"}) {
		t.Errorf("issues %q", issues)
	}
	msg := ch[0].Message
	for _, want := range []string{"Dear Acme (GSTIN 27AAPFU0939F1ZV),", "as on 01/07/2025", "1 invoice(s) in our books, tax ₹180.00, are not in your GSTR-1/IFF",
		"(tax difference ₹18.00)", "reverse this credit by 30/11/2026 (Rule 37A)", "1 of your 2 GSTR-1/IFF returns were filed after the due date (on average 2 days, at most 4)",
		"up to 30/11/2026", "Regards,\nOur Firm"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message lacks %q:\n%s", want, msg)
		}
	}
	if tabs := ChaserTables(ch[0]); len(tabs) != 2 || len(tabs[1].Rows) != 3 || tabs[0].Rows[0][0] != "Dear Acme (GSTIN 27AAPFU0939F1ZV)," {
		t.Errorf("tables %+v", tabs)
	}
	// Without a register the books' parts are neither counted nor scored.
	in.Register = false
	sc = Score(in)
	for _, r := range sc.Rows {
		if r.Supplier == sup && (r.Books != 0 || r.MissingIn2B != 0 || r.Score != 89) { // 100 − 4 − 2.5 − 5 = 88.5 → 89
			t.Errorf("no register: %+v", r)
		}
	}
	if sc.Notes[0] != "No purchase register given: documents missing in 2B and mismatches are not counted (and not in the score)." {
		t.Errorf("notes %q", sc.Notes)
	}
}

func TestScorecardTable(t *testing.T) {
	sc := Score(Input{FY: 2025, Today: "2025-07-01", Filings: []Filing{{Supplier: sup, Period: "2025-05", Filed: "2025-06-14"}}})
	tab := ScorecardTable(sc)
	if len(tab.Rows) != 1 || tab.Rows[0][2] != 94 || tab.Rows[0][19] != "GSTR-1 filed late −6" { // 3 days late: 2 × 3 = 6
		t.Errorf("%+v", tab.Rows)
	}
}

func TestScorecardSort(t *testing.T) {
	sc := Scorecard{Rows: []SupplierScore{{Supplier: "B", Score: 50, MissingTax: 10}, {Supplier: "A", Score: 90, MissingTax: 30}, {Supplier: "C", Score: 50, AvgLagDays: 3}}}
	order := func() string {
		var s string
		for _, r := range sc.Rows {
			s += r.Supplier
		}
		return s
	}
	for _, tc := range []struct{ key, want string }{{"missing", "ABC"}, {"lag", "CBA"}, {"supplier", "ABC"}, {"score", "BCA"}} {
		if !sc.Sort(tc.key) || order() != tc.want {
			t.Errorf("%s: %s, want %s", tc.key, order(), tc.want)
		}
	}
	if sc.Sort("size") {
		t.Error("an unknown key sorted")
	}
}

// A supplier whose registration a GSTIN lookup shows suspended is never grade A, however clean
// its filings (it was A on the scorecard while the lookup said suspended).
func TestSuspendedIsNeverGradeA(t *testing.T) {
	in := Input{FY: 2025, Today: "2025-07-01",
		Filings:   []Filing{{Supplier: sup, Name: "Acme", Period: "2025-04", Filed: "2025-05-10"}},
		GSTR2A:    []recon.Invoice{*twoB("E-1", "2025-04-03", "2025-04")},
		Suspended: map[string]string{sup: "Suspended"},
	}
	sc := Score(in)
	if len(sc.Rows) != 1 || sc.Rows[0].Grade == "A" || sc.Rows[0].Suspended != "Suspended" {
		t.Fatalf("rows %+v", sc.Rows)
	}
	in.Suspended = nil
	if sc := Score(in); sc.Rows[0].Grade != "A" {
		t.Errorf("the same supplier active: grade %s, want A", sc.Rows[0].Grade)
	}
}

// The registration status the GSTIN lookups hold (supplier.Directory) is carried into the
// scorecard and the calendar: a suspended or cancelled supplier is never grade A, and each line
// names the supplier by the lookup's name before the 2B's trade name.
func TestLookupStatusOnScorecardAndCalendar(t *testing.T) {
	base := Input{FY: 2025, Today: "2025-07-01",
		Filings: []Filing{{Supplier: sup, Name: "ACME TRADE", Period: "2025-04", Filed: "2025-05-10"}},
		GSTR2A:  []recon.Invoice{*twoB("E-1", "2025-04-03", "2025-04")},
	}
	base.GSTR2A[0].FiledGSTR3B = "N"
	for _, tc := range []struct {
		status string
		gradeA bool
	}{{"Active", true}, {"Suspended", false}, {"Cancelled", false}, {"Inactive", false}, {"", true}} {
		in := base
		in.Suppliers = supplier.Directory{sup: {GSTIN: sup, Name: "Acme Industries Pvt Ltd", Status: supplier.Status(tc.status)}}
		in.GSTR2A = []recon.Invoice{base.GSTR2A[0]}
		in.GSTR2A[0].FiledGSTR3B = "Y"
		sc := Score(in)
		if len(sc.Rows) != 1 {
			t.Fatalf("%s: rows %+v", tc.status, sc.Rows)
		}
		r := sc.Rows[0]
		if (r.Grade == "A") != tc.gradeA || r.Status != supplier.Status(tc.status) || r.Name != "Acme Industries Pvt Ltd" {
			t.Errorf("%s: grade %s status %q name %q (score %d)", tc.status, r.Grade, r.Status, r.Name, r.Score)
		}
		in.GSTR2A[0].FiledGSTR3B = "N"
		cal := Build(in)
		var found bool
		for _, g := range cal.Months {
			for _, it := range g.Items {
				if it.Supplier == sup {
					found = true
					if it.SupplierStatus != supplier.Status(tc.status) || it.SupplierName != "Acme Industries Pvt Ltd" {
						t.Errorf("%s: calendar item %+v", tc.status, it)
					}
				}
			}
		}
		if !found {
			t.Errorf("%s: no calendar item for the supplier", tc.status)
		}
	}
}
