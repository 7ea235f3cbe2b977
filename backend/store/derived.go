package store

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"sync"
	"time"
)

// What is expensive to derive from what is stored (a workspace's week on the dashboard, read from
// a million documents in seconds) is kept in the database across openings (table derived_cache,
// migration 0036), so the first read after the app starts again does not derive it all again when
// nothing it depends on changed.
//
// A value is kept under a digest of everything it was derived from, and the program that derived
// it (DerivedBy): GetDerived returns it only to a reader that computes the same digest now. A row
// whose digest does not match is ignored (and replaced by the next PutDerived): a cache row is never
// shown for other data. There is one row per workspace, kind and slot; PutDerived replaces it.

// DerivedKey is the digest a derived value is kept under.
type DerivedKey [sha256.Size]byte

// GetDerived returns the value kept for workspace, kind and slot when it was kept under key
// (decompressed); ok is false when there is none or it was kept under another key.
func GetDerived(ctx context.Context, db *sql.DB, workspaceID, kind, slot string, key DerivedKey) (val []byte, ok bool, err error) {
	var digest, packed []byte
	err = db.QueryRowContext(ctx, `SELECT digest, value FROM derived_cache WHERE workspace_id = ? AND kind = ? AND slot = ?`,
		workspaceID, kind, slot).Scan(&digest, &packed)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("store: read derived %s %s: %w", kind, slot, err)
	}
	if !bytes.Equal(digest, key[:]) {
		return nil, false, nil
	}
	if val, err = DecompressAnswer(packed); err != nil {
		return nil, false, nil // unreadable: as if not kept (the next PutDerived replaces it)
	}
	return val, true, nil
}

// PutDerived keeps val for workspace, kind and slot under key, replacing what was kept there.
func PutDerived(ctx context.Context, db *sql.DB, workspaceID, kind, slot string, key DerivedKey, val []byte, now time.Time) error {
	packed, err := CompressAnswer(val)
	if err != nil {
		return err
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO derived_cache (workspace_id, kind, slot, digest, value, saved_at) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (workspace_id, kind, slot) DO UPDATE SET digest = excluded.digest, value = excluded.value, saved_at = excluded.saved_at`,
		workspaceID, kind, slot, key[:], packed, now.UTC().Format(time.RFC3339Nano)); err != nil {
		return fmt.Errorf("store: keep derived %s %s: %w", kind, slot, err)
	}
	return nil
}

// DropDerived forgets the rows of workspace and kind whose slot keep does not want (a snapshot
// deleted): a kind keyed by something that goes away calls it so its rows do not pile up.
func DropDerived(ctx context.Context, db *sql.DB, workspaceID, kind string, keep func(slot string) bool) error {
	rows, err := db.QueryContext(ctx, `SELECT slot FROM derived_cache WHERE workspace_id = ? AND kind = ?`, workspaceID, kind)
	if err != nil {
		return fmt.Errorf("store: list derived %s: %w", kind, err)
	}
	var drop []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			rows.Close()
			return fmt.Errorf("store: list derived %s: %w", kind, err)
		}
		if !keep(s) {
			drop = append(drop, s)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: list derived %s: %w", kind, err)
	}
	for _, s := range drop {
		if _, err := db.ExecContext(ctx, `DELETE FROM derived_cache WHERE workspace_id = ? AND kind = ? AND slot = ?`, workspaceID, kind, s); err != nil {
			return fmt.Errorf("store: drop derived %s %s: %w", kind, s, err)
		}
	}
	return nil
}

var derivedBy struct {
	once sync.Once
	id   []byte
}

// DerivedBy identifies the program running (its module version and revision, and its executable
// file's path, size and time): a digest of a derived value includes it, so a value derived by an
// earlier build (which may have derived it otherwise) is never read by a later one. nil when the
// executable cannot be told: nothing is kept then.
func DerivedBy() []byte {
	derivedBy.once.Do(func() {
		exe, err := os.Executable()
		if err != nil {
			return
		}
		st, err := os.Stat(exe)
		if err != nil {
			return
		}
		h := sha256.New()
		fmt.Fprintf(h, "%s\x00%d\x00%d\x00", exe, st.Size(), st.ModTime().UnixNano())
		if bi, ok := debug.ReadBuildInfo(); ok {
			fmt.Fprintf(h, "%s\x00%s\x00", bi.Path, bi.Main.Version)
			for _, s := range bi.Settings {
				fmt.Fprintf(h, "%s=%s\x00", s.Key, s.Value)
			}
		}
		derivedBy.id = h.Sum(nil)
	})
	return derivedBy.id
}
