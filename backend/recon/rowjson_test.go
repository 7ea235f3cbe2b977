package recon

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"gstdesk/backend/recon/recontest"
)

func filledRow(s string, n int64) Row {
	var r Row
	recontest.FillAll(&r, s, n)
	return r
}

func checkRowJSON(t *testing.T, name string, r *Row) {
	t.Helper()
	want, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	if got := AppendRowJSON(nil, r); !bytes.Equal(got, want) {
		t.Errorf("%s:\n got %s\nwant %s", name, got, want)
	}
	// What SaveRunWith stores, for a *Row and for any other value.
	for _, v := range []any{r, *r} {
		got, err := appendRowData([]byte("x"), v)
		if err != nil || !bytes.Equal(got, append([]byte("x"), want...)) {
			t.Errorf("%s: appendRowData(%T) = %s, %v", name, v, got, err)
		}
	}
}

// Rows are stored as json.Marshal would write them, byte for byte: runs saved by earlier
// releases (encoding/json) and now read back the same.
func TestRowJSONMatchesEncodingJSON(t *testing.T) {
	full := filledRow("x", 123456)
	noSides := filledRow("y", -5)
	noSides.Books, noSides.GSTR2A, noSides.Differences, noSides.Candidates = nil, nil, nil, nil
	emptyLists := filledRow("z", 0)
	emptyLists.Differences, emptyLists.Candidates = []Difference{}, []Candidate{}
	unfilled := Row{Books: &Invoice{}, GSTR2A: &Invoice{}, Differences: []Difference{{}}, Candidates: []Candidate{{}}}
	for _, tc := range []struct {
		name string
		row  Row
	}{
		{"every field set", full},
		{"negative amounts, no sides, nil lists", noSides},
		{"empty lists", emptyLists},
		{"zero row", Row{}},
		{"zero invoices and elements", unfilled},
		{"escapes", filledRow("<a href=\"x\">&amp;</a>\\ \x00\x1f\b\f\n\r\t\x7f é ₹ \u2028\u2029 \xff\xc3(", 1)},
		{"amounts", filledRow("amounts", -99)},
	} {
		checkRowJSON(t, tc.name, &tc.row)
	}
	// The rows of a real reconciliation (every status, candidates, differences).
	books, twoA := synthetic(3000, 7)
	res := Match(books, twoA, DefaultOptions())
	seen := map[Status]bool{}
	for i := range res.Rows {
		seen[res.Rows[i].Status] = true
		checkRowJSON(t, res.Rows[i].Key, &res.Rows[i])
	}
	if len(seen) < 5 {
		t.Fatalf("the sample has only statuses %v", seen)
	}
}

// A row as every earlier release stored it (encoding/json) reads back and is written again the
// same, byte for byte.
func TestRowJSONOldRowRoundTrip(t *testing.T) {
	old := []byte(`{"status":"mismatch","books":{"source":"books","row_ref":"purchases.csv row 2","supplier_gstin":"27AAAPC0001D1Z5","supplier_name":"A \u0026 B \u003cTraders\u003e","invoice_number":"INV/1","invoice_date":"2024-04-02","place_of_supply":"27","reverse_charge":false,"document_type":"invoice","invoice_value":1180.00,"taxable_value":1000.00,"igst":0.00,"cgst":90.00,"sgst":90.00,"cess":0.00,"period":"2024-04"},"gstr2a":{"source":"gstr2a","row_ref":"2a 1","supplier_gstin":"27AAAPC0001D1Z5","invoice_number":"inv-1","invoice_date":"2024-04-02","place_of_supply":"27","reverse_charge":false,"document_type":"invoice","inv_type":"R","invoice_value":1180.00,"taxable_value":1100.00,"igst":0.00,"cgst":99.00,"sgst":90.00,"cess":0.00,"period":"2024-04","cfs":"Y","cfs3b":"Y"},"rule":"same GSTIN and number; amounts differ","rule_id":"same_number_differs","norm_books":"1","norm_gstr2a":"1","differences":[{"field":"taxable_value","books":"1000.00","gstr2a":"1100.00","diff":"-100.00"},{"field":"cgst","books":"90.00","gstr2a":"99.00","diff":"-9.00"}],"period":"2024-04","key":"b~a"}`)
	var r Row
	if err := json.Unmarshal(old, &r); err != nil {
		t.Fatal(err)
	}
	if got := AppendRowJSON(nil, &r); !bytes.Equal(got, old) {
		t.Errorf("a row read from an old run is written back differently:\n got %s\nwant %s", got, old)
	}
	if want, _ := json.Marshal(&r); !bytes.Equal(want, old) {
		t.Errorf("encoding/json writes the old row differently:\n got %s\nwant %s", want, old)
	}
}

// Any strings and amounts in any field: the appenders write what encoding/json writes.
func FuzzRowJSONMatchesEncodingJSON(f *testing.F) {
	f.Add("plain", int64(100))
	f.Add("<>&\"\\\x00\x1f\x7f", int64(-1))
	f.Add("\xff\xfe\xc3\u2028\u2029é₹", int64(-9223372036854775807))
	f.Add("", int64(0))
	f.Fuzz(func(t *testing.T, s string, n int64) {
		r := filledRow(s, n)
		want, err := json.Marshal(&r)
		if err != nil {
			t.Fatal(err)
		}
		if got := AppendRowJSON(nil, &r); !bytes.Equal(got, want) {
			t.Fatalf("\n got %s\nwant %s", got, want)
		}
	})
}

// saveRunOldWay stores a run as SaveRun did before rows went through the driver and the
// appenders: database/sql, one INSERT a row, the row's data from json.Marshal.
func saveRunOldWay(t *testing.T, db *sql.DB, run Run, res Result) {
	t.Helper()
	ctx := context.Background()
	opts, _ := json.Marshal(res.Options)
	counts := map[Status]int{}
	for _, r := range res.Rows {
		counts[r.Status]++
	}
	cs, _ := json.Marshal(counts)
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO recon_runs(id, workspace_id, from_period, to_period, options, register_name, register_sha256, counts, created_at, against, detail)
		VALUES (?,?,?,?,?,?,?,?,?,?,?)`, run.ID, run.WorkspaceID, run.FromPeriod, run.ToPeriod, string(opts), "", "", string(cs), "2025-01-01T00:00:00.000Z", "2a", "{}"); err != nil {
		t.Fatal(err)
	}
	for i := range res.Rows {
		r := &res.Rows[i]
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO recon_rows(run_id, seq, row_key, period, status, supplier_gstin, data) VALUES (?,?,?,?,?,?,?)`,
			run.ID, i, r.Key, r.Period, string(r.Status), rowGSTIN(r), string(b)); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
}

// A run saved the old way (encoding/json through database/sql) opens as before, and a run of the
// same result saved now stores the same rows: same data bytes, same columns, same SQLite types.
func TestRunSavedTheOldWayOpensTheSame(t *testing.T) {
	ctx := context.Background()
	db, ws := openDB(t)
	books, twoA := synthetic(1500, 3)
	res := Match(books, twoA, DefaultOptions())
	saveRunOldWay(t, db.DB, Run{ID: "old-run", WorkspaceID: ws, FromPeriod: "2024-04", ToPeriod: "2024-06"}, res)
	cur, err := SaveRun(ctx, db.DB, at(), Run{WorkspaceID: ws, FromPeriod: "2024-04", ToPeriod: "2024-06"}, res)
	if err != nil {
		t.Fatal(err)
	}
	oldRows, err := RunRows(ctx, db.DB, "old-run", "")
	if err != nil {
		t.Fatal(err)
	}
	newRows, err := RunRows(ctx, db.DB, cur.ID, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(oldRows) != len(res.Rows) || !reflect.DeepEqual(oldRows, newRows) {
		t.Fatalf("the old run reads %d rows, the new %d, of %d; equal: %v", len(oldRows), len(newRows), len(res.Rows), reflect.DeepEqual(oldRows, newRows))
	}
	for i := range oldRows {
		if oldRows[i].Fingerprint() != res.Rows[i].Fingerprint() || oldRows[i].Key != res.Rows[i].Key {
			t.Fatalf("row %d of the old run reads %+v", i, oldRows[i])
		}
	}
	// The other columns are stored as before; the data is the same JSON, now packed (rowpack.go).
	var differ, n int
	if err := db.QueryRowContext(ctx, `SELECT count(*), coalesce(sum(o.row_key IS NOT n.row_key
		OR o.period IS NOT n.period OR o.status IS NOT n.status OR o.supplier_gstin IS NOT n.supplier_gstin), 0)
		FROM recon_rows o JOIN recon_rows n ON n.run_id = ? AND n.seq = o.seq WHERE o.run_id = 'old-run'`, cur.ID).Scan(&n, &differ); err != nil {
		t.Fatal(err)
	}
	if n != len(res.Rows) || differ != 0 {
		t.Errorf("%d of %d rows are stored differently now", differ, n)
	}
	rows, err := db.QueryContext(ctx, `SELECT o.data, n.data, typeof(n.data) FROM recon_rows o JOIN recon_rows n ON n.run_id = ? AND n.seq = o.seq
		WHERE o.run_id = 'old-run' ORDER BY o.seq`, cur.ID)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var old, packed []byte
		var typ string
		if err := rows.Scan(&old, &packed, &typ); err != nil {
			t.Fatal(err)
		}
		if typ != "blob" || !bytes.HasPrefix(packed, []byte(packedPrefix)) || len(packed) >= len(old) {
			t.Fatalf("a row is stored as %s of %d bytes (%q...), the JSON is %d bytes", typ, len(packed), packed[:min(len(packed), 8)], len(old))
		}
		j, err := UnpackRow(packed)
		if err != nil || !bytes.Equal(j, old) {
			t.Fatalf("a packed row reads %s (%v), want %s", j, err, old)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
}

// A row whose data cannot be written, or a save cancelled while its rows are written, stores
// nothing: no run, no row; the writing goroutine has stopped when SaveRunWith returns.
func TestSaveRunWithStoresNothingOnFailure(t *testing.T) {
	db, ws := openDB(t)
	books, twoA := synthetic(1500, 5)
	res := Match(books, twoA, DefaultOptions())
	meta := Run{WorkspaceID: ws, FromPeriod: "2024-04", ToPeriod: "2024-06"}
	var last int
	_, err := SaveRunWith(context.Background(), db.DB, at(), meta, res, func(i int) any {
		last = i
		if i == 700 {
			return func() {} // encoding/json cannot write a func
		}
		return &res.Rows[i]
	}, nil)
	if err == nil || !strings.Contains(err.Error(), "row 700") {
		t.Errorf("a row that cannot be written: %v", err)
	}
	if last != 700 {
		t.Errorf("data was called up to row %d after the failure at 700", last)
	}
	ctx, cancel := context.WithCancel(context.Background())
	_, err = SaveRunWith(ctx, db.DB, at(), meta, res, func(i int) any {
		if i == 300 {
			cancel()
		}
		return &res.Rows[i]
	}, nil)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled save: %v", err)
	}
	var runs, rows int
	db.QueryRow(`SELECT (SELECT count(*) FROM recon_runs), (SELECT count(*) FROM recon_rows)`).Scan(&runs, &rows)
	if runs != 0 || rows != 0 {
		t.Errorf("%d runs and %d rows stored by failed saves", runs, rows)
	}
	if _, err := SaveRun(context.Background(), db.DB, at(), meta, res); err != nil {
		t.Fatalf("a save after the failed ones: %v", err)
	}
}
