package gstr2a

import (
	"context"
	"database/sql"
	"strconv"
)

// This file lends GSTR-2A's machinery to the returns that are kept the same way (package gstr2b):
// the fast ingest transaction, the compressed answer, the date and GSTIN checks and the keyed
// comparison of two pulls.

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

// CompressAnswer compresses an answer for keeping (S2, as GSTR-2A's answers are kept).
func CompressAnswer(raw []byte) ([]byte, error) { return compressAnswer(raw) }

// DecompressAnswer reads what CompressAnswer wrote.
func DecompressAnswer(b []byte) ([]byte, error) { return decompressAnswer(b) }

// ISODate reads a date written DD-MM-YYYY (the returns' form) and gives YYYY-MM-DD.
func ISODate(s string) (string, bool) { return parseDDMMYYYY(s, '-') }

// AnyISODate reads the date forms the service uses (DD-MM-YYYY, DD/MM/YYYY, DD-Mon-YY).
func AnyISODate(s string) (string, bool) { return parseAnyDate(s) }

// GSTINShape reports whether s looks like a GSTIN: 15 capital letters and digits (the check
// character is not checked: returns carry what suppliers filed).
func GSTINShape(s string) bool { return gstinShape(s) }

// StateCodeShape reports whether s is two digits, as a place of supply is written.
func StateCodeShape(s string) bool { return stateCode(s) }

// Amended is a row present in both pulls whose contents changed.
type Amended[T any] struct {
	Key     string
	Old     T
	New     T
	Changes []FieldChange
}

// DiffKeyed compares the rows of two pulls known by key (a repeat of a key within a pull is told
// apart as key#2, key#3, in order): rows only in the new pull are added (in its order), rows only
// in the old removed (in its order), rows in both whose fields differ amended. fields lists what
// differs between two rows of the same key.
func DiffKeyed[T any](old, cur []T, key func(*T) string, fields func(o, n *T) []FieldChange) (added, removed []T, amended []Amended[T], unchanged int) {
	index := func(rows []T) (map[string]int, []string) {
		m := make(map[string]int, len(rows))
		keys := make([]string, 0, len(rows))
		seen := map[string]int{}
		for i := range rows {
			k := key(&rows[i])
			seen[k]++
			if n := seen[k]; n > 1 {
				k += "#" + strconv.Itoa(n)
			}
			m[k] = i
			keys = append(keys, k)
		}
		return m, keys
	}
	oldIdx, oldKeys := index(old)
	newIdx, newKeys := index(cur)
	added, removed, amended = []T{}, []T{}, []Amended[T]{}
	for _, k := range newKeys {
		n := &cur[newIdx[k]]
		oi, ok := oldIdx[k]
		if !ok {
			added = append(added, *n)
			continue
		}
		if ch := fields(&old[oi], n); len(ch) > 0 {
			amended = append(amended, Amended[T]{Key: k, Old: old[oi], New: *n, Changes: ch})
		} else {
			unchanged++
		}
	}
	for _, k := range oldKeys {
		if _, ok := newIdx[k]; !ok {
			removed = append(removed, old[oldIdx[k]])
		}
	}
	return added, removed, amended, unchanged
}

// Changes collects the fields that differ, for a DiffKeyed fields function.
type Changes []FieldChange

// Cmp adds field when a and b differ.
func (c *Changes) Cmp(field, a, b string) {
	if a != b {
		*c = append(*c, FieldChange{Field: field, Old: a, New: b})
	}
}
