package tdsyear

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/money"
	"gstdesk/backend/payroll"
	"gstdesk/backend/store"
	"gstdesk/backend/tds"
)

// Employee is an employee of a TDS year as kept across months.
type Employee struct {
	Code     string       `json:"employee"`
	Name     string       `json:"name"`
	PAN      string       `json:"pan"`
	Category tds.Category `json:"-"`
	Joined   string       `json:"date_of_joining"` // YYYY-MM-DD or ""
	Left     string       `json:"date_of_leaving"`
	Regime   tds.Regime   `json:"regime"`
}

// last is the index of the employee's last month of employment in fy.
func (e *Employee) last(fy tds.FY) int {
	if e.Left == "" {
		return 11
	}
	return min(11, monthIndexOf(fy, e.Left))
}

// first is the index of the employee's first month of employment in fy.
func (e *Employee) first(fy tds.FY) int {
	if e.Joined == "" {
		return 0
	}
	return max(0, monthIndexOf(fy, e.Joined))
}

// record is a month record as stored.
type record struct {
	code     string
	mi       int
	row      int
	paid     Amounts
	decl     string // payroll.EncodeInput
	regime   tds.Regime
	deducted sql.NullInt64
	res      Result
	prevTDS  sql.NullInt64
	why      []string
	// hra is the month's HRA exemption from the HRA helper, paise; NULL when the month gave none.
	hra       sql.NullInt64
	declInput *tds.Input // decoded on demand
}

func (r *record) declarations() (tds.Input, error) {
	if r.declInput == nil {
		in, err := payroll.DecodeInput(r.decl)
		if err != nil {
			return in, err
		}
		r.declInput = &in
	}
	return *r.declInput, nil
}

// Options steer a month's import.
type Options struct {
	// AcceptPANChange takes a PAN that differs from the one recorded for the employee earlier in
	// the year as a correction (a warning), instead of refusing the month.
	AcceptPANChange bool
	// DryRun does everything a real import does, in its transaction, and then rolls it back:
	// the result says what recording the month would do, and nothing is stored.
	DryRun bool
	Now    time.Time
}

// MonthResult is what importing a month did.
type MonthResult struct {
	FY         tds.FY    `json:"fy"`
	FYLabel    string    `json:"fy_label"`
	Month      int       `json:"month"` // 1-12
	MonthLabel string    `json:"month_label"`
	File       string    `json:"file"`
	Hash       string    `json:"hash"`
	Employees  int       `json:"employees"`
	Totals     Totals    `json:"totals"`
	Diff       Diff      `json:"diff"`
	Warnings   []string  `json:"warnings"`
	Problems   []Problem `json:"problems"`
	// Recomputed names the later months computed again because this one came in after them.
	Recomputed []string `json:"recomputed"`
}

// Totals sum a month's register.
type Totals struct {
	Employees      int   `json:"employees"`
	Liability      int64 `json:"annual_liability"`
	DeductedBefore int64 `json:"deducted_before"`
	TDS            int64 `json:"tds_this_month"`
	Deducted       int64 `json:"deducted_this_month"` // as recorded
	Remaining      int64 `json:"remaining"`
	OverDeducted   int64 `json:"over_deducted"`
	OverCount      int   `json:"over_count"`
}

// Diff is how a month imported again differs from what was stored for it.
type Diff struct {
	Replaced bool     `json:"replaced"` // the month had been imported before
	Added    []string `json:"added"`    // employee codes
	Removed  []string `json:"removed"`
	Changed  []Change `json:"changed"`
}

// Change is one employee's month as imported again.
type Change struct {
	Employee string   `json:"employee"`
	Fields   []string `json:"fields"` // "salary u/s 17(1) 1,00,000 → 1,20,000"
}

// maxListed bounds the codes and warnings a result lists; the counts say the rest.
const maxListed = 200

const recordColumns = `code, mi, source_row, salary, one_off, perquisites, profits, entertainment, professional_tax, declarations, regime, deducted,
	projected_income, liability, deducted_before, tds, remaining, over_deducted, months_left, new_liability, old_liability, recommended, prev_tds, why, hra_exempt`

func scanRecord(rows interface{ Scan(...any) error }) (record, error) {
	var r record
	err := scanRecordInto(rows, &r)
	return r, err
}

// scanRecordInto scans recordColumns, then the extra columns.
func scanRecordInto(rows interface{ Scan(...any) error }, r *record, extra ...any) error {
	var why, rec, regime string
	p := &r.paid.Items
	dest := []any{&r.code, &r.mi, &r.row, &p[0], &r.paid.OneOff, &p[1], &p[2], &p[3], &p[4], &r.decl, &regime, &r.deducted,
		&r.res.ProjectedTaxable, &r.res.Liability, &r.res.DeductedBefore, &r.res.TDS, &r.res.Remaining, &r.res.OverDeducted, &r.res.MonthsLeft,
		&r.res.NewLiability, &r.res.OldLiability, &rec, &r.prevTDS, &why, &r.hra}
	if err := rows.Scan(append(dest, extra...)...); err != nil {
		return err
	}
	r.regime, r.res.Recommended = tds.Regime(regime), tds.Regime(rec)
	if why == "[]" {
		return nil
	}
	if err := json.Unmarshal([]byte(why), &r.why); err != nil {
		return fmt.Errorf("tdsyear: stored why: %w", err)
	}
	return nil
}

// monthRecords reads the records of month mi, by code.
func monthRecords(ctx context.Context, q querier, ws string, fy tds.FY, mi int) (map[string]*record, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+recordColumns+` FROM tds_month_records WHERE workspace_id=? AND fy=? AND mi=?`, ws, int(fy), mi)
	if err != nil {
		return nil, fmt.Errorf("tdsyear: month records: %w", err)
	}
	defer rows.Close()
	out := map[string]*record{}
	for rows.Next() {
		r, err := scanRecord(rows)
		if err != nil {
			return nil, fmt.Errorf("tdsyear: month records: %w", err)
		}
		out[r.code] = &r
	}
	return out, rows.Err()
}

// previousRecords reads the latest record before month mi of each employee in codes: the month
// before for those it holds (one indexed read of one month, the usual case), then the latest
// earlier month for the others (a joiner's gap, a month imported out of order): one lookup on the
// key each when they are few, one pass over the earlier months when they are many. The month
// before's records of employees not in codes are returned too (the import names those missing
// from its file).
func previousRecords(ctx context.Context, q querier, ws string, fy tds.FY, mi int, codes []string) (map[string]*record, error) {
	if mi == 0 {
		return map[string]*record{}, nil
	}
	out, err := monthRecords(ctx, q, ws, fy, mi-1)
	if err != nil {
		return nil, err
	}
	var gaps []string
	for _, c := range codes {
		if out[c] == nil {
			gaps = append(gaps, c)
		}
	}
	if len(gaps) == 0 || mi == 1 {
		return out, nil
	}
	if len(gaps) > 2000 {
		// SQLite takes the bare columns of an aggregate query from the row holding the max().
		rows, err := q.QueryContext(ctx, `SELECT `+recordColumns+`, max(mi) FROM tds_month_records WHERE workspace_id=? AND fy=? AND mi<? GROUP BY code`, ws, int(fy), mi-1)
		if err != nil {
			return nil, fmt.Errorf("tdsyear: previous records: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var r record
			var m int
			if err := scanRecordInto(rows, &r, &m); err != nil {
				return nil, fmt.Errorf("tdsyear: previous records: %w", err)
			}
			if out[r.code] == nil {
				out[r.code] = &r
			}
		}
		return out, rows.Err()
	}
	for _, c := range gaps {
		rows, err := q.QueryContext(ctx, `SELECT `+recordColumns+` FROM tds_month_records WHERE workspace_id=? AND fy=? AND code=? AND mi<? ORDER BY mi DESC LIMIT 1`, ws, int(fy), c, mi-1)
		if err != nil {
			return nil, fmt.Errorf("tdsyear: previous records: %w", err)
		}
		for rows.Next() {
			r, err := scanRecord(rows)
			if err != nil {
				rows.Close()
				return nil, fmt.Errorf("tdsyear: previous records: %w", err)
			}
			out[r.code] = &r
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("tdsyear: previous records: %w", err)
		}
	}
	return out, nil
}

// before sums each employee's months before mi: amounts paid, TDS deducted (as recorded, else as
// computed), the HRA helper's exemptions, and how many months are recorded.
func before(ctx context.Context, q querier, ws string, fy tds.FY, mi int) (map[string]Before, map[string]int, error) {
	rows, err := q.QueryContext(ctx, `SELECT code, sum(salary + one_off), sum(perquisites), sum(profits), sum(entertainment), sum(professional_tax),
		sum(coalesce(deducted, tds)), count(*), sum(coalesce(hra_exempt, 0)), count(hra_exempt) FROM tds_month_records WHERE workspace_id=? AND fy=? AND mi<? GROUP BY code`, ws, int(fy), mi)
	if err != nil {
		return nil, nil, fmt.Errorf("tdsyear: year so far: %w", err)
	}
	defer rows.Close()
	out, n := map[string]Before{}, map[string]int{}
	for rows.Next() {
		var code string
		var b Before
		var c int
		if err := rows.Scan(&code, &b.Paid[0], &b.Paid[1], &b.Paid[2], &b.Paid[3], &b.Paid[4], &b.Deducted, &c, &b.HRA, &b.HRAMonths); err != nil {
			return nil, nil, fmt.Errorf("tdsyear: year so far: %w", err)
		}
		out[code], n[code] = b, c
	}
	return out, n, rows.Err()
}

type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// employees reads a year's employees by code.
func employees(ctx context.Context, q querier, ws string, fy tds.FY) (map[string]*Employee, error) {
	rows, err := q.QueryContext(ctx, `SELECT code, name, pan, category, joined, left_on, regime FROM tds_employees WHERE workspace_id=? AND fy=?`, ws, int(fy))
	if err != nil {
		return nil, fmt.Errorf("tdsyear: employees: %w", err)
	}
	defer rows.Close()
	out := map[string]*Employee{}
	for rows.Next() {
		var e Employee
		var cat, regime string
		if err := rows.Scan(&e.Code, &e.Name, &e.PAN, &cat, &e.Joined, &e.Left, &regime); err != nil {
			return nil, fmt.Errorf("tdsyear: employees: %w", err)
		}
		e.Category, _ = tds.ParseCategory(cat)
		e.Regime = tds.Regime(regime)
		out[e.Code] = &e
	}
	return out, rows.Err()
}

// together runs fns at the same time and returns the first error.
func together(fns ...func() error) error {
	errs := make([]error, len(fns))
	var wg sync.WaitGroup
	for i, f := range fns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = f()
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// ImportMonth records a month of a workspace's TDS year from a month file and computes its TDS,
// in one transaction: the month is stored whole, or nothing is when any row has a problem. A
// month imported again replaces the one stored, and the result says what changed. Later months
// already recorded (a month imported out of order) are computed again from what is recorded.
func ImportMonth(ctx context.Context, db *sql.DB, ws string, fy tds.FY, month time.Month, im *payroll.Import, opt Options) (MonthResult, error) {
	if _, ok := tds.RulesFor(fy); !ok {
		return MonthResult{}, apperr.New(apperr.Invalid, "%s is not supported: use one of %s.", fy, tds.SupportedList())
	}
	if month < time.January || month > time.December {
		return MonthResult{}, apperr.New(apperr.Invalid, "The month must be 1 to 12, not %d.", int(month))
	}
	if opt.Now.IsZero() {
		opt.Now = time.Now()
	}
	mi := Index(month)
	label := MonthName(fy, mi)
	out := MonthResult{FY: fy, FYLabel: fy.String(), Month: int(month), MonthLabel: label, File: im.File, Hash: im.Hash,
		Warnings: []string{}, Problems: []Problem{}, Recomputed: []string{}, Diff: Diff{Added: []string{}, Removed: []string{}, Changed: []Change{}}}
	warn := func(format string, a ...any) {
		if len(out.Warnings) < maxListed {
			out.Warnings = append(out.Warnings, fmt.Sprintf(format, a...))
		}
	}
	rows, keep, problems := ReadMonth(im)
	out.Problems = append(out.Problems, problems...)
	for _, w := range im.Warnings {
		warn("%s", w)
	}
	if len(out.Problems) > 0 {
		return out, refused(im.File, label, len(out.Problems))
	}

	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return out, fmt.Errorf("tdsyear: import month: %w", err)
	}
	defer tx.Rollback()
	codes := make([]string, len(rows))
	for i := range rows {
		codes[i] = rows[i].Code
	}
	// The year so far, read on other connections side by side: the transaction holds the write
	// lock from its start (BEGIN IMMEDIATE) and has written nothing yet, so they read exactly
	// what it would.
	var emps map[string]*Employee
	var prev, old map[string]*record
	var sofar map[string]Before
	var counts map[string]int
	if err := together(
		func() (err error) { emps, err = employees(ctx, db, ws, fy); return },
		func() (err error) { prev, err = previousRecords(ctx, db, ws, fy, mi, codes); return },
		func() (err error) { sofar, counts, err = before(ctx, db, ws, fy, mi); return },
		func() (err error) { old, err = monthRecords(ctx, db, ws, fy, mi); return },
	); err != nil {
		return out, err
	}
	var oldHash, oldAt string
	err = tx.QueryRowContext(ctx, `SELECT source_hash, imported_at FROM tds_months WHERE workspace_id=? AND fy=? AND month=?`, ws, int(fy), int(month)).Scan(&oldHash, &oldAt)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return out, fmt.Errorf("tdsyear: import month: %w", err)
	}
	if oldHash != "" {
		out.Diff.Replaced = true
		if oldHash == im.Hash {
			at, _ := store.ParseTime(oldAt)
			warn("%s was already imported for %s on %s, exactly this file: the month is recorded again as it was", im.File, label, at.Local().Format("02/01/2006 15:04"))
		}
	}

	problem := func(r *Row, msg string) {
		out.Problems = append(out.Problems, Problem{File: im.File, Sheet: im.Sheet, Row: r.SourceRow, Value: r.Code, Message: msg})
	}
	recs := make([]record, 0, len(rows))
	ups := make([]Employee, 0, len(rows))
	var datesChanged []int // indexes in ups of employees recorded before whose dates of joining or leaving change
	for i := range rows {
		r := &rows[i]
		who := "employee " + r.Code
		e := Employee{Code: r.Code, Name: r.Name, PAN: r.PAN, Category: r.Declarations.Category, Joined: r.Joined, Left: r.Left, Regime: r.Regime}
		st := emps[r.Code]
		if st != nil {
			if e.Name == "" {
				e.Name = st.Name
			}
			switch {
			case e.PAN == "":
				e.PAN = st.PAN
			case st.PAN != "" && st.PAN != e.PAN && !opt.AcceptPANChange:
				problem(r, fmt.Sprintf("%s, %s: PAN %s differs from %s recorded earlier this year. A PAN does not change: if the earlier one was wrong, import again accepting the PAN change (--accept-pan-change), which corrects it for the whole year", who, label, e.PAN, st.PAN))
				continue
			case st.PAN != "" && st.PAN != e.PAN:
				warn("%s, %s: PAN changed from %s to %s for the whole year, as asked", who, label, st.PAN, e.PAN)
			}
			if e.Joined == "" {
				e.Joined = st.Joined
			}
			if e.Left == "" && (r.Joined == "" || st.Left == "" || r.Joined <= st.Left) {
				e.Left = st.Left
			}
			if e.Regime == "" {
				e.Regime = st.Regime
			}
		}
		if e.Regime == "" {
			e.Regime = tds.DefaultRegime(fy)
		}
		if e.Left != "" && monthIndexOf(fy, e.Left) < mi {
			problem(r, fmt.Sprintf("%s left on %s: there is no %s for them. If they rejoined, give the new date_of_joining", who, ShowDate(e.Left), label))
			continue
		}
		if e.Joined != "" && monthIndexOf(fy, e.Joined) > mi {
			problem(r, fmt.Sprintf("%s joined on %s, after %s", who, ShowDate(e.Joined), label))
			continue
		}
		decl := r.Declarations
		if p := prev[r.Code]; p != nil {
			pd, err := p.declarations()
			if err != nil {
				return out, err
			}
			for _, f := range keep.Fields {
				decl.Amounts[f] = pd.Amounts[f]
			}
			if keep.PANStatus {
				decl.PANStatus = pd.PANStatus
			}
			if keep.Category {
				decl.Category = pd.Category
			}
		}
		e.Category = decl.Category
		// The month's HRA exemption (the HRA helper): worked out from this month's rent, basic +
		// DA, HRA received and city; with none of those and no HRA column, the last month's goes
		// on, as every declaration without a column does.
		var hra sql.NullInt64
		if r.HRA != nil {
			h, err := tds.HRAExemption(fy, r.HRA.Rent, r.HRA.Salary, r.HRA.Received, r.HRA.City)
			if err != nil {
				problem(r, fmt.Sprintf("%s, %s: %s", who, label, publicText(err)))
				continue
			}
			hra = sql.NullInt64{Int64: int64(h.Exempt), Valid: true}
		} else if p := prev[r.Code]; p != nil && p.hra.Valid && keep.HRA {
			hra = p.hra
		}
		b := sofar[r.Code]
		res, err := Compute(Step{FY: fy, Month: mi, Last: e.last(fy), Regime: e.Regime, Paid: r.Paid, Declarations: decl, Before: b,
			HRA: money.Paise(hra.Int64), HRAGiven: hra.Valid})
		if err != nil {
			problem(r, fmt.Sprintf("%s, %s: %s", who, label, publicText(err)))
			continue
		}
		if want := mi - e.first(fy); counts[r.Code] < want {
			warn("%s: %d earlier month(s) of employment have no record (counted as nothing paid and nothing deducted): import them to complete the year", who, want-counts[r.Code])
		}
		if hra.Valid {
			if n := counts[r.Code] - b.HRAMonths; n > 0 {
				warn("%s, %s: %d earlier month(s) give no rent, HRA and basic + DA for the HRA exemption of the month: counted as no HRA exempt in those months; import them again with rent_paid, hra_received, basic_da and city", who, label, n)
			}
			decl.Amounts[tds.HRA10_13A] = res.Projected.Amounts[tds.HRA10_13A]
		}
		if st != nil && (st.Left != e.Left || st.Joined != e.Joined) {
			datesChanged = append(datesChanged, len(ups))
		}
		rec := record{code: r.Code, mi: mi, row: r.SourceRow, paid: r.Paid, decl: string(payroll.EncodeInput(nil, &decl)), regime: e.Regime, res: res, declInput: &decl, hra: hra}
		if r.Deducted != nil {
			rec.deducted = sql.NullInt64{Int64: *r.Deducted, Valid: true}
		}
		rec.prevTDS, rec.why = explain(fy, &rec, prev[r.Code], emps[r.Code] == nil)
		recs = append(recs, rec)
		ups = append(ups, e)
	}
	if err := checkOtherMonths(ctx, tx, ws, fy, mi, ups, recs, datesChanged, func(k int, msg string) {
		out.Problems = append(out.Problems, Problem{File: im.File, Sheet: im.Sheet, Row: recs[k].row, Value: recs[k].code, Message: msg})
	}); err != nil {
		return out, err
	}
	if len(out.Problems) > 0 {
		return out, refused(im.File, label, len(out.Problems))
	}
	out.Diff = diffMonth(old, recs)
	out.Diff.Replaced = oldHash != ""
	// Only the employees new to the year or whose details changed are written.
	changedEmps := make([]Employee, 0, len(ups))
	for i := range ups {
		if st := emps[ups[i].Code]; st == nil || *st != ups[i] {
			changedEmps = append(changedEmps, ups[i])
		}
	}
	if err := writeMonth(ctx, tx, ws, fy, month, im, changedEmps, recs, opt.Now); err != nil {
		return out, err
	}
	for i := range ups {
		emps[ups[i].Code] = &ups[i]
	}
	// Employees recorded the month before who are not in this file.
	missing := 0
	inFile := make(map[string]bool, len(recs))
	for i := range recs {
		inFile[recs[i].code] = true
	}
	for code, p := range prev {
		if inFile[code] {
			continue
		}
		if e := emps[code]; e != nil && e.Left != "" && monthIndexOf(fy, e.Left) < mi {
			continue
		}
		if missing++; missing <= 20 {
			warn("employee %s was recorded in %s but is not in this file: not paid in %s? Give date_of_leaving for an employee who left", code, MonthName(fy, p.mi), label)
		}
	}
	if missing > 20 {
		warn("... %d employees in all were recorded earlier but are not in this file", missing)
	}
	later, err := laterMonths(ctx, tx, ws, fy, mi)
	if err != nil {
		return out, err
	}
	if len(later) > 0 {
		var names []string
		for _, l := range later {
			names = append(names, MonthName(fy, l))
		}
		warn("%s comes in after %s: it is computed from what is recorded, and the later months are computed again from it", label, strings.Join(names, ", "))
		for _, l := range later {
			changed, err := recompute(ctx, tx, ws, fy, l, emps)
			if err != nil {
				return out, err
			}
			out.Recomputed = append(out.Recomputed, fmt.Sprintf("%s: TDS changed for %d employee(s)", MonthName(fy, l), changed))
		}
	}
	if !opt.DryRun {
		if err := tx.Commit(); err != nil {
			return out, fmt.Errorf("tdsyear: import month: %w", err)
		}
	}
	out.Employees = len(recs)
	for i := range recs {
		out.Totals.add(&recs[i])
	}
	return out, nil
}

func (t *Totals) add(r *record) {
	t.Employees++
	t.Liability += r.res.Liability
	t.DeductedBefore += r.res.DeductedBefore
	t.TDS += r.res.TDS
	if r.deducted.Valid {
		t.Deducted += r.deducted.Int64
	}
	t.Remaining += r.res.Remaining
	t.OverDeducted += r.res.OverDeducted
	if r.res.OverDeducted > 0 {
		t.OverCount++
	}
}

// refused is the error of a month file with problems: nothing is stored.
func refused(file, label string, n int) error {
	return apperr.New(apperr.Invalid, "%s has %d problem(s): %s is not recorded (nothing was stored). Fix the file and import it again.", file, n, label)
}

// publicText is an error's message without its kind.
func publicText(err error) string {
	var e *apperr.Error
	if errors.As(err, &e) {
		return strings.TrimSuffix(e.Message, ".")
	}
	return err.Error()
}

// writeMonth stores the month: employees upserted, the month's records replaced, the month noted,
// with multi-row INSERTs.
func writeMonth(ctx context.Context, tx *sql.Tx, ws string, fy tds.FY, month time.Month, im *payroll.Import, ups []Employee, recs []record, now time.Time) error {
	if len(ups) > 0 {
		emp, err := newBulk(ctx, tx, `INSERT INTO tds_employees (workspace_id, fy, code, name, pan, category, joined, left_on, regime)`,
			` ON CONFLICT (workspace_id, fy, code) DO UPDATE SET name=excluded.name, pan=excluded.pan, category=excluded.category, joined=excluded.joined,
		left_on=excluded.left_on, regime=excluded.regime`, 9, min(len(ups), 100))
		if err != nil {
			return fmt.Errorf("tdsyear: store month: %w", err)
		}
		defer emp.close()
		for i := range ups {
			e := &ups[i]
			if err := emp.add(ws, int64(fy), e.Code, e.Name, e.PAN, e.Category.String(), e.Joined, e.Left, string(e.Regime)); err != nil {
				return fmt.Errorf("tdsyear: store month: employees: %w", err)
			}
		}
		if err := emp.flush(); err != nil {
			return fmt.Errorf("tdsyear: store month: employees: %w", err)
		}
	}
	mi := Index(month)
	if _, err := tx.ExecContext(ctx, `DELETE FROM tds_month_records WHERE workspace_id=? AND fy=? AND mi=?`, ws, int(fy), mi); err != nil {
		return fmt.Errorf("tdsyear: store month: %w", err)
	}
	if len(recs) > 0 {
		ins, err := newBulk(ctx, tx, `INSERT INTO tds_month_records (workspace_id, fy, `+recordColumns+`)`, "", 27, min(len(recs), 50))
		if err != nil {
			return fmt.Errorf("tdsyear: store month: %w", err)
		}
		defer ins.close()
		for i := range recs {
			r := &recs[i]
			why, err := whyJSON(r.why)
			if err != nil {
				return fmt.Errorf("tdsyear: store month: %w", err)
			}
			p := &r.paid.Items
			res := &r.res
			if err := ins.add(ws, int64(fy), r.code, int64(r.mi), int64(r.row), int64(p[0]), int64(r.paid.OneOff), int64(p[1]), int64(p[2]), int64(p[3]), int64(p[4]),
				r.decl, string(r.regime), r.deducted, res.ProjectedTaxable, res.Liability, res.DeductedBefore, res.TDS, res.Remaining, res.OverDeducted, int64(res.MonthsLeft),
				res.NewLiability, res.OldLiability, string(res.Recommended), r.prevTDS, why, r.hra); err != nil {
				return fmt.Errorf("tdsyear: store month: %w", err)
			}
		}
		if err := ins.flush(); err != nil {
			return fmt.Errorf("tdsyear: store month: %w", err)
		}
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO tds_months (workspace_id, fy, month, source_name, source_hash, source_format, imported_at, employees) VALUES (?,?,?,?,?,?,?,?)
		ON CONFLICT (workspace_id, fy, month) DO UPDATE SET source_name=excluded.source_name, source_hash=excluded.source_hash, source_format=excluded.source_format,
		imported_at=excluded.imported_at, employees=excluded.employees`,
		ws, int(fy), int(month), im.File, im.Hash, string(im.Format), store.FormatTime(now), len(recs))
	if err != nil {
		return fmt.Errorf("tdsyear: store month: %w", err)
	}
	return nil
}

// whyJSON is the stored form of a month's reasons: a JSON array ("[]" without encoding it, the
// usual month with nothing changed).
func whyJSON(why []string) (string, error) {
	if len(why) == 0 {
		return "[]", nil
	}
	b, err := json.Marshal(why)
	return string(b), err
}

// laterMonths lists the months after mi that have records, in order.
func laterMonths(ctx context.Context, q querier, ws string, fy tds.FY, mi int) ([]int, error) {
	rows, err := q.QueryContext(ctx, `SELECT DISTINCT mi FROM tds_month_records WHERE workspace_id=? AND fy=? AND mi>? ORDER BY mi`, ws, int(fy), mi)
	if err != nil {
		return nil, fmt.Errorf("tdsyear: later months: %w", err)
	}
	defer rows.Close()
	var out []int
	for rows.Next() {
		var m int
		if err := rows.Scan(&m); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// checkOtherMonths refuses a date of joining or leaving that leaves another recorded month of the
// employee outside their employment: a leaver's later month would otherwise be computed again as
// if they were still employed. ups[k] and recs[k] are one employee; changed lists the k to check.
func checkOtherMonths(ctx context.Context, tx *sql.Tx, ws string, fy tds.FY, mi int, ups []Employee, recs []record, changed []int, problem func(k int, msg string)) error {
	if len(changed) == 0 {
		return nil
	}
	st, err := tx.PrepareContext(ctx, `SELECT min(mi), max(mi) FROM tds_month_records WHERE workspace_id=? AND fy=? AND code=? AND mi != ?`)
	if err != nil {
		return fmt.Errorf("tdsyear: import month: %w", err)
	}
	defer st.Close()
	label := MonthName(fy, mi)
	for _, k := range changed {
		e := &ups[k]
		var lo, hi sql.NullInt64
		if err := st.QueryRowContext(ctx, ws, int(fy), e.Code, mi).Scan(&lo, &hi); err != nil {
			return fmt.Errorf("tdsyear: import month: %w", err)
		}
		if !hi.Valid {
			continue
		}
		if last := e.last(fy); int(hi.Int64) > last {
			problem(k, fmt.Sprintf("employee %s, %s: the date of leaving %s is before %s, which is recorded for them. Import %s again without them first, or correct the date of leaving",
				e.Code, label, ShowDate(e.Left), MonthName(fy, int(hi.Int64)), MonthName(fy, int(hi.Int64))))
		}
		if first := e.first(fy); int(lo.Int64) < first {
			problem(k, fmt.Sprintf("employee %s, %s: the date of joining %s is after %s, which is recorded for them. Import %s again without them first, or correct the date of joining",
				e.Code, label, ShowDate(e.Joined), MonthName(fy, int(lo.Int64)), MonthName(fy, int(lo.Int64))))
		}
	}
	return nil
}

// recompute computes month mi again from what is recorded before it and returns how many
// employees' TDS changed. emps are the year's employees as they now stand (read once for all the
// later months).
func recompute(ctx context.Context, tx *sql.Tx, ws string, fy tds.FY, mi int, emps map[string]*Employee) (int, error) {
	recs, err := monthRecords(ctx, tx, ws, fy, mi)
	if err != nil {
		return 0, err
	}
	codes := make([]string, 0, len(recs))
	for c := range recs {
		codes = append(codes, c)
	}
	prev, err := previousRecords(ctx, tx, ws, fy, mi, codes)
	if err != nil {
		return 0, err
	}
	sofar, _, err := before(ctx, tx, ws, fy, mi)
	if err != nil {
		return 0, err
	}
	upd, err := tx.PrepareContext(ctx, `UPDATE tds_month_records SET projected_income=?, liability=?, deducted_before=?, tds=?, remaining=?, over_deducted=?, months_left=?,
		new_liability=?, old_liability=?, recommended=?, prev_tds=?, why=?, declarations=? WHERE workspace_id=? AND fy=? AND code=? AND mi=?`)
	if err != nil {
		return 0, fmt.Errorf("tdsyear: recompute: %w", err)
	}
	defer upd.Close()
	changed := 0
	for code, r := range recs {
		decl, err := r.declarations()
		if err != nil {
			return 0, err
		}
		last := 11
		if e := emps[code]; e != nil {
			last = e.last(fy)
		}
		if last < mi {
			// checkOtherMonths refuses the date first; this keeps a leaver's month from ever
			// being stretched over months they were not employed.
			return 0, apperr.New(apperr.Invalid, "employee %s: %s is recorded for them after their last month of employment, %s: import %s again without them.",
				code, MonthName(fy, mi), MonthName(fy, last), MonthName(fy, mi))
		}
		res, err := Compute(Step{FY: fy, Month: mi, Last: last, Regime: r.regime, Paid: r.paid, Declarations: decl, Before: sofar[code],
			HRA: money.Paise(r.hra.Int64), HRAGiven: r.hra.Valid})
		if err != nil {
			return 0, apperr.New(apperr.Invalid, "employee %s, %s, computed again: %s", code, MonthName(fy, mi), publicText(err))
		}
		if r.hra.Valid {
			decl.Amounts[tds.HRA10_13A] = res.Projected.Amounts[tds.HRA10_13A]
			r.decl, r.declInput = string(payroll.EncodeInput(nil, &decl)), &decl
		}
		if res.TDS != r.res.TDS {
			changed++
		}
		old := r.res
		r.res = res
		r.prevTDS, r.why = explain(fy, r, prev[code], false)
		if res.TDS != old.TDS {
			r.why = append(r.why, fmt.Sprintf("computed again after an earlier month was imported: %s before", tds.FormatRupees(old.TDS)))
		}
		why, _ := whyJSON(r.why)
		if _, err := upd.ExecContext(ctx, res.ProjectedTaxable, res.Liability, res.DeductedBefore, res.TDS, res.Remaining, res.OverDeducted, res.MonthsLeft,
			res.NewLiability, res.OldLiability, string(res.Recommended), r.prevTDS, why, r.decl, ws, int(fy), code, mi); err != nil {
			return 0, fmt.Errorf("tdsyear: recompute: %w", err)
		}
	}
	return changed, nil
}

// diffMonth says how the records of a month imported again differ from the ones stored.
func diffMonth(old map[string]*record, recs []record) Diff {
	d := Diff{Added: []string{}, Removed: []string{}, Changed: []Change{}}
	seen := make(map[string]bool, len(recs))
	for i := range recs {
		r := &recs[i]
		seen[r.code] = true
		o := old[r.code]
		if o == nil {
			if len(old) > 0 && len(d.Added) < maxListed {
				d.Added = append(d.Added, r.code)
			}
			continue
		}
		var fs []string
		for k, f := range Paid {
			if o.paid.Items[k] != r.paid.Items[k] {
				fs = append(fs, fmt.Sprintf("%s %s → %s", shortLabel(f), o.paid.Items[k], r.paid.Items[k]))
			}
		}
		if o.paid.OneOff != r.paid.OneOff {
			fs = append(fs, fmt.Sprintf("one-off salary %s → %s", o.paid.OneOff, r.paid.OneOff))
		}
		if o.deducted != r.deducted {
			fs = append(fs, fmt.Sprintf("TDS deducted %s → %s", nullRupees(o.deducted), nullRupees(r.deducted)))
		}
		if o.decl != r.decl {
			od, _ := o.declarations()
			rd, _ := r.declarations()
			fs = append(fs, declChanges(&od, &rd)...)
		}
		if o.regime != r.regime {
			fs = append(fs, fmt.Sprintf("regime %s → %s", o.regime, r.regime))
		}
		if o.res.TDS != r.res.TDS {
			fs = append(fs, fmt.Sprintf("TDS this month %s → %s", tds.FormatRupees(o.res.TDS), tds.FormatRupees(r.res.TDS)))
		}
		if len(fs) > 0 && len(d.Changed) < maxListed {
			d.Changed = append(d.Changed, Change{Employee: r.code, Fields: fs})
		}
	}
	for code := range old {
		if !seen[code] && len(d.Removed) < maxListed {
			d.Removed = append(d.Removed, code)
		}
	}
	sort.Strings(d.Removed)
	return d
}

func nullPaise(n sql.NullInt64) string {
	if !n.Valid {
		return "not given"
	}
	return money.Paise(n.Int64).String()
}

func nullRupees(n sql.NullInt64) string {
	if !n.Valid {
		return "not recorded"
	}
	return tds.FormatRupees(n.Int64)
}

// labels are the template's friendly titles, for messages.
var labels = func() map[string]string {
	m := map[string]string{}
	for _, t := range payroll.Targets() {
		m[t.Key] = t.Title
	}
	return m
}()

func shortLabel(f tds.Field) string {
	if l, ok := labels[f.Key()]; ok {
		return l
	}
	return f.Key()
}

// declChanges lists the declarations that differ between two months.
func declChanges(a, b *tds.Input) []string {
	var out []string
	if a.PANStatus != b.PANStatus {
		out = append(out, fmt.Sprintf("pan_status %s → %s", a.PANStatus, b.PANStatus))
	}
	if a.Category != b.Category {
		out = append(out, fmt.Sprintf("category %s → %s", a.Category, b.Category))
	}
	for f := tds.Field(0); f < tds.NumFields; f++ {
		if isPaid(f) || f == tds.StandardDeduction16ia || a.Amounts[f] == b.Amounts[f] {
			continue
		}
		k := f.Key()
		if strings.HasPrefix(k, "gross_amount_") || strings.HasPrefix(k, "qualifying_amount_") {
			continue
		}
		out = append(out, fmt.Sprintf("%s %s → %s", shortLabel(f), a.Amounts[f], b.Amounts[f]))
	}
	return out
}

// explain says why a month's TDS differs from the previous recorded month's.
func explain(fy tds.FY, r *record, p *record, first bool) (sql.NullInt64, []string) {
	var why []string
	cur, _ := r.declarations()
	if p == nil {
		if first || r.mi == 0 {
			why = append(why, "first month recorded")
		} else {
			why = append(why, "no earlier month recorded")
		}
		if cur.Amounts[tds.PrevEmployerSalary] != 0 {
			why = append(why, fmt.Sprintf("salary from a previous employer %s with TDS %s counted (Form 12B)", cur.Amounts[tds.PrevEmployerSalary], cur.Amounts[tds.PrevEmployerTDS]))
		}
		if r.res.MonthsLeft < 12-r.mi {
			why = append(why, fmt.Sprintf("leaves in %s: TDS spread over %d month(s)", MonthName(fy, r.mi+r.res.MonthsLeft-1), r.res.MonthsLeft))
		}
		return sql.NullInt64{}, why
	}
	if p.regime != r.regime {
		why = append(why, fmt.Sprintf("regime changed: %s → %s", p.regime, r.regime))
	}
	if a, b := p.paid.Items[0], r.paid.Items[0]; a != b {
		kind := "raise"
		if b < a {
			kind = "salary down"
		}
		why = append(why, fmt.Sprintf("%s: salary u/s 17(1) %s → %s a month", kind, a, b))
	}
	if r.paid.OneOff > 0 {
		why = append(why, fmt.Sprintf("bonus or one-off salary %s this month", r.paid.OneOff))
	} else if r.paid.OneOff < 0 {
		why = append(why, fmt.Sprintf("recovery of %s salary this month", -r.paid.OneOff))
	}
	for k := 1; k < NumPaid; k++ {
		if a, b := p.paid.Items[k], r.paid.Items[k]; a != b {
			why = append(why, fmt.Sprintf("%s %s → %s a month", shortLabel(Paid[k]), a, b))
		}
	}
	if p.decl != r.decl || p.hra != r.hra {
		pd, _ := p.declarations()
		if p.hra.Valid || r.hra.Valid {
			// The HRA helper's exemption is a month's figure: said as such, not as a change in
			// the year's projection.
			pd.Amounts[tds.HRA10_13A], cur.Amounts[tds.HRA10_13A] = 0, 0
			if p.hra != r.hra {
				why = append(why, fmt.Sprintf("HRA exempt %s → %s a month (rent, basic + DA or HRA changed)", nullPaise(p.hra), nullPaise(r.hra)))
			}
		}
		if ch := declChanges(&pd, &cur); len(ch) > 0 {
			why = append(why, "new declaration: "+strings.Join(ch, "; "))
		}
	}
	if p.deducted.Valid && p.deducted.Int64 != p.res.TDS {
		why = append(why, fmt.Sprintf("%s: %s deducted against %s computed", MonthName(fy, p.mi), tds.FormatRupees(p.deducted.Int64), tds.FormatRupees(p.res.TDS)))
	}
	if r.res.MonthsLeft == 1 && r.res.TDS != p.res.TDS {
		why = append(why, "last month of employment: it takes the remainder")
	}
	if len(why) == 0 && r.res.TDS != p.res.TDS {
		why = append(why, fmt.Sprintf("the year's liability moved from %s to %s", tds.FormatRupees(p.res.Liability), tds.FormatRupees(r.res.Liability)))
	}
	return sql.NullInt64{Int64: p.res.TDS, Valid: true}, why
}
