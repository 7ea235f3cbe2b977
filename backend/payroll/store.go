package payroll

import (
	"gstdesk/backend/money"

	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"gstdesk/backend/apperr"
	"gstdesk/backend/store"
	"gstdesk/backend/tds"
	"gstdesk/backend/workbook"
)

// Run is a stored payroll run: one import computed for one financial year.
type Run struct {
	ID           string    `json:"id"`
	WorkspaceID  string    `json:"workspace_id"`
	CreatedAt    time.Time `json:"created_at"`
	FY           tds.FY    `json:"fy"`
	FYLabel      string    `json:"fy_label"` // "FY 2025-26"
	Month        int       `json:"month"`    // 1-12: the current month of the schedule; 0 none
	SourceName   string    `json:"source_name"`
	SourceHash   string    `json:"source_hash"`
	SourceFormat Format    `json:"source_format"`
	SourceRows   int       `json:"source_rows"`
	SkippedRows  int       `json:"skipped_rows"`
	Totals       Totals    `json:"totals"`
}

// Row is one employee of a run as the run's table shows it (whole rupees).
type Row struct {
	Seq         int    `json:"seq"`
	SourceRow   int    `json:"source_row"`
	Name        string `json:"name"`
	Code        string `json:"employee_code"`
	PAN         string `json:"pan"`
	NewIncome   int64  `json:"new_income"` // total income (taxable), new regime
	NewTax      int64  `json:"new_tax"`    // tax + surcharge + cess
	NewTDS      int64  `json:"new_tds"`
	OldIncome   int64  `json:"old_income"`
	OldTax      int64  `json:"old_tax"`
	OldTDS      int64  `json:"old_tds"`
	Recommended string `json:"recommended"`
	Saving      int64  `json:"saving"`
	Deducted    int64  `json:"deducted"`
	Monthly     int64  `json:"monthly"` // TDS for the run's month in the chosen regime
	// Regime is the regime the employee chose ("" for the year's default, ChosenRegime).
	Regime string `json:"regime"`
	// OverDeducted is TDS deducted so far beyond the year's TDS, rupees.
	OverDeducted int64 `json:"over_deducted"`
	// MonthlyUnknown says Monthly cannot be told: no TDS deducted so far was given.
	MonthlyUnknown bool `json:"monthly_unknown"`
	// Carried is the employee's text of each of the page's Columns, in order.
	Carried []string `json:"carried"`
}

// SaveRun stores a run and its employees in one transaction and returns it with its id. The
// run's FY, Month, Source*, SkippedRows and CreatedAt (the caller's clock: required) come from r;
// the totals are computed here.
func SaveRun(ctx context.Context, db *sql.DB, r Run, emps []Employee, results []tds.Result, progress Progress) (Run, error) {
	if len(emps) != len(results) {
		return Run{}, fmt.Errorf("payroll: save run: %d employees, %d results", len(emps), len(results))
	}
	return saveRun(ctx, db, r, len(emps), progress, func(add func(*Employee, *tds.Result) error) error {
		for i := range emps {
			if err := add(&emps[i], &results[i]); err != nil {
				return err
			}
		}
		return nil
	})
}

// ComputeAndSaveRun computes each employee read's both regimes for r.FY and stores it at once, in
// one transaction: read calls each with every employee in turn (payroll.Read with Options.Each),
// so a payroll of any size is held one employee at a time. total is how many read will give (for
// progress). Otherwise as SaveRun, whose rows and totals it writes the same.
func ComputeAndSaveRun(ctx context.Context, db *sql.DB, r Run, total int, read func(each func(*Employee) error) error, progress Progress) (Run, error) {
	if _, ok := tds.RulesFor(r.FY); !ok {
		return Run{}, apperr.New(apperr.Invalid, "%s is not supported: use one of %s.", r.FY, tds.SupportedList())
	}
	return saveRun(ctx, db, r, total, progress, func(add func(*Employee, *tds.Result) error) error {
		n := 0
		return read(func(e *Employee) error {
			n++
			res, err := computeOne(e, n, r.FY)
			if err != nil {
				return err
			}
			return add(e, &res)
		})
	})
}

// saveRun writes a run in one transaction: the run's row, then each employee fill gives to add
// with its result, then the totals.
func saveRun(ctx context.Context, db *sql.DB, r Run, total int, progress Progress, fill func(add func(*Employee, *tds.Result) error) error) (Run, error) {
	if r.CreatedAt.IsZero() {
		return Run{}, fmt.Errorf("payroll: save run: no time given to stamp the run with")
	}
	r.ID = uuid.NewString()
	r.CreatedAt = r.CreatedAt.UTC().Truncate(time.Millisecond)
	r.FYLabel = r.FY.String()
	r.Totals = Totals{}
	month := time.Month(r.Month)
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return Run{}, fmt.Errorf("payroll: save run: %w", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO payroll_runs (id, workspace_id, created_at, fy, month, source_name, source_hash, source_format, source_rows, skipped_rows,
		employees, new_count, old_count, new_tax, old_tax, recommended_tax, saving, tds, deducted, monthly) VALUES (?,?,?,?,?,?,?,?,?,?,0,0,0,0,0,0,0,0,0,0)`,
		r.ID, r.WorkspaceID, store.FormatTime(r.CreatedAt), int(r.FY), r.Month, r.SourceName, r.SourceHash, string(r.SourceFormat), r.SourceRows, r.SkippedRows); err != nil {
		return Run{}, fmt.Errorf("payroll: save run: %w", err)
	}
	st, err := tx.PrepareContext(ctx, `INSERT INTO payroll_employees (run_id, seq, source_row, name, code, pan, input, request, deducted,
		new_income, new_tax, new_tds, old_income, old_tax, old_tds, recommended, saving, monthly, regime, deducted_known, over_deducted, monthly_unknown)
		VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`)
	if err != nil {
		return Run{}, fmt.Errorf("payroll: save run: %w", err)
	}
	defer st.Close()
	buf := make([]byte, 0, 512)
	i := 0
	add := func(e *Employee, res *tds.Result) error {
		if i%chunk == 0 {
			if err := ctx.Err(); err != nil {
				return apperr.Wrap(apperr.Canceled, err, "The payroll run was cancelled; nothing was stored.")
			}
			if progress != nil && i > 0 {
				progress(i, total)
			}
		}
		var request any
		if e.Items != nil {
			b, err := e.RequestWorkbook().MarshalJSON()
			if err != nil {
				return fmt.Errorf("payroll: save run: employee %d: %w", i+1, err)
			}
			request = string(b)
		}
		var err error
		buf = encodeInput(buf[:0], &e.Input)
		if buf, err = encodeCarried(buf, e); err != nil {
			return fmt.Errorf("payroll: save run: employee %d: %w", i+1, err)
		}
		m := monthly(*res, e, r.FY, month)
		deducted := e.Deducted.WholeRupees()
		if _, err := st.ExecContext(ctx, r.ID, i+1, e.Row, e.ID.Name, e.ID.Code, e.ID.PAN, string(buf), request, int64(e.Deducted),
			res.New.TotalIncome, res.New.Liability, res.New.TDSOnSalary, res.Old.TotalIncome, res.Old.Liability, res.Old.TDSOnSalary,
			string(res.Recommended), res.Saving, m.Amount, string(e.Regime), e.DeductedKnown, m.Over, m.Unknown); err != nil {
			if ctx.Err() != nil {
				return apperr.Wrap(apperr.Canceled, ctx.Err(), "The payroll run was cancelled; nothing was stored.")
			}
			return fmt.Errorf("payroll: save run: employee %d: %w", i+1, err)
		}
		r.Totals.add(res, deducted, m)
		i++
		return nil
	}
	if err := fill(add); err != nil {
		return Run{}, err
	}
	t := r.Totals
	if _, err := tx.ExecContext(ctx, `UPDATE payroll_runs SET employees=?, new_count=?, old_count=?, new_tax=?, old_tax=?, recommended_tax=?, saving=?, tds=?, deducted=?, monthly=?,
		over_deducted=?, monthly_unknown=? WHERE id=?`,
		t.Employees, t.NewCount, t.OldCount, t.NewTax, t.OldTax, t.Recommended, t.Saving, t.TDS, t.Deducted, t.Monthly, t.OverDeducted, t.MonthlyUnknown, r.ID); err != nil {
		return Run{}, fmt.Errorf("payroll: save run: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return Run{}, fmt.Errorf("payroll: save run: %w", err)
	}
	if progress != nil {
		progress(i, total)
	}
	return r, nil
}

// EncodeInput writes an input compactly as a stored run keeps it (see encodeInput).
func EncodeInput(b []byte, in *tds.Input) []byte { return encodeInput(b, in) }

// DecodeInput reads an input EncodeInput wrote, and validates it.
func DecodeInput(s string) (tds.Input, error) { return decodeInput(s) }

// encodeInput writes an input compactly: "PANISVALID|general|" then the 46 amounts in paise,
// comma-separated, zeros left empty.
func encodeInput(b []byte, in *tds.Input) []byte {
	b = append(b, in.PANStatus...)
	b = append(b, '|')
	b = append(b, in.Category.String()...)
	b = append(b, '|')
	for i, p := range in.Amounts {
		if i > 0 {
			b = append(b, ',')
		}
		if p != 0 {
			b = strconv.AppendInt(b, int64(p), 10)
		}
	}
	return b
}

// storedCarried is how an employee's carried columns are kept: after the input's amounts, a
// fourth "|" part holding this as JSON. There is no column of its own for them (the schema is
// migration 0004's); runs stored before they were kept have no fourth part.
type storedCarried struct {
	Layout Layout   `json:"layout"`
	Extra  []string `json:"extra,omitempty"`
}

// encodeCarried appends "|" and the employee's carried columns to an encoded input; nothing when
// the employee has none (a JSON import).
func encodeCarried(b []byte, e *Employee) ([]byte, error) {
	if len(e.Layout) == 0 {
		return b, nil
	}
	j, err := json.Marshal(storedCarried{Layout: e.Layout, Extra: e.Extra})
	if err != nil {
		return b, err
	}
	return append(append(b, '|'), j...), nil
}

// decodeCarried reads the carried columns a stored input may end with; rest is what follows the
// input's third "|".
func decodeCarried(rest string) (Layout, []string, error) {
	i := strings.IndexByte(rest, '|')
	if i < 0 {
		return nil, nil, nil
	}
	var c storedCarried
	if err := json.Unmarshal([]byte(rest[i+1:]), &c); err != nil {
		return nil, nil, fmt.Errorf("payroll: stored carried columns: %w", err)
	}
	return c.Layout, c.Extra, nil
}

// splitInput splits a stored input into the input proper and its carried columns.
func splitInput(s string) (tds.Input, Layout, []string, error) {
	parts := strings.SplitN(s, "|", 3)
	if len(parts) != 3 {
		return tds.Input{}, nil, nil, fmt.Errorf("payroll: stored input %.20q is damaged", s)
	}
	l, x, err := decodeCarried(parts[2])
	if err != nil {
		return tds.Input{}, nil, nil, err
	}
	if i := strings.IndexByte(parts[2], '|'); i >= 0 {
		s = s[:len(s)-len(parts[2])+i]
	}
	in, err := decodeInput(s)
	return in, l, x, err
}

func decodeInput(s string) (tds.Input, error) {
	var in tds.Input
	parts := strings.SplitN(s, "|", 3)
	if len(parts) != 3 {
		return in, fmt.Errorf("payroll: stored input %.20q is damaged", s)
	}
	in.PANStatus = parts[0]
	c, err := tds.ParseCategory(parts[1])
	if err != nil {
		return in, fmt.Errorf("payroll: stored input: %w", err)
	}
	in.Category = c
	// The amounts, comma-separated, read in place (a TDS year reads 100,000 of these a month).
	rest := parts[2]
	if n := strings.Count(rest, ",") + 1; n != int(tds.NumFields) {
		return in, fmt.Errorf("payroll: stored input has %d amounts", n)
	}
	for i := range in.Amounts {
		a := rest
		if j := strings.IndexByte(rest, ','); j >= 0 {
			a, rest = rest[:j], rest[j+1:]
		}
		if a == "" {
			continue
		}
		v, err := strconv.ParseInt(a, 10, 64)
		if err != nil {
			return in, fmt.Errorf("payroll: stored input: %w", err)
		}
		in.Amounts[i] = money.Paise(v)
	}
	return in, in.Validate()
}

const runColumns = `id, workspace_id, created_at, fy, month, source_name, source_hash, source_format, source_rows, skipped_rows,
	employees, new_count, old_count, new_tax, old_tax, recommended_tax, saving, tds, deducted, monthly, over_deducted, monthly_unknown`

func scanRun(row interface{ Scan(...any) error }) (Run, error) {
	var r Run
	var created, format string
	var fy int
	t := &r.Totals
	err := row.Scan(&r.ID, &r.WorkspaceID, &created, &fy, &r.Month, &r.SourceName, &r.SourceHash, &format, &r.SourceRows, &r.SkippedRows,
		&t.Employees, &t.NewCount, &t.OldCount, &t.NewTax, &t.OldTax, &t.Recommended, &t.Saving, &t.TDS, &t.Deducted, &t.Monthly, &t.OverDeducted, &t.MonthlyUnknown)
	if err != nil {
		return r, err
	}
	r.CreatedAt, _ = time.Parse(time.RFC3339Nano, created)
	r.FY = tds.FY(fy)
	r.FYLabel = r.FY.String()
	r.SourceFormat = Format(format)
	return r, nil
}

// Runs lists a workspace's runs, newest first.
func Runs(ctx context.Context, db *sql.DB, workspaceID string) ([]Run, error) {
	rows, err := db.QueryContext(ctx, `SELECT `+runColumns+` FROM payroll_runs WHERE workspace_id=? ORDER BY created_at DESC`, workspaceID)
	if err != nil {
		return nil, fmt.Errorf("payroll: runs: %w", err)
	}
	defer rows.Close()
	out := []Run{}
	for rows.Next() {
		r, err := scanRun(rows)
		if err != nil {
			return nil, fmt.Errorf("payroll: runs: %w", err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// GetRun reads one run.
func GetRun(ctx context.Context, db *sql.DB, id string) (Run, error) {
	r, err := scanRun(db.QueryRowContext(ctx, `SELECT `+runColumns+` FROM payroll_runs WHERE id=?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return r, apperr.New(apperr.NotFound, "That payroll run no longer exists: pick another from the list.")
	}
	if err != nil {
		return r, fmt.Errorf("payroll: run: %w", err)
	}
	return r, nil
}

// DeleteRun removes a run with its employees and checks.
func DeleteRun(ctx context.Context, db *sql.DB, id string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("payroll: delete run: %w", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `DELETE FROM payroll_checks WHERE run_id=?`, id); err != nil {
		return fmt.Errorf("payroll: delete run: %w", err)
	}
	res, err := tx.ExecContext(ctx, `DELETE FROM payroll_runs WHERE id=?`, id)
	if err != nil {
		return fmt.Errorf("payroll: delete run: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return apperr.New(apperr.NotFound, "That payroll run no longer exists.")
	}
	return tx.Commit()
}

// Query selects, orders and pages a run's rows.
type Query struct {
	Filter string `json:"filter"` // part of the name, code or PAN (case ignored)
	Regime string `json:"regime"` // "new" or "old": only employees recommended that regime
	Sort   string `json:"sort"`   // a Row json key: seq, name, new_tax, saving, ...
	Desc   bool   `json:"desc"`
	Offset int    `json:"offset"`
	Limit  int    `json:"limit"` // default 100, at most 5,000
}

// Page is one page of a run's rows with the count and totals of all rows the query selects.
type Page struct {
	// Columns are the run's carried columns: the file's identifier and other columns under its
	// own headers, in its order; for a JSON import (or a run stored before they were kept) the
	// identifiers employee_code, name and pan.
	Columns Layout `json:"columns"`
	Rows    []Row  `json:"rows"`
	Total   int    `json:"total"`
	Totals  Totals `json:"totals"`
}

// defaultColumns are the carried columns of a run without a layout.
var defaultColumns = Layout{{Key: ColCode}, {Key: ColName}, {Key: ColPAN}}

var sortable = map[string]string{"seq": "seq", "source_row": "source_row", "name": "name COLLATE NOCASE", "employee_code": "code COLLATE NOCASE", "pan": "pan",
	"new_income": "new_income", "new_tax": "new_tax", "new_tds": "new_tds", "old_income": "old_income", "old_tax": "old_tax", "old_tds": "old_tds",
	"recommended": "recommended", "saving": "saving", "deducted": "deducted", "monthly": "monthly", "regime": "regime", "over_deducted": "over_deducted"}

const rowColumns = `seq, source_row, name, code, pan, new_income, new_tax, new_tds, old_income, old_tax, old_tds, recommended, saving, deducted, monthly, input,
	regime, over_deducted, monthly_unknown`

// scanRow reads a row and its carried columns' layout and texts.
func scanRow(rows *sql.Rows) (Row, Layout, error) {
	var r Row
	var input string
	err := rows.Scan(&r.Seq, &r.SourceRow, &r.Name, &r.Code, &r.PAN, &r.NewIncome, &r.NewTax, &r.NewTDS, &r.OldIncome, &r.OldTax, &r.OldTDS, &r.Recommended, &r.Saving, &r.Deducted, &r.Monthly, &input,
		&r.Regime, &r.OverDeducted, &r.MonthlyUnknown)
	if err != nil {
		return r, nil, err
	}
	r.Deducted = money.Paise(r.Deducted).WholeRupees()
	var layout Layout
	var extra []string
	if parts := strings.SplitN(input, "|", 3); len(parts) == 3 {
		if layout, extra, err = decodeCarried(parts[2]); err != nil {
			return r, nil, err
		}
	}
	if layout == nil {
		layout = defaultColumns
	}
	e := Employee{ID: Identity{Name: r.Name, Code: r.Code, PAN: r.PAN}, Layout: layout, Extra: extra}
	r.Carried = e.Carried()
	return r, layout, nil
}

func (q Query) where(runID string) (string, []any) {
	w := "run_id=?"
	args := []any{runID}
	if f := strings.TrimSpace(q.Filter); f != "" {
		like := "%" + strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(f) + "%"
		w += ` AND (name LIKE ? ESCAPE '\' OR code LIKE ? ESCAPE '\' OR pan LIKE ? ESCAPE '\')`
		args = append(args, like, like, like)
	}
	if q.Regime == "new" || q.Regime == "old" {
		w += " AND recommended=?"
		args = append(args, q.Regime)
	}
	return w, args
}

// Rows reads a page of a run's employees.
func Rows(ctx context.Context, db *sql.DB, runID string, q Query) (Page, error) {
	where, args := q.where(runID)
	order, ok := sortable[q.Sort]
	if !ok {
		order = "seq"
	}
	dir := "ASC"
	if q.Desc {
		dir = "DESC"
	}
	if q.Limit <= 0 {
		q.Limit = 100
	}
	q.Limit = min(q.Limit, 5000)
	q.Offset = max(q.Offset, 0)
	var p Page
	t := &p.Totals
	err := db.QueryRowContext(ctx, `SELECT count(*), coalesce(sum(recommended='new'),0), coalesce(sum(recommended='old'),0), coalesce(sum(new_tax),0), coalesce(sum(old_tax),0),
		coalesce(sum(CASE recommended WHEN 'new' THEN new_tax ELSE old_tax END),0), coalesce(sum(saving),0),
		coalesce(sum(CASE recommended WHEN 'new' THEN new_tds ELSE old_tds END),0), coalesce(sum(deducted),0), coalesce(sum(monthly),0),
		coalesce(sum(over_deducted),0), coalesce(sum(monthly_unknown),0)
		FROM payroll_employees WHERE `+where, args...).Scan(&p.Total, &t.NewCount, &t.OldCount, &t.NewTax, &t.OldTax, &t.Recommended, &t.Saving, &t.TDS, &t.Deducted, &t.Monthly,
		&t.OverDeducted, &t.MonthlyUnknown)
	if err != nil {
		return p, fmt.Errorf("payroll: rows: %w", err)
	}
	t.Employees = p.Total
	t.Deducted = money.Paise(t.Deducted).WholeRupees()
	rows, err := db.QueryContext(ctx, `SELECT `+rowColumns+` FROM payroll_employees WHERE `+where+` ORDER BY `+order+` `+dir+`, seq LIMIT ? OFFSET ?`, append(args, q.Limit, q.Offset)...)
	if err != nil {
		return p, fmt.Errorf("payroll: rows: %w", err)
	}
	defer rows.Close()
	p.Rows = []Row{}
	for rows.Next() {
		r, layout, err := scanRow(rows)
		if err != nil {
			return p, fmt.Errorf("payroll: rows: %w", err)
		}
		if p.Columns == nil {
			p.Columns = layout
		}
		p.Rows = append(p.Rows, r)
	}
	if err := rows.Err(); err != nil {
		return p, fmt.Errorf("payroll: rows: %w", err)
	}
	if p.Columns == nil {
		if p.Columns, err = carriedOf(ctx, db, runID); err != nil {
			return p, err
		}
	}
	return p, nil
}

// carriedOf is a run's carried columns, from its first employee.
func carriedOf(ctx context.Context, db *sql.DB, runID string) (Layout, error) {
	var input string
	err := db.QueryRowContext(ctx, `SELECT input FROM payroll_employees WHERE run_id=? ORDER BY seq LIMIT 1`, runID).Scan(&input)
	if errors.Is(err, sql.ErrNoRows) {
		return defaultColumns, nil
	}
	if err != nil {
		return nil, fmt.Errorf("payroll: rows: %w", err)
	}
	var layout Layout
	if parts := strings.SplitN(input, "|", 3); len(parts) == 3 {
		if layout, _, err = decodeCarried(parts[2]); err != nil {
			return nil, err
		}
	}
	if layout == nil {
		layout = defaultColumns
	}
	return layout, nil
}

// AllRows reads every row the query selects, ignoring its paging (for exports), with the run's
// carried columns.
func AllRows(ctx context.Context, db *sql.DB, runID string, q Query) ([]Row, Layout, error) {
	q.Offset, q.Limit = 0, 5000
	var out []Row
	var cols Layout
	for {
		p, err := Rows(ctx, db, runID, q)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, p.Rows...)
		cols = p.Columns
		if len(p.Rows) < q.Limit {
			return out, cols, nil
		}
		q.Offset += q.Limit
	}
}

// Employees reads employees of a run back with their input: those with the given seqs, or all
// of them (in order) when seqs is empty.
func Employees(ctx context.Context, db *sql.DB, runID string, seqs ...int) ([]Employee, []int, error) {
	query := `SELECT seq, source_row, name, code, pan, input, request, deducted, deducted_known, regime FROM payroll_employees WHERE run_id=?`
	args := []any{runID}
	if len(seqs) > 0 {
		query += ` AND seq IN (` + strings.TrimSuffix(strings.Repeat("?,", len(seqs)), ",") + `)`
		for _, s := range seqs {
			args = append(args, s)
		}
	}
	rows, err := db.QueryContext(ctx, query+` ORDER BY seq`, args...)
	if err != nil {
		return nil, nil, fmt.Errorf("payroll: employees: %w", err)
	}
	defer rows.Close()
	var out []Employee
	var outSeq []int
	for rows.Next() {
		var e Employee
		var seq int
		var input string
		var request sql.NullString
		var deducted int64
		var regime string
		if err := rows.Scan(&seq, &e.Row, &e.ID.Name, &e.ID.Code, &e.ID.PAN, &input, &request, &deducted, &e.DeductedKnown, &regime); err != nil {
			return nil, nil, fmt.Errorf("payroll: employees: %w", err)
		}
		e.Deducted = money.Paise(deducted)
		e.Regime = tds.Regime(regime)
		if e.Input, e.Layout, e.Extra, err = splitInput(input); err != nil {
			return nil, nil, err
		}
		if len(out) > 0 && slices.Equal(out[0].Layout, e.Layout) {
			e.Layout = out[0].Layout // one layout for the run, as the import had it
		}
		if request.Valid {
			w, err := workbook.Parse([]byte(request.String))
			if err == nil {
				e.Items, err = w.Items()
			}
			if err != nil {
				return nil, nil, fmt.Errorf("payroll: employees: stored workbook %d: %w", seq, err)
			}
		}
		out = append(out, e)
		outSeq = append(outSeq, seq)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, fmt.Errorf("payroll: employees: %w", err)
	}
	if len(seqs) > 0 && len(out) != len(seqs) {
		return nil, nil, apperr.New(apperr.NotFound, "Some of those employees are not in this run: reload the run.")
	}
	return out, outSeq, nil
}
