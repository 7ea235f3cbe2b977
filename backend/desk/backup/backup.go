// Package backup is the area service for backups of the data folder: backup targets and their
// credentials, continuous replication while the window (or `gstdesk backup run`) is open, a sync
// after every command that writes, restore points, restore into a new folder, verify, size and the
// writer hand-over between desks. It is an area of its own, not part of workspaces, because a
// backup holds the whole data folder (every workspace), and it runs a background engine the
// window starts and stops.
package backup

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/backup"
	"gstdesk/backend/config"
	"gstdesk/backend/desk/core"
	"gstdesk/backend/store"
)

// Service is the backup area over the shared core.
type Service struct {
	core *core.Core

	mu  sync.Mutex
	rep *backup.Replicator // the continuous replicator of this process, when it runs one
	by  string
	// follower is the process following the replica for the window, on a desk that follows one.
	follower *follower
	// before is the database files' state when the command started, to tell whether it wrote.
	before fileState
	// stopping is closed once the replicator that lost the writer role has stopped (lostWriter).
	stopping chan struct{}
	// syncInterval and mirrorInterval are the replicator's (zero: its defaults); tests shorten them.
	syncInterval, mirrorInterval time.Duration

	// Reported hears the outcome of the sync after a command that wrote (the command line prints
	// a failure on standard error); nil hears nothing.
	Reported func(st backup.Status, err error)
}

// New returns the backup service over c.
func New(c *core.Core) *Service {
	s := &Service{core: c}
	s.before = statFiles(c.DB.Path)
	return s
}

// TargetInfo is a target with which of its secrets are set (never the secrets themselves).
type TargetInfo struct {
	backup.Target
	Where      string `json:"where"`
	Role       string `json:"role"` // replica (the first) or mirror
	HasKey     bool   `json:"has_key"`
	HasSecret  bool   `json:"has_secret"`
	SecretFrom string `json:"secret_from"` // keychain, environment or none
}

// Targets lists the backup targets, the first being the one Litestream replicates to.
func (s *Service) Targets(ctx context.Context) ([]TargetInfo, error) {
	ts, err := backup.Targets(ctx, s.core.DB)
	if err != nil {
		return nil, err
	}
	out := make([]TargetInfo, len(ts))
	for i, t := range ts {
		ti := TargetInfo{Target: t, Where: t.Where(), Role: "replica", SecretFrom: config.SourceNone}
		if i > 0 {
			ti.Role = "mirror"
		}
		switch t.Kind {
		case backup.KindS3:
			_, ti.SecretFrom = s.core.Vault.LoadSecret("backup:"+t.ID, "secret_access_key", backup.EnvS3SecretAccessKey)
			sec := backup.LoadSecrets(s.core.Vault, t)
			ti.HasKey, ti.HasSecret = sec.AccessKeyID != "", sec.SecretAccessKey != ""
		case backup.KindSFTP:
			_, ti.SecretFrom = s.core.Vault.LoadSecret("backup:"+t.ID, "sftp_password", backup.EnvSFTPPassword)
			ti.HasSecret = ti.SecretFrom != config.SourceNone || t.KeyFile != ""
		}
		out[i] = ti
	}
	return out, nil
}

// TargetSpec is a new target as a person describes it, with its secrets.
type TargetSpec struct {
	backup.Target
	AccessKeyID     string `json:"access_key_id"`
	SecretAccessKey string `json:"secret_access_key"`
	Password        string `json:"password"`
}

// AddTarget connects to a new target, claims it for this database and desk, and stores it; its
// secrets go to the keychain. A target that cannot be reached, refuses the credentials, or holds
// another database's replica is not stored (and its secrets are removed again).
func (s *Service) AddTarget(ctx context.Context, spec TargetSpec) (backup.Target, error) {
	if err := s.readOnly(); err != nil {
		return backup.Target{}, err // claiming a target writes to it
	}
	dbID, err := backup.DatabaseID(ctx, s.core.DB)
	if err != nil {
		return backup.Target{}, err
	}
	desk, err := backup.LoadDesk(s.core.DB.Dir)
	if err != nil {
		return backup.Target{}, err
	}
	sec := backup.Secrets{AccessKeyID: spec.AccessKeyID, SecretAccessKey: spec.SecretAccessKey, Password: spec.Password}
	t, err := backup.AddTarget(ctx, s.core.DB, spec.Target, func(t backup.Target) error {
		if err := backup.SaveSecrets(s.core.Vault, t, sec); err != nil {
			return err
		}
		c, err := t.Open(ctx, s.secretsOf(t, sec))
		if err == nil {
			err = backup.Claim(ctx, t, c, dbID, desk.ID, s.core.Now())
		}
		if err != nil {
			_ = backup.DeleteSecrets(s.core.Vault, t)
		}
		return err
	})
	if err != nil {
		return t, err
	}
	s.restart(ctx)
	return t, nil
}

// secretsOf is what the keychain (or environment) holds for t, with typed values winning: where
// there is no keychain a person may still type them for this run.
func (s *Service) secretsOf(t backup.Target, typed backup.Secrets) backup.Secrets {
	sec := backup.LoadSecrets(s.core.Vault, t)
	if typed.AccessKeyID != "" {
		sec.AccessKeyID = typed.AccessKeyID
	}
	if typed.SecretAccessKey != "" {
		sec.SecretAccessKey = typed.SecretAccessKey
	}
	if typed.Password != "" {
		sec.Password = typed.Password
	}
	return sec
}

// RemoveTarget forgets a target and its secrets; what it holds stays there.
func (s *Service) RemoveTarget(ctx context.Context, ref string) (backup.Target, error) {
	if err := s.readOnly(); err != nil {
		return backup.Target{}, err
	}
	t, err := backup.RemoveTarget(ctx, s.core.DB, ref)
	if err != nil {
		return t, err
	}
	// The target is removed; a keychain that cannot be reached now leaves its secret there, which
	// is logged, not a failure of the removal (it exited 1 after removing).
	if err := backup.DeleteSecrets(s.core.Vault, t); err != nil {
		s.core.Log.Warn("backup target removed; its secret is still in the keychain", "target", t.Name, "err", err)
	}
	s.restart(ctx)
	return t, nil
}

// replicator builds a replicator over the current targets (nil when there is none). A read-only
// desk replicates nothing: the writer desk does.
func (s *Service) replicator(ctx context.Context, by string) (*backup.Replicator, error) {
	if err := s.readOnly(); err != nil {
		return nil, err
	}
	ts, err := backup.Targets(ctx, s.core.DB)
	if err != nil || len(ts) == 0 {
		return nil, err
	}
	dbID, err := backup.DatabaseID(ctx, s.core.DB)
	if err != nil {
		return nil, err
	}
	desk, err := backup.LoadDesk(s.core.DB.Dir)
	if err != nil {
		return nil, err
	}
	return backup.New(backup.Config{
		Path: s.core.DB.Path, Dir: s.core.DB.Dir, Targets: ts,
		Secrets:    func(t backup.Target) backup.Secrets { return backup.LoadSecrets(s.core.Vault, t) },
		DatabaseID: dbID, DeskID: desk.ID, By: by, Log: s.core.Log, LostWriter: s.lostWriter,
		SyncInterval: s.syncInterval, MirrorInterval: s.mirrorInterval,
	}), nil
}

// Start replicates continuously in the background until Stop (the window, `backup run`). With no
// target it does nothing; when another process already replicates the folder it leaves it to it.
func (s *Service) Start(ctx context.Context, by string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.rep != nil || s.follower != nil {
		return nil
	}
	if _, ok := s.core.Following(); ok {
		if by != "window" {
			return s.readOnly() // it replicates nothing: `backup follow` keeps it up to date
		}
		return s.startFollower()
	}
	// Remembered before anything else: a target added later, or this desk taking the replica
	// back (restart), starts replication then, even when this start shipped nothing.
	s.by = by
	if s.core.ReadOnly() != nil {
		return nil // another desk took the replica over: this one ships nothing more
	}
	rep, err := s.replicator(ctx, by)
	if err != nil || rep == nil {
		return err
	}
	if err := rep.Start(ctx); err != nil {
		if errors.Is(err, backup.ErrBusy) {
			return nil
		}
		return err
	}
	s.rep = rep
	return nil
}

// Stop ends continuous replication, shipping what is committed (trying for up to five seconds).
func (s *Service) Stop() error {
	s.mu.Lock()
	rep := s.rep
	s.rep = nil
	stopping := s.stopping
	s.stopFollower()
	s.mu.Unlock()
	if stopping != nil {
		<-stopping
	}
	if rep == nil {
		return nil
	}
	err := rep.Stop(5 * time.Second)
	s.before = statFiles(s.core.DB.Path) // what was committed is shipped
	return err
}

// Running reports whether this process replicates continuously.
func (s *Service) Running() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.rep != nil
}

// restart starts the continuous replicator again over the changed targets, when this process
// replicates continuously (the window, `backup run`): also when it found no target at its start.
func (s *Service) restart(ctx context.Context) {
	s.mu.Lock()
	by := s.by
	s.mu.Unlock()
	if by == "" { // a one-off command: it ships its writes as it ends
		return
	}
	_ = s.Stop()
	if err := s.Start(ctx, by); err != nil {
		s.core.Log.Warn("backup: restart replication", "error", err)
	}
}

// Status is the backup state for the status bar: this process's replicator's, else what the
// replicating process (or the last command) left in the data folder, else every target idle.
func (s *Service) Status(ctx context.Context) (backup.Status, error) {
	if fs, ok, err := s.FollowStatus(); ok {
		st := backup.Status{Following: &fs, UpdatedAt: s.core.Now()}
		if r := s.core.ReadOnly(); r != nil {
			st.ReadOnly = r.Message
		}
		return st, err
	}
	s.mu.Lock()
	rep := s.rep
	s.mu.Unlock()
	if rep != nil {
		st := rep.Status()
		s.readOnlyStatus(&st)
		return st, nil
	}
	ts, err := backup.Targets(ctx, s.core.DB)
	if err != nil {
		return backup.Status{}, err
	}
	st, _ := backup.ReadStatus(s.core.DB.Dir)
	// Keep only the targets there are, and show new ones as idle.
	known := map[string]backup.TargetStatus{}
	for _, t := range st.Targets {
		known[t.ID] = t
	}
	st.Targets = st.Targets[:0]
	for i, t := range ts {
		ts := known[t.ID]
		if ts.ID == "" {
			role := "replica"
			if i > 0 {
				role = "mirror"
			}
			ts = backup.TargetStatus{ID: t.ID, Name: t.Name, Kind: t.Kind, Where: t.Where(), Role: role, State: backup.StateIdle}
		}
		if err := t.CheckPlace(); err != nil {
			// The folder leads into the data folder now (a link changed): said, whatever the
			// last replication left.
			ts.State, ts.Error, ts.ErrorAt = backup.StateFailing, apperr.Command.Public(err).Message, s.core.Now()
		}
		st.Targets = append(st.Targets, ts)
	}
	if st.Continuous && !lockHeld(s.core.DB.Dir) {
		st.Continuous = false // the process that wrote it has ended without saying so (killed)
	}
	s.readOnlyStatus(&st)
	return st, nil
}

// CheckTargets runs every target's CheckPlace now (a folder target's links followed as they are
// now): the first refusal, or nil. Status shows the same in the target's state.
func (s *Service) CheckTargets(ctx context.Context) error {
	ts, err := backup.Targets(ctx, s.core.DB)
	if err != nil {
		return err
	}
	for _, t := range ts {
		if err := t.CheckPlace(); err != nil {
			return err
		}
	}
	return nil
}

// readOnlyStatus says in st why this desk refuses every write, and which target another desk
// took over when, if it did.
func (s *Service) readOnlyStatus(st *backup.Status) {
	r := s.core.ReadOnly()
	if r == nil {
		return
	}
	st.ReadOnly = r.Message
	if to, ok, err := backup.ReadTakenOver(s.core.DB.Dir); err == nil && ok {
		st.TakenOver = &to
	}
}

func lockHeld(dir string) bool {
	r := backup.New(backup.Config{Dir: dir, Targets: []backup.Target{{}}})
	return r.Busy()
}

// Sync ships what is committed to every target now. When another process replicates the folder
// continuously it leaves the work to it and returns that process's status.
func (s *Service) Sync(ctx context.Context) (backup.Status, error) {
	if err := s.readOnly(); err != nil {
		return backup.Status{}, err
	}
	s.mu.Lock()
	rep := s.rep
	s.mu.Unlock()
	if rep != nil {
		err := rep.Sync(ctx)
		return rep.Status(), err
	}
	rep, err := s.replicator(ctx, "command")
	if err != nil {
		return backup.Status{}, err
	}
	if rep == nil {
		return backup.Status{}, apperr.New(apperr.NotFound, "No backup target is set up.").
			WithHint(apperr.Hint{Window: "Add one in Settings → Backup.", Command: "Run: gstdesk backup target add --kind folder --path /mnt/nas/gstdesk"})
	}
	prev, _ := backup.ReadStatus(s.core.DB.Dir)
	st, err := rep.SyncOnce(ctx)
	if errors.Is(err, backup.ErrNotWriter) {
		s.noticeTakeOver(ctx, prev)
	}
	// Litestream writes to the database as it syncs (its own tables): what follows is measured
	// from here, so a command that only synced is not synced again as it ends.
	s.before = statFiles(s.core.DB.Path)
	if errors.Is(err, backup.ErrBusy) {
		st.Elsewhere = true // said as it is: that process ships this one's writes
		return st, nil
	}
	return st, err
}

// AfterCommand ships a command's writes when it wrote anything and targets are set up (the
// command line calls it as the desk closes). Nothing is done for a command that only read.
func (s *Service) AfterCommand(ctx context.Context) (backup.Status, bool, error) {
	if s.Running() || s.core.ReadOnly() != nil || statFiles(s.core.DB.Path) == s.before {
		return backup.Status{}, false, nil
	}
	ts, err := backup.Targets(ctx, s.core.DB)
	if err != nil || len(ts) == 0 {
		return backup.Status{}, false, err
	}
	st, err := s.Sync(ctx)
	if s.Reported != nil {
		s.Reported(st, err)
	}
	return st, true, err
}

// fileState is the size and time of the database file and its WAL: any committed write changes it.
type fileState struct {
	dbSize, walSize int64
	dbMod, walMod   time.Time
}

func statFiles(path string) fileState {
	var f fileState
	if fi, err := os.Stat(path); err == nil {
		f.dbSize, f.dbMod = fi.Size(), fi.ModTime()
	}
	if fi, err := os.Stat(path + "-wal"); err == nil {
		f.walSize, f.walMod = fi.Size(), fi.ModTime()
	}
	return f
}

// target returns the target named ref, or the first one when ref is empty.
func (s *Service) target(ctx context.Context, ref string) (backup.Target, error) {
	ts, err := backup.Targets(ctx, s.core.DB)
	if err != nil {
		return backup.Target{}, err
	}
	if ref == "" {
		if len(ts) == 0 {
			return backup.Target{}, apperr.New(apperr.NotFound, "No backup target is set up.").
				WithHint(apperr.Hint{Window: "Add one in Settings → Backup.", Command: "Run: gstdesk backup target add --kind folder --path /mnt/nas/gstdesk"})
		}
		return ts[0], nil
	}
	return backup.FindTarget(ts, ref)
}

func (s *Service) open(ctx context.Context, ref string) (backup.Target, backup.Client, error) {
	t, err := s.target(ctx, ref)
	if err != nil {
		return t, nil, err
	}
	c, err := t.Open(ctx, backup.LoadSecrets(s.core.Vault, t))
	return t, c, err
}

// Points lists the restore points of a target (ref empty: the first), oldest first.
func (s *Service) Points(ctx context.Context, ref string) ([]backup.Point, error) {
	t, c, err := s.open(ctx, ref)
	if err != nil {
		return nil, err
	}
	return backup.Points(ctx, t, c)
}

// Restore writes the database as it was at a point in time (zero: the latest) from a target into
// dir, a new or empty folder that is not the live data folder. Open it with GSTDESK_DATA_DIR=dir;
// it is a new desk there, which reads the replica but writes it only after Take over.
func (s *Service) Restore(ctx context.Context, ref, dir string, at time.Time) (backup.Restored, error) {
	t, c, err := s.open(ctx, ref)
	if err != nil {
		return backup.Restored{}, err
	}
	return backup.Restore(ctx, t, c, dir, s.core.DB.Dir, at)
}

// Verify ships what is committed, restores the latest point of a target into a temporary folder,
// checks it, and compares the rows of every table with the live database.
func (s *Service) Verify(ctx context.Context, ref string) (backup.Verification, error) {
	if _, err := s.Sync(ctx); err != nil {
		s.core.Log.Warn("backup: sync before verify", "error", err)
	}
	t, c, err := s.open(ctx, ref)
	if err != nil {
		return backup.Verification{}, err
	}
	return backup.Verify(ctx, t, c, s.core.DB.DB, s.core.DB.Dir, filepath.Dir(s.core.DB.Dir))
}

// Sizes reports what each target holds.
func (s *Service) Sizes(ctx context.Context) ([]backup.Size, error) {
	ts, err := backup.Targets(ctx, s.core.DB)
	if err != nil {
		return nil, err
	}
	out := make([]backup.Size, 0, len(ts))
	for _, t := range ts {
		c, err := t.Open(ctx, backup.LoadSecrets(s.core.Vault, t))
		if err != nil {
			return out, err
		}
		sz, err := backup.Measure(ctx, t, c)
		if err != nil {
			return out, err
		}
		out = append(out, sz)
	}
	return out, nil
}

// lostWriter records that another desk took over the replica this desk wrote, and makes this
// desk refuse every write from now on: a change made here would reach no backup.
func (s *Service) lostWriter(t backup.TakenOver) {
	if err := backup.MarkTakenOver(s.core.DB.Dir, t); err != nil {
		s.core.Log.Error("backup: record the take-over", "error", err)
	}
	s.core.DB.SetReadOnly(t.Refusal())
	s.core.Log.Warn("backup: another desk took over the replica; this desk only reads now", "target", t.Target)
	// This desk replicates nothing more: its continuous replicator stops, so it claims no target
	// again, and the status (read from the data folder from now on) says read-only. The
	// replicator's Stop waits for its loop, which is what calls this, so it runs on a goroutine
	// of its own; the service's Stop waits for it.
	s.mu.Lock()
	defer s.mu.Unlock()
	rep := s.rep
	if rep == nil {
		return // a one-off sync (noticeTakeOver), or Stop already took it
	}
	s.rep = nil
	done := make(chan struct{})
	s.stopping = done
	go func() {
		defer close(done)
		// The loop has closed its store already: nothing more is shipped to the target.
		if err := rep.Stop(0); err != nil {
			s.core.Log.Warn("backup: stop replicating after the take-over", "error", err)
		}
	}()
}

// noticeTakeOver is lostWriter for a sync that found another desk's writer marker, when this desk
// wrote the replica until then (prev, its last status, says it shipped there): a restored copy,
// which never wrote it, is not taken over but a new desk.
func (s *Service) noticeTakeOver(ctx context.Context, prev backup.Status) {
	if len(prev.Targets) == 0 || prev.Targets[0].State == backup.StateNotWriter || prev.Targets[0].ReplicatedTXID == 0 {
		return
	}
	t, c, err := s.open(ctx, "")
	if err != nil {
		return
	}
	w, at, err := backup.Writer(ctx, t, c)
	if err != nil {
		return
	}
	s.lostWriter(backup.TakenOver{Target: t.Name, Where: t.Where(), Desk: w, At: at, Shipped: prev.Targets[0].ReplicatedTXID})
}

// TakeOver makes this desk the writer of every target's replica (after restoring from it on a
// new machine, or when a colleague's desk hands over). The other desk stops writing them at its
// next check (within half a minute while its window is open); stop gstdesk there first.
func (s *Service) TakeOver(ctx context.Context) ([]backup.Target, error) {
	if f, ok := s.core.Following(); ok {
		return s.promote(ctx, f)
	}
	to, takenOver, err := backup.ReadTakenOver(s.core.DB.Dir)
	if err != nil {
		return nil, err
	}
	if takenOver {
		// Taking back a replica the other desk has written to since would throw its changes away.
		t, c, err := s.open(ctx, "")
		if err != nil {
			return nil, err
		}
		remote, err := backup.ReplicaTXID(ctx, t, c)
		if err != nil {
			return nil, err
		}
		if remote > to.Shipped {
			return nil, apperr.New(apperr.Conflict, "Backup target %q (%s) holds changes the desk that took it over made since %s, which this desk does not have: taking it back would throw them away. Make changes on that desk, or follow its replica read-only from a new folder.",
				t.Name, t.Where(), to.At.Local().Format("02/01/2006 15:04"))
		}
	}
	ts, err := backup.Targets(ctx, s.core.DB)
	if err != nil {
		return nil, err
	}
	dbID, err := backup.DatabaseID(ctx, s.core.DB)
	if err != nil {
		return nil, err
	}
	desk, err := backup.LoadDesk(s.core.DB.Dir)
	if err != nil {
		return nil, err
	}
	for _, t := range ts {
		c, err := t.Open(ctx, backup.LoadSecrets(s.core.Vault, t))
		if err != nil {
			return ts, err
		}
		if err := backup.TakeOver(ctx, t, c, dbID, desk.ID, s.core.Now()); err != nil {
			return ts, err
		}
	}
	if takenOver {
		if err := os.Remove(filepath.Join(s.core.DB.Dir, backup.TakenOverFile)); err != nil {
			return ts, err
		}
		s.core.DB.SetReadOnly(nil)
	}
	s.restart(ctx)
	return ts, nil
}

// promote makes this second desk the writer of the replica it follows (backup.Promote), with the
// followed target as its first backup target. The desk's database stays open read-only in this
// process: gstdesk opened again on the folder writes.
func (s *Service) promote(ctx context.Context, f backup.Following) ([]backup.Target, error) {
	s.mu.Lock()
	s.stopFollower()
	s.mu.Unlock()
	desk, err := backup.LoadDesk(s.core.DB.Dir)
	if err != nil {
		return nil, err
	}
	sec := backup.LoadSecrets(s.core.Vault, f.Target)
	if _, err := backup.Promote(ctx, s.core.DB.Dir, sec, desk.ID, s.core.Log); err != nil {
		return nil, err
	}
	db, err := store.Open(ctx, s.core.DB.Dir)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	t, err := backup.AdoptTarget(ctx, db, f.Target)
	if err != nil {
		return nil, err
	}
	if t.ID != f.Target.ID {
		if err := backup.SaveSecrets(s.core.Vault, t, sec); err != nil {
			return nil, err
		}
	}
	return backup.Targets(ctx, db)
}
