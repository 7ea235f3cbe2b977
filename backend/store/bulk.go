package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"strings"
)

// driverTx is a write transaction run straight on the SQLite driver's connection, for the ingest
// of a pull (GSTR-2A, GSTR-2B, a saved reconciliation): database/sql converts and checks every argument of every call and takes its locks,
// which cost about a tenth of a second of the 100,000-invoice ingest's 2 s budget.
//
// Its statements run under a context that is never cancelled: with a cancellable one, modernc
// starts a goroutine and installs a progress handler for every statement. The writer checks the
// caller's context itself every 2,000 invoices. Values other than int64, string, []byte and nil
// go through driver.DefaultParameterConverter, as database/sql would do.
type driverTx struct {
	ctx      context.Context
	conn     driverConn
	tx       driver.Tx
	nv       []driver.NamedValue
	bigCache bool // BulkTx.BigCache: given back when the transaction ends
}

type driverConn interface {
	driver.ExecerContext
	driver.QueryerContext
	driver.ConnPrepareContext
	driver.ConnBeginTx
}

// withDriverTx runs fn in a write transaction on one of db's connections, committing when fn
// returns nil and rolling back otherwise.
func withDriverTx(ctx context.Context, db *sql.DB, fn func(*driverTx) error) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	committed := false
	err = conn.Raw(func(dc any) error {
		c, ok := dc.(driverConn)
		if !ok {
			return fmt.Errorf("store: the database driver (%T) cannot run a transaction directly", dc)
		}
		t := &driverTx{ctx: context.WithoutCancel(ctx), conn: c}
		tx, err := c.BeginTx(t.ctx, driver.TxOptions{})
		if err != nil {
			return err
		}
		t.tx = tx
		if err := fn(t); err != nil {
			if rerr := t.tx.Rollback(); rerr != nil {
				err = errors.Join(err, fmt.Errorf("roll back: %w", rerr))
			}
			if gerr := t.giveBack(); gerr != nil {
				err = errors.Join(err, gerr)
			}
			return err
		}
		if err := t.tx.Commit(); err != nil {
			if gerr := t.giveBack(); gerr != nil {
				err = errors.Join(err, gerr)
			}
			return err
		}
		committed = true
		if t.giveBack() != nil {
			return driver.ErrBadConn // committed: the connection, its cache not given back, is not pooled again
		}
		return nil
	})
	if committed {
		return nil
	}
	return err
}

// value returns v as a value the driver takes.
func value(v any) (driver.Value, error) {
	switch v.(type) {
	case int64, string, nil, []byte:
		return v, nil
	}
	return driver.DefaultParameterConverter.ConvertValue(v)
}

// named returns args as the driver's arguments, reusing one slice.
func (t *driverTx) named(args []any) ([]driver.NamedValue, error) {
	t.nv = t.nv[:0]
	for i, a := range args {
		v, err := value(a)
		if err != nil {
			return nil, fmt.Errorf("gstr2a: argument %d: %w", i+1, err)
		}
		t.nv = append(t.nv, driver.NamedValue{Ordinal: i + 1, Value: v})
	}
	return t.nv, nil
}

func (t *driverTx) exec(query string, args ...any) (driver.Result, error) {
	nv, err := t.named(args)
	if err != nil {
		return nil, err
	}
	return t.conn.ExecContext(t.ctx, query, nv)
}

// queryInt64 runs a query answering one integer.
func (t *driverTx) queryInt64(query string) (int64, error) {
	rows, err := t.conn.QueryContext(t.ctx, query, nil)
	if err != nil {
		return 0, err
	}
	defer rows.Close()
	dest := make([]driver.Value, len(rows.Columns()))
	if err := rows.Next(dest); err != nil {
		if err == io.EOF {
			return 0, fmt.Errorf("gstr2a: %q answered no row", query)
		}
		return 0, err
	}
	n, ok := dest[0].(int64)
	if !ok {
		return 0, fmt.Errorf("gstr2a: %q answered %T, not an integer", query, dest[0])
	}
	return n, nil
}

// batched runs multi-row INSERTs of cols columns, rows at a time.
type batched struct {
	t    *driverTx
	head string
	cols int
	rows int
	full driver.StmtExecContext
	stmt driver.Stmt
	args []driver.NamedValue
	n    int // values added since the last flush
}

func newBatched(t *driverTx, head string, cols, rows int) (*batched, error) {
	b := &batched{t: t, head: head, cols: cols, rows: rows, args: make([]driver.NamedValue, cols*rows)}
	for i := range b.args {
		b.args[i].Ordinal = i + 1
	}
	st, err := t.conn.PrepareContext(t.ctx, b.sql(rows))
	if err != nil {
		return nil, err
	}
	full, ok := st.(driver.StmtExecContext)
	if !ok {
		st.Close()
		return nil, fmt.Errorf("store: the database driver's statements (%T) cannot run with a context", st)
	}
	b.stmt, b.full = st, full
	return b, nil
}

func (b *batched) sql(n int) string {
	var sb strings.Builder
	sb.WriteString(b.head)
	sb.WriteString(" VALUES ")
	row := "(" + strings.Repeat("?,", b.cols-1) + "?)"
	for i := 0; i < n; i++ {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(row)
	}
	return sb.String()
}

// add adds one row's values (cols of them).
func (b *batched) add(vals ...any) error {
	for _, v := range vals {
		v, err := value(v)
		if err != nil {
			return fmt.Errorf("gstr2a: value %d of a row: %w", b.n%b.cols+1, err)
		}
		b.args[b.n].Value = v
		b.n++
	}
	if b.n == len(b.args) {
		return b.flush()
	}
	return nil
}

func (b *batched) flush() error {
	if b.n == 0 {
		return nil
	}
	var err error
	if b.n == len(b.args) {
		_, err = b.full.ExecContext(b.t.ctx, b.args)
	} else {
		_, err = b.t.conn.ExecContext(b.t.ctx, b.sql(b.n/b.cols), b.args[:b.n])
	}
	b.n = 0
	return err
}

func (b *batched) close() { b.stmt.Close() }

// BulkTx is a write transaction on the SQLite driver's connection (see driverTx), for an ingest.
type BulkTx struct{ t *driverTx }

// WithBulkTx runs fn in a write transaction, committing when fn returns nil and rolling back
// otherwise. Statements run under a context that is never cancelled: fn checks ctx itself.
func WithBulkTx(ctx context.Context, db *sql.DB, fn func(*BulkTx) error) error {
	return withDriverTx(ctx, db, func(t *driverTx) error { return fn(&BulkTx{t}) })
}

// Exec runs one statement and returns the row id it inserted (0 when none).
func (b *BulkTx) Exec(query string, args ...any) (int64, error) {
	res, err := b.t.exec(query, args...)
	if err != nil {
		return 0, err
	}
	id, _ := res.LastInsertId()
	return id, nil
}

// QueryInt64 runs a query answering one integer.
func (b *BulkTx) QueryInt64(query string) (int64, error) { return b.t.queryInt64(query) }

// BulkInsert is a multi-row INSERT of a fixed number of columns, sent rows at a time.
type BulkInsert struct{ b *batched }

// Insert prepares "head VALUES (...),(...)" for cols columns, rows rows at a time.
func (b *BulkTx) Insert(head string, cols, rows int) (*BulkInsert, error) {
	bt, err := newBatched(b.t, head, cols, rows)
	if err != nil {
		return nil, err
	}
	return &BulkInsert{bt}, nil
}

// Add adds one row's values (int64, string, []byte or nil; others are converted).
func (i *BulkInsert) Add(vals ...any) error { return i.b.add(vals...) }

// Flush sends the rows added since the last flush.
func (i *BulkInsert) Flush() error { return i.b.flush() }

// Close releases the prepared statement.
func (i *BulkInsert) Close() { i.b.close() }
