package gstr2b

import (
	"context"
	"testing"
)

// MatchDocs reads the same documents as Documents, in the same order, with the same values in
// the fields it has: both invoice shapes, docdata and docRejdata, an empty period.
func TestMatchDocsMatchesDocuments(t *testing.T) {
	ctx := context.Background()
	db := openDB(t)
	var snaps []Snapshot
	for _, tc := range []struct{ file, gstin string }{{"v4_rejected.json", "27AAPFU0939F1ZV"}, {"pre2024.json", "01AABCE2207R1Z5"}, {"post2024.json", ""}} {
		snap, err := Save(ctx, db.DB, SaveRequest{WorkspaceID: "w1", GSTIN: tc.gstin, Source: SourceFile, FileName: tc.file, Raw: readFixture(t, tc.file)})
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		snaps = append(snaps, snap)
	}
	empty, err := Save(ctx, db.DB, SaveRequest{WorkspaceID: "w1", GSTIN: "27AAPFU0939F1ZV", Period: "2025-06", Source: SourceAPI, Empty: true})
	if err != nil {
		t.Fatal(err)
	}
	snaps = append(snaps, empty)
	var read, rejected int
	for _, snap := range snaps {
		for _, rej := range []bool{false, true} {
			q := DocQuery{Rejected: "no", Limit: -1}
			if rej {
				q.Rejected = "only"
			}
			page, err := Documents(ctx, db.DB, snap, q)
			if err != nil {
				t.Fatal(err)
			}
			got, err := MatchDocs(ctx, db.DB, snap, rej)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(page.Rows) {
				t.Fatalf("%s rejected=%v: %d documents, Documents lists %d", snap.FileName, rej, len(got), len(page.Rows))
			}
			for i, g := range got {
				r := &page.Rows[i]
				d := &r.Document
				want := MatchDoc{ID: r.ID, Rejected: d.Rejected, Section: d.Section, Kind: d.Kind, Supplier: d.Supplier, TradeName: d.TradeName,
					SupplierFiled: d.SupplierFiled, SupplierPeriod: d.SupplierPeriod, Number: d.Number, DateISO: d.DateISO, Value: d.Value,
					Taxable: d.Taxable, IGST: d.IGST, CGST: d.CGST, SGST: d.SGST, Cess: d.Cess, POS: d.POS, ReverseCharge: d.ReverseCharge,
					Type: d.Type, ITCAvailable: d.ITCAvailable, Reason: d.Reason, IMSStatus: d.IMSStatus}
				if g != want {
					t.Errorf("%s document %d:\n got %+v\nwant %+v", snap.FileName, i, g, want)
				}
				read++
				if g.Rejected {
					rejected++
				}
			}
		}
	}
	if read < 10 || rejected == 0 {
		t.Fatalf("only %d documents read, %d rejected: the fixtures do not cover the cases", read, rejected)
	}
}
