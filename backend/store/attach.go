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

// Kept keeps values read from a database by id (a saved snapshot's documents, which never change
// once saved), bounded by the total weight of what it holds: past max, the least recently used go
// first (never the one just read). It is the one read-once cache of the domains; attach one to a
// database with Attached.
type Kept[V any] struct {
	mu   sync.Mutex
	vals map[string]*keptVal[V]
	tick uint64
	max  int
}

type keptVal[V any] struct {
	v      V
	weight int
	used   uint64
}

// NewKept returns a Kept holding at most max of weight.
func NewKept[V any](max int) *Kept[V] { return &Kept[V]{vals: map[string]*keptVal[V]{}, max: max} }

// Get returns the value kept for id, reading it with read (which also says its weight) on first
// use. A failed read keeps nothing.
func (k *Kept[V]) Get(id string, read func() (V, int, error)) (V, error) {
	k.mu.Lock()
	if e, ok := k.vals[id]; ok {
		k.tick++
		e.used = k.tick
		k.mu.Unlock()
		return e.v, nil
	}
	k.mu.Unlock()
	v, w, err := read()
	if err != nil {
		return v, err
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	k.tick++
	k.vals[id] = &keptVal[V]{v: v, weight: w, used: k.tick}
	for {
		total, oldest, at := 0, "", uint64(0)
		for key, e := range k.vals {
			total += e.weight
			if key != id && (oldest == "" || e.used < at) {
				oldest, at = key, e.used
			}
		}
		if total <= k.max || oldest == "" {
			break
		}
		delete(k.vals, oldest)
	}
	return v, nil
}

// Peek returns the value kept for id, if any, without reading it.
func (k *Kept[V]) Peek(id string) (V, bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if e, ok := k.vals[id]; ok {
		return e.v, true
	}
	var zero V
	return zero, false
}

// Drop forgets id (a snapshot deleted).
func (k *Kept[V]) Drop(id string) {
	k.mu.Lock()
	delete(k.vals, id)
	k.mu.Unlock()
}
