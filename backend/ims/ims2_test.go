package ims

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/gstapi"
	"gstdesk/backend/gstapi/gstapitest"
	"gstdesk/backend/money"
	"gstdesk/backend/store"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// fixture reads the one record of testdata/ims2/list_<section>.json (written from the shapes of
// gstr2b-ims.md §2.2 with the IMS 2.0 fields of itc-2026.md §3).
func fixture(t *testing.T, section string) Record {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "ims2", "list_"+section+".json"))
	if err != nil {
		t.Fatal(err)
	}
	recs, err := Parse(section, b)
	if err != nil || len(recs) != 1 {
		t.Fatalf("%s: %v, %d records", section, err, len(recs))
	}
	return recs[0]
}

func TestParseIMS2Fields(t *testing.T) {
	cn := fixture(t, "b2bcn")
	if cn.ITCRedReq != "" || cn.ITCRedReqBlocked || cn.RemarksBlocked || cn.Declared != nil {
		t.Errorf("credit note %+v", cn.IMSITC)
	}
	if r := fixture(t, "ecoma"); !r.RemarksBlocked || r.OrigNumber != "" {
		t.Errorf("ecoma %+v, original %q", r.IMSITC, r.OrigNumber)
	}
	saved := `{"b2bcn":[{"action":"A","camt":0,"cess":0,"hash":"h","iamt":180,"inv_typ":"R","isItcRedReqBlocked":"Y","itcRedReq":"Y","declIgst":90.5,"declCgst":0,"declSgst":0,"declCess":0,"remarks":"half","nt_dt":"10-10-2025","nt_num":"CN-3","pos":"24","rtnprd":"102025","samt":0,"srcfilstatus":"Filed","srcform":"R1","stin":"27MAYAS0100J1JD","txval":1000,"val":1180}]}`
	recs, err := Parse("b2bcn", []byte(saved))
	if err != nil {
		t.Fatal(err)
	}
	r := recs[0]
	if r.ITCRedReq != "Y" || !r.ITCRedReqBlocked || r.Declared == nil || r.Declared.IGST != 9050 || r.Remarks != "half" {
		t.Errorf("saved record %+v", r.IMSITC)
	}
	if _, err := Parse("b2bcn", []byte(strings.Replace(saved, `"declIgst":90.5`, `"declIgst":"ninety"`, 1))); err == nil || !strings.Contains(err.Error(), "declIgst") {
		t.Errorf("a declared amount that is not one: %v", err)
	}
}

// TestSaveBodies: the save body of each record type against the shapes of gstr2b-ims.md §2.3
// (golden files testdata/ims2/save_<section>.json; go test ./backend/ims -run TestSaveBodies -update).
func TestSaveBodies(t *testing.T) {
	claimed := func(igst, cgst, sgst money.Paise) Claim {
		return Claim{Known: true, Period: "2025-09", IGST: igst, CGST: cgst, SGST: sgst}
	}
	tests := []struct {
		section string
		action  string
		claim   *Claim
		remarks string
		// the fields the body must have beyond the document's own
		want []string
	}{
		{"b2b", Accepted, nil, "", nil},
		{"b2ba", Accepted, &Claim{Known: true, Period: "2025-09", IGST: 180000}, "", []string{"itcRedReq", "declIgst", "declCgst", "declSgst", "declCess"}},
		{"b2bcn", Accepted, &Claim{Known: true, Number: "INV-9", Period: "2025-05", IGST: 180000}, "", []string{"itcRedReq"}},
		{"b2bcna", Accepted, &Claim{Known: true, Period: "2025-09"}, "nothing claimed", []string{"itcRedReq", "remarks"}},
		{"b2bdn", Rejected, nil, "rate is wrong", []string{"remarks"}},
		{"b2bdna", Accepted, func() *Claim { c := claimed(0, 9000, 9000); return &c }(), "", []string{"itcRedReq", "declIgst", "declCgst", "declSgst", "declCess"}},
		{"ecom", Pending, nil, "checking with the operator", []string{"remarks"}},
		{"ecoma", Accepted, nil, "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.section, func(t *testing.T) {
			r := fixture(t, tt.section)
			c := Change{Record: r, Action: tt.action, Remarks: tt.remarks}
			if tt.claim != nil {
				ProposeReduction(r, *tt.claim).Apply(&c)
			}
			if err := c.Check(); err != nil {
				t.Fatal(err)
			}
			body, err := Request("24ABKCS2033B1ZV", false, []Change{c})
			if err != nil {
				t.Fatal(err)
			}
			var got bytes.Buffer
			json.Indent(&got, body, "", "  ")
			got.WriteByte('\n')
			golden := filepath.Join("testdata", "ims2", "save_"+tt.section+".json")
			if *update {
				os.WriteFile(golden, got.Bytes(), 0o644)
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want) {
				t.Errorf("body\n%s\nwant\n%s", got.Bytes(), want)
			}
			// The fields: the save schema's for the section, and the IMS 2.0 ones set.
			var top struct {
				InvData map[string][]map[string]json.RawMessage `json:"invdata"`
			}
			json.Unmarshal(body, &top)
			rec := top.InvData[tt.section][0]
			need := []string{"stin", "rtnprd", "srcform", "pos", "val", "txval", "iamt", "camt", "samt", "cess", "prev_status", "action"}
			switch {
			case IsNote(tt.section):
				need = append(need, "nt_num", "nt_dt")
			default:
				need = append(need, "inum", "idt")
			}
			if !strings.HasPrefix(tt.section, "ecom") {
				need = append(need, "inv_typ")
			}
			switch tt.section {
			case "b2ba", "ecoma":
				need = append(need, "oinum", "oidt")
			case "b2bcna", "b2bdna":
				need = append(need, "ont_num", "ont_dt")
			}
			need = append(need, tt.want...)
			for _, k := range need {
				if _, ok := rec[k]; !ok {
					t.Errorf("no %s", k)
				}
			}
			if len(rec) != len(need) {
				t.Errorf("%d fields, want %d: %v", len(rec), len(need), rec)
			}
		})
	}
}

func TestChangeCheckIMS2(t *testing.T) {
	cn, b2b, ecoma := fixture(t, "b2bcn"), fixture(t, "b2b"), fixture(t, "ecoma")
	blocked := cn
	blocked.ITCRedReqBlocked = true
	half := &Declared{IGST: 9000}
	tests := []struct {
		name string
		c    Change
		want string
	}{
		{"the portal decides", Change{Record: blocked, Action: Accepted, ITCRedReq: "N"}, "isItcRedReqBlocked"},
		{"the portal decides, nothing sent", Change{Record: blocked, Action: Accepted}, ""},
		{"remarks blocked", Change{Record: ecoma, Action: Rejected, Remarks: "no"}, "isRemarksBlocked"},
		{"remarks on a reject", Change{Record: b2b, Action: Rejected, Remarks: "not ours"}, ""},
		{"declared above the note's tax", Change{Record: cn, Action: Accepted, ITCRedReq: "Y", Declared: &Declared{IGST: 18001}}, "more than the note's IGST, ₹180.00"},
		{"declared in a head the note has not", Change{Record: cn, Action: Accepted, ITCRedReq: "Y", Declared: &Declared{CGST: 1}}, "CGST"},
		{"declared with N", Change{Record: cn, Action: Accepted, ITCRedReq: "N", Declared: half}, "not N"},
		{"declared without itcRedReq", Change{Record: cn, Action: Accepted, Declared: half}, "itcRedReq Y"},
		{"declared negative", Change{Record: cn, Action: Accepted, ITCRedReq: "Y", Declared: &Declared{IGST: -1}}, "negative"},
		{"itcRedReq on a reject", Change{Record: cn, Action: Rejected, ITCRedReq: "Y"}, "only when accepting"},
		{"itcRedReq on an invoice", Change{Record: b2b, Action: Accepted, ITCRedReq: "N"}, "not for b2b"},
		{"itcRedReq neither Y nor N", Change{Record: cn, Action: Accepted, ITCRedReq: "yes"}, "neither Y"},
		{"part of the note", Change{Record: cn, Action: Accepted, ITCRedReq: "Y", Declared: half}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.c.Check()
			if (tt.want == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Check = %v, want %q", err, tt.want)
			}
		})
	}
}

func TestProposeReduction(t *testing.T) {
	cn, cna, b2ba, dna, b2b := fixture(t, "b2bcn"), fixture(t, "b2bcna"), fixture(t, "b2ba"), fixture(t, "b2bdna"), fixture(t, "b2b")
	blocked := cn
	blocked.ITCRedReqBlocked = true
	tests := []struct {
		name    string
		r       Record
		claim   Claim
		redReq  string
		decl    *Declared
		working string
	}{
		{"the whole note", cn, Claim{Known: true, Number: "INV-9", Period: "2025-05", IGST: 180000}, "Y", nil,
			"original INV-9 claimed ₹1,800.00 IGST in the GSTR-3B of 05/2025; the note reduces ₹180.00, its whole tax (itcRedReq Y)."},
		{"claimed less than the note", cn, Claim{Known: true, Number: "INV-9", Period: "052025", IGST: 10000}, "Y", &Declared{IGST: 10000},
			"original INV-9 claimed ₹100.00 IGST in the GSTR-3B of 05/2025; the note's tax is ₹180.00 IGST, more than was claimed: the note reduces ₹100.00 IGST (itcRedReq Y, declared)."},
		{"nothing claimed", cna, Claim{Known: true}, "N", nil, "original CN-3 claimed ₹0.00; the note's ₹90.00 finds no credit to reduce (itcRedReq N)."},
		{"claimed in other heads", cn, Claim{Known: true, CGST: 900, SGST: 900}, "N", nil,
			"the original claimed ₹9.00 CGST and ₹9.00 SGST; the note's ₹180.00 finds no credit to reduce (itcRedReq N)."},
		{"claim not known", cn, Claim{}, "Y", nil,
			"The ITC claimed on the original is not known to gstdesk: the whole tax of the note, ₹180.00, is declared as reduced (itcRedReq Y). Give the claim to declare less."},
		{"downward amendment", b2ba, Claim{Known: true, Period: "2025-09", IGST: 180000}, "Y", &Declared{IGST: 18000},
			"original INV-9 claimed ₹1,800.00 IGST in the GSTR-3B of 09/2025; the amendment lowers the tax to ₹1,620.00 IGST: it reduces ₹180.00 IGST (itcRedReq Y, declared)."},
		{"upward amendment", b2ba, Claim{Known: true, IGST: 100000}, "N", nil,
			"original INV-9 claimed ₹1,000.00 IGST; the amendment's tax, ₹1,620.00 IGST, does not lower it (itcRedReq N)."},
		{"debit note amended down", dna, Claim{Known: true, Period: "2025-09", CGST: 9000, SGST: 9000}, "Y", &Declared{CGST: 4500, SGST: 4500},
			"original DN-4 claimed ₹90.00 CGST and ₹90.00 SGST in the GSTR-3B of 09/2025; the amendment lowers the tax to ₹45.00 CGST and ₹45.00 SGST: it reduces ₹45.00 CGST and ₹45.00 SGST (itcRedReq Y, declared)."},
		{"amendment, claim not known", b2ba, Claim{}, "Y", nil,
			"The ITC claimed on original INV-9 is not known to gstdesk: the reduction is declared (itcRedReq Y) and the portal reduces the whole fall in tax. Give the claim to declare the amounts."},
		{"the portal decides", blocked, Claim{Known: true, IGST: 180000}, "", nil,
			"The portal decides the reduction of credit for this document itself (isItcRedReqBlocked): nothing is sent."},
		{"an invoice", b2b, Claim{}, "", nil, "Invoice takes no itcRedReq: nothing to declare."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ProposeReduction(tt.r, tt.claim)
			if got.ITCRedReq != tt.redReq || (got.Declared == nil) != (tt.decl == nil) || got.Declared != nil && *got.Declared != *tt.decl || got.Working != tt.working {
				t.Errorf("got %q %+v\n  %s\nwant %q %+v\n  %s", got.ITCRedReq, got.Declared, got.Working, tt.redReq, tt.decl, tt.working)
			}
			c := Change{Record: tt.r, Action: Accepted}
			got.Apply(&c)
			if err := c.Check(); err != nil {
				t.Errorf("the proposal does not pass Check: %v", err)
			}
		})
	}
}

func TestDeemedAcceptedOn(t *testing.T) {
	for in, want := range map[string]string{"102025": "2025-12-20", "2025-11": "2026-01-20", "122025": "2026-02-20", " 012026 ": "2026-03-20"} {
		got, err := DeemedAcceptedOn(in)
		if err != nil || got.Format("2006-01-02") != want {
			t.Errorf("DeemedAcceptedOn(%q) = %v, %v, want %s", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "13-2025", "abc"} {
		if _, err := DeemedAcceptedOn(bad); err == nil {
			t.Errorf("DeemedAcceptedOn(%q) took it", bad)
		}
	}
}

func TestSetKeptChange(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	cn := fixture(t, "b2bcn")
	now := time.Date(2025, 11, 20, 10, 0, 0, 0, time.UTC)
	if _, err := Replace(ctx, db.DB, "w", "b2bcn", []Record{cn}, now); err != nil {
		t.Fatal(err)
	}
	c := Change{Record: cn, Action: Accepted, ITCRedReq: "Y", Declared: &Declared{IGST: 9050}, Remarks: "half claimed"}
	if err := SetKeptChange(ctx, db.DB, "w", c); err != nil {
		t.Fatal(err)
	}
	got, err := Stored(ctx, db.DB, "w", "b2bcn", Accepted)
	if err != nil || len(got) != 1 {
		t.Fatalf("stored %+v, %v", got, err)
	}
	if r := got[0]; r.ITCRedReq != "Y" || r.Declared == nil || r.Declared.IGST != 9050 || r.Remarks != "half claimed" || r.Hash != cn.Hash {
		t.Errorf("kept %+v", r.IMSITC)
	}
	// The log keeps what was declared with the action.
	if _, err := LogSent(ctx, db.DB, "w", "asha", now, "ref", []Change{c}); err != nil {
		t.Fatal(err)
	}
	log, err := Log(ctx, db.DB, "w", 0)
	if err != nil || len(log) != 1 || log[0].ITCRedReq != "Y" || log[0].Declared == nil || log[0].Declared.IGST != 9050 || log[0].Remarks != "half claimed" {
		t.Errorf("log %+v, %v", log, err)
	}
	// A later reject replaces what the accept declared.
	c = Change{Record: got[0], Action: Rejected}
	if err := SetKeptChange(ctx, db.DB, "w", c); err != nil {
		t.Fatal(err)
	}
	got, _ = Stored(ctx, db.DB, "w", "b2bcn", "")
	if r := got[0]; r.Action != Rejected || r.ITCRedReq != "" || r.Declared != nil || r.Remarks != "" {
		t.Errorf("after a reject %+v %+v", r.Action, r.IMSITC)
	}
}

// TestSaveThroughSimulator: bodies built by Request, with itcRedReq as ProposeReduction gives it,
// are taken by the simulator for every section it lists in IMS 2.0; without itcRedReq a credit
// note and a downward amendment come back refused with IMSSAV0054.
func TestSaveThroughSimulator(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2025, 11, 20, 10, 0, 0, 0, time.UTC)
	sim, ts := gstapitest.NewServer(t, gstapitest.Options{Seed: 11, AllSections: true, EmptyPeriods: []string{}, Now: func() time.Time { return now }})
	auth := gstapi.NewAuthenticator(ts.Client(), ts.URL, gstapitest.DefaultAPIKey, gstapitest.DefaultAPISecret)
	c, err := gstapi.NewClient(gstapi.Config{BaseURL: ts.URL, APIKey: gstapitest.DefaultAPIKey, Tokens: auth, Now: func() time.Time { return now },
		HTTPClient: ts.Client(), RatePerMinute: -1, Sleep: func(ctx context.Context, d time.Duration) error { return ctx.Err() },
		Backoff: func(int) time.Duration { return time.Millisecond }})
	if err != nil {
		t.Fatal(err)
	}
	rtin := sim.DemoTaxpayer()
	if err := c.RequestOTP(ctx, "demo", rtin); err != nil {
		t.Fatal(err)
	}
	sess, err := c.VerifyOTP(ctx, "demo", rtin, gstapitest.DefaultOTP)
	if err != nil {
		t.Fatal(err)
	}
	send := func(changes []Change) *gstapi.JobStatus {
		t.Helper()
		body, err := Request(rtin, false, changes)
		if err != nil {
			t.Fatal(err)
		}
		ref, _, err := c.SaveIMS(ctx, sess.Token, false, body)
		if err != nil {
			t.Fatal(err)
		}
		for range 3 {
			st, err := c.IMSRequestStatus(ctx, sess.Token, ref)
			if err != nil {
				t.Fatal(err)
			}
			if st.Done() {
				return st
			}
		}
		t.Fatal("the save never finished")
		return nil
	}
	listed := map[string][]Record{}
	for _, sec := range gstapi.IMSSections {
		l, err := c.IMSInvoices(ctx, sess.Token, sec.Param, "")
		if err != nil {
			t.Fatal(err)
		}
		if listed[sec.Key], err = Parse(sec.Key, l.Raw); err != nil {
			t.Fatal(err)
		}
		if len(listed[sec.Key]) == 0 {
			t.Errorf("the simulator lists no %s", sec.Key)
		}
	}
	// Without itcRedReq: refused per document.
	st := send([]Change{{Record: listed["b2bcn"][0], Action: Accepted}, {Record: listed["b2ba"][0], Action: Accepted}})
	if st.Status != gstapi.JobProcessedErrors || len(st.Report) != 2 {
		t.Fatalf("without itcRedReq = %+v", st)
	}
	for _, e := range st.Report {
		if e.Code != "IMSSAV0054" || !strings.Contains(ErrorText(e), "itcRedReq Y") {
			t.Errorf("report %+v: %s", e, ErrorText(e))
		}
	}
	// With what ProposeReduction gives (the claim not known): every section taken.
	var changes []Change
	for _, sec := range gstapi.IMSSections {
		r := listed[sec.Key][0]
		ch := Change{Record: r, Action: Accepted}
		ProposeReduction(r, Claim{}).Apply(&ch)
		if err := ch.Check(); err != nil {
			t.Fatalf("%s: %v", sec.Key, err)
		}
		changes = append(changes, ch)
	}
	if st := send(changes); st.Status != gstapi.JobProcessed {
		t.Errorf("with itcRedReq proposed = %+v", st)
	}
}
