package payroll

import (
	"context"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/money"
	"gstdesk/backend/tds"
)

// TestMonthlyScheduleKnowsWhatWasDeducted is the first bullet: in November with no TDS
// deducted so far given, no monthly figure is made up; an over-deduction is named; the schedule
// follows the regime the employee chose, not the recommended one.
func TestMonthlyScheduleKnowsWhatWasDeducted(t *testing.T) {
	in := func(salary int64) tds.Input {
		var x tds.Input
		x.PANStatus = tds.PANValid
		x.Amounts[tds.Salary17_1] = money.FromRupees(salary)
		return x
	}
	const fy = tds.FY(2025)
	// ₹30 lakh: new regime TDS 5,46,000 for the year; old regime 7,17,600.
	res, err := tds.Compute(in(3_000_000), fy)
	if err != nil {
		t.Fatal(err)
	}
	newTDS, oldTDS := res.New.TDSOnSalary, res.Old.TDSOnSalary
	if res.Recommended != tds.NewRegime {
		t.Fatalf("recommended %s", res.Recommended)
	}
	tests := []struct {
		name string
		e    Employee
		want Month
	}{
		{"no deducted column", Employee{Input: in(3_000_000)}, Month{Unknown: true}},
		{"deducted known, default regime", Employee{Input: in(3_000_000), DeductedKnown: true, Deducted: money.FromRupees(7 * 40_000)},
			Month{Amount: tds.MonthShare(newTDS-7*40_000, 5)}},
		{"old regime chosen", Employee{Input: in(3_000_000), DeductedKnown: true, Deducted: money.FromRupees(7 * 40_000), Regime: tds.OldRegime},
			Month{Amount: tds.MonthShare(oldTDS-7*40_000, 5)}},
		{"over-deducted", Employee{Input: in(3_000_000), DeductedKnown: true, Deducted: money.FromRupees(newTDS + 12_345)},
			Month{Over: 12_345}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := monthly(res, &tt.e, fy, time.November); got != tt.want {
				t.Errorf("monthly = %+v, want %+v", got, tt.want)
			}
			sh, err := Explain(tt.e, fy, int(time.November))
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case tt.want.Unknown:
				if len(sh.Schedule) != 0 || !strings.Contains(sh.ScheduleNote, "cannot be told") {
					t.Errorf("sheet schedule %v note %q", sh.Schedule, sh.ScheduleNote)
				}
			case tt.want.Over > 0:
				if sh.OverDeducted != tt.want.Over || !strings.Contains(sh.ScheduleNote, "Over-deducted") || sh.Schedule[0].Amount != 0 {
					t.Errorf("sheet over %d note %q", sh.OverDeducted, sh.ScheduleNote)
				}
			default:
				if sh.Schedule[0].Amount != tt.want.Amount || sh.Regime != tt.e.ChosenRegime(fy) {
					t.Errorf("sheet schedule %v regime %s", sh.Schedule, sh.Regime)
				}
			}
		})
	}
	// The totals of a stored run carry the unknown count and the excess.
	db := openDB(t)
	emps := []Employee{tests[0].e, tests[3].e}
	run, err := SaveRun(context.Background(), db.DB, Run{CreatedAt: testNow, WorkspaceID: "w", FY: fy, Month: 11, SourceName: "x.csv", SourceFormat: CSV}, emps, []tds.Result{res, res}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if run.Totals.MonthlyUnknown != 1 || run.Totals.OverDeducted != 12_345 {
		t.Errorf("totals %+v", run.Totals)
	}
	page, err := Rows(context.Background(), db.DB, run.ID, Query{})
	if err != nil || !page.Rows[0].MonthlyUnknown || page.Rows[1].OverDeducted != 12_345 || page.Totals.OverDeducted != 12_345 {
		t.Errorf("rows %+v %v", page, err)
	}
}
