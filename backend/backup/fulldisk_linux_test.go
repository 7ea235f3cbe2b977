//go:build linux

package backup

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"gstdesk/backend/apperr"
)

// smallDisk mounts a real file system of size bytes (a tmpfs) on a new folder for the test's
// length: a disk that really fills up, whose writes fail with ENOSPC like a full USB disk or NAS
// share. Mounting needs root (CAP_SYS_ADMIN); the CI machine runs the tests as root. Elsewhere the
// test says why it cannot run.
func smallDisk(t *testing.T, size string) string {
	t.Helper()
	dir := t.TempDir()
	if err := syscall.Mount("tmpfs", dir, "tmpfs", syscall.MS_NOSUID|syscall.MS_NODEV, "size="+size+",mode=0700"); err != nil {
		t.Skipf("a full disk needs a small file system of its own: mounting a %s tmpfs on %s failed (%v; uid %d): run the tests as root (as CI does) to run this test", size, dir, err, os.Geteuid())
	}
	t.Cleanup(func() {
		if err := syscall.Unmount(dir, syscall.MNT_DETACH); err != nil {
			t.Errorf("unmount %s: %v", dir, err)
		}
	})
	return dir
}

// fill writes a file on the disk holding dir until the disk is full, and keeps it full: space
// that comes back while the test runs (Litestream deletes its own small files once it has
// merged them) is taken again at once, as by another program writing to a full disk. The
// function it returns stops that and removes the file (space comes back).
func fill(t *testing.T, dir string) (free func()) {
	t.Helper()
	path := filepath.Join(dir, "filler")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 64<<10)
	// top writes until the disk refuses even one byte.
	top := func() error {
		for n := len(buf); n > 0; n /= 2 {
			for {
				if _, err := f.Write(buf[:n]); err != nil {
					if !errors.Is(err, syscall.ENOSPC) {
						return err
					}
					break
				}
			}
		}
		return nil
	}
	if err := top(); err != nil {
		t.Fatalf("fill %s: %v", dir, err)
	}
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		t.Fatal(err)
	}
	if st.Bavail != 0 {
		t.Fatalf("%s still has %d blocks free after filling it", dir, st.Bavail)
	}
	stop, done := make(chan struct{}), make(chan struct{})
	var once sync.Once
	halt := func() { once.Do(func() { close(stop); <-done; f.Close() }) }
	t.Cleanup(halt) // a test that ends before freeing the disk
	go func() {
		defer close(done)
		tick := time.NewTicker(time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				top()
			}
		}
	}()
	return func() {
		halt()
		if err := os.Remove(path); err != nil {
			t.Fatal(err)
		}
	}
}

// folderOn is a folder target in a new folder on disk.
func folderOn(t *testing.T, disk, name string) Target {
	t.Helper()
	p := filepath.Join(disk, name)
	if err := os.Mkdir(p, 0o700); err != nil {
		t.Fatal(err)
	}
	tg := Target{ID: name, Name: name, Kind: KindFolder, Path: p}
	tg.Normalize()
	return tg
}

// TestFullDiskFolderTarget: a sync to a folder target whose disk is full fails with an error that
// names the target and says it is full, in the status other processes read too; the live
// database is untouched and the replica still restores to the last point that reached it. Once
// space is freed the next sync ships everything. A full mirror is reported the same way without
// holding back the first target.
func TestFullDiskFolderTarget(t *testing.T) {
	ctx := context.Background()
	l := openLive(t)
	nas := folderOn(t, smallDisk(t, "2m"), "nas")
	usb := folderOn(t, smallDisk(t, "2m"), "usb")
	rep := l.replicator(nas, usb)
	l.insert(t, 20)
	if _, err := rep.SyncOnce(ctx); err != nil {
		t.Fatal(err)
	}

	// The first target's disk is full.
	free := fill(t, nas.Path)
	l.insert(t, 30)
	before := l.state(t)
	st, err := l.replicator(nas, usb).SyncOnce(ctx)
	if apperr.KindOf(err) != apperr.Unavailable || !strings.Contains(err.Error(), `"nas"`) || !strings.Contains(err.Error(), "is full") {
		t.Fatalf("sync to a full disk: err = %v (%s), want unavailable naming the target and saying it is full", err, apperr.KindOf(err))
	}
	l.unchanged(t, before, "the failed sync")
	if s := st.Targets[0]; s.State != StateFailing || !strings.Contains(s.Error, "is full") || s.ErrorAt.IsZero() {
		t.Errorf("status of the full target = %+v, want failing with the error", s)
	}
	if fst, err := ReadStatus(l.db.Dir); err != nil || len(fst.Targets) != 2 || fst.Targets[0].State != StateFailing || !strings.Contains(fst.Targets[0].Error, `"nas"`) {
		t.Errorf("the status file other processes read = %+v (%v), want the first target failing", fst, err)
	}
	r, err := Restore(ctx, nas, openClient(t, nas), filepath.Join(t.TempDir(), "during"), l.db.Dir, time.Time{})
	if err != nil {
		t.Fatalf("restore from the full target: %v", err)
	}
	if got := countRows(t, r.Path); got != 20 {
		t.Errorf("the full target restores %d rows, want the 20 that reached it", got)
	}

	// Space comes back: the next sync ships what waited.
	free()
	if st, err := l.replicator(nas, usb).SyncOnce(ctx); err != nil || st.Targets[0].State != StateOK || st.Targets[0].ReplicatedTXID != st.Targets[0].LocalTXID {
		t.Fatalf("sync once space is back: %+v (%v), want ok and caught up", st, err)
	}
	r, err = Restore(ctx, nas, openClient(t, nas), filepath.Join(t.TempDir(), "after"), l.db.Dir, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if got := countRows(t, r.Path); got != 50 {
		t.Errorf("rows restored once space came back = %d, want 50", got)
	}

	// The mirror's disk is full: the first target goes on, the mirror says why it is behind.
	free = fill(t, usb.Path)
	l.insert(t, 5)
	before = l.state(t)
	st, err = l.replicator(nas, usb).SyncOnce(ctx)
	if err == nil || !strings.Contains(err.Error(), `"usb"`) || !strings.Contains(err.Error(), "is full") {
		t.Errorf("sync with a full mirror: err = %v, want the mirror named and full", err)
	}
	l.unchanged(t, before, "the sync with a full mirror")
	if st.Targets[0].State != StateOK || st.Targets[1].State != StateFailing || !strings.Contains(st.Targets[1].Error, "is full") {
		t.Errorf("status with a full mirror = %+v, want the first ok and the mirror failing", st.Targets)
	}
	free()
	if _, err := l.replicator(nas, usb).SyncOnce(ctx); err != nil {
		t.Fatalf("sync once the mirror has space: %v", err)
	}
	r, err = Restore(ctx, usb, openClient(t, usb), filepath.Join(t.TempDir(), "mirror"), l.db.Dir, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if got := countRows(t, r.Path); got != 55 {
		t.Errorf("rows restored from the mirror = %d, want 55", got)
	}
}

// TestFullDiskContinuous: while replicating continuously (the window, `backup run`), a target whose
// disk fills up turns the status to failing with the reason, in the replicator and in the status
// file, and keeps trying; once space is freed it catches up by itself and the replica holds every
// row.
func TestFullDiskContinuous(t *testing.T) {
	ctx := context.Background()
	l := openLive(t)
	nas := folderOn(t, smallDisk(t, "2m"), "nas")
	rep := New(Config{Path: l.db.Path, Dir: l.db.Dir, Targets: []Target{nas}, DatabaseID: l.id, DeskID: l.desk.ID, By: "window",
		SyncInterval: 20 * time.Millisecond, MirrorInterval: 50 * time.Millisecond})
	if err := rep.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer rep.Stop(5 * time.Second)
	l.insert(t, 10)
	first(t, rep, "the first rows to reach the target", func(s TargetStatus) bool {
		return s.State == StateOK && s.ReplicatedTXID > 0 && s.ReplicatedTXID == s.LocalTXID
	})

	free := fill(t, nas.Path)
	l.insert(t, 25)
	before := l.state(t)
	s := first(t, rep, "the status to say the disk is full and the commit waits", func(s TargetStatus) bool {
		return s.State == StateFailing && s.ReplicatedTXID < s.LocalTXID
	})
	if !strings.Contains(s.Error, `"nas"`) || !strings.Contains(s.Error, "is full") {
		t.Errorf("status while the disk is full = %+v, want the target named, full, and behind", s)
	}
	// Other processes (a command's `backup status`, a second window) see it in the status file.
	waitFor(t, "the status file to say the disk is full", func() bool {
		fst, _ := ReadStatus(l.db.Dir)
		return len(fst.Targets) == 1 && fst.Continuous && fst.Targets[0].State == StateFailing && strings.Contains(fst.Targets[0].Error, "is full")
	})
	l.unchanged(t, before, "replication to a full disk")

	free()
	first(t, rep, "the target to catch up once space is back", func(s TargetStatus) bool {
		return s.State == StateOK && s.Error == "" && s.ReplicatedTXID == s.LocalTXID
	})
	if err := rep.Stop(5 * time.Second); err != nil {
		t.Fatal(err)
	}
	r, err := Restore(ctx, nas, openClient(t, nas), filepath.Join(t.TempDir(), "r"), l.db.Dir, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if got := countRows(t, r.Path); got != 35 {
		t.Errorf("rows restored after the disk had space again = %d, want 35", got)
	}
}

// first waits until the first target's status is what ok says, and returns it.
func first(t *testing.T, rep *Replicator, what string, ok func(TargetStatus) bool) TargetStatus {
	t.Helper()
	var s TargetStatus
	waitFor(t, what, func() bool { s = rep.Status().Targets[0]; return ok(s) })
	return s
}

// TestRestoreIntoFullDisk: a restore into a folder on a disk too small for the database fails
// with an error that names the folder and says it is full, leaves no database there (not a
// half-written one, not its temporary file), and touches neither the replica nor the live data;
// the same restore into a folder with room succeeds.
func TestRestoreIntoFullDisk(t *testing.T) {
	ctx := context.Background()
	l := openLive(t)
	// About 1.5 MB of rows: more than the 1 MB disk holds.
	tx, err := l.db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 6000; i++ {
		if _, err := tx.Exec(`INSERT INTO bk_rows(note) VALUES (?)`, strings.Repeat("x", 200)+time.Duration(i).String()); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	tg := folderTarget(t, "nas")
	if _, err := l.replicator(tg).SyncOnce(ctx); err != nil {
		t.Fatal(err)
	}
	before := l.state(t)
	disk := smallDisk(t, "1m")
	for _, name := range []string{"new", "existing"} {
		out := filepath.Join(disk, name)
		if name == "existing" {
			if err := os.Mkdir(out, 0o700); err != nil {
				t.Fatal(err)
			}
		}
		_, err = Restore(ctx, tg, openClient(t, tg), out, l.db.Dir, time.Time{})
		if apperr.KindOf(err) != apperr.Unavailable || !strings.Contains(err.Error(), out) || !strings.Contains(err.Error(), "no space left") {
			t.Fatalf("restore into a full disk (%s folder): err = %v (%s), want unavailable naming the folder and the lack of space", name, err, apperr.KindOf(err))
		}
		if strings.Contains(err.Error(), `"nas" (`+tg.Path+`) is full`) {
			t.Errorf("the error blames the backup target for the restore folder's disk: %v", err)
		}
		entries, rerr := os.ReadDir(out)
		switch {
		case name == "new" && !errors.Is(rerr, os.ErrNotExist):
			t.Errorf("the failed restore left the folder it made: %v %v", entries, rerr)
		case name == "existing" && (rerr != nil || len(entries) != 0):
			t.Errorf("the failed restore left %v (%v) in the folder, want it empty", entries, rerr)
		}
	}
	var st syscall.Statfs_t
	if err := syscall.Statfs(disk, &st); err != nil {
		t.Fatal(err)
	}
	if used := (st.Blocks - st.Bfree) * uint64(st.Bsize); used > 0 {
		t.Errorf("the failed restores left %d bytes on the disk", used)
	}
	l.unchanged(t, before, "the failed restore")
	r, err := Restore(ctx, tg, openClient(t, tg), filepath.Join(t.TempDir(), "roomy"), l.db.Dir, time.Time{})
	if err != nil {
		t.Fatalf("restore into a folder with room: %v", err)
	}
	if got := countRows(t, r.Path); got != 6000 {
		t.Errorf("rows restored = %d, want 6000", got)
	}
}
