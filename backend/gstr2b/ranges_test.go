package gstr2b

import (
	"context"
	"fmt"
	"reflect"
	"testing"
	"time"
)

// TestDocumentsByRangeMatchesSQL: a page answered from the kept section ranges is the page the
// rows give (count, totals, rows), for every section and part filter, offsets across the ranges'
// edges and every limit; a snapshot stored before the ranges were kept reads from the rows.
func TestDocumentsByRangeMatchesSQL(t *testing.T) {
	ctx := context.Background()
	db := openDB(t)
	snap, err := Save(ctx, db.DB, SaveRequest{WorkspaceID: "w1", GSTIN: "27AAPFU0939F1ZV", Source: SourceAPI, Raw: readFixture(t, "v4_rejected.json"),
		FetchedAt: time.Date(2025, 11, 20, 10, 0, 0, 0, time.UTC)})
	if err != nil {
		t.Fatal(err)
	}
	ranges, ok, err := sectionRanges(ctx, db.DB, snap)
	if err != nil || !ok || len(ranges) != 4 {
		t.Fatalf("ranges = %+v %v %v", ranges, ok, err)
	}
	var queries []DocQuery
	for _, sec := range []string{"", "b2b", "b2ba", "ecom", "cdnr"} {
		for _, rej := range []string{"", "only", "no"} {
			for off := 0; off <= 5; off++ {
				for _, lim := range []int{1, 2, 0, -1} {
					queries = append(queries, DocQuery{Section: sec, Rejected: rej, Offset: off, Limit: lim})
				}
			}
		}
	}
	got := map[string]DocPage{}
	for _, q := range queries {
		p, err := Documents(ctx, db.DB, snap, q)
		if err != nil {
			t.Fatal(err)
		}
		got[fmt.Sprint(q)] = p
	}
	// The same snapshot as stored before the ranges: every page from the rows.
	if _, err := db.Exec(`UPDATE gstr2b_snapshots SET sections = ''`); err != nil {
		t.Fatal(err)
	}
	for _, q := range queries {
		want, err := Documents(ctx, db.DB, snap, q)
		if err != nil {
			t.Fatal(err)
		}
		if g := got[fmt.Sprint(q)]; !reflect.DeepEqual(g, want) {
			t.Errorf("%+v: by range %d rows, total %d, totals %+v; from rows %d rows, total %d, totals %+v",
				q, len(g.Rows), g.Total, g.Totals, len(want.Rows), want.Total, want.Totals)
		}
	}
}

// TestRangeBuilderRefusesScatteredSections: a section met again after another keeps no ranges.
func TestRangeBuilderRefusesScatteredSections(t *testing.T) {
	var b rangeBuilder
	for i, sec := range []string{"b2b", "b2b", "cdnr", "b2b"} {
		b.add(int64(i+1), &Document{Section: sec})
	}
	if b.json() != "" {
		t.Errorf("scattered sections kept ranges %s", b.json())
	}
	var e rangeBuilder
	if e.json() != "[]" {
		t.Errorf("no documents: %q", e.json())
	}
}
