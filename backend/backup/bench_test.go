package backup

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"
)

// ingest inserts n invoice-like rows in one transaction (the shape of a GSTR-2A ingest's write).
func benchIngest(b *testing.B, l *live, n int) {
	tx, err := l.db.Begin()
	if err != nil {
		b.Fatal(err)
	}
	stmt, err := tx.Prepare(`INSERT INTO bk_rows(note) VALUES (?)`)
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < n; i++ {
		if _, err := stmt.Exec("27AAPFU0939F1ZV INV/" + strconv.Itoa(i) + " 12,34,567.00 IGST 18%"); err != nil {
			b.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkIngest100k: a 100,000-row ingest in one transaction without replication and while the
// data folder replicates continuously to a folder target (Litestream's default 1 s interval).
func BenchmarkIngest100k(b *testing.B) {
	for _, replicating := range []bool{false, true} {
		name := "plain"
		if replicating {
			name = "replicating"
		}
		b.Run(name, func(b *testing.B) {
			l := openLive(b)
			if replicating {
				rep := New(Config{Path: l.db.Path, Dir: l.db.Dir, Targets: []Target{folderTarget(b, "nas")}, DatabaseID: l.id, DeskID: l.desk.ID})
				if err := rep.Start(context.Background()); err != nil {
					b.Fatal(err)
				}
				defer rep.Stop(10 * time.Second)
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				benchIngest(b, l, 100000)
			}
		})
	}
}

// BenchmarkTimeToReplica: how long a committed write takes to reach a folder replica at the
// default sync interval (1 s); reports the median over b.N writes as ms/median.
func BenchmarkTimeToReplica(b *testing.B) {
	ctx := context.Background()
	l := openLive(b)
	rep := New(Config{Path: l.db.Path, Dir: l.db.Dir, Targets: []Target{folderTarget(b, "nas")}, DatabaseID: l.id, DeskID: l.desk.ID})
	if err := rep.Start(ctx); err != nil {
		b.Fatal(err)
	}
	defer rep.Stop(10 * time.Second)
	l.insert(b, 1)
	var took []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		before := rep.Status().Targets[0].ReplicatedTXID
		start := time.Now()
		if _, err := l.db.Exec(`INSERT INTO bk_rows(note) VALUES ('one')`); err != nil {
			b.Fatal(err)
		}
		for rep.Status().Targets[0].ReplicatedTXID <= before {
			time.Sleep(2 * time.Millisecond)
		}
		took = append(took, time.Since(start))
	}
	b.StopTimer()
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "ms/median")
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
