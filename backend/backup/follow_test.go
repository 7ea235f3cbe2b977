package backup

import (
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/store"
)

// waitFor polls cond until it holds; the bound is generous (the test's own timeout is shorter
// still on a slow machine): it only turns a hang into a clear failure.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// following runs Follow over dir in the background until the returned stop is called.
func following(t *testing.T, dir string) (stop func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- Follow(ctx, FollowConfig{Dir: dir, Interval: 20 * time.Millisecond, CheckInterval: 50 * time.Millisecond})
	}()
	return func() error {
		cancel()
		return <-done
	}
}

// TestFollow: a second desk restores a folder replica and follows it: rows the writer commits
// (new ones, and changes to rows it already had) reach the copy, which stays a valid database
// that only reads; its status says how far it is and that it is up to date.
func TestFollow(t *testing.T) {
	ctx := context.Background()
	l := openLive(t)
	l.insert(t, 40)
	tg := folderTarget(t, "nas")
	rep := New(Config{Path: l.db.Path, Dir: l.db.Dir, Targets: []Target{tg}, DatabaseID: l.id, DeskID: l.desk.ID, By: "window", SyncInterval: 20 * time.Millisecond})
	if err := rep.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer rep.Stop(time.Second)
	shipped := func() uint64 {
		s := rep.Status().Targets[0]
		if s.State == StateOK && s.ReplicatedTXID > 0 && s.ReplicatedTXID == s.LocalTXID {
			return s.ReplicatedTXID
		}
		return 0
	}
	var first uint64
	waitFor(t, "the first sync", func() bool { first = shipped(); return first > 0 })

	dir := filepath.Join(t.TempDir(), "second desk")
	c := openClient(t, tg)
	r, err := StartFollowing(ctx, tg, c, dir, l.db.Dir, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if got := countRows(t, r.Path); got != 40 {
		t.Fatalf("rows in the new copy = %d, want 40", got)
	}
	f, ok, err := ReadFollowing(dir)
	if err != nil || !ok || f.DatabaseID != l.id || f.Target.Path != tg.Path {
		t.Fatalf("ReadFollowing = %+v, %v, %v", f, ok, err)
	}

	stop := following(t, dir)
	// One transaction: new rows, and a change to a row the copy already holds.
	tx, err := l.db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 5; i++ {
		if _, err := tx.ExecContext(ctx, `INSERT INTO bk_rows(note) VALUES ('new')`); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := tx.ExecContext(ctx, `UPDATE bk_rows SET note = 'changed' WHERE id = 1`); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	var want uint64
	waitFor(t, "the writer to ship", func() bool { want = shipped(); return want > first })
	waitFor(t, "the follower to apply it", func() bool {
		st, _ := ReadFollowStatus(dir)
		return st.TXID >= want && !st.CheckedAt.IsZero()
	})
	st, err := ReadFollowStatus(dir)
	if err != nil || !st.Running || st.Error != "" || st.Target != "nas" {
		t.Errorf("status while following = %+v (%v)", st, err)
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if st, _ := ReadFollowStatus(dir); st.Running {
		t.Error("status says running after Follow returned")
	}
	if got := countRows(t, r.Path); got != 45 {
		t.Errorf("rows in the copy after following = %d, want 45", got)
	}
	db, err := store.OpenReadOnly(ctx, dir, f.Refusal())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var note string
	if err := db.QueryRowContext(ctx, `SELECT note FROM bk_rows WHERE id = 1`).Scan(&note); err != nil || note != "changed" {
		t.Errorf("changed row = %q, %v; want the writer's change", note, err)
	}
	if err := IntegrityCheck(ctx, r.Path); err != nil {
		t.Errorf("the followed copy: %v", err)
	}
	_, err = db.ExecContext(ctx, `INSERT INTO bk_rows(note) VALUES ('x')`)
	if !errors.Is(err, store.ErrReadOnly) || !strings.HasPrefix(apperr.Window.Public(err).Message, f.Refusal().Message) {
		t.Errorf("a write on the copy: %v, want the refusal", err)
	}
}

// TestFollowRefuses: following needs an empty folder that is not the live one, a target that
// holds a gstdesk replica, and one process at a time; a replica that now belongs to another
// database stops following with an error naming the target, keeping the copy as it was.
func TestFollowRefuses(t *testing.T) {
	ctx := context.Background()
	l := openLive(t)
	tg := folderTarget(t, "nas")
	if _, err := l.replicator(tg).SyncOnce(ctx); err != nil {
		t.Fatal(err)
	}
	c := openClient(t, tg)

	full := t.TempDir()
	os.WriteFile(filepath.Join(full, "notes.txt"), []byte("mine"), 0o600)
	if _, err := StartFollowing(ctx, tg, c, full, l.db.Dir, time.Now()); apperr.KindOf(err) != apperr.Invalid {
		t.Errorf("into a non-empty folder: %v, want Invalid", err)
	}
	if _, err := StartFollowing(ctx, tg, c, l.db.Dir, l.db.Dir, time.Now()); apperr.KindOf(err) != apperr.Invalid {
		t.Errorf("into the live folder: %v, want Invalid", err)
	}
	empty := folderTarget(t, "empty")
	dir := filepath.Join(t.TempDir(), "f")
	if _, err := StartFollowing(ctx, empty, openClient(t, empty), dir, l.db.Dir, time.Now()); apperr.KindOf(err) != apperr.NotFound {
		t.Errorf("from a target with no replica: %v, want NotFound", err)
	}
	if _, err := os.Stat(dir); err == nil {
		if entries, _ := os.ReadDir(dir); len(entries) > 0 {
			t.Errorf("a refused follow left %v behind", entries)
		}
	}
	if err := Follow(ctx, FollowConfig{Dir: l.db.Dir}); apperr.KindOf(err) != apperr.Invalid {
		t.Errorf("Follow of a folder that follows nothing: %v", err)
	}

	if _, err := StartFollowing(ctx, tg, c, dir, l.db.Dir, time.Now()); err != nil {
		t.Fatal(err)
	}
	stop := following(t, dir)
	waitFor(t, "the follower to start", func() bool { st, _ := ReadFollowStatus(dir); return st.Running })
	if err := Follow(ctx, FollowConfig{Dir: dir}); !errors.Is(err, ErrFollowBusy) {
		t.Errorf("a second follower: %v, want ErrFollowBusy", err)
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}

	// The target is emptied and another database claims it.
	os.RemoveAll(tg.Path)
	os.MkdirAll(tg.Path, 0o700)
	other := openLive(t)
	if _, err := other.replicator(tg).SyncOnce(ctx); err != nil {
		t.Fatal(err)
	}
	err := Follow(ctx, FollowConfig{Dir: dir, Interval: 20 * time.Millisecond})
	if !errors.Is(err, errOtherDatabase) {
		t.Fatalf("following a replica of another database: %v", err)
	}
	st, _ := ReadFollowStatus(dir)
	if st.Error == "" || st.Running {
		t.Errorf("status after the refusal = %+v, want the error said", st)
	}
	if err := IntegrityCheck(ctx, filepath.Join(dir, store.FileName)); err != nil {
		t.Errorf("the copy after the refusal: %v", err)
	}
}

// TestIntegrityCheckRows: integrity_check's result rows other than "ok" come back as an
// IntegrityError listing them (what verify reports), not as text to match.
func TestIntegrityCheckRows(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "bad.db")
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`CREATE TABLE t (a)`, `CREATE INDEX i1 ON t(a)`, `CREATE TABLE u (b)`, `CREATE INDEX i2 ON u(b)`,
		`INSERT INTO t VALUES (1), (2), (3)`,
		// Point i1 at i2's empty b-tree: t's rows are then missing from their index.
		`PRAGMA writable_schema = ON`,
		`UPDATE sqlite_master SET rootpage = (SELECT rootpage FROM sqlite_master WHERE name = 'i2') WHERE name = 'i1'`,
	} {
		if _, err := db.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	db.Close()
	err = IntegrityCheck(ctx, path)
	var ie *IntegrityError
	if !errors.As(err, &ie) || len(ie.Problems) == 0 || !strings.Contains(strings.Join(ie.Problems, " "), "i1") {
		t.Fatalf("IntegrityCheck of a damaged database = %v, want its problems listed", err)
	}
}
