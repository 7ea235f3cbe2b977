package reconcile

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/gstr2b"
	"gstdesk/backend/itcrisk"
	"gstdesk/backend/period"
)

// rcm2B is a GSTR-2B of period p (YYYY-MM) with n b2b invoices of one supplier, every third on
// reverse charge.
func rcm2B(gstin, p string, n int) []byte {
	rtn := p[5:] + p[:4]
	var inv []string
	for i := 0; i < n; i++ {
		rev := "N"
		if i%3 == 0 {
			rev = "Y"
		}
		inv = append(inv, fmt.Sprintf(`{"inum":"R/%s/%04d","typ":"R","dt":"%02d-%s","val":1180,"pos":"29","rev":"%s","itcavl":"Y","rsn":"","imsStatus":"N","txval":1000,"igst":180,"cgst":0,"sgst":0,"cess":0}`,
			rtn, i, 1+i%28, p[5:]+"-"+p[:4], rev))
	}
	return []byte(fmt.Sprintf(`{"chksum":"x","data":{"gstin":"%s","rtnprd":"%s","version":"1.0","gendt":"14-%s","docdata":{"b2b":[{"ctin":"29AAACR5055K1Z5","trdnm":"RCM SUPPLIER","supfildt":"11-%s","supprd":"%s","inv":[%s]}]},"itcsumm":{"itcavl":{"nonrevsup":{"igst":%d,"cgst":0,"sgst":0,"cess":0}}}}}`,
		gstin, rtn, p[5:]+"-"+p[:4], p[5:]+"-"+p[:4], rtn, strings.Join(inv, ","), 180*n))
}

// TestTable4KeptAsBuilt: Table 4 read again with the month's worksheets kept (nothing written)
// is the Table 4 built first, the RCM statement's warning with its documents included: the
// ledgers read a kept month's reverse-charge documents too.
func TestTable4KeptAsBuilt(t *testing.T) {
	s := openService(t)
	ctx := context.Background()
	ws := s.core.Workspace()
	today, _ := period.ParseMonth(itcrisk.Today(s.core.Now())[:7])
	month := func(n int) string {
		return time.Date(today.Year, today.Month+time.Month(n), 1, 0, 0, 0, 0, time.UTC).Format("2006-01")
	}
	for _, n := range []int{-3, -2, -1} {
		if _, err := gstr2b.Save(ctx, s.core.DB.DB, gstr2b.SaveRequest{WorkspaceID: ws.ID, GSTIN: ws.GSTIN, Source: gstr2b.SourceAPI,
			Raw: rcm2B(ws.GSTIN, month(n), 12), FetchedAt: time.Now()}); err != nil {
			t.Fatal(err)
		}
	}
	first, err := s.Table4(ctx, month(-1))
	if err != nil {
		t.Fatal(err)
	}
	if first.RCM == nil || first.RCM.Warning == nil || len(first.RCM.Warning.Docs) == 0 {
		t.Fatalf("no RCM warning with documents to compare: %+v", first.RCM)
	}
	again, err := s.Table4(ctx, month(-1))
	if err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(first)
	b, _ := json.Marshal(again)
	if string(a) != string(b) {
		w1, _ := json.Marshal(first.Warnings)
		w2, _ := json.Marshal(again.Warnings)
		t.Errorf("Table 4 read with the worksheets kept differs from the one built; warnings:\n%s\n%s", w1, w2)
	}
	ledgers, err := s.CreditLedgers(ctx, month(-1))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ledgers[1].Months {
		if m.Warning != nil && len(m.Warning.Docs) == 0 {
			t.Errorf("%s: the RCM warning names no document", m.Period)
		}
	}
}
