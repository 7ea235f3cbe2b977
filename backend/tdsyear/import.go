package tdsyear

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/money"
	"gstdesk/backend/payroll"
	"gstdesk/backend/store"
	"gstdesk/backend/tds"
)

// ImportMonth records a month of a workspace's TDS year from a month file and computes its TDS,
// in one transaction: the month is stored whole, or nothing is when any row has a problem. A
// month imported again replaces the one stored, and the result says what changed. Later months
// already recorded (a month imported out of order) are computed again from what is recorded.
//
// The file's rows are taken in code order beside the year's employees, the month before's
// records and the month's records as stored, each read in code order on a connection of its
// own (the transaction holds the write lock from its start and has not committed, so they read
// what it would); each employee's month is computed from the latest earlier record's year so far
// and written as it is computed. Nothing but the file is held whole.
func ImportMonth(ctx context.Context, db *sql.DB, ws string, fy tds.FY, month time.Month, im *payroll.Import, opt Options) (MonthResult, error) {
	if _, ok := tds.RulesFor(fy); !ok {
		return MonthResult{}, apperr.New(apperr.Invalid, "%s is not supported: use one of %s.", fy, tds.SupportedList())
	}
	if month < time.January || month > time.December {
		return MonthResult{}, apperr.New(apperr.Invalid, "The month must be 1 to 12, not %d.", int(month))
	}
	if opt.Now.IsZero() {
		return MonthResult{}, fmt.Errorf("tdsyear: import month: no time given to stamp the month with (Options.Now)")
	}
	mi := Index(month)
	label := MonthName(fy, mi)
	m := &monthImport{ctx: ctx, ws: ws, fy: fy, mi: mi, label: label, im: im, opt: opt,
		out: MonthResult{FY: fy, FYLabel: fy.String(), Month: int(month), MonthLabel: label, File: im.File, Hash: im.Hash,
			Warnings: []string{}, Problems: []Problem{}, Recomputed: []string{}, Diff: Diff{Added: []string{}, Removed: []string{}, Changed: []Change{}}}}
	out := &m.out
	// The rows are read twice: once to check them all, keeping only their order by code, and
	// again one at a time as they are recorded (the import already holds what they are read from).
	mr, problems := newMonthReader(im)
	var order []int32
	if mr != nil {
		m.keep = mr.keep
		order = make([]int32, 0, len(im.Employees))
		problems = append(problems, mr.each(func(h *rowHead) { order = append(order, int32(h.emp)) })...)
	}
	if mr != nil {
		more, err := panOfAnother(ctx, db, ws, fy, im, mr, order)
		if err != nil {
			return *out, err
		}
		problems = append(problems, more...)
	}
	out.Problems = append(out.Problems, hinted(problems)...)
	for _, w := range im.Warnings {
		m.warn("%s", w)
	}
	if len(out.Problems) > 0 {
		return *out, refused(im.File, label, len(out.Problems))
	}
	slices.SortFunc(order, func(a, b int32) int { return strings.Compare(mr.code(int(a)), mr.code(int(b))) })

	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return *out, fmt.Errorf("tdsyear: import month: %w", err)
	}
	defer tx.Rollback()
	m.tx = tx
	var oldHash, oldAt string
	err = tx.QueryRowContext(ctx, `SELECT source_hash, imported_at FROM tds_months WHERE workspace_id=? AND fy=? AND month=?`, ws, int(fy), int(month)).Scan(&oldHash, &oldAt)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return *out, fmt.Errorf("tdsyear: import month: %w", err)
	}
	if oldHash != "" && oldHash == im.Hash {
		at, _ := store.ParseTime(oldAt)
		m.warn("%s was already imported for %s on %s, exactly this file: the month is recorded again as it was", im.File, label, at.Local().Format("02/01/2006 15:04"))
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM tds_month_records WHERE workspace_id=? AND fy=? AND mi=?`, ws, int(fy), mi); err != nil {
		return *out, fmt.Errorf("tdsyear: import month: %w", err)
	}
	if m.w, err = newMonthWriter(ctx, tx, ws, fy); err != nil {
		return *out, err
	}
	defer m.w.close()
	if err := m.merge(db, mr, order); err != nil {
		return *out, err
	}
	if err := m.checkOtherMonths(); err != nil {
		return *out, err
	}
	if len(out.Problems) > 0 {
		sort.SliceStable(out.Problems, func(i, j int) bool { return out.Problems[i].Row < out.Problems[j].Row })
		return *out, refused(im.File, label, len(out.Problems))
	}
	out.Warnings = append(out.Warnings, m.rowWarnings.list(maxListed-len(out.Warnings))...)
	if !m.oldHad {
		out.Diff.Added = []string{}
	}
	out.Diff.Replaced = oldHash != ""
	if err := m.w.flush(); err != nil {
		return *out, err
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO tds_months (workspace_id, fy, month, source_name, source_hash, source_format, imported_at, employees) VALUES (?,?,?,?,?,?,?,?)
		ON CONFLICT (workspace_id, fy, month) DO UPDATE SET source_name=excluded.source_name, source_hash=excluded.source_hash, source_format=excluded.source_format,
		imported_at=excluded.imported_at, employees=excluded.employees`,
		ws, int(fy), int(month), im.File, im.Hash, string(im.Format), store.FormatTime(opt.Now), m.totals.Employees)
	if err != nil {
		return *out, fmt.Errorf("tdsyear: store month: %w", err)
	}
	if m.missing > len(m.missingListed) {
		m.missingListed = append(m.missingListed, fmt.Sprintf("... %d employees in all were recorded earlier but are not in this file", m.missing))
	}
	for _, w := range m.missingListed {
		m.warn("%s", w)
	}
	later, err := laterMonths(ctx, tx, ws, fy, mi)
	if err != nil {
		return *out, err
	}
	if len(later) > 0 {
		var names []string
		for _, l := range later {
			names = append(names, MonthName(fy, l))
		}
		m.warn("%s comes in after %s: it is computed from what is recorded, and the later months are computed again from it", label, strings.Join(names, ", "))
		emps, err := employees(ctx, tx, ws, fy)
		if err != nil {
			return *out, err
		}
		for _, l := range later {
			changed, unknown, err := recompute(ctx, tx, ws, fy, l, emps)
			if err != nil {
				return *out, err
			}
			out.Recomputed = append(out.Recomputed, fmt.Sprintf("%s: TDS changed for %d employee(s)", MonthName(fy, l), changed))
			if unknown > 0 {
				m.warn("%s: %d employee(s) have declarations that differ from the month before's, in records stored before gstdesk noted which declarations a month's file gave: kept as stored. If %s's file had no column for a declaration that changed, import %s again", MonthName(fy, l), unknown, MonthName(fy, l), MonthName(fy, l))
			}
		}
	}
	if !opt.DryRun {
		if err := tx.Commit(); err != nil {
			return *out, fmt.Errorf("tdsyear: import month: %w", err)
		}
	}
	out.Employees = m.totals.Employees
	out.Totals = m.totals
	return *out, nil
}

// monthImport is a month's import under way.
type monthImport struct {
	ctx   context.Context
	tx    *sql.Tx
	ws    string
	fy    tds.FY
	mi    int
	label string
	im    *payroll.Import
	keep  Keep
	opt   Options
	out   MonthResult
	w     *monthWriter

	totals        Totals
	rowWarnings   rowWarnings
	dated         []dated // employees recorded before whose dates of joining or leaving change
	oldHad        bool    // the month had records before
	missing       int     // employees of the month before not in the file (and not gone)
	missingListed []string
}

// dated is an employee whose dates change, to check against their other months.
type dated struct {
	e   Employee
	row int
}

// gap is a row whose employee has no record in the month before but is known to the year: its
// latest earlier record is looked up after the merge.
type gap struct {
	h      rowHead
	st     Employee
	old    record
	hasOld bool
}

func (m *monthImport) warn(format string, a ...any) {
	if len(m.out.Warnings) < maxListed {
		m.out.Warnings = append(m.out.Warnings, fmt.Sprintf(format, a...))
	}
}

func (m *monthImport) problem(h *rowHead, msg string) {
	m.out.Problems = append(m.out.Problems, Problem{File: m.im.File, Sheet: m.im.Sheet, Row: h.SourceRow, Value: h.Code, Message: msg})
}

// merge takes the file's rows (order: their indexes in code order) beside the employees, the
// month before's records and the month's records as stored, read in code order.
func (m *monthImport) merge(db *sql.DB, mr *monthReader, order []int32) error {
	ctx, cancel := context.WithCancel(m.ctx)
	ws, fy := m.ws, int(m.fy)
	emps := openCursor(ctx, db, employeeCode, scanEmployee, `SELECT `+employeeColumns+` FROM tds_employees WHERE workspace_id=? AND fy=? ORDER BY code`, ws, fy)
	var prev *cursor[record]
	if m.mi > 0 {
		prev = openCursor(ctx, db, recordCode, scanPrior, `SELECT `+priorColumns+` FROM tds_month_records WHERE workspace_id=? AND fy=? AND mi=? ORDER BY code`, ws, fy, m.mi-1)
	}
	old := openCursor(ctx, db, recordCode, scanPrior, `SELECT `+priorColumns+` FROM tds_month_records WHERE workspace_id=? AND fy=? AND mi=? ORDER BY code`, ws, fy, m.mi)
	defer func() {
		cancel()
		emps.wait()
		prev.wait()
		old.wait()
	}()
	var gaps []gap
	var checked []Problem // none: every row was checked before
	fi := 0
	for {
		code, ok := "", false
		least := func(c string) {
			if !ok || c < code {
				code, ok = c, true
			}
		}
		if fi < len(order) {
			least(mr.code(int(order[fi])))
		}
		if e := emps.head(); e != nil {
			least(e.Code)
		}
		if p := prev.head(); p != nil {
			least(p.code)
		}
		if o := old.head(); o != nil {
			least(o.code)
		}
		if !ok {
			break
		}
		var h *rowHead
		if fi < len(order) && mr.code(int(order[fi])) == code {
			row, _ := mr.row(int(order[fi]), &checked)
			h = &row
			fi++
		}
		st, p, o := emps.take(code), prev.take(code), old.take(code)
		if o != nil {
			m.oldHad = true
		}
		switch {
		case h == nil:
			if o != nil && len(m.out.Diff.Removed) < maxListed {
				m.out.Diff.Removed = append(m.out.Diff.Removed, code)
			}
			if p != nil && (st == nil || st.Left == "" || monthIndexOf(m.fy, st.Left) >= m.mi) {
				if m.missing++; m.missing <= 20 {
					m.missingListed = append(m.missingListed, fmt.Sprintf("employee %s was recorded in %s but is not in this file: not paid in %s? Give date_of_leaving for an employee who left",
						code, MonthName(m.fy, p.mi), m.label))
				}
			}
		case p == nil && st != nil && m.mi >= 2:
			g := gap{h: *h, st: *st}
			if o != nil {
				g.old, g.hasOld = *o, true
			}
			gaps = append(gaps, g)
		default:
			if err := m.add(h, st, p, o); err != nil {
				return err
			}
		}
	}
	for _, c := range []interface{ result() error }{emps, prev, old} {
		if err := c.result(); err != nil {
			return fmt.Errorf("tdsyear: year so far: %w", err)
		}
	}
	if len(gaps) == 0 {
		return nil
	}
	codes := make([]string, len(gaps))
	for i := range gaps {
		codes[i] = gaps[i].h.Code
	}
	earlier, err := latestBefore(m.ctx, db, m.ws, m.fy, m.mi-1, codes)
	if err != nil {
		return err
	}
	for i := range gaps {
		g := &gaps[i]
		var o *record
		if g.hasOld {
			o = &g.old
		}
		if err := m.add(&g.h, &g.st, earlier[g.h.Code], o); err != nil {
			return err
		}
	}
	return nil
}

// add computes one employee's month from their row (h), the employee as recorded (st, nil for
// one new to the year), their latest earlier record (p) and the month as stored before (o), and
// writes it, unless the file has a problem.
func (m *monthImport) add(h *rowHead, st *Employee, p, o *record) error {
	fy, mi, label := m.fy, m.mi, m.label
	who := "employee " + h.Code
	e := Employee{Code: h.Code, Name: h.Name, PAN: h.PAN, Joined: h.Joined, Left: h.Left, Regime: h.Regime}
	if st != nil {
		if e.Name == "" {
			e.Name = st.Name
		}
		switch {
		case e.PAN == "":
			e.PAN = st.PAN
		case st.PAN != "" && st.PAN != e.PAN && !m.opt.AcceptPANChange:
			m.problem(h, fmt.Sprintf("%s, %s: PAN %s differs from %s recorded earlier this year. A PAN does not change: if the earlier one was wrong, import again accepting the PAN change (--accept-pan-change), which corrects it for the whole year", who, label, e.PAN, st.PAN))
			return nil
		case st.PAN != "" && st.PAN != e.PAN:
			m.rowWarnings.add(h.SourceRow, fmt.Sprintf("%s, %s: PAN changed from %s to %s for the whole year, as asked", who, label, st.PAN, e.PAN))
		}
		if e.Joined == "" {
			e.Joined = st.Joined
		}
		if st.Left != "" && h.Joined != "" && h.Joined > st.Left && e.Left == "" {
			// A rejoiner: they left and came back within the year. The months recorded stand (the
			// advice to import them again without the employee would delete real salary); the
			// year is one employment from the first joining, the months between without salary.
			e.Joined = st.Joined
			m.rowWarnings.add(h.SourceRow, fmt.Sprintf("%s, %s: rejoined on %s after leaving on %s; the months recorded stand and the year is counted as one employment, the months between without salary",
				who, label, ShowDate(h.Joined), ShowDate(st.Left)))
		}
		if e.Left == "" && (h.Joined == "" || st.Left == "" || h.Joined <= st.Left) {
			e.Left = st.Left
		}
		if e.Regime == "" {
			e.Regime = st.Regime
		}
	}
	// A regime not given is the month before's, as the later months' is when a month is imported
	// again (record.recarry): which month was imported last does not change a month's figure.
	if h.Regime == "" && p != nil && p.regime != "" {
		e.Regime = p.regime
	}
	if e.Regime == "" {
		e.Regime = tds.DefaultRegime(fy)
	}
	if e.Left != "" && monthIndexOf(fy, e.Left) < mi {
		m.problem(h, fmt.Sprintf("%s left on %s: there is no %s for them. If they rejoined, give the new date_of_joining", who, ShowDate(e.Left), label))
		return nil
	}
	if e.Joined != "" && monthIndexOf(fy, e.Joined) > mi {
		m.problem(h, fmt.Sprintf("%s joined on %s, after %s", who, ShowDate(e.Joined), label))
		return nil
	}
	decl := h.declarations(m.im)
	carry := carriedBy(&m.keep, h)
	if p != nil {
		if err := carry.carryDeclarations(&decl, p); err != nil {
			return err
		}
	}
	e.Category = decl.Category
	// The month's HRA exemption (the HRA helper): worked out from this month's rent, basic +
	// DA, HRA received and city; with none of those and no HRA column, the last month's goes
	// on, as every declaration without a column does.
	var hra sql.NullInt64
	if h.HRA != nil {
		x, err := tds.HRAExemption(fy, h.HRA.Rent, h.HRA.Salary, h.HRA.Received, h.HRA.City)
		if err != nil {
			m.problem(h, fmt.Sprintf("%s, %s: %s", who, label, publicText(err)))
			return nil
		}
		hra = sql.NullInt64{Int64: int64(x.Exempt), Valid: true}
	} else {
		hra = carry.carryHRA(hra, p)
	}
	res, err := Compute(Step{FY: fy, Month: mi, Last: e.last(fy), Regime: e.Regime, Paid: h.Paid, Declarations: decl, Before: before(p),
		HRA: money.Paise(hra.Int64), HRAGiven: hra.Valid})
	if err != nil {
		m.problem(h, fmt.Sprintf("%s, %s: %s", who, label, publicText(err)))
		return nil
	}
	var months, hraMonths int
	if p != nil {
		months, hraMonths = p.ytd.months, p.ytd.hraMonths
	}
	if want := mi - e.first(fy); months < want {
		m.rowWarnings.add(h.SourceRow, fmt.Sprintf("%s: %d earlier month(s) of employment have no record (counted as nothing paid and nothing deducted): import them to complete the year", who, want-months))
	}
	if hra.Valid {
		if n := months - hraMonths; n > 0 {
			m.rowWarnings.add(h.SourceRow, fmt.Sprintf("%s, %s: %d earlier month(s) give no rent, HRA and basic + DA for the HRA exemption of the month: counted as no HRA exempt in those months; import them again with rent_paid, hra_received, basic_da and city", who, label, n))
		}
		decl.Amounts[tds.HRA10_13A] = res.Projected.Amounts[tds.HRA10_13A]
	}
	res.Projected = tds.Input{} // not stored; the record holds its declarations
	if st != nil && (st.Left != e.Left || st.Joined != e.Joined) {
		m.dated = append(m.dated, dated{e: e, row: h.SourceRow})
	}
	rec := record{code: h.Code, mi: mi, row: h.SourceRow, paid: h.Paid, decl: string(payroll.EncodeInput(nil, &decl)), regime: e.Regime, res: res, declInput: &decl, hra: hra,
		carried: sql.NullInt64{Int64: int64(carry), Valid: true}}
	if h.Deducted != nil {
		rec.deducted = sql.NullInt64{Int64: *h.Deducted, Valid: true}
	}
	rec.prevTDS, rec.why = explain(fy, &rec, p, st == nil)
	rec.total(p)
	if o == nil {
		if len(m.out.Diff.Added) < maxListed {
			m.out.Diff.Added = append(m.out.Diff.Added, rec.code)
		}
	} else if fs := changes(o, &rec); len(fs) > 0 && len(m.out.Diff.Changed) < maxListed {
		m.out.Diff.Changed = append(m.out.Diff.Changed, Change{Employee: rec.code, Fields: fs})
	}
	m.totals.add(&rec)
	if len(m.out.Problems) > 0 {
		return nil // refused at the end: nothing more is written
	}
	if err := m.w.record(&rec); err != nil {
		return err
	}
	if st == nil || *st != e {
		return m.w.employee(&e)
	}
	return nil
}

// checkOtherMonths refuses a date of joining or leaving that leaves another recorded month of the
// employee outside their employment: a leaver's later month would otherwise be computed again as
// if they were still employed.
func (m *monthImport) checkOtherMonths() error {
	if len(m.dated) == 0 {
		return nil
	}
	others := make([]string, 0, 11)
	for i := range 12 {
		if i != m.mi {
			others = append(others, fmt.Sprint(i))
		}
	}
	st, err := m.tx.PrepareContext(m.ctx, `SELECT min(mi), max(mi) FROM tds_month_records WHERE workspace_id=? AND fy=? AND mi IN (`+strings.Join(others, ",")+`) AND code=?`)
	if err != nil {
		return fmt.Errorf("tdsyear: import month: %w", err)
	}
	defer st.Close()
	fy, label := m.fy, m.label
	for _, d := range m.dated {
		e := &d.e
		var lo, hi sql.NullInt64
		if err := st.QueryRowContext(m.ctx, m.ws, int(fy), e.Code).Scan(&lo, &hi); err != nil {
			return fmt.Errorf("tdsyear: import month: %w", err)
		}
		if !hi.Valid {
			continue
		}
		problem := func(msg string) {
			m.out.Problems = append(m.out.Problems, Problem{File: m.im.File, Sheet: m.im.Sheet, Row: d.row, Value: e.Code, Message: msg})
		}
		if last := e.last(fy); int(hi.Int64) > last {
			problem(fmt.Sprintf("employee %s, %s: the date of leaving %s is before %s, which is recorded for them. Import %s again without them first, or correct the date of leaving",
				e.Code, label, ShowDate(e.Left), MonthName(fy, int(hi.Int64)), MonthName(fy, int(hi.Int64))))
		}
		if first := e.first(fy); int(lo.Int64) < first {
			problem(fmt.Sprintf("employee %s, %s: the date of joining %s is after %s, which is recorded for them. Import %s again without them first, or correct the date of joining",
				e.Code, label, ShowDate(e.Joined), MonthName(fy, int(lo.Int64)), MonthName(fy, int(lo.Int64))))
		}
	}
	return nil
}

// rowWarnings are warnings about rows, listed in the file's row order however the rows are taken;
// only the first ones are kept.
type rowWarnings struct {
	w []rowWarning
}

type rowWarning struct {
	row int
	msg string
}

func (r *rowWarnings) add(row int, msg string) {
	r.w = append(r.w, rowWarning{row, msg})
	if len(r.w) > 4*maxListed {
		r.trim(maxListed)
	}
}

func (r *rowWarnings) trim(n int) {
	slices.SortStableFunc(r.w, func(a, b rowWarning) int { return cmp.Compare(a.row, b.row) })
	r.w = r.w[:min(n, len(r.w))]
}

// list is the first n warnings in row order.
func (r *rowWarnings) list(n int) []string {
	r.trim(max(0, n))
	out := make([]string, len(r.w))
	for i, w := range r.w {
		out[i] = w.msg
	}
	return out
}

// monthWriter writes a month's records and the employees new or changed, with multi-row INSERTs.
type monthWriter struct {
	ws   string
	fy   int64
	recs *bulk
	emps *bulk
}

func newMonthWriter(ctx context.Context, tx *sql.Tx, ws string, fy tds.FY) (*monthWriter, error) {
	w := &monthWriter{ws: ws, fy: int64(fy)}
	var err error
	w.emps, err = newBulk(ctx, tx, `INSERT INTO tds_employees (workspace_id, fy, code, name, pan, category, joined, left_on, regime)`,
		` ON CONFLICT (workspace_id, fy, code) DO UPDATE SET name=excluded.name, pan=excluded.pan, category=excluded.category, joined=excluded.joined,
		left_on=excluded.left_on, regime=excluded.regime`, 9, 100)
	if err != nil {
		return nil, fmt.Errorf("tdsyear: store month: %w", err)
	}
	w.recs, err = newBulk(ctx, tx, `INSERT INTO tds_month_records (workspace_id, fy, `+recordColumns+`)`, "", 2+numRecordColumns, 50)
	if err != nil {
		w.emps.close()
		return nil, fmt.Errorf("tdsyear: store month: %w", err)
	}
	return w, nil
}

func (w *monthWriter) employee(e *Employee) error {
	if err := w.emps.add(w.ws, w.fy, e.Code, e.Name, e.PAN, e.Category.String(), e.Joined, e.Left, string(e.Regime)); err != nil {
		return fmt.Errorf("tdsyear: store month: employees: %w", err)
	}
	return nil
}

func (w *monthWriter) record(r *record) error {
	why, err := whyJSON(r.why)
	if err != nil {
		return fmt.Errorf("tdsyear: store month: %w", err)
	}
	p, res, y := &r.paid.Items, &r.res, &r.ytd
	if err := w.recs.add(w.ws, w.fy, r.code, int64(r.mi), int64(r.row), int64(p[0]), int64(r.paid.OneOff), int64(p[1]), int64(p[2]), int64(p[3]), int64(p[4]),
		r.decl, string(r.regime), r.deducted, res.ProjectedTaxable, res.Liability, res.DeductedBefore, res.TDS, res.Remaining, res.OverDeducted, int64(res.MonthsLeft),
		res.NewLiability, res.OldLiability, string(res.Recommended), r.prevTDS, why, r.hra,
		int64(y.paid[0]), int64(y.paid[1]), int64(y.paid[2]), int64(y.paid[3]), int64(y.paid[4]), y.deducted, int64(y.unrecorded), int64(y.months),
		int64(y.hra), int64(y.hraMonths), int64(y.first), r.carried); err != nil {
		return fmt.Errorf("tdsyear: store month: %w", err)
	}
	return nil
}

// flush sends what is pending.
func (w *monthWriter) flush() error {
	if err := w.emps.flush(); err != nil {
		return fmt.Errorf("tdsyear: store month: employees: %w", err)
	}
	if err := w.recs.flush(); err != nil {
		return fmt.Errorf("tdsyear: store month: %w", err)
	}
	return nil
}

func (w *monthWriter) close() {
	w.emps.close()
	w.recs.close()
}

// panOfAnother lists the rows whose PAN is recorded this year under another employee code: one
// PAN is one person in a TDS year, and two codes would compute two people's slabs on one income.
func panOfAnother(ctx context.Context, db *sql.DB, ws string, fy tds.FY, im *payroll.Import, mr *monthReader, order []int32) ([]Problem, error) {
	rows, err := db.QueryContext(ctx, `SELECT code, pan FROM tds_employees WHERE workspace_id=? AND fy=? AND pan<>''`, ws, int(fy))
	if err != nil {
		return nil, fmt.Errorf("tdsyear: employees: %w", err)
	}
	defer rows.Close()
	byPAN := map[string][]string{}
	for rows.Next() {
		var code, pan string
		if err := rows.Scan(&code, &pan); err != nil {
			return nil, fmt.Errorf("tdsyear: employees: %w", err)
		}
		pan = strings.ToUpper(pan)
		byPAN[pan] = append(byPAN[pan], code)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("tdsyear: employees: %w", err)
	}
	var out []Problem
	for _, i := range order {
		e := &im.Employees[i]
		pan, code := strings.ToUpper(strings.TrimSpace(e.ID.PAN)), mr.code(int(i))
		for _, other := range byPAN[pan] {
			if pan != "" && other != code {
				out = append(out, Problem{File: im.File, Sheet: im.Sheet, Row: e.Row, Value: pan,
					Message: fmt.Sprintf("PAN %s is recorded this year for employee %s, and this row gives employee %s: one PAN is one person in a TDS year, taxed once on the whole year's salary. Give this row the code %s, or correct the PAN", pan, other, code, other)})
				break
			}
		}
	}
	return out, nil
}
