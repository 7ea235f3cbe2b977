package gstr2a

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/export"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/corpus")

// corpusDoc is what a golden file says of one stored document.
type corpusDoc struct {
	Section  string `json:"section"`
	Kind     string `json:"kind"`
	Sign     int    `json:"sign"`
	Supplier string `json:"supplier,omitempty"`
	Name     string `json:"name,omitempty"`
	Number   string `json:"number"`
	Date     string `json:"date"`
	Orig     string `json:"orig,omitempty"`
	Invoice  string `json:"invoice,omitempty"`
	ITC      string `json:"itc_elg,omitempty"`
	Port     string `json:"port,omitempty"`
	Cancel   string `json:"dtcancel,omitempty"`
	Value    Paise  `json:"value"`
	Taxable  Paise  `json:"taxable"`
	Tax      Paise  `json:"tax"`
	Items    int    `json:"items"`
}

type corpusGolden struct {
	Status    string         `json:"status"`
	Invoices  int            `json:"invoices"`
	Documents int            `json:"documents"`
	Sections  []SectionTotal `json:"sections"`
	Notices   []string       `json:"notices"`
	Docs      []corpusDoc    `json:"docs,omitempty"`
	Error     string         `json:"error,omitempty"`
}

func ingestWholeFile(t testing.TB, db *sql.DB, raw []byte, minutes int) (Snapshot, error) {
	t.Helper()
	return Ingest(context.Background(), db, IngestRequest{WorkspaceID: "ws", GSTIN: testGSTIN, Period: "2025-05",
		FetchedAt: baseTime.Add(time.Duration(minutes) * time.Minute), Source: "file", FileName: "2a.json", Whole: raw}, nil)
}

// TestCorpus stores every file of testdata/corpus as a whole GSTR-2A and compares the counts,
// totals, notices and documents (or the refusal) with its golden file.
func TestCorpus(t *testing.T) {
	files, err := filepath.Glob("testdata/corpus/*.json")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range files {
		if strings.HasSuffix(f, ".golden.json") {
			continue
		}
		n++
		t.Run(filepath.Base(f), func(t *testing.T) {
			raw, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			db := openDB(t)
			var got corpusGolden
			snap, err := ingestWholeFile(t, db, raw, 0)
			if err != nil {
				if apperr.KindOf(err) != apperr.Invalid {
					t.Errorf("refusal of kind %v, want Invalid: %v", apperr.KindOf(err), err)
				}
				var ae *apperr.Error
				if errors.As(err, &ae) {
					got.Error = ae.Message
				} else {
					got.Error = err.Error()
				}
				if all, _ := AllSnapshots(context.Background(), db, "ws"); len(all) != 0 {
					t.Errorf("a refused file left %d pulls", len(all))
				}
			} else {
				got = corpusGolden{Status: snap.Status, Invoices: snap.Invoices, Documents: snap.Documents,
					Sections: snap.Sections, Notices: snap.Notices}
				page, err := Documents(context.Background(), db, Scope{WorkspaceID: "ws", SnapshotIDs: []string{snap.ID}}, DocumentQuery{})
				if err != nil {
					t.Fatal(err)
				}
				for _, d := range page.Rows {
					got.Docs = append(got.Docs, corpusDoc{Section: d.Section, Kind: d.Kind, Sign: d.Sign, Supplier: d.SupplierGSTIN,
						Name: d.TradeName, Number: d.Number, Date: d.DateISO, Orig: d.OrigNumber, Invoice: d.InvoiceNumber,
						ITC: d.ITCEligible, Port: d.PortCode, Cancel: d.DtCancel, Value: d.Amounts.Value, Taxable: d.Amounts.Taxable,
						Tax: d.Tax, Items: d.ItemCount})
				}
				// What was stored is what the summary says, and what a reload says.
				if len(page.Rows) != snap.Documents {
					t.Errorf("Documents lists %d, the pull says %d", len(page.Rows), snap.Documents)
				}
				again, err := SnapshotByID(context.Background(), db, snap.ID)
				if err != nil {
					t.Fatal(err)
				}
				a, _ := json.Marshal(again.Sections)
				b, _ := json.Marshal(snap.Sections)
				if !bytes.Equal(a, b) || again.Documents != snap.Documents || strings.Join(again.Notices, "|") != strings.Join(snap.Notices, "|") {
					t.Errorf("reloaded pull differs:\n%s\n%s", a, b)
				}
			}
			checkGolden(t, strings.TrimSuffix(f, ".json")+".golden.json", got)
		})
	}
	if n < 5 {
		t.Fatalf("only %d corpus files", n)
	}
}

func checkGolden(t *testing.T, path string, v any) {
	t.Helper()
	got, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to write it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs; got:\n%s", path, got)
	}
}

// TestWholeReturnKeepsB2BBehaviour: the B2B part of a whole return is stored as the B2B answer
// alone is, so the reconciliation, the index and the diff see the same invoices.
func TestWholeReturnKeepsB2BBehaviour(t *testing.T) {
	raw, err := os.ReadFile("testdata/corpus/all-sections.json")
	if err != nil {
		t.Fatal(err)
	}
	db := openDB(t)
	whole, err := ingestWholeFile(t, db, raw, 0)
	if err != nil {
		t.Fatal(err)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(raw, &top); err != nil {
		t.Fatal(err)
	}
	b2b := []byte(`{"b2b":` + string(top["b2b"]) + `}`)
	db2 := openDB(t)
	only := ingest(t, db2, "ws", "2025-05", 0, b2b)
	if whole.Invoices != only.Invoices || whole.Totals != only.Totals || whole.Suppliers != only.Suppliers || whole.Items != only.Items {
		t.Errorf("whole: %+v\nb2b only: %+v", whole, only)
	}
	w, err := ReconInvoices(context.Background(), db, "ws", []string{"2025-05"})
	if err != nil {
		t.Fatal(err)
	}
	o, err := ReconInvoices(context.Background(), db2, "ws", []string{"2025-05"})
	if err != nil {
		t.Fatal(err)
	}
	if len(w) != len(o) || len(w) != 2 {
		t.Fatalf("ReconInvoices: %d and %d invoices", len(w), len(o))
	}
	for i := range w {
		if w[i].Key() != o[i].Key() || w[i].Amounts != o[i].Amounts {
			t.Errorf("invoice %d: %+v, want %+v", i, w[i], o[i])
		}
	}
	// The stored answer is the object itself, every section and unknown key kept.
	stored, err := RawListing(context.Background(), db, whole.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(stored, bytes.TrimSpace(raw)) {
		t.Errorf("stored answer differs from the file")
	}
	// A return of another taxpayer or period is refused, and nothing is stored.
	for _, req := range []IngestRequest{
		{WorkspaceID: "ws", GSTIN: "29AABCT1332L1ZT", Period: "2025-05", FetchedAt: baseTime, Whole: raw},
		{WorkspaceID: "ws", GSTIN: testGSTIN, Period: "2025-04", FetchedAt: baseTime, Whole: raw},
	} {
		_, err := Ingest(context.Background(), db, req, nil)
		if apperr.KindOf(err) != apperr.Invalid || !strings.Contains(err.Error(), "Nothing was saved") {
			t.Errorf("%s %s: %v", req.GSTIN, req.Period, err)
		}
	}
	if all, _ := AllSnapshots(context.Background(), db, "ws"); len(all) != 1 {
		t.Errorf("%d pulls after two refusals, want 1", len(all))
	}
	// A whole return and a B2B answer cannot be given together.
	if _, err := Ingest(context.Background(), db, IngestRequest{FetchedAt: baseTime, WorkspaceID: "ws", GSTIN: testGSTIN, Period: "2025-05",
		Raw: b2b, Whole: raw}, nil); err == nil {
		t.Error("Raw and Whole together were taken")
	}
}

func TestDocumentsQuery(t *testing.T) {
	raw, err := os.ReadFile("testdata/corpus/all-sections.json")
	if err != nil {
		t.Fatal(err)
	}
	db := openDB(t)
	if _, err := ingestWholeFile(t, db, raw, 0); err != nil {
		t.Fatal(err)
	}
	sc := Scope{WorkspaceID: "ws", Periods: []string{"2025-05"}}
	ctx := context.Background()
	tests := []struct {
		name      string
		q         DocumentQuery
		wantTotal int
		wantRows  int
		wantFirst string
		wantNet   Paise
	}{
		{"all", DocumentQuery{}, 16, 16, "KA/099-A", 0},
		{"credit notes", DocumentQuery{Filter: DocumentFilter{Kind: KindCreditNote}}, 3, 3, "CN-11", -(18000 + 9000 + 9000)},
		{"cdn section paged", DocumentQuery{Filter: DocumentFilter{Section: "cdn"}, Offset: 1, Limit: 1}, 3, 1, "CN-12", -18000 - 9000 + 3600},
		{"supplier by name", DocumentQuery{Filter: DocumentFilter{Supplier: "sez unit"}}, 1, 1, "777001", 360000},
		{"original number", DocumentQuery{Filter: DocumentFilter{Number: "ka/099"}}, 1, 1, "KA/099-A", 36000},
		{"dates", DocumentQuery{Filter: DocumentFilter{DateFrom: "31/05/2025", DateTo: "2025-05-31"}}, 3, 3, "ISD/25/1", 20000 + 1000 - 2000},
		{"by tax desc", DocumentQuery{Sort: DocSortTax, Desc: true, Limit: 2}, 16, 2, "2566282", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			page, err := Documents(ctx, db, sc, tc.q)
			if err != nil {
				t.Fatal(err)
			}
			if page.Total != tc.wantTotal || len(page.Rows) != tc.wantRows || page.Unfiltered != 16 {
				t.Fatalf("total %d rows %d unfiltered %d, want %d %d 16", page.Total, len(page.Rows), page.Unfiltered, tc.wantTotal, tc.wantRows)
			}
			if page.Rows[0].Number != tc.wantFirst {
				t.Errorf("first row %q, want %q", page.Rows[0].Number, tc.wantFirst)
			}
			if tc.wantNet != 0 && page.Net != tc.wantNet {
				t.Errorf("net tax %v, want %v", page.Net, tc.wantNet)
			}
		})
	}
	// Counts and sums kept at save time agree with those counted over the rows.
	for _, kind := range []string{KindCreditNote, KindDebitNote, KindInvoice, KindISDInvoice, KindISDCreditNote, KindBillOfEntry} {
		kept, err := Documents(ctx, db, sc, DocumentQuery{Filter: DocumentFilter{Kind: kind}})
		if err != nil {
			t.Fatal(err)
		}
		counted, err := Documents(ctx, db, sc, DocumentQuery{Filter: DocumentFilter{Kind: kind, DateFrom: "2000-01-01"}})
		if err != nil {
			t.Fatal(err)
		}
		if kept.Total != counted.Total || kept.Totals != counted.Totals || kept.Net != counted.Net || kept.Total != len(kept.Rows) {
			t.Errorf("%s: kept %d %+v %v, counted %d %+v %v", kind, kept.Total, kept.Totals, kept.Net, counted.Total, counted.Totals, counted.Net)
		}
	}
	if _, err := Documents(ctx, db, sc, DocumentQuery{Sort: "colour"}); apperr.KindOf(err) != apperr.Invalid {
		t.Errorf("unknown sort key: %v", err)
	}
	// Line items of a note.
	page, err := Documents(ctx, db, sc, DocumentQuery{Filter: DocumentFilter{Number: "CN-12"}})
	if err != nil {
		t.Fatal(err)
	}
	items, err := DocumentItems(ctx, db, page.Rows[0].SnapshotID, page.Rows[0].Seq)
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 1 || items[0].Taxable != 50000 || items[0].IGST != 9000 {
		t.Errorf("items of CN-12 (written negative, kept as sizes): %+v", items)
	}
}

func TestExportDocuments(t *testing.T) {
	raw, err := os.ReadFile("testdata/corpus/all-sections.json")
	if err != nil {
		t.Fatal(err)
	}
	db := openDB(t)
	if _, err := ingestWholeFile(t, db, raw, 0); err != nil {
		t.Fatal(err)
	}
	sc := Scope{WorkspaceID: "ws", Periods: []string{"2025-05"}}
	for _, f := range []export.Format{export.CSV, export.JSON, export.XLSX} {
		var buf bytes.Buffer
		if err := Export(context.Background(), db, &buf, f, LevelDocument, sc, InvoiceQuery{}, nil); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if buf.Len() == 0 {
			t.Errorf("%s: empty", f)
		}
		if f == export.XLSX {
			continue
		}
		for _, want := range []string{"KA/099", "INNSA1", "2566282", "3000001", "ISD/25/0", "reduces", "MH-CN-1", "SEZ Unit One"} {
			if !strings.Contains(buf.String(), want) {
				t.Errorf("%s export lacks %q", f, want)
			}
		}
	}
	var buf bytes.Buffer
	if err := ExportDocuments(context.Background(), db, &buf, export.CSV, sc, DocumentQuery{Filter: DocumentFilter{Section: "impg"}}); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 3 {
		t.Fatalf("impg export has %d lines, want a head and 2 rows:\n%s", len(lines), buf.String())
	}
	if !strings.Contains(lines[2], "INMAA1") || !strings.Contains(lines[2], "50000.5") || !strings.Contains(lines[2], "19/05/2025") {
		t.Errorf("bill of entry row: %s", lines[2])
	}
}

func TestReconDocuments(t *testing.T) {
	raw, err := os.ReadFile("testdata/corpus/all-sections.json")
	if err != nil {
		t.Fatal(err)
	}
	db := openDB(t)
	if _, err := ingestWholeFile(t, db, raw, 0); err != nil {
		t.Fatal(err)
	}
	docs, err := ReconDocuments(context.Background(), db, "ws", []string{"2025-05"})
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	var net Paise
	for _, d := range docs {
		kinds[d.Kind]++
		net += d.Tax * Paise(d.Sign)
		if d.Kind == KindBillOfEntry && (d.PortCode == "" || d.BENumber == "" || d.Date == "") {
			t.Errorf("bill of entry without port, number or date: %+v", d)
		}
	}
	want := map[string]int{KindInvoice: 5, KindCreditNote: 3, KindDebitNote: 1, KindISDInvoice: 3, KindISDCreditNote: 1,
		KindBillOfEntry: 3, KindTDS: 1, KindTCS: 1}
	for k, n := range want {
		if kinds[k] != n {
			t.Errorf("%s: %d, want %d (all: %v)", k, kinds[k], n, kinds)
		}
	}
	if docs[0].Section != "b2b" || docs[0].InvoiceID == 0 {
		t.Errorf("B2B invoices first, with their ids: %+v", docs[0])
	}
	if net <= 0 {
		t.Errorf("net tax %v", net)
	}
}

func TestDeleteSnapshotDropsDocuments(t *testing.T) {
	raw, err := os.ReadFile("testdata/corpus/all-sections.json")
	if err != nil {
		t.Fatal(err)
	}
	db := openDB(t)
	snap, err := ingestWholeFile(t, db, raw, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := DeleteSnapshot(context.Background(), db, snap.ID); err != nil {
		t.Fatal(err)
	}
	for _, table := range []string{"gstr2a_documents", "gstr2a_section_totals"} {
		var n int
		if err := db.QueryRow(`SELECT count(*) FROM ` + table).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 0 {
			t.Errorf("%s keeps %d rows", table, n)
		}
	}
}

// FuzzParseReturn: any input is read or refused with an error, never a panic; what is read is
// read the same way again.
func FuzzParseReturn(f *testing.F) {
	files, _ := filepath.Glob("testdata/corpus/*.json")
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil && !strings.HasSuffix(p, ".golden.json") {
			f.Add(b)
		}
	}
	f.Add([]byte(`{"impg":[{"benum":1e3,"txval":"12.5"}]}`))
	f.Add([]byte(`{"data":{"data":{"cdna":[{"nt":[{"ntty":"D","itms":[{"itm_det":null}]}]}]}}}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		r, err := ParseReturn(raw)
		if err != nil {
			return
		}
		r2, err := ParseReturn(raw)
		if err != nil || len(r2.Documents) != len(r.Documents) || r2.B2B.InvoiceCount() != r.B2B.InvoiceCount() {
			t.Fatalf("second read differs: %v", err)
		}
		for _, d := range r.Documents {
			if d.Kind == "" || d.Section == "" {
				t.Fatalf("document without kind or section: %+v", d)
			}
			if d.Sign() < 0 && (d.Amounts.Value < 0 || d.Amounts.IGST < 0 || d.Amounts.Taxable < 0) {
				t.Fatalf("credit note with a negative amount: %+v", d)
			}
		}
	})
}

// TestDocumentsFollowTheirSnapshot: a workspace removed deletes its snapshots' rows by
// workspace_id; the documents and section totals go with them (ON DELETE CASCADE).
func TestDocumentsFollowTheirSnapshot(t *testing.T) {
	raw, err := os.ReadFile("testdata/corpus/all-sections.json")
	if err != nil {
		t.Fatal(err)
	}
	db := openDB(t)
	if _, err := ingestWholeFile(t, db, raw, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`DELETE FROM gstr2a_snapshots WHERE workspace_id = 'ws'`); err != nil {
		t.Fatal(err)
	}
	for _, table := range []string{"gstr2a_documents", "gstr2a_section_totals"} {
		var n int
		if err := db.QueryRow(`SELECT count(*) FROM ` + table).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 0 {
			t.Errorf("%s keeps %d rows of a deleted snapshot", table, n)
		}
	}
}
