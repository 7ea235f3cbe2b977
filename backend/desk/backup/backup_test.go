package backup

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/zalando/go-keyring"

	"gstdesk/backend/apperr"
	"gstdesk/backend/backup"
	"gstdesk/backend/config"
	"gstdesk/backend/desk/core/coretest"
	"gstdesk/backend/store"
)

// TestAddTargetChangesNothingOnFailure: a target that refuses (here: an S3 endpoint nothing listens
// on) is not stored, and the secrets typed for it leave the keychain again.
func TestAddTargetChangesNothingOnFailure(t *testing.T) {
	ctx := context.Background()
	c, _ := coretest.Open(t, nil)
	s := New(c)
	spec := TargetSpec{Target: backup.Target{Name: "cloud", Kind: backup.KindS3, Bucket: "books", Endpoint: "http://127.0.0.1:1"}, AccessKeyID: "AKID", SecretAccessKey: "s3cr3t"}
	failed, err := s.AddTarget(ctx, spec)
	if apperr.KindOf(err) != apperr.Unavailable {
		t.Fatalf("add of an unreachable target: %v, want unavailable", err)
	}
	ts, err := s.Targets(ctx)
	if err != nil || len(ts) != 0 {
		t.Fatalf("targets after a failed add = %v (%v), want none", ts, err)
	}
	if failed.ID == "" {
		t.Fatal("the failed add returned no id to look for")
	}
	if v, err := keyring.Get(config.KeyringService, "backup:"+failed.ID+":secret_access_key"); err == nil {
		t.Errorf("the secret stayed in the keychain: %q", v)
	}
}

// TestAfterCommandShipsOnlyWrites: a command that only read ships nothing; one that wrote ships
// its change; the window's continuous replicator makes a command's own sync unnecessary.
func TestAfterCommandShipsOnlyWrites(t *testing.T) {
	ctx := context.Background()
	c, _ := coretest.Open(t, nil)
	s := New(c)
	if _, err := s.AddTarget(ctx, TargetSpec{Target: backup.Target{Kind: backup.KindFolder, Path: filepath.Join(t.TempDir(), "nas")}}); err != nil {
		t.Fatal(err)
	}
	s.before = statFiles(c.DB.Path)
	if _, did, err := s.AfterCommand(ctx); did || err != nil {
		t.Errorf("after a read: did %v, err %v; want nothing done", did, err)
	}
	if err := c.DB.SetSetting(ctx, "", "probe", "1"); err != nil {
		t.Fatal(err)
	}
	var reported bool
	s.Reported = func(backup.Status, error) { reported = true }
	st, did, err := s.AfterCommand(ctx)
	if !did || err != nil || !reported || st.Targets[0].State != backup.StateOK {
		t.Fatalf("after a write: did %v, err %v, reported %v, status %+v", did, err, reported, st)
	}
	if err := s.Start(ctx, "window"); err != nil || !s.Running() {
		t.Fatalf("start: %v running %v", err, s.Running())
	}
	if err := c.DB.SetSetting(ctx, "", "probe", "2"); err != nil {
		t.Fatal(err)
	}
	if _, did, _ := s.AfterCommand(ctx); did {
		t.Errorf("a command's own sync ran while the replicator runs")
	}
	if _, err := s.Sync(ctx); err != nil {
		t.Fatal(err)
	}
	if err := s.Stop(); err != nil || s.Running() {
		t.Fatalf("stop: %v", err)
	}
}

// TestTargetAddedAfterStartReplicates: the window opened with no target; the first one added in
// Settings starts continuous replication then, without a restart of the window.
func TestTargetAddedAfterStartReplicates(t *testing.T) {
	ctx := context.Background()
	c, _ := coretest.Open(t, nil)
	s := New(c)
	if err := s.Start(ctx, "window"); err != nil || s.Running() {
		t.Fatalf("start with no target: running %v, %v", s.Running(), err)
	}
	if _, err := s.AddTarget(ctx, TargetSpec{Target: backup.Target{Kind: backup.KindFolder, Path: filepath.Join(t.TempDir(), "nas")}}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Stop() })
	if !s.Running() {
		t.Error("a target added after the start does not replicate")
	}
}

// TestSyncLeftToAnotherProcessSaysSo: "Back up now" while another gstdesk replicates the folder
// does not claim a sync of its own: it says the other process (by name) ships the changes.
func TestSyncLeftToAnotherProcessSaysSo(t *testing.T) {
	ctx := context.Background()
	c, _ := coretest.Open(t, nil)
	window := New(c)
	if _, err := window.AddTarget(ctx, TargetSpec{Target: backup.Target{Kind: backup.KindFolder, Path: filepath.Join(t.TempDir(), "nas")}}); err != nil {
		t.Fatal(err)
	}
	if err := window.Start(ctx, "window"); err != nil {
		t.Fatal(err)
	}
	defer window.Stop()
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(10 * time.Millisecond) {
		if st, _ := backup.ReadStatus(c.DB.Dir); st.By == "window" {
			break // the window has said it replicates
		}
		if time.Now().After(deadline) {
			t.Fatal("the window never left its status")
		}
	}
	c2, _ := coretest.OpenAt(t, c.DB.Dir, nil, nil)
	st, err := New(c2).Sync(ctx)
	if err != nil || !st.Elsewhere || st.By != "window" {
		t.Errorf("sync while the window replicates = %+v, %v; want it said that the window does", st, err)
	}
}

// waitUntil polls cond until it holds, failing the test after a minute (a bound, not a measure).
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); !cond(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("never: %s", what)
		}
	}
}

// treeState is every file under dir with its size and time, to tell that nothing wrote there.
func treeState(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "%s %d %d\n", p, fi.Size(), fi.ModTime().UnixNano())
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestTakeOverStopsTheOldWriter: while the window replicates, another desk takes the replica
// over. This desk then refuses every write, its replicator stops (it claims the target no more,
// and holds the data folder's replication lock no longer), and the status bar's status says
// read-only, which target was taken over, and that nothing replicates here.
func TestTakeOverStopsTheOldWriter(t *testing.T) {
	ctx := context.Background()
	c, _ := coretest.Open(t, nil)
	s := New(c)
	s.syncInterval, s.mirrorInterval = 20*time.Millisecond, 20*time.Millisecond
	nas := filepath.Join(t.TempDir(), "nas")
	if _, err := s.AddTarget(ctx, TargetSpec{Target: backup.Target{Name: "nas", Kind: backup.KindFolder, Path: nas}}); err != nil {
		t.Fatal(err)
	}
	if err := s.Start(ctx, "window"); err != nil || !s.Running() {
		t.Fatalf("start: %v, running %v", err, s.Running())
	}
	t.Cleanup(func() { s.Stop() })
	if err := c.DB.SetSetting(ctx, "", "probe", "1"); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, "the write reaches the target", func() bool {
		st, _ := s.Status(ctx)
		return len(st.Targets) == 1 && st.Targets[0].State == backup.StateOK && st.Targets[0].ReplicatedTXID > 0 &&
			st.Targets[0].ReplicatedTXID == st.Targets[0].LocalTXID
	})

	ts, err := s.Targets(ctx)
	if err != nil {
		t.Fatal(err)
	}
	tgt := ts[0].Target
	cl, err := tgt.Open(ctx, backup.Secrets{})
	if err != nil {
		t.Fatal(err)
	}
	dbID, err := backup.DatabaseID(ctx, c.DB)
	if err != nil {
		t.Fatal(err)
	}
	desk, err := backup.LoadDesk(c.DB.Dir)
	if err != nil {
		t.Fatal(err)
	}
	other := desk.ID + 1
	if err := backup.TakeOver(ctx, tgt, cl, dbID, other, time.Now()); err != nil {
		t.Fatal(err)
	}

	waitUntil(t, "this desk stops replicating", func() bool { return !s.Running() && !lockHeld(c.DB.Dir) })
	st, err := s.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.ReadOnly == "" || st.Continuous || st.TakenOver == nil || st.TakenOver.Target != "nas" {
		t.Errorf("status after the take-over = %+v; want read-only, not replicating, naming the target", st)
	}
	if len(st.Targets) != 1 || st.Targets[0].State != backup.StateNotWriter {
		t.Errorf("target status after the take-over = %+v; want not_writer", st.Targets)
	}
	if err := c.DB.SetSetting(ctx, "", "probe", "2"); !errors.Is(err, store.ErrReadOnly) {
		t.Errorf("write after the take-over: %v, want refused", err)
	}

	// Nothing this desk does from now on writes to the target: not a restart of replication, not a
	// sync, not a command's own sync.
	before := treeState(t, nas)
	if err := s.Start(ctx, "window"); err != nil || s.Running() {
		t.Errorf("start after the take-over: %v, running %v; want nothing started", err, s.Running())
	}
	if _, err := s.Sync(ctx); !errors.Is(err, store.ErrReadOnly) {
		t.Errorf("sync after the take-over: %v, want refused", err)
	}
	if _, did, err := s.AfterCommand(ctx); did || err != nil {
		t.Errorf("a command's sync after the take-over: did %v, %v", did, err)
	}
	if err := s.Stop(); err != nil {
		t.Errorf("stop: %v", err)
	}
	if after := treeState(t, nas); after != before {
		t.Errorf("the target changed after the take-over:\nbefore %s\nafter  %s", before, after)
	}
	if w, _, err := backup.Writer(ctx, tgt, cl); err != nil || w != other {
		t.Errorf("writer of the target = %d, %v; want the desk that took over (%d)", w, err, other)
	}
}
