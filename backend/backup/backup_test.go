package backup

import (
	"gstdesk/backend/config"

	"context"
	"crypto/sha256"
	"database/sql"
	"errors"
	"fmt"
	"github.com/zalando/go-keyring"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/benbjohnson/litestream"

	"gstdesk/backend/apperr"
	"gstdesk/backend/store"
)

// live is a real gstdesk database in a temporary data folder, with one test table.
type live struct {
	db   *store.DB
	desk Desk
	id   uint64
}

func openLive(t testing.TB) *live {
	t.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.ExecContext(ctx, `CREATE TABLE bk_rows (id INTEGER PRIMARY KEY, note TEXT NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	d, err := LoadDesk(db.Dir)
	if err != nil {
		t.Fatal(err)
	}
	id, err := DatabaseID(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	return &live{db: db, desk: d, id: id}
}

func (l *live) insert(t testing.TB, n int) {
	t.Helper()
	tx, err := l.db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		if _, err := tx.Exec(`INSERT INTO bk_rows(note) VALUES (?)`, fmt.Sprintf("row %d", i)); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
}

// liveState is what the live database holds: the rows of every table and the content of bk_rows,
// read in one transaction; a refused backup, sync or restore must leave it as it was.
func (l *live) state(t testing.TB) string {
	t.Helper()
	ctx := context.Background()
	counts, err := tableCounts(ctx, l.db.DB)
	if err != nil {
		t.Fatal(err)
	}
	var content string
	if err := l.db.QueryRowContext(ctx, `SELECT coalesce(group_concat(id || ':' || note, ','), '') FROM (SELECT id, note FROM bk_rows ORDER BY id)`).Scan(&content); err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%v|%x", counts, sha256.Sum256([]byte(content)))
}

// unchanged fails the test when the live database no longer holds what state said.
func (l *live) unchanged(t testing.TB, before, what string) {
	t.Helper()
	if after := l.state(t); after != before {
		t.Errorf("%s changed the live database:\nbefore %s\nafter  %s", what, before, after)
	}
}

func (l *live) replicator(ts ...Target) *Replicator {
	return New(Config{Path: l.db.Path, Dir: l.db.Dir, Targets: ts, DatabaseID: l.id, DeskID: l.desk.ID, By: "command"})
}

func folderTarget(t testing.TB, name string) Target {
	tg := Target{ID: name, Name: name, Kind: KindFolder, Path: t.TempDir()}
	tg.Normalize()
	return tg
}

func countRows(t testing.TB, path string) int {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM bk_rows`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func openClient(t testing.TB, tg Target) litestream.ReplicaClient {
	t.Helper()
	c, err := tg.Open(context.Background(), Secrets{})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestFolderSyncRestoreVerify: a sync ships the database to a real folder; a restore into a new
// folder holds the same rows and passes integrity_check; verify agrees table by table.
func TestFolderSyncRestoreVerify(t *testing.T) {
	ctx := context.Background()
	l := openLive(t)
	l.insert(t, 250)
	tg := folderTarget(t, "nas")
	st, err := l.replicator(tg).SyncOnce(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got := st.Targets[0]; got.State != StateOK || got.ReplicatedTXID == 0 || got.ReplicatedTXID != got.LocalTXID {
		t.Fatalf("status after sync = %+v, want ok and caught up", got)
	}
	c := openClient(t, tg)
	out := filepath.Join(t.TempDir(), "restored")
	r, err := Restore(ctx, tg, c, out, l.db.Dir, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if got := countRows(t, r.Path); got != 250 {
		t.Errorf("restored rows = %d, want 250", got)
	}
	fi, err := os.Stat(r.Path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("restored file mode = %v, want 0600", fi.Mode().Perm())
	}
	v, err := Verify(ctx, tg, c, l.db.DB, l.db.Dir, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if !v.OK || v.Integrity != "ok" {
		t.Fatalf("verify = %+v, want ok", v)
	}
	var found bool
	for _, tc := range v.Tables {
		if tc.Table == "bk_rows" {
			found = tc.Live == 250 && tc.Replica == 250
		}
		if strings.HasPrefix(tc.Table, "_litestream") {
			t.Errorf("verify counted Litestream's own table %s", tc.Table)
		}
	}
	if !found {
		t.Errorf("verify tables = %+v, want bk_rows 250/250", v.Tables)
	}
	// The live database moves on: verify says which table differs.
	l.insert(t, 1)
	v, err = Verify(ctx, tg, c, l.db.DB, l.db.Dir, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if v.OK {
		t.Errorf("verify after an unshipped write = ok, want bk_rows to differ")
	}
}

// TestPointInTimeRestore writes, records the counts, writes more, and restores the earlier time:
// exactly the earlier rows come back; the latest point has all of them.
func TestPointInTimeRestore(t *testing.T) {
	ctx := context.Background()
	l := openLive(t)
	tg := folderTarget(t, "nas")
	rep := l.replicator(tg)
	l.insert(t, 10)
	if _, err := rep.SyncOnce(ctx); err != nil {
		t.Fatal(err)
	}
	var before int
	if err := l.db.QueryRow(`SELECT count(*) FROM bk_rows`).Scan(&before); err != nil {
		t.Fatal(err)
	}
	// LTX files carry millisecond times: step past the first sync's millisecond.
	time.Sleep(5 * time.Millisecond)
	at := time.Now()
	time.Sleep(5 * time.Millisecond)
	l.insert(t, 20)
	if _, err := rep.SyncOnce(ctx); err != nil {
		t.Fatal(err)
	}
	c := openClient(t, tg)
	pts, err := Points(ctx, tg, c)
	if err != nil {
		t.Fatal(err)
	}
	if len(pts) < 2 {
		t.Fatalf("points = %+v, want at least 2", pts)
	}
	r, err := Restore(ctx, tg, c, filepath.Join(t.TempDir(), "then"), l.db.Dir, at)
	if err != nil {
		t.Fatal(err)
	}
	if got := countRows(t, r.Path); got != before || before != 10 {
		t.Errorf("rows restored at the earlier time = %d, want %d (10)", got, before)
	}
	if !r.At.Before(at) {
		t.Errorf("restored point shipped at %v, want before %v", r.At, at)
	}
	r, err = Restore(ctx, tg, c, filepath.Join(t.TempDir(), "now"), l.db.Dir, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if got := countRows(t, r.Path); got != 30 {
		t.Errorf("rows restored at the latest point = %d, want 30", got)
	}
	_, err = Restore(ctx, tg, c, filepath.Join(t.TempDir(), "before"), l.db.Dir, pts[0].At.Add(-time.Hour))
	if apperr.KindOf(err) != apperr.NotFound {
		t.Errorf("restore before the first point: err = %v, want not found", err)
	}
}

// TestRestoreRefuses: never over the live folder, never into a folder that holds anything; the
// live database is left as it was.
func TestRestoreRefuses(t *testing.T) {
	ctx := context.Background()
	l := openLive(t)
	l.insert(t, 3)
	tg := folderTarget(t, "nas")
	if _, err := l.replicator(tg).SyncOnce(ctx); err != nil {
		t.Fatal(err)
	}
	c := openClient(t, tg)
	full := t.TempDir()
	if err := os.WriteFile(filepath.Join(full, "keep.txt"), []byte("mine"), 0o600); err != nil {
		t.Fatal(err)
	}
	for name, dir := range map[string]string{
		"the live folder":        l.db.Dir,
		"inside the live folder": filepath.Join(l.db.Dir, "sub"),
		"a non-empty folder":     full,
		"no folder":              "",
	} {
		_, err := Restore(ctx, tg, c, dir, l.db.Dir, time.Time{})
		if apperr.KindOf(err) != apperr.Invalid {
			t.Errorf("restore into %s: err = %v, want invalid", name, err)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(full, "keep.txt")); string(b) != "mine" {
		t.Errorf("the non-empty folder's file changed: %q", b)
	}
	var n int
	if err := l.db.QueryRow(`SELECT count(*) FROM bk_rows`).Scan(&n); err != nil || n != 3 {
		t.Errorf("live rows = %d (%v), want 3", n, err)
	}
}

// TestClaim: an empty target is claimed; another database's replica, a replica another tool made
// and one another desk writes are refused; TakeOver hands the writer role over explicitly.
func TestClaim(t *testing.T) {
	ctx := context.Background()
	now := time.Now()
	tg := folderTarget(t, "nas")
	c := openClient(t, tg)
	if err := Claim(ctx, tg, c, 100, 7, now); err != nil {
		t.Fatalf("claim of an empty target: %v", err)
	}
	if err := Claim(ctx, tg, c, 100, 7, now); err != nil {
		t.Fatalf("the writer claims again: %v", err)
	}
	err := Claim(ctx, tg, c, 200, 8, now)
	if apperr.KindOf(err) != apperr.Conflict || !strings.Contains(err.Error(), "another gstdesk database") {
		t.Errorf("another database: err = %v, want conflict naming another database", err)
	}
	err = Claim(ctx, tg, c, 100, 8, now)
	if !errors.Is(err, ErrNotWriter) || !strings.Contains(err.Error(), `"nas"`) {
		t.Errorf("another desk: err = %v, want ErrNotWriter naming the target", err)
	}
	if err := TakeOver(ctx, tg, c, 100, 8, now.Add(time.Second)); err != nil {
		t.Fatal(err)
	}
	if w, _, err := Writer(ctx, tg, c); err != nil || w != 8 {
		t.Errorf("writer after take-over = %d (%v), want 8", w, err)
	}
	if err := Claim(ctx, tg, c, 100, 7, now); !errors.Is(err, ErrNotWriter) {
		t.Errorf("the old writer after take-over: err = %v, want ErrNotWriter", err)
	}
	if err := TakeOver(ctx, tg, c, 300, 9, now); apperr.KindOf(err) != apperr.Conflict {
		t.Errorf("take-over of another database's replica: err = %v, want conflict", err)
	}

	// A folder with Litestream files and no marker is another tool's replica.
	other := folderTarget(t, "other")
	if err := os.MkdirAll(filepath.Join(other.Path, "ltx", "0"), 0o700); err != nil {
		t.Fatal(err)
	}
	b, err := markerFile(5, now)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(other.Path, "ltx", "0", "0000000000000005-0000000000000005.ltx"), b, 0o600); err != nil {
		t.Fatal(err)
	}
	err = Claim(ctx, other, openClient(t, other), 100, 7, now)
	if apperr.KindOf(err) != apperr.Conflict || !strings.Contains(err.Error(), "did not make") {
		t.Errorf("a foreign replica: err = %v, want conflict", err)
	}
}

// TestSyncRefusesAnotherDatabasesReplica: the live database is untouched and the error names the target.
func TestSyncRefusesAnotherDatabasesReplica(t *testing.T) {
	ctx := context.Background()
	a, b := openLive(t), openLive(t)
	tg := folderTarget(t, "shared")
	a.insert(t, 2)
	if _, err := a.replicator(tg).SyncOnce(ctx); err != nil {
		t.Fatal(err)
	}
	b.insert(t, 5)
	bBefore := b.state(t)
	st, err := b.replicator(tg).SyncOnce(ctx)
	if apperr.KindOf(err) != apperr.Conflict || !strings.Contains(err.Error(), `"shared"`) {
		t.Fatalf("sync of b into a's replica: err = %v, want conflict naming the target", err)
	}
	if st.Targets[0].State != StateFailing || st.Targets[0].Error == "" {
		t.Errorf("status = %+v, want failing with the error", st.Targets[0])
	}
	r, err := Restore(ctx, tg, openClient(t, tg), filepath.Join(t.TempDir(), "r"), "", time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if got := countRows(t, r.Path); got != 2 {
		t.Errorf("a's replica holds %d rows after b's refused sync, want 2", got)
	}
	b.unchanged(t, bBefore, "the refused sync")
	// Restoring a's replica from b's desk (a colleague's backup) is a restore like any other: into
	// a new folder, never over b's live data.
	if _, err := Restore(ctx, tg, openClient(t, tg), b.db.Dir, b.db.Dir, time.Time{}); apperr.KindOf(err) != apperr.Invalid {
		t.Errorf("restore of another database's replica over the live folder: err = %v, want invalid", err)
	}
	b.unchanged(t, bBefore, "the refused restore")
}

// TestMissingFolderTarget: a folder that is not there (a USB disk not plugged in) is reported and
// not made on this disk.
func TestMissingFolderTarget(t *testing.T) {
	ctx := context.Background()
	l := openLive(t)
	tg := Target{ID: "usb", Name: "usb", Kind: KindFolder, Path: filepath.Join(t.TempDir(), "unplugged", "gstdesk")}
	tg.Normalize()
	l.insert(t, 7)
	before := l.state(t)
	_, err := l.replicator(tg).SyncOnce(ctx)
	l.unchanged(t, before, "a sync to a missing folder")
	if apperr.KindOf(err) != apperr.Unavailable || !strings.Contains(err.Error(), "connected") || !strings.Contains(err.Error(), `"usb"`) {
		t.Errorf("err = %v, want unavailable asking whether the disk is connected", err)
	}
	if _, err := os.Stat(tg.Path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the missing folder was made: %v", err)
	}
}

// TestMirror: a second target holds the same restore points as the first and restores alike.
func TestMirror(t *testing.T) {
	ctx := context.Background()
	l := openLive(t)
	a, b := folderTarget(t, "nas"), folderTarget(t, "usb")
	l.insert(t, 40)
	st, err := l.replicator(a, b).SyncOnce(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if st.Targets[1].State != StateOK || st.Targets[1].Role != "mirror" {
		t.Errorf("mirror status = %+v", st.Targets[1])
	}
	pa, err := Points(ctx, a, openClient(t, a))
	if err != nil {
		t.Fatal(err)
	}
	pb, err := Points(ctx, b, openClient(t, b))
	if err != nil {
		t.Fatal(err)
	}
	if len(pa) == 0 || len(pa) != len(pb) || pa[len(pa)-1].TXID != pb[len(pb)-1].TXID {
		t.Errorf("points: first %+v, mirror %+v", pa, pb)
	}
	r, err := Restore(ctx, b, openClient(t, b), filepath.Join(t.TempDir(), "r"), l.db.Dir, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if got := countRows(t, r.Path); got != 40 {
		t.Errorf("rows restored from the mirror = %d, want 40", got)
	}
	sz, err := Measure(ctx, b, openClient(t, b))
	if err != nil || sz.Files == 0 || sz.Bytes == 0 {
		t.Errorf("size of the mirror = %+v (%v)", sz, err)
	}
}

// TestContinuous: Start ships every commit without being asked; Stop ships the rest and frees the
// folder for the next process; a second process meanwhile is told the folder is replicated.
func TestContinuous(t *testing.T) {
	ctx := context.Background()
	l := openLive(t)
	tg := folderTarget(t, "nas")
	rep := New(Config{Path: l.db.Path, Dir: l.db.Dir, Targets: []Target{tg}, DatabaseID: l.id, DeskID: l.desk.ID, By: "window", SyncInterval: 50 * time.Millisecond})
	if err := rep.Start(ctx); err != nil {
		t.Fatal(err)
	}
	l.insert(t, 12)
	if _, err := l.replicator(tg).SyncOnce(ctx); !errors.Is(err, ErrBusy) {
		t.Errorf("a second process's sync: err = %v, want ErrBusy", err)
	}
	// Wait (without a deadline of our own: the test's timeout is the limit) for the commit to arrive.
	c := openClient(t, tg)
	for {
		st := rep.Status()
		if s := st.Targets[0]; s.State == StateOK && s.ReplicatedTXID > 0 && s.ReplicatedTXID == s.LocalTXID {
			if pts, _ := Points(ctx, tg, c); len(pts) > 0 {
				break
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	l.insert(t, 3)
	if err := rep.Sync(ctx); err != nil {
		t.Fatal(err)
	}
	if err := rep.Stop(5 * time.Second); err != nil {
		t.Fatal(err)
	}
	r, err := Restore(ctx, tg, c, filepath.Join(t.TempDir(), "r"), l.db.Dir, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if got := countRows(t, r.Path); got != 15 {
		t.Errorf("rows restored = %d, want 15", got)
	}
	st, err := ReadStatus(l.db.Dir)
	if err != nil || st.By != "window" || st.Continuous {
		t.Errorf("status file after stop = %+v (%v)", st, err)
	}
	if _, err := l.replicator(tg).SyncOnce(ctx); err != nil {
		t.Errorf("sync after the continuous replicator stopped: %v", err)
	}
}

// TestTargetErrors: each failure names the target and says what to do.
func TestTargetErrors(t *testing.T) {
	tg := Target{Name: "nas", Kind: KindFolder, Path: "/mnt/nas/gstdesk"}
	s3t := Target{Name: "cloud", Kind: KindS3, Bucket: "books", Endpoint: "http://127.0.0.1:9000"}
	tests := []struct {
		name string
		t    Target
		err  error
		kind apperr.Kind
		want string
	}{
		{"disk full", tg, &os.PathError{Op: "write", Path: "/mnt/nas/x", Err: syscall.ENOSPC}, apperr.Unavailable, "is full"},
		{"permission", tg, &os.PathError{Op: "open", Path: "/mnt/nas/x", Err: os.ErrPermission}, apperr.Unauthorised, "permissions"},
		{"refused", s3t, fmt.Errorf("dial tcp 127.0.0.1:9000: connect: connection refused"), apperr.Unavailable, "cannot be reached"},
		{"no bucket", s3t, fmt.Errorf("api error NoSuchBucket: The specified bucket does not exist"), apperr.NotFound, `"books" does not exist`},
		{"ssh auth", Target{Name: "box", Kind: KindSFTP, Host: "h", User: "u"}, fmt.Errorf("ssh: handshake failed: ssh: unable to authenticate"), apperr.Unauthorised, "password or key"},
		{"cancelled", tg, context.Canceled, apperr.Canceled, "stopped"},
	}
	for _, tc := range tests {
		err := targetError(tc.t, "write to", tc.err)
		if apperr.KindOf(err) != tc.kind || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), `"`+tc.t.Name+`"`) {
			t.Errorf("%s: %v (%s), want %s containing %q and the target's name", tc.name, err, apperr.KindOf(err), tc.kind, tc.want)
		}
	}
}

// TestValidate: what a person types is checked before anything is stored.
func TestValidate(t *testing.T) {
	live := t.TempDir()
	// A link elsewhere that leads into the data folder: the target is resolved before the check
	// (Litestream wrote inside the live folder through it).
	elsewhere := t.TempDir()
	link := filepath.Join(elsewhere, "to-live")
	if err := os.Symlink(live, link); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		t    Target
		want string // "" for valid
	}{
		{"folder", Target{Kind: "folder", Path: "/mnt/nas/gstdesk"}, ""},
		{"folder inside data", Target{Kind: "folder", Path: filepath.Join(live, "bk")}, "inside the data folder"},
		{"folder no path", Target{Kind: "folder", Name: "x"}, "give the folder"},
		{"folder through a link into data", Target{Kind: "folder", Path: filepath.Join(link, "bk")}, "inside the data folder"},
		{"the link itself", Target{Kind: "folder", Path: link}, "inside the data folder"},
		{"beside the link", Target{Kind: "folder", Path: filepath.Join(elsewhere, "bk")}, ""},
		{"s3 aws", Target{Kind: "s3", Bucket: "b", Region: "ap-south-1", Path: "/gstdesk/"}, ""},
		{"s3 endpoint", Target{Kind: "s3", Bucket: "b", Endpoint: "https://s3.eu-central-003.backblazeb2.com"}, ""},
		{"s3 no region", Target{Kind: "s3", Bucket: "b"}, "region"},
		{"s3 http remote", Target{Kind: "s3", Bucket: "b", Endpoint: "http://s3.example.com"}, "https"},
		{"s3 bucket path", Target{Kind: "s3", Bucket: "b/c", Region: "x"}, "bucket name only"},
		{"sftp", Target{Kind: "sftp", Host: "nas.local", User: "ca"}, ""},
		{"sftp user in host", Target{Kind: "sftp", Host: "ca@nas.local", User: "ca"}, "host name"},
		{"sftp no user", Target{Kind: "sftp", Host: "nas.local"}, "user"},
		{"kind", Target{Kind: "ftp", Name: "x"}, "folder, s3 or sftp"},
		{"retention", Target{Kind: "folder", Path: "/x", RetentionDays: 5000}, "3650"},
	}
	for _, tc := range tests {
		tc.t.Normalize()
		err := tc.t.Validate(live)
		if tc.t.Kind == KindSFTP && tc.t.Path != "." {
			t.Errorf("%s: path %q", tc.name, tc.t.Path)
		}
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v, want valid", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: %v, want an error containing %q", tc.name, err, tc.want)
		}
	}
}

// TestFolderUnpluggedWhileReplicating: the folder of the first target goes away while the window
// replicates (a USB disk pulled out, a NAS share dropped): the status fails with the target named,
// nothing is written to this disk in its place, and once it is back the replica catches up.
func TestFolderUnpluggedWhileReplicating(t *testing.T) {
	ctx := context.Background()
	l := openLive(t)
	usb := folderTarget(t, "usb")
	var lost atomic.Pointer[TakenOver]
	rep := New(Config{Path: l.db.Path, Dir: l.db.Dir, Targets: []Target{usb}, DatabaseID: l.id, DeskID: l.desk.ID, By: "window",
		SyncInterval: 20 * time.Millisecond, MirrorInterval: 20 * time.Millisecond, LostWriter: func(to TakenOver) { lost.Store(&to) }})
	if err := rep.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer rep.Stop(5 * time.Second)
	l.insert(t, 10)
	waitFor(t, "the first rows to reach the target", func() bool {
		s := rep.Status().Targets[0]
		return s.State == StateOK && s.ReplicatedTXID > 0 && s.ReplicatedTXID == s.LocalTXID
	})
	shipped := rep.Status().Targets[0].ReplicatedTXID
	away := usb.Path + ".away"
	if err := os.Rename(usb.Path, away); err != nil {
		t.Fatal(err)
	}
	l.insert(t, 20)
	before := l.state(t)
	var last TargetStatus
	waitFor(t, "the status to say the folder is not there", func() bool {
		last = rep.Status().Targets[0]
		if _, err := os.Stat(usb.Path); err == nil {
			t.Logf("the folder is there again; status %+v", last)
		}
		return last.State == StateFailing && strings.Contains(last.Error, `"usb"`) && strings.Contains(last.Error, "connected")
	})
	if to := lost.Load(); to != nil {
		t.Errorf("a folder that is not there was taken for another desk's take-over (this desk would refuse every write): %+v", *to)
	}
	if _, err := os.Stat(usb.Path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the missing target folder was made again on this disk: %v", err)
	}
	l.unchanged(t, before, "replication to a missing folder")
	if err := os.Rename(away, usb.Path); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the target to catch up once it is back", func() bool {
		s := rep.Status().Targets[0]
		return s.State == StateOK && s.Error == "" && s.ReplicatedTXID > shipped && s.ReplicatedTXID == s.LocalTXID
	})
	if err := rep.Stop(5 * time.Second); err != nil {
		t.Fatal(err)
	}
	r, err := Restore(ctx, usb, openClient(t, usb), filepath.Join(t.TempDir(), "r"), l.db.Dir, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if got := countRows(t, r.Path); got != 30 {
		t.Errorf("rows restored once the folder was back = %d, want 30", got)
	}
}

// TestNormalizeSFTPPath: an SFTP path keeps its leading slash (the folder on the server) and
// loses a trailing one; an empty one is the user's home folder; S3 keys have no leading slash.
func TestNormalizeSFTPPath(t *testing.T) {
	for _, tc := range []struct{ kind, in, want string }{
		{KindSFTP, "/srv/backups/", "/srv/backups"},
		{KindSFTP, "backups", "backups"},
		{KindSFTP, "", "."},
		{KindSFTP, "/", "/"},
		{KindS3, "/gstdesk/", "gstdesk"},
	} {
		tg := Target{Kind: tc.kind, Path: tc.in}
		tg.Normalize()
		if tg.Path != tc.want {
			t.Errorf("%s %q: %q, want %q", tc.kind, tc.in, tg.Path, tc.want)
		}
	}
}

// TestMirrorDue: a mirror is listed when the first target holds a transaction it lacks, when its
// last pass did not succeed, and, idle, once the refresh has passed; not every interval.
func TestMirrorDue(t *testing.T) {
	now := time.Date(2025, 11, 24, 10, 0, 0, 0, time.UTC)
	copied := mirrorMark{txid: 7, at: now.Add(-time.Minute)}
	for _, tc := range []struct {
		name  string
		state string
		last  mirrorMark
		txid  uint64
		want  bool
	}{
		{"idle and up to date", StateOK, copied, 7, false},
		{"a new transaction", StateOK, copied, 8, true},
		{"never copied", StateIdle, mirrorMark{}, 7, true},
		{"last pass failed", StateFailing, copied, 7, true},
		{"another desk writes it", StateNotWriter, copied, 7, true},
		{"idle past the refresh", StateOK, mirrorMark{txid: 7, at: now.Add(-10 * time.Minute)}, 7, true},
		{"idle just before the refresh", StateOK, mirrorMark{txid: 7, at: now.Add(-10*time.Minute + time.Second)}, 7, false},
	} {
		if got := mirrorDue(tc.state, tc.last, tc.txid, now, 10*time.Minute); got != tc.want {
			t.Errorf("%s: due = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestIdleMirrorStaysVisible: while nothing changes, a mirror that is up to date keeps saying so
// (without being listed), a folder mirror unplugged meanwhile is reported at once and catches up
// once back, and the next write reaches it.
func TestIdleMirrorStaysVisible(t *testing.T) {
	ctx := context.Background()
	l := openLive(t)
	a, b := folderTarget(t, "nas"), folderTarget(t, "usb")
	rep := New(Config{Path: l.db.Path, Dir: l.db.Dir, Targets: []Target{a, b}, DatabaseID: l.id, DeskID: l.desk.ID, By: "window",
		SyncInterval: 20 * time.Millisecond, MirrorInterval: 20 * time.Millisecond, MirrorRefresh: time.Hour})
	if err := rep.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer rep.Stop(5 * time.Second)
	caughtUp := func() bool {
		st := rep.Status().Targets
		return st[0].State == StateOK && st[0].ReplicatedTXID > 0 && st[0].ReplicatedTXID == st[0].LocalTXID &&
			st[1].State == StateOK && !st[1].LastReplicatedAt.IsZero()
	}
	l.insert(t, 10)
	waitFor(t, "both targets to catch up", caughtUp)
	// The mirror has copied the latest transaction once the first target's next pass is recorded.
	first := rep.Status().Targets[1].LastReplicatedAt
	waitFor(t, "the idle mirror to count as caught up again", func() bool {
		return rep.Status().Targets[1].LastReplicatedAt.After(first)
	})

	away := b.Path + ".away"
	if err := os.Rename(b.Path, away); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the unplugged idle mirror to be reported", func() bool {
		s := rep.Status().Targets[1]
		return s.State == StateFailing && strings.Contains(s.Error, `"usb"`) && strings.Contains(s.Error, "connected")
	})
	if err := os.Rename(away, b.Path); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the mirror to be back", func() bool { return rep.Status().Targets[1].State == StateOK })

	shipped := rep.Status().Targets[0].ReplicatedTXID
	l.insert(t, 5)
	cb := openClient(t, b)
	waitFor(t, "the new write to reach the mirror", func() bool {
		s := rep.Status().Targets[0]
		if s.State != StateOK || s.ReplicatedTXID <= shipped || s.ReplicatedTXID != s.LocalTXID {
			return false
		}
		pts, _ := Points(ctx, b, cb)
		return len(pts) > 0 && uint64(pts[len(pts)-1].TXID) == s.ReplicatedTXID
	})
	if err := rep.Stop(5 * time.Second); err != nil {
		t.Fatal(err)
	}
	r, err := Restore(ctx, b, cb, filepath.Join(t.TempDir(), "r"), l.db.Dir, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if got := countRows(t, r.Path); got != 15 {
		t.Errorf("rows restored from the mirror = %d, want 15", got)
	}
}

// A folder target keeps no secret: removing it asks nothing of the keychain (with no keychain
// reachable, the removal said it failed and exited 1 after removing).
func TestDeleteSecretsOfAFolderAsksNothing(t *testing.T) {
	keyring.MockInitWithError(errors.New("no keychain here"))
	t.Cleanup(keyring.MockInit)
	if err := DeleteSecrets(config.Vault{}, Target{ID: "t1", Kind: KindFolder}); err != nil {
		t.Errorf("folder: %v", err)
	}
	if err := DeleteSecrets(config.Vault{}, Target{ID: "t2", Kind: KindS3}); err == nil {
		t.Error("s3 with no keychain: no error")
	}
}
