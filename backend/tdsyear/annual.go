package tdsyear

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"gstdesk/backend/tds"
)

// Annual is an employee's year from its records: what was actually paid in the months recorded
// with the latest declarations, the engine's computation on it in the chosen regime item by item
// (the one source of every figure the forms and the annexure print), and the TDS deducted.
type Annual struct {
	Seq      int // 1-based, in code order
	Employee Employee
	Months   int // recorded
	First    int // first month recorded, index
	Latest   int // latest month recorded, index
	// Input is the year's figures: the amounts paid summed over the months recorded and the
	// declarations of the latest month; the HRA exemption summed over the months recorded when
	// the latest month has one from the HRA helper (each month's own figure).
	Input  tds.Input
	Detail tds.Breakdown // the chosen regime's computation, item by item
	Regime tds.Regime    // chosen, as of the latest month
	// Deducted is the TDS deducted over the year: as recorded, or for a month with none
	// recorded, the TDS gstdesk computed; Unrecorded counts those months.
	Deducted   int64
	Unrecorded int
}

// Figures are the chosen regime's figures.
func (a *Annual) Figures() tds.RegimeResult { return a.Detail.RegimeResult }

// Year reads every employee's year (or one employee's, code) from the records, in code order:
// each employee's latest record holds the year so far and the latest declarations.
func Year(ctx context.Context, db *sql.DB, ws string, fy tds.FY, code string) ([]Annual, error) {
	latest, err := latestRecords(ctx, db, ws, fy, code)
	if err != nil {
		return nil, fmt.Errorf("tdsyear: year: %w", err)
	}
	out := make([]Annual, 0, len(latest))
	for i := range latest {
		l := &latest[i]
		r := &l.rec
		a := Annual{Employee: Employee{Code: r.code, Name: l.emp.Name, PAN: l.emp.PAN, Joined: l.emp.Joined, Left: l.emp.Left},
			Months: r.ytd.months, First: r.ytd.first, Latest: r.mi, Deducted: r.ytd.deducted, Unrecorded: r.ytd.unrecorded}
		in, err := r.declarations()
		if err != nil {
			return nil, fmt.Errorf("tdsyear: year: employee %s: %w", r.code, err)
		}
		for i, f := range Paid {
			in.Amounts[f] = r.ytd.paid[i]
		}
		if r.hra.Valid {
			in.Amounts[tds.HRA10_13A] = r.ytd.hra
		}
		if in.Amounts[tds.Salary17_1] < 0 {
			return nil, fmt.Errorf("tdsyear: year: employee %s: recoveries exceed the salary paid", r.code)
		}
		a.Input, a.Regime, a.Employee.Regime, a.Employee.Category = in, r.regime, r.regime, in.Category
		if a.Detail, err = tds.Detail(in, fy, a.Regime); err != nil {
			return nil, fmt.Errorf("tdsyear: year: employee %s: %w", r.code, err)
		}
		a.Seq = len(out) + 1
		out = append(out, a)
	}
	return out, nil
}

// latest is an employee's latest record of the year, with the employee as recorded.
type latest struct {
	rec record
	emp Employee
}

// latestRecords reads each employee's latest record of the year (or one employee's, code), in
// code order.
func latestRecords(ctx context.Context, db *sql.DB, ws string, fy tds.FY, code string) ([]latest, error) {
	var emps map[string]*Employee
	var codes []string
	if code != "" {
		var e Employee
		rows, err := db.QueryContext(ctx, `SELECT `+employeeColumns+` FROM tds_employees WHERE workspace_id=? AND fy=? AND code=?`, ws, int(fy), code)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			if err := scanEmployee(rows, &e); err != nil {
				rows.Close()
				return nil, err
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
		emps, codes = map[string]*Employee{code: &e}, []string{code}
	} else {
		var err error
		if emps, err = employees(ctx, db, ws, fy); err != nil {
			return nil, err
		}
		codes = make([]string, 0, len(emps))
		for c := range emps {
			codes = append(codes, c)
		}
	}
	recs, err := latestBefore(ctx, db, ws, fy, 12, codes)
	if err != nil {
		return nil, err
	}
	out := make([]latest, 0, len(recs))
	for c, r := range recs {
		out = append(out, latest{rec: *r, emp: *emps[c]})
	}
	slices.SortFunc(out, func(a, b latest) int { return strings.Compare(a.rec.code, b.rec.code) })
	return out, nil
}
