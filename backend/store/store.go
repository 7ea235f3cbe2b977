// Package store is gstdesk's data home: it opens the SQLite file of the app (modernc.org/sqlite,
// no cgo), applies the embedded migrations once each, and keeps workspaces and settings. Domain
// packages (lookups, GSTR-2A, TDS runs, reconciliation) keep their own queries and take the *sql.DB.
package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"modernc.org/sqlite" // registers the "sqlite" driver
	sqlite3 "modernc.org/sqlite/lib"

	"gstdesk/backend/apperr"
)

//go:embed migrations/*.sql
var migrationFS embed.FS

// DB is the open database of a data directory.
type DB struct {
	*sql.DB
	// Path is the SQLite file.
	Path string
	// Dir is the data directory holding it.
	Dir string
	// Notices are what opening found and did that the person should be told once, such as a data
	// folder other users could read being made private; the window logs them, a command prints them.
	Notices []string

	// guard refuses writes while the database is read-only (readonly.go).
	guard *guard
}

// FileName is the name of the SQLite file in the data directory.
const FileName = "gstdesk.db"

// DataDir returns the data directory: GSTDESK_DATA_DIR when set, else <user config dir>/gstdesk.
func DataDir() (string, error) {
	if d := os.Getenv("GSTDESK_DATA_DIR"); d != "" {
		return d, nil
	}
	base, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("store: find the user config directory (set GSTDESK_DATA_DIR): %w", err)
	}
	return filepath.Join(base, "gstdesk"), nil
}

// Open opens (creating if needed) the database in dir and brings its schema up to date. The app,
// the command line and the tests all open it this way.
func Open(ctx context.Context, dir string) (*DB, error) {
	return OpenAtVersion(ctx, dir, math.MaxInt)
}

// OpenAtVersion is Open applying the migrations up to version only: tests of a migration use it
// to make a database as an earlier release left it.
func OpenAtVersion(ctx context.Context, dir string, version int) (*DB, error) {
	notice, err := prepareDir(dir)
	if err != nil {
		return nil, err
	}
	path := filepath.Join(dir, FileName)
	created, err := createDBFile(path)
	if err != nil {
		return nil, err
	}
	if created {
		if err := initNewDB(ctx, path); err != nil {
			return nil, err
		}
	}
	// Every pooled connection runs these pragmas when it opens (modernc.org/sqlite applies _pragma
	// per connection), so the busy timeout holds on each, not only the first.
	dsn := "file:" + filepath.ToSlash(path) +
		"?_pragma=busy_timeout(" + strconv.Itoa(BusyTimeoutMillis) + ")&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)&_pragma=temp_store(MEMORY)&_txlock=immediate"
	sqldb, g := openGuarded(dsn, nil)
	if err := sqldb.PingContext(ctx); err != nil {
		sqldb.Close()
		return nil, openError(path, "open", err)
	}
	tightenDBFiles(path)
	db := &DB{DB: sqldb, Path: path, Dir: dir, guard: g}
	if notice != "" {
		db.Notices = append(db.Notices, notice)
	}
	if err := db.migrate(ctx, version); err != nil {
		sqldb.Close()
		return nil, err
	}
	if version <= 0 || version >= 35 {
		if err := db.renormalise(ctx); err != nil {
			sqldb.Close()
			return nil, err
		}
	}
	return db, nil
}

// BusyTimeoutMillis is how long a connection waits for another process's write before giving up.
const BusyTimeoutMillis = 5000

// IsBusy reports whether err is SQLite's "database is locked" (another connection or process
// held the write lock longer than the busy timeout).
func IsBusy(err error) bool {
	var se *sqlite.Error
	if errors.As(err, &se) {
		return se.Code()&0xff == sqlite3.SQLITE_BUSY
	}
	return err != nil && strings.Contains(err.Error(), "database is locked")
}

// openError is an error opening or updating the database: one a person can act on when another
// gstdesk holds the write lock, an internal one naming the file otherwise.
func openError(path, what string, err error) error {
	if IsBusy(err) {
		return apperr.Wrap(apperr.Unavailable, err, "The data folder %s is busy: another gstdesk is writing to it. Try again when it has finished.", filepath.Dir(path)).
			WithHint(apperr.Hint{Command: "Wait for the other gstdesk command or window to finish, then run this again."})
	}
	if strings.Contains(err.Error(), "file is not a database") || strings.Contains(err.Error(), "database disk image is malformed") {
		// The file at the database's place is not a gstdesk database (written over by another
		// file, or damaged): say so and what to do, never "something went wrong inside gstdesk".
		return apperr.Wrap(apperr.Unavailable, err, "%s is not a readable gstdesk database: it was written over by another file or is damaged. Nothing was changed. Put back the copy from your backup, or move the file aside to start with an empty data folder.", path)
	}
	return fmt.Errorf("store: %s %s: %w", what, path, err)
}

type migration struct {
	version int
	name    string
	sql     string
}

func loadMigrations() ([]migration, error) {
	entries, err := fs.ReadDir(migrationFS, "migrations")
	if err != nil {
		return nil, err
	}
	var out []migration
	for _, e := range entries {
		name := e.Name()
		num, _, ok := strings.Cut(name, "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil {
			return nil, fmt.Errorf("store: migration %s: name must start with a number and '_'", name)
		}
		b, err := migrationFS.ReadFile("migrations/" + name)
		if err != nil {
			return nil, err
		}
		out = append(out, migration{version: v, name: name, sql: string(b)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].version < out[j].version })
	for i := 1; i < len(out); i++ {
		if out[i].version == out[i-1].version {
			return nil, fmt.Errorf("store: migrations %s and %s share a number", out[i-1].name, out[i].name)
		}
	}
	return out, nil
}

// createMigrationsTable is the table recording which migrations are applied.
const createMigrationsTable = `CREATE TABLE IF NOT EXISTS schema_migrations (
	version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%f000000Z','now')))`

// migrate applies each migration not yet recorded, each in its own transaction. It first reads,
// without taking the write lock, which are recorded: when nothing is to be done (every open but
// the first after an upgrade) it writes nothing, so opening never waits for, or fails because of,
// another process that is writing.
func (db *DB) migrate(ctx context.Context, upTo int) error {
	migs, err := loadMigrations()
	if err != nil {
		return err
	}
	applied, err := db.appliedSet(ctx)
	if err != nil {
		return openError(db.Path, "read schema version of", err)
	}
	var todo []migration
	for _, m := range migs {
		if m.version <= upTo && !applied[m.version] {
			todo = append(todo, m)
		}
	}
	if len(todo) == 0 {
		return nil
	}
	if _, err := db.ExecContext(ctx, createMigrationsTable); err != nil {
		return openError(db.Path, "create schema_migrations in", err)
	}
	for _, m := range todo {
		if err := db.apply(ctx, m); err != nil {
			return err
		}
	}
	return nil
}

// appliedSet reads the recorded migrations (none when the table does not exist yet) with plain
// reads, which in WAL mode never wait for a writer.
func (db *DB) appliedSet(ctx context.Context) (map[int]bool, error) {
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'`).Scan(&n); err != nil {
		return nil, err
	}
	out := map[int]bool{}
	if n == 0 {
		return out, nil
	}
	vs, err := db.AppliedMigrations(ctx)
	if err != nil {
		return nil, err
	}
	for _, v := range vs {
		out[v] = true
	}
	return out, nil
}

// apply applies one migration in a write transaction, checking again inside it, as another process
// may have applied it since appliedSet read.
func (db *DB) apply(ctx context.Context, m migration) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return openError(db.Path, "migration "+m.name+" of", err)
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations WHERE version = ?`, m.version).Scan(&n); err != nil {
		return fmt.Errorf("store: migration %s: %w", m.name, err)
	}
	if n > 0 {
		return nil
	}
	if _, err := tx.ExecContext(ctx, m.sql); err != nil {
		return openError(db.Path, "migration "+m.name+" of", err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations(version, name, applied_at) VALUES (?, ?, ?)`, m.version, m.name, now()); err != nil {
		return fmt.Errorf("store: record migration %s: %w", m.name, err)
	}
	if err := tx.Commit(); err != nil {
		return openError(db.Path, "migration "+m.name+" of", err)
	}
	return nil
}

// AppliedMigrations lists the versions recorded as applied, in order.
func (db *DB) AppliedMigrations(ctx context.Context) ([]int, error) {
	rows, err := db.QueryContext(ctx, `SELECT version FROM schema_migrations ORDER BY version`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int
	for rows.Next() {
		var v int
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// IsNotFound reports whether err is sql.ErrNoRows.
func IsNotFound(err error) bool { return errors.Is(err, sql.ErrNoRows) }

// TimeLayout is the one layout of every timestamp column in the database: UTC with a fixed-width
// fraction of nine digits, so that text order is time order and nothing is rounded away.
// (RFC3339Nano drops trailing zeros, and "…26.23Z" sorts after "…26.233Z".) Migration 0010
// converted the rows older code wrote with milliseconds. time.RFC3339Nano parses it back (ParseTime).
const TimeLayout = "2006-01-02T15:04:05.000000000Z07:00"

// FormatTime writes t for the database (see TimeLayout).
func FormatTime(t time.Time) string { return t.UTC().Format(TimeLayout) }

// Stamp writes at for the database (see TimeLayout), refusing the zero time: a write is stamped
// with its caller's clock (the desk core's), never a clock of the store's own. what names the
// write in the error.
func Stamp(what string, at time.Time) (string, error) {
	if at.IsZero() {
		return "", fmt.Errorf("%s: no time given to stamp the write with", what)
	}
	return FormatTime(at), nil
}

// now is the wall clock for the store's own bookkeeping (migrations applied, workspaces opened).
func now() string { return FormatTime(time.Now()) }

// ParseTime reads a time written by FormatTime (or any RFC 3339 time).
func ParseTime(s string) (time.Time, error) { return time.Parse(time.RFC3339Nano, s) }

// FormatTimeOrEmpty is FormatTime, with the zero time written as "" (a time not known).
func FormatTimeOrEmpty(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return FormatTime(t)
}

// ParseTimeOrZero is ParseTime, with "" (or a text that is not a time) read as the zero time.
func ParseTimeOrZero(s string) time.Time {
	t, err := ParseTime(s)
	if err != nil {
		return time.Time{}
	}
	return t
}
