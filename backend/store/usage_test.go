package store

import (
	"context"
	"strings"
	"testing"
)

// TestUsageByKind: the report names the data folder's files and puts each table's space (its
// indexes with it) under the kind of record it holds; deleting records and Reclaim give the space
// back in a database gstdesk created.
func TestUsageByKind(t *testing.T) {
	ctx := context.Background()
	db := openTemp(t)
	big := strings.Repeat("x", 2000)
	tx, _ := db.Begin()
	for i := 0; i < 500; i++ {
		if _, err := tx.Exec(`INSERT INTO answers(source, op, req_key, payload, fetched_at) VALUES ('test', 'verify', ?, ?, ?)`, i, big, now()); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	u, err := db.Usage(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if u.Dir != db.Dir || u.TotalBytes <= 0 || u.AutoVacuum != "incremental" {
		t.Errorf("usage = %+v", u)
	}
	if u.Kinds[0].Kind != KindLookups || u.Kinds[0].Bytes < 500*2000 {
		t.Errorf("largest kind %+v, want lookups with at least 1 MB", u.Kinds[0])
	}
	var found bool
	for _, tb := range u.Tables {
		if tb.Name == "answers" {
			found = tb.Rows == 500 && tb.Kind == KindLookups
		}
	}
	if !found {
		t.Errorf("answers not reported with its 500 rows: %+v", u.Tables)
	}
	var files []string
	for _, f := range u.Files {
		files = append(files, f.Name)
	}
	if !strings.Contains(strings.Join(files, " "), FileName) {
		t.Errorf("files %q do not include %s", files, FileName)
	}

	if _, err := db.Exec(`DELETE FROM answers`); err != nil {
		t.Fatal(err)
	}
	freed, err := db.Reclaim(ctx)
	if err != nil || freed < 500*2000 {
		t.Errorf("Reclaim gave back %d bytes (%v), want at least 1 MB", freed, err)
	}
	after, _ := db.Usage(ctx)
	if after.DBBytes >= u.DBBytes-500*2000 || after.FreeBytes != 0 {
		t.Errorf("database %d bytes (%d free) after deleting and reclaiming, was %d", after.DBBytes, after.FreeBytes, u.DBBytes)
	}
}

// TestCompactSwitchesOldDatabase: a database made before incremental auto-vacuum (as older
// releases made them) is switched by Compact, shrinks, and keeps its records.
func TestCompactSwitchesOldDatabase(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	conn, _ := db.Conn(ctx)
	conn.ExecContext(ctx, `PRAGMA auto_vacuum = NONE`)
	conn.ExecContext(ctx, `VACUUM`) // now as an older release left it
	conn.Close()
	var av int
	db.QueryRow(`PRAGMA auto_vacuum`).Scan(&av)
	if av != 0 {
		t.Fatalf("setup: auto_vacuum = %d", av)
	}
	big := strings.Repeat("y", 4000)
	for i := 0; i < 300; i++ {
		db.Exec(`INSERT INTO answers(source, op, req_key, payload, fetched_at) VALUES ('test', 'verify', ?, ?, ?)`, i, big, now())
	}
	db.Exec(`DELETE FROM answers WHERE CAST(req_key AS INTEGER) >= 10`)
	if n, err := db.Reclaim(ctx); n != 0 || err != nil {
		t.Errorf("Reclaim in a database without auto-vacuum: %d, %v; want 0, nil", n, err)
	}
	u, _ := db.Usage(ctx)
	if u.FreeBytes < 200*4000 {
		t.Fatalf("setup: %d free bytes", u.FreeBytes)
	}
	if _, err := db.Compact(ctx); err != nil {
		t.Fatal(err)
	}
	after, _ := db.Usage(ctx)
	var left int
	db.QueryRow(`SELECT count(*) FROM answers`).Scan(&left)
	if after.AutoVacuum != "incremental" || after.FreeBytes != 0 || after.DBBytes >= u.DBBytes-200*4000 || left != 10 {
		t.Errorf("after Compact: %s, %d free, %d bytes (was %d), %d answers", after.AutoVacuum, after.FreeBytes, after.DBBytes, u.DBBytes, left)
	}
	db.Close()
}
