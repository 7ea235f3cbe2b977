package overview_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"gstdesk/backend/desk"
	"gstdesk/backend/desk/core/coretest"
	"gstdesk/backend/desk/overview"
	"gstdesk/backend/desk/reconcile"
	"gstdesk/backend/gstr2a"
	"gstdesk/backend/gstr2a/gstr2atest"
	"gstdesk/backend/gstr2b"
	"gstdesk/backend/itcrisk"
	"gstdesk/backend/period"
)

// TestWeekKeptAsRead: the week read again after each write, with what the desk keeps in memory
// (each 2A pull's Rule 37A documents, each 2B pull's documents, the calendars by their input),
// is the week a desk opened afresh on the same data reads (nothing kept), over generated
// workspaces: a year of 2A with non-filers and a cancelled supplier and a few months of 2B, then
// a new 2B, a 2A pull again, a claim held and nothing.
func TestWeekKeptAsRead(t *testing.T) {
	ctx := context.Background()
	for seed := uint64(1); seed <= 3; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 300))
			dir := t.TempDir()
			c, _ := coretest.OpenAt(t, dir, nil, nil)
			dk := desk.New(c)
			ws := c.Workspace()
			today, _ := period.ParseMonth(itcrisk.Today(c.Now())[:7])
			month := func(n int) string {
				return time.Date(today.Year, today.Month+time.Month(n), 1, 0, 0, 0, 0, time.UTC).Format("2006-01")
			}
			pull2A := func(p string) {
				if _, err := gstr2a.Ingest(ctx, c.DB.DB, gstr2a.IngestRequest{WorkspaceID: ws.ID, GSTIN: ws.GSTIN, Period: p,
					FetchedAt: time.Now(), Raw: gstr2atest.Listing(250+rng.IntN(500), rng.Uint64())}, nil); err != nil {
					t.Fatal(err)
				}
			}
			pull2B := func(p string) {
				if _, err := gstr2b.Save(ctx, c.DB.DB, gstr2b.SaveRequest{WorkspaceID: ws.ID, GSTIN: ws.GSTIN, Source: gstr2b.SourceAPI,
					Raw: twoBMonth(ws.GSTIN, p, 200*(1+rng.IntN(3))), FetchedAt: time.Now()}); err != nil {
					t.Fatal(err)
				}
			}
			for i := -14; i < 0; i++ {
				pull2A(month(i))
			}
			for i := -4; i < -1; i++ {
				pull2B(month(i))
			}
			writes := []func(){
				func() {},
				func() { pull2B(month(-1)) },
				func() { pull2A(month(-3 - rng.IntN(8))) },
				func() { pull2B(month(-2)) },
				func() { // a document of last month's 2B held: its claim moves out of the month
					if _, err := dk.Recon.SetClaim(ctx, reconcile.ClaimRequest{Supplier: gstr2atest.GSTIN(0),
						Number: fmt.Sprintf("B/%s/%d/%06d", month(-1)[5:]+month(-1)[:4], 0, rng.IntN(200)), State: "hold", Period: month(-1)}); err != nil {
						t.Fatal(err)
					}
				},
				func() {}, // nothing written: the kept week
			}
			for k, write := range writes {
				write()
				kept, err := dk.Overview.ThisWeek(ctx)
				if err != nil {
					t.Fatal(err)
				}
				c2, _ := coretest.OpenAt(t, dir, nil, nil) // a second desk on the same data: nothing kept
				overview.SetKeepWeek(false)                // (nor read from the database)
				fresh, err := desk.New(c2).Overview.ThisWeek(ctx)
				overview.SetKeepWeek(true)
				c2.DB.Close()
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(kept, fresh) {
					t.Errorf("write %d: the kept week differs from a fresh read:\n%+v\n%+v", k, kept, fresh)
				}
				if kept.Rule37ATotal == 0 || kept.Claim == nil {
					t.Errorf("write %d: nothing to compare (Rule 37A %v, claim %v)", k, kept.Rule37ATotal, kept.Claim)
				}
			}
		})
	}
}
