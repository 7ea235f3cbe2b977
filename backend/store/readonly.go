package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"sync/atomic"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"gstdesk/backend/apperr"
)

// ErrReadOnly is the cause of every write refused by a database that is read-only (a desk that
// follows a replica, a desk whose replica another desk has taken over). The error a person sees
// is the refusal given to OpenReadOnly or SetReadOnly, which wraps it.
var ErrReadOnly = errors.New("store: the database is read-only here")

// guard is the one place every SQL statement of a DB passes: while a refusal is set, every
// connection carries an SQLite authorizer that denies every change to the database file
// (temporary tables aside) when the statement is prepared, and every error SQLite gives for a
// denied or read-only write becomes that refusal. No write path of any area can miss it: a
// connection is armed (authorizer registered) or disarmed to match the guard when it is opened and
// before each statement it starts, and one that comes back to the pool, or is taken from it, not
// matching the guard is discarded (guardedConn.IsValid, ResetSession), so a connection that was in
// use when the refusal was set or cleared never carries the old state into a later use.
type guard struct {
	refusal atomic.Pointer[apperr.Error]
	refused atomic.Int64
}

// authorize is the SQLite authorizer of a read-only connection.
func (g *guard) authorize(action sqlite.AuthorizerActionCode, _, _, dbName, _ string) sqlite.AuthorizerReturnCode {
	switch action {
	case sqlite.AuthInsert, sqlite.AuthUpdate, sqlite.AuthDelete:
		if dbName == "temp" {
			return sqlite.AuthorizerOK
		}
		return sqlite.AuthorizerDeny
	case sqlite.AuthCreateIndex, sqlite.AuthCreateTable, sqlite.AuthCreateTrigger, sqlite.AuthCreateView,
		sqlite.AuthDropIndex, sqlite.AuthDropTable, sqlite.AuthDropTrigger, sqlite.AuthDropView,
		sqlite.AuthAlterTable, sqlite.AuthReindex, sqlite.AuthAnalyze, sqlite.AuthCreateVTable, sqlite.AuthDropVTable,
		sqlite.AuthAttach, sqlite.AuthDetach:
		return sqlite.AuthorizerDeny
	}
	return sqlite.AuthorizerOK
}

// refuse returns the refusal for err when err is SQLite refusing a write while the guard is set,
// and err otherwise.
func (g *guard) refuse(err error) error {
	if err == nil {
		return nil
	}
	r := g.refusal.Load()
	if r == nil {
		return err
	}
	var se *sqlite.Error
	if !errors.As(err, &se) {
		return err
	}
	switch se.Code() & 0xff {
	case sqlite3.SQLITE_AUTH, sqlite3.SQLITE_READONLY:
	default:
		return err
	}
	g.refused.Add(1)
	return refusalError(r, "", err)
}

// refusalError is the one error every write refused on a read-only desk gets, whichever way it
// was refused: the refusal's words and hint (more words after them when more is not empty),
// caused by ErrReadOnly and, when SQLite refused the write, by SQLite's error.
func refusalError(r *apperr.Error, more string, sqliteErr error) *apperr.Error {
	e := *r
	if more != "" {
		e.Message += " " + more
	}
	e.Err = ErrReadOnly
	if sqliteErr != nil {
		e.Err = errors.Join(ErrReadOnly, sqliteErr)
	}
	return &e
}

// connector opens guarded connections to one database file.
type connector struct {
	dsn string
	drv *sqlite.Driver
	g   *guard
}

func newConnector(dsn string) *connector {
	return &connector{dsn: dsn, drv: &sqlite.Driver{}, g: &guard{}}
}

// Connect opens one connection.
func (c *connector) Connect(context.Context) (driver.Conn, error) {
	conn, err := c.drv.Open(c.dsn)
	if err != nil {
		return nil, err
	}
	inner, ok := conn.(innerConn)
	if !ok {
		conn.Close()
		return nil, fmt.Errorf("store: the SQLite driver's connection (%T) lacks a method gstdesk uses", conn)
	}
	gc := &guardedConn{c: inner, g: c.g}
	if err := gc.arm(); err != nil {
		conn.Close()
		return nil, err
	}
	return gc, nil
}

// Driver is the SQLite driver behind the connector.
func (c *connector) Driver() driver.Driver { return c.drv }

// innerConn is what gstdesk uses of a modernc.org/sqlite connection (package gstr2a runs its
// ingest straight on it).
type innerConn interface {
	driver.Conn
	driver.ConnBeginTx
	driver.ConnPrepareContext
	driver.ExecerContext
	driver.QueryerContext
	driver.Pinger
	driver.SessionResetter
	driver.Validator
	sqlite.AuthorizerRegisterer
}

// guardedConn is a connection whose refused writes read as the guard's refusal.
type guardedConn struct {
	c innerConn
	g *guard
	// armed says the connection's authorizer is registered (it refuses writes). database/sql
	// uses a connection from one goroutine at a time, so this needs no lock.
	armed bool
}

// matches says whether the connection's armed state is the guard's.
func (gc *guardedConn) matches() bool { return gc.armed == (gc.g.refusal.Load() != nil) }

// arm registers the authorizer on the connection while the guard has a refusal and removes it
// while it has none (a writable database pays nothing per statement). A connection in use when
// the refusal changes thus follows it from its next statement; statements it prepared before
// keep the authorization they were prepared with, and the pool discards the connection when it
// comes back (IsValid).
func (gc *guardedConn) arm() error {
	want := gc.g.refusal.Load() != nil
	if want == gc.armed {
		return nil
	}
	var fn sqlite.AuthorizerFn
	if want {
		fn = gc.g.authorize
	}
	if err := gc.c.RegisterAuthorizer(fn); err != nil {
		return fmt.Errorf("store: set the read-only guard of a connection: %w", err)
	}
	gc.armed = want
	return nil
}

func (gc *guardedConn) Prepare(query string) (driver.Stmt, error) {
	return gc.PrepareContext(context.Background(), query)
}

func (gc *guardedConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	if err := gc.arm(); err != nil {
		return nil, err
	}
	s, err := gc.c.PrepareContext(ctx, query)
	if err != nil {
		return nil, gc.g.refuse(err)
	}
	return guardedStmt{s: s, gc: gc}, nil
}

// guardedStmt is a prepared statement of a guarded connection: each run first brings the
// connection's authorizer up to the guard's state (setting it expires the statement, which SQLite
// then prepares again under it), and a refused write reads as the refusal. A statement prepared
// while the desk was writable is thus refused once the desk becomes read-only (a bulk insert held
// across a take-over).
type guardedStmt struct {
	s  driver.Stmt
	gc *guardedConn
}

func (st guardedStmt) Close() error  { return st.s.Close() }
func (st guardedStmt) NumInput() int { return st.s.NumInput() }

// Exec and Query are driver.Stmt's; database/sql calls the Context forms.
func (st guardedStmt) Exec(args []driver.Value) (driver.Result, error) {
	return st.ExecContext(context.Background(), namedValues(args))
}

func (st guardedStmt) Query(args []driver.Value) (driver.Rows, error) {
	return st.QueryContext(context.Background(), namedValues(args))
}

func (st guardedStmt) ExecContext(ctx context.Context, args []driver.NamedValue) (driver.Result, error) {
	if err := st.gc.arm(); err != nil {
		return nil, err
	}
	r, err := st.s.(driver.StmtExecContext).ExecContext(ctx, args)
	return r, st.gc.g.refuse(err)
}

func (st guardedStmt) QueryContext(ctx context.Context, args []driver.NamedValue) (driver.Rows, error) {
	if err := st.gc.arm(); err != nil {
		return nil, err
	}
	r, err := st.s.(driver.StmtQueryContext).QueryContext(ctx, args)
	return r, st.gc.g.refuse(err)
}

func namedValues(args []driver.Value) []driver.NamedValue {
	nv := make([]driver.NamedValue, len(args))
	for i, a := range args {
		nv[i] = driver.NamedValue{Ordinal: i + 1, Value: a}
	}
	return nv
}

func (gc *guardedConn) Close() error { return gc.c.Close() }

// Begin is driver.Conn's; database/sql calls BeginTx.
func (gc *guardedConn) Begin() (driver.Tx, error) {
	return gc.BeginTx(context.Background(), driver.TxOptions{})
}

func (gc *guardedConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	if err := gc.arm(); err != nil {
		return nil, err
	}
	t, err := gc.c.BeginTx(ctx, opts)
	if err != nil {
		return nil, gc.g.refuse(err)
	}
	return guardedTx{t: t, g: gc.g, writable: !gc.armed}, nil
}

func (gc *guardedConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	if err := gc.arm(); err != nil {
		return nil, err
	}
	r, err := gc.c.ExecContext(ctx, query, args)
	return r, gc.g.refuse(err)
}

func (gc *guardedConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	if err := gc.arm(); err != nil {
		return nil, err
	}
	r, err := gc.c.QueryContext(ctx, query, args)
	return r, gc.g.refuse(err)
}

func (gc *guardedConn) Ping(ctx context.Context) error { return gc.c.Ping(ctx) }

// ResetSession runs before a pooled connection is used again: one whose armed state is no longer
// the guard's (the refusal was set or cleared while it sat in the pool) is bad, and database/sql
// opens a fresh one instead.
func (gc *guardedConn) ResetSession(ctx context.Context) error {
	if !gc.matches() {
		return driver.ErrBadConn
	}
	return gc.c.ResetSession(ctx)
}

// IsValid runs before a connection goes back to the pool: one whose armed state is not the
// guard's (the refusal was set or cleared while it was in use) is discarded.
func (gc *guardedConn) IsValid() bool { return gc.matches() && gc.c.IsValid() }

type guardedTx struct {
	t driver.Tx
	g *guard
	// writable says the transaction began while the database was writable.
	writable bool
}

// Commit commits, unless the database became read-only since the transaction began (another desk
// took the replica over): then the transaction is rolled back and refused, since what it wrote
// would never reach the replica the other desk now writes.
func (t guardedTx) Commit() error {
	if r := t.g.refusal.Load(); r != nil && t.writable {
		if err := t.t.Rollback(); err != nil {
			return errors.Join(refusalError(r, "Nothing of this change was kept.", nil), err)
		}
		t.g.refused.Add(1)
		return refusalError(r, "Nothing of this change was kept.", nil)
	}
	return t.g.refuse(t.t.Commit())
}
func (t guardedTx) Rollback() error { return t.t.Rollback() }

// openGuarded opens dsn through the guard; refusal, when not nil, makes it read-only from the
// first connection.
func openGuarded(dsn string, refusal *apperr.Error) (*sql.DB, *guard) {
	c := newConnector(dsn)
	if refusal != nil {
		c.g.refusal.Store(refusal)
	}
	return sql.OpenDB(c), c.g
}

// ReadOnly is the refusal every write gets while the database is read-only, nil while it is
// writable.
func (db *DB) ReadOnly() *apperr.Error {
	if db.guard == nil {
		return nil
	}
	return db.guard.refusal.Load()
}

// SetReadOnly makes the database refuse every write from now on with refusal (a desk whose
// replica another desk has taken over); nil makes it writable again. Every connection follows:
// one in use from its next statement, one in the pool is discarded when next taken (see guard).
func (db *DB) SetReadOnly(refusal *apperr.Error) {
	if db.guard == nil {
		return
	}
	db.guard.refusal.Store(refusal)
}

// Refuse returns the refusal, counted as a refused write, when the database is read-only, and nil
// when it is writable: for the writes a read-only desk refuses before they reach SQL (a remote call
// whose answer would be stored, a claim on a backup target).
func (db *DB) Refuse() error { return db.RefuseWith("") }

// RefuseWith is Refuse with more words after the refusal's (why this kind of write, too, is
// refused).
func (db *DB) RefuseWith(more string) error {
	r := db.ReadOnly()
	if r == nil {
		return nil
	}
	db.guard.refused.Add(1)
	return refusalError(r, more, nil)
}

// Refused is how many writes the database has refused since it was opened.
func (db *DB) Refused() int64 {
	if db.guard == nil {
		return 0
	}
	return db.guard.refused.Load()
}

// OpenReadOnly opens the database in dir without ever writing to it: a copy another process keeps
// up to date (a desk that follows a replica). It runs no migration and creates nothing; every
// write is refused with refusal (see guard). Each use takes a new connection: the process that
// applies the replica's changes writes the file's pages directly, and SQLite would otherwise keep
// pages it read before a change in its cache. A database made by a newer gstdesk, or one a newer
// gstdesk has not yet upgraded to this one's schema, is refused with what to do.
func OpenReadOnly(ctx context.Context, dir string, refusal *apperr.Error) (*DB, error) {
	if refusal == nil {
		return nil, fmt.Errorf("store: OpenReadOnly needs the refusal writes get")
	}
	path := filepath.Join(dir, FileName)
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	dsn := "file:" + filepath.ToSlash(path) + "?mode=ro" +
		"&_pragma=busy_timeout(" + strconv.Itoa(BusyTimeoutMillis) + ")&_pragma=foreign_keys(1)&_pragma=temp_store(MEMORY)"
	sqldb, g := openGuarded(dsn, refusal)
	sqldb.SetMaxIdleConns(0)
	if err := sqldb.PingContext(ctx); err != nil {
		sqldb.Close()
		return nil, openError(path, "open", err)
	}
	db := &DB{DB: sqldb, Path: path, Dir: dir, guard: g}
	if err := db.checkSchema(ctx); err != nil {
		sqldb.Close()
		return nil, err
	}
	return db, nil
}

// checkSchema refuses a read-only database whose migrations differ from this gstdesk's: it
// cannot upgrade it, and the areas' queries expect their own schema.
func (db *DB) checkSchema(ctx context.Context) error {
	migs, err := loadMigrations()
	if err != nil {
		return err
	}
	applied, err := db.appliedSet(ctx)
	if err != nil {
		return openError(db.Path, "read schema version of", err)
	}
	known := map[int]bool{}
	for _, m := range migs {
		known[m.version] = true
		if !applied[m.version] {
			return apperr.New(apperr.Conflict, "The database in %s was written by an older gstdesk (it lacks %s), and this desk only reads it. Update gstdesk on the writer desk (or open it there once), then try again.", db.Dir, m.name)
		}
	}
	for v := range applied {
		if !known[v] {
			return apperr.New(apperr.Conflict, "The database in %s was written by a newer gstdesk (schema change %d). Update gstdesk on this computer.", db.Dir, v)
		}
	}
	return nil
}
