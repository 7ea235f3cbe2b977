package itcrisk

import (
	"fmt"
	"testing"

	"gstdesk/backend/ims"
	"gstdesk/backend/recon"
)

// year builds a year of n documents: 60% register/2B rows (matched, unpaid, paid late, in the
// books only, in 2B only), 30% GSTR-2A documents (one in ten from a supplier who had not filed
// GSTR-3B), 10% IMS documents (one in four pending), over 2,000 suppliers.
func year(n int) Input {
	in := Input{FY: 2025, Today: "2026-01-15", Register: true, PaymentDates: true, NoCredit: map[string]bool{}}
	sups := make([]string, 2000)
	for i := range sups {
		sups[i] = fmt.Sprintf("27AAAPC%04dD1Z%d", i, i%10)
	}
	date := func(i int) string {
		m := 4 + i%12
		y := 2025
		if m > 12 {
			m, y = m-12, 2026
		}
		return fmt.Sprintf("%04d-%02d-%02d", y, m, 1+i%28)
	}
	for i := 0; i < n*6/10; i++ {
		d := date(i)
		b := &recon.Invoice{SupplierGSTIN: sups[i%len(sups)], Number: fmt.Sprintf("INV/%d", i), Date: d, Period: d[:7], DocType: recon.DocInvoice, Taxable: 100000, IGST: 18000}
		a := *b
		a.RowRef = fmt.Sprintf("2b:%s:%d", d[:7], i)
		switch i % 10 {
		case 0: // unpaid
		case 1: // paid late
			b.PaymentDate = "2026-01-10"
		case 2:
			in.Rows = append(in.Rows, recon.Row{Status: recon.MissingIn2A, Books: b})
			continue
		case 3:
			in.Rows = append(in.Rows, recon.Row{Status: recon.MissingInBooks, GSTR2A: &a})
			continue
		default:
			b.PaymentDate = d
		}
		in.Rows = append(in.Rows, recon.Row{Status: recon.Exact, Books: b, GSTR2A: &a})
	}
	for i := 0; i < n*3/10; i++ {
		d := date(i)
		a := recon.Invoice{SupplierGSTIN: sups[i%len(sups)], Number: fmt.Sprintf("A/%d", i), Date: d, Period: d[:7], DocType: recon.DocInvoice, IGST: 18000, FiledGSTR3B: "Y"}
		if i%10 == 0 {
			a.FiledGSTR3B = "N"
		}
		in.GSTR2A = append(in.GSTR2A, a)
	}
	for i := 0; i < n/10; i++ {
		d := date(i)
		r := ims.Record{Section: "b2b", STIN: sups[i%len(sups)], Number: fmt.Sprintf("I/%d", i), DateISO: d, RtnPrd: d[5:7] + d[:4], Action: ims.Accepted, IGST: 18000}
		if i%4 == 0 {
			r.Action = ims.Pending
		}
		in.IMS = append(in.IMS, r)
	}
	return in
}

// BenchmarkCalendar1M builds the calendar of a year of 1,000,000 documents (see year).
func BenchmarkCalendar1M(b *testing.B) {
	in := year(1_000_000)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c := Build(in)
		if c.Count == 0 {
			b.Fatal("empty calendar")
		}
	}
}
