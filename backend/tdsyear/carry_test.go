package tdsyear

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/money"
	"gstdesk/backend/store"
	"gstdesk/backend/tds"
)

// Month files for the carried declarations: April gives every column, May has no column for the
// 80C deduction and none for the regime (both carried from April), June gives its own 80C.
const (
	carryFull = "employee_code,name,pan,regime,salary_as_per_provisions_contained_in_section_17_1,deductible_amount_us_80_c,tax_on_employment_us_16_iii\n"
	carryBare = "employee_code,name,pan,salary_as_per_provisions_contained_in_section_17_1,tax_on_employment_us_16_iii\n"
)

func carryApril(e1Ded80C, e2Regime string) []byte {
	return []byte(carryFull +
		"E1,Asha,ABCPE0001K,old,150000," + e1Ded80C + ",200\n" +
		"E2,Bela,ABCPE0002K," + e2Regime + ",150000,150000,200\n")
}

var (
	carryMay  = []byte(carryBare + "E1,Asha,ABCPE0001K,150000,200\nE2,Bela,ABCPE0002K,150000,200\n")
	carryJune = []byte(carryFull + "E1,Asha,ABCPE0001K,old,150000,20000,200\nE2,Bela,ABCPE0002K,,150000,150000,200\n")
)

func mustImportFile(t *testing.T, db *store.DB, fy tds.FY, m time.Month, data []byte) MonthResult {
	t.Helper()
	res, err := importMonth(t, db, fy, m, data, Options{})
	if err != nil {
		t.Fatalf("%s: %v: %+v", m, err, res.Problems)
	}
	return res
}

// storedDecl is an employee's declarations of a month as stored.
func storedDecl(t *testing.T, db *store.DB, fy tds.FY, m time.Month, code string) (tds.Input, string) {
	t.Helper()
	var r record
	err := db.QueryRow(`SELECT declarations, regime FROM tds_month_records WHERE workspace_id=? AND fy=? AND mi=? AND code=?`, ws, int(fy), Index(m), code).Scan(&r.decl, &r.regime)
	if err != nil {
		t.Fatal(err)
	}
	in, err := r.declarations()
	if err != nil {
		t.Fatal(err)
	}
	return in, string(r.regime)
}

// noWhy is a register without its reasons (a month computed again says so; one recorded in order
// does not).
func noWhy(reg map[string]RegisterRow) map[string]RegisterRow {
	for k, r := range reg {
		r.Why = nil
		reg[k] = r
	}
	return reg
}

// TestCarriedDeclarationsFollowAMonthImportedAgain: a declaration a month's file has no column
// for is carried from the month before; when that month is imported again with another value,
// the later month is computed on the new value (exactly as if the months were imported in order
// with it), while a month that gave its own value keeps it. The regime, blank in May, follows
// April's too.
func TestCarriedDeclarationsFollowAMonthImportedAgain(t *testing.T) {
	const fy = tds.FY(2025)
	db := openDB(t)
	mustImportFile(t, db, fy, time.April, carryApril("150000", "old"))
	mustImportFile(t, db, fy, time.May, carryMay)
	mustImportFile(t, db, fy, time.June, carryJune)
	if d, _ := storedDecl(t, db, fy, time.May, "E1"); d.Amounts[tds.Ded80C] != money.FromRupees(150_000) {
		t.Fatalf("May E1 80C carried = %s, want 1,50,000", d.Amounts[tds.Ded80C])
	}
	mayBefore := register(t, db, fy, time.May)

	res := mustImportFile(t, db, fy, time.April, carryApril("50000", "new"))
	if len(res.Recomputed) != 2 {
		t.Errorf("recomputed %q", res.Recomputed)
	}
	d, _ := storedDecl(t, db, fy, time.May, "E1")
	if got, want := d.Amounts[tds.Ded80C], money.FromRupees(50_000); got != want {
		t.Errorf("May E1 80C after April again = %s, want %s (April's new declaration)", got, want)
	}
	if _, g := storedDecl(t, db, fy, time.May, "E2"); g != "new" {
		t.Errorf("May E2 regime after April again = %s, want new (April's)", g)
	}
	if d, _ := storedDecl(t, db, fy, time.June, "E1"); d.Amounts[tds.Ded80C] != money.FromRupees(20_000) {
		t.Errorf("June E1 80C = %s, want its own 20,000", d.Amounts[tds.Ded80C])
	}
	may := register(t, db, fy, time.May)
	if may["E1"].Liability == mayBefore["E1"].Liability || may["E2"].Regime != "new" {
		t.Errorf("May not computed on April's new figures: before %+v after %+v", mayBefore, may)
	}
	if w := strings.Join(may["E1"].Why, "; "); !strings.Contains(w, "taken again from April 2025") {
		t.Errorf("May E1 why %q", w)
	}

	// The same months imported in order with April's new figures: every figure the same.
	fresh := openDB(t)
	mustImportFile(t, fresh, fy, time.April, carryApril("50000", "new"))
	mustImportFile(t, fresh, fy, time.May, carryMay)
	mustImportFile(t, fresh, fy, time.June, carryJune)
	for _, m := range []time.Month{time.May, time.June} {
		if g, w := noWhy(register(t, db, fy, m)), noWhy(register(t, fresh, fy, m)); !reflect.DeepEqual(g, w) {
			t.Errorf("%s after April again:\n%+v\nimported in order:\n%+v", m, g, w)
		}
	}
	for _, code := range []string{"E1", "E2"} {
		g, _ := storedDecl(t, db, fy, time.May, code)
		w, _ := storedDecl(t, fresh, fy, time.May, code)
		if g != w {
			t.Errorf("May %s declarations %+v, in order %+v", code, g, w)
		}
	}
}

// TestCarriedBeforeMigration: records stored before migration 0023 (which values were carried not
// noted) keep their declarations when computed again, and the import says so where they differ
// from the month before's.
func TestCarriedBeforeMigration(t *testing.T) {
	ctx := context.Background()
	const fy = tds.FY(2025)
	db := openDB(t)
	mustImportFile(t, db, fy, time.April, carryApril("150000", "old"))
	mustImportFile(t, db, fy, time.May, carryMay)
	if _, err := db.Exec(`UPDATE tds_month_records SET carried=NULL`); err != nil {
		t.Fatal(err)
	}
	res, err := ImportMonth(ctx, db.DB, ws, fy, time.April, readMonth(t, "april.csv", carryApril("50000", "old")), Options{Now: testNow})
	if err != nil {
		t.Fatal(err)
	}
	if d, _ := storedDecl(t, db, fy, time.May, "E1"); d.Amounts[tds.Ded80C] != money.FromRupees(150_000) {
		t.Errorf("May E1 80C = %s, want 1,50,000 as stored", d.Amounts[tds.Ded80C])
	}
	if w := strings.Join(res.Warnings, "; "); !strings.Contains(w, "May 2025: 1 employee(s) have declarations that differ") {
		t.Errorf("warnings %q", w)
	}
}

// A month imported after a later one, with no regime given, takes the month before's regime (as a
// month computed again does), not the one the later month recorded: the order months are
// imported in does not change a month's figures.
func TestBlankRegimeIsTheMonthBefores(t *testing.T) {
	const fy = tds.FY(2025)
	june := []byte(carryFull + "E1,Asha,ABCPE0001K,old,150000,20000,200\nE2,Bela,ABCPE0002K,old,150000,150000,200\n")
	late := openDB(t)
	mustImportFile(t, late, fy, time.April, carryApril("150000", "new"))
	mustImportFile(t, late, fy, time.June, june)
	mustImportFile(t, late, fy, time.May, carryMay)
	if _, g := storedDecl(t, late, fy, time.May, "E2"); g != "new" {
		t.Errorf("May E2 regime, imported after June = %s, want new (April's)", g)
	}
	inOrder := openDB(t)
	for _, m := range []struct {
		m time.Month
		f []byte
	}{{time.April, carryApril("150000", "new")}, {time.May, carryMay}, {time.June, june}} {
		mustImportFile(t, inOrder, fy, m.m, m.f)
	}
	if g, w := noWhy(register(t, late, fy, time.May)), noWhy(register(t, inOrder, fy, time.May)); !reflect.DeepEqual(g, w) {
		t.Errorf("May imported after June:\n%+v\nin order:\n%+v", g, w)
	}
}
