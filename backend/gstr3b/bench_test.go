package gstr3b

import (
	"fmt"
	"testing"

	"gstdesk/backend/gstr2b"
	"gstdesk/backend/money"
	"gstdesk/backend/period"
)

// monthInput is a month of n 2B documents (a tenth not booked, a tenth mismatched, some pending,
// rejected, blocked, held, not available) and n register invoices (a twentieth only in the books),
// with Rule 37 reversals and reclaims, and the proposal its documents give.
func monthInput(n int) Input {
	in := Input{Period: "2025-10", Have2B: true, Reconciled: true, Proposal: gstr2b.ITCSummary{"itcavl": {}, "itcunavl": {}}}
	var avl, unavl gstr2b.Amounts
	for i := 0; i < n; i++ {
		d := Doc{Face: Face2B, Period2B: "2025-10", Section: "b2b", Kind: "invoice", Supplier: fmt.Sprintf("29AABCT%04dL1ZT", i/200),
			Number: fmt.Sprintf("INV/%d/%06d", i/200, i%200), Date: "2025-10-05", ITCAvailable: "Y", Tax: HeadsOf(money.Paise(18000+i), 0, 0, 0),
			Match: "exact", IMS: "A"}
		switch i % 20 {
		case 1, 2:
			d.Match = "missing_in_books"
		case 3, 4:
			d.Match = "mismatch"
		case 5:
			d.IMS = "P"
		case 6:
			d.IMS = "R"
		case 7:
			d.Blocked = true
		case 8:
			d.Claim = Claim{State: StateHold, DecidedBy: ByPerson}
		case 9:
			d.ITCAvailable = "N"
		}
		if d.ITCAvailable == "N" {
			unavl.IGST += money.Paise(d.Tax.IGST)
		} else {
			avl.IGST += money.Paise(d.Tax.IGST)
		}
		in.Docs = append(in.Docs, d)
		if i%20 == 10 {
			in.BooksOnly = append(in.BooksOnly, Doc{Face: FaceBooks, Kind: "invoice", Supplier: d.Supplier, Number: "B" + d.Number, Date: d.Date, Tax: d.Tax})
		}
		if i%100 == 11 {
			r := Reversal{Rule: "rule_37", Doc: Doc{Face: FaceBooks, Kind: "invoice", Supplier: d.Supplier, Number: "OLD" + d.Number, Tax: d.Tax}}
			in.Reversals = append(in.Reversals, r)
			r.Doc.Number = "PAID" + d.Number
			in.Reclaims = append(in.Reclaims, r)
		}
	}
	in.Proposal["itcavl"]["nonrevsup"] = gstr2b.SummaryGroup{Total: avl}
	in.Proposal["itcunavl"]["nonrevsup"] = gstr2b.SummaryGroup{Total: unavl}
	return in
}

// BenchmarkWorksheet20k builds the worksheet of a month of 20,000 2B documents and 20,000
// register invoices (their facts already read).
func BenchmarkWorksheet20k(b *testing.B) {
	in := monthInput(20000)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		w := Build(in)
		if w.CheckBridge() != "" || w.Line(LineSummary) != nil {
			b.Fatal("bridge")
		}
	}
}

// BenchmarkGSTR9_240k works out GSTR-9's ITC tables from a year of 240,000 2B documents (20,000 a
// month from April of the year to November after it, claim periods mixed).
func BenchmarkGSTR9_240k(b *testing.B) {
	fy := period.FY(2025)
	in := YearInput{FY: fy}
	months, _ := period.Span("2025-04", "2026-03", 24)
	for _, m := range months {
		in.Months = append(in.Months, MonthClaimed{Period: m.String(), A: HeadsOf(100, 0, 0, 0), Have: true})
	}
	all, _ := period.Span("2025-04", "2026-03", 24)
	for i := 0; i < 240000; i++ {
		p := all[i%len(all)].String()
		d := Doc{Face: Face2B, Period2B: p, Section: "b2b", Kind: "invoice", Supplier: fmt.Sprintf("29AABCT%04dL1ZT", i%1000),
			Number: fmt.Sprintf("INV/%07d", i), Date: p + "-05", ITCAvailable: "Y", Tax: HeadsOf(money.Paise(18000+i%100), 0, 0, 0)}
		switch i % 10 {
		case 1:
			d.Claim = Claim{State: StateClaim, Period: "2026-05", DecidedBy: ByPerson}
		case 2:
			d.Claim = Claim{State: StateHold, DecidedBy: ByAuto}
		case 3:
			d.Date = "2025-03-20"
		}
		in.Docs = append(in.Docs, d)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g := BuildGSTR9(in)
		if g.Table(T8A).Count == 0 {
			b.Fatal("no 8A")
		}
	}
}
