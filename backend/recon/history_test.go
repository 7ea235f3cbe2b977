package recon

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"gstdesk/backend/apperr"
)

// bulkResult is a result of n rows, each a Missing-in-2A invoice, as a big register gives.
func bulkResult(n int) Result {
	res := Result{Options: DefaultOptions()}
	for i := 0; i < n; i++ {
		inv := &Invoice{SupplierGSTIN: "27AAPFU0939F1ZV", SupplierName: strings.Repeat("Supplier name ", 8), Number: fmt.Sprintf("INV/%06d", i),
			Date: "2024-07-05", Value: 118000, Taxable: 100000, CGST: 9000, SGST: 9000, RowRef: fmt.Sprintf("p.csv row %d", i+2)}
		res.Rows = append(res.Rows, Row{Status: MissingIn2A, Books: inv, Period: "2024-07", Key: fmt.Sprintf("k%d", i)})
	}
	return res
}

// TestRunHistoryBounded: saving runs keeps the newest KeepRuns of a workspace and periods plus the
// pinned ones, removes the rest with their rows, leaves other periods alone, and gives the space
// back, so the database stops growing run after run.
func TestRunHistoryBounded(t *testing.T) {
	ctx := context.Background()
	db, ws := openDB(t)
	res := bulkResult(2000)
	july := Run{WorkspaceID: ws, FromPeriod: "2024-07", ToPeriod: "2024-07"}
	august := Run{WorkspaceID: ws, FromPeriod: "2024-08", ToPeriod: "2024-08"}
	other, err := SaveRun(ctx, db.DB, at(), august, res)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	var sizes []int64
	for i := 0; i < KeepRuns+4; i++ {
		r, err := SaveRun(ctx, db.DB, at(), july, res)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, r.ID)
		if i == 0 {
			if err := PinRun(ctx, db.DB, r.ID, true); err != nil {
				t.Fatal(err)
			}
		}
		var pages int64 // the database's size in pages (the file catches up at the WAL checkpoint)
		db.QueryRow(`PRAGMA page_count`).Scan(&pages)
		sizes = append(sizes, pages)
	}
	runs, err := Runs(ctx, db.DB, ws)
	if err != nil {
		t.Fatal(err)
	}
	kept := map[string]bool{}
	for _, r := range runs {
		kept[r.ID] = true
		if r.Pinned != (r.ID == ids[0]) {
			t.Errorf("run %s pinned = %v", r.ID, r.Pinned)
		}
	}
	want := append([]string{other.ID, ids[0]}, ids[len(ids)-KeepRuns:]...)
	if len(runs) != len(want) {
		t.Errorf("%d runs kept, want %d (the other period, the pinned run, the newest %d)", len(runs), len(want), KeepRuns)
	}
	for _, id := range want {
		if !kept[id] {
			t.Errorf("run %s was removed", id)
		}
	}
	var rows, orphans int
	db.QueryRow(`SELECT count(*) FROM recon_rows`).Scan(&rows)
	db.QueryRow(`SELECT count(*) FROM recon_rows WHERE run_id NOT IN (SELECT id FROM recon_runs)`).Scan(&orphans)
	if rows != len(want)*len(res.Rows) || orphans != 0 {
		t.Errorf("%d rows stored (%d of removed runs), want %d", rows, orphans, len(want)*len(res.Rows))
	}
	// The file stops growing once the history is full: the removed runs' space is given back.
	last := sizes[len(sizes)-1]
	full := sizes[KeepRuns] // after the sixth run, the first removal
	if last > full+full/10 {
		t.Errorf("database grew from %d to %d pages over runs that each removed one", full, last)
	}
	var free int64
	db.QueryRow(`PRAGMA freelist_count`).Scan(&free)
	if free > 16 {
		t.Errorf("%d free pages left in the file, want them given back", free)
	}

	// Unpinned, the old run goes at the next save.
	if err := PinRun(ctx, db.DB, ids[0], false); err != nil {
		t.Fatal(err)
	}
	if _, err := SaveRun(ctx, db.DB, at(), july, res); err != nil {
		t.Fatal(err)
	}
	if _, err := GetRun(ctx, db.DB, ids[0]); apperr.KindOf(err) != apperr.NotFound {
		t.Errorf("unpinned run still there (%v)", err)
	}
	if err := PinRun(ctx, db.DB, "no-such-run", true); apperr.KindOf(err) != apperr.NotFound {
		t.Errorf("pin of an unknown run: %v", err)
	}
}
