package gstr2a

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/store"
)

const testGSTIN = "27AAPFU0939F1ZV"

func openDB(t testing.TB) *sql.DB {
	t.Helper()
	db, err := store.Open(context.Background(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db.DB
}

var baseTime = time.Date(2024, 2, 20, 10, 0, 0, 0, time.UTC)

// ingest stores raw for a period at baseTime + minutes.
func ingest(t testing.TB, db *sql.DB, ws, period string, minutes int, raw []byte) Snapshot {
	t.Helper()
	snap, err := Ingest(context.Background(), db, IngestRequest{WorkspaceID: ws, GSTIN: testGSTIN, Period: period,
		FetchedAt: baseTime.Add(time.Duration(minutes) * time.Minute), TransactionID: "tx-" + period,
		ServerTime: baseTime.Add(time.Duration(minutes)*time.Minute - time.Second), Raw: raw}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return snap
}

// ingestEmpty stores, for a period at baseTime + minutes, the service's "no data" answer.
func ingestEmpty(t testing.TB, db *sql.DB, ws, period string, minutes int) Snapshot {
	t.Helper()
	snap, err := Ingest(context.Background(), db, IngestRequest{WorkspaceID: ws, GSTIN: testGSTIN, Period: period,
		FetchedAt: baseTime.Add(time.Duration(minutes) * time.Minute), TransactionID: "tx-" + period,
		ServerTime: baseTime.Add(time.Duration(minutes)*time.Minute - time.Second), Empty: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return snap
}

// tableCounts counts the rows of every gstr2a table.
func tableCounts(t testing.TB, db *sql.DB) map[string]int {
	t.Helper()
	out := map[string]int{}
	for _, tbl := range []string{"gstr2a_snapshots", "gstr2a_snapshot_raw", "gstr2a_rate_totals", "gstr2a_suppliers", "gstr2a_invoices", "gstr2a_items"} {
		var n int
		if err := db.QueryRow(`SELECT count(*) FROM ` + tbl).Scan(&n); err != nil {
			t.Fatal(err)
		}
		out[tbl] = n
	}
	return out
}

func TestSaveRawAndLoadListing(t *testing.T) {
	db := openDB(t)
	ctx := context.Background()
	raw := readFile(t, "testdata/b2b-from-spec.json")
	l, err := Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	id, err := Save(ctx, db, SaveRequest{WorkspaceID: "w1", GSTIN: testGSTIN, Period: "2023-10", FetchedAt: baseTime,
		TransactionID: "28ddcef3-cea8-449b-bc59-7aac885e6216", ServerTime: time.UnixMilli(1763446641000), Listing: l})
	if err != nil {
		t.Fatal(err)
	}
	snap, err := SnapshotByID(ctx, db, id)
	if err != nil {
		t.Fatal(err)
	}
	if snap.Invoices != 1 || snap.Suppliers != 1 || snap.Items != 1 || snap.Status != StatusComplete ||
		snap.TransactionID != "28ddcef3-cea8-449b-bc59-7aac885e6216" || !snap.ServerTime.Equal(time.UnixMilli(1763446641000)) ||
		!snap.FetchedAt.Equal(baseTime) || snap.Totals.Value != 1 || snap.Totals.Taxable != 1 || snap.GSTIN != testGSTIN {
		t.Errorf("snapshot = %+v", snap)
	}
	got, err := RawListing(ctx, db, id)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, raw) {
		t.Errorf("raw = %s, want %s", got, raw)
	}
	back, err := LoadListing(ctx, db, id)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(back)
	if !sameJSON(b, raw) {
		t.Errorf("rebuilt listing = %s, want %s", b, raw)
	}
	if _, err := RawListing(ctx, db, "nope"); apperr.KindOf(err) != apperr.NotFound {
		t.Errorf("RawListing(unknown) = %v, want not found", err)
	}
}

func TestLoadListingRebuildsEveryField(t *testing.T) {
	db := openDB(t)
	raw := genListing(600, 9)
	want, err := Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	snap := ingest(t, db, "w1", "2024-01", 0, raw)
	got, err := LoadListing(context.Background(), db, snap.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(normalise(got), normalise(want)) {
		gb, _ := json.Marshal(got)
		wb, _ := json.Marshal(want)
		t.Fatalf("rebuilt listing differs:\n%.400s\nwant\n%.400s", gb, wb)
	}
	// The snapshot's totals are the sums of the invoices.
	var sum Amounts
	for _, s := range want.B2B {
		for i := range s.Invoices {
			sum.add(s.Invoices[i].Amounts())
		}
	}
	if snap.Totals != sum || snap.Invoices != 600 {
		t.Errorf("totals = %+v (%d invoices), want %+v", snap.Totals, snap.Invoices, sum)
	}
}

func TestSnapshotsKeepHistoryAndLatest(t *testing.T) {
	db := openDB(t)
	ctx := context.Background()
	first := ingest(t, db, "w1", "2024-01", 0, genListing(50, 1))
	second := ingest(t, db, "w1", "2024-01", 10, genListing(60, 2))
	// A filtered pull later still does not stand for the period.
	filtered, err := Ingest(ctx, db, IngestRequest{WorkspaceID: "w1", GSTIN: testGSTIN, Period: "2024-01",
		Filters: Filters{Supplier: genGSTIN(0)}, FetchedAt: baseTime.Add(20 * time.Minute), Raw: genListing(3, 3)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	other := ingest(t, db, "w2", "2024-01", 30, genListing(5, 4)) // another workspace
	feb := ingestEmpty(t, db, "w1", "2024-02", 40)                // pulled, no data
	// An answer marked empty may carry a null payload.
	empty, err := Ingest(ctx, db, IngestRequest{WorkspaceID: "w1", GSTIN: testGSTIN, Period: "2024-04",
		FetchedAt: baseTime.Add(41 * time.Minute), Raw: []byte(" null "), Empty: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if empty.Status != StatusEmpty || empty.Invoices != 0 {
		t.Errorf("null answer stored as %+v", empty)
	}

	snaps, err := Snapshots(ctx, db, "w1", "2024-01")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, s := range snaps {
		ids = append(ids, s.ID)
	}
	if want := []string{filtered.ID, second.ID, first.ID}; !reflect.DeepEqual(ids, want) {
		t.Errorf("snapshots = %v, want %v", ids, want)
	}
	if snaps[2].Invoices != 50 || snaps[1].Invoices != 60 || snaps[0].Filters.Supplier != genGSTIN(0) {
		t.Errorf("counts = %d, %d; filters %+v", snaps[2].Invoices, snaps[1].Invoices, snaps[0].Filters)
	}
	latest, err := LatestSnapshot(ctx, db, "w1", "2024-01")
	if err != nil || latest.ID != second.ID {
		t.Errorf("latest = %v, %v; want the second full pull", latest.ID, err)
	}
	if l, err := LatestSnapshot(ctx, db, "w2", "2024-01"); err != nil || l.ID != other.ID {
		t.Errorf("latest w2 = %v, %v", l.ID, err)
	}
	if l, err := LatestSnapshot(ctx, db, "w1", "2024-02"); err != nil || l.ID != feb.ID || l.Status != StatusEmpty || l.Invoices != 0 {
		t.Errorf("empty period latest = %+v, %v", l, err)
	}
	if _, err := LatestSnapshot(ctx, db, "w1", "2024-03"); apperr.KindOf(err) != apperr.NotFound {
		t.Errorf("never pulled = %v, want not found", err)
	}
	periods, err := Periods(ctx, db, "w1")
	if err != nil {
		t.Fatal(err)
	}
	if len(periods) != 3 || periods[0].Period != "2024-04" {
		t.Fatalf("periods = %+v", periods)
	}
	periods = periods[1:]
	if len(periods) != 2 || periods[0].Period != "2024-02" || periods[0].Pulls != 1 || periods[0].Latest.Status != StatusEmpty ||
		periods[1].Period != "2024-01" || periods[1].Pulls != 3 || periods[1].Latest.ID != second.ID ||
		!periods[1].LastFetchedAt.Equal(baseTime.Add(20*time.Minute)) {
		t.Errorf("periods = %+v", periods)
	}
	// The earlier pull is still whole.
	l, err := LoadListing(ctx, db, first.ID)
	if err != nil || l.InvoiceCount() != 50 {
		t.Errorf("first pull now has %d invoices (%v)", l.InvoiceCount(), err)
	}
}

func TestFilteredOnlyPeriodFallsBack(t *testing.T) {
	db := openDB(t)
	snap, err := Ingest(context.Background(), db, IngestRequest{WorkspaceID: "w1", GSTIN: testGSTIN, Period: "2024-01",
		Filters: Filters{From: "05/01/2024"}, FetchedAt: baseTime, Raw: genListing(3, 3)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	latest, err := LatestSnapshot(context.Background(), db, "w1", "2024-01")
	if err != nil || latest.ID != snap.ID || latest.Filters.From != "05/01/2024" || latest.Filters.Full() {
		t.Errorf("latest = %+v, %v", latest, err)
	}
}

func TestSaveFailureLeavesEarlierSnapshotWhole(t *testing.T) {
	db := openDB(t)
	ctx := context.Background()
	old := ingest(t, db, "w1", "2024-01", 0, genListing(3000, 1))
	before := tableCounts(t, db)
	oldListing, err := LoadListing(ctx, db, old.ID)
	if err != nil {
		t.Fatal(err)
	}

	t.Run("injected failure", func(t *testing.T) {
		saveHook = func(n int) error {
			if n >= 2000 {
				return errors.New("disk on fire")
			}
			return nil
		}
		defer func() { saveHook = nil }()
		_, err := Ingest(ctx, db, IngestRequest{WorkspaceID: "w1", GSTIN: testGSTIN, Period: "2024-01", FetchedAt: baseTime.Add(time.Hour), Raw: genListing(5000, 2)}, nil)
		if err == nil || apperr.KindOf(err) != apperr.Internal {
			t.Fatalf("err = %v, want an internal error", err)
		}
	})
	t.Run("cancelled mid-way", func(t *testing.T) {
		cctx, cancel := context.WithCancel(ctx)
		defer cancel()
		var seen []int
		_, err := Ingest(cctx, db, IngestRequest{WorkspaceID: "w1", GSTIN: testGSTIN, Period: "2024-01", FetchedAt: baseTime.Add(time.Hour), Raw: genListing(5000, 2)},
			func(done, total int) {
				seen = append(seen, done)
				if done >= 2000 {
					cancel()
				}
			})
		if apperr.KindOf(err) != apperr.Canceled {
			t.Fatalf("err = %v, want cancelled", err)
		}
		if len(seen) == 0 || seen[0] != 2000 {
			t.Errorf("progress = %v", seen)
		}
	})
	t.Run("malformed late in the answer", func(t *testing.T) {
		raw := genListing(5000, 2)
		// Break the last invoice's date: the earlier suppliers were already being written.
		i := bytes.LastIndex(raw, []byte(`"idt":"`))
		bad := append(append(append([]byte{}, raw[:i]...), `"idt":"99-99-2024"`...), raw[i+len(`"idt":"01-01-2024"`):]...)
		_, err := Ingest(ctx, db, IngestRequest{WorkspaceID: "w1", GSTIN: testGSTIN, Period: "2024-01", FetchedAt: baseTime.Add(time.Hour), Raw: bad}, nil)
		var fe *FieldError
		if apperr.KindOf(err) != apperr.Invalid || !errors.As(err, &fe) || fe.Field != "idt" || fe.Supplier != 100 || fe.Invoice != 50 {
			t.Fatalf("err = %v (%+v)", err, fe)
		}
	})
	t.Run("malformed listing to Save", func(t *testing.T) {
		l, _ := Parse(genListing(10, 1))
		l.B2B[0].Invoices[3].POS = "X"
		_, err := Save(ctx, db, SaveRequest{FetchedAt: baseTime, WorkspaceID: "w1", GSTIN: testGSTIN, Period: "2024-01", Listing: l})
		if apperr.KindOf(err) != apperr.Invalid {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("bad period", func(t *testing.T) {
		_, err := Ingest(ctx, db, IngestRequest{FetchedAt: baseTime, WorkspaceID: "w1", Period: "2024-13", Raw: genListing(10, 1)}, nil)
		if apperr.KindOf(err) != apperr.Invalid {
			t.Fatalf("err = %v", err)
		}
	})

	if after := tableCounts(t, db); !reflect.DeepEqual(after, before) {
		t.Errorf("rows after failed saves = %v, want %v", after, before)
	}
	latest, err := LatestSnapshot(ctx, db, "w1", "2024-01")
	if err != nil || latest.ID != old.ID {
		t.Fatalf("latest = %v, %v; want the old snapshot", latest.ID, err)
	}
	again, err := LoadListing(ctx, db, old.ID)
	if err != nil || !reflect.DeepEqual(normalise(again), normalise(oldListing)) {
		t.Errorf("old snapshot changed (%v)", err)
	}
	// And the database still takes new pulls.
	ingest(t, db, "w1", "2024-01", 120, genListing(10, 5))
}

func TestDeleteSnapshot(t *testing.T) {
	db := openDB(t)
	ctx := context.Background()
	a := ingest(t, db, "w1", "2024-01", 0, genListing(100, 1))
	before := tableCounts(t, db)
	b := ingest(t, db, "w1", "2024-01", 5, genListing(120, 2))
	if err := DeleteSnapshot(ctx, db, b.ID); err != nil {
		t.Fatal(err)
	}
	if after := tableCounts(t, db); !reflect.DeepEqual(after, before) {
		t.Errorf("after delete = %v, want %v", after, before)
	}
	if l, err := LoadListing(ctx, db, a.ID); err != nil || l.InvoiceCount() != 100 {
		t.Errorf("other snapshot: %d invoices, %v", l.InvoiceCount(), err)
	}
	if err := DeleteSnapshot(ctx, db, b.ID); apperr.KindOf(err) != apperr.NotFound {
		t.Errorf("second delete = %v", err)
	}
}

// TestIngestNeedsEmptyForNoData checks that only an answer the caller marks Empty is stored as a
// period with no invoices: a missing or null payload without the mark is refused, stores nothing
// and leaves the earlier pull the period's latest; a payload marked Empty is refused too.
func TestIngestNeedsEmptyForNoData(t *testing.T) {
	db := openDB(t)
	ctx := context.Background()
	good := ingest(t, db, "w1", "2024-01", 0, genListing(4, 2))
	before := tableCounts(t, db)
	tests := []struct {
		name  string
		raw   []byte
		empty bool
	}{
		{"nil", nil, false},
		{"no bytes", []byte{}, false},
		{"white space", []byte(" \n"), false},
		{"null", []byte("null"), false},
		{"marked empty with invoices", genListing(4, 2), true},
		{"marked empty with an empty list", []byte(`{"b2b":[]}`), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Ingest(ctx, db, IngestRequest{WorkspaceID: "w1", GSTIN: testGSTIN, Period: "2024-01",
				FetchedAt: baseTime.Add(time.Hour), Raw: tt.raw, Empty: tt.empty}, nil)
			if err == nil {
				t.Fatal("stored")
			}
			if !tt.empty && (apperr.KindOf(err) != apperr.Unavailable || !strings.Contains(err.Error(), "data is missing")) {
				t.Errorf("err = %v, want Unavailable: data is missing", err)
			}
		})
	}
	if after := tableCounts(t, db); !equalCounts(before, after) {
		t.Errorf("refused answers changed the tables: %v -> %v", before, after)
	}
	latest, err := LatestSnapshot(ctx, db, "w1", "2024-01")
	if err != nil || latest.ID != good.ID {
		t.Errorf("latest = %+v, %v; want the good pull", latest, err)
	}
	empty := ingestEmpty(t, db, "w1", "2024-01", 120)
	if empty.Status != StatusEmpty || empty.Invoices != 0 {
		t.Errorf("answer marked empty stored as %+v", empty)
	}
}

// TestIngestRefusesAnswersOfAnotherShape checks the one check of a GSTR-2A answer's shape: an
// answer that is not an object with one b2b list breaks the service's contract (Unavailable, with
// the answer's transaction id) and stores nothing, while Parse, which reads files, calls the same
// shapes malformed input (Invalid).
func TestIngestRefusesAnswersOfAnotherShape(t *testing.T) {
	db := openDB(t)
	ctx := context.Background()
	good := ingest(t, db, "w1", "2024-01", 0, genListing(4, 2))
	before := tableCounts(t, db)
	tests := []struct {
		raw       string
		want      string
		wantParse bool // Parse reads it as a listing without suppliers
	}{
		{`{}`, "b2b is missing", true},
		{`{"b2b":null}`, "b2b is missing", true},
		{`{"other":[]}`, "b2b is missing", true},
		{`[]`, "data is not a JSON object", false},
		{`"b2b"`, "data is not a JSON object", false},
		{`{"b2b":{}}`, "b2b should be a list but is an object", false},
		{`{"b2b":[],"b2b":[]}`, "b2b appears twice", false},
	}
	for _, tt := range tests {
		t.Run(tt.raw, func(t *testing.T) {
			_, err := Ingest(ctx, db, IngestRequest{WorkspaceID: "w1", GSTIN: testGSTIN, Period: "2024-01",
				FetchedAt: baseTime.Add(time.Hour), TransactionID: "tx-shape", Raw: []byte(tt.raw)}, nil)
			p := apperr.Window.Public(err)
			if p == nil || p.Kind != apperr.Unavailable || !strings.Contains(p.Message, "not what the service promises: "+tt.want) || p.TransactionID != "tx-shape" {
				t.Errorf("Ingest: %+v, want Unavailable, %q, transaction tx-shape", p, tt.want)
			}
			_, perr := Parse([]byte(tt.raw))
			if tt.wantParse != (perr == nil) || perr != nil && apperr.KindOf(perr) != apperr.Invalid {
				t.Errorf("Parse: %v", perr)
			}
		})
	}
	if after := tableCounts(t, db); !equalCounts(before, after) {
		t.Errorf("refused answers changed the tables: %v -> %v", before, after)
	}
	if latest, err := LatestSnapshot(ctx, db, "w1", "2024-01"); err != nil || latest.ID != good.ID {
		t.Errorf("latest = %+v, %v; want the good pull", latest, err)
	}
}
