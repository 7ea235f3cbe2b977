package tdsyear

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

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

// latest is an employee's latest record of the year (latestColumns), with the employee as
// recorded.
type latest struct {
	rec record
	emp Employee
}

// latestRecords reads each employee's latest record of the year (or one employee's, code), in
// code order: the latest month recorded read beside the employees, in code order, and for the
// employees it does not hold (leavers, a month missed), their latest earlier record.
func latestRecords(ctx context.Context, db *sql.DB, ws string, fy tds.FY, code string) ([]latest, error) {
	if code != "" {
		var e Employee
		err := db.QueryRowContext(ctx, `SELECT `+employeeColumns+` FROM tds_employees WHERE workspace_id=? AND fy=? AND code=?`, ws, int(fy), code).
			Scan(&e.Code, &e.Name, &e.PAN, new(string), &e.Joined, &e.Left, &e.Regime)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return nil, err
		}
		recs, err := latestBeforeAs(ctx, db, ws, fy, 12, []string{code}, latestColumns, scanLatest)
		if err != nil || recs[code] == nil {
			return nil, err
		}
		return []latest{{rec: *recs[code], emp: e}}, nil
	}
	var last sql.NullInt64
	if err := db.QueryRowContext(ctx, `SELECT max(mi) FROM tds_month_records WHERE workspace_id=? AND fy=?`, ws, int(fy)).Scan(&last); err != nil || !last.Valid {
		return nil, err
	}
	ctx, cancel := context.WithCancel(ctx)
	emps := openCursor(ctx, db, employeeCode, scanEmployee, `SELECT `+employeeColumns+` FROM tds_employees WHERE workspace_id=? AND fy=? ORDER BY code`, ws, int(fy))
	month := openCursor(ctx, db, recordCode, scanLatestRows, `SELECT `+latestColumns+` FROM tds_month_records WHERE workspace_id=? AND fy=? AND mi=? ORDER BY code`, ws, int(fy), last.Int64)
	defer func() {
		cancel()
		emps.wait()
		month.wait()
	}()
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM tds_employees WHERE workspace_id=? AND fy=?`, ws, int(fy)).Scan(&n); err != nil {
		return nil, err
	}
	out := make([]latest, 0, n)
	var earlier []string // employees the latest month does not hold
	for {
		e, r := emps.head(), month.head()
		switch {
		case e == nil && r == nil:
		case r == nil || e != nil && e.Code < r.code:
			out = append(out, latest{emp: *e})
			earlier = append(earlier, e.Code)
			emps.take(e.Code)
			continue
		default:
			l := latest{rec: *r, emp: Employee{Code: r.code}}
			if e := emps.take(r.code); e != nil {
				l.emp = *e
			}
			month.take(r.code)
			out = append(out, l)
			continue
		}
		break
	}
	if err := errors.Join(emps.result(), month.result()); err != nil {
		return nil, err
	}
	if len(earlier) == 0 {
		return out, nil
	}
	recs, err := latestBeforeAs(ctx, db, ws, fy, int(last.Int64), earlier, latestColumns, scanLatest)
	if err != nil {
		return nil, err
	}
	kept := out[:0]
	for _, l := range out {
		if l.rec.code == "" {
			r := recs[l.emp.Code]
			if r == nil {
				continue // an employee with no month recorded (dropped from the only month they were in)
			}
			l.rec = *r
		}
		kept = append(kept, l)
	}
	return kept, nil
}
