package gstr2b

import (
	"context"
	"encoding/json"
	"regexp"
	"testing"

	"gstdesk/backend/money"
)

// Units (docs/RELIABILITY.md): the summaries a snapshot keeps (itcsumm, cpsumm) are stored in
// integer paise, the form every earlier version wrote, and read back to the same paise; on the
// wire they are rupees with two decimals.
func TestStoredSummaryKeepsIntegerPaise(t *testing.T) {
	ctx := context.Background()
	db := openDB(t)
	snap, err := Save(ctx, db.DB, SaveRequest{FetchedAt: testAt, WorkspaceID: "w1", GSTIN: "24ABKCS2033B1ZV", Source: SourceFile, FileName: "f.json", Raw: readFixture(t, "post2024.json")})
	if err != nil {
		t.Fatal(err)
	}
	var itc, cp string
	if err := db.QueryRowContext(ctx, `SELECT itcsumm, cpsumm FROM gstr2b_snapshots WHERE sid = ?`, snap.sid).Scan(&itc, &cp); err != nil {
		t.Fatal(err)
	}
	if regexp.MustCompile(`[0-9]\.[0-9]`).MatchString(itc + cp) {
		t.Fatalf("stored summaries hold decimals, not integer paise: %s %s", itc, cp)
	}
	// What an earlier version reads from these bytes, with plain integers.
	var old map[string][]struct {
		CTIN string `json:"ctin"`
		IGST int64  `json:"igst"`
	}
	if err := json.Unmarshal([]byte(cp), &old); err != nil {
		t.Fatal(err)
	}
	sum, err := SnapshotSummary(ctx, db.DB, snap)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for sec, lines := range old {
		for i, l := range lines {
			if got := sum.Counterparties[sec][i]; int64(got.IGST) != l.IGST || got.CTIN != l.CTIN {
				t.Errorf("%s line %d = %s %d paise, stored %s %d", sec, i, got.CTIN, got.IGST, l.CTIN, l.IGST)
			}
			n++
		}
	}
	if n == 0 {
		t.Fatal("no counterparty lines to compare")
	}
	b, _ := json.Marshal(sum.Counterparties)
	if regexp.MustCompile(`"igst":-?[0-9]+[,}]`).Match(b) {
		t.Errorf("summary on the wire has an amount without two decimals: %s", b)
	}
}

// BenchmarkStoredSummary writes and reads back the cpsumm of 10,000 suppliers through the stored
// form (integer paise), as Save and SnapshotSummary do.
func BenchmarkStoredSummary(b *testing.B) {
	lines := make([]Counterparty, 10000)
	for i := range lines {
		lines[i] = Counterparty{CTIN: "27AAPFU0939F1ZV", TradeName: "Supplier", SupplierPeriod: "092024", Documents: 12,
			Taxable: money.Paise(1234567 + i), IGST: money.Paise(222222 + i), CGST: 11, SGST: 11, Cess: 0}
	}
	cp := map[string][]Counterparty{"b2b": lines}
	b.ReportAllocs()
	if testing.Short() { // the same through json.Marshal and json.Unmarshal, to compare
		for b.Loop() {
			data, _ := json.Marshal(cp)
			var back map[string][]Counterparty
			json.Unmarshal(data, &back)
		}
		return
	}
	for b.Loop() {
		data, err := money.MarshalStored(cp)
		if err != nil {
			b.Fatal(err)
		}
		var back map[string][]Counterparty
		if err := money.UnmarshalStored(data, &back); err != nil {
			b.Fatal(err)
		}
	}
}
