package returns

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"gstdesk/backend/benchcpu"
	"gstdesk/backend/gstr2b"
	"gstdesk/backend/period/periodtest"
)

// BenchmarkGSTR2B100kFromPath is the window's road for a GSTR-2B portal file of 100,000 documents:
// the path the Open dialog gives to ImportPortalPath (read, checked, stored), then what the screen
// reads next (the month's summary and the first page of documents). It reports the process's peak
// own memory (RssAnon, benchcpu.PeakAnon) after each step. See backend/gstr2b/BENCHMARKS.md.
func BenchmarkGSTR2B100kFromPath(b *testing.B) {
	path := filepath.Join(b.TempDir(), "returns_R2B_27AAPFU0939F1ZV_102025.json")
	writeGSTR2B(b, path, 100000)
	ctx := context.Background()
	peak := benchcpu.PeakAnon(b)
	for b.Loop() {
		b.StopTimer()
		s := openService(b)
		b.StartTimer()
		res, err := s.ImportPortalPath(ctx, path)
		if err != nil || res.Documents != 100000 {
			b.Fatalf("import: %d documents, %v", res.Documents, err)
		}
		b.ReportMetric(float64(peak()), "import-peak-MB")
		if _, err := s.GSTR2BView(ctx, periodtest.Month(res.Period), ""); err != nil {
			b.Fatal(err)
		}
		page, err := s.GSTR2BDocuments(ctx, res.SnapshotID, gstr2b.DocQuery{Limit: 200})
		if err != nil || len(page.Rows) != 200 {
			b.Fatalf("page: %d, %v", len(page.Rows), err)
		}
		b.ReportMetric(float64(peak()), "screen-peak-MB")
	}
}

// writeGSTR2B writes a GSTR-2B portal file (b2b, 50 invoices a supplier) of n documents.
func writeGSTR2B(b testing.TB, path string, n int) {
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	fmt.Fprint(w, `{"chksum":"x","data":{"gstin":"27AAPFU0939F1ZV","rtnprd":"102025","version":"1.0","gendt":"14-11-2025","docdata":{"b2b":[`)
	for s := 0; s*50 < n; s++ {
		if s > 0 {
			w.WriteByte(',')
		}
		fmt.Fprintf(w, `{"ctin":"27AABCT1332L1ZT","trdnm":"Supplier %d","supfildt":"11-11-2025","supprd":"102025","inv":[`, s)
		for i := 0; i < 50 && s*50+i < n; i++ {
			if i > 0 {
				w.WriteByte(',')
			}
			tx := 1000 + (s*31+i*17)%90000
			fmt.Fprintf(w, `{"inum":"S%d/25-26/%d","dt":"%02d-10-2025","val":%.2f,"pos":"27","rev":"N","typ":"R","itcavl":"Y","rsn":"","imsStatus":"N","txval":%d,"igst":0,"cgst":%.2f,"sgst":%.2f,"cess":0}`,
				s, i+1, 1+i%28, float64(tx)*1.18, tx, float64(tx)*0.09, float64(tx)*0.09)
		}
		w.WriteString(`]}`)
	}
	w.WriteString(`]}}}`)
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	f.Close()
}
