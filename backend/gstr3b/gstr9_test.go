package gstr3b

import (
	"testing"

	"gstdesk/backend/period"
)

func TestBuildGSTR9(t *testing.T) {
	fy := period.FY(2025)
	y := func(n, p2b, date string, igst float64, facts func(d *Doc)) Doc {
		d := Doc{Face: Face2B, Period2B: p2b, Section: "b2b", Kind: "invoice", Supplier: supA, Number: n, Date: date, ITCAvailable: "Y", Tax: HeadsOf(rs(igst), 0, 0, 0)}
		if facts != nil {
			facts(&d)
		}
		return d
	}
	in := YearInput{FY: fy, Docs: []Doc{
		y("A", "2025-05", "2025-05-02", 100, nil), // 8A, 8B (claimed in its 2B month)
		y("B", "2026-04", "2026-03-20", 200, nil), // 8A, 8C, 13: reported late, claimed April 2026
		y("C", "2025-11", "2025-11-01", 300, func(d *Doc) { d.Claim = Claim{State: StateHold, DecidedBy: ByPerson} }), // 8A only
		y("D", "2025-06", "2025-03-28", 400, nil),                                                                                         // dated last year: 6A1
		y("E", "2026-11", "2026-01-10", 500, nil),                                                                                         // in a 2B after October: not 8A; claimed Nov 2026: 8C, 13
		y("F", "2025-07", "2025-07-07", 600, func(d *Doc) { d.ITCAvailable = "N" }),                                                       // not available: nothing
		y("G", "2025-08", "2025-08-08", 700, func(d *Doc) { d.ReverseCharge = true }),                                                     // RCM: 6A docs only, 13 no
		y("H", "2025-09", "2025-09-09", 800, func(d *Doc) { d.Claim = Claim{State: StateClaim, Period: "2026-05", DecidedBy: ByPerson} }), // 8A, 8C, 13
	}}
	for _, m := range fy.Months() {
		in.Months = append(in.Months, MonthClaimed{Period: m.String(), A: HeadsOf(rs(10), 0, 0, 0), Have: true})
	}
	g := BuildGSTR9(in)
	tests := []struct {
		table string
		igst  float64
		count int
	}{
		{T6A, 120, 3}, // A, D and G claimed in the year; the figure is the worksheets' 4(A)
		{T6A1, 400, 1},
		{T6A2, 120 - 400, 0},
		{T8A, 100 + 200 + 300 + 800, 4},
		{T8B, 100, 1},
		{T8C, 200 + 500 + 800, 3},
		{T8D, 100 + 200 + 300 + 800 - 100 - 1500, 0},
		{T13, 200 + 500 + 800, 3},
	}
	for _, tt := range tests {
		f := g.Table(tt.table)
		if f.Tax != HeadsOf(rs(tt.igst), 0, 0, 0) {
			t.Errorf("%s = %+v, want IGST %.2f", tt.table, f.Tax, tt.igst)
		}
		if tt.table != T6A && tt.count != f.Count && tt.count != 0 {
			t.Errorf("%s: %d documents, want %d", tt.table, f.Count, tt.count)
		}
	}
	if g.Table(T6A).Count != 3 {
		t.Errorf("6A documents %d, want 3", g.Table(T6A).Count)
	}
	if g.Due != "2026-12-31" {
		t.Errorf("due %s", g.Due)
	}
	golden(t, "gstr9.json", g)
}
