package reconcile

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/gstr2b"
	"gstdesk/backend/gstr3b"
	"gstdesk/backend/ims"
	"gstdesk/backend/itcrisk"
	"gstdesk/backend/period"
	"gstdesk/backend/period/periodtest"
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
	first, err := s.Table4(ctx, periodtest.Month(month(-1)))
	if err != nil {
		t.Fatal(err)
	}
	if first.RCM == nil || first.RCM.Warning == nil || len(first.RCM.Warning.Docs) == 0 {
		t.Fatalf("no RCM warning with documents to compare: %+v", first.RCM)
	}
	again, err := s.Table4(ctx, periodtest.Month(month(-1)))
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
	ledgers, err := s.CreditLedgers(ctx, periodtest.Month(month(-1)))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ledgers[1].Months {
		if m.Warning != nil && len(m.Warning.Docs) == 0 {
			t.Errorf("%s: the RCM warning names no document", m.Period)
		}
	}
}

// TestDocKeysAsLookedUp: the keys a document is looked up by, read once (docKeysOf), are those
// the worksheet read from the document each time: its IMS identity, its claim's identity, its
// blocked mark's key and the run's row key, for every kind and section and numbers written in
// several ways.
func TestDocKeysAsLookedUp(t *testing.T) {
	p := "2026-10"
	var docs []gstr2b.MatchDoc
	for _, sec := range []string{"b2b", "b2ba", "cdnr", "cdnra", "ecom", "ecoma", "isd", "impg", "impgsez"} {
		for _, kind := range []string{gstr2b.KindInvoice, gstr2b.KindCreditNote, gstr2b.KindDebitNote, gstr2b.KindISDCreditNote} {
			for _, num := range []string{"INV/001", " inv-001 ", "2025-26/0042", "A B 7", "0007"} {
				for _, sup := range []string{"29AAACR5055K1Z5", " 29aaacr5055k1z5 "} {
					d := gstr2b.MatchDoc{}
					d.Section, d.Kind, d.Number, d.Supplier = sec, kind, num, sup
					docs = append(docs, d, d)
					docs[len(docs)-1].SupplierPeriod = "2026-09"
				}
			}
		}
	}
	for i := range docs {
		d := &docs[i]
		k := docKeysOf(d, p)
		wantIMS := ""
		if id, ok := ims.IDOf2B(d, p); ok {
			wantIMS = id.Key()
		}
		g := gstr3b.Doc{Face: gstr3b.Face2B, Period2B: p, Section: d.Section, Kind: d.Kind, Supplier: d.Supplier, Number: d.Number}
		id := g.Identity()
		if k.ims != wantIMS || k.claim != id.Key() || k.blocked != gstr3b.BlockedKey(d.Supplier, d.Kind, d.Number) ||
			k.blocked+"|"+p != rowKey(d.Supplier, d.Kind, d.Number, p) {
			t.Errorf("%+v: keys %+v, want ims %q claim %q blocked %q", *d, k, wantIMS, id.Key(), gstr3b.BlockedKey(d.Supplier, d.Kind, d.Number))
		}
	}
}
