package recon

import (
	"context"
	"strconv"
	"testing"

	"gstdesk/backend/benchcpu"
	"gstdesk/backend/store"
)

// BenchmarkSaveRun50k saves the run of the 50,000-row reconciliation of synthetic(50000, 42) (the
// data of BenchmarkMatch50k) into a fresh workspace: the run, its rows (JSON, about 1.7 KB a row
// with candidates) and the commit. No older run is removed (fewer than KeepRuns are saved).
func BenchmarkSaveRun50k(b *testing.B) {
	res, db := bench50k(b)
	ctx := context.Background()
	made := 0
	b.ResetTimer()
	benchcpu.Report(b, func() {
		for i := 0; i < b.N; i++ {
			b.StopTimer()
			// A workspace per save: runs never reach KeepRuns, so no save removes one.
			ws, err := db.CreateWorkspace(ctx, store.Workspace{Name: "Bench " + strconv.Itoa(made)})
			made++
			if err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			if _, err := SaveRun(ctx, db.DB, at(), Run{WorkspaceID: ws.ID, FromPeriod: "2024-04", ToPeriod: "2024-06"}, res); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.ReportMetric(float64(len(res.Rows)), "rows/run")
}

// BenchmarkRunRows50k opens a saved run of synthetic(50000, 42): every row read, unpacked and
// decoded with the workspace's decisions laid over it (RunRows, as the window and recon show do).
func BenchmarkRunRows50k(b *testing.B) {
	res, db := bench50k(b)
	ctx := context.Background()
	ws, err := db.CreateWorkspace(ctx, store.Workspace{Name: "Bench"})
	if err != nil {
		b.Fatal(err)
	}
	run, err := SaveRun(ctx, db.DB, at(), Run{WorkspaceID: ws.ID, FromPeriod: "2024-04", ToPeriod: "2024-06"}, res)
	if err != nil {
		b.Fatal(err)
	}
	var size int64
	if err := db.QueryRowContext(ctx, `SELECT sum(length(data)) FROM recon_rows WHERE run_id = ?`, run.ID).Scan(&size); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	benchcpu.Report(b, func() {
		for i := 0; i < b.N; i++ {
			rows, err := RunRows(ctx, db.DB, run.ID, "")
			if err != nil || len(rows) != len(res.Rows) {
				b.Fatalf("%d rows, %v", len(rows), err)
			}
		}
	})
	b.ReportMetric(float64(size)/float64(len(res.Rows)), "stored-bytes/row")
}

// bench50k is the result of the 50,000-row reconciliation of synthetic(50000, 42) and a fresh
// database, closed when the benchmark ends.
func bench50k(b *testing.B) (Result, *store.DB) {
	books, twoA := synthetic(50000, 42)
	res := Match(books, twoA, DefaultOptions())
	db, err := store.Open(context.Background(), b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	return res, db
}
