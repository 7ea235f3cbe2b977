package gstr2b

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/apperr"
)

// TestSnapshotNeverSilentlyShrinks: a return of the same period and generation date with fewer
// documents (no documents at all, or one part of a split return passed off as whole), from any
// source, is refused and the fuller snapshot stays the latest; a newer generation, or the service
// saying the period is empty, are stored; an older generation is stored in the history only.
func TestSnapshotNeverSilentlyShrinks(t *testing.T) {
	ctx := context.Background()
	db := openDB(t)
	full := readFixture(t, "corpus/v4_totals.json")
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	save := func(raw []byte, src string, minutes int) (Snapshot, error) {
		return Save(ctx, db.DB, SaveRequest{WorkspaceID: "w", GSTIN: "29AAGCB7383J1Z4", Source: src, FileName: "f.json", Period: "2025-10",
			FetchedAt: at.Add(time.Duration(minutes) * time.Minute), Raw: raw})
	}
	fuller, err := save(full, SourceFile, 0)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	json.Unmarshal(full, &m)
	data := m["data"].(map[string]any)
	data["docdata"] = map[string]any{}
	delete(data, "docRejdata")
	empty, _ := json.Marshal(m)
	if _, err := save(empty, SourceFile, 1); err == nil || apperr.KindOf(err) != apperr.Invalid || !strings.Contains(err.Error(), "fuller snapshot stays the period's latest") {
		t.Fatalf("an empty 2B of the same generation: %v", err)
	}
	data["docdata"] = map[string]any{"b2b": full2b(t, full)}
	fewer, _ := json.Marshal(m)
	if _, err := save(fewer, SourceFile, 2); err == nil {
		t.Fatal("a 2B of the same generation with fewer documents was stored")
	}
	latest, err := LatestSnapshot(ctx, db.DB, "w", "2025-10")
	if err != nil || latest.ID != fuller.ID {
		t.Fatalf("latest = %+v, %v; want the fuller %s", latest, err, fuller.ID)
	}
	// The same generation from the service with fewer documents is refused too: a part of the
	// portal's file and a pull cut short are the same fault.
	if _, err := save(fewer, SourceAPI, 3); err == nil || apperr.KindOf(err) != apperr.Unavailable {
		t.Fatalf("another source with fewer documents: %v", err)
	}
	// A new generation may have fewer documents (IMS actions, a supplier's amendment).
	data["gendt"] = "15-11-2025"
	regenerated, _ := json.Marshal(m)
	newer, err := save(regenerated, SourceFile, 4)
	if err != nil {
		t.Fatalf("a new generation: %v", err)
	}
	// The older generation given again afterwards is kept in the history, said, and not current.
	older, err := save(full, SourceFile, 5)
	if err != nil || len(older.Notices) == 0 || !strings.Contains(older.Notices[0], "the newer generation stays the period's current") {
		t.Fatalf("an older generation: %+v, %v", older.Notices, err)
	}
	if latest, _ := LatestSnapshot(ctx, db.DB, "w", "2025-10"); latest.ID != newer.ID {
		t.Fatalf("latest is %s (generated %s), want the newer generation %s", latest.ID, latest.GenDate, newer.ID)
	}
	// The service saying there is nothing this period is stored as said.
	if s, err := Save(ctx, db.DB, SaveRequest{WorkspaceID: "w", GSTIN: "29AAGCB7383J1Z4", Source: SourceAPI, Period: "2025-10", FetchedAt: at.Add(time.Hour), Empty: true}); err != nil || s.Status != StatusEmpty {
		t.Fatalf("empty from the service: %+v %v", s, err)
	}
}

func full2b(t *testing.T, raw []byte) any {
	var m struct {
		Data struct {
			DocData map[string]any `json:"docdata"`
		} `json:"data"`
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	return m.Data.DocData["b2b"]
}

// TestSnapshotKeepsNoticesAndMarks: the notices, the reversed count, cpSummRej, values worked
// out and bill-of-entry fields survive storing; the filters list itcrev apart.
func TestSnapshotKeepsNoticesAndMarks(t *testing.T) {
	ctx := context.Background()
	db := openDB(t)
	snap, err := Save(ctx, db.DB, SaveRequest{WorkspaceID: "w", GSTIN: "29AAGCB7383J1Z4", Source: SourceFile, FileName: "a.json",
		FetchedAt: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), Raw: readFixture(t, "corpus/v4_amendment_without_original.json")})
	if err != nil {
		t.Fatal(err)
	}
	got, err := SnapshotByID(ctx, db.DB, "w", snap.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Notices) != 3 || !strings.Contains(got.Notices[0], "original number") || got.Reversed != 8 || got.Rejected != 7 {
		t.Errorf("snapshot read back: notices %q, reversed %d, rejected %d", got.Notices, got.Reversed, got.Rejected)
	}
	sum, err := SnapshotSummary(ctx, db.DB, got)
	if err != nil || len(sum.RejectedCounterparties["b2b"]) != 1 || !sum.RejectedCounterparties["b2b"][0].Rejected || len(sum.Counterparties["itcrev"]) != 2 {
		t.Errorf("summary: %+v %v", sum, err)
	}
	for _, q := range []DocQuery{{Reversed: "only", Limit: -1}, {Section: "itcrev", Limit: -1}, {Section: "itcrev", Search: "BT", Limit: -1},
		{Reversed: "only", Supplier: "29AABCS1429B1ZB", Limit: -1}} {
		page, err := Documents(ctx, db.DB, got, q)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range page.Rows {
			if !r.Reversed {
				t.Errorf("%+v listed a document not of itcrev: %+v", q, r.Document)
			}
		}
		if q.Supplier == "" && q.Search == "" && page.Total != 8 {
			t.Errorf("itcrev documents: %d, want 8", page.Total)
		}
	}
	page, err := Documents(ctx, db.DB, got, DocQuery{Section: "impg", Rejected: "no", Reversed: "no"})
	if err != nil || len(page.Rows) != 1 {
		t.Fatalf("impg: %+v %v", page, err)
	}
	b := page.Rows[0].Document
	if b.ValueBasis != ValueBoE || b.Value != b.Taxable+b.IGST+b.Cess || b.PortCode != "INNSA1" || b.RefDate != "15-10-2025" || b.Amended != "N" {
		t.Errorf("bill of entry read back: %+v", b)
	}
	page, err = Documents(ctx, db.DB, got, DocQuery{Section: "ecoma", Rejected: "no"})
	if err != nil || len(page.Rows) != 1 || page.Rows[0].OrigNumber != "" || page.Rows[0].Number != "EC-70A" {
		t.Fatalf("ecoma: %+v %v", page, err)
	}
}

// TestGenerationDateNotADate: a generation date that is not DD-MM-YYYY (kept as given, with a
// notice) orders with the snapshots that have none: it never becomes the period's current 2B over
// one with a date, and is never called older or newer than one.
func TestGenerationDateNotADate(t *testing.T) {
	ctx := context.Background()
	db := openDB(t)
	full := readFixture(t, "corpus/v4_totals.json")
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	dated, err := Save(ctx, db.DB, SaveRequest{WorkspaceID: "w", GSTIN: "29AAGCB7383J1Z4", Source: SourceFile, FileName: "f.json", Period: "2025-10", FetchedAt: at, Raw: full})
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	json.Unmarshal(full, &m)
	m["data"].(map[string]any)["gendt"] = "2025-06-14" // ISO, not the portal's form (read as DD-MM-YYYY it sorted above every date)
	iso, _ := json.Marshal(m)
	odd, err := Save(ctx, db.DB, SaveRequest{WorkspaceID: "w", GSTIN: "29AAGCB7383J1Z4", Source: SourceFile, FileName: "g.json", Period: "2025-10", FetchedAt: at.Add(time.Hour), Raw: iso})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range odd.Notices {
		if strings.Contains(n, "generation stays") {
			t.Errorf("a date that is not one was compared with a generation date: %s", n)
		}
	}
	if latest, _ := LatestSnapshot(ctx, db.DB, "w", "2025-10"); latest.ID != dated.ID {
		t.Errorf("latest is %s (generated %q), want the dated snapshot %s", latest.ID, latest.GenDate, dated.ID)
	}
	if genKey("20-11-2025") != "20251120" || genKey("2025-11-20") != "" || genKey("31-02-2025") != "" {
		t.Error("genKey: YYYYMMDD of a DD-MM-YYYY date, \"\" for anything else")
	}
}
