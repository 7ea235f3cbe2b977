package backup

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	"gstdesk/backend/benchcpu"
	"gstdesk/backend/gstr2a"
	"gstdesk/backend/gstr2a/gstr2atest"
)

// BenchmarkIngest100k: gstr2a.Ingest of a 100,000-invoice GSTR-2A answer (gstr2atest.Listing,
// the data of gstr2a's own Ingest100k benchmark) into a gstdesk database, without replication
// ("plain") and while the data folder replicates continuously to a folder target with the
// replicator the window runs (default intervals). ns/op is the ingest's wall time and cpu-ms/op
// the process's CPU time (every thread) while it ran. In "replicating" each ingest is then
// followed, timer stopped, by the wait until the target holds it, as pulls minutes apart would
// be (one ingest's shipping does not overlap the next): ship-ms/op is the time from the commit
// until the status said so (the status is read once a second) and ship-cpu-ms/op the CPU time
// spent meanwhile, Litestream reading the WAL and writing the ingest to the target.
func BenchmarkIngest100k(b *testing.B) {
	raw := gstr2atest.Listing(100_000, 1)
	for _, replicating := range []bool{false, true} {
		name := "plain"
		if replicating {
			name = "replicating"
		}
		b.Run(name, func(b *testing.B) {
			ctx := context.Background()
			l := openLive(b)
			var rep *Replicator
			if replicating {
				rep = New(Config{Path: l.db.Path, Dir: l.db.Dir, Targets: []Target{folderTarget(b, "nas")}, DatabaseID: l.id, DeskID: l.desk.ID, By: "window"})
				if err := rep.Start(ctx); err != nil {
					b.Fatal(err)
				}
				defer rep.Stop(time.Minute)
				waitReplicated(b, rep, 0)
			}
			var cpu, ship, shipCPU time.Duration
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				cpu0 := benchcpu.Used()
				var before uint64
				if rep != nil {
					before = rep.Status().Targets[0].ReplicatedTXID
				}
				if _, err := gstr2a.Ingest(ctx, l.db.DB, gstr2a.IngestRequest{WorkspaceID: "ws", GSTIN: "27AAPFU0939F1ZV",
					Period: "2024-01", FetchedAt: time.Unix(int64(i+1), 0), Raw: raw}, nil); err != nil {
					b.Fatal(err)
				}
				cpu1 := benchcpu.Used()
				cpu += cpu1 - cpu0
				if rep != nil {
					b.StopTimer()
					committed := time.Now()
					waitReplicated(b, rep, before)
					ship += time.Since(committed)
					shipCPU += benchcpu.Used() - cpu1
					b.StartTimer()
				}
			}
			b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
			if rep != nil {
				b.ReportMetric(float64(ship.Microseconds())/1000/float64(b.N), "ship-ms/op")
				b.ReportMetric(float64(shipCPU.Microseconds())/1000/float64(b.N), "ship-cpu-ms/op")
			}
		})
	}
}

// waitReplicated waits until the replicator's status says its first target holds every
// committed transaction, one past after (the TXID it held before the write waited for) at least.
func waitReplicated(b *testing.B, rep *Replicator, after uint64) {
	b.Helper()
	for {
		s := rep.Status().Targets[0]
		if s.State == StateFailing {
			b.Fatalf("replication fails: %s", s.Error)
		}
		if s.ReplicatedTXID > after && s.ReplicatedTXID == s.LocalTXID {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// BenchmarkTimeToReplica: how long a committed write takes to reach a folder replica at the
// default sync interval (1 s). ms/median is the median over b.N writes of the time until the
// folder holds the write (ReplicaTXID, read every 5 ms); status-ms/median the time until the
// replicator's status said so, which is what the status bar shows (the status is read once a
// second, so it says so up to a second later).
func BenchmarkTimeToReplica(b *testing.B) {
	ctx := context.Background()
	l := openLive(b)
	tg := folderTarget(b, "nas")
	rep := New(Config{Path: l.db.Path, Dir: l.db.Dir, Targets: []Target{tg}, DatabaseID: l.id, DeskID: l.desk.ID})
	if err := rep.Start(ctx); err != nil {
		b.Fatal(err)
	}
	defer rep.Stop(10 * time.Second)
	l.insert(b, 1)
	waitReplicated(b, rep, 0)
	c := openClient(b, tg)
	var took, told []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		before := rep.Status().Targets[0].ReplicatedTXID
		start := time.Now()
		if _, err := l.db.Exec(`INSERT INTO bk_rows(note) VALUES ('one')`); err != nil {
			b.Fatal(err)
		}
		var reached, said time.Duration
		for reached == 0 || said == 0 {
			if reached == 0 {
				txid, err := ReplicaTXID(ctx, tg, c)
				if err != nil {
					b.Fatal(err)
				}
				if txid > before {
					reached = time.Since(start)
				}
			}
			if said == 0 && rep.Status().Targets[0].ReplicatedTXID > before {
				said = time.Since(start)
			}
			time.Sleep(5 * time.Millisecond)
		}
		took, told = append(took, reached), append(told, said)
	}
	b.StopTimer()
	slices.Sort(took)
	slices.Sort(told)
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "ms/median")
	b.ReportMetric(float64(told[len(told)/2].Microseconds())/1000, "status-ms/median")
}

// BenchmarkRestore: restore of a large database from a folder target; GSTDESK_BENCH_RESTORE_MB
// sets its size (default 1024).
func BenchmarkRestore(b *testing.B) {
	ctx := context.Background()
	mb := 1024
	if v, err := strconv.Atoi(os.Getenv("GSTDESK_BENCH_RESTORE_MB")); err == nil && v > 0 {
		mb = v
	}
	l := openLive(b)
	if _, err := l.db.Exec(`CREATE TABLE bk_blobs (id INTEGER PRIMARY KEY, b BLOB NOT NULL)`); err != nil {
		b.Fatal(err)
	}
	// Random blobs do not compress: the replica is as large as the database.
	for done := 0; done < mb; done += 64 {
		if _, err := l.db.Exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM n WHERE i < 16384)
			INSERT INTO bk_blobs(b) SELECT randomblob(4000) FROM n`); err != nil {
			b.Fatal(err)
		}
	}
	tg := folderTarget(b, "nas")
	if _, err := l.replicator(tg).SyncOnce(ctx); err != nil {
		b.Fatal(err)
	}
	c := openClient(b, tg)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r, err := Restore(ctx, tg, c, filepath.Join(b.TempDir(), "r"), l.db.Dir, time.Time{})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(r.Bytes)/1e6, "MB")
	}
}
