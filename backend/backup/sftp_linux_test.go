//go:build linux

package backup

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// dropConnections ends every connection the SFTP server of target tg serves (its per-connection
// processes, children of the sshd the test started), as a server restart or a network outage
// would; the server goes on listening.
func dropConnections(t *testing.T, tg Target) int {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(filepath.Dir(tg.KeyFile), "sshd.pid"))
	if err != nil {
		t.Fatal(err)
	}
	server := strings.TrimSpace(string(b))
	procs, err := filepath.Glob("/proc/[0-9]*/stat")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, p := range procs {
		stat, err := os.ReadFile(p)
		if err != nil {
			continue // ended meanwhile
		}
		// pid (comm) state ppid ...: comm may hold spaces, so read after the last ')'.
		s := string(stat)
		fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(fields) < 2 || fields[1] != server {
			continue
		}
		pid, err := strconv.Atoi(filepath.Base(filepath.Dir(p)))
		if err != nil {
			continue
		}
		if err := syscall.Kill(pid, syscall.SIGKILL); err == nil {
			n++
		}
	}
	return n
}

// TestMirrorReconnects: the SFTP connection a mirror keeps is dropped (the server restarted, the
// network went away): the mirror reconnects by itself at a following pass and carries on.
func TestMirrorReconnects(t *testing.T) {
	ctx := context.Background()
	box, _ := sftpServer(t)
	nas := folderTarget(t, "nas")
	l := openLive(t)
	rep := New(Config{Path: l.db.Path, Dir: l.db.Dir, Targets: []Target{nas, box}, DatabaseID: l.id, DeskID: l.desk.ID, By: "window",
		SyncInterval: 20 * time.Millisecond, MirrorInterval: 20 * time.Millisecond})
	if err := rep.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer rep.Stop(5 * time.Second)
	check, err := box.Open(ctx, Secrets{}) // the test's own look at the mirror
	if err != nil {
		t.Fatal(err)
	}
	// caughtUp: the first target holds every commit, and the mirror holds what the first holds.
	caughtUp := func(after uint64) func() bool {
		return func() bool {
			p := rep.Status().Targets[0]
			if p.State != StateOK || p.ReplicatedTXID <= after || p.ReplicatedTXID != p.LocalTXID {
				return false
			}
			pts, err := Points(ctx, box, check)
			return err == nil && len(pts) > 0 && pts[len(pts)-1].TXID == p.ReplicatedTXID
		}
	}
	l.insert(t, 10)
	waitFor(t, "the mirror's first copy", caughtUp(0))
	shipped := rep.Status().Targets[0].ReplicatedTXID
	if n := dropConnections(t, box); n == 0 {
		t.Fatal("the SFTP server served no connection to drop")
	}
	l.insert(t, 15)
	waitFor(t, "the mirror to copy again after its connection was dropped", caughtUp(shipped))
	// The pass that finds the connection gone fails (an idle mirror is not listed, so that is the
	// first pass after the write, and it may have copied some files first); a following one is
	// whole again.
	waitFor(t, "the mirror's status to be whole again", func() bool { return rep.Status().Targets[1].State == StateOK })
	if err := rep.Stop(5 * time.Second); err != nil {
		t.Fatal(err)
	}
	r, err := Restore(ctx, box, check, filepath.Join(t.TempDir(), "r"), l.db.Dir, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if got := countRows(t, r.Path); got != 25 {
		t.Errorf("rows restored from the mirror after it reconnected = %d, want 25", got)
	}
}
