package reconcile

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/benchcpu"
	"gstdesk/backend/gstr2b"
	"gstdesk/backend/gstr3b"
	"gstdesk/backend/period/periodtest"
)

// BenchmarkTable4Service20k builds the Table 4 worksheet of a month whose GSTR-2B has 20,000
// documents, reconciled (a saved run) with a register of 20,000 invoices: Table4 whole, from the
// database (2B, run rows, IMS, claims, the ITC calendars of two years with the register read
// again, the ledgers).
func BenchmarkTable4Service20k(b *testing.B) {
	const n = 20000
	s := openService(b)
	ctx := context.Background()
	ws := s.core.Workspace()
	var doc, reg strings.Builder
	doc.WriteString(`{"chksum":"x","data":{"gstin":"` + ws.GSTIN + `","rtnprd":"102025","version":"1.0","gendt":"14-11-2025","docdata":{"b2b":[`)
	reg.WriteString("supplier_gstin,supplier_name,invoice_number,invoice_date,place_of_supply,reverse_charge,invoice_value,taxable_value,igst,cgst,sgst,cess,document_type\n")
	var itc int64
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
			itc += int64(180 + i)
			fmt.Fprintf(&doc, `{"inum":"INV/%d/%06d","typ":"R","dt":"%02d-10-2025","val":%d,"pos":"29","rev":"N","itcavl":"Y","rsn":"","imsStatus":"N","txval":%d,"igst":%d,"cgst":0,"sgst":0,"cess":0}`,
				sup, i, day, tx+180+i, tx, 180+i)
			switch {
			case k%100 == 0: // only in 2B
			case k%10 == 5: // taxable differs
				fmt.Fprintf(&reg, "%s,S,INV/%d/%06d,%02d-10-2025,29,N,%d,%d,%d,0,0,0,invoice\n", ctin, sup, i, day, tx+180+i, tx+50, 180+i)
			default:
				fmt.Fprintf(&reg, "%s,S,INV/%d/%06d,%02d-10-2025,29,N,%d,%d,%d,0,0,0,invoice\n", ctin, sup, i, day, tx+180+i, tx, 180+i)
			}
			if k%100 == 1 { // only in the books
				fmt.Fprintf(&reg, "%s,S,BOOK/%d/%06d,%02d-10-2025,29,N,1180,1000,180,0,0,0,invoice\n", ctin, sup, i, day)
			}
		}
		doc.WriteString(`]}`)
	}
	fmt.Fprintf(&doc, `]},"itcsumm":{"itcavl":{"nonrevsup":{"igst":%d,"cgst":0,"sgst":0,"cess":0}}}}}`, itc)
	if _, err := gstr2b.Save(ctx, s.core.DB.DB, gstr2b.SaveRequest{WorkspaceID: ws.ID, GSTIN: ws.GSTIN, Source: gstr2b.SourceAPI,
		Raw: []byte(doc.String()), FetchedAt: time.Now()}); err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(b.TempDir(), "purchases.csv")
	if err := os.WriteFile(path, []byte(reg.String()), 0o600); err != nil {
		b.Fatal(err)
	}
	if _, err := s.Against2B(ctx, path, periodtest.Month("2025-10"), periodtest.Month("2025-10")); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	benchcpu.Report(b, func() {
		for i := 0; i < b.N; i++ {
			sheet, err := s.Table4(ctx, periodtest.Month("2025-10"))
			if err != nil {
				b.Fatal(err)
			}
			if sheet.CheckBridge() != "" || sheet.Line(gstr3b.LineNotBooked) == nil || sheet.Line(gstr3b.LineSummary) != nil {
				b.Fatalf("bridge %s, lines %d", sheet.CheckBridge(), len(sheet.Bridge))
			}
		}
	})
}

// BenchmarkGSTR9Service240k works out GSTR-9's ITC tables of FY 2025-26 from twelve stored
// GSTR-2Bs of 20,000 documents each (240,000): GSTR9 whole, from the database (the twelve months'
// worksheets for 6A, every document's claim period for 6A1, 8A-8D and 13).
func BenchmarkGSTR9Service240k(b *testing.B) {
	const perMonth = 20000
	s := openService(b)
	ctx := context.Background()
	ws := s.core.Workspace()
	months := []string{"042025", "052025", "062025", "072025", "082025", "092025", "102025", "112025", "122025", "012026", "022026", "032026"}
	for mi, rp := range months {
		var doc strings.Builder
		fmt.Fprintf(&doc, `{"chksum":"x","data":{"gstin":"%s","rtnprd":"%s","version":"1.0","gendt":"14-%s-%s","docdata":{"b2b":[`, ws.GSTIN, rp, rp[:2], rp[2:])
		var itc int64
		for sup := 0; sup < perMonth/200; sup++ {
			if sup > 0 {
				doc.WriteByte(',')
			}
			fmt.Fprintf(&doc, `{"ctin":"29AABCT%04dL1ZT","trdnm":"SUPPLIER %d","supfildt":"11-%s-%s","supprd":"%s","inv":[`, sup, sup, rp[:2], rp[2:], rp)
			for i := 0; i < 200; i++ {
				if i > 0 {
					doc.WriteByte(',')
				}
				itc += int64(180 + i)
				fmt.Fprintf(&doc, `{"inum":"INV/%d/%d/%06d","typ":"R","dt":"%02d-%s-%s","val":%d,"pos":"29","rev":"N","itcavl":"Y","rsn":"","imsStatus":"N","txval":1000,"igst":%d,"cgst":0,"sgst":0,"cess":0}`,
					mi, sup, i, 1+i%28, rp[:2], rp[2:], 1180+i, 180+i)
			}
			doc.WriteString(`]}`)
		}
		fmt.Fprintf(&doc, `]},"itcsumm":{"itcavl":{"nonrevsup":{"igst":%d,"cgst":0,"sgst":0,"cess":0}}}}}`, itc)
		if _, err := gstr2b.Save(ctx, s.core.DB.DB, gstr2b.SaveRequest{WorkspaceID: ws.ID, GSTIN: ws.GSTIN, Source: gstr2b.SourceAPI,
			Raw: []byte(doc.String()), FetchedAt: time.Now()}); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	benchcpu.Report(b, func() {
		for i := 0; i < b.N; i++ {
			g, err := s.GSTR9(ctx, periodtest.FY("FY 2025-26"))
			if err != nil {
				b.Fatal(err)
			}
			if g.Table(gstr3b.T8A).Count != 12*perMonth {
				b.Fatalf("8A %d documents", g.Table(gstr3b.T8A).Count)
			}
		}
	})
}
