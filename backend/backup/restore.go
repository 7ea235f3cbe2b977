package backup

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/benbjohnson/litestream"
	"github.com/superfly/ltx"

	"gstdesk/backend/apperr"
	"gstdesk/backend/store"
)

// Point is one restore point: the database as it was after transaction TXID, shipped at At.
type Point struct {
	TXID uint64    `json:"txid"`
	At   time.Time `json:"at"`
	// Snapshot is true for a whole copy of the database (one a day); the other points are the
	// transactions shipped since, compacted to 30 seconds, then 5 minutes, then an hour as they age.
	Snapshot bool  `json:"snapshot"`
	Bytes    int64 `json:"bytes"`
}

// Points lists the restore points a target holds, oldest first.
func Points(ctx context.Context, t Target, c litestream.ReplicaClient) ([]Point, error) {
	byTXID := map[uint64]Point{}
	for _, level := range mirrorLevels {
		fs, err := litestream.FindLTXFiles(ctx, c, level, true, func(*ltx.FileInfo) (bool, error) { return true, nil })
		if err != nil {
			return nil, targetError(t, "read", err)
		}
		for _, f := range fs {
			p := Point{TXID: uint64(f.MaxTXID), At: f.CreatedAt, Snapshot: level == litestream.SnapshotLevel, Bytes: f.Size}
			if o, ok := byTXID[p.TXID]; !ok || p.At.Before(o.At) {
				p.Snapshot = p.Snapshot || (ok && o.Snapshot)
				byTXID[p.TXID] = p
			} else if p.Snapshot {
				o.Snapshot = true
				byTXID[p.TXID] = o
			}
		}
	}
	out := make([]Point, 0, len(byTXID))
	for _, p := range byTXID {
		out = append(out, p)
	}
	slices.SortFunc(out, func(a, b Point) int { return cmpU64(a.TXID, b.TXID) })
	return out, nil
}

// Restored is what a restore made.
type Restored struct {
	Dir  string    `json:"dir"`
	Path string    `json:"path"`
	TXID uint64    `json:"txid"`
	At   time.Time `json:"at"` // when the restored point was shipped
	// Bytes is the size of the restored database file.
	Bytes int64 `json:"bytes"`
}

// Restore writes the database as it was at the restore point at (the latest when zero: the last
// point shipped before at) into dir, a new or empty folder that is not the live data folder
// liveDir, and checks it with PRAGMA integrity_check. The live database is never touched; a
// failed restore leaves no database in dir.
func Restore(ctx context.Context, t Target, c litestream.ReplicaClient, dir, liveDir string, at time.Time) (Restored, error) {
	dir, err := checkRestoreDir(dir, liveDir)
	if err != nil {
		return Restored{}, err
	}
	infos, err := litestream.CalcRestorePlan(ctx, c, 0, at, slogDiscard)
	if errors.Is(err, litestream.ErrTxNotAvailable) {
		if at.IsZero() {
			return Restored{}, apperr.New(apperr.NotFound, "Backup target %q (%s) holds no backup yet.", t.Name, t.Where())
		}
		return Restored{}, apperr.New(apperr.NotFound, "Backup target %q (%s) holds no restore point before %s: `gstdesk backup points` lists the ones it has.", t.Name, t.Where(), at.Local().Format("02/01/2006 15:04:05"))
	}
	if err != nil {
		return Restored{}, targetError(t, "read", err)
	}
	last := infos[len(infos)-1]
	_, statErr := os.Stat(dir)
	made := errors.Is(statErr, os.ErrNotExist)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return Restored{}, restoreDirError(t, dir, err)
	}
	path := filepath.Join(dir, store.FileName)
	// fail keeps nothing of a failed restore: no database (whole-looking or half-written), no
	// temporary file, and not the folder when the restore made it.
	fail := func(err error) (Restored, error) {
		removeDB(path)
		if made {
			os.Remove(dir)
		}
		return Restored{}, err
	}
	rep := litestream.NewReplicaWithClient(nil, c)
	opt := litestream.NewRestoreOptions()
	opt.OutputPath, opt.TXID = path, last.MaxTXID
	opt.IntegrityCheck = litestream.IntegrityCheckNone // checked below, with the error a person reads
	if err := rep.Restore(ctx, opt); err != nil {
		if isNoSpace(err) {
			return fail(restoreDirError(t, dir, err))
		}
		return fail(targetError(t, "restore from", err))
	}
	if err := os.Chmod(path, 0o600); err != nil {
		return fail(restoreDirError(t, dir, err))
	}
	if err := IntegrityCheck(ctx, path); err != nil {
		if isNoSpace(err) {
			return fail(restoreDirError(t, dir, err))
		}
		return fail(apperr.Wrap(apperr.Internal, err, "The database restored from backup target %q (%s) failed its integrity check: %s. Nothing was kept; try an earlier restore point.", t.Name, t.Where(), oneLine(err.Error())))
	}
	fi, err := os.Stat(path)
	if err != nil {
		return fail(restoreDirError(t, dir, err))
	}
	return Restored{Dir: dir, Path: path, TXID: uint64(last.MaxTXID), At: last.CreatedAt, Bytes: fi.Size()}, nil
}

// restoreDirError is a failure to write the restore folder dir (not the target: a restore only
// reads the target), named as such: a full disk says so.
func restoreDirError(t Target, dir string, err error) error {
	if isNoSpace(err) {
		return apperr.Wrap(apperr.Unavailable, err, "There is no space left on the disk of %s for the database restored from backup target %q: free space there, or restore into a folder on another disk. Nothing was kept.", dir, t.Name)
	}
	if errors.Is(err, fs.ErrPermission) {
		return apperr.Wrap(apperr.Invalid, err, "gstdesk may not write %s to restore backup target %q into it: check the folder's permissions, or choose another folder.", dir, t.Name)
	}
	return apperr.Wrap(apperr.Unavailable, err, "Restoring backup target %q into %s failed: %s. Nothing was kept.", t.Name, dir, oneLine(err.Error()))
}

// checkRestoreDir refuses a restore into the live data folder (or a folder inside it, or one that
// holds it) and into a folder that holds anything; it returns dir made absolute.
func checkRestoreDir(dir, liveDir string) (string, error) {
	if strings.TrimSpace(dir) == "" {
		return "", apperr.New(apperr.Invalid, "Give the new folder to restore into.")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", apperr.Wrap(apperr.Invalid, err, "The folder %q is not a usable path.", dir)
	}
	if liveDir != "" {
		live, _ := filepath.Abs(liveDir)
		if within(abs, live) || within(live, abs) {
			return "", apperr.New(apperr.Invalid, "%s is the live data folder (or holds it, or is inside it): gstdesk restores only into a new, empty folder, never over the data it is using.", abs)
		}
	}
	entries, err := os.ReadDir(abs)
	switch {
	case errors.Is(err, os.ErrNotExist):
	case err != nil:
		return "", apperr.Wrap(apperr.Invalid, err, "%s cannot be read (is it a folder?).", abs)
	case len(entries) > 0:
		return "", apperr.New(apperr.Invalid, "%s is not empty (it holds %s): restore into a new or empty folder, so nothing there is overwritten.", abs, entries[0].Name())
	}
	return abs, nil
}

func removeDB(path string) {
	for _, s := range []string{"", "-wal", "-shm", ".tmp"} {
		os.Remove(path + s)
	}
}

// IntegrityCheck runs PRAGMA integrity_check on the SQLite file at path, read-only.
func IntegrityCheck(ctx context.Context, path string) error {
	db, err := sql.Open("sqlite", "file:"+filepath.ToSlash(path)+"?mode=ro")
	if err != nil {
		return err
	}
	defer db.Close()
	rows, err := db.QueryContext(ctx, `PRAGMA integrity_check`)
	if err != nil {
		return err
	}
	defer rows.Close()
	var problems []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return err
		}
		if s != "ok" {
			problems = append(problems, s)
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if len(problems) > 0 {
		return &IntegrityError{Problems: problems}
	}
	return nil
}

// IntegrityError is what PRAGMA integrity_check found wrong: its result rows other than "ok".
type IntegrityError struct{ Problems []string }

func (e *IntegrityError) Error() string { return "integrity_check: " + strings.Join(e.Problems, "; ") }

// TableCount is the rows of one table in the live database and in the replica.
type TableCount struct {
	Table   string `json:"table"`
	Live    int64  `json:"live"`
	Replica int64  `json:"replica"`
	Same    bool   `json:"same"`
}

// Verification is what Verify found.
type Verification struct {
	Target    string       `json:"target"`
	TXID      uint64       `json:"txid"`
	At        time.Time    `json:"at"`
	Integrity string       `json:"integrity"` // "ok" or what integrity_check said
	Tables    []TableCount `json:"tables"`
	// OK is true when the replica passed integrity_check and every table has the live rows.
	OK bool `json:"ok"`
}

// Verify restores the latest point of a target into a temporary folder under tmpParent, runs
// PRAGMA integrity_check on it, and compares the rows of each table with the live database.
func Verify(ctx context.Context, t Target, c litestream.ReplicaClient, live *sql.DB, liveDir, tmpParent string) (Verification, error) {
	v := Verification{Target: t.Name}
	tmp, err := os.MkdirTemp(tmpParent, "gstdesk-verify-")
	if err != nil {
		return v, fmt.Errorf("backup: make a temporary folder: %w", err)
	}
	defer os.RemoveAll(tmp)
	dir := filepath.Join(tmp, "restored")
	r, err := Restore(ctx, t, c, dir, liveDir, time.Time{})
	if err != nil {
		var ie *IntegrityError
		if errors.As(err, &ie) {
			v.Integrity = oneLine(strings.Join(ie.Problems, "; "))
			return v, nil
		}
		return v, err
	}
	v.TXID, v.At, v.Integrity = r.TXID, r.At, "ok"
	rdb, err := sql.Open("sqlite", "file:"+filepath.ToSlash(r.Path)+"?mode=ro")
	if err != nil {
		return v, err
	}
	defer rdb.Close()
	liveCounts, err := tableCounts(ctx, live)
	if err != nil {
		return v, err
	}
	repCounts, err := tableCounts(ctx, rdb)
	if err != nil {
		return v, err
	}
	v.OK = true
	for _, name := range unionKeys(liveCounts, repCounts) {
		tc := TableCount{Table: name, Live: liveCounts[name], Replica: repCounts[name]}
		_, inLive := liveCounts[name]
		_, inRep := repCounts[name]
		tc.Same = inLive && inRep && tc.Live == tc.Replica
		v.OK = v.OK && tc.Same
		v.Tables = append(v.Tables, tc)
	}
	return v, nil
}

// tableCounts counts the rows of every table of a database but SQLite's and Litestream's own,
// in one read transaction so that the counts are of one moment.
func tableCounts(ctx context.Context, db *sql.DB) (map[string]int64, error) {
	conn, err := db.Conn(ctx)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	tx, err := conn.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	rows, err := tx.QueryContext(ctx, `SELECT name FROM sqlite_master WHERE type = 'table'
		AND name NOT LIKE 'sqlite\_%' ESCAPE '\' AND name NOT LIKE '\_litestream\_%' ESCAPE '\' ORDER BY name`)
	if err != nil {
		return nil, err
	}
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			rows.Close()
			return nil, err
		}
		names = append(names, n)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	out := map[string]int64{}
	for _, n := range names {
		var c int64
		// Names come from sqlite_master, not from input.
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM "`+strings.ReplaceAll(n, `"`, `""`)+`"`).Scan(&c); err != nil {
			return nil, fmt.Errorf("backup: count %s: %w", n, err)
		}
		out[n] = c
	}
	return out, nil
}

func unionKeys(a, b map[string]int64) []string {
	var out []string
	for k := range a {
		out = append(out, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// LevelSize is what one level of a target holds.
type LevelSize struct {
	Level int   `json:"level"`
	Files int   `json:"files"`
	Bytes int64 `json:"bytes"`
}

// Size is what a target holds.
type Size struct {
	Target string      `json:"target"`
	Files  int         `json:"files"`
	Bytes  int64       `json:"bytes"`
	Levels []LevelSize `json:"levels"`
	Oldest time.Time   `json:"oldest"` // the oldest restore point
	Newest time.Time   `json:"newest"`
}

// Measure reports what a target holds.
func Measure(ctx context.Context, t Target, c litestream.ReplicaClient) (Size, error) {
	s := Size{Target: t.Name}
	for _, level := range mirrorLevels {
		fs, err := litestream.FindLTXFiles(ctx, c, level, false, func(*ltx.FileInfo) (bool, error) { return true, nil })
		if err != nil {
			return s, targetError(t, "read", err)
		}
		ls := LevelSize{Level: level, Files: len(fs)}
		for _, f := range fs {
			ls.Bytes += f.Size
			if s.Oldest.IsZero() || f.CreatedAt.Before(s.Oldest) {
				s.Oldest = f.CreatedAt
			}
			if f.CreatedAt.After(s.Newest) {
				s.Newest = f.CreatedAt
			}
		}
		s.Files += ls.Files
		s.Bytes += ls.Bytes
		if ls.Files > 0 {
			s.Levels = append(s.Levels, ls)
		}
	}
	return s, nil
}
