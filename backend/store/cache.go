package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
)

// A page cache bigger than SQLite's default (2 MB a connection) is taken for one piece of work
// and given back: PRAGMA cache_size is a setting of the connection, and a pooled connection keeps
// it after the work that set it. Left set, every later writer that happens to get that connection
// fills it: a 200,000-employee payroll run held ~150 MB of pages it never read again. Every big
// cache goes through BigCache (a bulk write: WithBulkTx) or BigCacheConn (a review query), which
// put the connection back as they found it (TestBigCacheIsGivenBack).
const (
	bigCache     = `PRAGMA cache_size = -131072` // 128 MB
	defaultCache = `PRAGMA cache_size = -2000`   // SQLite's default
	shrinkMemory = `PRAGMA shrink_memory`        // frees the connection's cached pages now
)

// BigCache gives this transaction's connection a 128 MB page cache, for a write that dirties more
// pages than SQLite's default cache holds (a pull of 100,000 invoices, a saved reconciliation):
// kept in memory rather than spilled to the WAL and read back mid-transaction. The connection's
// cache goes back to the default when the transaction ends.
func (b *BulkTx) BigCache() error {
	if _, err := b.t.exec(bigCache); err != nil {
		return err
	}
	b.t.bigCache = true
	return nil
}

// giveBack puts a connection's page cache back to SQLite's default and frees its pages.
func (t *driverTx) giveBack() error {
	if !t.bigCache {
		return nil
	}
	for _, q := range []string{defaultCache, shrinkMemory} {
		if _, err := t.conn.ExecContext(t.ctx, q, nil); err != nil {
			return fmt.Errorf("store: give the page cache back: %w", err)
		}
	}
	return nil
}

// BigConn is a connection with a 128 MB page cache for a review query that scans a big period
// (SQLite's default 2 MB makes every scan of 100,000 invoices go back to the file). Close puts
// its cache back to the default before the connection returns to the pool.
type BigConn struct{ *sql.Conn }

// BigCacheConn takes a connection of db and gives it a 128 MB page cache until Close.
func BigCacheConn(ctx context.Context, db *sql.DB) (*BigConn, error) {
	c, err := db.Conn(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := c.ExecContext(ctx, bigCache); err != nil {
		c.Close()
		return nil, err
	}
	return &BigConn{c}, nil
}

// Close gives the page cache back and returns the connection to the pool (a connection whose
// cache cannot be given back is closed for good rather than pooled).
func (c *BigConn) Close() error {
	ctx := context.Background()
	for _, q := range []string{defaultCache, shrinkMemory} {
		if _, err := c.Conn.ExecContext(ctx, q); err != nil {
			c.Conn.Raw(func(any) error { return driver.ErrBadConn })
			return c.Conn.Close()
		}
	}
	return c.Conn.Close()
}
