package recon

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	"gstdesk/backend/store"
)

// BenchmarkRunHistory saves KeepRuns+3 runs of one big reconciliation (GSTDESK_BENCH_ROWS
// register rows, default 50,000) into a fresh data folder and reports the database's size after
// the first run and at the end, the file on disk at the end (after a checkpoint), and the time of
// the saves that also removed a run and gave its space back.
func BenchmarkRunHistory(b *testing.B) {
	n := 50000
	if s := os.Getenv("GSTDESK_BENCH_ROWS"); s != "" {
		n, _ = strconv.Atoi(s)
	}
	books, twoA := synthetic(n, 42)
	res := Match(books, twoA, DefaultOptions())
	ctx := context.Background()
	for b.Loop() {
		db, err := store.Open(ctx, b.TempDir())
		if err != nil {
			b.Fatal(err)
		}
		ws, _ := db.CreateWorkspace(ctx, store.Workspace{Name: "Bench"})
		meta := Run{WorkspaceID: ws.ID, FromPeriod: "2024-04", ToPeriod: "2024-06"}
		size := func() float64 {
			var pages, pageSize int64
			db.QueryRow(`PRAGMA page_count`).Scan(&pages)
			db.QueryRow(`PRAGMA page_size`).Scan(&pageSize)
			return float64(pages*pageSize) / (1 << 20)
		}
		var first, peak float64
		var pruning time.Duration
		for i := 0; i < KeepRuns+3; i++ {
			start := time.Now()
			if _, err := SaveRun(ctx, db.DB, at(), meta, res); err != nil {
				b.Fatal(err)
			}
			if i >= KeepRuns {
				pruning += time.Since(start)
			}
			s := size()
			if i == 0 {
				first = s
			}
			peak = max(peak, s)
		}
		db.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`)
		st, _ := os.Stat(db.Path)
		b.ReportMetric(float64(len(res.Rows)), "rows/run")
		b.ReportMetric(first, "MB-after-1-run")
		b.ReportMetric(peak, "MB-peak")
		b.ReportMetric(size(), "MB-after-8-runs")
		b.ReportMetric(float64(st.Size())/(1<<20), "MB-file-at-end")
		b.ReportMetric(float64(pruning.Milliseconds())/3, "ms/save-that-prunes")
		db.Close()
	}
}

// BenchmarkCompactOldDatabase: a database as older releases made it (no auto-vacuum) gets the same
// KeepRuns+3 runs; its file stays bounded (removed runs' pages are reused) but keeps their free
// space; store.DB.Compact rewrites it once into incremental auto-vacuum. Reports the sizes before
// and after and the time Compact took.
func BenchmarkCompactOldDatabase(b *testing.B) {
	n := 50000
	if s := os.Getenv("GSTDESK_BENCH_ROWS"); s != "" {
		n, _ = strconv.Atoi(s)
	}
	books, twoA := synthetic(n, 42)
	res := Match(books, twoA, DefaultOptions())
	ctx := context.Background()
	for b.Loop() {
		db, err := store.Open(ctx, b.TempDir())
		if err != nil {
			b.Fatal(err)
		}
		conn, _ := db.Conn(ctx)
		conn.ExecContext(ctx, `PRAGMA auto_vacuum = NONE`)
		conn.ExecContext(ctx, `VACUUM`)
		conn.Close()
		ws, _ := db.CreateWorkspace(ctx, store.Workspace{Name: "Bench"})
		meta := Run{WorkspaceID: ws.ID, FromPeriod: "2024-04", ToPeriod: "2024-06"}
		for i := 0; i < KeepRuns+3; i++ {
			if _, err := SaveRun(ctx, db.DB, at(), meta, res); err != nil {
				b.Fatal(err)
			}
		}
		db.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`)
		before, _ := os.Stat(db.Path)
		u, _ := db.Usage(ctx)
		start := time.Now()
		if _, err := db.Compact(ctx); err != nil {
			b.Fatal(err)
		}
		took := time.Since(start)
		after, _ := os.Stat(db.Path)
		b.ReportMetric(float64(before.Size())/(1<<20), "MB-file-before")
		b.ReportMetric(float64(u.FreeBytes)/(1<<20), "MB-free-before")
		b.ReportMetric(float64(after.Size())/(1<<20), "MB-file-after")
		b.ReportMetric(float64(took.Milliseconds()), "ms-compact")
		db.Close()
	}
}
