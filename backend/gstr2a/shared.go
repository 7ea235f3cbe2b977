package gstr2a

import (
	"strconv"
)

// This file lends GSTR-2A's machinery to the returns that are kept the same way (package gstr2b):
// the keyed comparison of two pulls. The fast ingest transaction
// and the compressed answer are package store's (store.WithBulkTx, store.CompressAnswer), the
// date forms package civil's, the GSTIN shape package gstin's.

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
