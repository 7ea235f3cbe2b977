package simulator

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"
)

// TestAllSectionsOffKeepsAnswers: without Options.AllSections, GSTR-2B and GSTR-2A B2B answers
// are byte for byte those of the simulator before the other sections were added (the hashes were
// taken from that version), so figures other tests rely on stay put.
func TestAllSectionsOffKeepsAnswers(t *testing.T) {
	want := []struct {
		seed          int64
		year, month   int
		gstr2b, b2b2a string
	}{
		{1, 2024, 3, "ad3605f5f80d709a599c452da0552ea433a9db340c4ec12fe16575216ca67ce7", "f3be9076fc7b1fd1ffbd03a194cac4bc73e7d459efdbbdec02902462603b9ef7"},
		{1, 2025, 1, "cd9435841e809d7485c8d61bb2868cc5c1d04c6e221b8ab1abd7099ed225c92e", "12e63d2399f1a5f3e7962057c1039d363b621653a9636bf30bf4d67aabfdd66f"},
		{1, 2025, 10, "d66b56a6e995ebc4696ffd2e82029468a96625abad6f49848a9bbc08e4b6e509", "74b9e7a481fd335da214de6531b3472580daf3b9a764308206170e255feb368a"},
	}
	for _, w := range want {
		s := New(Options{Seed: w.seed, Now: func() time.Time { return time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC) }})
		rec := s.DemoTaxpayer()
		b, rep := s.GSTR2BPayload(rec, w.year, w.month, 0)
		st := 0
		if rep != nil {
			st = rep.status
		}
		a, _ := s.GSTR2APayload(rec, w.year, w.month, "", time.Time{})
		if got := fmt.Sprintf("%x", sha256.Sum256(append(b, byte(st)))); got != w.gstr2b {
			t.Errorf("seed %d %d-%02d: the GSTR-2B changed (%s)", w.seed, w.year, w.month, got)
		}
		if got := fmt.Sprintf("%x", sha256.Sum256(a)); got != w.b2b2a {
			t.Errorf("seed %d %d-%02d: the GSTR-2A B2B changed (%s)", w.seed, w.year, w.month, got)
		}
	}
}

// fullCaller is a signed-in caller of a simulator with every section, no empty period, at now.
func fullCaller(t *testing.T, now time.Time, opts Options) (*Server, *caller, string) {
	t.Helper()
	opts.AllSections, opts.EmptyPeriods, opts.Now = true, []string{}, func() time.Time { return now }
	if opts.Seed == 0 {
		opts.Seed = 3
	}
	s, c := newCaller(t, opts)
	return s, c, c.session(s)
}

// data calls an operation and returns data.data of its successful tax-network answer.
func (c *caller) data(method, path, body, tok string) map[string]any {
	t := c.t
	t.Helper()
	st, b := c.api(method, path, body, tok)
	m := decode(t, b)
	d, _ := m["data"].(map[string]any)
	if st != 200 || d == nil || d["status_cd"] != "1" {
		t.Fatalf("answer %d %.300s", st, b)
	}
	out, _ := d["data"].(map[string]any)
	return out
}

func keys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func list(v any) []map[string]any {
	var out []map[string]any
	for _, e := range v.([]any) {
		out = append(out, e.(map[string]any))
	}
	return out
}

// docs2B lists the documents of a docdata section: each document with its supplier's ctin.
func docs2B(t *testing.T, docdata map[string]any, sec string) []map[string]any {
	t.Helper()
	v, ok := docdata[sec]
	if !ok {
		t.Fatalf("docdata has no %s (keys %v)", sec, keys(docdata))
	}
	if sec == "impg" {
		return list(v)
	}
	lk := map[string]string{"cdnr": "nt", "cdnra": "nt", "isd": "doclist", "isda": "doclist", "impgsez": "boe"}[sec]
	if lk == "" {
		lk = "inv"
	}
	var out []map[string]any
	for _, sup := range list(v) {
		for _, d := range list(sup[lk]) {
			d["_ctin"] = sup["ctin"]
			out = append(out, d)
		}
	}
	return out
}

func TestGSTR2BAllSections(t *testing.T) {
	s, c, tok := fullCaller(t, time.Date(2025, 11, 20, 10, 0, 0, 0, time.UTC), Options{})
	_ = s
	top := c.data("GET", "/gst/compliance/tax-payer/gstrs/gstr-2b/2025/10", "", tok)
	data := top["data"].(map[string]any)
	if data["version"] != "1.0" || data["rtnprd"] != "102025" {
		t.Errorf("version %v rtnprd %v", data["version"], data["rtnprd"])
	}
	docdata := data["docdata"].(map[string]any)
	for _, sec := range []string{"b2b", "b2ba", "cdnr", "cdnra", "isd", "isda", "impg", "impgsez", "ecom", "ecoma", "itcrev"} {
		if _, ok := docdata[sec]; !ok {
			t.Errorf("docdata has no %s", sec)
		}
	}
	// Shapes of the documents (gstr2b-ims.md §1.1, §3.1).
	wantKeys := map[string][]string{
		"impg":  {"boedt", "boenum", "cess", "igst", "isamd", "portcode", "recdt", "refdt", "txval"},
		"isd":   {"_ctin", "cess", "cgst", "docdt", "docnum", "doctyp", "igst", "itcelg", "sgst"},
		"isda":  {"_ctin", "cess", "cgst", "docdt", "docnum", "doctyp", "igst", "itcelg", "odocdt", "odocnum", "odoctyp", "sgst"},
		"ecoma": {"_ctin", "cess", "cgst", "dt", "igst", "inum", "itcavl", "pos", "rev", "rsn", "sgst", "txval", "typ", "val", "imsStatus"},
	}
	for sec, want := range wantKeys {
		sort.Strings(want)
		for _, d := range docs2B(t, docdata, sec) {
			if got := keys(d); !reflect.DeepEqual(got, want) {
				t.Errorf("%s document keys %v, want %v", sec, got, want)
			}
		}
	}
	for _, d := range docs2B(t, docdata, "cdnra") {
		if d["onttyp"] == nil || d["ontnum"] == "" || d["ontdt"] == nil || d["ntnum"] == nil {
			t.Errorf("cdnra note %v", d)
		}
	}
	for _, sup := range list(docdata["impgsez"]) {
		if got := keys(sup); !reflect.DeepEqual(got, []string{"boe", "ctin", "trdnm"}) {
			t.Errorf("impgsez supplier keys %v", got)
		}
	}
	// ISD: one number eligible and not (two documents), and an ISD credit note.
	var isd []string
	for _, d := range docs2B(t, docdata, "isd") {
		isd = append(isd, fmt.Sprint(d["doctyp"], " ", d["docnum"], " ", d["itcelg"]))
	}
	if len(isd) != 3 || !strings.HasPrefix(isd[0], "ISDI ") || !strings.HasSuffix(isd[0], " Y") || isd[1] != strings.TrimSuffix(isd[0], "Y")+"N" || !strings.HasPrefix(isd[2], "ISDC ") {
		t.Errorf("isd documents %q", isd)
	}
	// Reverse charge, and a bill of entry amended.
	rcm := 0
	for _, d := range docs2B(t, docdata, "b2b") {
		if d["rev"] == "Y" {
			rcm++
		}
	}
	amended := 0
	for _, d := range docs2B(t, docdata, "impg") {
		if d["isamd"] == "Y" {
			amended++
		}
	}
	if rcm == 0 || amended == 0 {
		t.Errorf("%d reverse-charge invoices, %d amended bills of entry", rcm, amended)
	}
	// itcrev: documents without amounts.
	rev := list(docdata["itcrev"])
	if len(rev) != 1 || rev[0]["cdnr"] == nil {
		t.Fatalf("itcrev %v", docdata["itcrev"])
	}
	for _, d := range docs2B(t, rev[0], "cdnr") {
		if _, ok := d["igst"]; ok {
			t.Errorf("itcrev document with amounts: %v", d)
		}
	}
	checkSummaries(t, data)
}

// checkSummaries recomputes itcsumm and the cpsumm document counts from docdata.
func checkSummaries(t *testing.T, data map[string]any) {
	t.Helper()
	docdata := data["docdata"].(map[string]any)
	want := map[string]float64{} // part.group.section.head
	cp := map[string]float64{}
	for _, sec := range []string{"b2b", "b2ba", "cdnr", "cdnra", "isd", "isda", "impg", "impgsez", "ecom", "ecoma"} {
		if docdata[sec] == nil {
			continue
		}
		for _, d := range docs2B(t, docdata, sec) {
			part := "itcavl"
			if d["itcavl"] == "N" || d["itcelg"] == "N" {
				part = "itcunavl"
			}
			credit := d["typ"] == "C" || d["doctyp"] == "ISDC"
			group, section := "nonrevsup", sec
			switch {
			case sec == "impg" || sec == "impgsez":
				group = "imports"
			case credit && d["rev"] == "Y":
				group, section = "othersup", sec+"rev"
			case credit:
				group = "othersup"
			case sec == "isd" || sec == "isda":
				group = "isdsup"
			case d["rev"] == "Y":
				group = "revsup"
			}
			for _, h := range []string{"igst", "cgst", "sgst", "cess"} {
				v, _ := d[h].(float64)
				want[part+"."+group+"."+section+"."+h] += v
				want[part+"."+group+"."+h] += v
			}
			if sec != "impg" {
				cp[sec]++
			}
		}
	}
	got := map[string]float64{}
	for part, groups := range data["itcsumm"].(map[string]any) {
		if part == "itcrev" || part == "itcRejected" {
			continue
		}
		for g, gv := range groups.(map[string]any) {
			for k, v := range gv.(map[string]any) {
				if f, ok := v.(float64); ok {
					got[part+"."+g+"."+k] = f
					continue
				}
				for h, hv := range v.(map[string]any) {
					if h != "txval" {
						got[part+"."+g+"."+k+"."+h] = hv.(float64)
					}
				}
			}
		}
	}
	for k, w := range want {
		if math.Abs(got[k]-w) > 0.011 {
			t.Errorf("itcsumm %s = %.2f, the documents say %.2f", k, got[k], w)
		}
	}
	for k, g := range got {
		if _, ok := want[k]; !ok && g != 0 {
			t.Errorf("itcsumm %s = %.2f without documents", k, g)
		}
	}
	for sec, n := range cp {
		total := 0.0
		for _, e := range list(data["cpsumm"].(map[string]any)[sec]) {
			total += e["ttldocs"].(float64)
		}
		if total != n {
			t.Errorf("cpsumm %s counts %v documents, docdata has %v", sec, total, n)
		}
	}
}

func TestGSTR2BAllSectionsBeforeIMS(t *testing.T) {
	_, c, tok := fullCaller(t, time.Date(2024, 6, 20, 10, 0, 0, 0, time.UTC), Options{})
	data := c.data("GET", "/gst/compliance/tax-payer/gstrs/gstr-2b/2024/03", "", tok)["data"].(map[string]any)
	docdata := data["docdata"].(map[string]any)
	if data["version"] != "1.0" || docdata["itcrev"] != nil || docdata["isd"] == nil {
		t.Errorf("version %v, sections %v", data["version"], keys(docdata))
	}
	for _, d := range docs2B(t, docdata, "cdnra") {
		if d["items"] == nil || d["igst"] != nil {
			t.Errorf("a note before October 2024 has items, not invoice-level amounts: %v", d)
		}
	}
}

// imsSave sends one record of an IMS list back with an action and extra fields, polls the job
// and returns its status.
func imsSave(t *testing.T, c *caller, tok, rtin, sec string, rec map[string]any, action string, extra map[string]any) map[string]any {
	t.Helper()
	body := map[string]any{}
	for _, k := range []string{"stin", "rtnprd", "srcform", "inv_typ", "pos", "val", "txval", "iamt", "camt", "samt", "cess",
		"inum", "idt", "nt_num", "nt_dt", "oinum", "oidt", "ont_num", "ont_dt"} {
		if v, ok := rec[k]; ok {
			body[k] = v
		}
	}
	body["prev_status"], body["action"] = rec["action"], action
	for k, v := range extra {
		body[k] = v
	}
	b, _ := json.Marshal(map[string]any{"rtin": rtin, "reqtyp": "SAVE", "invdata": map[string]any{sec: []any{body}}})
	ref := c.data("POST", "/gst/compliance/tax-payer/invoices/status/save", string(b), tok)["reference_id"].(string)
	for range 5 {
		st := c.data("GET", "/gst/compliance/tax-payer/invoices/status?reference_id="+ref, "", tok)
		if st["status_cd"] != "IP" {
			return st
		}
	}
	t.Fatal("the save never finished")
	return nil
}

func imsList(t *testing.T, c *caller, tok, param, key string) []map[string]any {
	t.Helper()
	return list(c.data("GET", "/gst/compliance/tax-payer/invoices?section="+param, "", tok)[key])
}

func reportCode(st map[string]any) string {
	for _, v := range st["error_report"].(map[string]any) {
		return list(v)[0]["error_cd"].(string)
	}
	return ""
}

func TestIMS2ITCReduction(t *testing.T) {
	s, c, tok := fullCaller(t, time.Date(2025, 11, 20, 10, 0, 0, 0, time.UTC), Options{})
	rtin := s.DemoTaxpayer()
	if !s.IMS2() {
		t.Fatal("the October 2025 period is not IMS 2.0")
	}
	cns := imsList(t, c, tok, "CN", "b2bcn")
	cnas := imsList(t, c, tok, "CNA", "b2bcna")
	b2bas := imsList(t, c, tok, "B2BA", "b2ba")
	b2bs := imsList(t, c, tok, "B2B", "b2b")
	ecomas := imsList(t, c, tok, "ECOMA", "ecoma")
	if len(cns) < 2 || len(cnas) == 0 || len(b2bas) == 0 || len(b2bs) < 2 || len(ecomas) == 0 {
		t.Fatalf("lists: %d cn, %d cna, %d b2ba, %d b2b, %d ecoma", len(cns), len(cnas), len(b2bas), len(b2bs), len(ecomas))
	}
	cn := cns[0]
	if cn["isItcRedReqBlocked"] != "N" || cnas[0]["isItcRedReqBlocked"] != "Y" || ecomas[0]["isRemarksBlocked"] != "Y" {
		t.Errorf("flags: cn %v, cna %v, ecoma remarks %v", cn["isItcRedReqBlocked"], cnas[0]["isItcRedReqBlocked"], ecomas[0]["isRemarksBlocked"])
	}
	if _, ok := ecomas[0]["oinum"]; !ok {
		t.Errorf("the ecoma record has no oinum key to echo: %v", ecomas[0])
	}
	over := cn["iamt"].(float64) + cn["camt"].(float64) + 1
	half := func(r map[string]any) map[string]any {
		return map[string]any{"itcRedReq": "Y", "declIgst": round2(r["iamt"].(float64) / 2), "declCgst": round2(r["camt"].(float64) / 2),
			"declSgst": round2(r["samt"].(float64) / 2), "declCess": 0.0}
	}
	for _, tt := range []struct {
		name       string
		sec        string
		rec        map[string]any
		action     string
		extra      map[string]any
		status     string
		code       string
		wantRedReq any
	}{
		{"credit note accepted without itcRedReq", "b2bcn", cn, "A", nil, "PE", "IMSSAV0054", nil},
		{"declared above the note's tax", "b2bcn", cn, "A", map[string]any{"itcRedReq": "Y", "declIgst": over, "declCgst": over}, "PE", "IMSSAV0056", nil},
		{"declared with N", "b2bcn", cn, "A", map[string]any{"itcRedReq": "N", "declIgst": 0.0}, "PE", "IMSSAV0055", nil},
		{"itcRedReq on a reject", "b2bcn", cn, "R", map[string]any{"itcRedReq": "Y"}, "PE", "IMSSAV0055", nil},
		{"itcRedReq where the portal decides", "b2bcna", cnas[0], "A", map[string]any{"itcRedReq": "N"}, "PE", "IMSSAV0055", nil},
		{"remarks where blocked", "ecoma", ecomas[0], "R", map[string]any{"remarks": "not ours"}, "PE", "IMSSAV0057", nil},
		{"downward amendment accepted without itcRedReq", "b2ba", b2bas[0], "A", nil, "PE", "IMSSAV0054", nil},
		{"an invoice needs none", "b2b", b2bs[0], "A", nil, "P", "", nil},
		{"the portal decides", "b2bcna", cnas[0], "A", nil, "P", "", nil},
		{"credit note with the whole tax reduced", "b2bcn", cn, "A", map[string]any{"itcRedReq": "Y"}, "P", "", "Y"},
		{"credit note, nothing claimed", "b2bcn", cns[1], "A", map[string]any{"itcRedReq": "N"}, "P", "", "N"},
		{"downward amendment, part reduced", "b2ba", b2bas[0], "A", half(b2bas[0]), "P", "", "Y"},
		{"remarks on a reject", "b2b", b2bs[1], "R", map[string]any{"remarks": "not ours"}, "P", "", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			st := imsSave(t, c, tok, rtin, tt.sec, tt.rec, tt.action, tt.extra)
			if st["status_cd"] != tt.status {
				t.Fatalf("status %v, want %s: %v", st["status_cd"], tt.status, st)
			}
			if tt.code != "" {
				if got := reportCode(st); got != tt.code {
					t.Errorf("error %s, want %s: %v", got, tt.code, st["error_report"])
				}
				return
			}
			param := map[string]string{"b2bcn": "CN", "b2bcna": "CNA", "b2ba": "B2BA", "b2b": "B2B"}[tt.sec]
			for _, r := range imsList(t, c, tok, param, tt.sec) {
				if r["hash"] != tt.rec["hash"] {
					continue
				}
				if r["action"] != tt.action || r["itcRedReq"] != tt.wantRedReq {
					t.Errorf("listed after the save: action %v itcRedReq %v", r["action"], r["itcRedReq"])
				}
				if tt.extra["remarks"] != nil && r["remarks"] != tt.extra["remarks"] {
					t.Errorf("remarks %v", r["remarks"])
				}
				if tt.extra["declCgst"] != nil && r["declCgst"] != tt.extra["declCgst"] {
					t.Errorf("declCgst %v", r["declCgst"])
				}
				tt.rec["action"] = r["action"]
			}
		})
	}
}

func TestIMSBeforeIMS2(t *testing.T) {
	s, c, tok := fullCaller(t, time.Date(2025, 10, 20, 10, 0, 0, 0, time.UTC), Options{})
	if s.IMS2() {
		t.Fatal("September 2025 is IMS 2.0")
	}
	cn := imsList(t, c, tok, "CN", "b2bcn")[0]
	if _, ok := cn["isItcRedReqBlocked"]; ok {
		t.Errorf("an IMS 1.0 record with IMS 2.0 fields: %v", cn)
	}
	if st := imsSave(t, c, tok, s.DemoTaxpayer(), "b2bcn", cn, "A", nil); st["status_cd"] != "P" {
		t.Errorf("accepting a credit note before October 2025 = %v", st)
	}
}

// TestGSTR2BAfterIMSActions: a rejected document is in docRejdata (and cpSummRej, itcRejected);
// a credit note accepted with a declared reduction is in itcrev with the declared amounts.
func TestGSTR2BAfterIMSActions(t *testing.T) {
	s, c, tok := fullCaller(t, time.Date(2025, 11, 20, 10, 0, 0, 0, time.UTC), Options{})
	rtin := s.DemoTaxpayer()
	cn := imsList(t, c, tok, "CN", "b2bcn")[0]
	decl := map[string]any{"itcRedReq": "Y", "declIgst": round2(cn["iamt"].(float64) / 2), "declCgst": round2(cn["camt"].(float64) / 2),
		"declSgst": round2(cn["samt"].(float64) / 2), "declCess": 0.0}
	if st := imsSave(t, c, tok, rtin, "b2bcn", cn, "A", decl); st["status_cd"] != "P" {
		t.Fatalf("accept = %v", st)
	}
	ecom := imsList(t, c, tok, "ECOM", "ecom")[0]
	if st := imsSave(t, c, tok, rtin, "ecom", ecom, "R", nil); st["status_cd"] != "P" {
		t.Fatalf("reject = %v", st)
	}
	ref := c.data("POST", "/gst/compliance/tax-payer/gstrs/gstr-2b/2025/10/regenerate", "", tok)["reference_id"].(string)
	for range 3 {
		c.api("GET", "/gst/compliance/tax-payer/gstrs/gstr-2b/regenerate?reference_id="+ref, "", tok)
	}
	data := c.data("GET", "/gst/compliance/tax-payer/gstrs/gstr-2b/2025/10", "", tok)["data"].(map[string]any)
	rej := docs2B(t, data["docRejdata"].(map[string]any), "ecom")
	if len(rej) != 1 || rej[0]["inum"] != ecom["inum"] || rej[0]["imsStatus"] != "R" {
		t.Errorf("docRejdata ecom %v", rej)
	}
	if data["cpSummRej"].(map[string]any)["ecom"] == nil || data["itcsumm"].(map[string]any)["itcRejected"] == nil {
		t.Errorf("cpSummRej %v; itcRejected missing", data["cpSummRej"])
	}
	rev := docs2B(t, list(data["docdata"].(map[string]any)["itcrev"])[0], "cdnr")
	if len(rev) != 1 || rev[0]["ntnum"] != cn["nt_num"] {
		t.Errorf("itcrev %v, want %v", rev, cn["nt_num"])
	}
	sum := data["itcsumm"].(map[string]any)["itcrev"].(map[string]any)["nonrevsup"].(map[string]any)
	if sum["igst"] != decl["declIgst"] || sum["cgst"] != decl["declCgst"] || sum["cdnr"].(map[string]any)["sgst"] != decl["declSgst"] {
		t.Errorf("itcsumm.itcrev %v", sum)
	}
	checkSummaries(t, data)
}

func TestGSTR2ADocument(t *testing.T) {
	for _, full := range []bool{false, true} {
		t.Run(fmt.Sprint("AllSections=", full), func(t *testing.T) {
			s, c := newCaller(t, Options{Seed: 3, AllSections: full, EmptyPeriods: []string{}})
			tok := c.session(s)
			doc := c.data("GET", "/gst/compliance/tax-payer/gstrs/gstr-2a/2025/09", "", tok)
			if doc["gstin"] != s.DemoTaxpayer() || doc["fp"] != "092025" {
				t.Errorf("gstin %v fp %v", doc["gstin"], doc["fp"])
			}
			// b2b is the b2b path's answer.
			b2b := c.data("GET", "/gst/compliance/tax-payer/gstrs/gstr-2a/b2b/2025/09", "", tok)
			if !reflect.DeepEqual(b2b["b2b"], doc["b2b"]) {
				t.Error("the document's b2b differs from the b2b path's")
			}
			want := []string{"b2b", "cdn", "fp", "gstin"}
			if full {
				want = []string{"b2b", "b2ba", "cdn", "cdna", "fp", "gstin", "impg", "impgsez", "isd", "isda"}
			}
			got := keys(doc)
			for _, k := range want {
				if !slices.Contains(got, k) {
					t.Errorf("the document has no %s (keys %v)", k, got)
				}
			}
			for _, sec := range gstr2aSections {
				if doc[sec] == nil {
					continue
				}
				one := c.data("GET", "/gst/compliance/tax-payer/gstrs/gstr-2a/"+sec+"/2025/09", "", tok)
				if !reflect.DeepEqual(keys(one), []string{sec}) || !reflect.DeepEqual(one[sec], doc[sec]) {
					t.Errorf("%s path: keys %v, same as the document's: %v", sec, keys(one), reflect.DeepEqual(one[sec], doc[sec]))
				}
			}
			if !full {
				return
			}
			nt := list(list(doc["cdn"])[0]["nt"])[0]
			for _, k := range []string{"ntty", "nt_num", "nt_dt", "inv_typ", "rchrg", "itms", "val", "pos"} {
				if nt[k] == nil {
					t.Errorf("cdn note has no %s: %v", k, nt)
				}
			}
			itm := list(nt["itms"])[0]["itm_det"].(map[string]any)
			if itm["rt"] == nil || itm["txval"] == nil {
				t.Errorf("itm_det %v", itm)
			}
			cdna := list(list(doc["cdna"])[0]["nt"])[0]
			if cdna["ont_num"] == nil || cdna["ont_dt"] == nil {
				t.Errorf("cdna %v", cdna)
			}
			d := list(list(doc["isd"])[0]["doclist"])
			if d[0]["isd_docty"] != "ISD" || d[0]["itc_elg"] == nil || d[len(d)-1]["isd_docty"] != "ISDCN" {
				t.Errorf("isd doclist %v", d)
			}
			for _, sec := range []string{"impg", "impgsez"} {
				boe := list(doc[sec])[0]
				if _, isNum := boe["benum"].(float64); !isNum || boe["portcd"] == nil || boe["bedt"] == nil || boe["amd"] == nil || boe["iamt"] == nil {
					t.Errorf("%s %v", sec, boe)
				}
			}
			if sez := list(doc["impgsez"])[0]; sez["sgstin"] == nil || sez["tdname"] == nil {
				t.Errorf("impgsez %v", sez)
			}
			inv := list(list(doc["b2ba"])[0]["inv"])[0]
			for _, k := range []string{"inum", "idt", "oinum", "oidt", "inv_typ", "rchrg", "itms"} {
				if inv[k] == nil {
					t.Errorf("b2ba invoice has no %s", k)
				}
			}
		})
	}
	_, c := newCaller(t, Options{Seed: 3, EmptyPeriods: []string{"082025"}})
	tok := c.session(New(Options{Seed: 3}))
	for _, p := range []string{"gstr-2a/2025/08", "gstr-2a/tds/2025/09", "gstr-2a/2025/9"} {
		st, b := c.api("GET", "/gst/compliance/tax-payer/gstrs/"+p, "", tok)
		if st == 200 && bytes.Contains(b, []byte(`"status_cd":"1"`)) {
			t.Errorf("%s answered %s", p, b)
		}
	}
}

func BenchmarkGSTR2BAllSections20k(b *testing.B) {
	s := New(Options{Seed: 1, InvoicesPerMonth: 20_000, AllSections: true, EmptyPeriods: []string{}, Now: func() time.Time { return fixedNow }})
	b.ReportAllocs()
	for b.Loop() {
		p, rep := s.GSTR2BPayload(s.DemoTaxpayer(), 2025, 9, 0)
		if rep != nil {
			b.Fatal(string(rep.body))
		}
		b.SetBytes(int64(len(p)))
	}
}

func BenchmarkGSTR2ADocument20k(b *testing.B) {
	s := New(Options{Seed: 1, InvoicesPerMonth: 20_000, AllSections: true, EmptyPeriods: []string{}, Now: func() time.Time { return fixedNow }})
	b.ReportAllocs()
	for b.Loop() {
		rep := s.ok(s.GSTR2ADocument(s.DemoTaxpayer(), 2025, 9))
		if rep.status != 200 {
			b.Fatal(string(rep.body))
		}
		b.SetBytes(int64(len(rep.body)))
	}
}

// TestPendingCreditNoteDeemedAccepted: in IMS 2.0 a credit note kept pending stays pending for one
// tax period only; after it, IMS lists it accepted.
func TestPendingCreditNoteDeemedAccepted(t *testing.T) {
	for _, tt := range []struct {
		now  time.Time
		want string
	}{
		{time.Date(2025, 11, 20, 0, 0, 0, 0, time.UTC), "P"}, // IMS period October: the September note may stay pending
		{time.Date(2025, 12, 20, 0, 0, 0, 0, time.UTC), "A"}, // IMS period November: deemed accepted
	} {
		s, c, tok := fullCaller(t, tt.now, Options{})
		rec := s.DemoTaxpayer()
		var cn *doc2b
		for _, d := range s.generate2B(rec, 2025, 9) {
			if d.imsSection() == "b2bcn" {
				cn = d
				break
			}
		}
		if cn == nil {
			t.Fatal("no credit note in September 2025")
		}
		var inv *doc2b
		for _, d := range s.generate2B(rec, 2025, 9) {
			if d.imsSection() == "b2b" {
				inv = d
				break
			}
		}
		s.SetIMSActionIn(rec, "092025", "b2bcn", cn.ctin, cn.num, "P")
		s.SetIMSActionIn(rec, "092025", "b2b", inv.ctin, inv.num, "P")
		got := map[string]string{}
		for _, sec := range [][2]string{{"CN", "b2bcn"}, {"B2B", "b2b"}} {
			for _, r := range imsList(t, c, tok, sec[0], sec[1]) {
				if r["rtnprd"] == "092025" {
					got[sec[1]] = r["action"].(string)
				}
			}
		}
		if got["b2bcn"] != tt.want || got["b2b"] != "P" {
			t.Errorf("%s: the September credit note is %q (want %s), the invoice %q (an invoice stays pending)", tt.now.Format("2006-01"), got["b2bcn"], tt.want, got["b2b"])
		}
	}
}
