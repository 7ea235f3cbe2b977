package main

import (
	"time"

	"gstdesk/backend/backup"
	deskbackup "gstdesk/backend/desk/backup"
)

// Backup binds the backup area: targets, the status bar's backup state, restore points, restore,
// verify, size and the writer hand-over.
type Backup struct{ *shell }

// Targets lists the backup targets and which of their secrets are set.
func (b *Backup) Targets() ([]deskbackup.TargetInfo, error) { return b.d.Backup.Targets(b.ctx) }

// AddTarget connects to a new target, claims it and stores it (its secrets in the keychain).
func (b *Backup) AddTarget(spec deskbackup.TargetSpec) (backup.Target, error) {
	return b.d.Backup.AddTarget(b.ctx, spec)
}

// RemoveTarget forgets a target; what it holds stays there.
func (b *Backup) RemoveTarget(id string) (backup.Target, error) {
	return b.d.Backup.RemoveTarget(b.ctx, id)
}

// Status is the backup state of every target (last replicated, lag, error).
func (b *Backup) Status() (backup.Status, error) { return b.d.Backup.Status(b.ctx) }

// Sync ships what is committed to every target now.
func (b *Backup) Sync() (backup.Status, error) { return b.d.Backup.Sync(b.ctx) }

// Points lists a target's restore points, oldest first.
func (b *Backup) Points(target string) ([]backup.Point, error) {
	return b.d.Backup.Points(b.ctx, target)
}

// Restore writes the database as it was at a point ("" for the latest; else "DD/MM/YYYY HH:MM")
// into a new, empty folder.
func (b *Backup) Restore(target, dir, at string) (backup.Restored, error) {
	var when time.Time
	if at != "" {
		var err error
		if when, err = backup.ParseWhen(at, time.Local); err != nil {
			return backup.Restored{}, err
		}
	}
	return b.d.Backup.Restore(b.ctx, target, dir, when)
}

// Verify restores the latest point into a temporary folder, checks it and compares the rows.
func (b *Backup) Verify(target string) (backup.Verification, error) {
	return b.d.Backup.Verify(b.ctx, target)
}

// Sizes reports what each target holds.
func (b *Backup) Sizes() ([]backup.Size, error) { return b.d.Backup.Sizes(b.ctx) }

// TakeOver makes this desk the writer of the targets' replicas.
func (b *Backup) TakeOver() ([]backup.Target, error) { return b.d.Backup.TakeOver(b.ctx) }

// StartFollowing makes dir, a new or empty folder, a second desk that follows the replica on the
// target spec describes, read-only.
func (b *Backup) StartFollowing(spec deskbackup.TargetSpec, dir string) (backup.Restored, error) {
	return b.d.Backup.StartFollowing(b.ctx, spec, dir)
}

// OpenFolder opens a second desk's folder in a new window.
func (b *Backup) OpenFolder(dir string) error { return b.d.Backup.OpenFolder(dir) }
