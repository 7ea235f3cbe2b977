package tdsyear

import (
	"context"
	"database/sql"
	"fmt"

	"gstdesk/backend/money"
	"gstdesk/backend/payroll"
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

// Year reads every employee's year (or one employee's, code) from the records, in code order.
func Year(ctx context.Context, db *sql.DB, ws string, fy tds.FY, code string) ([]Annual, error) {
	where := `r.workspace_id=? AND r.fy=?`
	args := []any{ws, int(fy)}
	if code != "" {
		where += ` AND r.code=?`
		args = append(args, code)
	}
	rows, err := db.QueryContext(ctx, `SELECT r.code, coalesce(e.name,''), coalesce(e.pan,''), coalesce(e.joined,''), coalesce(e.left_on,''),
		count(*), min(r.mi), max(r.mi), sum(r.salary + r.one_off), sum(r.perquisites), sum(r.profits), sum(r.entertainment), sum(r.professional_tax),
		sum(coalesce(r.deducted, r.tds)), sum(r.deducted IS NULL), sum(coalesce(r.hra_exempt, 0)),
		(SELECT l.declarations || char(10) || l.regime || char(10) || (l.hra_exempt IS NOT NULL) FROM tds_month_records l WHERE l.workspace_id=r.workspace_id AND l.fy=r.fy AND l.code=r.code ORDER BY l.mi DESC LIMIT 1)
		FROM tds_month_records r LEFT JOIN tds_employees e ON e.workspace_id=r.workspace_id AND e.fy=r.fy AND e.code=r.code
		WHERE `+where+` GROUP BY r.code ORDER BY r.code`, args...)
	if err != nil {
		return nil, fmt.Errorf("tdsyear: year: %w", err)
	}
	defer rows.Close()
	var out []Annual
	for rows.Next() {
		var a Annual
		var paid [NumPaid]money.Paise
		var latest string
		var hra money.Paise
		e := &a.Employee
		if err := rows.Scan(&e.Code, &e.Name, &e.PAN, &e.Joined, &e.Left, &a.Months, &a.First, &a.Latest,
			&paid[0], &paid[1], &paid[2], &paid[3], &paid[4], &a.Deducted, &a.Unrecorded, &hra, &latest); err != nil {
			return nil, fmt.Errorf("tdsyear: year: %w", err)
		}
		rest, hasHRA, ok := cut(latest)
		decl, regime, ok2 := cut(rest)
		if !ok || !ok2 {
			return nil, fmt.Errorf("tdsyear: year: employee %s: stored declarations damaged", e.Code)
		}
		in, err := payroll.DecodeInput(decl)
		if err != nil {
			return nil, fmt.Errorf("tdsyear: year: employee %s: %w", e.Code, err)
		}
		for i, f := range Paid {
			in.Amounts[f] = paid[i]
		}
		if hasHRA == "1" {
			in.Amounts[tds.HRA10_13A] = hra
		}
		if in.Amounts[tds.Salary17_1] < 0 {
			return nil, fmt.Errorf("tdsyear: year: employee %s: recoveries exceed the salary paid", e.Code)
		}
		a.Input, a.Regime, e.Regime, e.Category = in, tds.Regime(regime), tds.Regime(regime), in.Category
		if a.Detail, err = tds.Detail(in, fy, a.Regime); err != nil {
			return nil, fmt.Errorf("tdsyear: year: employee %s: %w", e.Code, err)
		}
		a.Seq = len(out) + 1
		out = append(out, a)
	}
	return out, rows.Err()
}

// cut splits "declarations\nregime".
func cut(s string) (string, string, bool) {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == '\n' {
			return s[:i], s[i+1:], true
		}
	}
	return "", "", false
}
