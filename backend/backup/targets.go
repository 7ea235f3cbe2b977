package backup

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/google/uuid"

	"gstdesk/backend/apperr"
	"gstdesk/backend/store"
)

// The app-wide settings (workspace "") backups keep in the database: the targets (never their
// secrets) and the database's id, which every restored copy carries and each replica names.
const (
	settingTargets    = "backup_targets"
	settingDatabaseID = "backup_database_id"
)

// Targets lists the backup targets in the order they were added; the first is the one Litestream
// replicates to, the others mirror it.
func Targets(ctx context.Context, db *store.DB) ([]Target, error) {
	v, err := db.Setting(ctx, "", settingTargets, "")
	if err != nil || v == "" {
		return nil, err
	}
	var ts []Target
	if err := json.Unmarshal([]byte(v), &ts); err != nil {
		return nil, fmt.Errorf("backup: the stored targets are not readable: %w", err)
	}
	for i := range ts {
		ts[i].liveDir = db.Dir // checked again at every use (CheckPlace)
	}
	return ts, nil
}

func saveTargets(ctx context.Context, db *store.DB, ts []Target) error {
	b, err := json.Marshal(ts)
	if err != nil {
		return err
	}
	return db.SetSetting(ctx, "", settingTargets, string(b))
}

// FindTarget returns the target with the given id or name.
func FindTarget(ts []Target, ref string) (Target, error) {
	ref = strings.TrimSpace(ref)
	for _, t := range ts {
		if t.ID == ref || strings.EqualFold(t.Name, ref) {
			return t, nil
		}
	}
	names := make([]string, len(ts))
	for i, t := range ts {
		names[i] = t.Name
	}
	if len(ts) == 0 {
		return Target{}, apperr.New(apperr.NotFound, "There is no backup target %q: none is set up yet.", ref)
	}
	return Target{}, apperr.New(apperr.NotFound, "There is no backup target %q. The targets are: %s.", ref, strings.Join(names, ", "))
}

// AddTarget stores a new target after Normalize and Validate (its name and place must be new)
// once check, given the target with its new id, has passed: the service connects to it there and
// claims it, so that a target that cannot be reached or refuses the credentials is never stored.
func AddTarget(ctx context.Context, db *store.DB, t Target, check func(Target) error) (Target, error) {
	t.Normalize()
	if err := t.Validate(db.Dir); err != nil {
		return t, err
	}
	ts, err := Targets(ctx, db)
	if err != nil {
		return t, err
	}
	for _, o := range ts {
		if strings.EqualFold(o.Name, t.Name) {
			return t, apperr.New(apperr.Conflict, "There is already a backup target named %q: choose another name.", t.Name)
		}
		if o.Where() == t.Where() {
			return t, apperr.New(apperr.Conflict, "Backup target %q already goes to %s.", o.Name, t.Where())
		}
	}
	if t.Kind == KindFolder {
		// A new folder is made when its parent is there (a share's root, a disk's root).
		if _, err := os.Stat(filepath.Dir(t.Path)); err != nil {
			return t, apperr.Wrap(apperr.Invalid, err, "Target %q: the folder %s is not there and neither is the folder that would hold it: is the disk or share connected?", t.Name, filepath.Dir(t.Path))
		}
		if err := os.MkdirAll(t.Path, 0o700); err != nil {
			return t, targetError(t, "write to", err)
		}
	}
	t.ID = uuid.NewString()[:8]
	if check != nil {
		if err := check(t); err != nil {
			return t, err
		}
	}
	return t, saveTargets(ctx, db, append(ts, t))
}

// RemoveTarget forgets a target (what it holds stays there).
func RemoveTarget(ctx context.Context, db *store.DB, ref string) (Target, error) {
	ts, err := Targets(ctx, db)
	if err != nil {
		return Target{}, err
	}
	t, err := FindTarget(ts, ref)
	if err != nil {
		return t, err
	}
	out := ts[:0]
	for _, o := range ts {
		if o.ID != t.ID {
			out = append(out, o)
		}
	}
	return t, saveTargets(ctx, db, out)
}

// DatabaseID is the database's id, made and stored the first time it is asked for.
func DatabaseID(ctx context.Context, db *store.DB) (uint64, error) {
	v, err := db.Setting(ctx, "", settingDatabaseID, "")
	if err != nil {
		return 0, err
	}
	if id, err := strconv.ParseUint(v, 10, 64); err == nil && id > 1 {
		return id, nil
	}
	id := newID()
	return id, db.SetSetting(ctx, "", settingDatabaseID, strconv.FormatUint(id, 10))
}

// AdoptTarget makes t the first target, the replica Litestream writes (a second desk that took
// over the replica it followed): a stored target that goes to the same place moves first and
// keeps its id; otherwise t is added first. It returns the target as stored.
func AdoptTarget(ctx context.Context, db *store.DB, t Target) (Target, error) {
	ts, err := Targets(ctx, db)
	if err != nil {
		return t, err
	}
	out := []Target{t}
	for _, o := range ts {
		if o.Where() == t.Where() {
			out[0] = o
			continue
		}
		if strings.EqualFold(o.Name, t.Name) && o.ID != t.ID {
			o.Name += " (2)" // names stay unique
		}
		out = append(out, o)
	}
	return out[0], saveTargets(ctx, db, out)
}
