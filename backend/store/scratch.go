package store

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// scratchPrefix names the folders of scratch copies inside the data folder.
const scratchPrefix = ".scratch-"

// scratchStale is the age after which a scratch folder left by a process that died is removed.
const scratchStale = time.Hour

// Scratch makes a private copy of the database (VACUUM INTO: every committed write, consistent,
// while other connections keep writing) in a new folder inside the data folder, opened as the app
// opens it, to try a change on through the real code path and throw the result away: a preview
// that stores nothing. done closes the copy and removes its folder. Scratch folders older than an
// hour (a process that died with one open) are removed on the way.
func (db *DB) Scratch(ctx context.Context) (scratch *DB, done func(), err error) {
	if old, _ := filepath.Glob(filepath.Join(db.Dir, scratchPrefix+"*")); len(old) > 0 {
		for _, o := range old {
			if st, err := os.Stat(o); err == nil && time.Since(st.ModTime()) > scratchStale {
				os.RemoveAll(o)
			}
		}
	}
	dir, err := os.MkdirTemp(db.Dir, scratchPrefix)
	if err != nil {
		return nil, nil, fmt.Errorf("store: scratch copy: %w", err)
	}
	remove := func() { os.RemoveAll(dir) }
	path := filepath.Join(dir, FileName)
	if _, err := db.ExecContext(ctx, `VACUUM INTO ?`, path); err != nil {
		remove()
		return nil, nil, fmt.Errorf("store: scratch copy: %w", err)
	}
	tighten(path, FileMode)
	scratch, err = Open(ctx, dir)
	if err != nil {
		remove()
		return nil, nil, err
	}
	return scratch, func() { scratch.Close(); remove() }, nil
}
