package store

import (
	"context"
	"crypto/sha256"
	"testing"
	"time"
)

// TestDerived: a value is given back only under the key it was kept under; a new one replaces it
// (one row per workspace, kind and slot); DropDerived forgets the slots not wanted; a workspace
// cleared or deleted takes its rows along; an unreadable row is as if none were kept.
func TestDerived(t *testing.T) {
	db := openTemp(t)
	ctx := context.Background()
	ws, err := db.CreateWorkspace(ctx, Workspace{Name: "Derived test", GSTIN: "29AABCT1332L1ZA", Environment: "demo"})
	if err != nil {
		t.Fatal(err)
	}
	k1, k2 := DerivedKey(sha256.Sum256([]byte("one"))), DerivedKey(sha256.Sum256([]byte("two")))
	now := time.Now()
	count := func() (n int) {
		db.QueryRow(`SELECT count(*) FROM derived_cache WHERE workspace_id = ?`, ws.ID).Scan(&n)
		return n
	}
	for _, c := range []struct {
		put       bool
		key       DerivedKey
		val, want string
		ok        bool
	}{
		{false, k1, "", "", false},                       // nothing kept
		{true, k1, "first", "first", true},               // kept
		{false, k2, "", "", false},                       // another key: not given
		{true, k2, "second", "second", true},             // replaced
		{false, k1, "", "", false},                       // the old key no longer answers
		{true, k2, "second again", "second again", true}, // same key, new value
	} {
		if c.put {
			if err := PutDerived(ctx, db.DB, ws.ID, "test.kind", "2026", c.key, []byte(c.val), now); err != nil {
				t.Fatal(err)
			}
		}
		got, ok, err := GetDerived(ctx, db.DB, ws.ID, "test.kind", "2026", c.key)
		if err != nil || ok != c.ok || string(got) != c.want {
			t.Errorf("after put %q: got %q %v %v, want %q %v", c.val, got, ok, err, c.want, c.ok)
		}
	}
	if n := count(); n != 1 {
		t.Errorf("%d rows for one slot, want 1", n)
	}
	// An unreadable value is not given.
	db.Exec(`UPDATE derived_cache SET value = x'00ff00ff' WHERE workspace_id = ?`, ws.ID)
	if _, ok, err := GetDerived(ctx, db.DB, ws.ID, "test.kind", "2026", k2); ok || err != nil {
		t.Errorf("an unreadable row was given (ok %v, err %v)", ok, err)
	}
	for _, slot := range []string{"a", "b", "c"} {
		if err := PutDerived(ctx, db.DB, ws.ID, "test.snap", slot, k1, []byte(slot), now); err != nil {
			t.Fatal(err)
		}
	}
	if err := DropDerived(ctx, db.DB, ws.ID, "test.snap", func(s string) bool { return s == "b" }); err != nil {
		t.Fatal(err)
	}
	for slot, want := range map[string]bool{"a": false, "b": true, "c": false} {
		if _, ok, _ := GetDerived(ctx, db.DB, ws.ID, "test.snap", slot, k1); ok != want {
			t.Errorf("slot %s kept %v, want %v", slot, ok, want)
		}
	}
	if err := db.ClearWorkspace(ctx, ws.ID); err != nil {
		t.Fatal(err)
	}
	if n := count(); n != 0 {
		t.Errorf("%d rows after the workspace was cleared", n)
	}
	PutDerived(ctx, db.DB, ws.ID, "test.kind", "x", k1, []byte("x"), now)
	if err := db.DeleteWorkspace(ctx, ws.ID); err != nil {
		t.Fatal(err)
	}
	if n := count(); n != 0 {
		t.Errorf("%d rows after the workspace was deleted", n)
	}
	if DerivedBy() == nil {
		t.Error("DerivedBy cannot tell the test binary")
	}
}
