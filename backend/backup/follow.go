package backup

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/benbjohnson/litestream"
	"github.com/superfly/ltx"

	"gstdesk/backend/apperr"
	"gstdesk/backend/export"
	"gstdesk/backend/store"
)

// A second desk follows a replica: a folder of its own (the follower folder) holds a copy of the
// database that one process (`gstdesk backup follow`, or the window's child of it) keeps up to
// date with Litestream's follow mode, which applies each new LTX file of the replica to the copy's
// pages under SQLite's own file locks, in rollback-journal mode, and resumes after a restart from
// the transaction id it keeps beside the copy (gstdesk.db-txid). Everything else that opens the
// folder reads it (store.OpenReadOnly) and refuses every write.

// The files of a follower folder.
const (
	// FollowFile says which target the folder follows; its presence makes the folder a follower.
	FollowFile = "follow.json"
	// FollowStatusFile is where the following process leaves how far it is, for the status bar.
	FollowStatusFile = "follow-status.json"
	// followLockFile is held (an OS file lock) by the one process that applies the replica.
	followLockFile = "follow.lock"
)

// Following is what a follower folder follows.
type Following struct {
	Target Target `json:"target"`
	// DatabaseID is the database the replica held when following began: a replica of another
	// database found there later is refused, never applied.
	DatabaseID uint64    `json:"database_id"`
	Since      time.Time `json:"since"`
}

// ReadFollowing reads a follower folder's FollowFile; ok is false for a folder that follows
// nothing (an ordinary data folder).
func ReadFollowing(dir string) (f Following, ok bool, err error) {
	b, err := os.ReadFile(filepath.Join(dir, FollowFile))
	if errors.Is(err, os.ErrNotExist) {
		return Following{}, false, nil
	}
	if err != nil {
		return Following{}, false, fmt.Errorf("backup: read %s: %w", filepath.Join(dir, FollowFile), err)
	}
	if err := json.Unmarshal(b, &f); err != nil || f.Target.Kind == "" {
		return Following{}, false, apperr.New(apperr.Invalid, "%s is damaged: this folder cannot follow its replica any more. Make a new follower folder (gstdesk backup follow --to DIR …).", filepath.Join(dir, FollowFile))
	}
	return f, true, nil
}

// Refusal is the error every write gets on a desk that follows f.
func (f Following) Refusal() *apperr.Error {
	return apperr.New(apperr.Conflict, "This desk follows %q (%s) read-only: changes are made on the writer desk and reach this one within seconds. Nothing was changed.", f.Target.Name, f.Target.Where()).
		WithHint(apperr.Hint{
			Window:  "To make this desk the writer, stop gstdesk on the writer desk, then use Take over in Settings → Backup.",
			Command: "To make this desk the writer: stop gstdesk on the writer desk, then run gstdesk backup takeover --yes here.",
		})
}

// replicaDatabase is the database a replica belongs to (its database marker).
func replicaDatabase(ctx context.Context, t Target, c litestream.ReplicaClient) (uint64, error) {
	dbs, err := markers(ctx, c, levelDatabase)
	if err != nil {
		return 0, targetError(t, "read", err)
	}
	if len(dbs) == 0 {
		return 0, apperr.New(apperr.NotFound, "Backup target %q (%s) holds no gstdesk replica to follow. Check the folder, bucket or path: it is the one the writer desk backs up to.", t.Name, t.Where())
	}
	return dbs[0].ID, nil
}

// StartFollowing restores the latest point of target t into dir (a new or empty folder, never
// the live data folder liveDir) and makes dir a follower folder of t. A failure leaves nothing in
// dir.
func StartFollowing(ctx context.Context, t Target, c litestream.ReplicaClient, dir, liveDir string, now time.Time) (Restored, error) {
	id, err := replicaDatabase(ctx, t, c)
	if err != nil {
		return Restored{}, err
	}
	r, err := Restore(ctx, t, c, dir, liveDir, time.Time{})
	if err != nil {
		return r, err
	}
	undo := func(err error) (Restored, error) {
		removeDB(r.Path)
		os.Remove(litestream.TXIDPath(r.Path))
		return Restored{}, err
	}
	if err := litestream.WriteTXIDFile(r.Path, ltx.TXID(r.TXID)); err != nil {
		return undo(fmt.Errorf("backup: follow: %w", err))
	}
	if err := rollbackJournal(ctx, r.Path); err != nil {
		return undo(err)
	}
	f := Following{Target: t, DatabaseID: id, Since: now.UTC()}
	if err := export.WriteFileAtomic(filepath.Join(r.Dir, FollowFile), 0o600, func(w io.Writer) error {
		return json.NewEncoder(w).Encode(f)
	}); err != nil {
		return undo(err)
	}
	return r, nil
}

// rollbackJournal takes a restored copy out of WAL mode: Litestream's follow mode writes pages
// into the database file itself, which readers see only in rollback-journal mode.
func rollbackJournal(ctx context.Context, path string) error {
	db, err := sql.Open("sqlite", "file:"+filepath.ToSlash(path))
	if err != nil {
		return err
	}
	defer db.Close()
	var mode string
	if err := db.QueryRowContext(ctx, `PRAGMA journal_mode=DELETE`).Scan(&mode); err != nil {
		return fmt.Errorf("backup: follow: leave WAL mode: %w", err)
	}
	if mode != "delete" {
		return fmt.Errorf("backup: follow: journal mode is %q, want delete", mode)
	}
	return nil
}

// FollowStatus is how far a follower folder is behind its replica.
type FollowStatus struct {
	Target string `json:"target"`
	Where  string `json:"where"`
	// TXID is the last of the replica's transactions applied here; ReplicaTXID the latest the
	// replica held at the last check.
	TXID        uint64 `json:"txid"`
	ReplicaTXID uint64 `json:"replica_txid"`
	// UpdatedAt is when a change was last applied here; CheckedAt when the follower last found
	// that it holds everything the replica held (the time "last update" shows).
	UpdatedAt time.Time `json:"updated_at"`
	CheckedAt time.Time `json:"checked_at"`
	// Running is true while a process follows the replica into this folder.
	Running bool      `json:"running"`
	PID     int       `json:"pid,omitempty"`
	Error   string    `json:"error,omitempty"`
	ErrorAt time.Time `json:"error_at"`
}

// ReadFollowStatus is the state of the follower folder dir: what its following process last
// wrote, with Running true only while that process holds the folder's follow lock.
func ReadFollowStatus(dir string) (FollowStatus, error) {
	f, ok, err := ReadFollowing(dir)
	if err != nil || !ok {
		return FollowStatus{}, err
	}
	var st FollowStatus
	if b, err := os.ReadFile(filepath.Join(dir, FollowStatusFile)); err == nil {
		_ = json.Unmarshal(b, &st) // a damaged status is no status: it is only ever a hint
	}
	st.Target, st.Where = f.Target.Name, f.Target.Where()
	if txid, err := litestream.ReadTXIDFile(filepath.Join(dir, store.FileName)); err == nil && uint64(txid) > st.TXID {
		st.TXID = uint64(txid)
	}
	st.Running = lockHeldAt(filepath.Join(dir, followLockFile))
	if !st.Running {
		st.PID = 0
	}
	return st, nil
}

// lockHeldAt reports whether a process holds the OS lock of the file at path.
func lockHeldAt(path string) bool {
	f, err := os.OpenFile(path, os.O_RDWR, 0o600)
	if err != nil {
		return false
	}
	defer f.Close()
	held, err := tryLock(f)
	return err == nil && held
}

// writeHint writes a status file for other processes to read: whole (a temporary file renamed),
// but not synced to disk, as losing it in a crash costs nothing (the next write replaces it).
func writeHint(path string, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(b, '\n'), 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// FollowConfig is what Follow needs.
type FollowConfig struct {
	// Dir is the follower folder.
	Dir     string
	Secrets Secrets
	// Interval is how often new changes are looked for (0: every second); CheckInterval how often
	// the replica's latest transaction and owner are read (0: every 10 seconds).
	Interval, CheckInterval time.Duration
	// UntilCaughtUp stops following once the copy holds what the replica held when it began (the
	// catch-up before a follower takes over).
	UntilCaughtUp bool
	Log           *slog.Logger
	// Changed, when set, hears each new status.
	Changed func(FollowStatus)
}

// ErrFollowBusy is what a second process gets that tries to follow into a folder another follows.
var ErrFollowBusy = errors.New("backup: another gstdesk already follows into this folder")

// Follow applies the replica's new changes to the follower folder's copy until ctx ends (or, with
// UntilCaughtUp, until the copy has caught up), leaving its status in FollowStatusFile. A target
// that cannot be reached is tried again while the status says why; a replica that now belongs to
// another database, or that no longer holds the changes after this copy's last one (its
// retention removed them), ends following with an error saying what to do.
func Follow(ctx context.Context, cfg FollowConfig) error {
	f, ok, err := ReadFollowing(cfg.Dir)
	if err != nil {
		return err
	}
	if !ok {
		return apperr.New(apperr.Invalid, "%s is not a follower folder (it has no %s): start following with gstdesk backup follow --to DIR and a target's flags.", cfg.Dir, FollowFile)
	}
	if cfg.Interval <= 0 {
		cfg.Interval = time.Second
	}
	if cfg.CheckInterval <= 0 {
		cfg.CheckInterval = 10 * time.Second
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	lock, err := os.OpenFile(filepath.Join(cfg.Dir, followLockFile), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("backup: follow: %w", err)
	}
	defer lock.Close()
	if held, err := tryLock(lock); err != nil || held {
		if held {
			return apperr.Wrap(apperr.Conflict, ErrFollowBusy, "Another gstdesk already follows %q into %s (the window, or gstdesk backup follow).", f.Target.Name, cfg.Dir)
		}
		return fmt.Errorf("backup: follow: lock: %w", err)
	}
	fl := &follower{cfg: cfg, f: f, path: filepath.Join(cfg.Dir, store.FileName), catch: &errorCatcher{}}
	prev, _ := ReadFollowStatus(cfg.Dir)
	fl.st = FollowStatus{Target: f.Target.Name, Where: f.Target.Where(), TXID: prev.TXID, UpdatedAt: prev.UpdatedAt, CheckedAt: prev.CheckedAt, Running: true, PID: os.Getpid()}
	defer func() {
		fl.st.Running, fl.st.PID = false, 0
		fl.publish(true)
	}()
	return fl.run(ctx)
}

type follower struct {
	cfg   FollowConfig
	f     Following
	path  string
	catch *errorCatcher

	mu      sync.Mutex
	st      FollowStatus
	written FollowStatus
}

func (fl *follower) run(ctx context.Context) error {
	t := fl.f.Target
	backoff := fl.cfg.Interval
	for {
		c, err := t.Open(ctx, fl.cfg.Secrets)
		if err == nil {
			err = fl.checkReplica(ctx, c)
			if err == nil {
				fl.mu.Lock()
				fl.caughtUp(time.Now())
				fl.mu.Unlock()
				fl.publish(false)
				return fl.follow(ctx, c)
			}
			if errors.Is(err, errOtherDatabase) {
				fl.fail(err)
				return err
			}
		}
		fl.fail(err)
		if fl.cfg.UntilCaughtUp {
			return err // a catch-up says at once that it cannot
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(backoff):
		}
		backoff = min(backoff*2, time.Minute)
	}
}

var errOtherDatabase = errors.New("backup: the replica belongs to another database")

// checkReplica reads the replica's owner and latest transaction; a replica of another database
// is errOtherDatabase.
func (fl *follower) checkReplica(ctx context.Context, c litestream.ReplicaClient) error {
	t := fl.f.Target
	id, err := replicaDatabase(ctx, t, c)
	if err != nil {
		return err
	}
	if id != fl.f.DatabaseID {
		return apperr.Wrap(apperr.Conflict, errOtherDatabase, "Backup target %q (%s) now holds the replica of another gstdesk database; this folder stopped following it and keeps what it had. Make a new follower folder for the new replica.", t.Name, t.Where())
	}
	max, err := ReplicaTXID(ctx, t, c)
	if err != nil {
		return err
	}
	fl.mu.Lock()
	fl.st.ReplicaTXID = max
	fl.mu.Unlock()
	return nil
}

// ReplicaTXID is the latest transaction a target's replica holds (0 when it holds none).
func ReplicaTXID(ctx context.Context, t Target, c litestream.ReplicaClient) (uint64, error) {
	var max ltx.TXID
	for _, level := range mirrorLevels {
		info, err := litestream.NewReplicaWithClient(nil, c).MaxLTXFileInfo(ctx, level)
		if err != nil {
			return 0, targetError(t, "read", err)
		}
		if info.MaxTXID > max {
			max = info.MaxTXID
		}
	}
	return uint64(max), nil
}

// caughtUp records, when the copy holds every transaction the replica held at the last check,
// that it was up to date at now (fl.mu held).
func (fl *follower) caughtUp(now time.Time) {
	if fl.st.TXID >= fl.st.ReplicaTXID {
		fl.st.CheckedAt = now
		fl.st.Error, fl.st.ErrorAt = "", time.Time{}
	}
}

func (fl *follower) fail(err error) {
	fl.mu.Lock()
	fl.st.Error, fl.st.ErrorAt = apperr.Command.Public(err).Message, time.Now()
	fl.mu.Unlock()
	fl.publish(false)
}

// follow runs Litestream's follow mode and watches it until ctx ends.
func (fl *follower) follow(ctx context.Context, c litestream.ReplicaClient) error {
	t := fl.f.Target
	lsdb := litestream.NewDB(fl.path)
	lsdb.Logger = slog.New(fl.catch.handler(fl.cfg.Log.Handler()))
	rep := litestream.NewReplicaWithClient(lsdb, c)
	opt := litestream.NewRestoreOptions()
	opt.OutputPath, opt.Follow, opt.FollowInterval = fl.path, true, fl.cfg.Interval
	fctx, stop := context.WithCancel(ctx)
	defer stop()
	done := make(chan error, 1)
	go func() { done <- rep.Restore(fctx, opt) }()

	target := uint64(0)
	fl.mu.Lock()
	if fl.cfg.UntilCaughtUp {
		target = fl.st.ReplicaTXID
	}
	fl.mu.Unlock()
	tick := time.NewTicker(fl.cfg.Interval)
	defer tick.Stop()
	nextCheck := time.Now().Add(fl.cfg.CheckInterval)
	for {
		select {
		case err := <-done:
			if ctx.Err() != nil || (err == nil && fl.cfg.UntilCaughtUp) {
				return nil
			}
			if err == nil {
				err = errors.New("follow mode ended")
			}
			if strings.Contains(err.Error(), "cannot resume follow mode") {
				err = apperr.Wrap(apperr.Conflict, err, "Backup target %q (%s) no longer holds the changes that follow this copy's last one (its retention removed them, or the writer started over). This folder keeps what it had; make a new follower folder to follow again.", t.Name, t.Where())
			} else {
				err = targetError(t, "follow", err)
			}
			fl.fail(err)
			return err
		case <-ctx.Done():
			stop()
			<-done
			return nil
		case <-tick.C:
		}
		now := time.Now()
		if txid, err := litestream.ReadTXIDFile(fl.path); err == nil {
			fl.mu.Lock()
			if uint64(txid) > fl.st.TXID {
				fl.st.TXID, fl.st.UpdatedAt = uint64(txid), now
				fl.caughtUp(now)
			}
			fl.mu.Unlock()
		}
		if !now.Before(nextCheck) {
			nextCheck = now.Add(fl.cfg.CheckInterval)
			if err := fl.checkReplica(ctx, c); err != nil {
				fl.fail(err)
				if errors.Is(err, errOtherDatabase) {
					stop()
					<-done
					return err
				}
				continue
			}
			fl.mu.Lock()
			fl.caughtUp(now)
			fl.mu.Unlock()
		}
		// Litestream's follow mode tells its failures only to its log.
		if errAt, lerr := fl.catch.last(); lerr != nil {
			fl.mu.Lock()
			if errAt.After(fl.st.CheckedAt) && errAt.After(fl.st.UpdatedAt) {
				fl.st.Error, fl.st.ErrorAt = apperr.Command.Public(targetError(t, "follow", lerr)).Message, errAt
			}
			fl.mu.Unlock()
		}
		fl.mu.Lock()
		finished := fl.cfg.UntilCaughtUp && fl.st.TXID >= target
		fl.mu.Unlock()
		fl.publish(false)
		if finished {
			stop()
			<-done
			return nil
		}
	}
}

// publish writes the status file, and tells Changed, when something a person reads changed: the
// position, the error, whether a process follows, or the minute of the last check.
func (fl *follower) publish(force bool) {
	fl.mu.Lock()
	st, was := fl.st, fl.written
	changed := force || st.TXID != was.TXID || st.ReplicaTXID != was.ReplicaTXID || st.Error != was.Error ||
		st.Running != was.Running || !st.CheckedAt.Truncate(time.Minute).Equal(was.CheckedAt.Truncate(time.Minute))
	if changed {
		fl.written = st
	}
	fl.mu.Unlock()
	if !changed {
		return
	}
	if err := writeHint(filepath.Join(fl.cfg.Dir, FollowStatusFile), st); err != nil {
		fl.cfg.Log.Warn("backup: follow: write the status", "error", err)
	}
	if fl.cfg.Changed != nil {
		fl.cfg.Changed(st)
	}
}

// TakenOverFile is left in a data folder whose replica another desk took over while this desk
// wrote it: from then on the desk refuses every write (its changes would reach no backup).
const TakenOverFile = "backup-taken-over.json"

// TakenOver says which desk took the replica over, and when.
type TakenOver struct {
	Target string    `json:"target"`
	Where  string    `json:"where"`
	Desk   uint64    `json:"desk"`
	At     time.Time `json:"at"`
	// Shipped is the last transaction this desk shipped to the replica.
	Shipped uint64 `json:"shipped"`
}

// ReadTakenOver reads a data folder's TakenOverFile (ok false when no desk took it over).
func ReadTakenOver(dir string) (t TakenOver, ok bool, err error) {
	b, err := os.ReadFile(filepath.Join(dir, TakenOverFile))
	if errors.Is(err, os.ErrNotExist) {
		return TakenOver{}, false, nil
	}
	if err != nil {
		return TakenOver{}, false, err
	}
	if err := json.Unmarshal(b, &t); err != nil {
		t = TakenOver{Target: "?", Where: "?"} // damaged: still taken over
	}
	return t, true, nil
}

// MarkTakenOver records that another desk took over the replica this desk wrote.
func MarkTakenOver(dir string, t TakenOver) error {
	return export.WriteFileAtomic(filepath.Join(dir, TakenOverFile), 0o600, func(w io.Writer) error { return json.NewEncoder(w).Encode(t) })
}

// Refusal is the error every write gets on a desk whose replica another desk took over.
func (t TakenOver) Refusal() *apperr.Error {
	return apperr.New(apperr.Conflict, "Another desk took over the replica on %q (%s) on %s: this desk only reads now, as a change made here would reach no backup. Nothing was changed. Make changes on the desk that took over.",
		t.Target, t.Where, t.At.Local().Format("02/01/2006 15:04")).
		WithHint(apperr.Hint{
			Window:  "To follow that desk's data here, open its replica read-only in a new folder (Settings → Backup).",
			Command: "To follow that desk's data: gstdesk backup follow --to NEW_FOLDER with the target's flags.",
		})
}

// Promote makes the follower folder dir a desk that writes the replica it follows: it catches up
// with the replica (refused while another process follows into dir), makes the desk deskID the
// replica's writer (the desk that wrote it stops at its next check, and from then on only reads),
// and turns the copy into an ordinary data folder (WAL mode, the follow files gone). The copy must
// hold everything the replica holds, so no change the writer shipped is lost.
func Promote(ctx context.Context, dir string, sec Secrets, deskID uint64, log *slog.Logger) (Following, error) {
	f, ok, err := ReadFollowing(dir)
	if err != nil || !ok {
		if err == nil {
			err = apperr.New(apperr.Invalid, "%s follows no replica.", dir)
		}
		return f, err
	}
	if err := Follow(ctx, FollowConfig{Dir: dir, Secrets: sec, UntilCaughtUp: true, Log: log, Interval: 200 * time.Millisecond}); err != nil {
		return f, err
	}
	t := f.Target
	c, err := t.Open(ctx, sec)
	if err != nil {
		return f, err
	}
	path := filepath.Join(dir, store.FileName)
	local, err := litestream.ReadTXIDFile(path)
	if err != nil {
		return f, err
	}
	remote, err := ReplicaTXID(ctx, t, c)
	if err != nil {
		return f, err
	}
	if remote > uint64(local) {
		return f, apperr.New(apperr.Conflict, "Backup target %q (%s) received changes while this desk caught up: try again once the writer desk has stopped.", t.Name, t.Where())
	}
	if err := TakeOver(ctx, t, c, f.DatabaseID, deskID, time.Now()); err != nil {
		return f, err
	}
	db, err := sql.Open("sqlite", "file:"+filepath.ToSlash(path))
	if err != nil {
		return f, err
	}
	var mode string
	err = db.QueryRowContext(ctx, `PRAGMA journal_mode=WAL`).Scan(&mode)
	db.Close()
	if err != nil || mode != "wal" {
		return f, fmt.Errorf("backup: promote: WAL mode: %q, %v", mode, err)
	}
	// FollowFile goes last: until it is gone the folder is still a follower, and taking over
	// again finishes the job.
	for _, name := range []string{litestream.TXIDPath(path), filepath.Join(dir, FollowStatusFile), filepath.Join(dir, followLockFile), filepath.Join(dir, FollowFile)} {
		if err := os.Remove(name); err != nil && !errors.Is(err, os.ErrNotExist) {
			return f, err
		}
	}
	return f, nil
}
