package recon

import "testing"

// TestPageRowsTotals checks that a page's totals add up every row the status and filter select,
// whatever the page size: the scrolling table pins them under rows it has not fetched yet.
func TestPageRowsTotals(t *testing.T) {
	books, twoA := scenario()
	res := Match(books, twoA, DefaultOptions())
	sum := func(status, filter string) RowsTotals {
		var want RowsTotals
		for i := range res.Rows {
			r := &res.Rows[i]
			if (status == "" || string(r.Status) == status) && rowMatches(r, filter) {
				want.add(r)
			}
		}
		return want
	}
	tests := []struct {
		name, status, filter string
		limit                int
	}{
		{"all rows, one a page", "", "", 1},
		{"all rows, one page", "", "", 500},
		{"mismatches", string(Mismatch), "", 1},
		{"missing in books", string(MissingInBooks), "", 2},
		{"a filter", "", "inv", 1},
		{"nothing selected", string(Mismatch), "no such supplier", 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			v := PageRows(Run{}, res, tc.status, tc.filter, 0, tc.limit)
			want := sum(tc.status, tc.filter)
			if v.Totals != want {
				t.Errorf("totals %+v, want %+v", v.Totals, want)
			}
			if got := want.BooksTax - want.GSTR2ATax; v.Totals.Difference != got {
				t.Errorf("difference %d, want books minus 2A %d", v.Totals.Difference, got)
			}
			if len(v.Rows) > tc.limit {
				t.Errorf("%d rows on a page of %d", len(v.Rows), tc.limit)
			}
		})
	}
	// Exact figures for the whole scenario: books 1000+2000+500+1000+100 taxable at the helpers' rate.
	all := PageRows(Run{}, res, "", "", 0, 1)
	var books0, twoA0, taxable Paise
	for i := range books {
		books0 += books[i].Tax()
	}
	for i := range twoA {
		twoA0 += twoA[i].Tax()
	}
	for i := range res.Rows {
		r := &res.Rows[i]
		if r.Books != nil {
			taxable += r.Books.Taxable
		} else {
			taxable += r.GSTR2A.Taxable
		}
	}
	if all.Totals.BooksTax != books0 || all.Totals.GSTR2ATax != twoA0 || all.Totals.Taxable != taxable || all.Total != len(res.Rows) {
		t.Errorf("all rows: %+v (total %d), want books tax %d, 2A tax %d, taxable %d over %d rows", all.Totals, all.Total, books0, twoA0, taxable, len(res.Rows))
	}
	if all.Totals.BooksTax == 0 || all.Totals.GSTR2ATax == 0 {
		t.Errorf("the scenario has tax on both sides: %+v", all.Totals)
	}
}

// TestPageRowsNames: a row whose own invoice gives no supplier name (missing in books: 2A has no
// names) is named from another invoice of the same supplier in the run; a supplier nobody names
// stays unnamed (the service asks the lookup cache then).
func TestPageRowsNames(t *testing.T) {
	books, twoA := scenario()
	const stranger = "07AAACR5055K1Z6"
	twoA = append(twoA, ta(stranger, "S-1", "2024-07-09", 400))
	res := Match(books, twoA, DefaultOptions())
	v := PageRows(Run{}, res, string(MissingInBooks), "", 0, 500)
	if v.Total < 2 {
		t.Fatalf("%d rows missing in books, want the scenario's and the stranger's", v.Total)
	}
	wantA := ""
	for _, b := range books {
		if b.SupplierGSTIN == supA {
			wantA = b.SupplierName
		}
	}
	if got := v.Names[supA]; got != wantA || got == "" {
		t.Errorf("names[%s] = %q, want the books' name %q", supA, got, wantA)
	}
	if n, ok := v.Names[stranger]; ok {
		t.Errorf("a supplier no invoice names got the name %q", n)
	}
	if got := v.Unnamed(); len(got) != 1 || got[0] != stranger {
		t.Errorf("unnamed = %q, want the stranger alone", got)
	}
	// Rows that carry their own name add nothing.
	if all := PageRows(Run{}, res, string(Exact), "", 0, 500); len(all.Names) != 0 {
		t.Errorf("names for named rows: %v", all.Names)
	}
}

// A bill of entry of an import has no GSTIN: no name is looked up for it, and its port code finds it.
func TestPageRowsBillOfEntry(t *testing.T) {
	books, twoB := importsAndISD()
	res := Match(books, twoB, DefaultOptions())
	v := PageRows(Run{}, res, "", "innsa1", 0, 100)
	if v.Total == 0 {
		t.Fatal("the filter INNSA1 finds no bill of entry")
	}
	for _, r := range v.Rows {
		if side := r.GSTR2A; side != nil && side.PortCode != "INNSA1" && (r.Books == nil || r.Books.PortCode != "INNSA1") {
			t.Errorf("row %s does not hold INNSA1", r.Key)
		}
	}
	all := PageRows(Run{}, res, "", "", 0, 100)
	for _, g := range all.Unnamed() {
		if g == "" {
			t.Error("a name is asked for the empty GSTIN of an import")
		}
	}
}
