package gstr2a

import (
	"context"
	"strings"
	"testing"
	"time"
)

func TestGoneNotice(t *testing.T) {
	at := time.Date(2026, 11, 12, 12, 0, 0, 0, time.Local)
	tests := []struct {
		name string
		prev *Snapshot
		cur  Snapshot
		want string
	}{
		{"no previous pull", nil, Snapshot{Period: "2025-04"}, ""},
		{"previous had none", &Snapshot{Invoices: 0, FetchedAt: at}, Snapshot{Period: "2025-04"}, ""},
		{"as many", &Snapshot{Invoices: 65, FetchedAt: at}, Snapshot{Period: "2025-04", Invoices: 65}, ""},
		{"more", &Snapshot{Invoices: 65, FetchedAt: at}, Snapshot{Period: "2025-04", Invoices: 70}, ""},
		{"some remain", &Snapshot{Invoices: 65, FetchedAt: at}, Snapshot{Period: "2025-04", Invoices: 3},
			"62 of the 65 invoices of 04/2025 in the pull of 12/11/2026 are not in this one, which lists 3. If the suppliers did not delete or amend them, the answer was cut short: pull the period again before reconciling. The earlier pull is kept in the history."},
		{"all gone", &Snapshot{Invoices: 65, FetchedAt: at}, Snapshot{Period: "2025-04"},
			"All 65 invoices of 04/2025 are gone since the pull of 12/11/2026: the GST portal now lists none for the period. The earlier pull is kept in the history."},
		{"the only one gone", &Snapshot{Invoices: 1, FetchedAt: at}, Snapshot{Period: "2024-12"},
			"The one invoice of 12/2024 is gone since the pull of 12/11/2026: the GST portal now lists none for the period. The earlier pull is kept in the history."},
	}
	for _, tt := range tests {
		if got := GoneNotice(tt.prev, tt.cur); got != tt.want {
			t.Errorf("%s: GoneNotice = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestEmptyAnswerAfterInvoices checks item 4 of issue 13 in the store: a legitimately empty period
// ({"b2b":[]} or "no data") is stored as an empty snapshot and the previous pull of the same scope
// (not another GSTIN's, not a filtered one) is what it is compared with.
func TestEmptyAnswerAfterInvoices(t *testing.T) {
	db := openDB(t)
	ctx := context.Background()
	full := ingest(t, db, "w1", "2024-01", 0, genListing(5, 3))
	if full.Invoices == 0 {
		t.Fatal("generated listing has no invoices")
	}
	// A filtered pull of the same period and another taxpayer's pull are other scopes.
	if _, err := Ingest(ctx, db, IngestRequest{WorkspaceID: "w1", GSTIN: testGSTIN, Period: "2024-01", Filters: Filters{From: "15/01/2024"},
		FetchedAt: baseTime.Add(time.Minute), Raw: []byte(`{"b2b":[]}`)}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := Ingest(ctx, db, IngestRequest{WorkspaceID: "w1", GSTIN: "24ABKCS2033B1ZV", Period: "2024-01",
		FetchedAt: baseTime.Add(2 * time.Minute), Raw: []byte(`{"b2b":[]}`)}, nil); err != nil {
		t.Fatal(err)
	}
	prev, err := PreviousPull(ctx, db, "w1", testGSTIN, "2024-01", Filters{})
	if err != nil || prev == nil || prev.ID != full.ID {
		t.Fatalf("PreviousPull = %+v, %v; want the full pull %s", prev, err, full.ID)
	}
	for i, raw := range []string{`{"b2b":[]}`, ``} { // an empty list, and "no data" (Empty, no answer)
		var empty Snapshot
		if raw == "" {
			empty = ingestEmpty(t, db, "w1", "2024-01", 10+i)
		} else {
			empty = ingest(t, db, "w1", "2024-01", 10+i, []byte(raw))
		}
		if empty.Invoices != 0 || empty.Status != StatusEmpty {
			t.Errorf("empty pull %q stored as %+v", raw, empty)
		}
		n := GoneNotice(prev, empty)
		if !strings.Contains(n, "invoices of 01/2024 are gone since the pull of 20/02/2024") {
			t.Errorf("notice = %q", n)
		}
	}
	if p, _ := PreviousPull(ctx, db, "w1", testGSTIN, "2024-03", Filters{}); p != nil {
		t.Errorf("a period never pulled has a previous pull: %+v", p)
	}
}

// TestIngestRefusesAnswersOutsideTheContract checks that an answer without a b2b list, or with
// text that is not UTF-8, stores nothing and leaves the earlier pull as the period's latest.
func TestIngestRefusesAnswersOutsideTheContract(t *testing.T) {
	db := openDB(t)
	ctx := context.Background()
	good := ingest(t, db, "w1", "2024-01", 0, genListing(4, 2))
	before := tableCounts(t, db)
	for _, raw := range []string{`{}`, `{"b2b":null}`, `{"other":[]}`, "{\"b2b\":[],\"x\":\"\xff\"}",
		strings.Replace(string(genListing(4, 2)), `"ctin":"`, "\"ctin\":\"\xfe", 1)} {
		_, err := Ingest(ctx, db, IngestRequest{WorkspaceID: "w1", GSTIN: testGSTIN, Period: "2024-01", FetchedAt: baseTime.Add(time.Hour), Raw: []byte(raw)}, nil)
		if err == nil {
			t.Errorf("Ingest(%.40q) stored it", raw)
		}
	}
	if after := tableCounts(t, db); !equalCounts(before, after) {
		t.Errorf("refused answers changed the tables: %v -> %v", before, after)
	}
	latest, err := LatestSnapshot(ctx, db, "w1", "2024-01")
	if err != nil || latest.ID != good.ID {
		t.Errorf("latest = %+v, %v; want the good pull", latest, err)
	}
	if _, err := Parse([]byte("{\"b2b\":[],\"x\":\"\xff\"}")); err == nil || !strings.Contains(err.Error(), "not UTF-8") {
		t.Errorf("Parse of text that is not UTF-8: %v", err)
	}
}

func equalCounts(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}
