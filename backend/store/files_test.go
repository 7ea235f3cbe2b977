package store

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"gstdesk/backend/apperr"
)

func perm(t *testing.T, path string) os.FileMode {
	t.Helper()
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return st.Mode().Perm()
}

// TestFileModes: the database and its WAL and SHM files are 0600 however permissive the umask, a
// database an older release left 0644 is tightened, and a data folder others could read becomes
// 0700 with a notice saying so, once.
func TestFileModes(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("file modes are not kept on Windows")
	}
	ctx := context.Background()
	t.Run("new", func(t *testing.T) {
		dir := filepath.Join(t.TempDir(), "data")
		db, err := Open(ctx, dir)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		if _, err := db.Exec(`INSERT INTO settings(key, value) VALUES ('k', 'v')`); err != nil {
			t.Fatal(err)
		}
		for _, p := range []string{db.Path, db.Path + "-wal", db.Path + "-shm"} {
			if got := perm(t, p); got != 0o600 {
				t.Errorf("%s: mode %04o, want 0600", filepath.Base(p), got)
			}
		}
		if got := perm(t, dir); got != 0o700 {
			t.Errorf("data folder: mode %04o, want 0700", got)
		}
		if len(db.Notices) != 0 {
			t.Errorf("a new folder gave notices %q", db.Notices)
		}
	})
	t.Run("old files and an open folder", func(t *testing.T) {
		dir := t.TempDir()
		db, err := Open(ctx, dir)
		if err != nil {
			t.Fatal(err)
		}
		db.Close()
		// As an older release (or a careless copy) left them.
		for _, p := range []string{db.Path, db.Path + "-wal", db.Path + "-shm"} {
			if _, err := os.Stat(p); err == nil {
				os.Chmod(p, 0o644)
			}
		}
		os.Chmod(dir, 0o755)
		db, err = Open(ctx, dir)
		if err != nil {
			t.Fatal(err)
		}
		if got := perm(t, dir); got != 0o700 {
			t.Errorf("data folder: mode %04o, want 0700", got)
		}
		if len(db.Notices) != 1 || !strings.Contains(db.Notices[0], dir) || !strings.Contains(db.Notices[0], "0755") {
			t.Errorf("notices %q, want one naming the folder and its mode 0755", db.Notices)
		}
		for _, p := range []string{db.Path, db.Path + "-wal", db.Path + "-shm"} {
			if _, err := os.Stat(p); err == nil {
				if got := perm(t, p); got != 0o600 {
					t.Errorf("%s: mode %04o, want 0600", filepath.Base(p), got)
				}
			}
		}
		db.Close()
		db, err = Open(ctx, dir)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		if len(db.Notices) != 0 {
			t.Errorf("second open gave notices %q, want none (told once)", db.Notices)
		}
	})
}

// TestLogFile: the log is created 0600 where LogPath says.
func TestLogFile(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "new")
	path, err := AppendLog(dir, "line one\n")
	if err != nil {
		t.Fatal(err)
	}
	if path != LogPath(dir) || path != filepath.Join(dir, LogFileName) {
		t.Errorf("log at %s, want %s", path, filepath.Join(dir, LogFileName))
	}
	AppendLog(dir, "line two\n")
	b, err := os.ReadFile(path)
	if err != nil || string(b) != "line one\nline two\n" {
		t.Errorf("log holds %q (%v)", b, err)
	}
	if runtime.GOOS != "windows" {
		if got := perm(t, path); got != 0o600 {
			t.Errorf("log mode %04o, want 0600", got)
		}
	}
}

// holdWrite begins a write transaction on db and keeps it until the test ends: another process
// in the middle of a long write (a 190k-row reconciliation run).
func holdWrite(t *testing.T, db *DB) {
	t.Helper()
	tx, err := db.Begin() // BEGIN IMMEDIATE: the write lock
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(`INSERT INTO settings(key, value) VALUES ('long-write', 'x')`); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tx.Rollback() })
}

// TestOpenWhileAnotherWrites: two *DB on one folder (as two gstdesk processes); while the first
// holds the write lock the second opens (migrations find nothing to do and take no lock) and
// reads. Before, the second failed with "migration 0001_core.sql: database is locked".
func TestOpenWhileAnotherWrites(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	first, err := Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	holdWrite(t, first)

	second, err := Open(ctx, dir)
	if err != nil {
		t.Fatalf("open while another writes: %v", err)
	}
	defer second.Close()
	var n int
	if err := second.QueryRow(`SELECT count(*) FROM workspaces`).Scan(&n); err != nil {
		t.Errorf("read while another writes: %v", err)
	}
	if err := second.QueryRow(`SELECT count(*) FROM settings WHERE key = 'long-write'`).Scan(&n); err != nil || n != 0 {
		t.Errorf("read saw %d uncommitted rows (%v), want 0", n, err)
	}
}

// TestMigrateWaitsThenReportsBusy: when migrations are due and another process holds the write
// lock past the busy timeout, the error is a typed "busy" one naming the folder, not an internal one.
func TestMigrateWaitsThenReportsBusy(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	old, err := OpenAtVersion(ctx, dir, 9)
	if err != nil {
		t.Fatal(err)
	}
	defer old.Close()
	holdWrite(t, old)
	_, err = Open(ctx, dir)
	if err == nil {
		t.Fatal("migrating under another's write lock succeeded")
	}
	if !IsBusy(err) || apperr.KindOf(err) != apperr.Unavailable {
		t.Fatalf("error %v (kind %s), want a busy error of kind unavailable", err, apperr.KindOf(err))
	}
	if p := apperr.Command.Public(err); !strings.Contains(p.Message, dir) || !strings.Contains(p.Message, "another gstdesk") {
		t.Errorf("message %q does not name the folder and the cause", p.Message)
	}
}

// TestBusyTimeoutOnEveryConnection: the DSN's pragmas run on each pooled connection, not only the
// first, so every query waits for another process's write the same way.
func TestBusyTimeoutOnEveryConnection(t *testing.T) {
	ctx := context.Background()
	db := openTemp(t)
	db.SetMaxOpenConns(4)
	var conns []interface{ Close() error }
	for i := 0; i < 4; i++ {
		c, err := db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
		var timeout, fk int
		var mode string
		c.QueryRowContext(ctx, `PRAGMA busy_timeout`).Scan(&timeout)
		c.QueryRowContext(ctx, `PRAGMA foreign_keys`).Scan(&fk)
		c.QueryRowContext(ctx, `PRAGMA journal_mode`).Scan(&mode)
		if timeout != BusyTimeoutMillis || fk != 1 || mode != "wal" {
			t.Errorf("connection %d: busy_timeout=%d foreign_keys=%d journal_mode=%s, want %d 1 wal", i, timeout, fk, mode, BusyTimeoutMillis)
		}
	}
	for _, c := range conns {
		c.Close()
	}
}

// TestNewDatabaseIncrementalVacuum: a database gstdesk creates can give the space of removed rows
// back to the disk without a VACUUM.
func TestNewDatabaseIncrementalVacuum(t *testing.T) {
	db := openTemp(t)
	var av int
	if err := db.QueryRow(`PRAGMA auto_vacuum`).Scan(&av); err != nil {
		t.Fatal(err)
	}
	if av != 2 {
		t.Errorf("auto_vacuum = %d, want 2 (incremental)", av)
	}
}
