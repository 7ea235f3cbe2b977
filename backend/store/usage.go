package store

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Usage is what the data folder holds and what takes its space: the files and folders in it, and
// inside the database each table (with its indexes) and each kind of record.
type Usage struct {
	Dir        string       `json:"dir"`
	TotalBytes int64        `json:"total_bytes"` // everything in the data folder
	Files      []FileUsage  `json:"files"`       // largest first
	DBBytes    int64        `json:"db_bytes"`    // the database's pages (in its file and, until a checkpoint, its WAL)
	FreeBytes  int64        `json:"free_bytes"`  // pages of the database no record uses
	AutoVacuum string       `json:"auto_vacuum"` // none, full or incremental
	Kinds      []KindUsage  `json:"kinds"`       // largest first
	Tables     []TableUsage `json:"tables"`      // largest first
}

// FileUsage is one file or folder directly in the data folder.
type FileUsage struct {
	Name  string `json:"name"`
	Bytes int64  `json:"bytes"`
}

// TableUsage is one table of the database with its indexes.
type TableUsage struct {
	Name  string `json:"name"`
	Kind  string `json:"kind"`
	Rows  int64  `json:"rows"`
	Bytes int64  `json:"bytes"`
}

// KindUsage is the space of one kind of record.
type KindUsage struct {
	Kind  string `json:"kind"`
	Bytes int64  `json:"bytes"`
}

// The kinds of record a person recognises, by the tables that hold them.
const (
	KindLookups  = "lookups"
	KindGSTR2A   = "GSTR-2A snapshots"
	KindRecon    = "reconciliation runs"
	KindPayroll  = "payroll runs"
	KindAudit    = "audit log"
	KindSettings = "workspaces and settings"
)

// TableKind is the kind of record a table holds.
func TableKind(table string) string {
	switch {
	case table == "answers":
		return KindLookups
	case strings.HasPrefix(table, "gstr2a_"):
		return KindGSTR2A
	case strings.HasPrefix(table, "recon_"):
		return KindRecon
	case strings.HasPrefix(table, "payroll_"):
		return KindPayroll
	case table == "audit_log":
		return KindAudit
	}
	return KindSettings
}

// Usage measures the data folder. Reading the database's space per table visits every page
// (SQLite's dbstat), which takes a few seconds on a database of gigabytes; it is a plain read and
// never waits for a writer.
func (db *DB) Usage(ctx context.Context) (Usage, error) {
	u := Usage{Dir: db.Dir}
	entries, err := os.ReadDir(db.Dir)
	if err != nil {
		return u, fmt.Errorf("store: read data folder: %w", err)
	}
	for _, e := range entries {
		n := sizeOf(filepath.Join(db.Dir, e.Name()))
		u.Files = append(u.Files, FileUsage{Name: e.Name(), Bytes: n})
		u.TotalBytes += n
	}
	sort.SliceStable(u.Files, func(i, j int) bool { return u.Files[i].Bytes > u.Files[j].Bytes })

	var pageSize, pages, free, av int64
	for q, dst := range map[string]*int64{`PRAGMA page_size`: &pageSize, `PRAGMA page_count`: &pages, `PRAGMA freelist_count`: &free, `PRAGMA auto_vacuum`: &av} {
		if err := db.QueryRowContext(ctx, q).Scan(dst); err != nil {
			return u, fmt.Errorf("store: %s: %w", q, err)
		}
	}
	u.DBBytes, u.FreeBytes = pageSize*pages, pageSize*free
	u.AutoVacuum = [...]string{"none", "full", "incremental"}[min(max(av, 0), 2)]

	// Each table's pages, its indexes' counted with it.
	rows, err := db.QueryContext(ctx, `SELECT coalesce(m.tbl_name, s.name), sum(s.pgsize)
		FROM dbstat AS s LEFT JOIN sqlite_master AS m ON m.name = s.name
		GROUP BY 1`)
	if err != nil {
		return u, fmt.Errorf("store: measure tables: %w", err)
	}
	byKind := map[string]int64{}
	for rows.Next() {
		var t TableUsage
		if err := rows.Scan(&t.Name, &t.Bytes); err != nil {
			rows.Close()
			return u, fmt.Errorf("store: measure tables: %w", err)
		}
		t.Kind = TableKind(t.Name)
		u.Tables = append(u.Tables, t)
		byKind[t.Kind] += t.Bytes
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return u, fmt.Errorf("store: measure tables: %w", err)
	}
	for i := range u.Tables {
		t := &u.Tables[i]
		if strings.HasPrefix(t.Name, "sqlite_") {
			continue
		}
		// Names come from sqlite_master, not from input.
		if err := db.QueryRowContext(ctx, `SELECT count(*) FROM "`+strings.ReplaceAll(t.Name, `"`, `""`)+`"`).Scan(&t.Rows); err != nil {
			return u, fmt.Errorf("store: count %s: %w", t.Name, err)
		}
	}
	sort.SliceStable(u.Tables, func(i, j int) bool { return u.Tables[i].Bytes > u.Tables[j].Bytes })
	for k, n := range byKind {
		u.Kinds = append(u.Kinds, KindUsage{Kind: k, Bytes: n})
	}
	sort.Slice(u.Kinds, func(i, j int) bool {
		if u.Kinds[i].Bytes != u.Kinds[j].Bytes {
			return u.Kinds[i].Bytes > u.Kinds[j].Bytes
		}
		return u.Kinds[i].Kind < u.Kinds[j].Kind
	})
	return u, nil
}

// sizeOf is the size of a file, or of everything in a folder.
func sizeOf(path string) int64 {
	var n int64
	filepath.WalkDir(path, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if info, err := d.Info(); err == nil {
				n += info.Size()
			}
		}
		return nil
	})
	return n
}

// Reclaim gives the pages no record uses back to the disk (ReclaimSpace).
func (db *DB) Reclaim(ctx context.Context) (int64, error) {
	n, err := ReclaimSpace(ctx, db.DB)
	if err != nil {
		return 0, openError(db.Path, "reclaim space in", err)
	}
	return n, nil
}

// ReclaimSpace gives the pages no record uses back to the disk when the database is in
// incremental auto-vacuum (every database gstdesk creates since run history is bounded, or one
// Compact switched), and returns the bytes given back. In other databases the free pages stay in
// the file and the next records use them, so it does not grow; Compact shrinks it once.
func ReclaimSpace(ctx context.Context, db *sql.DB) (int64, error) {
	var av, pageSize, before, after int64
	if err := db.QueryRowContext(ctx, `PRAGMA auto_vacuum`).Scan(&av); err != nil || av != 2 {
		return 0, err
	}
	if err := db.QueryRowContext(ctx, `PRAGMA page_size`).Scan(&pageSize); err != nil {
		return 0, err
	}
	if err := db.QueryRowContext(ctx, `PRAGMA freelist_count`).Scan(&before); err != nil || before == 0 {
		return 0, err
	}
	// incremental_vacuum gives no rows but must be stepped to its end: run it as a query.
	rows, err := db.QueryContext(ctx, `PRAGMA incremental_vacuum`)
	if err != nil {
		return 0, err
	}
	for rows.Next() {
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	if err := db.QueryRowContext(ctx, `PRAGMA freelist_count`).Scan(&after); err != nil {
		return 0, err
	}
	return (before - after) * pageSize, nil
}

// Compact rewrites the database once (VACUUM) into incremental auto-vacuum, so a database made by
// an older gstdesk shrinks to what its records need and from then on Reclaim gives space back
// after every clean-up. It needs free disk space about the size of the database, takes the write
// lock for its whole length (another gstdesk waits or reports the folder busy), and returns the
// bytes saved.
func (db *DB) Compact(ctx context.Context) (int64, error) {
	before := sizeOf(db.Path)
	conn, err := db.Conn(ctx)
	if err != nil {
		return 0, err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `PRAGMA auto_vacuum = INCREMENTAL`); err != nil {
		return 0, openError(db.Path, "compact", err)
	}
	if _, err := conn.ExecContext(ctx, `VACUUM`); err != nil {
		return 0, openError(db.Path, "compact", err)
	}
	if _, err := conn.ExecContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
		return 0, openError(db.Path, "compact", err)
	}
	tightenDBFiles(db.Path)
	return before - sizeOf(db.Path), nil
}
