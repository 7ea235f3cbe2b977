package tdsyear

import (
	"bufio"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/export"
	"gstdesk/backend/store"
	"gstdesk/backend/tds"
)

// RegisterRow is one employee's line of a month's register.
type RegisterRow struct {
	Employee string `json:"employee"` // code
	Name     string `json:"name"`
	PAN      string `json:"pan"`
	Month    int    `json:"month"` // 1-12
	Regime   string `json:"regime"`
	Result
	// DeductedThisMonth is the TDS recorded as deducted in the month (nil: not recorded, and
	// the TDS computed counts as deducted for the later months).
	DeductedThisMonth *int64 `json:"deducted_this_month"`
	// PreviousTDS is the TDS computed for the previous recorded month; Change is this month's
	// less it, and Why says what moved it.
	PreviousTDS *int64   `json:"previous_month_tds"`
	Change      int64    `json:"change"`
	Why         []string `json:"why"`
	// Saving is what the recommended regime would save against the chosen one for the year.
	Saving    int64 `json:"saving"`
	SourceRow int   `json:"source_row"`
}

func rowOf(r *record, e *Employee) RegisterRow {
	out := RegisterRow{Employee: r.code, Month: int(MonthAt(r.mi)), Regime: string(r.regime), Result: r.res, Why: r.why, SourceRow: r.row}
	if e != nil {
		out.Name, out.PAN = e.Name, e.PAN
	}
	if out.Why == nil {
		out.Why = []string{}
	}
	if r.deducted.Valid {
		d := r.deducted.Int64
		out.DeductedThisMonth = &d
	}
	if r.prevTDS.Valid {
		p := r.prevTDS.Int64
		out.PreviousTDS = &p
		out.Change = r.res.TDS - p
	}
	chosen, other := r.res.NewLiability, r.res.OldLiability
	if r.regime == tds.OldRegime {
		chosen, other = other, chosen
	}
	out.Saving = max(0, chosen-other)
	return out
}

// Query selects and pages a month's register.
type Query struct {
	Filter string `json:"filter"` // part of the code, name or PAN
	// Only "over" keeps the over-deducted, "changed" those whose TDS moved from the month before.
	Only   string `json:"only"`
	Offset int    `json:"offset"`
	Limit  int    `json:"limit"` // default 100, at most 5,000; -1 every row
}

// Register is one page of a month's register with the totals of the rows the query selects.
type Register struct {
	FY         tds.FY        `json:"fy"`
	Month      int           `json:"month"`
	MonthLabel string        `json:"month_label"`
	Rows       []RegisterRow `json:"rows"`
	Total      int           `json:"total"`
	Totals     Totals        `json:"totals"`
}

// MonthRegister reads a month's register, in employee-code order.
func MonthRegister(ctx context.Context, db *sql.DB, ws string, fy tds.FY, month time.Month, q Query) (Register, error) {
	reg, err := EachRegisterRow(ctx, db, ws, fy, month, q, nil)
	return reg, err
}

// EachRegisterRow reads a month's register like MonthRegister, giving fn each row as it is read
// instead of holding them (reg.Rows stays empty; the row is reused once fn returns): the whole
// register of 100,000 employees written to a file without holding it. With fn nil the rows are
// collected in reg.Rows.
func EachRegisterRow(ctx context.Context, db *sql.DB, ws string, fy tds.FY, month time.Month, q Query, fn func(*RegisterRow) error) (Register, error) {
	if month < time.January || month > time.December {
		return Register{}, apperr.New(apperr.Invalid, "The month must be 1 to 12, not %d.", int(month))
	}
	mi := Index(month)
	reg := Register{FY: fy, Month: int(month), MonthLabel: MonthName(fy, mi), Rows: []RegisterRow{}}
	where := `r.workspace_id=? AND r.fy=? AND r.mi=?`
	args := []any{ws, int(fy), mi}
	if f := strings.TrimSpace(q.Filter); f != "" {
		like := "%" + strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(f) + "%"
		where += ` AND (r.code LIKE ? ESCAPE '\' OR e.name LIKE ? ESCAPE '\' OR e.pan LIKE ? ESCAPE '\')`
		args = append(args, like, like, like)
	}
	switch q.Only {
	case "over":
		where += ` AND r.over_deducted > 0`
	case "changed":
		where += ` AND (r.prev_tds IS NULL OR r.prev_tds != r.tds)`
	}
	from := ` FROM tds_month_records r LEFT JOIN tds_employees e ON e.workspace_id=r.workspace_id AND e.fy=r.fy AND e.code=r.code WHERE ` + where
	t := &reg.Totals
	if err := db.QueryRowContext(ctx, `SELECT count(*), coalesce(sum(r.liability),0), coalesce(sum(r.deducted_before),0), coalesce(sum(r.tds),0),
		coalesce(sum(r.deducted),0), coalesce(sum(r.remaining),0), coalesce(sum(r.over_deducted),0), coalesce(sum(r.over_deducted > 0),0)`+from, args...).
		Scan(&reg.Total, &t.Liability, &t.DeductedBefore, &t.TDS, &t.Deducted, &t.Remaining, &t.OverDeducted, &t.OverCount); err != nil {
		return reg, fmt.Errorf("tdsyear: register: %w", err)
	}
	t.Employees = reg.Total
	if q.Limit == 0 {
		q.Limit = 100
	}
	if q.Limit > 5000 {
		q.Limit = 5000
	}
	cols := "r." + strings.ReplaceAll(recordColumns, ", ", ", r.")
	rows, err := db.QueryContext(ctx, `SELECT `+cols+`, coalesce(e.name,''), coalesce(e.pan,'')`+from+` ORDER BY r.code LIMIT ? OFFSET ?`, append(args, q.Limit, max(0, q.Offset))...)
	if err != nil {
		return reg, fmt.Errorf("tdsyear: register: %w", err)
	}
	defer rows.Close()
	var row RegisterRow
	for rows.Next() {
		var e Employee
		r, err := scanRecordWith(rows, &e.Name, &e.PAN)
		if err != nil {
			return reg, fmt.Errorf("tdsyear: register: %w", err)
		}
		if fn == nil {
			reg.Rows = append(reg.Rows, rowOf(&r, &e))
			continue
		}
		row = rowOf(&r, &e)
		if err := fn(&row); err != nil {
			return reg, err
		}
	}
	return reg, rows.Err()
}

// scanRecordWith scans a record followed by further columns.
func scanRecordWith(rows *sql.Rows, extra ...any) (record, error) {
	var r record
	err := scanRecordInto(rows, &r, extra...)
	return r, err
}

// Month is a month of the year as recorded.
type Month struct {
	Month      int       `json:"month"` // 1-12
	MonthLabel string    `json:"month_label"`
	File       string    `json:"file"`
	ImportedAt time.Time `json:"imported_at"`
	Employees  int       `json:"employees"`
	TDS        int64     `json:"tds"`
	Deducted   int64     `json:"deducted"`
}

// Months lists the months of a workspace's TDS year that are recorded, April first.
func Months(ctx context.Context, db *sql.DB, ws string, fy tds.FY) ([]Month, error) {
	rows, err := db.QueryContext(ctx, `SELECT m.month, m.source_name, m.imported_at, m.employees,
		(SELECT coalesce(sum(tds),0) FROM tds_month_records r WHERE r.workspace_id=m.workspace_id AND r.fy=m.fy AND r.mi=(m.month+8)%12),
		(SELECT coalesce(sum(deducted),0) FROM tds_month_records r WHERE r.workspace_id=m.workspace_id AND r.fy=m.fy AND r.mi=(m.month+8)%12)
		FROM tds_months m WHERE m.workspace_id=? AND m.fy=? ORDER BY (m.month+8)%12`, ws, int(fy))
	if err != nil {
		return nil, fmt.Errorf("tdsyear: months: %w", err)
	}
	defer rows.Close()
	out := []Month{}
	for rows.Next() {
		var m Month
		var at string
		if err := rows.Scan(&m.Month, &m.File, &at, &m.Employees, &m.TDS, &m.Deducted); err != nil {
			return nil, fmt.Errorf("tdsyear: months: %w", err)
		}
		m.ImportedAt, _ = store.ParseTime(at)
		m.MonthLabel = MonthName(fy, Index(time.Month(m.Month)))
		out = append(out, m)
	}
	return out, rows.Err()
}

// YTD is an employee's year so far: what was paid, what was deducted, and where the year stands
// after the latest month recorded.
type YTD struct {
	Employee string `json:"employee"`
	Name     string `json:"name"`
	PAN      string `json:"pan"`
	Joined   string `json:"date_of_joining"`
	Left     string `json:"date_of_leaving"`
	Regime   string `json:"regime"`
	Months   int    `json:"months"`      // recorded
	Latest   int    `json:"latest"`      // latest month recorded, 1-12
	Salary   int64  `json:"salary_17_1"` // rupees paid, one-offs included
	Perqs    int64  `json:"perquisites_17_2"`
	Profits  int64  `json:"profits_17_3"`
	// Deducted is the TDS deducted as recorded plus, for months with none recorded, the TDS
	// computed; Unrecorded counts those months.
	Deducted   int64 `json:"tds_deducted"`
	Unrecorded int   `json:"months_without_deducted"`
	Liability  int64 `json:"annual_liability"` // as of the latest month
	Remaining  int64 `json:"remaining"`
	Over       int64 `json:"over_deducted"`
}

// YearToDate reads every employee's year so far (code "" ) or one employee's: their latest
// record holds it.
func YearToDate(ctx context.Context, db *sql.DB, ws string, fy tds.FY, code string) ([]YTD, error) {
	latest, err := latestRecords(ctx, db, ws, fy, code)
	if err != nil {
		return nil, fmt.Errorf("tdsyear: year to date: %w", err)
	}
	out := make([]YTD, 0, len(latest))
	for i := range latest {
		r, e := &latest[i].rec, &latest[i].emp
		y := YTD{Employee: r.code, Name: e.Name, PAN: e.PAN, Joined: e.Joined, Left: e.Left, Regime: string(r.regime),
			Months: r.ytd.months, Latest: int(MonthAt(r.mi)), Deducted: r.ytd.deducted, Unrecorded: r.ytd.unrecorded, Liability: r.res.Liability}
		y.Salary, y.Perqs, y.Profits = r.ytd.paid[0].WholeRupees(), r.ytd.paid[1].WholeRupees(), r.ytd.paid[2].WholeRupees()
		y.Remaining = max(0, y.Liability-y.Deducted)
		y.Over = max(0, y.Deducted-y.Liability)
		out = append(out, y)
	}
	if code != "" && len(out) == 0 {
		return nil, NotRecorded(fy, code)
	}
	return out, nil
}

// NotRecorded is the error of an employee with no month recorded in the year: the one answer of
// YearToDate, EmployeeMonths and the forms for an unknown employee.
func NotRecorded(fy tds.FY, code string) error {
	return apperr.New(apperr.NotFound, "No month of %s is recorded for employee %s.", fy, code).
		WithHint(apperr.Hint{Command: "List the employees recorded with gstdesk tds ytd --fy \"" + fy.String() + "\".", Window: "Check the employee code in the month's register."})
}

// EmployeeMonths reads one employee's register rows, month by month; NotFound (NotRecorded) when
// no month of the year is recorded for them.
func EmployeeMonths(ctx context.Context, db *sql.DB, ws string, fy tds.FY, code string) ([]RegisterRow, error) {
	cols := "r." + strings.ReplaceAll(recordColumns, ", ", ", r.")
	rows, err := db.QueryContext(ctx, `SELECT `+cols+`, coalesce(e.name,''), coalesce(e.pan,'') FROM tds_month_records r
		LEFT JOIN tds_employees e ON e.workspace_id=r.workspace_id AND e.fy=r.fy AND e.code=r.code
		WHERE r.workspace_id=? AND r.fy=? AND r.mi IN `+monthsBefore(12)+` AND r.code=? ORDER BY r.mi`, ws, int(fy), code)
	if err != nil {
		return nil, fmt.Errorf("tdsyear: employee months: %w", err)
	}
	defer rows.Close()
	out := []RegisterRow{}
	for rows.Next() {
		var e Employee
		r, err := scanRecordWith(rows, &e.Name, &e.PAN)
		if err != nil {
			return nil, fmt.Errorf("tdsyear: employee months: %w", err)
		}
		out = append(out, rowOf(&r, &e))
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("tdsyear: employee months: %w", err)
	}
	if len(out) == 0 {
		return nil, NotRecorded(fy, code)
	}
	return out, nil
}

// WriteRegister writes a month's register (the query's filter applied, every row, in code order)
// to w in format f, each row as it is read, and returns the register's totals. JSON is one line
// per employee, the RegisterRow the window shows; CSV and XLSX are RegisterTable, whose cells
// (RegisterCells) are taken from the same RegisterRow. The one writer of the register, for the
// window's export and the command line's "tds month".
func WriteRegister(ctx context.Context, db *sql.DB, ws string, fy tds.FY, month time.Month, q Query, f export.Format, w io.Writer) (Register, error) {
	q.Offset, q.Limit = 0, -1
	if f == export.JSON {
		bw := bufio.NewWriter(w)
		enc := json.NewEncoder(bw)
		enc.SetEscapeHTML(false)
		reg, err := EachRegisterRow(ctx, db, ws, fy, month, q, func(r *RegisterRow) error { return enc.Encode(r) })
		if err != nil {
			return reg, err
		}
		return reg, bw.Flush()
	}
	var reg Register
	t := RegisterTable(fy, nil)
	t.More = func(yield func([]any) error) error {
		var err error
		reg, err = EachRegisterRow(ctx, db, ws, fy, month, q, func(r *RegisterRow) error { return yield(RegisterCells(fy, r)) })
		return err
	}
	return reg, export.Write(w, f, t)
}

// RegisterTable is a month's register as a table to export (CSV, XLSX, JSON). For a register
// too big to hold, pass no rows and set the table's More to give RegisterCells of each row.
func RegisterTable(fy tds.FY, rows []RegisterRow) export.Table {
	t := export.Table{Name: "tds_register"}
	for _, c := range []struct {
		key  string
		kind export.Kind
	}{{"employee", export.Text}, {"name", export.Text}, {"pan", export.Text}, {"month", export.Text}, {"regime", export.Text},
		{"projected_taxable_income", export.Money}, {"annual_liability", export.Money}, {"deducted_before", export.Money}, {"tds_this_month", export.Money},
		{"deducted_this_month", export.Money}, {"remaining", export.Money}, {"over_deducted", export.Money}, {"months_left", export.Integer},
		{"previous_month_tds", export.Money}, {"change", export.Money}, {"why", export.Text}, {"new_liability", export.Money}, {"old_liability", export.Money},
		{"recommended_regime", export.Text}, {"saving", export.Money}} {
		t.Columns = append(t.Columns, export.Column{Key: c.key, Title: c.key, Kind: c.kind})
	}
	for i := range rows {
		t.Rows = append(t.Rows, RegisterCells(fy, &rows[i]))
	}
	return t
}

// RegisterCells is a register row as the cells of RegisterTable.
func RegisterCells(fy tds.FY, r *RegisterRow) []any {
	opt := func(p *int64) any {
		if p == nil {
			return nil
		}
		return *p
	}
	return []any{r.Employee, r.Name, r.PAN, MonthName(fy, Index(time.Month(r.Month))), r.Regime,
		r.ProjectedTaxable, r.Liability, r.DeductedBefore, r.TDS, opt(r.DeductedThisMonth), r.Remaining, r.OverDeducted, r.MonthsLeft,
		opt(r.PreviousTDS), r.Change, strings.Join(r.Why, "; "), r.NewLiability, r.OldLiability, string(r.Recommended), r.Saving}
}
