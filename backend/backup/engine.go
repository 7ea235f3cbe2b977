package backup

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/benbjohnson/litestream"
	"github.com/superfly/ltx"

	"gstdesk/backend/apperr"
)

// The states of a target in Status.
const (
	StateOK        = "ok"         // everything committed is on the target
	StateBehind    = "behind"     // committed transactions are on their way
	StateFailing   = "failing"    // the last attempt failed (Error says why); gstdesk tries again
	StateNotWriter = "not_writer" // another desk writes this replica: this one does not
	StateIdle      = "idle"       // nothing has replicated yet in this run
)

// TargetStatus is the backup state of one target, for the status bar and `backup status`.
type TargetStatus struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Kind  string `json:"kind"`
	Where string `json:"where"`
	// Role is "replica" (Litestream writes it) or "mirror" (copied from the first target).
	Role  string `json:"role"`
	State string `json:"state"`
	// LastReplicatedAt is when the target last caught up with every committed transaction.
	LastReplicatedAt time.Time `json:"last_replicated_at"`
	// LagSeconds is how long committed transactions have waited for the target (0 when none wait).
	LagSeconds     float64   `json:"lag_seconds"`
	LocalTXID      uint64    `json:"local_txid"`
	ReplicatedTXID uint64    `json:"replicated_txid"`
	Error          string    `json:"error,omitempty"`
	ErrorAt        time.Time `json:"error_at"`
}

// Status is the backup state of a data folder.
type Status struct {
	// Continuous is true while a gstdesk (the window or `backup run`) replicates this data folder.
	Continuous bool `json:"continuous"`
	// By says which process wrote this status: "window", "backup run" or "command".
	By        string         `json:"by"`
	PID       int            `json:"pid"`
	UpdatedAt time.Time      `json:"updated_at"`
	Targets   []TargetStatus `json:"targets"`
	// Following is set on a desk that follows a replica read-only: how far its copy is.
	Following *FollowStatus `json:"following,omitempty"`
	// ReadOnly is why this desk refuses every write ("" while it writes).
	ReadOnly string `json:"read_only,omitempty"`
	// TakenOver is set on a desk whose replica another desk took over: which target, and when.
	TakenOver *TakenOver `json:"taken_over,omitempty"`
	// Elsewhere is true when another gstdesk process (By, PID) replicates the folder and this is
	// the state it last left: a sync asked for here was left to it.
	Elsewhere bool `json:"elsewhere,omitempty"`
}

// StatusFile is the file in the data folder where the replicating process leaves its status, so
// that the other processes on the folder (a command, the window) can show it.
const StatusFile = "backup-status.json"

// ReadStatus reads the status another process left in the data folder (zero when there is none).
func ReadStatus(dir string) (Status, error) {
	b, err := os.ReadFile(filepath.Join(dir, StatusFile))
	if errors.Is(err, os.ErrNotExist) {
		return Status{}, nil
	}
	if err != nil {
		return Status{}, err
	}
	var s Status
	if err := json.Unmarshal(b, &s); err != nil {
		return Status{}, nil // a status file is only ever a hint; a damaged one is no status
	}
	return s, nil
}

// writeStatus leaves s for the other processes: whole, but not synced to disk (losing it in a
// crash costs nothing; the next write replaces it).
func writeStatus(dir string, s Status) error {
	return writeHint(filepath.Join(dir, StatusFile), s)
}

// statusKey is what of a status the other processes need to see change: each target's state,
// error and position, and its last replication to the half minute (the window shows "backed up
// 12 s ago" from its own replicator, a command from this file).
func statusKey(s Status) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%v|", s.Continuous)
	for _, t := range s.Targets {
		fmt.Fprintf(&b, "%s|%s|%s|%d|%d|%d;", t.ID, t.State, t.Error, t.LocalTXID, t.ReplicatedTXID, t.LastReplicatedAt.Unix()/30)
	}
	return b.String()
}

// LockFile is the file in the data folder that one replicating process at a time holds locked.
const LockFile = "backup.lock"

// ErrBusy means another gstdesk process replicates this data folder (the window, `backup run`):
// it replicates this process's writes too.
var ErrBusy = errors.New("backup: another gstdesk process replicates this data folder")

// Config is what a Replicator needs.
type Config struct {
	// Path is the SQLite file, Dir the data folder holding it.
	Path, Dir string
	Targets   []Target
	// Secrets reads a target's credentials (the keychain's or the environment's).
	Secrets func(Target) Secrets
	// DatabaseID and DeskID name the database and this data folder on the replicas.
	DatabaseID, DeskID uint64
	// By names the process in the status: "window", "backup run" or "command".
	By string
	// SyncInterval is how often committed transactions are shipped (0: every second).
	SyncInterval time.Duration
	// MirrorInterval is how often the other targets copy the first (0: every 30 seconds), and
	// how often the writer marker of the first is read.
	MirrorInterval time.Duration
	// MirrorRefresh is how long an idle mirror goes unlisted (0: ten minutes); see mirrorDue.
	MirrorRefresh time.Duration
	Log           *slog.Logger
	// LostWriter, when set, hears that another desk took over the first target while this one
	// was writing it (continuous replication reads the writer marker every MirrorInterval).
	LostWriter func(TakenOver)
}

// Replicator replicates one database to its targets with Litestream.
type Replicator struct {
	cfg  Config
	lock *os.File

	mu    sync.Mutex
	lsdb  *litestream.DB
	store *litestream.Store
	// primary is the first target's client and mirrors[i] the client of target i+1 (nil until
	// connected). Each is opened once and kept for the replicator's life: Litestream's SFTP client
	// has no Close, and a new client every mirror pass was a new SSH login (or HTTP transport)
	// every 30 s, never closed. A kept SFTP client reconnects by itself once its connection is
	// lost; an S3 client's HTTP transport redials; a folder has no connection, and is looked for
	// again (Target.present) before every use.
	primary litestream.ReplicaClient
	// mirrors is used by one goroutine at a time: SyncOnce's, or run's (they never run together).
	mirrors []litestream.ReplicaClient
	// mirrored[i] is what mirror i last copied in full (the first target's replicated transaction)
	// and when; used by the same goroutine as mirrors.
	mirrored []mirrorMark
	status   []TargetStatus
	// behindSince is when the first target first fell behind the database.
	behindSince time.Time
	catch       *errorCatcher
	cancel      context.CancelFunc
	done        chan struct{}
}

// New returns a Replicator for cfg; Start or SyncOnce use it.
func New(cfg Config) *Replicator {
	if cfg.SyncInterval <= 0 {
		cfg.SyncInterval = time.Second
	}
	if cfg.MirrorInterval <= 0 {
		cfg.MirrorInterval = 30 * time.Second
	}
	if cfg.MirrorRefresh <= 0 {
		cfg.MirrorRefresh = 10 * time.Minute
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	cfg.Targets = append([]Target(nil), cfg.Targets...)
	for i := range cfg.Targets {
		if cfg.Targets[i].liveDir == "" {
			cfg.Targets[i].liveDir = cfg.Dir // every use checks the folder against it (CheckPlace)
		}
	}
	r := &Replicator{cfg: cfg, catch: &errorCatcher{}}
	if len(cfg.Targets) > 1 {
		r.mirrors = make([]litestream.ReplicaClient, len(cfg.Targets)-1)
		r.mirrored = make([]mirrorMark, len(cfg.Targets)-1)
	}
	for i, t := range cfg.Targets {
		role := "replica"
		if i > 0 {
			role = "mirror"
		}
		r.status = append(r.status, TargetStatus{ID: t.ID, Name: t.Name, Kind: t.Kind, Where: t.Where(), Role: role, State: StateIdle})
	}
	return r
}

// acquire takes the data folder's replication lock, or says ErrBusy.
func (r *Replicator) acquire() error {
	f, err := os.OpenFile(filepath.Join(r.cfg.Dir, LockFile), os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("backup: open the lock file: %w", err)
	}
	held, err := tryLock(f)
	if err != nil || held {
		f.Close()
		if held {
			return ErrBusy
		}
		return fmt.Errorf("backup: lock %s: %w", f.Name(), err)
	}
	r.lock = f
	return nil
}

func (r *Replicator) release() {
	if r.lock != nil {
		r.lock.Close() // closing the file drops the lock
		r.lock = nil
	}
}

func (r *Replicator) secrets(t Target) Secrets {
	if r.cfg.Secrets == nil {
		return Secrets{}
	}
	return r.cfg.Secrets(t)
}

// openPrimary connects the first target, checks this desk writes it, and opens Litestream over
// the database for it. continuous starts Litestream's own monitors (shipping every SyncInterval,
// compaction, snapshots, retention); otherwise the caller drives one pass.
func (r *Replicator) openPrimary(ctx context.Context, continuous bool) error {
	t := r.cfg.Targets[0]
	c, err := r.primaryClient(ctx)
	if err != nil {
		return err
	}
	if err := Claim(ctx, t, c, r.cfg.DatabaseID, r.cfg.DeskID, time.Now()); err != nil {
		return err
	}
	log := slog.New(r.catch.handler(r.cfg.Log.Handler()))
	db := litestream.NewDB(r.cfg.Path)
	db.Logger = log
	db.Replica = litestream.NewReplicaWithClient(db, c)
	db.Replica.SyncInterval = r.cfg.SyncInterval
	c.SetLogger(log)
	if !continuous {
		db.MonitorInterval = 0
		db.Replica.MonitorEnabled = false
	}
	st := litestream.NewStore([]*litestream.DB{db}, compactionLevels())
	st.Logger = log
	st.SnapshotRetention = time.Duration(t.RetentionDays) * 24 * time.Hour
	st.CompactionMonitorEnabled = continuous
	if !continuous {
		st.L0RetentionCheckInterval = 0
	}
	// A command never waits half a minute for a target that is down: it reports and the next
	// command (or the window) tries again.
	st.SetShutdownSyncTimeout(0)
	db.SetLogger(log)
	if err := st.Open(ctx); err != nil {
		return targetError(t, "write to", err)
	}
	r.mu.Lock()
	r.lsdb, r.store = db, st
	r.mu.Unlock()
	return nil
}

// primaryClient is the first target's client: the one kept, or a new one.
func (r *Replicator) primaryClient(ctx context.Context) (litestream.ReplicaClient, error) {
	t := r.cfg.Targets[0]
	r.mu.Lock()
	c := r.primary
	r.mu.Unlock()
	if c != nil {
		return c, t.present()
	}
	c, err := t.Open(ctx, r.secrets(t))
	if err != nil {
		return nil, err
	}
	r.mu.Lock()
	r.primary = c
	r.mu.Unlock()
	return c, nil
}

func compactionLevels() litestream.CompactionLevels {
	return litestream.CompactionLevels{
		{Level: 0},
		{Level: 1, Interval: 30 * time.Second},
		{Level: 2, Interval: 5 * time.Minute},
		{Level: 3, Interval: time.Hour},
	}
}

func (r *Replicator) closePrimary(ctx context.Context) error {
	r.mu.Lock()
	st := r.store
	r.store, r.lsdb = nil, nil
	r.mu.Unlock()
	if st == nil {
		return nil
	}
	return st.Close(ctx)
}

// SyncOnce ships every committed transaction to the first target, compacts and applies its
// retention, copies it to the other targets, and returns the status. When another gstdesk
// process replicates the folder continuously it returns ErrBusy with that process's status: it
// ships this process's writes within a second.
func (r *Replicator) SyncOnce(ctx context.Context) (Status, error) {
	if len(r.cfg.Targets) == 0 {
		return Status{}, nil
	}
	if err := r.acquire(); err != nil {
		if errors.Is(err, ErrBusy) {
			st, _ := ReadStatus(r.cfg.Dir)
			return st, ErrBusy
		}
		return Status{}, err
	}
	defer r.release()
	err := r.syncPrimary(ctx)
	r.setResult(0, err)
	if err == nil {
		r.mirrorAll(ctx)
	}
	st := r.Status()
	st.By = r.cfg.By
	if werr := writeStatus(r.cfg.Dir, st); werr != nil && err == nil {
		err = werr
	}
	return st, r.firstError(err)
}

func (r *Replicator) syncPrimary(ctx context.Context) (err error) {
	t := r.cfg.Targets[0]
	if err := r.openPrimary(ctx, false); err != nil {
		return err
	}
	defer func() {
		if cerr := r.closePrimary(ctx); cerr != nil && err == nil {
			err = targetError(t, "write to", cerr)
		}
	}()
	r.mu.Lock()
	db, st := r.lsdb, r.store
	r.mu.Unlock()
	if err := db.SyncAndWait(ctx); err != nil {
		return targetError(t, "write to", err)
	}
	if err := compactOnce(ctx, st, db); err != nil {
		return targetError(t, "compact", err)
	}
	r.recordPositions(db)
	return nil
}

// compactOnce does once what Litestream's monitors do over time: compact each level whose time
// has come, take the day's snapshot, and drop what the retention no longer keeps.
func compactOnce(ctx context.Context, st *litestream.Store, db *litestream.DB) error {
	for _, lvl := range append(compactionLevels()[1:], st.SnapshotLevel()) {
		_, err := st.CompactDB(ctx, db, lvl)
		if err != nil && !errors.Is(err, litestream.ErrNoCompaction) && !errors.Is(err, litestream.ErrCompactionTooEarly) {
			return err
		}
	}
	if err := st.EnforceSnapshotRetention(ctx, db); err != nil {
		return err
	}
	return db.EnforceL0RetentionByTime(ctx)
}

func (r *Replicator) recordPositions(db *litestream.DB) {
	pos, err := db.Pos()
	if err != nil {
		return
	}
	rp := db.Replica.Pos()
	now := time.Now()
	r.mu.Lock()
	defer r.mu.Unlock()
	s := &r.status[0]
	s.LocalTXID, s.ReplicatedTXID = uint64(pos.TXID), uint64(rp.TXID)
	if rp.TXID >= pos.TXID {
		s.LastReplicatedAt, s.LagSeconds = now, 0
		r.behindSince = time.Time{}
		if s.State != StateFailing && s.State != StateNotWriter {
			s.State = StateOK
		}
		return
	}
	if r.behindSince.IsZero() {
		r.behindSince = now
	}
	s.LagSeconds = now.Sub(r.behindSince).Seconds()
	if s.State != StateFailing && s.State != StateNotWriter {
		s.State = StateBehind
	}
}

// setResult records the outcome of an attempt on target i.
func (r *Replicator) setResult(i int, err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := &r.status[i]
	if err == nil {
		s.Error, s.ErrorAt = "", time.Time{}
		if s.State == StateFailing || s.State == StateNotWriter || s.State == StateIdle {
			s.State = StateOK
		}
		if i > 0 {
			s.LastReplicatedAt = time.Now()
		}
		return
	}
	s.Error, s.ErrorAt = apperr.Command.Public(err).Message, time.Now()
	s.State = StateFailing
	if errors.Is(err, ErrNotWriter) {
		s.State = StateNotWriter
	}
}

func (r *Replicator) firstError(err error) error {
	if err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, s := range r.status {
		if s.Error != "" {
			return apperr.New(apperr.Unavailable, "%s", s.Error)
		}
	}
	return nil
}

// Status is the replicator's current view of its targets.
func (r *Replicator) Status() Status {
	r.mu.Lock()
	defer r.mu.Unlock()
	return Status{By: r.cfg.By, PID: os.Getpid(), UpdatedAt: time.Now(), Continuous: r.cancel != nil, Targets: append([]TargetStatus(nil), r.status...)}
}

// mirrorMark is what a mirror last copied in full: the first target's replicated transaction,
// and when.
type mirrorMark struct {
	txid uint64
	at   time.Time
}

// mirrorDue says whether a mirror pass (a listing of every level of the first target and of the
// mirror, and of the mirror's markers) is due for a mirror in state that last copied last, the
// first target holding txid now. A pass is made when something may have changed: the first
// target holds a transaction the mirror lacks, or the last pass did not succeed (it is tried again
// every MirrorInterval, as before). An idle mirror is listed only once refresh has passed since its
// last pass: Litestream compacts and snapshots the first target on its own clock, retention
// drops old files, and another desk may have taken the mirror over, none of which moves txid.
// Listing idle mirrors every 30 s was a listing of every level of every target around the clock
// (requests billed by S3, an SSH session kept busy) for nothing.
func mirrorDue(state string, last mirrorMark, txid uint64, now time.Time, refresh time.Duration) bool {
	return state != StateOK || last.at.IsZero() || txid != last.txid || now.Sub(last.at) >= refresh
}

// mirrorAll copies the first target to each other one that is due (mirrorDue), over the clients
// kept (see primary). A mirror that is not due holds everything the first target holds: it is
// only looked for (a folder's is a stat, no listing; a remote one's outage shows at its next
// pass), and counts as caught up now.
func (r *Replicator) mirrorAll(ctx context.Context) {
	if len(r.cfg.Targets) < 2 {
		return
	}
	from, err := r.primaryClient(ctx)
	if err != nil {
		return // the first target's own status says why
	}
	r.mu.Lock()
	txid := r.status[0].ReplicatedTXID
	r.mu.Unlock()
	for i, t := range r.cfg.Targets[1:] {
		now := time.Now()
		r.mu.Lock()
		state := r.status[i+1].State
		r.mu.Unlock()
		if !mirrorDue(state, r.mirrored[i], txid, now, r.cfg.MirrorRefresh) {
			if err := t.present(); err != nil {
				r.setResult(i+1, err)
			} else {
				r.mu.Lock()
				r.status[i+1].LastReplicatedAt = now
				r.mu.Unlock()
			}
			continue
		}
		err := r.mirrorTo(ctx, i, from, t)
		r.setResult(i+1, err)
		if err == nil {
			r.mirrored[i] = mirrorMark{txid: txid, at: now}
		}
	}
}

// mirrorTo copies the first target (from) to mirror i, target t.
func (r *Replicator) mirrorTo(ctx context.Context, i int, from litestream.ReplicaClient, t Target) error {
	to := r.mirrors[i]
	if to == nil {
		c, err := t.Open(ctx, r.secrets(t))
		if err != nil {
			return err
		}
		r.mirrors[i], to = c, c
	} else if err := t.present(); err != nil {
		return err
	}
	// The markers are read every pass (a listing, on the kept connection): another desk may have
	// taken the mirror over since.
	if err := Claim(ctx, t, to, r.cfg.DatabaseID, r.cfg.DeskID, time.Now()); err != nil {
		return err
	}
	keepAfter := time.Now().Add(-time.Duration(t.RetentionDays) * 24 * time.Hour)
	if err := Mirror(ctx, from, to, keepAfter); err != nil {
		return targetError(t, "copy to", err)
	}
	return nil
}

// mirrorLevels are the levels a mirror copies: Litestream's data levels.
var mirrorLevels = []int{0, 1, 2, 3, litestream.SnapshotLevel}

// Mirror makes to hold every file from holds: it copies the files to lacks, drops the level-0 files
// from no longer has (a level-1 file holds their transactions), and drops the other files from
// no longer has once they are older than keepAfter (the mirror's own retention).
func Mirror(ctx context.Context, from, to litestream.ReplicaClient, keepAfter time.Time) error {
	type key struct{ min, max ltx.TXID }
	all := func(*ltx.FileInfo) (bool, error) { return true, nil }
	for _, level := range mirrorLevels {
		src, err := litestream.FindLTXFiles(ctx, from, level, false, all)
		if err != nil {
			return err
		}
		dst, err := litestream.FindLTXFiles(ctx, to, level, false, all)
		if err != nil {
			return err
		}
		have := map[key]bool{}
		for _, f := range dst {
			have[key{f.MinTXID, f.MaxTXID}] = true
		}
		want := map[key]bool{}
		for _, f := range src {
			want[key{f.MinTXID, f.MaxTXID}] = true
			if have[key{f.MinTXID, f.MaxTXID}] {
				continue
			}
			if err := copyFile(ctx, from, to, f); err != nil {
				return err
			}
		}
		var drop []*ltx.FileInfo
		for _, f := range dst {
			if !want[key{f.MinTXID, f.MaxTXID}] && (level == 0 || f.CreatedAt.Before(keepAfter)) {
				drop = append(drop, f)
			}
		}
		if len(drop) > 0 {
			if err := to.DeleteLTXFiles(ctx, drop); err != nil {
				return err
			}
		}
	}
	return nil
}

func copyFile(ctx context.Context, from, to litestream.ReplicaClient, f *ltx.FileInfo) error {
	rc, err := from.OpenLTXFile(ctx, f.Level, f.MinTXID, f.MaxTXID, 0, 0)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil // compacted away since the listing: the next pass copies what replaced it
		}
		return err
	}
	defer rc.Close()
	_, err = to.WriteLTXFile(ctx, f.Level, f.MinTXID, f.MaxTXID, rc)
	return err
}

// Start replicates continuously until Stop: Litestream ships every committed transaction within
// SyncInterval, the mirrors follow every MirrorInterval, and the status (also left in StatusFile
// for other processes) says how far each target is. A target that is down at the start is tried
// again; the status says why it fails meanwhile. Another process replicating the folder is ErrBusy.
func (r *Replicator) Start(ctx context.Context) error {
	if len(r.cfg.Targets) == 0 {
		return nil
	}
	if err := r.acquire(); err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	r.mu.Lock()
	r.cancel, r.done = cancel, make(chan struct{})
	r.mu.Unlock()
	go r.run(ctx)
	return nil
}

func (r *Replicator) run(ctx context.Context) {
	defer close(r.done)
	tick := time.NewTicker(r.cfg.SyncInterval)
	defer tick.Stop()
	var nextOpen, nextMirror time.Time
	var written string
	backoff := r.cfg.SyncInterval
	for {
		now := time.Now()
		r.mu.Lock()
		open := r.store != nil
		r.mu.Unlock()
		if !open && !now.Before(nextOpen) {
			err := r.openPrimary(ctx, true)
			r.setResult(0, err)
			if err != nil {
				nextOpen = now.Add(backoff)
				backoff = min(backoff*2, 5*time.Minute)
			} else {
				backoff = r.cfg.SyncInterval
			}
		}
		if open {
			r.observe()
		}
		if open && !now.Before(nextMirror) {
			// The writer marker is read again here: a desk that took over stops this one.
			if w, err := r.checkWriter(ctx); err != nil {
				r.setResult(0, err)
				if errors.Is(err, ErrNotWriter) && r.cfg.LostWriter != nil {
					t := r.cfg.Targets[0]
					r.cfg.LostWriter(TakenOver{Target: t.Name, Where: t.Where(), Desk: w.ID, At: w.At, Shipped: r.Status().Targets[0].ReplicatedTXID})
				}
				// Opening again claims the target (or says why not): after a minute when another
				// desk took it over, at the next try when it was not there or was emptied. Closed
				// after a take-over with its context already ended, Litestream makes no last sync:
				// nothing more of this desk's goes to the replica the other desk now writes.
				closeCtx := ctx
				if errors.Is(err, ErrNotWriter) {
					c, cancel := context.WithCancel(ctx)
					cancel()
					closeCtx = c
				}
				_ = r.closePrimary(closeCtx)
				nextOpen = now.Add(backoff)
				if errors.Is(err, ErrNotWriter) {
					nextOpen = now.Add(time.Minute)
				}
			} else {
				r.mirrorAll(ctx)
			}
			nextMirror = now.Add(r.cfg.MirrorInterval)
		}
		// The status file is written when what it says changed, not every second.
		if st := r.Status(); statusKey(st) != written {
			if writeStatus(r.cfg.Dir, st) == nil {
				written = statusKey(st)
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// checkWriter reads the first target's writer marker: another desk's is ErrNotWriter.
func (r *Replicator) checkWriter(ctx context.Context) (marker, error) {
	r.mu.Lock()
	c := r.primary
	r.mu.Unlock()
	t := r.cfg.Targets[0]
	w, at, err := Writer(ctx, t, c)
	if err != nil {
		return marker{}, err
	}
	m := marker{ID: w, At: at}
	if w != r.cfg.DeskID {
		return m, notWriter(t, m)
	}
	return m, nil
}

// observe reads where Litestream is and what it last failed at.
func (r *Replicator) observe() {
	r.mu.Lock()
	db := r.lsdb
	r.mu.Unlock()
	if db == nil {
		return
	}
	r.recordPositions(db)
	errAt, err := r.catch.last()
	ok := db.LastSuccessfulSyncAt()
	r.mu.Lock()
	defer r.mu.Unlock()
	s := &r.status[0]
	if !ok.IsZero() && ok.After(s.LastReplicatedAt) && s.ReplicatedTXID >= s.LocalTXID {
		s.LastReplicatedAt = ok
	}
	if err != nil && errAt.After(ok) {
		s.Error, s.ErrorAt, s.State = apperr.Command.Public(targetError(r.cfg.Targets[0], "write to", err)).Message, errAt, StateFailing
	} else if s.State == StateFailing && (err == nil || ok.After(errAt)) {
		s.Error, s.ErrorAt = "", time.Time{}
		s.State = StateOK
		if s.ReplicatedTXID < s.LocalTXID {
			s.State = StateBehind
		}
	}
}

// Sync ships now what is committed (the continuous replicator's answer to `backup sync`).
func (r *Replicator) Sync(ctx context.Context) error {
	r.mu.Lock()
	db := r.lsdb
	r.mu.Unlock()
	if db == nil {
		return r.firstError(nil)
	}
	err := db.SyncAndWait(ctx)
	if err != nil {
		err = targetError(r.cfg.Targets[0], "write to", err)
	}
	r.setResult(0, err)
	r.recordPositions(db)
	return err
}

// Stop ends continuous replication: Litestream ships what is committed (trying for up to wait),
// and the lock is released.
func (r *Replicator) Stop(wait time.Duration) error {
	r.mu.Lock()
	cancel, done := r.cancel, r.done
	r.cancel = nil
	r.mu.Unlock()
	if cancel == nil {
		return nil
	}
	cancel()
	<-done
	// Read once the loop has ended: it may have closed the store itself (another desk took the
	// target over), and then nothing more is shipped.
	r.mu.Lock()
	st := r.store
	r.mu.Unlock()
	var err error
	if st != nil {
		st.SetShutdownSyncTimeout(wait)
		ctx, c := context.WithTimeout(context.Background(), wait+5*time.Second)
		err = r.closePrimary(ctx)
		c()
	}
	s := r.Status()
	s.Continuous = false
	_ = writeStatus(r.cfg.Dir, s)
	r.release()
	return err
}

// errorCatcher keeps the last error Litestream logged (its monitors report failures only to
// their logger), so that the status shows it.
type errorCatcher struct {
	mu  sync.Mutex
	at  time.Time
	err error
}

func (c *errorCatcher) last() (time.Time, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.at, c.err
}

func (c *errorCatcher) handler(next slog.Handler) slog.Handler {
	return &catchHandler{c: c, next: next}
}

type catchHandler struct {
	c    *errorCatcher
	next slog.Handler
}

func (h *catchHandler) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= slog.LevelError || h.next.Enabled(ctx, l)
}

func (h *catchHandler) Handle(ctx context.Context, rec slog.Record) error {
	if rec.Level >= slog.LevelError {
		var err error
		rec.Attrs(func(a slog.Attr) bool {
			if a.Key == "error" || a.Key == "err" {
				if e, ok := a.Value.Any().(error); ok {
					err = e
				} else {
					err = errors.New(a.Value.String())
				}
				return false
			}
			return true
		})
		if err == nil {
			err = errors.New(rec.Message)
		}
		at := rec.Time
		if at.IsZero() {
			at = time.Now()
		}
		h.c.mu.Lock()
		h.c.at, h.c.err = at, err
		h.c.mu.Unlock()
	}
	if h.next.Enabled(ctx, rec.Level) {
		return h.next.Handle(ctx, rec)
	}
	return nil
}

func (h *catchHandler) WithAttrs(as []slog.Attr) slog.Handler {
	return &catchHandler{c: h.c, next: h.next.WithAttrs(as)}
}

func (h *catchHandler) WithGroup(name string) slog.Handler {
	return &catchHandler{c: h.c, next: h.next.WithGroup(name)}
}

// slogDiscard drops what Litestream logs where nothing should be said.
var slogDiscard = slog.New(slog.DiscardHandler)

// Busy reports whether a process (this one or another) holds the data folder's replication lock.
func (r *Replicator) Busy() bool {
	if r.lock != nil {
		return true
	}
	if err := r.acquire(); err != nil {
		return errors.Is(err, ErrBusy)
	}
	r.release()
	return false
}
