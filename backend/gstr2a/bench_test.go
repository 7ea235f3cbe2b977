package gstr2a

import (
	"context"
	"testing"
	"time"

	"gstdesk/backend/benchcpu"
	"gstdesk/backend/store"
)

// loop runs fn b.N times and reports CPU time per op.
func loop(b *testing.B, fn func()) {
	start := benchcpu.Used()
	n := 0
	for b.Loop() {
		fn()
		n++
	}
	b.ReportMetric(float64(benchcpu.Used()-start)/float64(max(n, 1)), "cpu-ns/op")
}

// BenchmarkParse100k measures Parse of a 100,000-invoice answer.
func BenchmarkParse100k(b *testing.B) {
	raw := genListing(100_000, 1)
	b.SetBytes(int64(len(raw)))
	loop(b, func() {
		if _, err := Parse(raw); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkIngest100k measures Ingest (parse and store side by side) of a 100,000-invoice
// answer (about 200,000 items) into a database that already holds earlier pulls.
func BenchmarkIngest100k(b *testing.B) {
	raw := genListing(100_000, 1)
	ctx := context.Background()
	db, err := store.Open(ctx, b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	i := 0
	loop(b, func() {
		i++
		if _, err := Ingest(ctx, db.DB, IngestRequest{WorkspaceID: "ws", GSTIN: testGSTIN, Period: "2024-01",
			FetchedAt: time.Unix(int64(i), 0), Raw: raw}, nil); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkParseThenSave100k measures Parse followed by Save (no overlap) of the same answer.
func BenchmarkParseThenSave100k(b *testing.B) {
	raw := genListing(100_000, 1)
	ctx := context.Background()
	db, err := store.Open(ctx, b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	i := 0
	loop(b, func() {
		l, err := Parse(raw)
		if err != nil {
			b.Fatal(err)
		}
		i++
		if _, err := Save(ctx, db.DB, SaveRequest{WorkspaceID: "ws", GSTIN: testGSTIN, Period: "2024-01",
			FetchedAt: time.Unix(int64(i), 0), Listing: l}); err != nil {
			b.Fatal(err)
		}
	})
}

// benchDB holds 100,000 invoices of one period (plus a second, smaller period) for the query
// benchmarks.
func benchDB(b *testing.B) (*store.DB, Scope) {
	b.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	for i, p := range []struct {
		period string
		n      int
	}{{"2024-01", 100_000}, {"2023-12", 20_000}} {
		if _, err := Ingest(ctx, db.DB, IngestRequest{WorkspaceID: "ws", GSTIN: testGSTIN, Period: p.period,
			FetchedAt: time.Unix(int64(i), 0), Raw: genListing(p.n, uint64(i+1))}, nil); err != nil {
			b.Fatal(err)
		}
	}
	return db, Scope{WorkspaceID: "ws", Periods: []string{"2024-01"}}
}

func benchNames(gstins []string) map[string]string {
	out := make(map[string]string, len(gstins))
	for _, g := range gstins {
		out[g] = "Supplier " + g[2:7]
	}
	return out
}

// BenchmarkInvoicePage measures one page (50 rows, with filtered count and totals) of the
// invoice table of a 100,000-invoice period under typical filters and sorts.
func BenchmarkInvoicePage(b *testing.B) {
	db, sc := benchDB(b)
	ctx := context.Background()
	rate := 28.0
	cases := []struct {
		name string
		q    InvoiceQuery
	}{
		{"supplier", InvoiceQuery{Filter: InvoiceFilter{Supplier: genGSTIN(77)}, Sort: SortDate}},
		{"supplier-name", InvoiceQuery{Filter: InvoiceFilter{Supplier: "supplier aab"}, Sort: SortValue, Desc: true}},
		{"number", InvoiceQuery{Filter: InvoiceFilter{Number: "/1234/"}}},
		{"rate+rchrg", InvoiceQuery{Filter: InvoiceFilter{Rate: &rate, ReverseCharge: "Y"}, Sort: SortTax, Desc: true}},
		{"not-filed", InvoiceQuery{Filter: InvoiceFilter{SupplierFiled: "N", EInvoice: "Y"}, Sort: SortNumber}},
		{"date-range", InvoiceQuery{Filter: InvoiceFilter{DateFrom: "10/01/2024", DateTo: "12/01/2024"}, Sort: SortValue}},
		{"unfiltered-sorted", InvoiceQuery{Sort: SortValue, Desc: true}},
		{"unfiltered-by-name", InvoiceQuery{Sort: SortSupplierName, Offset: 50_000}},
	}
	b.Run("first-open", func(b *testing.B) {
		// The first page of a period after it is opened pays for loading its index (and, here,
		// for sorting it once by value).
		loop(b, func() {
			c := cacheOf(db.DB)
			c.mu.Lock()
			clear(c.entries)
			c.mu.Unlock()
			if _, err := Invoices(ctx, db.DB, sc, InvoiceQuery{Limit: 50, Sort: SortValue, Desc: true}, benchNames); err != nil {
				b.Fatal(err)
			}
		})
	})
	for _, c := range cases {
		c.q.Limit = 50
		b.Run(c.name, func(b *testing.B) {
			// Once before timing: the period is open and the table was sorted by this key before.
			if _, err := Invoices(ctx, db.DB, sc, c.q, benchNames); err != nil {
				b.Fatal(err)
			}
			loop(b, func() {
				if _, err := Invoices(ctx, db.DB, sc, c.q, benchNames); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}

// BenchmarkSupplierSummary measures the supplier summary of a 100,000-invoice period.
func BenchmarkSupplierSummary(b *testing.B) {
	db, sc := benchDB(b)
	ctx := context.Background()
	loop(b, func() {
		if _, err := Suppliers(ctx, db.DB, sc, benchNames); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkPeriodTotals measures the summary cards (with ITC by rate over 200,000 items).
func BenchmarkPeriodTotals(b *testing.B) {
	db, sc := benchDB(b)
	loop(b, func() {
		if _, err := PeriodTotals(context.Background(), db.DB, sc); err != nil {
			b.Fatal(err)
		}
	})
}
