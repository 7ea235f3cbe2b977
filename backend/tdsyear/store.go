package tdsyear

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/money"
	"gstdesk/backend/payroll"
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
	hra sql.NullInt64
	// carried is which parts the month's file did not give (a carried bit set); NULL for a
	// record stored before migration 0023, when that was not noted.
	carried   sql.NullInt64
	declInput *tds.Input // decoded on demand
	// ytd is the employee's year so far, this month included.
	ytd ytd
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
	// Now is when the month is recorded, on the caller's clock (required: an import without it
	// is refused).
	Now time.Time
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
	projected_income, liability, deducted_before, tds, remaining, over_deducted, months_left, new_liability, old_liability, recommended, prev_tds, why, hra_exempt,
	ytd_salary, ytd_perquisites, ytd_profits, ytd_entertainment, ytd_professional_tax, ytd_deducted, ytd_unrecorded, ytd_months, ytd_hra, ytd_hra_months, first_mi, carried`

// numRecordColumns is how many columns recordColumns names.
const numRecordColumns = 37

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
	y := &r.ytd
	dest = append(dest, &y.paid[0], &y.paid[1], &y.paid[2], &y.paid[3], &y.paid[4], &y.deducted, &y.unrecorded, &y.months, &y.hra, &y.hraMonths, &y.first, &r.carried)
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

type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// employees reads a year's employees by code.
func employees(ctx context.Context, q querier, ws string, fy tds.FY) (map[string]*Employee, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+employeeColumns+` FROM tds_employees WHERE workspace_id=? AND fy=?`, ws, int(fy))
	if err != nil {
		return nil, fmt.Errorf("tdsyear: employees: %w", err)
	}
	defer rows.Close()
	out := map[string]*Employee{}
	for rows.Next() {
		var e Employee
		if err := scanEmployee(rows, &e); err != nil {
			return nil, fmt.Errorf("tdsyear: employees: %w", err)
		}
		out[e.Code] = &e
	}
	return out, rows.Err()
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

// recompute computes month mi again from what is recorded before it and returns how many
// employees' TDS changed. emps are the year's employees as they now stand (read once for all the
// later months). What the month's file did not give (a declaration without a column, the HRA
// exemption, a blank regime) is taken again from the latest earlier record as it now stands
// (record.recarry); unknown counts the records stored before that was noted (migration 0023)
// whose declarations differ from that earlier record's: kept as stored, which may be stale.
func recompute(ctx context.Context, tx *sql.Tx, ws string, fy tds.FY, mi int, emps map[string]*Employee) (changed, unknown int, err error) {
	recs, err := monthRecords(ctx, tx, ws, fy, mi)
	if err != nil {
		return 0, 0, err
	}
	codes := make([]string, 0, len(recs))
	for c := range recs {
		codes = append(codes, c)
	}
	prev, err := previousRecords(ctx, tx, ws, fy, mi, codes)
	if err != nil {
		return 0, 0, err
	}
	upd, err := tx.PrepareContext(ctx, `UPDATE tds_month_records SET projected_income=?, liability=?, deducted_before=?, tds=?, remaining=?, over_deducted=?, months_left=?,
		new_liability=?, old_liability=?, recommended=?, prev_tds=?, why=?, declarations=?, regime=?, hra_exempt=?,
		ytd_salary=?, ytd_perquisites=?, ytd_profits=?, ytd_entertainment=?, ytd_professional_tax=?, ytd_deducted=?, ytd_unrecorded=?, ytd_months=?, ytd_hra=?, ytd_hra_months=?, first_mi=?
		WHERE workspace_id=? AND fy=? AND mi=? AND code=?`)
	if err != nil {
		return 0, 0, fmt.Errorf("tdsyear: recompute: %w", err)
	}
	defer upd.Close()
	for code, r := range recs {
		p := prev[code]
		recarried, err := r.recarry(p)
		if err != nil {
			return 0, 0, err
		}
		if !r.carried.Valid && p != nil && p.decl != r.decl {
			unknown++
		}
		decl, err := r.declarations()
		if err != nil {
			return 0, 0, err
		}
		last := 11
		if e := emps[code]; e != nil {
			last = e.last(fy)
		}
		if last < mi {
			// checkOtherMonths refuses the date first; this keeps a leaver's month from ever
			// being stretched over months they were not employed.
			return 0, 0, apperr.New(apperr.Invalid, "employee %s: %s is recorded for them after their last month of employment, %s: import %s again without them.",
				code, MonthName(fy, mi), MonthName(fy, last), MonthName(fy, mi))
		}
		res, err := Compute(Step{FY: fy, Month: mi, Last: last, Regime: r.regime, Paid: r.paid, Declarations: decl, Before: before(prev[code]),
			HRA: money.Paise(r.hra.Int64), HRAGiven: r.hra.Valid})
		if err != nil {
			return 0, 0, apperr.New(apperr.Invalid, "employee %s, %s, computed again: %s", code, MonthName(fy, mi), publicText(err))
		}
		if r.hra.Valid {
			decl.Amounts[tds.HRA10_13A] = res.Projected.Amounts[tds.HRA10_13A]
		}
		if r.hra.Valid || recarried {
			r.decl, r.declInput = string(payroll.EncodeInput(nil, &decl)), &decl
		}
		if res.TDS != r.res.TDS {
			changed++
		}
		old := r.res
		r.res = res
		r.prevTDS, r.why = explain(fy, r, prev[code], false)
		if recarried {
			r.why = append(r.why, "declarations this month's file did not give taken again from "+carriedFrom(fy, p)+" as now recorded")
		}
		if res.TDS != old.TDS {
			r.why = append(r.why, fmt.Sprintf("computed again after an earlier month was imported: %s before", tds.FormatRupees(old.TDS)))
		}
		r.total(prev[code])
		why, _ := whyJSON(r.why)
		y := &r.ytd
		if _, err := upd.ExecContext(ctx, res.ProjectedTaxable, res.Liability, res.DeductedBefore, res.TDS, res.Remaining, res.OverDeducted, res.MonthsLeft,
			res.NewLiability, res.OldLiability, string(res.Recommended), r.prevTDS, why, r.decl, string(r.regime), r.hra,
			int64(y.paid[0]), int64(y.paid[1]), int64(y.paid[2]), int64(y.paid[3]), int64(y.paid[4]), y.deducted, y.unrecorded, y.months, int64(y.hra), y.hraMonths, y.first,
			ws, int(fy), mi, code); err != nil {
			return 0, 0, fmt.Errorf("tdsyear: recompute: %w", err)
		}
	}
	return changed, unknown, nil
}

// changes lists how r, an employee's month imported again, differs from o, the one stored.
func changes(o, r *record) []string {
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
	return fs
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
