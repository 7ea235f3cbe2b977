package gstr2b

import (
	"context"
	"strconv"
	"strings"
	"testing"
)

// MatchDocs reads the same documents as Documents, in the same order, with the same values in
// the fields it has: both invoice shapes, docdata and docRejdata, an empty period, and texts
// holding the separator MatchDocs joins them with (read again column by column).
func TestMatchDocsMatchesDocuments(t *testing.T) {
	ctx := context.Background()
	db := openDB(t)
	var snaps []Snapshot
	for _, tc := range []struct{ file, gstin string }{{"v4_rejected.json", "27AAPFU0939F1ZV"}, {"pre2024.json", "01AABCE2207R1Z5"}, {"post2024.json", ""}} {
		snap, err := Save(ctx, db.DB, SaveRequest{FetchedAt: testAt, WorkspaceID: "w1", GSTIN: tc.gstin, Source: SourceFile, FileName: tc.file, Raw: readFixture(t, tc.file)})
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		snaps = append(snaps, snap)
	}
	empty, err := Save(ctx, db.DB, SaveRequest{FetchedAt: testAt, WorkspaceID: "w1", GSTIN: "27AAPFU0939F1ZV", Period: "2025-06", Source: SourceAPI, Empty: true})
	if err != nil {
		t.Fatal(err)
	}
	snaps = append(snaps, empty)
	// A trade name and a number with U+001F in them, and one with only the separator.
	if _, err := db.ExecContext(ctx, `UPDATE gstr2b_documents SET trdnm = 'A' || char(31) || 'B', num = num || char(31) WHERE id = (SELECT min(id) FROM gstr2b_documents)`); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ExecContext(ctx, `UPDATE gstr2b_documents SET rsn = char(31) WHERE id = (SELECT max(id) FROM gstr2b_documents)`); err != nil {
		t.Fatal(err)
	}
	var read, rejected, separated, ports int
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
					Type: d.Type, ITCAvailable: d.ITCAvailable, Reason: d.Reason, IMSStatus: d.IMSStatus, PortCode: d.PortCode}
				if g != want {
					t.Errorf("%s document %d:\n got %+v\nwant %+v", snap.FileName, i, g, want)
				}
				read++
				if g.PortCode != "" {
					ports++
				}
				if g.Rejected {
					rejected++
				}
				if strings.ContainsRune(g.TradeName+g.Number+g.Reason, '\x1f') {
					separated++
				}
			}
		}
	}
	if read < 10 || rejected == 0 || separated != 2 || ports == 0 {
		t.Fatalf("only %d documents read, %d rejected, %d with the separator, %d bills of entry with a port code: the fixtures do not cover the cases", read, rejected, separated, ports)
	}
}

// The split of a joined document never panics, and gives back any 21 values joined without the
// separator in them.
func FuzzMatchSplit(f *testing.F) {
	f.Add("b2b\x1finvoice\x1f29AABCT1332L1ZT\x1fTATA\x1f11-11-2025\x1f102025\x1fT/1\x1f2025-10-05\x1f118000\x1f100000\x1f18000\x1f0\x1f0\x1f0\x1f27\x1fN\x1fR\x1fY\x1f\x1fA\x1f", "T/1", int64(5))
	f.Add("impg\x1fbill_of_entry\x1f\x1f\x1f\x1f\x1f2345678\x1f2025-10-05\x1f0\x1f100000\x1f18000\x1f0\x1f0\x1f0\x1f\x1f\x1f\x1fY\x1f\x1f\x1fINNSA1", "BE", int64(7))
	f.Add("\x1f\x1f", "", int64(-1))
	f.Add("", "a\x1fb", int64(0))
	f.Fuzz(func(t *testing.T, joined, text string, n int64) {
		r := matchReader{intern: map[string]string{}}
		r.split(joined) // must not panic
		if strings.ContainsRune(text, matchSep) {
			return
		}
		var parts []string
		for i := 0; i < matchNCols; i++ {
			if i >= 8 && i < 14 {
				parts = append(parts, strconv.FormatInt(n+int64(i), 10))
			} else {
				parts = append(parts, text+strconv.Itoa(i))
			}
		}
		d, ok := r.split(strings.Join(parts, string(rune(matchSep))))
		if !ok || d.Section != parts[0] || d.Number != parts[6] || d.IMSStatus != parts[19] || d.PortCode != parts[20] || int64(d.Cess) != n+13 || int64(d.Value) != n+8 {
			t.Fatalf("split(%q) = %+v, %v", parts, d, ok)
		}
	})
}
