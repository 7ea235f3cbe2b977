package reconcile

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/gstr2b"
	"gstdesk/backend/period/periodtest"
	"gstdesk/backend/recon"
)

// Bills of entry (impg, impgsez) and ISD documents (isd) of a GSTR-2B are reconciled with the
// books, counted and explained, with no IMS action (IMS holds neither); ISD credit marked not
// eligible is shown, not claimable; the notices name what was left out (rejected documents).
func TestReconAgainst2BImportsAndISD(t *testing.T) {
	s := openService(t)
	ctx := context.Background()
	ws := s.core.Workspace()
	const isd, sez, sup = "29AABCI1234L1ZT", "27AABCS1234L1ZT", "29AABCT0001L1ZT"
	doc := `{"chksum":"x","data":{"gstin":"` + ws.GSTIN + `","rtnprd":"102025","version":"1.0","gendt":"14-11-2025","docdata":{
	 "b2b":[{"ctin":"` + sup + `","trdnm":"T","supfildt":"11-11-2025","supprd":"102025","inv":[
	   {"inum":"INV/1","typ":"R","dt":"01-10-2025","val":1180,"pos":"29","rev":"N","itcavl":"Y","rsn":"","imsStatus":"N","txval":1000,"igst":180,"cgst":0,"sgst":0,"cess":0}]}],
	 "impg":[
	   {"refdt":"06-10-2025","recdt":"07-10-2025","portcode":"INNSA1","boenum":"2345678","boedt":"05-10-2025","isamd":"N","txval":10000,"igst":1800,"cess":0},
	   {"refdt":"06-10-2025","recdt":"07-10-2025","portcode":"INMAA1","boenum":"3456789","boedt":"06-10-2025","isamd":"N","txval":20000,"igst":3600,"cess":0}],
	 "impgsez":[{"ctin":"` + sez + `","trdnm":"SEZ UNIT","boe":[
	   {"refdt":"09-10-2025","recdt":"09-10-2025","portcode":"INBOM4","boenum":"4567890","boedt":"08-10-2025","isamd":"N","txval":5000,"igst":900,"cess":0}]}],
	 "isd":[{"ctin":"` + isd + `","trdnm":"HEAD OFFICE","supprd":"102025","supfildt":"13-11-2025","doclist":[
	   {"doctyp":"ISDI","docnum":"ISD/101","docdt":"02-10-2025","igst":500,"cgst":0,"sgst":0,"cess":0,"itcelg":"Y"},
	   {"doctyp":"ISDC","docnum":"ISD/CN/7","docdt":"03-10-2025","igst":100,"cgst":0,"sgst":0,"cess":0,"itcelg":"Y"},
	   {"doctyp":"ISDI","docnum":"ISD/102","docdt":"04-10-2025","igst":300,"cgst":0,"sgst":0,"cess":0,"itcelg":"N"}]}]},
	 "docRejdata":{"b2b":[{"ctin":"` + sup + `","trdnm":"T","supfildt":"11-11-2025","supprd":"102025","inv":[
	   {"inum":"INV/9","typ":"R","dt":"09-10-2025","val":1180,"pos":"29","rev":"N","itcavl":"Y","rsn":"","imsStatus":"R","txval":1000,"igst":180,"cgst":0,"sgst":0,"cess":0}]}]}}}`
	if _, err := gstr2b.Save(ctx, s.core.DB.DB, gstr2b.SaveRequest{WorkspaceID: ws.ID, GSTIN: ws.GSTIN, Source: gstr2b.SourceAPI,
		Raw: []byte(doc), FetchedAt: time.Now()}); err != nil {
		t.Fatal(err)
	}
	reg := "Supplier GSTIN,Invoice No,Invoice Date,Bill of Entry No,BOE Date,Port Code,ISD GSTIN,ITC Eligible,Taxable Value,IGST,CGST,SGST,Cess,Document Type\n" +
		sup + ",INV/1,01-10-2025,,,,,,1000,180,0,0,0,Invoice\n" +
		",,,2345678,05-10-2025,INNSA1,,,10000,1800,0,0,0,\n" + // exact
		",,,3456789,06-10-2025,INMAA1,,,20000,3000,0,0,0,\n" + // IGST differs: mismatch
		sez + ",,,4567890,08-10-2025,INBOM4,,,5000,900,0,0,0,Bill of Entry\n" + // SEZ: exact
		",ISD/101,02-10-2025,,,," + isd + ",Y,,500,0,0,0,ISD Invoice\n" +
		",ISD/CN/7,03-10-2025,,,," + isd + ",Y,,100,0,0,0,ISD Credit Note\n" +
		",ISD/102,04-10-2025,,,," + isd + ",,,300,0,0,0,ISD Invoice\n"
	path := filepath.Join(t.TempDir(), "purchases.csv")
	if err := os.WriteFile(path, []byte(reg), 0o600); err != nil {
		t.Fatal(err)
	}
	tw, err := s.Against2B(ctx, path, periodtest.Month("2025-10"), periodtest.Month("2025-10"))
	if err != nil {
		t.Fatal(err)
	}
	type want struct {
		status recon.Status
		rule   recon.RuleID
		kind   recon.DocType
	}
	wants := map[string]want{
		"INV/1":    {recon.Exact, recon.RuleExact, recon.DocInvoice},
		"2345678":  {recon.Exact, recon.RuleBillOfEntry, recon.DocBillOfEntry},
		"3456789":  {recon.Mismatch, recon.RuleBillOfEntry, recon.DocBillOfEntry},
		"4567890":  {recon.Exact, recon.RuleBillOfEntry, recon.DocBillOfEntry},
		"ISD/101":  {recon.Exact, recon.RuleISD, recon.DocISDInvoice},
		"ISD/CN/7": {recon.Exact, recon.RuleISD, recon.DocISDCreditNote},
		"ISD/102":  {recon.Exact, recon.RuleISD, recon.DocISDInvoice},
	}
	if len(tw.Rows) != len(wants) {
		t.Fatalf("%d rows, want %d: %+v", len(tw.Rows), len(wants), tw.Rows)
	}
	var boeKey string
	for _, r := range tw.Rows {
		w, ok := wants[r.GSTR2A.Number]
		if !ok || r.Status != w.status || r.RuleID != w.rule || r.GSTR2A.DocType != w.kind {
			t.Errorf("%s: %s/%s/%s (%s), want %+v", r.GSTR2A.Number, r.Status, r.RuleID, r.GSTR2A.DocType, r.Rule, w)
			continue
		}
		if w.kind == recon.DocInvoice {
			if r.Recommended.Action == "" || r.IMSSection != "b2b" {
				t.Errorf("the B2B invoice has no IMS recommendation: %+v", r.Recommended)
			}
			continue
		}
		if r.Recommended.Action != "" || r.Send != "" || r.IMSSection != "" || !strings.Contains(r.Recommended.Reason, "not in IMS") {
			t.Errorf("%s: recommended %+v, send %q, IMS section %q; want no IMS action", r.GSTR2A.Number, r.Recommended, r.Send, r.IMSSection)
		}
		if r.GSTR2A.Number == "ISD/102" && !strings.Contains(r.Recommended.ITCNote, "not eligible") {
			t.Errorf("ISD/102 ITC note = %q, want it not eligible", r.Recommended.ITCNote)
		}
		if r.GSTR2A.Number == "2345678" {
			boeKey = r.Key
			if r.GSTR2A.PortCode != "INNSA1" {
				t.Errorf("port code = %q", r.GSTR2A.PortCode)
			}
		}
	}
	if tw.Counts["none"] != 6 || tw.Kinds["bill_of_entry"] != 3 || tw.Kinds["isd_invoice"] != 2 || tw.Kinds["isd_credit_note"] != 1 || tw.Kinds["invoice"] != 1 {
		t.Errorf("counts %v, kinds %v", tw.Counts, tw.Kinds)
	}
	notes := strings.Join(tw.Notices, "\n")
	for _, w := range []string{"1 document(s) rejected in IMS", "3 row(s) of bills of entry", "3 row(s) of ISD invoices and credit notes"} {
		if !strings.Contains(notes, w) {
			t.Errorf("notices do not say %q:\n%s", w, notes)
		}
	}
	// A saved run reads back the same counts and notices; no IMS action can be chosen for a bill of entry.
	again, err := s.ThreeWayRun(ctx, tw.RunID)
	if err != nil || again.Kinds["bill_of_entry"] != 3 || len(again.Notices) != len(tw.Notices) {
		t.Fatalf("reopened: kinds %v, notices %v, %v", again.Kinds, again.Notices, err)
	}
	if err := s.SetThreeWayAction(ctx, tw.RunID, boeKey, "accept"); err == nil || !strings.Contains(err.Error(), "not in IMS") {
		t.Errorf("accept on a bill of entry: %v, want refused as not in IMS", err)
	}
}
