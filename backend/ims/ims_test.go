package ims

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/gstapi"
	"gstdesk/backend/store"
)

// listB2B is the service's documented example (gstr2b-ims.md §2.2), verbatim.
const listB2B = `{"b2b":[
 {"action":"N","camt":0,"cess":0,"hash":"5614d4073380ec8b4ed4613846b18d18d5ee7ce4727e5f5a4d238fe96aaf8600","iamt":288,"idt":"02-11-2024","inum":"1024250260344","inv_typ":"R","ispendactblocked":"N","pos":"24","rtnprd":"112024","samt":0,"srcfilstatus":"Not Filed","srcform":"R1","stin":"33ABCCZ0123M2YZ","txval":1600,"val":1888},
 {"action":"A","camt":10883.91,"cess":0,"hash":"dbd0f1c65631f9fdbfd3ab8d56c2949c3354b688ea53dee44e42768c07b676e2","iamt":0,"idt":"05-11-2024","inum":"AO2SA2425002517","inv_typ":"R","ispendactblocked":"Y","pos":"24","rtnprd":"112024","samt":10883.91,"srcfilstatus":"Filed","srcform":"R1","stin":"24ABCCU0123M1YZ","txval":120932.18,"val":142700}]}`

func TestParseList(t *testing.T) {
	recs, err := Parse("b2b", []byte(listB2B))
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 || recs[0].Action != NoAction || recs[0].SupplierFiled || recs[1].Action != Accepted || !recs[1].PendingBlocked || !recs[1].SupplierFiled {
		t.Fatalf("records = %+v", recs)
	}
	if recs[1].Taxable.Decimal() != "120932.18" || recs[1].Tax().Decimal() != "21767.82" || recs[0].DateISO != "2024-11-02" {
		t.Errorf("amounts = %s %s %s", recs[1].Taxable.Decimal(), recs[1].Tax().Decimal(), recs[0].DateISO)
	}
	if recs, err := Parse("b2bcn", []byte(`{}`)); err != nil || len(recs) != 0 {
		t.Errorf("an empty answer = %v, %v", recs, err)
	}
}

func TestParseListRefusesBrokenRecords(t *testing.T) {
	tests := []struct{ name, from, to, want string }{
		{"no hash", `"hash":"5614d4073380ec8b4ed4613846b18d18d5ee7ce4727e5f5a4d238fe96aaf8600",`, ``, "hash is missing"},
		{"empty hash", `"hash":"5614d4073380ec8b4ed4613846b18d18d5ee7ce4727e5f5a4d238fe96aaf8600"`, `"hash":""`, "hash is missing"},
		{"bad action", `"action":"N"`, `"action":"X"`, "action \"X\""},
		{"no number", `"inum":"1024250260344",`, ``, "inum is missing"},
		{"bad date", `"idt":"02-11-2024"`, `"idt":"2024-11-02"`, "not a date"},
		{"text amount", `"txval":1600`, `"txval":"abc"`, "txval"},
		{"no amount", `"val":1888`, `"x":1`, "val is missing"},
		{"bad supplier", `"stin":"33ABCCZ0123M2YZ"`, `"stin":"33-ABC"`, "not a GSTIN"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := strings.Replace(listB2B, tt.from, tt.to, 1)
			_, err := Parse("b2b", []byte(in))
			if e := apperr.Command.Public(err); err == nil || e.Kind != apperr.Unavailable || !strings.Contains(e.Message, tt.want) || !strings.Contains(e.Message, "record 1") {
				t.Errorf("err = %v", err)
			}
		})
	}
	for _, bad := range []string{`[]`, `{"b2ba":[]}`, `{"b2b":{}}`, "{\"b2b\":[{\"stin\":\"\xff\"}]}"} {
		if _, err := Parse("b2b", []byte(bad)); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

func TestRequestEchoesTheDocument(t *testing.T) {
	recs, _ := Parse("b2b", []byte(listB2B))
	body, err := Request("24SHUBH3221U1Z1", false, []Change{{Record: recs[0], Action: Accepted}, {Record: recs[1], Action: Rejected}})
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		RTIN    string                      `json:"rtin"`
		ReqTyp  string                      `json:"reqtyp"`
		InvData map[string][]map[string]any `json:"invdata"`
	}
	dec := json.NewDecoder(strings.NewReader(string(body)))
	dec.UseNumber()
	if err := dec.Decode(&got); err != nil {
		t.Fatal(err)
	}
	b := got.InvData["b2b"]
	if got.RTIN != "24SHUBH3221U1Z1" || got.ReqTyp != "SAVE" || len(b) != 2 {
		t.Fatalf("body = %s", body)
	}
	want := map[string]string{"stin": "24ABCCU0123M1YZ", "inum": "AO2SA2425002517", "idt": "05-11-2024", "inv_typ": "R", "pos": "24", "rtnprd": "112024",
		"srcform": "R1", "val": "142700", "txval": "120932.18", "camt": "10883.91", "samt": "10883.91", "iamt": "0", "cess": "0", "prev_status": "A", "action": "R"}
	for k, v := range want {
		if got := strings.Trim(jsonText(b[1][k]), `"`); got != v {
			t.Errorf("%s = %s, want %s", k, got, v)
		}
	}
	if len(b[1]) != len(want) {
		t.Errorf("sent %d fields (%v), want exactly %d: the save schema allows no others", len(b[1]), b[1], len(want))
	}
	reset, _ := Request("24SHUBH3221U1Z1", true, []Change{{Record: recs[1], Action: NoAction}})
	if strings.Contains(string(reset), `"action"`) || !strings.Contains(string(reset), `"reqtyp":"RESET"`) {
		t.Errorf("reset = %s", reset)
	}
	notes, _ := Parse("b2bcn", []byte(`{"b2bcn":[{"action":"N","camt":0,"cess":0,"hash":"h","iamt":-10,"nt_dt":"02-11-2024","nt_num":"CN1","inv_typ":"R","ispendactblocked":"N","pos":"24","rtnprd":"112024","samt":0,"srcfilstatus":"Filed","srcform":"R1","stin":"33ABCCZ0123M2YZ","txval":-100,"val":-110}]}`))
	body, _ = Request("24SHUBH3221U1Z1", false, []Change{{Record: notes[0], Action: Accepted}})
	if !strings.Contains(string(body), `"nt_num":"CN1"`) || !strings.Contains(string(body), `"txval":100`) || strings.Contains(string(body), `"inum"`) {
		t.Errorf("note body = %s (amounts are sent absolute)", body)
	}
}

func jsonText(v any) string { b, _ := json.Marshal(v); return string(b) }

func TestChangeCheck(t *testing.T) {
	recs, _ := Parse("b2b", []byte(listB2B))
	tests := []struct {
		rec    Record
		action string
		want   string
	}{
		{recs[1], Pending, "blocks the pending action"},
		{recs[1], Accepted, "accepted already"},
		{recs[0], Pending, ""},
		{recs[0], Rejected, ""},
	}
	for _, tt := range tests {
		err := Change{Record: tt.rec, Action: tt.action}.Check()
		if (tt.want == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s %s: %v, want %q", tt.rec.Number, tt.action, err, tt.want)
		}
	}
	for in, want := range map[string]string{"accept": "A", "Reject": "R", "pending": "P", "reset": "N"} {
		if got, err := ActionCode(in); err != nil || got != want {
			t.Errorf("ActionCode(%q) = %q, %v", in, got, err)
		}
	}
	if _, err := ActionCode("approve"); err == nil {
		t.Error("approve taken")
	}
}

func TestStoreAndLog(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	recs, _ := Parse("b2b", []byte(listB2B))
	now := time.Date(2025, 11, 20, 10, 0, 0, 0, time.UTC)
	if n, err := Replace(ctx, db.DB, "w", "b2b", recs, now); err != nil || n != "" {
		t.Fatal(n, err)
	}
	if n, err := Replace(ctx, db.DB, "w", "b2b", recs[1:], now); err != nil || !strings.Contains(n, "1 fewer") {
		t.Fatal(n, err)
	}
	got, err := Stored(ctx, db.DB, "w", "b2b", "")
	if err != nil || len(got) != 1 || got[0].Number != "AO2SA2425002517" {
		t.Errorf("stored after a second list = %+v, %v (the list is replaced whole)", got, err)
	}
	found, _ := FindStored(ctx, db.DB, "w", "24abccu0123m1yz", "ao2sa2425002517")
	if len(found) != 1 {
		t.Errorf("found = %+v", found)
	}
	ids, err := LogSent(ctx, db.DB, "w", "asha", now, "", []Change{{Record: recs[1], Action: Rejected, Reason: "not ours"}})
	if err != nil {
		t.Fatal(err)
	}
	LogReference(ctx, db.DB, ids, "ref1")
	LogResult(ctx, db.DB, ids[0], ResultRefused, "IMSSAV0010", ErrorText(gstapi.IMSErrorEntry{Code: "IMSSAV0010", Message: "Either previous action is incorrect"}), now)
	log, _ := Log(ctx, db.DB, "w", 0)
	if len(log) != 1 || log[0].Who != "asha" || log[0].PrevStatus != "A" || log[0].Action != "R" || log[0].ReferenceID != "ref1" ||
		log[0].Result != ResultRefused || !strings.Contains(log[0].Message, "supplier may have edited") {
		t.Errorf("log = %+v", log)
	}
}

// TestReplaceSaysAListThatShrinks: a section listed with fewer documents than the list it
// replaces is kept as the portal gives it, and said (how many, since when, what to check) until a
// listing of the section does not shrink.
func TestReplaceSaysAListThatShrinks(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	recs, _ := Parse("b2b", []byte(listB2B))
	if len(recs) < 2 {
		t.Fatalf("the sample lists %d documents", len(recs))
	}
	first := time.Date(2025, 11, 20, 10, 0, 0, 0, time.UTC)
	steps := []struct {
		recs []Record
		want string // in the notice; "" none
	}{
		{recs, ""},
		{nil, fmt.Sprintf("IMS now lists 0 B2B invoice document(s) where the list of %s had %d (all of them are gone)", first.Local().Format("02/01/2006"), len(recs))},
		{nil, ""}, // an empty list after an empty list does not shrink
		{recs, ""},
		{recs[:1], fmt.Sprintf("had %d (%d fewer)", len(recs), len(recs)-1)},
	}
	for i, st := range steps {
		n, err := Replace(ctx, db.DB, "w", "b2b", st.recs, first.Add(time.Duration(i)*time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		kept, _ := Notices(ctx, db.DB, "w")
		if st.want == "" {
			if n != "" || len(kept) != 0 {
				t.Errorf("step %d: notice %q, kept %q; want none", i, n, kept)
			}
			continue
		}
		if !strings.Contains(n, st.want) || len(kept) != 1 || kept[0] != n {
			t.Errorf("step %d: notice %q, kept %q; want one saying %q", i, n, kept, st.want)
		}
		if got, _ := Stored(ctx, db.DB, "w", "b2b", ""); len(got) != len(st.recs) {
			t.Errorf("step %d: kept %d documents, the portal lists %d", i, len(got), len(st.recs))
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add("b2b", []byte(listB2B))
	f.Add("b2bcn", []byte(`{"b2bcn":[{"nt_num":"1"}]}`))
	f.Add("b2b", []byte(`{}`))
	// IMS 2.0 records (itcRedReq, isItcRedReqBlocked, decl*, remarks, isRemarksBlocked).
	for _, sec := range []string{"b2b", "b2ba", "b2bcn", "b2bcna", "b2bdn", "b2bdna", "ecom", "ecoma"} {
		if b, err := os.ReadFile(filepath.Join("testdata", "ims2", "list_"+sec+".json")); err == nil {
			f.Add(sec, b)
		}
	}
	f.Add("b2bcn", []byte(`{"b2bcn":[{"action":"A","camt":0,"cess":0,"hash":"h","iamt":180,"itcRedReq":"Y","declIgst":"90.5","declCess":null,"remarks":"x","isRemarksBlocked":"Y","nt_dt":"10-10-2025","nt_num":"CN-3","pos":"24","rtnprd":"102025","samt":0,"srcform":"R1","stin":"27MAYAS0100J1JD","txval":1000,"val":1180}]}`))
	f.Fuzz(func(t *testing.T, section string, b []byte) {
		recs, err := Parse(section, b)
		if err != nil {
			return
		}
		for _, r := range recs {
			if r.Hash == "" || r.Number == "" || r.DateISO == "" {
				t.Fatalf("kept a record without hash, number or date: %+v", r)
			}
		}
	})
}

// TestStoredDigest: the digest of the stored list read without parsing it equals the digest of
// the records Stored parses from it, and moves when the list does (a record gone, an action kept).
func TestStoredDigest(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	recs, _ := Parse("b2b", []byte(listB2B))
	now := time.Date(2025, 11, 20, 10, 0, 0, 0, time.UTC)
	seen := map[[32]byte]bool{}
	for i, list := range [][]Record{nil, recs, recs[1:]} {
		if i > 0 {
			if _, err := Replace(ctx, db.DB, "w", "b2b", list, now); err != nil {
				t.Fatal(err)
			}
		}
		d, err := StoredDigest(ctx, db.DB, "w")
		if err != nil {
			t.Fatal(err)
		}
		stored, err := Stored(ctx, db.DB, "w", "", "")
		if err != nil {
			t.Fatal(err)
		}
		if d != Digest(stored) {
			t.Errorf("list %d: the stored digest differs from the digest of the records read", i)
		}
		if seen[d] {
			t.Errorf("list %d: the digest did not move with the list", i)
		}
		seen[d] = true
	}
}
