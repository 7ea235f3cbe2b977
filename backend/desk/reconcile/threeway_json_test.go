package reconcile

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"testing"

	"gstdesk/backend/gstr2b"
	"gstdesk/backend/period/periodtest"
	"gstdesk/backend/recon"
	"gstdesk/backend/recon/recontest"
)

// A three-way row is stored and written as AppendJSON writes it: valid JSON that reads back as
// the same row, with every field set, none, and text that needs escaping; the 2B words are
// written with the old keys alongside (status_2a, gstr2a, norm_gstr2a, a difference's gstr2a).
func TestThreeWayRowJSONRoundTrips(t *testing.T) {
	var full, escapes, negative, missing ThreeWayRow
	recontest.FillAll(&full, "x", 1234)
	recontest.FillAll(&escapes, "<\"&\\\n\x01\u2028 ₹ >", 5)
	recontest.FillAll(&negative, "n", -77)
	recontest.FillAll(&missing, "m", 3)
	missing.Status = recon.MissingIn2A
	negative.Books, negative.Differences, negative.Candidates = nil, nil, nil
	for _, tc := range []struct {
		name string
		row  ThreeWayRow
	}{{"every field set", full}, {"escapes", escapes}, {"negative, nil parts", negative}, {"missing in 2B", missing}, {"zero", ThreeWayRow{}}} {
		stored := tc.row.AppendJSON(nil)
		var fromStore ThreeWayRow
		if err := json.Unmarshal(stored, &fromStore); err != nil || !reflect.DeepEqual(fromStore, tc.row) {
			t.Errorf("%s: stored %s read back as %+v, %v", tc.name, stored, fromStore, err)
		}
		got, err := json.Marshal(&tc.row)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Equal(stored, got) != (tc.row.Status != recon.MissingIn2A && tc.row.GSTR2A == nil) {
			t.Errorf("%s: stored %s, written %s", tc.name, stored, got)
		}
		var back ThreeWayRow
		if err := json.Unmarshal(got, &back); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(back, tc.row) {
			t.Errorf("%s: read back\n %+v\nwas\n %+v", tc.name, back, tc.row)
		}
		var keys map[string]any
		json.Unmarshal(got, &keys)
		if g, ok := keys["gstr2b"].(map[string]any); ok {
			if g["source"] != "gstr2b" {
				t.Errorf("%s: the 2B document's source %v", tc.name, g["source"])
			}
			g["source"] = keys["gstr2a"].(map[string]any)["source"]
		}
		if !reflect.DeepEqual(keys["gstr2b"], keys["gstr2a"]) || !reflect.DeepEqual(keys["norm_gstr2b"], keys["norm_gstr2a"]) {
			t.Errorf("%s: gstr2b %v, gstr2a %v", tc.name, keys["gstr2b"], keys["gstr2a"])
		}
		if tc.row.Status == recon.MissingIn2A && (keys["status"] != "missing_in_2b" || keys["status_2a"] != "missing_in_2a") {
			t.Errorf("%s: status %v, status_2a %v", tc.name, keys["status"], keys["status_2a"])
		}
	}
}

// A three-way run saved the old way (rows written by encoding/json) reopens as the same run saved
// now: ThreeWayRun reads the same rows from both, and the rows stored now are what encoding/json
// writes for them.
func TestThreeWayRunSavedTheOldWayOpens(t *testing.T) {
	s, p, res := imsMonth2B(t)
	ctx := context.Background()
	if _, err := s.Returns.IMSList(ctx, "", ""); err != nil {
		t.Fatal(err)
	}
	page, _ := s.Returns.GSTR2BDocuments(ctx, res[0].SnapshotID, gstr2b.DocQuery{Section: "b2b", Limit: 8})
	path := registerFrom(t, page.Rows, func(i int, cols []string) []string {
		switch i {
		case 2:
			return nil // in 2B, not in the books
		case 4:
			cols[7] = "1.00" // taxable differs
		}
		return cols
	})
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	fmt.Fprintf(f, "%s,S,NOT-IN-2B-1,%s,%s,N,118,100,18,0,0,0,invoice\n", page.Rows[0].Supplier, page.Rows[0].Date, page.Rows[0].POS)
	f.Close()
	tw, err := s.Against2B(ctx, path, periodtest.Month(p), periodtest.Month(p))
	if err != nil {
		t.Fatal(err)
	}
	// The old way: the same run, each row's data from json.Marshal, through database/sql.
	db := s.core.DB.DB
	if _, err := db.ExecContext(ctx, `INSERT INTO recon_runs(id, workspace_id, from_period, to_period, options, register_name, register_sha256, counts, created_at, against, detail, pinned)
		SELECT 'old-run', workspace_id, from_period, to_period, options, register_name, register_sha256, counts, '2000-01-01T00:00:00.000Z', against, detail, 1
		FROM recon_runs WHERE id = ?`, tw.RunID); err != nil {
		t.Fatal(err)
	}
	rows, err := db.QueryContext(ctx, `SELECT seq, row_key, period, status, supplier_gstin, data FROM recon_rows WHERE run_id = ? ORDER BY seq`, tw.RunID)
	if err != nil {
		t.Fatal(err)
	}
	type stored struct {
		seq                       int
		key, per, st, gstin, data string
	}
	var all []stored
	for rows.Next() {
		var r stored
		if err := rows.Scan(&r.seq, &r.key, &r.per, &r.st, &r.gstin, &r.data); err != nil {
			t.Fatal(err)
		}
		all = append(all, r)
	}
	rows.Close()
	if len(all) != len(tw.Rows) || len(all) < 5 {
		t.Fatalf("%d rows stored of %d", len(all), len(tw.Rows))
	}
	for _, r := range all {
		data, err := recon.UnpackRow([]byte(r.data))
		if err != nil {
			t.Fatal(err)
		}
		var row ThreeWayRow
		if err := json.Unmarshal(data, &row); err != nil {
			t.Fatal(err)
		}
		if again := row.AppendJSON(nil); !bytes.Equal(again, data) {
			t.Errorf("row %d is stored as\n%s\nread and written again\n%s", r.seq, data, again)
		}
		old, _ := json.Marshal(&row) // what a script reads: 2B words, old keys alongside; it reads back too
		if _, err := db.ExecContext(ctx, `INSERT INTO recon_rows(run_id, seq, row_key, period, status, supplier_gstin, data) VALUES ('old-run',?,?,?,?,?,?)`,
			r.seq, r.key, r.per, r.st, r.gstin, string(old)); err != nil {
			t.Fatal(err)
		}
	}
	cur, err := s.ThreeWayRun(ctx, tw.RunID)
	if err != nil {
		t.Fatal(err)
	}
	old, err := s.ThreeWayRun(ctx, "old-run")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(old.Rows, cur.Rows) || !reflect.DeepEqual(old.Counts, cur.Counts) {
		t.Errorf("the old run reads differently:\n%+v\n%+v", old.Rows, cur.Rows)
	}
}
