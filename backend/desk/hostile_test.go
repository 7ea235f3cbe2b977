package desk_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/gstr2a"
	"gstdesk/backend/gstr2b"
	"gstdesk/backend/recon"
	"gstdesk/backend/store"
)

// hostileReaders is every reader of GST documents whose figures are summed (docs/RELIABILITY.md,
// "Hostile documents"): a new reader joins this table. Each reads a return (or register) of one
// good invoice (₹180.00 IGST), the same invoice again, and an invoice with amounts below zero, and
// says the IGST its figures count and what it said (notices, or a refusal).
var hostileReaders = []struct {
	name string
	read func(t *testing.T) (igstPaise int64, said string, refused bool)
}{
	{"GSTR-2B", func(t *testing.T) (int64, string, bool) {
		inv := func(num, txval, igst string) string {
			return `{"inum":"` + num + `","dt":"10-03-2025","val":` + txval + `,"txval":` + txval + `,"igst":` + igst + `,"cgst":0,"sgst":0,"cess":0,"pos":"27","rev":"N","typ":"R","itcavl":"Y","rsn":""}`
		}
		raw := `{"data":{"gstin":"27AAPFU0939F1ZV","rtnprd":"032025","gendt":"14-04-2025","itcsumm":{},"docdata":{"b2b":[{"ctin":"29AABCS1429B1ZB","trdnm":"S","inv":[` +
			inv("A/1", "1000", "180") + `,` + inv("A/1", "1000", "180") + `,` + inv("NEG/1", "-500", "-90") + `]}]}}}`
		r, err := gstr2b.Parse([]byte(raw), gstr2b.FromFile)
		if err != nil {
			return 0, err.Error(), true
		}
		var igst int64
		for _, d := range r.Documents {
			igst += int64(d.IGST)
		}
		return igst, strings.Join(r.Notices, "\n"), false
	}},
	{"GSTR-2A", func(t *testing.T) (int64, string, bool) {
		inv := func(num, txval, igst string) string {
			return `{"chksum":"c","inum":"` + num + `","idt":"10-03-2025","val":` + txval + `,"pos":"27","rchrg":"N","inv_typ":"R","itms":[{"num":1,"itm_det":{"rt":18,"txval":` + txval + `,"iamt":` + igst + `}}]}`
		}
		raw := `{"gstin":"27AAPFU0939F1ZV","fp":"032025","b2b":[{"ctin":"29AABCS1429B1ZB","cfs":"Y","cfs3b":"Y","inv":[` +
			inv("A/1", "1000", "180") + `,` + inv("A/1", "1000", "180") + `,` + inv("NEG/1", "-500", "-90") + `]}]}`
		db, err := store.Open(context.Background(), t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		snap, err := gstr2a.Ingest(context.Background(), db.DB, gstr2a.IngestRequest{WorkspaceID: "ws", GSTIN: "27AAPFU0939F1ZV", Period: "2025-03",
			FetchedAt: time.Date(2025, 4, 14, 0, 0, 0, 0, time.UTC), Whole: []byte(raw)}, nil)
		if err != nil {
			return 0, err.Error(), true
		}
		return int64(snap.Totals.IGST), strings.Join(snap.Notices, "\n"), false
	}},
	{"purchase register", func(t *testing.T) (int64, string, bool) {
		csv := "supplier_gstin,invoice_number,invoice_date,taxable_value,igst,cgst,sgst,cess,document_type\n" +
			"29AABCS1429B1ZB,A/1,10-03-2025,1000,180,0,0,0,Invoice\n" +
			"29AABCS1429B1ZB,X/1,11-03-2025,1,1,0,0,0,Invoice\n" + // between the repeats, so the repeat is a duplicate and not a second tax-rate line
			"29AABCS1429B1ZB,A/1,10-03-2025,1000,180,0,0,0,Invoice\n" +
			"29AABCS1429B1ZB,NEG/1,11-03-2025,-500,-90,0,0,0,Invoice\n"
		invs, errs, err := recon.ReadRegister(strings.NewReader(csv), "purchases.csv", "", nil)
		var said []string
		for _, e := range errs {
			said = append(said, e.Error())
		}
		if err != nil {
			return 0, err.Error() + "\n" + strings.Join(said, "\n"), true
		}
		var igst int64
		for _, in := range invs {
			if in.DuplicateOf == "" && in.Number != "X/1" { // a duplicate is listed apart, never matched or summed
				igst += int64(in.IGST)
			}
		}
		return igst, strings.Join(said, "\n"), false
	}},
}

// TestHostileDocumentsAcrossReaders: no reader sums the same document twice or an invoice below
// zero silently: the figure counts the invoice once and leaves the negative one out, or the
// reader refuses; either way it names both documents.
func TestHostileDocumentsAcrossReaders(t *testing.T) {
	for _, r := range hostileReaders {
		t.Run(r.name, func(t *testing.T) {
			igst, said, refused := r.read(t)
			if !refused && igst != 18000 {
				t.Errorf("the figures count IGST %d paise, want 18000 (the invoice once, the negative one out)", igst)
			}
			if !strings.Contains(said, "NEG/1") {
				t.Errorf("the invoice below zero is not named:\n%s", said)
			}
			if !refused && !strings.Contains(said, "A/1") {
				t.Errorf("the document listed twice is not named:\n%s", said)
			}
		})
	}
}
