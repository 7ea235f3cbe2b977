package gstr2a

import (
	"context"
	"gstdesk/backend/store"
	"reflect"
	"testing"
)

// TestMemIndexMatchesSQL checks that pages answered from the in-memory index equal the pages the
// SQL path gives, for every sort key, both directions, several filters, pages and scopes.
func TestMemIndexMatchesSQL(t *testing.T) {
	db := openDB(t)
	ctx := context.Background()
	ingest(t, db, "w1", "2024-01", 0, genListing(500, 31))
	ingest(t, db, "w1", "2024-02", 1, genListing(200, 32))
	ingest(t, db, "w1", "2024-02", 2, genListing(150, 33)) // a second pull of the same period
	snaps, err := Snapshots(ctx, db, "w1", "2024-02")
	if err != nil {
		t.Fatal(err)
	}
	jan, err := LatestSnapshot(ctx, db, "w1", "2024-01")
	if err != nil {
		t.Fatal(err)
	}
	names := func(gstins []string) map[string]string {
		out := map[string]string{}
		for _, g := range gstins {
			if (g[10]-'0')%3 != 0 {
				out[g] = "Supplier " + g[4:7]
			}
		}
		return out
	}
	scopes := []Scope{
		{WorkspaceID: "w1", Periods: []string{"2024-01"}},
		{WorkspaceID: "w1", Periods: []string{"2024-01", "2024-02"}},
		{WorkspaceID: "w1", SnapshotIDs: []string{snaps[0].ID, snaps[1].ID, jan.ID}},
	}
	r18, r28, r5 := 18.0, 28.0, 5.0
	filters := []InvoiceFilter{
		{},
		{Supplier: "aab"},
		{Supplier: "supplier a", SupplierFiled: "N"},
		{SupplierFiled3B: "y"},
		{Number: "/1"},
		{Number: "inv"},
		{DateFrom: "2024-01-05", DateTo: "12/01/2024"},
		{Rate: &r18, ReverseCharge: "y"},
		{Rate: &r28, EInvoice: "Y"},
		{Rate: &r5, EInvoice: "n", Type: "r"},
		{POS: " 27 "},
		{Period: "2024-02"},
		{Period: "2023-02"},
	}
	sorts := append(SortKeys(), "")
	pages := []struct{ off, lim int }{{0, 50}, {37, 13}, {180, 100}, {0, 7}, {5000, 10}}
	memIndex = true
	defer func() { memIndex = true }()
	n := 0
	for sci, sc := range scopes {
		for fi, f := range filters {
			for si, key := range sorts {
				if testing.Short() && (fi+si)%4 != 0 {
					continue // -short (the race run): a sample; the full run compares every combination
				}
				if sci < len(scopes)-1 && (si+fi)%3 != 0 {
					continue // the simpler scopes on a third of the combinations
				}
				// One query per (scope, filter, sort): direction and page vary with the combination.
				desc := (si+fi)%2 == 1
				pg := pages[(si+fi+sci)%len(pages)]
				q := InvoiceQuery{Filter: f, Sort: key, Desc: desc, Offset: pg.off, Limit: pg.lim}
				memIndex = true
				got, err := Invoices(ctx, db, sc, q, names)
				if err != nil {
					t.Fatal(err)
				}
				memIndex = false
				want, err := Invoices(ctx, db, sc, q, names)
				if err != nil {
					t.Fatal(err)
				}
				n++
				if !reflect.DeepEqual(got, want) {
					t.Errorf("scope %v filter %+v query %+v: in-memory page differs from SQL: %d rows, total %d, totals %+v; want %d rows, total %d, totals %+v",
						sc, f, q, len(got.Rows), got.Total, got.Totals, len(want.Rows), want.Total, want.Totals)
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no query compared")
	}
}

// TestMemIndexErrors checks that bad filters and sort keys give the SQL path's errors.
func TestMemIndexErrors(t *testing.T) {
	db := openDB(t)
	ctx := context.Background()
	ingest(t, db, "w1", "2024-01", 0, genListing(60, 3))
	sc := Scope{WorkspaceID: "w1", Periods: []string{"2024-01"}}
	for _, q := range []InvoiceQuery{
		{Filter: InvoiceFilter{SupplierFiled: "maybe"}},
		{Filter: InvoiceFilter{DateFrom: "31/31/2024"}},
		{Filter: InvoiceFilter{EInvoice: "x"}},
		{Sort: "colour"},
	} {
		q.Limit = 10
		memIndex = true
		_, got := Invoices(ctx, db, sc, q, nil)
		memIndex = false
		_, want := Invoices(ctx, db, sc, q, nil)
		memIndex = true
		if got == nil || want == nil || got.Error() != want.Error() {
			t.Errorf("query %+v: error %v, want %v", q, got, want)
		}
	}
}

// TestMemIndexDroppedOnDelete checks that a deleted snapshot's index is forgotten.
func TestMemIndexDroppedOnDelete(t *testing.T) {
	db := openDB(t)
	ctx := context.Background()
	ingest(t, db, "w1", "2024-01", 0, genListing(60, 3))
	s, err := LatestSnapshot(ctx, db, "w1", "2024-01")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Invoices(ctx, db, Scope{WorkspaceID: "w1", Periods: []string{"2024-01"}}, InvoiceQuery{Limit: 5}, nil); err != nil {
		t.Fatal(err)
	}
	cached := func() bool {
		c := cacheOf(db)
		c.mu.Lock()
		defer c.mu.Unlock()
		_, ok := c.entries[indexKey{s.ID}]
		return ok
	}
	if !cached() {
		t.Fatal("the snapshot's index was not kept after a page")
	}
	if err := DeleteSnapshot(ctx, db, s.ID); err != nil {
		t.Fatal(err)
	}
	if cached() {
		t.Error("the deleted snapshot's index is still kept")
	}
}

// TestMemIndexReadsAlike: the index read straight through the driver (a connection, as the review
// queries give it) and read through database/sql (the pool) are the same, NULL IRNs included.
func TestMemIndexReadsAlike(t *testing.T) {
	db := openDB(t)
	ctx := context.Background()
	ingest(t, db, "w1", "2024-01", 0, genListing(300, 7))
	s, err := LatestSnapshot(ctx, db, "w1", "2024-01")
	if err != nil {
		t.Fatal(err)
	}
	c, err := store.BigCacheConn(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	viaDriver, err := loadIndex(ctx, c, &s)
	if err != nil {
		t.Fatal(err)
	}
	viaPool, err := loadIndex(ctx, db, &s)
	if err != nil {
		t.Fatal(err)
	}
	nulls := 0
	for _, ok := range viaPool.hasIRN {
		if !ok {
			nulls++
		}
	}
	if nulls == 0 || nulls == len(viaPool.hasIRN) {
		t.Fatalf("%d of %d invoices without an IRN: the listing should have both", nulls, len(viaPool.hasIRN))
	}
	if !reflect.DeepEqual(viaDriver, viaPool) {
		t.Error("the index read through the driver differs from the one read through database/sql")
	}
}
