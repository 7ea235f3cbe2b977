package store

import (
	"database/sql"
	"sync"
)

// What a domain keeps in memory beside an open database (the GSTR-2A invoice indexes) is attached
// to it here, not held in a process-wide table keyed by a pointer: Close forgets it with the
// database, so a database opened later at the same address never sees another's copy.

var attached sync.Map // *sql.DB → *sync.Map (key → value)

// Attached returns the value kept under key for db, made by mk on first use.
func Attached[T any](db *sql.DB, key string, mk func() T) T {
	m, _ := attached.LoadOrStore(db, &sync.Map{})
	v, ok := m.(*sync.Map).Load(key)
	if !ok {
		v, _ = m.(*sync.Map).LoadOrStore(key, mk())
	}
	return v.(T)
}

// Close closes the database and forgets what was attached to it.
func (db *DB) Close() error {
	attached.Delete(db.DB)
	return db.DB.Close()
}
