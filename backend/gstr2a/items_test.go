package gstr2a

import (
	"bytes"
	"compress/gzip"
	"context"
	"reflect"
	"strings"
	"testing"

	"gstdesk/backend/store"
)

func paise(v int64) *Paise { p := Paise(v); return &p }

func TestItemsJSONRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		name  string
		items []Item
		want  string
	}{
		{"none", []Item{}, `[]`},
		{"every amount", []Item{{Num: 1, Detail: ItemDetail{Rate: 1800, Taxable: 1000000, IGST: paise(180000), CGST: paise(0), SGST: paise(0), Cess: paise(5)}}},
			`[[1,1800,1000000,180000,0,0,5]]`},
		{"omitted amounts and negatives", []Item{
			{Num: 1, Detail: ItemDetail{Rate: 25, Taxable: -400, CGST: paise(-5), SGST: paise(-5)}},
			{Num: 2801, Detail: ItemDetail{Rate: 0, Taxable: 0}},
		}, `[[1,25,-400,null,-5,-5,null],[2801,0,0,null,null,null,null]]`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := appendItemsJSON(nil, tc.items)
			if string(got) != tc.want {
				t.Fatalf("appendItemsJSON = %s, want %s", got, tc.want)
			}
			back, err := parseItemsJSON(got)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(back, tc.items) {
				t.Errorf("parseItemsJSON(%s) = %+v, want %+v", got, back, tc.items)
			}
		})
	}
}

func TestParseItemsJSONAcceptsSQLiteSpacing(t *testing.T) {
	got, err := parseItemsJSON([]byte(" [ [1, 1800, 100 ,null,9, 9 , null ] ] "))
	if err != nil {
		t.Fatal(err)
	}
	want := []Item{{Num: 1, Detail: ItemDetail{Rate: 1800, Taxable: 100, CGST: paise(9), SGST: paise(9)}}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
}

func TestParseItemsJSONRejectsDamage(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{``, "expected '['"},
		{`{}`, "expected '['"},
		{`[1]`, "expected '[' to open an item"},
		{`[[1,2,3]]`, "expected ',' between"},
		{`[[1,2,3,4,5,6,7,8]]`, "expected ']' after"},
		{`[[null,2,3,4,5,6,7]]`, "cannot be null"},
		{`[[1,2,3,4,5,6,"7"]]`, "whole number"},
		{`[[1,2,3.5,4,5,6,7]]`, "expected ','"},
		{`[[1,2,99999999999999999999,4,5,6,7]]`, "whole number"},
		{`[[1,2,3,4,5,6,7]`, "expected ',' or ']'"},
		{`[[1,2,3,4,5,6,7]] x`, "unexpected text"},
	} {
		_, err := parseItemsJSON([]byte(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("parseItemsJSON(%q) = %v, want an error containing %q", tc.in, err, tc.want)
		}
	}
}

// FuzzParseItemsJSON: no input panics, and whatever parses writes back to a form that parses to
// the same items.
func FuzzParseItemsJSON(f *testing.F) {
	for _, s := range []string{`[]`, `[[1,1800,100,null,9,9,null]]`, `[[1,2,3,4,5,6,7],[8,9,10,null,null,null,null]]`, `[[`, `[[-0,1,2,3,4,5,6]]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		items, err := parseItemsJSON(b)
		if err != nil {
			return
		}
		again, err := parseItemsJSON(appendItemsJSON(nil, items))
		if err != nil {
			t.Fatalf("written back: %v", err)
		}
		if !reflect.DeepEqual(again, items) {
			t.Fatalf("round trip changed %+v to %+v", items, again)
		}
	})
}

// TestMigrationMovesItemsIntoInvoices makes a database as release 5 left it (items in their own
// table, the answer gzip-compressed, no supplier id ranges), opens it with the current schema and reads it back.
func TestMigrationMovesItemsIntoInvoices(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	old, err := store.OpenAtVersion(ctx, dir, 5)
	if err != nil {
		t.Fatal(err)
	}
	raw := []byte(`{"b2b":[{"ctin":"01AABCE2207R1Z5","cfs":"Y","cfs3b":"N","inv":[]}]}`)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(raw)
	zw.Close()
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`INSERT INTO gstr2a_snapshots (sid, id, workspace_id, gstin, period, fetched_at, status, supplier_count, invoice_count, item_count, inv_first, inv_last)
			VALUES (1, 'snap-1', 'w1', ?, '2024-01', '2024-02-20T10:00:00Z', 'complete', 1, 2, 3, 1, 2)`, []any{testGSTIN}},
		{`INSERT INTO gstr2a_snapshot_raw (sid, gzip) VALUES (1, ?)`, []any{gz.Bytes()}},
		{`INSERT INTO gstr2a_suppliers (sid, seq, ctin, pan, cfs, cfs3b, invoice_count, value, taxable, igst, cgst, sgst, cess)
			VALUES (1, 0, '01AABCE2207R1Z5', 'AABCE2207R', 'Y', 'N', 2, 0, 0, 0, 0, 0, 0)`, nil},
		{`INSERT INTO gstr2a_invoices (id, sid, supplier_seq, ctin, inum, inum_norm, inv_date, inv_typ, pos, rchrg,
			val, taxable, igst, cgst, sgst, cess, rate_mask, chksum) VALUES
			(1, 1, 0, '01AABCE2207R1Z5', 'A-1', 'A1', '2024-01-05', 'R', '27', 'N', 11800, 10000, 1800, 0, 0, 0, 0, 'c1'),
			(2, 1, 0, '01AABCE2207R1Z5', 'A-2', 'A2', '2024-01-06', 'R', '27', 'N', 500, 500, 0, 0, 0, 0, 0, 'c2')`, nil},
		// Items inserted out of order: the migration keeps the order of their keys.
		{`INSERT INTO gstr2a_items (key, num, rt, txval, iamt, camt, samt, csamt) VALUES
			((1 << 16) | 1, 2, 500, 4000, 200, NULL, NULL, 7),
			((1 << 16) | 0, 1, 1800, 6000, 1080, NULL, NULL, NULL),
			((2 << 16) | 0, 1, 0, 500, NULL, 0, 0, NULL)`, nil},
	} {
		if _, err := old.ExecContext(ctx, q.sql, q.args...); err != nil {
			t.Fatal(err)
		}
	}
	old.Close()

	db, err := store.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	l, err := LoadListing(ctx, db.DB, "snap-1")
	if err != nil {
		t.Fatal(err)
	}
	want := [][]Item{
		{{Num: 1, Detail: ItemDetail{Rate: 1800, Taxable: 6000, IGST: paise(1080)}},
			{Num: 2, Detail: ItemDetail{Rate: 500, Taxable: 4000, IGST: paise(200), Cess: paise(7)}}},
		{{Num: 1, Detail: ItemDetail{Rate: 0, Taxable: 500, CGST: paise(0), SGST: paise(0)}}},
	}
	if len(l.B2B) != 1 || len(l.B2B[0].Invoices) != 2 {
		t.Fatalf("listing = %+v", l)
	}
	for i, inv := range l.B2B[0].Invoices {
		if !reflect.DeepEqual(inv.Items, want[i]) {
			t.Errorf("invoice %d items = %+v, want %+v", i+1, inv.Items, want[i])
		}
	}
	// The view keeps one row per item for SQL.
	var n, rt, cess int64
	if err := db.QueryRow(`SELECT count(*), sum(rt), sum(coalesce(csamt, 0)) FROM gstr2a_items`).Scan(&n, &rt, &cess); err != nil {
		t.Fatal(err)
	}
	if n != 3 || rt != 2300 || cess != 7 {
		t.Errorf("gstr2a_items view: %d rows, rates %d, cess %d; want 3, 2300, 7", n, rt, cess)
	}
	// Migration 0007 gave the supplier its first invoice id: a supplier filter reads that range.
	page, err := Invoices(ctx, db.DB, Scope{WorkspaceID: "w1", Periods: []string{"2024-01"}},
		InvoiceQuery{Filter: InvoiceFilter{Supplier: "aabce"}}, namesFn(nil))
	if err != nil || !reflect.DeepEqual(numbers(page.Rows), []string{"A-1", "A-2"}) {
		t.Errorf("supplier filter after the migration = %v, %v; want A-1, A-2", numbers(page.Rows), err)
	}
	// Migration 0009 counted the items of the invoices stored before it.
	for i, want := range []int{2, 1} {
		if i < len(page.Rows) && page.Rows[i].Items != want {
			t.Errorf("%s has %d items after the migration, want %d", page.Rows[i].Number, page.Rows[i].Items, want)
		}
	}
	// The gzip answer stored before the migration still reads back.
	got, err := RawListing(ctx, db.DB, "snap-1")
	if err != nil || !bytes.Equal(got, raw) {
		t.Errorf("RawListing = %s, %v; want %s", got, err, raw)
	}
}

// TestRateFilterReadsStoredItems: a rate with no bit of its own in rate_mask is matched against
// the stored items (json_each over the items column), on the SQL path (whole view) and the
// in-memory one (a page), and the item counts come from the stored items.
func TestRateFilterReadsStoredItems(t *testing.T) {
	db := openDB(t)
	raw := `{"b2b":[{"ctin":"01AABCE2207R1Z5","cfs":"Y","cfs3b":"Y","inv":[
		{"chksum":"x1","idt":"05-01-2024","inum":"X1","inv_typ":"R","pos":"01","rchrg":"N","val":1070,
		 "itms":[{"num":1,"itm_det":{"rt":7,"txval":1000,"iamt":70}}]},
		{"chksum":"x2","idt":"06-01-2024","inum":"X2","inv_typ":"R","pos":"01","rchrg":"N","val":1251,
		 "itms":[{"num":1,"itm_det":{"rt":18,"txval":1000,"iamt":180}},{"num":2,"itm_det":{"rt":7.1,"txval":1000,"iamt":71}}]}]}]}`
	ingest(t, db, "w1", "2024-01", 0, []byte(raw))
	sc := Scope{WorkspaceID: "w1", Periods: []string{"2024-01"}}
	rate := func(f float64) *float64 { return &f }
	for _, tc := range []struct {
		rate float64
		want []string
	}{{7, []string{"X1"}}, {7.1, []string{"X2"}}, {18, []string{"X2"}}, {3, []string{}}} {
		for _, limit := range []int{0, 50} {
			page, err := Invoices(context.Background(), db, sc, InvoiceQuery{Filter: InvoiceFilter{Rate: rate(tc.rate)}, Limit: limit}, namesFn(nil))
			if err != nil {
				t.Fatal(err)
			}
			if got := numbers(page.Rows); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("rate %v, limit %d: rows = %v, want %v", tc.rate, limit, got, tc.want)
			}
			for _, r := range page.Rows {
				if want := map[string]int{"X1": 1, "X2": 2}[r.Number]; r.Items != want {
					t.Errorf("rate %v, limit %d: %s has %d items, want %d", tc.rate, limit, r.Number, r.Items, want)
				}
			}
		}
	}
}

// TestItemsViewMatchesTheAnswer: the gstr2a_items view gives SQL one row per line item of an
// ingested pull, in order, with every amount (omitted taxes NULL).
func TestItemsViewMatchesTheAnswer(t *testing.T) {
	db := openDB(t)
	raw := genListing(600, 9)
	l, err := Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	ingest(t, db, "w1", "2024-01", 0, raw)
	type row struct {
		num, rt, txval   int64
		iamt, camt, samt *int64
		csamt            *int64
	}
	var want []row
	opt := func(p *Paise) *int64 {
		if p == nil {
			return nil
		}
		v := int64(*p)
		return &v
	}
	for _, s := range l.B2B {
		for _, inv := range s.Invoices {
			for _, it := range inv.Items {
				d := it.Detail
				want = append(want, row{it.Num, int64(d.Rate), int64(d.Taxable), opt(d.IGST), opt(d.CGST), opt(d.SGST), opt(d.Cess)})
			}
		}
	}
	rows, err := db.Query(`SELECT num, rt, txval, iamt, camt, samt, csamt FROM gstr2a_items ORDER BY invoice_id, seq`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var got []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.num, &r.rt, &r.txval, &r.iamt, &r.camt, &r.samt, &r.csamt); err != nil {
			t.Fatal(err)
		}
		got = append(got, r)
	}
	if len(got) != len(want) || len(want) < 600 {
		t.Fatalf("the view has %d items, the answer %d", len(got), len(want))
	}
	for i := range want {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Fatalf("item %d: view %+v, answer %+v", i, got[i], want[i])
		}
	}
}
