package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gstdesk/backend/apperr"
)

var testRefusal = apperr.New(apperr.Conflict, "This desk follows \"nas\" read-only.")

// TestReadOnlyRefusesEveryWrite: a database opened read-only answers reads, and every kind of
// write (plain, in a transaction, on a raw connection, schema changes) is refused with the
// refusal, counted, and changes nothing on disk.
func TestReadOnlyRefusesEveryWrite(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	w, err := Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.CreateWorkspace(ctx, Workspace{Name: "Acme", GSTIN: "27AAPFU0939F1ZV", Environment: EnvTest}); err != nil {
		t.Fatal(err)
	}
	// A follower's file is in rollback-journal mode (the applier writes its pages directly).
	if _, err := w.ExecContext(ctx, `PRAGMA journal_mode=DELETE`); err != nil {
		t.Fatal(err)
	}
	w.Close()
	before, err := os.ReadFile(filepath.Join(dir, FileName))
	if err != nil {
		t.Fatal(err)
	}

	db, err := OpenReadOnly(ctx, dir, testRefusal)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ws, err := db.Workspaces(ctx)
	if err != nil || len(ws) != 1 {
		t.Fatalf("Workspaces = %v, %v; want the one workspace", ws, err)
	}
	writes := []struct {
		name string
		do   func() error
	}{
		{"insert", func() error {
			_, err := db.ExecContext(ctx, `INSERT INTO settings(workspace_id, key, value) VALUES ('', 'k', 'v')`)
			return err
		}},
		{"update via store", func() error {
			w := ws[0]
			w.Name = "Renamed"
			_, err := db.UpdateWorkspace(ctx, w)
			return err
		}},
		{"delete", func() error { _, err := db.ExecContext(ctx, `DELETE FROM workspaces`); return err }},
		{"create table", func() error { _, err := db.ExecContext(ctx, `CREATE TABLE x (a)`); return err }},
		{"insert returning", func() error {
			var id int64
			return db.QueryRowContext(ctx, `INSERT INTO settings(workspace_id, key, value) VALUES ('', 'k2', 'v') RETURNING rowid`).Scan(&id)
		}},
		{"in a transaction", func() error {
			tx, err := db.BeginTx(ctx, nil)
			if err != nil {
				return err
			}
			defer tx.Rollback()
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM workspaces`).Scan(&n); err != nil {
				t.Fatalf("read in a transaction: %v", err)
			}
			_, err = tx.ExecContext(ctx, `UPDATE workspaces SET name = 'x'`)
			return err
		}},
		{"raw connection", func() error {
			c, err := db.Conn(ctx)
			if err != nil {
				return err
			}
			defer c.Close()
			return c.Raw(func(dc any) error {
				_, err := dc.(driver.ExecerContext).ExecContext(ctx, `UPDATE workspaces SET name = 'y'`, nil)
				return err
			})
		}},
	}
	for i, w := range writes {
		err := w.do()
		if !errors.Is(err, ErrReadOnly) {
			t.Errorf("%s: err = %v, want ErrReadOnly", w.name, err)
			continue
		}
		if p := apperr.Window.Public(err); p.Kind != apperr.Conflict || p.Message != testRefusal.Message {
			t.Errorf("%s: shown as %+v, want the refusal", w.name, p)
		}
		if got := db.Refused(); got != int64(i+1) {
			t.Errorf("%s: Refused = %d, want %d", w.name, got, i+1)
		}
	}
	// Opening another workspace on a read-only desk records nothing (and is no refused write).
	if got, err := db.UseWorkspace(ctx, ws[0].ID); err != nil || got.ID != ws[0].ID {
		t.Errorf("UseWorkspace = %v, %v; want the workspace, nothing written", got, err)
	}
	after, err := os.ReadFile(filepath.Join(dir, FileName))
	if err != nil {
		t.Fatal(err)
	}
	if string(before) != string(after) {
		t.Error("the read-only database's file changed")
	}
	if _, err := os.Stat(filepath.Join(dir, FileName+"-wal")); err == nil {
		t.Error("a read-only open made a WAL file")
	}
}

// TestSetReadOnly: a writable database refuses writes from SetReadOnly on and writes again after
// SetReadOnly(nil); its reads never stop.
func TestSetReadOnly(t *testing.T) {
	ctx := context.Background()
	db := openTemp(t)
	set := func() error { return db.SetSetting(ctx, "", "k", "v") }
	if err := set(); err != nil {
		t.Fatal(err)
	}
	db.SetReadOnly(testRefusal)
	if err := set(); !errors.Is(err, ErrReadOnly) {
		t.Fatalf("write after SetReadOnly: %v, want ErrReadOnly", err)
	}
	if v, err := db.Setting(ctx, "", "k", ""); err != nil || v != "v" {
		t.Fatalf("read after SetReadOnly = %q, %v", v, err)
	}
	db.SetReadOnly(nil)
	if err := set(); err != nil {
		t.Fatalf("write after SetReadOnly(nil): %v", err)
	}
}

// TestOpenReadOnlyChecksSchema: a database with a migration this gstdesk does not know, or without
// one it knows, is refused (it cannot be upgraded read-only); a missing one is an error, not a
// new database.
func TestOpenReadOnlyChecksSchema(t *testing.T) {
	ctx := context.Background()
	if _, err := OpenReadOnly(ctx, t.TempDir(), testRefusal); err == nil {
		t.Error("OpenReadOnly of an empty folder succeeded")
	}
	newer := t.TempDir()
	db, err := Open(ctx, newer)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO schema_migrations(version, name) VALUES (9999, '9999_future.sql')`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if _, err := OpenReadOnly(ctx, newer, testRefusal); apperr.KindOf(err) != apperr.Conflict {
		t.Errorf("newer schema: err = %v, want a Conflict", err)
	}
	migs, _ := loadMigrations()
	older := t.TempDir()
	db, err = OpenAtVersion(ctx, older, migs[len(migs)-2].version)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	if _, err := OpenReadOnly(ctx, older, testRefusal); apperr.KindOf(err) != apperr.Conflict {
		t.Errorf("older schema: err = %v, want a Conflict", err)
	}
}

// TestSetReadOnlyReachesConnectionsInUse: a connection in use when the refusal is set or cleared
// (held as a sql.Conn, by an open read transaction, by rows being read) follows the new state
// from its next statement on and, once back in the pool, on every later use: no write gets
// through a connection taken before the refusal, and none is refused on one taken before it
// was cleared.
func TestSetReadOnlyReachesConnectionsInUse(t *testing.T) {
	ctx := context.Background()
	key := 0
	insert := `INSERT INTO settings(workspace_id, key, value) VALUES ('', ?, 'v')`
	nextKey := func() string { key++; return "k" + strconv.Itoa(key) }
	// writeOnEach writes once on each of n connections taken from the pool at the same time.
	writeOnEach := func(t *testing.T, db *DB, n int) []error {
		t.Helper()
		var conns []*sql.Conn
		defer func() {
			for _, c := range conns {
				c.Close()
			}
		}()
		var errs []error
		for range n {
			c, err := db.Conn(ctx)
			if err != nil {
				t.Fatal(err)
			}
			conns = append(conns, c)
			_, err = c.ExecContext(ctx, insert, nextKey())
			errs = append(errs, err)
		}
		return errs
	}
	type held struct {
		write   func(ctx context.Context, query string, args ...any) (sql.Result, error) // nil: cannot write
		release func()
	}
	holders := []struct {
		name string
		hold func(t *testing.T, db *DB) held
	}{
		{"sql.Conn", func(t *testing.T, db *DB) held {
			c, err := db.Conn(ctx)
			if err != nil {
				t.Fatal(err)
			}
			var n int
			if err := c.QueryRowContext(ctx, `SELECT count(*) FROM settings`).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return held{write: c.ExecContext, release: func() { c.Close() }}
		}},
		{"read transaction", func(t *testing.T, db *DB) held {
			tx, err := db.BeginTx(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM settings`).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return held{write: tx.ExecContext, release: func() { tx.Rollback() }}
		}},
		{"open rows", func(t *testing.T, db *DB) held {
			rows, err := db.QueryContext(ctx, `SELECT key FROM settings`)
			if err != nil {
				t.Fatal(err)
			}
			if !rows.Next() {
				t.Fatal("no row to hold the connection with")
			}
			return held{release: func() { rows.Close() }}
		}},
	}
	const pool = 3
	for _, h := range holders {
		t.Run(h.name, func(t *testing.T) {
			db := openTemp(t)
			for _, err := range writeOnEach(t, db, pool) { // the pool holds writable connections
				if err != nil {
					t.Fatal(err)
				}
			}

			hd := h.hold(t, db)
			db.SetReadOnly(testRefusal)
			if hd.write != nil {
				if _, err := hd.write(ctx, insert, nextKey()); !errors.Is(err, ErrReadOnly) {
					t.Errorf("write on the held connection after SetReadOnly: %v, want the refusal", err)
				}
			}
			hd.release()
			if _, err := db.ExecContext(ctx, insert, nextKey()); !errors.Is(err, ErrReadOnly) {
				t.Errorf("db.Exec after the held connection went back: %v, want the refusal", err)
			}
			for i, err := range writeOnEach(t, db, pool) {
				if !errors.Is(err, ErrReadOnly) {
					t.Errorf("pooled connection %d after SetReadOnly: %v, want the refusal", i, err)
				}
			}

			hd = h.hold(t, db)
			db.SetReadOnly(nil)
			if hd.write != nil {
				if _, err := hd.write(ctx, insert, nextKey()); err != nil {
					t.Errorf("write on the held connection after SetReadOnly(nil): %v", err)
				}
			}
			hd.release()
			if _, err := db.ExecContext(ctx, insert, nextKey()); err != nil {
				t.Errorf("db.Exec after the held connection went back: %v", err)
			}
			for i, err := range writeOnEach(t, db, pool) {
				if err != nil {
					t.Errorf("pooled connection %d after SetReadOnly(nil): %v", i, err)
				}
			}
		})
	}
}

// TestEveryRefusalSaysTheSame: a write SQLite refused, one refused before SQL (Refuse), and one
// refused with words of its own (RefuseWith) all carry the refusal's words and hint, are
// ErrReadOnly, and are counted; SQLite's own error stays in the chain of the first. A writable
// database refuses nothing.
func TestEveryRefusalSaysTheSame(t *testing.T) {
	ctx := context.Background()
	db := openTemp(t)
	if err := db.Refuse(); err != nil {
		t.Fatalf("Refuse on a writable database: %v", err)
	}
	if err := db.RefuseWith("More."); err != nil {
		t.Fatalf("RefuseWith on a writable database: %v", err)
	}
	refusal := testRefusal.WithHint(apperr.Hint{Window: "Use the writer desk.", Command: "Run it on the writer desk."})
	db.SetReadOnly(refusal)
	_, sqlErr := db.ExecContext(ctx, `DELETE FROM settings`)
	for _, tc := range []struct {
		name string
		err  error
		msg  string
	}{
		{"refused by SQLite", sqlErr, refusal.Message},
		{"Refuse", db.Refuse(), refusal.Message},
		{"RefuseWith", db.RefuseWith("It calls nothing either."), refusal.Message + " It calls nothing either."},
	} {
		var e *apperr.Error
		if !errors.As(tc.err, &e) || !errors.Is(tc.err, ErrReadOnly) {
			t.Errorf("%s: %v, want the refusal over ErrReadOnly", tc.name, tc.err)
			continue
		}
		if e.Kind != refusal.Kind || e.Message != tc.msg || e.Hint != refusal.Hint {
			t.Errorf("%s: %+v, want kind %v, %q, hint %+v", tc.name, *e, refusal.Kind, tc.msg, refusal.Hint)
		}
	}
	if !strings.Contains(sqlErr.(*apperr.Error).Err.Error(), "not authorized") {
		t.Errorf("SQLite's error is not in the refusal's chain: %v", sqlErr.(*apperr.Error).Err)
	}
	if got := db.Refused(); got != 3 {
		t.Errorf("Refused = %d, want 3", got)
	}
	if refusal.Err != nil {
		t.Errorf("the refusal itself was changed: %v", refusal.Err)
	}
}

// A transaction that began while the desk was writable keeps nothing once the desk becomes
// read-only under it (another desk took the replica over): a statement it prepared before is
// refused from then on, and its commit is refused and rolled back, the rows it wrote before
// included.
func TestTransactionAcrossTakeOverKeepsNothing(t *testing.T) {
	ctx := context.Background()
	db := openTemp(t)
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	st, err := tx.PrepareContext(ctx, `INSERT INTO settings(workspace_id, key, value) VALUES ('', ?, 'v')`)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.ExecContext(ctx, "before"); err != nil {
		t.Fatal(err)
	}
	db.SetReadOnly(testRefusal)
	if _, err := st.ExecContext(ctx, "after"); !errors.Is(err, ErrReadOnly) {
		t.Errorf("a statement prepared before the take-over wrote after it: %v", err)
	}
	if err := tx.Commit(); !errors.Is(err, ErrReadOnly) || !strings.Contains(err.Error(), testRefusal.Message) {
		t.Errorf("commit after the take-over: %v, want the refusal", err)
	}
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM settings WHERE key IN ('before', 'after')`).Scan(&n); err != nil || n != 0 {
		t.Errorf("%d rows of the transaction kept (%v)", n, err)
	}
	// Writable again, a transaction commits as before.
	db.SetReadOnly(nil)
	tx, err = db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO settings(workspace_id, key, value) VALUES ('', 'later', 'v')`); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
}
