package tdsyear

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"gstdesk/backend/money"
	"gstdesk/backend/tds"
)

// ytd is what an employee's months recorded from April up to and including a record's month
// hold (the ytd_* columns): a month reads the latest earlier record instead of summing every
// earlier month, and the year's forms and annexure read the latest record.
type ytd struct {
	paid       [NumPaid]money.Paise // in Paid order, one-offs in the salary
	deducted   int64                // rupees: as recorded, else the TDS computed
	unrecorded int                  // months with no TDS deducted recorded
	months     int                  // months recorded
	hra        money.Paise          // the HRA helper's exemptions of the months that have one
	hraMonths  int
	first      int // the first month recorded, index
}

// total sets r's year so far from the latest record before it (prev, nil when there is none)
// and r's own month; r.res must be computed.
func (r *record) total(prev *record) {
	y := ytd{first: r.mi}
	if prev != nil {
		y = prev.ytd
	}
	for i, p := range r.paid.Items {
		y.paid[i] += p
	}
	y.paid[0] += r.paid.OneOff
	if r.deducted.Valid {
		y.deducted += r.deducted.Int64
	} else {
		y.deducted += r.res.TDS
		y.unrecorded++
	}
	y.months++
	if r.hra.Valid {
		y.hra += money.Paise(r.hra.Int64)
		y.hraMonths++
	}
	r.ytd = y
}

// before is what the months up to and including p hold for the month after it (the zero Before
// when p is nil: nothing recorded earlier).
func before(p *record) Before {
	if p == nil {
		return Before{}
	}
	return Before{Paid: p.ytd.paid, Deducted: p.ytd.deducted, HRA: p.ytd.hra, HRAMonths: p.ytd.hraMonths}
}

// monthsBefore is the SQL list of the month indexes before end, "(0,1,...,end-1)": with the
// records keyed by month then code, "mi IN monthsBefore(n) AND code=?" finds one employee's
// months with a lookup each.
func monthsBefore(end int) string {
	var b strings.Builder
	b.WriteByte('(')
	for i := range end {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(i))
	}
	b.WriteByte(')')
	return b.String()
}

// fewLookups is how many employees are looked up one by one (a lookup per month) before reading
// whole months is cheaper.
const fewLookups = 2000

// latestBefore reads the latest record before month end of each employee in codes (none for an
// employee with no earlier record): one by one when they are few, else a month at a time from
// end-1 back until each is found.
func latestBefore(ctx context.Context, q querier, ws string, fy tds.FY, end int, codes []string) (map[string]*record, error) {
	return latestBeforeAs(ctx, q, ws, fy, end, codes, recordColumns, scanRecordInto)
}

// latestBeforeAs is latestBefore reading the columns cols with scan.
func latestBeforeAs(ctx context.Context, q querier, ws string, fy tds.FY, end int, codes []string, cols string, scan func(interface{ Scan(...any) error }, *record, ...any) error) (map[string]*record, error) {
	out := make(map[string]*record, len(codes))
	if end <= 0 || len(codes) == 0 {
		return out, nil
	}
	need := make(map[string]bool, len(codes))
	for _, c := range codes {
		need[c] = true
	}
	for m := end - 1; m >= 0 && len(need) > fewLookups; m-- {
		rows, err := q.QueryContext(ctx, `SELECT `+cols+` FROM tds_month_records WHERE workspace_id=? AND fy=? AND mi=?`, ws, int(fy), m)
		if err != nil {
			return nil, fmt.Errorf("tdsyear: earlier records: %w", err)
		}
		for rows.Next() {
			var r record
			if err := scan(rows, &r); err != nil {
				rows.Close()
				return nil, fmt.Errorf("tdsyear: earlier records: %w", err)
			}
			if need[r.code] {
				delete(need, r.code)
				out[r.code] = &r
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("tdsyear: earlier records: %w", err)
		}
		end = m
	}
	if len(need) == 0 || end <= 0 {
		return out, nil
	}
	st, err := prepare(ctx, q, `SELECT `+cols+` FROM tds_month_records WHERE workspace_id=? AND fy=? AND mi IN `+monthsBefore(end)+` AND code=? ORDER BY mi DESC LIMIT 1`)
	if err != nil {
		return nil, fmt.Errorf("tdsyear: earlier records: %w", err)
	}
	defer st.Close()
	for c := range need {
		var r record
		err := scan(st.QueryRowContext(ctx, ws, int(fy), c), &r)
		switch {
		case errors.Is(err, sql.ErrNoRows):
		case err != nil:
			return nil, fmt.Errorf("tdsyear: earlier records: %w", err)
		default:
			out[c] = &r
		}
	}
	return out, nil
}

// prepare prepares a statement on a database, a connection or a transaction.
func prepare(ctx context.Context, q querier, query string) (*sql.Stmt, error) {
	p, ok := q.(interface {
		PrepareContext(context.Context, string) (*sql.Stmt, error)
	})
	if !ok {
		return nil, fmt.Errorf("tdsyear: %T cannot prepare statements", q)
	}
	return p.PrepareContext(ctx, query)
}

// previousRecords reads the latest record before month mi of each employee in codes: the month
// before for those it holds (one read of one month, the usual case), then the latest earlier
// month for the others (a joiner's gap, a month imported out of order). The month before's
// records of employees not in codes are returned too.
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
	earlier, err := latestBefore(ctx, q, ws, fy, mi-1, gaps)
	if err != nil {
		return nil, err
	}
	for c, r := range earlier {
		out[c] = r
	}
	return out, nil
}

// cursor reads a query's rows, in the order it gives them, on a connection of its own: a
// goroutine scans them in batches a batch ahead of the reader, and at most three batches exist.
// A merge of cursors ordered by code reads a month of 100,000 records without holding it.
type cursor[T any] struct {
	ch    chan []T
	free  chan []T
	batch []T
	i     int
	ended bool
	done  chan struct{}
	err   error // the goroutine's, read once ch is closed
	code  func(*T) string
}

// openCursor starts reading query; cancelling ctx stops it (close waits for that).
func openCursor[T any](ctx context.Context, q querier, code func(*T) string, scan func(*sql.Rows, *T) error, query string, args ...any) *cursor[T] {
	const batches, size = 3, 512
	c := &cursor[T]{ch: make(chan []T, 1), free: make(chan []T, batches), done: make(chan struct{}), code: code}
	for range batches {
		c.free <- make([]T, 0, size)
	}
	go func() {
		defer close(c.done)
		defer close(c.ch)
		c.err = c.run(ctx, q, scan, query, args)
	}()
	return c
}

func (c *cursor[T]) run(ctx context.Context, q querier, scan func(*sql.Rows, *T) error, query string, args []any) error {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	var b []T
	select {
	case b = <-c.free:
	case <-ctx.Done():
		return ctx.Err()
	}
	var zero T
	for rows.Next() {
		b = append(b, zero)
		if err := scan(rows, &b[len(b)-1]); err != nil {
			return err
		}
		if len(b) < cap(b) {
			continue
		}
		select {
		case c.ch <- b:
		case <-ctx.Done():
			return ctx.Err()
		}
		select {
		case b = <-c.free:
			b = b[:0]
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if len(b) > 0 {
		select {
		case c.ch <- b:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

// head is the row at the cursor, nil at the end (or for a nil cursor). A row returned stays
// valid until the cursor moves past its batch.
func (c *cursor[T]) head() *T {
	if c == nil {
		return nil
	}
	for c.i >= len(c.batch) {
		if c.ended {
			return nil
		}
		if c.batch != nil {
			c.free <- c.batch[:0]
		}
		b, ok := <-c.ch
		if !ok {
			c.batch, c.ended = nil, true
			return nil
		}
		c.batch, c.i = b, 0
	}
	return &c.batch[c.i]
}

// take returns the row at the cursor and moves past it when it is code's; nil otherwise.
func (c *cursor[T]) take(code string) *T {
	if h := c.head(); h != nil && c.code(h) == code {
		c.i++
		return h
	}
	return nil
}

// result is the cursor's error once it is read to the end.
func (c *cursor[T]) result() error {
	if c == nil {
		return nil
	}
	<-c.done
	return c.err
}

// wait waits for the cursor's goroutine, which returns once the cursor is read to the end or its
// context is cancelled.
func (c *cursor[T]) wait() {
	if c != nil {
		<-c.done
	}
}

func recordCode(r *record) string { return r.code }

// latestColumns are the columns of a record the year's forms, annexure and year to date read
// from an employee's latest record (scanLatest): its declarations, regime, liability and the
// year so far.
const latestColumns = `code, mi, declarations, regime, liability, hra_exempt,
	ytd_salary, ytd_perquisites, ytd_profits, ytd_entertainment, ytd_professional_tax, ytd_deducted, ytd_unrecorded, ytd_months, ytd_hra, ytd_hra_months, first_mi`

func scanLatest(rows interface{ Scan(...any) error }, r *record, _ ...any) error {
	var regime string
	y := &r.ytd
	if err := rows.Scan(&r.code, &r.mi, &r.decl, &regime, &r.res.Liability, &r.hra,
		&y.paid[0], &y.paid[1], &y.paid[2], &y.paid[3], &y.paid[4], &y.deducted, &y.unrecorded, &y.months, &y.hra, &y.hraMonths, &y.first); err != nil {
		return err
	}
	r.regime = tds.Regime(regime)
	return nil
}

func scanLatestRows(rows *sql.Rows, r *record) error { return scanLatest(rows, r) }

// priorColumns are the columns of a record a month's import reads of the month before (what was
// paid, declared and deducted, the TDS computed, the year so far: what the month is computed and
// explained from) and of the month as stored before (what the diff compares).
const priorColumns = `code, mi, salary, one_off, perquisites, profits, entertainment, professional_tax, declarations, regime, deducted, liability, tds, hra_exempt,
	ytd_salary, ytd_perquisites, ytd_profits, ytd_entertainment, ytd_professional_tax, ytd_deducted, ytd_unrecorded, ytd_months, ytd_hra, ytd_hra_months, first_mi`

func scanPrior(rows *sql.Rows, r *record) error {
	var regime string
	p, y := &r.paid.Items, &r.ytd
	if err := rows.Scan(&r.code, &r.mi, &p[0], &r.paid.OneOff, &p[1], &p[2], &p[3], &p[4], &r.decl, &regime, &r.deducted, &r.res.Liability, &r.res.TDS, &r.hra,
		&y.paid[0], &y.paid[1], &y.paid[2], &y.paid[3], &y.paid[4], &y.deducted, &y.unrecorded, &y.months, &y.hra, &y.hraMonths, &y.first); err != nil {
		return err
	}
	r.regime = tds.Regime(regime)
	return nil
}

func employeeCode(e *Employee) string { return e.Code }

func scanRecordRows(rows *sql.Rows, r *record) error { return scanRecordInto(rows, r) }

// employeeColumns are the columns scanEmployee reads.
const employeeColumns = `code, name, pan, category, joined, left_on, regime`

func scanEmployee(rows *sql.Rows, e *Employee) error {
	var cat, regime string
	if err := rows.Scan(&e.Code, &e.Name, &e.PAN, &cat, &e.Joined, &e.Left, &regime); err != nil {
		return err
	}
	e.Category, _ = tds.ParseCategory(cat)
	e.Regime = tds.Regime(regime)
	return nil
}
