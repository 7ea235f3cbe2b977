package store

import (
	"context"
	"regexp"
	"testing"
	"time"
)

// timeColumns is every timestamp column of the database, as migration 0010 lists them.
var timeColumns = []struct{ table, column string }{
	{"schema_migrations", "applied_at"}, {"workspaces", "created_at"}, {"workspaces", "last_used_at"},
	{"answers", "fetched_at"}, {"audit_log", "at"}, {"gstr2a_snapshots", "fetched_at"},
	{"gstr2a_snapshots", "server_time"}, {"payroll_runs", "created_at"}, {"payroll_checks", "checked_at"},
	{"recon_runs", "created_at"}, {"recon_actions", "updated_at"}, {"recon_links", "created_at"},
	{"recon_mappings", "updated_at"}, {"recon_watch", "checked_at"},
}

var oneLayout = regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}Z$`)

// TestMigration0010OneTimeLayout makes a database as release 0009 left it, with rows in every
// layout older code wrote (milliseconds from Go and from SQLite defaults, store.FormatTime's
// nanoseconds, RFC 3339 without or with a short fraction), migrates it and reads every row back:
// one layout, the same instants, the same order.
func TestMigration0010OneTimeLayout(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := OpenAtVersion(ctx, dir, 9)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := conn.ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	exec(`PRAGMA foreign_keys = OFF`) // payroll_checks' parents are not the point here

	base := time.Date(2026, 4, 1, 9, 30, 15, 0, time.UTC)
	// The audit log gets a chronological series written in every old layout.
	series := []struct {
		at   time.Time
		text string
	}{
		{base, "2026-04-01T09:30:15Z"},                                // RFC 3339, no fraction
		{base.Add(230 * time.Millisecond), "2026-04-01T09:30:15.23Z"}, // RFC3339Nano, trailing zeros dropped
		{base.Add(230*time.Millisecond + 1), FormatTime(base.Add(230*time.Millisecond + 1))},
		{base.Add(233 * time.Millisecond), "2026-04-01T09:30:15.233Z"}, // milliseconds (strftime %f, Go .000)
		{base.Add(233*time.Millisecond + 500*time.Microsecond), FormatTime(base.Add(233*time.Millisecond + 500*time.Microsecond))},
		{base.Add(234 * time.Millisecond), "2026-04-01T09:30:15.234Z"},
		{base.Add(time.Second), FormatTime(base.Add(time.Second))},
	}
	// Insert out of order, so the order read back is the column's and not the rowid's.
	for _, i := range []int{3, 0, 6, 2, 5, 1, 4} {
		exec(`INSERT INTO audit_log(at, source, op, req_key, outcome) VALUES (?, 'test', 'verify', ?, 'ok')`, series[i].text, i)
	}

	ms := "2026-04-01T09:30:15.233Z"
	ns := FormatTime(base.Add(233*time.Millisecond + 1))
	exec(`INSERT INTO workspaces(id, name, created_at, last_used_at) VALUES ('w1', 'Old', ?, ?)`, ms, ms)
	exec(`INSERT INTO workspaces(id, name) VALUES ('w2', 'Defaults')`)
	exec(`INSERT INTO answers(source, op, req_key, payload, fetched_at) VALUES ('demo', 'verify', 'k', '{}', ?)`, ns)
	exec(`INSERT INTO gstr2a_snapshots(id, workspace_id, gstin, period, fetched_at, server_time, status) VALUES ('s1', 'w1', 'g', '2026-03', ?, '', 'empty')`, ms)
	exec(`INSERT INTO gstr2a_snapshots(id, workspace_id, gstin, period, fetched_at, server_time, status) VALUES ('s2', 'w1', 'g', '2026-03', ?, ?, 'empty')`, ms, ms)
	exec(`INSERT INTO payroll_runs(id, workspace_id, created_at, fy, source_name, source_hash, source_format, source_rows, skipped_rows,
		employees, new_count, old_count, new_tax, old_tax, recommended_tax, saving, tds, deducted, monthly)
		VALUES ('p1', 'w1', ?, 2025, 'f.csv', 'h', 'csv', 1, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0)`, ns)
	exec(`INSERT INTO payroll_checks(run_id, seq, checked_at, response, differences, difference_count) VALUES ('p1', 1, ?, '{}', '[]', 0)`, ns)
	exec(`INSERT INTO recon_runs(id, workspace_id, from_period, to_period, options, created_at) VALUES ('r1', 'w1', '2026-03', '2026-03', '{}', ?)`, ms)
	exec(`INSERT INTO recon_runs(id, workspace_id, from_period, to_period, options) VALUES ('r2', 'w1', '2026-03', '2026-03', '{}')`)
	exec(`INSERT INTO recon_actions(workspace_id, row_key, action, fingerprint, updated_at) VALUES ('w1', 'k', 'accept', 'f', ?)`, ms)
	exec(`INSERT INTO recon_links(workspace_id, books_id, gstr2a_id, kind) VALUES ('w1', 'b', 'g', 'link')`)
	exec(`INSERT INTO recon_mappings(workspace_id, mapping) VALUES ('w1', '{}')`)
	exec(`INSERT INTO recon_watch(workspace_id, checked_at, view) VALUES ('w1', ?, '{}')`, ns)
	exec(`PRAGMA foreign_keys = ON`)

	// Remember every value as an instant before migrating.
	before := map[string][]time.Time{}
	for _, c := range timeColumns {
		before[c.table+"."+c.column] = instants(t, db, c.table, c.column)
	}
	conn.Close()
	db.Close()

	db, err = Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, c := range timeColumns {
		key := c.table + "." + c.column
		rows, err := db.QueryContext(ctx, `SELECT `+c.column+` FROM `+c.table+` ORDER BY rowid`)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for rows.Next() {
			var s string
			rows.Scan(&s)
			if s == "" && c.column == "server_time" {
				n++
				continue
			}
			if !oneLayout.MatchString(s) {
				t.Errorf("%s = %q, not in TimeLayout", key, s)
			}
			n++
		}
		rows.Close()
		after := instants(t, db, c.table, c.column)
		for i := range before[key] {
			if i >= len(after) || !after[i].Equal(before[key][i]) {
				t.Errorf("%s row %d: %v before, %v after", key, i, before[key][i], after)
			}
		}
		if key == "schema_migrations.applied_at" {
			if migs, _ := loadMigrations(); len(after) != len(migs) {
				t.Errorf("schema_migrations has %d rows, want %d (every migration)", len(after), len(migs))
			}
		} else if n == 0 {
			t.Errorf("%s: no rows to check", key)
		}
	}

	rows, err := db.QueryContext(ctx, `SELECT at FROM audit_log ORDER BY at`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	i := 0
	for rows.Next() {
		var s string
		rows.Scan(&s)
		got, err := ParseTime(s)
		if err != nil || i >= len(series) || !got.Equal(series[i].at) {
			t.Errorf("audit_log row %d in time order = %s, want %v", i, s, series[min(i, len(series)-1)].at)
		}
		i++
	}
	if i != len(series) {
		t.Errorf("audit_log has %d rows, want %d", i, len(series))
	}
}

// instants reads a column's values (in rowid order) as times; the empty text is the zero time.
func instants(t *testing.T, db *DB, table, column string) []time.Time {
	t.Helper()
	rows, err := db.Query(`SELECT ` + column + ` FROM ` + table + ` ORDER BY rowid`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []time.Time
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		var at time.Time
		if s != "" {
			if at, err = ParseTime(s); err != nil {
				t.Fatalf("%s.%s = %q: %v", table, column, s, err)
			}
		}
		out = append(out, at)
	}
	return out
}

// TestWritersUseOneLayout checks the writers of package store itself.
func TestWritersUseOneLayout(t *testing.T) {
	db := openTemp(t)
	ctx := context.Background()
	w, err := db.CreateWorkspace(ctx, Workspace{Name: "A", Environment: "demo"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.UseWorkspace(ctx, w.ID); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ table, column string }{{"schema_migrations", "applied_at"}, {"workspaces", "created_at"}, {"workspaces", "last_used_at"}} {
		var s string
		if err := db.QueryRow(`SELECT ` + c.column + ` FROM ` + c.table + ` ORDER BY rowid DESC LIMIT 1`).Scan(&s); err != nil || !oneLayout.MatchString(s) {
			t.Errorf("%s.%s = %q, %v; want TimeLayout", c.table, c.column, s, err)
		}
	}
}
