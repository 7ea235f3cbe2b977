package tdsyear

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/money"
	"gstdesk/backend/payroll"
	"gstdesk/backend/store"
	"gstdesk/backend/tds"
)

const ws = "ws-1"

func openDB(t testing.TB) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// line is one employee's row of a month file; zero fields are written blank or 0.
type line struct {
	code, name, pan, regime string
	salary, oneOff          int64
	deducted                string // "" blank
	joined, left            string
	prevSalary, prevTDS     int64
	ded80C, hra             int64
}

const header = "employee_code,name,pan,regime,salary_as_per_provisions_contained_in_section_17_1,one_off_salary,tds_deducted,date_of_joining,date_of_leaving," +
	"gross_salary_from_previous_employers,tds_by_previous_employers,deductible_amount_us_80_c,house_rent_allowance_us_10_13_a,tax_on_employment_us_16_iii\n"

func monthCSV(lines ...line) []byte {
	var b strings.Builder
	b.WriteString(header)
	for _, l := range lines {
		pan := l.pan
		if pan == "" {
			pan = "ABCPE" + fmt.Sprintf("%04d", len(l.code)*1000+int(l.code[len(l.code)-1])) + "K"
		}
		fmt.Fprintf(&b, "%s,%s,%s,%s,%d,%d,%s,%s,%s,%d,%d,%d,%d,200\n", l.code, l.name, pan, l.regime, l.salary, l.oneOff, l.deducted, l.joined, l.left,
			l.prevSalary, l.prevTDS, l.ded80C, l.hra)
	}
	return []byte(b.String())
}

func readMonth(t testing.TB, name string, data []byte) *payroll.Import {
	t.Helper()
	im, err := payroll.Read(context.Background(), name, bytes.NewReader(data), int64(len(data)), payroll.Options{Own: Columns})
	if err != nil {
		t.Fatal(err)
	}
	return im
}

// testNow is the tests' clock: the time every import is stamped with.
var testNow = time.Date(2025, 11, 20, 10, 0, 0, 0, time.UTC)

// importMonth imports a month stamped testNow unless opt says another time.
func importMonth(t testing.TB, db *store.DB, fy tds.FY, m time.Month, data []byte, opt Options) (MonthResult, error) {
	t.Helper()
	if opt.Now.IsZero() {
		opt.Now = testNow
	}
	return ImportMonth(context.Background(), db.DB, ws, fy, m, readMonth(t, fmt.Sprintf("%s.csv", strings.ToLower(m.String())), data), opt)
}

func mustImport(t testing.TB, db *store.DB, fy tds.FY, m time.Month, lines ...line) MonthResult {
	t.Helper()
	res, err := importMonth(t, db, fy, m, monthCSV(lines...), Options{})
	if err != nil {
		t.Fatalf("%s: %v: %+v", m, err, res.Problems)
	}
	return res
}

func register(t testing.TB, db *store.DB, fy tds.FY, m time.Month) map[string]RegisterRow {
	t.Helper()
	reg, err := MonthRegister(context.Background(), db.DB, ws, fy, m, Query{Limit: -1})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]RegisterRow{}
	for _, r := range reg.Rows {
		out[r.Employee] = r
	}
	return out
}

// liability is the engine's tds_on_salary for a year's figures in regime g: the reference the
// monthly figures must add up to.
func liability(t testing.TB, fy tds.FY, g tds.Regime, salary, prevSalary, prevTDS, ded80C, hra int64) int64 {
	t.Helper()
	var in tds.Input
	in.PANStatus = tds.PANValid
	in.Amounts[tds.Salary17_1] = money.FromRupees(salary)
	in.Amounts[tds.PrevEmployerSalary] = money.FromRupees(prevSalary)
	in.Amounts[tds.PrevEmployerTDS] = money.FromRupees(prevTDS)
	in.Amounts[tds.Ded80C] = money.FromRupees(ded80C)
	in.Amounts[tds.HRA10_13A] = money.FromRupees(hra)
	in.Amounts[tds.ProfessionalTax16iii] = money.FromRupees(2400)
	r, err := tds.Compute(in, fy)
	if err != nil {
		t.Fatal(err)
	}
	return r.Regime(g).TDSOnSalary
}

var months = []time.Month{time.April, time.May, time.June, time.July, time.August, time.September, time.October, time.November, time.December, time.January, time.February, time.March}

// TestYearMonthByMonth runs FY 2025-26 month by month with five employees: a raise in October and
// a bonus in December (E1), a joiner in September with a previous employer (E2), an employee who
// opted out of the new regime (E3), an over-deduction after a salary cut (E4) and a leaver (E5).
func TestYearMonthByMonth(t *testing.T) {
	db := openDB(t)
	const fy = tds.FY(2025)
	var total = map[string]int64{}
	var paid = map[string]int64{}
	for i, m := range months {
		e1 := line{code: "E1", name: "Asha", salary: 150_000}
		if i >= 6 {
			e1.salary = 180_000 // raise from October
		}
		if m == time.December {
			e1.oneOff = 300_000
		}
		ls := []line{e1}
		if i >= 5 {
			ls = append(ls, line{code: "E2", name: "Ravi", salary: 100_000, joined: "01/09/2025", prevSalary: 500_000, prevTDS: 20_000})
		}
		ls = append(ls, line{code: "E3", name: "Meena", regime: "old", salary: 100_000, ded80C: 150_000, hra: 120_000})
		e4 := line{code: "E4", name: "Farah", salary: 200_000}
		if i < 3 {
			e4.deducted = "60000"
		} else {
			e4.salary = 40_000
		}
		ls = append(ls, e4)
		if i <= 7 {
			ls = append(ls, line{code: "E5", name: "Kiran", salary: 120_000, left: "15/11/2025"})
		}
		res := mustImport(t, db, fy, m, ls...)
		if res.Employees != len(ls) || len(res.Problems) != 0 {
			t.Fatalf("%s: %+v", m, res)
		}
		reg := register(t, db, fy, m)
		for _, l := range ls {
			r := reg[l.code]
			if r.DeductedThisMonth != nil {
				total[l.code] += *r.DeductedThisMonth
			} else {
				total[l.code] += r.TDS
			}
			paid[l.code] += l.salary + l.oneOff
			if r.DeductedBefore+r.TDS+r.Remaining != r.Liability && r.OverDeducted == 0 {
				t.Errorf("%s %s: before %d + this %d + remaining %d != liability %d", m, l.code, r.DeductedBefore, r.TDS, r.Remaining, r.Liability)
			}
		}
		switch m {
		case time.April:
			// E1: 1,50,000 × 12 = 18,00,000 projected; TDS a twelfth of the liability.
			want := liability(t, fy, tds.NewRegime, 1_800_000, 0, 0, 0, 0)
			if r := reg["E1"]; r.Liability != want || r.TDS != (2*want+12)/24 || r.ProjectedTaxable != 1_800_000-75_000 {
				t.Errorf("April E1 = %+v, want liability %d", r, want)
			}
			// E3 opted out: the old regime, with 80C and HRA.
			if r := reg["E3"]; r.Regime != "old" || r.Liability != liability(t, fy, tds.OldRegime, 1_200_000, 0, 0, 150_000, 120_000) {
				t.Errorf("April E3 = %+v", r)
			}
		case time.October:
			r := reg["E1"]
			// Six months at 1,50,000 paid, October's 1,80,000 and five more.
			want := liability(t, fy, tds.NewRegime, 6*150_000+6*180_000, 0, 0, 0, 0)
			if r.Liability != want || r.Change <= 0 || !strings.Contains(strings.Join(r.Why, ";"), "raise: salary u/s 17(1) 1,50,000 → 1,80,000") {
				t.Errorf("October E1 = %+v, want liability %d and a raise", r, want)
			}
			if r.PreviousTDS == nil || *r.PreviousTDS != reg0(t, db, fy, time.September)["E1"].TDS {
				t.Errorf("October E1 previous %v", r.PreviousTDS)
			}
		case time.December:
			r := reg["E1"]
			// The bonus is paid once: counted in December, not repeated for January to March.
			want := liability(t, fy, tds.NewRegime, 6*150_000+6*180_000+300_000, 0, 0, 0, 0)
			if r.Liability != want || !strings.Contains(strings.Join(r.Why, ";"), "bonus or one-off salary 3,00,000") {
				t.Errorf("December E1 = %+v, want liability %d", r, want)
			}
		case time.September:
			r := reg["E2"]
			// Joined in September: seven months of 1,00,000 and the previous employer's 5,00,000,
			// less its TDS of 20,000, spread over seven months.
			want := liability(t, fy, tds.NewRegime, 700_000, 500_000, 20_000, 0, 0)
			if r.Liability != want || r.MonthsLeft != 7 || r.TDS != (2*want+7)/14 || !strings.Contains(strings.Join(r.Why, ";"), "previous employer") {
				t.Errorf("September E2 = %+v, want liability %d", r, want)
			}
		case time.July:
			r := reg["E4"]
			// 6,00,000 paid and 40,000 × 9: 9,60,000 is below the rebate: nothing due, 1,80,000
			// deducted already. The excess is named, not hidden as a 0.
			if r.Liability != 0 || r.TDS != 0 || r.OverDeducted != 180_000 || r.DeductedBefore != 180_000 {
				t.Errorf("July E4 = %+v", r)
			}
		case time.November:
			r := reg["E5"]
			if r.MonthsLeft != 1 {
				t.Errorf("November E5 = %+v", r)
			}
		}
	}
	// With every month's TDS deducted as computed, the year's deductions are exactly the year's
	// liability on what was actually paid.
	for _, c := range []struct {
		code         string
		g            tds.Regime
		prevS, prevT int64
		ded80C, hra  int64
	}{{"E1", tds.NewRegime, 0, 0, 0, 0}, {"E2", tds.NewRegime, 500_000, 20_000, 0, 0}, {"E3", tds.OldRegime, 0, 0, 150_000, 120_000}, {"E5", tds.NewRegime, 0, 0, 0, 0}} {
		want := liability(t, fy, c.g, paid[c.code], c.prevS, c.prevT, c.ded80C, c.hra)
		if c.code == "E5" {
			// Professional tax: eight months of 200.
			var in tds.Input
			in.PANStatus = tds.PANValid
			in.Amounts[tds.Salary17_1] = money.FromRupees(paid["E5"])
			in.Amounts[tds.ProfessionalTax16iii] = money.FromRupees(1600)
			r, _ := tds.Compute(in, fy)
			want = r.New.TDSOnSalary
		}
		if total[c.code] != want {
			t.Errorf("%s: deducted over the year %d, liability on what was paid %d", c.code, total[c.code], want)
		}
	}
	// An employee not recorded is the same typed not-found for the year so far and the months.
	if _, err := EmployeeMonths(context.Background(), db.DB, ws, fy, "E9"); apperr.KindOf(err) != apperr.NotFound || !strings.Contains(err.Error(), "employee E9") {
		t.Errorf("months of E9: %v", err)
	}
	if _, err := YearToDate(context.Background(), db.DB, ws, fy, "E9"); apperr.KindOf(err) != apperr.NotFound {
		t.Errorf("ytd of E9: %v", err)
	}
	if rows, err := EmployeeMonths(context.Background(), db.DB, ws, fy, "E1"); err != nil || len(rows) != 12 {
		t.Errorf("months of E1: %d %v", len(rows), err)
	}
	ytd, err := YearToDate(context.Background(), db.DB, ws, fy, "E4")
	if err != nil || len(ytd) != 1 || ytd[0].Over != 180_000 || ytd[0].Months != 12 {
		t.Errorf("ytd E4 = %+v %v", ytd, err)
	}
	ms, err := Months(context.Background(), db.DB, ws, fy)
	if err != nil || len(ms) != 12 || ms[0].Month != 4 || ms[11].Month != 3 {
		t.Errorf("months = %+v %v", ms, err)
	}
	// The annexure's tds_on_salary is what was deducted; E4's excess over the year's TDS is said.
	year, err := Year(context.Background(), db.DB, ws, fy, "")
	if err != nil {
		t.Fatal(err)
	}
	a := BuildAnnexure(fy, Employer{Name: "Acme", TAN: "MUMA12345B"}, year)
	if !strings.Contains(a.Note, "1 employee(s) had more deducted than the year's TDS (excess 1,80,000 in all).") || strings.Contains(a.Note, "less deducted") ||
		strings.Contains(a.Note, "not complete") || a.Rows[3][8] != int64(180_000) {
		t.Errorf("annexure note %q, E4 row %v", a.Note, a.Rows[3][:10])
	}
}

func reg0(t testing.TB, db *store.DB, fy tds.FY, m time.Month) map[string]RegisterRow {
	return register(t, db, fy, m)
}

// TestMonthBadInput is the list of bad input: each is refused or warned about naming the
// employee and the month, and a refused month stores nothing.
func TestMonthBadInput(t *testing.T) {
	const fy = tds.FY(2025)
	ctx := context.Background()
	base := func(t *testing.T) *store.DB {
		db := openDB(t)
		mustImport(t, db, fy, time.April, line{code: "E1", salary: 100_000, pan: "ABCPE1234K"}, line{code: "E2", salary: 50_000, left: "30/04/2025"})
		return db
	}
	tests := []struct {
		name  string
		month time.Month
		data  []byte
		opt   Options
		// want is in the first problem when the month is refused, else in a warning.
		refused bool
		want    string
	}{
		{"employee who left", time.May, monthCSV(line{code: "E1", salary: 100_000, pan: "ABCPE1234K"}, line{code: "E2", salary: 50_000}), Options{}, true,
			"employee E2 left on 30/04/2025: there is no May 2025 for them"},
		{"PAN changes mid-year", time.May, monthCSV(line{code: "E1", salary: 100_000, pan: "ABCPE9999K"}), Options{}, true,
			"employee E1, May 2025: PAN ABCPE9999K differs from ABCPE1234K"},
		{"PAN change accepted", time.May, monthCSV(line{code: "E1", salary: 100_000, pan: "ABCPE9999K"}), Options{AcceptPANChange: true}, false,
			"employee E1, May 2025: PAN changed from ABCPE1234K to ABCPE9999K"},
		{"negative salary", time.May, []byte(strings.Replace(string(monthCSV(line{code: "E1", salary: 100_000, pan: "ABCPE1234K"})), ",100000,", ",-5000,", 1)), Options{}, true,
			"a recovery of salary paid earlier in the year goes in one_off_salary"},
		{"recovery in the one-off column", time.May, monthCSV(line{code: "E1", salary: 100_000, oneOff: -5000, pan: "ABCPE1234K"}), Options{}, false, ""},
		{"recovery beyond what was paid", time.May, monthCSV(line{code: "E1", salary: 0, oneOff: -5_000_000, pan: "ABCPE1234K"}), Options{}, true,
			"employee E1, May 2025: salary_as_per_provisions_contained_in_section_17_1 for the year would be"},
		{"out of order", time.March, monthCSV(line{code: "E1", salary: 100_000, pan: "ABCPE1234K"}), Options{}, false,
			"employee E1: 10 earlier month(s) of employment have no record"},
		{"one employee twice", time.May, monthCSV(line{code: "E1", salary: 100_000, pan: "ABCPE1234K"}, line{code: "E1", salary: 1, pan: "ABCPE1234K"}), Options{}, true,
			"employee E1 appears twice in the month (rows 2 and 3)"},
		{"negative TDS deducted", time.May, monthCSV(line{code: "E1", salary: 100_000, pan: "ABCPE1234K", deducted: "-500"}), Options{}, true,
			"TDS deducted cannot be negative"},
		{"negative perquisites", time.May, []byte("employee_code,pan,salary_as_per_provisions_contained_in_section_17_1,value_of_perquisites_us_17_2\nE1,ABCPE1234K,100000,-2000\n"), Options{}, true,
			"value_of_perquisites_us_17_2"},
		{"TDS with paise", time.May, monthCSV(line{code: "E1", salary: 100_000, pan: "ABCPE1234K", deducted: "1000.50"}), Options{}, true,
			"expected whole rupees"},
		{"joined later", time.May, monthCSV(line{code: "E3", salary: 100_000, joined: "01/06/2025"}), Options{}, true,
			"employee E3 joined on 01/06/2025, after May 2025"},
		{"no code", time.May, []byte("name,salary\nAsha,100000\n"), Options{}, true, "no employee_code column"},
		// One identity for an employee: codes are read without regard to case, and one PAN is one
		// person in a TDS year (two codes with one PAN were taxed as two people, each with the slabs).
		{"code in another case is the same employee", time.May, monthCSV(line{code: "e1", salary: 100_000, pan: "ABCPE1234K"}, line{code: "E1", salary: 1, pan: "ABCPE1234K"}), Options{}, true,
			"employee E1 appears twice in the month (rows 2 and 3)"},
		{"one PAN, two codes in a month", time.May, monthCSV(line{code: "E1", salary: 100_000, pan: "ABCPE1234K"}, line{code: "E9", salary: 1, pan: "abcpe1234k"}), Options{}, true,
			"PAN ABCPE1234K is on row 2 (employee E1) and row 3 (employee E9): one PAN is one person"},
		{"PAN recorded under another code", time.May, monthCSV(line{code: "EMP-1", salary: 100_000, pan: "ABCPE1234K"}), Options{}, true,
			"PAN ABCPE1234K is recorded this year for employee E1, and this row gives employee EMP-1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db := base(t)
			res, err := importMonth(t, db, fy, tt.month, tt.data, tt.opt)
			ms, _ := Months(ctx, db.DB, ws, fy)
			if tt.refused {
				if apperr.KindOf(err) != apperr.Invalid || len(res.Problems) == 0 || !strings.Contains(res.Problems[0].String(), tt.want) {
					t.Fatalf("err %v, problems %+v; want %q", err, res.Problems, tt.want)
				}
				if len(ms) != 1 {
					t.Errorf("a refused month stored something: %+v", ms)
				}
				return
			}
			if err != nil {
				t.Fatalf("%v %+v", err, res.Problems)
			}
			if tt.want != "" && !strings.Contains(strings.Join(res.Warnings, "\n"), tt.want) {
				t.Errorf("warnings %q, want %q", res.Warnings, tt.want)
			}
		})
	}
}

// TestMonthAgainAndOutOfOrder: a month imported twice replaces the first with a diff; March
// imported before February is computed from what is recorded, and computed again when February
// comes in.
func TestMonthAgainAndOutOfOrder(t *testing.T) {
	const fy = tds.FY(2025)
	db := openDB(t)
	for _, m := range months[:10] {
		mustImport(t, db, fy, m, line{code: "E1", salary: 200_000})
	}
	again := mustImport(t, db, fy, time.January, line{code: "E1", salary: 200_000})
	if !again.Diff.Replaced || len(again.Diff.Changed) != 0 || !strings.Contains(strings.Join(again.Warnings, ";"), "exactly this file") {
		t.Errorf("same file again: %+v", again)
	}
	changed := mustImport(t, db, fy, time.January, line{code: "E1", salary: 250_000, deducted: "30000"}, line{code: "E9", salary: 10_000})
	if len(changed.Diff.Changed) != 1 || len(changed.Diff.Added) != 1 || changed.Diff.Added[0] != "E9" {
		t.Fatalf("diff = %+v", changed.Diff)
	}
	got := strings.Join(changed.Diff.Changed[0].Fields, "; ")
	for _, w := range []string{"Salary u/s 17(1) 2,00,000 → 2,50,000", "TDS deducted not recorded → 30,000", "TDS this month"} {
		if !strings.Contains(got, w) {
			t.Errorf("diff %q lacks %q", got, w)
		}
	}
	march := mustImport(t, db, fy, time.March, line{code: "E1", salary: 250_000})
	if !strings.Contains(strings.Join(march.Warnings, ";"), "1 earlier month(s) of employment have no record") {
		t.Errorf("march warnings %q", march.Warnings)
	}
	before := register(t, db, fy, time.March)["E1"]
	feb := mustImport(t, db, fy, time.February, line{code: "E1", salary: 250_000})
	if len(feb.Recomputed) != 1 || !strings.HasPrefix(feb.Recomputed[0], "March 2026: TDS changed for 1") {
		t.Errorf("recomputed = %q, warnings %q", feb.Recomputed, feb.Warnings)
	}
	after := register(t, db, fy, time.March)["E1"]
	if after.TDS == before.TDS || after.DeductedBefore != before.DeductedBefore+register(t, db, fy, time.February)["E1"].TDS {
		t.Errorf("March before %+v after %+v", before, after)
	}
	if after.Remaining != 0 || after.MonthsLeft != 1 {
		t.Errorf("March takes the remainder: %+v", after)
	}
}

func TestEmployerTAN(t *testing.T) {
	db := openDB(t)
	ctx := context.Background()
	now := time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC)
	for _, tan := range []string{"", "MUMA1234B", "MUM112345B", "MUMA12345", "1UMA12345B"} {
		_, err := SetEmployer(ctx, db.DB, ws, Employer{FY: 2025, Name: "Acme", TAN: tan}, now)
		if apperr.KindOf(err) != apperr.Invalid || !strings.Contains(err.Error(), "TAN") {
			t.Errorf("TAN %q: %v", tan, err)
		}
	}
	if _, err := GetEmployer(ctx, db.DB, ws, 2025); apperr.KindOf(err) != apperr.NotFound {
		t.Errorf("no employer: %v", err)
	}
	e, err := SetEmployer(ctx, db.DB, ws, Employer{FY: 2025, Name: " Acme Ltd ", TAN: "muma12345b", PAN: "aaacA1234f", Responsible: "R. Iyer"}, now)
	if err != nil || e.TAN != "MUMA12345B" || e.PAN != "AAACA1234F" || e.Name != "Acme Ltd" {
		t.Fatalf("set = %+v %v", e, err)
	}
	got, err := GetEmployer(ctx, db.DB, ws, 2025)
	if err != nil || got.TAN != "MUMA12345B" || got.Responsible != "R. Iyer" {
		t.Errorf("get = %+v %v", got, err)
	}
}

// TestComputeRounding checks the division: half up to the rupee; the last month the remainder.
func TestComputeRounding(t *testing.T) {
	var in tds.Input
	in.PANStatus = tds.PANValid
	tests := []struct {
		month, last int
		before      int64
		salary      int64 // a month
		wantTDS     int64
	}{
		{0, 11, 0, 150_000, 0},
		{11, 11, 0, 150_000, 0},
	}
	for _, tt := range tests {
		r, err := Compute(Step{FY: 2025, Month: tt.month, Last: tt.last, Paid: Amounts{Items: [NumPaid]money.Paise{money.FromRupees(tt.salary)}}, Declarations: in,
			Before: Before{Deducted: tt.before}})
		if err != nil {
			t.Fatal(err)
		}
		if want := tds.MonthShare(r.Liability-tt.before, r.MonthsLeft); r.TDS != want {
			t.Errorf("%+v: TDS %d want %d", tt, r.TDS, want)
		}
	}
	if _, err := Compute(Step{FY: 2025, Month: 5, Last: 4, Declarations: in}); err == nil {
		t.Error("a month after the last month of employment is refused")
	}
}

// TestMonthHRAHelper: rent, HRA received, basic + DA and the city give each month's HRA
// exemption, projected like the amounts paid: the months recorded as they were, this month's for
// the months left. Worked by hand (FY 2025-26, Delhi: 50% of salary; old regime):
//
//	months      salary 17(1)  basic+DA  HRA recd  rent    least of (HRA; rent − 10% of basic+DA; 50% of basic+DA)
//	Apr–Sep     1,00,000      50,000    20,000    18,000  20,000; 13,000; 25,000 → 13,000
//	Oct–Nov     1,20,000      60,000    24,000    18,000  24,000; 12,000; 30,000 → 12,000  (the raise)
//	Dec         1,20,000      60,000    24,000    30,000  24,000; 24,000; 30,000 → 24,000  (new rent)
//	Jan–Mar     1,20,000      no HRA columns: December's 24,000 goes on
//
// The year's exemption as projected in each month:
//
//	April     13,000 × 12                          = 1,56,000
//	October   13,000 × 6 + 12,000 × 6              = 1,50,000  (the latest month × 12 said 1,44,000)
//	December  13,000 × 6 + 12,000 × 2 + 24,000 × 4 = 1,98,000  (the latest month × 12 said 2,88,000)
//	March     the same 1,98,000, all of it as recorded
//
// and the liability each month is the engine's on the salary projected the same way with that
// exemption.
func TestMonthHRAHelper(t *testing.T) {
	db := openDB(t)
	const fy = tds.FY(2025)
	ctx := context.Background()
	wantHRA := map[time.Month]int64{time.April: 156_000, time.October: 150_000, time.November: 150_000, time.December: 198_000, time.January: 198_000, time.March: 198_000}
	wantSalary := map[time.Month]int64{time.April: 1_200_000, time.October: 600_000 + 6*120_000, time.December: 600_000 + 6*120_000, time.March: 600_000 + 6*120_000}
	for i, m := range months {
		csv := "employee_code,regime,salary_as_per_provisions_contained_in_section_17_1,rent_paid,hra_received,basic_da,city\n"
		switch {
		case i < 6:
			csv += "E1,old,100000,18000,20000,50000,New Delhi\n"
		case i < 8:
			csv += "E1,old,120000,18000,24000,60000,Delhi\n"
		case i == 8:
			csv += "E1,old,120000,30000,24000,60000,Delhi\n"
		default:
			csv = "employee_code,regime,salary_as_per_provisions_contained_in_section_17_1\nE1,old,120000\n"
		}
		res, err := importMonth(t, db, fy, m, []byte(csv), Options{})
		if err != nil {
			t.Fatalf("%s: %v %+v", m, err, res.Problems)
		}
		recs, err := monthRecords(ctx, db.DB, ws, fy, Index(m))
		if err != nil {
			t.Fatal(err)
		}
		r := recs["E1"]
		decl, _ := r.declarations()
		got := decl.Amounts[tds.HRA10_13A]
		if w, ok := wantHRA[m]; ok && got != money.FromRupees(w) {
			t.Errorf("%s: the year's HRA exemption %s, want %s", m, got, money.FromRupees(w))
		}
		if w, ok := wantSalary[m]; ok {
			var in tds.Input
			in.PANStatus = tds.PANValid
			in.Amounts[tds.Salary17_1] = money.FromRupees(w)
			in.Amounts[tds.HRA10_13A] = money.FromRupees(wantHRA[m])
			ref, _ := tds.Compute(in, fy)
			if r.res.Liability != ref.Old.TDSOnSalary {
				t.Errorf("%s: liability %d, want %d (salary %d, HRA %d)", m, r.res.Liability, ref.Old.TDSOnSalary, w, wantHRA[m])
			}
		}
		if m == time.October && !strings.Contains(strings.Join(register(t, db, fy, m)["E1"].Why, ";"), "HRA exempt 13,000 → 12,000 a month") {
			t.Errorf("October why = %q", register(t, db, fy, m)["E1"].Why)
		}
	}
	// The year for the forms and the annexure: each month's own exemption, summed.
	year, err := Year(ctx, db.DB, ws, fy, "E1")
	if err != nil || len(year) != 1 || year[0].Input.Amounts[tds.HRA10_13A] != money.FromRupees(198_000) {
		t.Fatalf("year = %+v %v", year, err)
	}

	// Tax year 2026-27: Pune is one of Rule 279's eight cities (50%). A joiner in October with
	// earlier months not recorded: six months of 25,000 (least of 25,000; 30,000 − 5,000;
	// 50% of 50,000), not twelve.
	const ty = tds.FY(2026)
	csv := "employee_code,regime,salary_as_per_provisions_contained_in_section_17_1,rent_paid,hra_received,basic_da,city,date_of_joining\n" +
		"E2,old,100000,30000,25000,50000,Pune,01/10/2026\n"
	if res, err := importMonth(t, db, ty, time.October, []byte(csv), Options{}); err != nil {
		t.Fatalf("%v %+v", err, res.Problems)
	}
	recs, _ := monthRecords(ctx, db.DB, ws, ty, Index(time.October))
	if d, _ := recs["E2"].declarations(); d.Amounts[tds.HRA10_13A] != money.FromRupees(6*25_000) {
		t.Errorf("2026-27 Pune: HRA %s, want 1,50,000", d.Amounts[tds.HRA10_13A])
	}
	bad := "employee_code,salary_as_per_provisions_contained_in_section_17_1,rent_paid,hra_received,city\nE1,100000,30000,25000,Pune\n"
	res, err := importMonth(t, db, ty, time.November, []byte(bad), Options{})
	if err == nil || !strings.Contains(res.Problems[0].String(), "give all four") {
		t.Errorf("missing basic_da: %v %+v", err, res.Problems)
	}
}

// TestLeaverDateBeforeRecordedMonth: December is recorded for E5 before November's file says
// they left on 15/11/2025. Computing December again would stretch a leaver's year over a month
// they were not employed, so November is refused naming the employee and both months, and
// nothing is stored; without the date it is recorded, and December is computed again with
// December as E5's last month.
func TestLeaverDateBeforeRecordedMonth(t *testing.T) {
	const fy = tds.FY(2025)
	ctx := context.Background()
	db := openDB(t)
	for _, m := range months[:7] { // April to October
		mustImport(t, db, fy, m, line{code: "E5", salary: 120_000}, line{code: "E6", salary: 90_000})
	}
	mustImport(t, db, fy, time.December, line{code: "E5", salary: 120_000}, line{code: "E6", salary: 90_000})
	decBefore := register(t, db, fy, time.December)["E5"]

	res, err := importMonth(t, db, fy, time.November, monthCSV(line{code: "E5", salary: 120_000, left: "15/11/2025"}, line{code: "E6", salary: 90_000}), Options{})
	if apperr.KindOf(err) != apperr.Invalid || len(res.Problems) != 1 ||
		!strings.Contains(res.Problems[0].String(), "employee E5, November 2025: the date of leaving 15/11/2025 is before December 2025, which is recorded for them") {
		t.Fatalf("err %v problems %+v", err, res.Problems)
	}
	if ms, _ := Months(ctx, db.DB, ws, fy); len(ms) != 8 {
		t.Errorf("a refused month stored something: %d months", len(ms))
	}
	if y, _ := YearToDate(ctx, db.DB, ws, fy, "E5"); len(y) != 1 || y[0].Left != "" {
		t.Errorf("the leaving date was stored: %+v", y)
	}
	if after := register(t, db, fy, time.December)["E5"]; after.TDS != decBefore.TDS || after.MonthsLeft != decBefore.MonthsLeft {
		t.Errorf("December changed: %+v, was %+v", after, decBefore)
	}

	// A date of joining after a recorded month is refused the same way.
	res, err = importMonth(t, db, fy, time.November, monthCSV(line{code: "E6", salary: 90_000, joined: "01/06/2025"}), Options{})
	if err == nil || !strings.Contains(res.Problems[0].String(), "employee E6, November 2025: the date of joining 01/06/2025 is after April 2025, which is recorded for them") {
		t.Errorf("joining: %v %+v", err, res.Problems)
	}

	// Without the date, November comes in out of order and December is computed again over
	// December to March, E5 still employed.
	nov := mustImport(t, db, fy, time.November, line{code: "E5", salary: 120_000}, line{code: "E6", salary: 90_000})
	if len(nov.Recomputed) != 1 {
		t.Errorf("recomputed %q", nov.Recomputed)
	}
	if dec := register(t, db, fy, time.December)["E5"]; dec.MonthsLeft != 4 || dec.DeductedBefore != decBefore.DeductedBefore+register(t, db, fy, time.November)["E5"].TDS {
		t.Errorf("December after November: %+v", dec)
	}
}

// An employee code written in another case in a later month is the same employee: one year, one
// slab computation (it was two people, each with the whole of the slabs).
func TestEmployeeCodeCaseIsOnePerson(t *testing.T) {
	const fy = tds.FY(2025)
	db := openDB(t)
	mustImport(t, db, fy, time.April, line{code: "emp001", salary: 150_000, pan: "ABCPE1234K"})
	if _, err := importMonth(t, db, fy, time.May, monthCSV(line{code: "EMP001", salary: 150_000, pan: "ABCPE1234K"}), Options{}); err != nil {
		t.Fatal(err)
	}
	var codes []string
	rows, err := db.DB.Query(`SELECT DISTINCT code FROM tds_month_records WHERE workspace_id=? AND fy=?`, ws, int(fy))
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var c string
		rows.Scan(&c)
		codes = append(codes, c)
	}
	rows.Close()
	if len(codes) != 1 || codes[0] != "EMP001" {
		t.Errorf("codes recorded = %q, want one employee EMP001", codes)
	}
}

// A rejoiner (left in April, back in June) is recorded: the months recorded stand and a warning
// says so (it was refused, with advice to import April again without them, deleting real salary).
func TestRejoinerIsRecorded(t *testing.T) {
	const fy = tds.FY(2025)
	db := openDB(t)
	mustImport(t, db, fy, time.April, line{code: "E1", salary: 100_000, pan: "ABCPE1234K"}, line{code: "E2", salary: 50_000, pan: "BCDPS2345L", left: "30/04/2025"})
	res, err := importMonth(t, db, fy, time.June, monthCSV(line{code: "E1", salary: 100_000, pan: "ABCPE1234K"}, line{code: "E2", salary: 50_000, pan: "BCDPS2345L", joined: "01/06/2025"}), Options{})
	if err != nil {
		t.Fatalf("%v %+v", err, res.Problems)
	}
	if !strings.Contains(strings.Join(res.Warnings, "\n"), "rejoined on 01/06/2025 after leaving on 30/04/2025") {
		t.Errorf("warnings %q", res.Warnings)
	}
	if y, _ := YearToDate(context.Background(), db.DB, ws, fy, "E2"); len(y) != 1 || y[0].Months != 2 || y[0].Left != "" || y[0].Salary != 100_000 {
		t.Errorf("E2's year: %+v, want April and June recorded, 1,00,000 salary, still employed", y)
	}
}
