package reconcile

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/benchcpu"
	"gstdesk/backend/gstr2b"
	"gstdesk/backend/period/periodtest"
	"gstdesk/backend/recon"
)

// BenchmarkThreeWay100k reconciles a register of 100,000 invoices with a GSTR-2B of 100,000
// documents (99,000 in both, 1,000 only in each, a tenth of the pairs with a different amount)
// and IMS, recommends an action for each row and saves the run: Against2B whole, register
// file read included.
func BenchmarkThreeWay100k(b *testing.B) {
	const n = 100000
	s := openService(b)
	ctx := context.Background()
	ws := s.core.Workspace()
	var doc, reg strings.Builder
	doc.WriteString(`{"chksum":"x","data":{"gstin":"` + ws.GSTIN + `","rtnprd":"102025","version":"1.0","gendt":"14-11-2025","docdata":{"b2b":[`)
	reg.WriteString("supplier_gstin,supplier_name,invoice_number,invoice_date,place_of_supply,reverse_charge,invoice_value,taxable_value,igst,cgst,sgst,cess,document_type\n")
	for sup := 0; sup < n/200; sup++ {
		if sup > 0 {
			doc.WriteByte(',')
		}
		ctin := fmt.Sprintf("29AABCT%04dL1ZT", sup)
		fmt.Fprintf(&doc, `{"ctin":"%s","trdnm":"SUPPLIER %d","supfildt":"11-11-2025","supprd":"102025","inv":[`, ctin, sup)
		for i := 0; i < 200; i++ {
			k := sup*200 + i
			if i > 0 {
				doc.WriteByte(',')
			}
			day, tx := 1+i%28, 1000+i
			fmt.Fprintf(&doc, `{"inum":"INV/%d/%06d","typ":"R","dt":"%02d-10-2025","val":%d.18,"pos":"29","rev":"N","itcavl":"Y","rsn":"","imsStatus":"N","txval":%d,"igst":%d.18,"cgst":0,"sgst":0,"cess":0}`,
				sup, i, day, tx+180+i, tx, 180+i)
			switch {
			case k%100 == 0: // only in 2B
			case k%10 == 5: // taxable differs
				fmt.Fprintf(&reg, "%s,S,INV/%d/%06d,%02d-10-2025,29,N,%d.18,%d,%d.18,0,0,0,invoice\n", ctin, sup, i, day, tx+180+i, tx+50, 180+i)
			default:
				fmt.Fprintf(&reg, "%s,S,INV/%d/%06d,%02d-10-2025,29,N,%d.18,%d,%d.18,0,0,0,invoice\n", ctin, sup, i, day, tx+180+i, tx, 180+i)
			}
			if k%100 == 1 { // only in the books
				fmt.Fprintf(&reg, "%s,S,BOOK/%d/%06d,%02d-10-2025,29,N,1180,1000,180,0,0,0,invoice\n", ctin, sup, i, day)
			}
		}
		doc.WriteString(`]}`)
	}
	doc.WriteString(`]}}}`)
	if _, err := gstr2b.Save(ctx, s.core.DB.DB, gstr2b.SaveRequest{WorkspaceID: ws.ID, GSTIN: ws.GSTIN, Source: gstr2b.SourceAPI,
		Raw: []byte(doc.String()), FetchedAt: time.Now()}); err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(b.TempDir(), "purchases.csv")
	if err := os.WriteFile(path, []byte(reg.String()), 0o600); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	benchcpu.Report(b, func() {
		for i := 0; i < b.N; i++ {
			tw, err := s.Against2B(ctx, path, periodtest.Month("2025-10"), periodtest.Month("2025-10"))
			if err != nil {
				b.Fatal(err)
			}
			if len(tw.Rows) < n || tw.Counts["accept"] == 0 {
				b.Fatalf("%d rows, %v", len(tw.Rows), tw.Counts)
			}
		}
	})
}

// BenchmarkThreeWayYear reconciles March 2025 across a year: twelve GSTR-2Bs (April 2024 to
// March 2025) of 20,000 documents each against books of 240,000 rows, cross-period (a hundredth
// of each month's documents dated and booked in the month before: reported late; a hundredth of
// the books in no 2B: awaiting). Every month's 2B is read to see what it took, the books of
// earlier months take part, the earlier months' pairs are set aside and March's rows recommended
// and saved. The books are given as read (a register file holds at most recon.MaxRegisterRows,
// 200,000 rows): the run whole but for reading the file.
func BenchmarkThreeWayYear(b *testing.B) {
	const perMonth, suppliers = 20000, 100
	s := openService(b)
	ctx := context.Background()
	ws := s.core.Workspace()
	books := make([]recon.Invoice, 0, 12*perMonth)
	months := []string{"2024-04", "2024-05", "2024-06", "2024-07", "2024-08", "2024-09", "2024-10", "2024-11", "2024-12", "2025-01", "2025-02", "2025-03"}
	for mi, p := range months {
		var doc strings.Builder
		rtn := p[5:7] + p[:4]
		fmt.Fprintf(&doc, `{"chksum":"x","data":{"gstin":"%s","rtnprd":"%s","version":"1.0","gendt":"14-%s","docdata":{"b2b":[`, ws.GSTIN, rtn, nextMonthDMY(p))
		for sup := 0; sup < suppliers; sup++ {
			if sup > 0 {
				doc.WriteByte(',')
			}
			ctin := fmt.Sprintf("29AABCT%04dL1ZT", sup)
			fmt.Fprintf(&doc, `{"ctin":"%s","trdnm":"SUPPLIER %d","supfildt":"11-%s","supprd":"%s","inv":[`, ctin, sup, nextMonthDMY(p), rtn)
			for i := 0; i < perMonth/suppliers; i++ {
				k := sup*(perMonth/suppliers) + i
				if i > 0 {
					doc.WriteByte(',')
				}
				day, dp := 1+i%28, p
				if k%100 == 7 && mi > 0 { // dated in the month before: reported late
					dp = months[mi-1]
				}
				tx := int64(1000 + i)
				num := fmt.Sprintf("INV/%d/%d/%06d", mi, sup, i)
				fmt.Fprintf(&doc, `{"inum":"%s","typ":"R","dt":"%02d-%s-%s","val":%d.18,"pos":"29","rev":"N","itcavl":"Y","rsn":"","imsStatus":"N","txval":%d,"igst":%d.18,"cgst":0,"sgst":0,"cess":0}`,
					num, day, dp[5:7], dp[:4], tx+180+int64(i), tx, 180+i)
				in := recon.Invoice{Source: recon.Books, RowRef: fmt.Sprintf("purchases.csv row %d", len(books)+2), SupplierGSTIN: ctin, SupplierName: "S",
					Number: num, Date: fmt.Sprintf("%s-%02d", dp, day), PlaceOfSupply: "29", DocType: recon.DocInvoice, Value: recon.Paise((tx+180+int64(i))*100 + 18),
					Taxable: recon.Paise(tx * 100), IGST: recon.Paise((180+int64(i))*100 + 18), Period: dp}
				if k%100 == 3 { // awaiting: the books have another one instead
					in.Number, in.Value, in.Taxable, in.IGST = fmt.Sprintf("BOOK/%d/%d/%06d", mi, sup, i), 118000, 100000, 18000
				}
				books = append(books, in)
			}
			doc.WriteString(`]}`)
		}
		doc.WriteString(`]}}}`)
		if _, err := gstr2b.Save(ctx, s.core.DB.DB, gstr2b.SaveRequest{WorkspaceID: ws.ID, GSTIN: ws.GSTIN, Source: gstr2b.SourceAPI,
			Raw: []byte(doc.String()), FetchedAt: time.Now()}); err != nil {
			b.Fatal(err)
		}
	}
	im := RegisterImport{File: "purchases.csv", Token: "bench-year"}
	runtime.GC()
	peak := heapPeak()
	b.ResetTimer()
	defer func() { b.ReportMetric(float64(peak()>>20), "peak-heap-MB") }()
	benchcpu.Report(b, func() {
		for i := 0; i < b.N; i++ {
			tw, err := s.threeWayRun(ctx, im, books, []string{"2025-03"}, s.read2B(ctx, []string{"2025-03"}), RunOptions{})
			if err != nil {
				b.Fatal(err)
			}
			if tw.Calendar.SettledEarlier < 11*perMonth*9/10 || tw.Calendar.ReportedLate < perMonth/100-10 || len(tw.Calendar.LookedBack) != 11 {
				b.Fatalf("%d rows, %+v", len(tw.Rows), tw.Calendar)
			}
		}
	})
}

// heapPeak samples the live heap (runtime/metrics, no stop of the world) every millisecond from
// now; the function it returns stops sampling and gives the highest sample above the heap now.
func heapPeak() func() uint64 {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() uint64 { metrics.Read(sample); return sample[0].Value.Uint64() }
	base, top := read(), uint64(0)
	stop, done := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				if v := read(); v > top {
					top = v
				}
			}
		}
	}()
	return func() uint64 {
		close(stop)
		<-done
		if top < base {
			return 0
		}
		return top - base
	}
}
