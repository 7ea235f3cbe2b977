package reconcile

import (
	"context"
	"fmt"
	"testing"
	"time"

	"gstdesk/backend/benchcpu"
	"gstdesk/backend/gstr2a"
	"gstdesk/backend/gstr2a/gstr2atest"
)

// BenchmarkITCRiskYear builds the ITC calendar of a large client's year as the window does
// (StartITCRisk's work, ITCRiskView's trim): twelve months of GSTR-2A of 1,00,000 invoices each
// (12 lakh in all, a fifth of them from suppliers who had not filed GSTR-3B: Rule 37A items), no
// register. It reports the time of each stage the job's progress names (ms per op): the 2B, the 2A,
// the suppliers' status and IMS, the register, the match and the calendar itself.
func BenchmarkITCRiskYear(b *testing.B) {
	const perMonth = 100000
	s := openService(b)
	ctx := context.Background()
	ws := s.core.Workspace()
	for k := 0; k < 12; k++ {
		y, m := 2022, 4+k
		if m > 12 {
			y, m = 2023, m-12
		}
		if _, err := gstr2a.Ingest(ctx, s.core.DB.DB, gstr2a.IngestRequest{WorkspaceID: ws.ID, GSTIN: ws.GSTIN, Period: fmt.Sprintf("%04d-%02d", y, m),
			FetchedAt: time.Now(), Raw: gstr2atest.Listing(perMonth, uint64(k+1))}, nil); err != nil {
			b.Fatal(err)
		}
	}
	// The job's steps by stage: the 2B, twelve months of 2A, the status and IMS, the register, the match, the build.
	names := []string{"2b", "2a", "status-ims", "register", "match", "build"}
	stageOf := func(step int) int {
		switch {
		case step == 1:
			return 0
		case step <= 13:
			return 1
		default:
			return step - 12
		}
	}
	// "first" is the first calendar since the database was opened (every pull read); "again" a
	// later one (after any write: the pulls' Rule 37A documents are kept, only the rest is read).
	for _, run := range []string{"first", "again"} {
		b.Run(run, func(b *testing.B) {
			stage := make([]time.Duration, len(names))
			benchcpu.Report(b, func() {
				for i := 0; i < b.N; i++ {
					last := time.Now()
					c, err := s.itcRisk(ctx, "FY 2022-23", Register{}, func(done, total int) {
						if done > 0 {
							stage[stageOf(done)] += time.Since(last)
						}
						last = time.Now()
					})
					if err != nil {
						b.Fatal(err)
					}
					v := c.Trim(500)
					if c.Count < perMonth || v.Listed >= v.Count {
						b.Fatalf("%d items, %d listed", c.Count, v.Listed)
					}
				}
			})
			for k, n := range names {
				b.ReportMetric(float64(stage[k].Milliseconds())/float64(b.N), n+"-ms/op")
			}
		})
	}
}
