package backup

import (
	"context"
	"io"
	"os"
	"os/exec"
	"time"

	"github.com/google/uuid"

	"gstdesk/backend/apperr"
	"gstdesk/backend/backup"
)

// StartFollowing makes dir (a new or empty folder, never this data folder) a second desk that
// follows the replica on the target spec describes: the latest point is restored there and
// checked, and the target is recorded there (its secrets in the keychain). Open dir in gstdesk
// (GSTDESK_DATA_DIR=dir) to read it; `gstdesk backup follow --dir dir` or the window opened on it
// keeps it up to date. A target that cannot be reached, refuses the credentials, or holds no
// gstdesk replica leaves nothing behind.
func (s *Service) StartFollowing(ctx context.Context, spec TargetSpec, dir string) (backup.Restored, error) {
	t := spec.Target
	t.Normalize()
	if err := t.Validate(""); err != nil {
		return backup.Restored{}, err
	}
	t.ID = uuid.NewString()[:8]
	sec := backup.Secrets{AccessKeyID: spec.AccessKeyID, SecretAccessKey: spec.SecretAccessKey, Password: spec.Password}
	if err := backup.SaveSecrets(s.core.Vault, t, sec); err != nil {
		return backup.Restored{}, err
	}
	r, err := func() (backup.Restored, error) {
		c, err := t.Open(ctx, s.secretsOf(t, sec))
		if err != nil {
			return backup.Restored{}, err
		}
		return backup.StartFollowing(ctx, t, c, dir, s.core.DB.Dir, s.core.Now())
	}()
	if err != nil {
		_ = backup.DeleteSecrets(s.core.Vault, t)
	}
	return r, err
}

// Follow keeps this desk's copy up to date with the replica it follows until ctx ends (the
// command line's `backup follow`, and the process the window starts for it). changed, when set,
// hears each new status. A desk that writes has nothing to follow.
// With once, it stops as soon as the copy holds what the replica held when it began.
func (s *Service) Follow(ctx context.Context, once bool, changed func(backup.FollowStatus)) error {
	f, ok := s.core.Following()
	if !ok {
		return apperr.New(apperr.Invalid, "The data folder %s follows no replica: it is a desk that writes. Start a second desk in a new folder with gstdesk backup follow --to DIR and the target's flags.", s.core.DB.Dir)
	}
	// The copy's pages change under this process from here on: it must hold no connection to it
	// (a read-only desk keeps none between uses).
	return backup.Follow(ctx, backup.FollowConfig{Dir: s.core.DB.Dir, Secrets: backup.LoadSecrets(s.core.Vault, f.Target), Log: s.core.Log, Changed: changed, UntilCaughtUp: once})
}

// FollowStatus is how far this desk's copy is behind the replica it follows (ok false for a desk
// that writes).
func (s *Service) FollowStatus() (backup.FollowStatus, bool, error) {
	if _, ok := s.core.Following(); !ok {
		return backup.FollowStatus{}, false, nil
	}
	st, err := backup.ReadFollowStatus(s.core.DB.Dir)
	return st, true, err
}

// FollowCommand is the command the window runs to follow the replica in a process of its own
// (SQLite's file locks keep the copy's readers and its applier apart only between processes):
// this program's `backup follow`, which stops when its standard input closes, so that it ends
// with the window however the window ends. Tests replace it.
var FollowCommand = func(dir string) (*exec.Cmd, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(exe, "backup", "follow", "--dir", dir, "--while-stdin-open")
	cmd.Env = append(os.Environ(), "GSTDESK_DATA_DIR="+dir)
	return cmd, nil
}

// follower is the process following the replica for the window.
type follower struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	done  chan struct{}
}

// startFollower starts the process that follows the replica for the window, unless one already
// follows into this folder (a window that ended without stopping it, or a `backup follow`).
func (s *Service) startFollower() error {
	if st, _ := backup.ReadFollowStatus(s.core.DB.Dir); st.Running {
		return nil
	}
	cmd, err := FollowCommand(s.core.DB.Dir)
	if err != nil {
		return err
	}
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return apperr.Wrap(apperr.Internal, err, "gstdesk could not start following the replica")
	}
	f := &follower{cmd: cmd, stdin: in, done: make(chan struct{})}
	go func() { _ = cmd.Wait(); close(f.done) }()
	s.follower = f
	return nil
}

// stopFollower ends the following process: its standard input closes, it finishes the change it
// is applying and stops (it is killed after ten seconds).
func (s *Service) stopFollower() {
	f := s.follower
	s.follower = nil
	if f == nil {
		return
	}
	f.stdin.Close()
	select {
	case <-f.done:
	case <-time.After(10 * time.Second):
		_ = f.cmd.Process.Kill()
		<-f.done
	}
}

// readOnly is the refusal of the backup actions that write (to the database or to a target's
// replica) on a read-only desk, nil on a desk that writes.
func (s *Service) readOnly() error { return s.core.DB.Refuse() }

// ReadOnly says why this desk may not write (another desk took the replica over, or it follows
// one), nil when it may.
func (s *Service) ReadOnly() *apperr.Error { return s.core.ReadOnly() }

// OpenWindow starts another gstdesk window over the data folder dir (a second desk's folder).
// Tests replace it.
var OpenWindow = func(dir string) error {
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), "GSTDESK_DATA_DIR="+dir)
	if err := cmd.Start(); err != nil {
		return err
	}
	return cmd.Process.Release()
}

// OpenFolder opens a second desk's folder (one StartFollowing made) in a new window.
func (s *Service) OpenFolder(dir string) error {
	if _, ok, err := backup.ReadFollowing(dir); err != nil || !ok {
		if err == nil {
			err = apperr.New(apperr.Invalid, "%s is not a second desk's folder: start following a replica into a new folder first.", dir)
		}
		return err
	}
	if err := OpenWindow(dir); err != nil {
		return apperr.Wrap(apperr.Internal, err, "gstdesk could not open a new window")
	}
	return nil
}
