package tdsyear

import (
	"context"
	"database/sql"
	"reflect"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/store"
	"gstdesk/backend/tds"
)

// sumsQuery is each record's year so far as the sums of the records up to it (what the ytd_*
// columns must always hold), beside the stored columns.
const sumsQuery = `SELECT r.mi, r.code,
	r.ytd_salary, r.ytd_perquisites, r.ytd_profits, r.ytd_entertainment, r.ytd_professional_tax, r.ytd_deducted, r.ytd_unrecorded, r.ytd_months, r.ytd_hra, r.ytd_hra_months, r.first_mi,
	(SELECT sum(e.salary + e.one_off) FROM tds_month_records e WHERE e.workspace_id=r.workspace_id AND e.fy=r.fy AND e.code=r.code AND e.mi<=r.mi),
	(SELECT sum(e.perquisites) FROM tds_month_records e WHERE e.workspace_id=r.workspace_id AND e.fy=r.fy AND e.code=r.code AND e.mi<=r.mi),
	(SELECT sum(e.profits) FROM tds_month_records e WHERE e.workspace_id=r.workspace_id AND e.fy=r.fy AND e.code=r.code AND e.mi<=r.mi),
	(SELECT sum(e.entertainment) FROM tds_month_records e WHERE e.workspace_id=r.workspace_id AND e.fy=r.fy AND e.code=r.code AND e.mi<=r.mi),
	(SELECT sum(e.professional_tax) FROM tds_month_records e WHERE e.workspace_id=r.workspace_id AND e.fy=r.fy AND e.code=r.code AND e.mi<=r.mi),
	(SELECT sum(coalesce(e.deducted, e.tds)) FROM tds_month_records e WHERE e.workspace_id=r.workspace_id AND e.fy=r.fy AND e.code=r.code AND e.mi<=r.mi),
	(SELECT sum(e.deducted IS NULL) FROM tds_month_records e WHERE e.workspace_id=r.workspace_id AND e.fy=r.fy AND e.code=r.code AND e.mi<=r.mi),
	(SELECT count(*) FROM tds_month_records e WHERE e.workspace_id=r.workspace_id AND e.fy=r.fy AND e.code=r.code AND e.mi<=r.mi),
	(SELECT sum(coalesce(e.hra_exempt, 0)) FROM tds_month_records e WHERE e.workspace_id=r.workspace_id AND e.fy=r.fy AND e.code=r.code AND e.mi<=r.mi),
	(SELECT count(e.hra_exempt) FROM tds_month_records e WHERE e.workspace_id=r.workspace_id AND e.fy=r.fy AND e.code=r.code AND e.mi<=r.mi),
	(SELECT min(e.mi) FROM tds_month_records e WHERE e.workspace_id=r.workspace_id AND e.fy=r.fy AND e.code=r.code)
	FROM tds_month_records r ORDER BY r.mi, r.code`

// checkTotals fails unless every record's ytd_* columns are the sums of the employee's records
// up to it.
func checkTotals(t *testing.T, db *sql.DB, when string) {
	t.Helper()
	rows, err := db.Query(sumsQuery)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var mi int
		var code string
		var stored, sums [11]int64
		dest := []any{&mi, &code}
		for i := range stored {
			dest = append(dest, &stored[i])
		}
		for i := range sums {
			dest = append(dest, &sums[i])
		}
		if err := rows.Scan(dest...); err != nil {
			t.Fatal(err)
		}
		if stored != sums {
			t.Errorf("%s: %s month %d: year so far %v, the records sum to %v", when, code, mi, stored, sums)
		}
		n++
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatalf("%s: no records", when)
	}
}

// TestRunningTotals: the year so far kept in each record is the sum of the months recorded up to
// it however the months come in: in order, a month again with an employee dropped, a month out
// of order (the later months computed again), a gap.
func TestRunningTotals(t *testing.T) {
	db := openDB(t)
	const fy = tds.FY(2025)
	e := func(code string, salary, oneOff int64, deducted string) line {
		return line{code: code, salary: salary, oneOff: oneOff, deducted: deducted, ded80C: 50_000}
	}
	mustImport(t, db, fy, time.April, e("E1", 100_000, 0, "5000"), e("E2", 80_000, 0, ""), e("E3", 60_000, 0, ""))
	mustImport(t, db, fy, time.May, e("E1", 100_000, 20_000, ""), e("E2", 80_000, 0, "7000"), e("E3", 60_000, 0, ""))
	checkTotals(t, db.DB, "in order")
	// July before June: June comes in later and July is computed again.
	mustImport(t, db, fy, time.July, e("E1", 120_000, 0, ""), e("E2", 80_000, 0, ""), e("E3", 60_000, 0, ""))
	checkTotals(t, db.DB, "July with June missing")
	res := mustImport(t, db, fy, time.June, e("E1", 110_000, 0, "9000"), e("E2", 80_000, -10_000, ""))
	if len(res.Recomputed) != 1 {
		t.Errorf("recomputed %q", res.Recomputed)
	}
	checkTotals(t, db.DB, "June after July")
	// May again without E2: June and July are computed again from it.
	mustImport(t, db, fy, time.May, e("E1", 100_000, 0, ""), e("E3", 65_000, 0, ""))
	checkTotals(t, db.DB, "May again")
	// The register of July as a fresh database recording the same months in order gives it.
	fresh := openDB(t)
	mustImport(t, fresh, fy, time.April, e("E1", 100_000, 0, "5000"), e("E2", 80_000, 0, ""), e("E3", 60_000, 0, ""))
	mustImport(t, fresh, fy, time.May, e("E1", 100_000, 0, ""), e("E3", 65_000, 0, ""))
	mustImport(t, fresh, fy, time.June, e("E1", 110_000, 0, "9000"), e("E2", 80_000, -10_000, ""))
	mustImport(t, fresh, fy, time.July, e("E1", 120_000, 0, ""), e("E2", 80_000, 0, ""), e("E3", 60_000, 0, ""))
	got, want := register(t, db, fy, time.July), register(t, fresh, fy, time.July)
	for code, w := range want {
		g := got[code]
		g.Why, w.Why = nil, nil // "computed again after an earlier month was imported" is said only of the first
		if !reflect.DeepEqual(g, w) {
			t.Errorf("July %s: %+v, recorded in order %+v", code, g, w)
		}
	}
}

// TestMigrationRunningTotals: a database recorded before migration 0022 (records keyed by code,
// no year so far) gets each record's year so far filled in from its months, and its later
// months compute exactly as in a database recorded with the totals from the start.
func TestMigrationRunningTotals(t *testing.T) {
	ctx := context.Background()
	const fy = tds.FY(2025)
	ls := func(i int) []line {
		out := []line{{code: "E1", salary: 100_000 + int64(i)*1000, ded80C: 50_000}, {code: "E3", salary: 70_000, hra: 5_000}}
		if i != 1 {
			out = append(out, line{code: "E2", salary: 90_000, deducted: "4000", oneOff: int64(i%2) * 30_000})
		}
		return out
	}
	fresh := openDB(t)
	for i, m := range months[:3] {
		mustImport(t, fresh, fy, m, ls(i)...)
	}
	// The same records as release 0021 kept them.
	dir := t.TempDir()
	old, err := store.OpenAtVersion(ctx, dir, 21)
	if err != nil {
		t.Fatal(err)
	}
	cols := `workspace_id, fy, mi, code, source_row, salary, one_off, perquisites, profits, entertainment, professional_tax, declarations, regime, deducted,
		projected_income, liability, deducted_before, tds, remaining, over_deducted, months_left, new_liability, old_liability, recommended, prev_tds, why, hra_exempt`
	rows, err := fresh.Query(`SELECT ` + cols + ` FROM tds_month_records`)
	if err != nil {
		t.Fatal(err)
	}
	n := strings.Count(cols, ",") + 1
	for rows.Next() {
		vals := make([]any, n)
		ptrs := make([]any, n)
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		if _, err := old.Exec(`INSERT INTO tds_month_records (`+cols+`) VALUES (`+strings.Repeat("?,", n-1)+`?)`, vals...); err != nil {
			t.Fatal(err)
		}
	}
	rows.Close()
	for _, q := range []string{`INSERT INTO tds_employees SELECT * FROM f.tds_employees`, `INSERT INTO tds_months SELECT * FROM f.tds_months`} {
		if _, err := old.Exec(`ATTACH DATABASE ? AS f`, fresh.Path); err != nil {
			t.Fatal(err)
		}
		if _, err := old.Exec(q); err != nil {
			t.Fatal(err)
		}
		if _, err := old.Exec(`DETACH DATABASE f`); err != nil {
			t.Fatal(err)
		}
	}
	old.Close()
	migrated, err := store.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer migrated.Close()
	checkTotals(t, migrated.DB, "migrated")
	totals := func(db *sql.DB) [][]any {
		rows, err := db.Query(`SELECT code, mi, ytd_salary, ytd_deducted, ytd_unrecorded, ytd_months, ytd_hra, ytd_hra_months, first_mi FROM tds_month_records ORDER BY code, mi`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var out [][]any
		for rows.Next() {
			v := make([]any, 9)
			p := make([]any, 9)
			for i := range v {
				p[i] = &v[i]
			}
			if err := rows.Scan(p...); err != nil {
				t.Fatal(err)
			}
			out = append(out, v)
		}
		return out
	}
	if g, w := totals(migrated.DB), totals(fresh.DB); !reflect.DeepEqual(g, w) {
		t.Errorf("migrated totals %v, recorded with them %v", g, w)
	}
	mustImport(t, fresh, fy, time.July, ls(3)...)
	mustImport(t, migrated, fy, time.July, ls(3)...)
	if g, w := register(t, migrated, fy, time.July), register(t, fresh, fy, time.July); !reflect.DeepEqual(g, w) {
		t.Errorf("July after the migration %+v, without it %+v", g, w)
	}
	gy, err1 := Year(ctx, migrated.DB, ws, fy, "")
	wy, err2 := Year(ctx, fresh.DB, ws, fy, "")
	if err1 != nil || err2 != nil || !reflect.DeepEqual(gy, wy) {
		t.Errorf("year after the migration %+v %v, without it %+v %v", gy, err1, wy, err2)
	}
}
