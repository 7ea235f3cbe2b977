package gstr2b

import (
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"gstdesk/backend/apperr"
	"gstdesk/backend/money"
)

func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func rupees(s string) money.Paise {
	p, err := money.Parse(s)
	if err != nil {
		panic(err)
	}
	return p
}

func TestParseBothShapes(t *testing.T) {
	tests := []struct {
		file               string
		gstin, period      string
		shape              string
		docs, rejected     int
		findNumber         string
		wantKind           string
		wantTaxable, wantC money.Paise
		wantIMS, wantITC   string
	}{
		{"post2024.json", "24ABKCS2033B1ZV", "2024-11", "totals", 3, 0, "AO2SA2425002517", KindInvoice, rupees("120932.18"), rupees("10883.91"), "A", "Y"},
		{"post2024.json", "24ABKCS2033B1ZV", "2024-11", "totals", 3, 0, "NTAMD2123-5719", KindCreditNote, rupees("237.29"), 0, "", "Y"},
		{"pre2024.json", "01AABCE2207R1Z5", "2020-03", "items", 4, 0, "INV-24123/0008503", KindInvoice, rupees("14273.91"), rupees("1206.62"), "", "Y"},
		{"pre2024.json", "01AABCE2207R1Z5", "2020-03", "items", 4, 0, "S0080", KindISDInvoice, 0, rupees("200"), "", "Y"},
		{"pre2024.json", "01AABCE2207R1Z5", "2020-03", "items", 4, 0, "2566282", KindBillOfEntry, rupees("123.02"), 0, "", "Y"},
		{"v4_rejected.json", "27AAPFU0939F1ZV", "2025-10", "totals", 3, 1, "T/2", KindInvoice, rupees("500"), 0, "R", "Y"},
		{"v4_rejected.json", "27AAPFU0939F1ZV", "2025-10", "totals", 3, 1, "E/9", KindInvoice, rupees("100"), 0, "", "T"},
	}
	for _, tt := range tests {
		t.Run(tt.file+"/"+tt.findNumber, func(t *testing.T) {
			r, err := Parse(readFixture(t, tt.file), FromFile)
			if err != nil {
				t.Fatal(err)
			}
			if r.GSTIN != tt.gstin || r.Period != tt.period || r.Shape() != tt.shape {
				t.Errorf("got %s %s %s, want %s %s %s", r.GSTIN, r.Period, r.Shape(), tt.gstin, tt.period, tt.shape)
			}
			docs, rej := 0, 0
			var found *Document
			for i := range r.Documents {
				d := &r.Documents[i]
				if d.Rejected {
					rej++
				} else {
					docs++
				}
				if d.Number == tt.findNumber {
					found = d
				}
			}
			if docs != tt.docs || rej != tt.rejected {
				t.Errorf("documents %d rejected %d, want %d %d", docs, rej, tt.docs, tt.rejected)
			}
			if found == nil {
				t.Fatalf("document %s not found", tt.findNumber)
			}
			if found.Kind != tt.wantKind || found.Taxable != tt.wantTaxable || found.CGST != tt.wantC || found.IMSStatus != tt.wantIMS || found.ITCAvailable != tt.wantITC {
				t.Errorf("document = %+v", *found)
			}
		})
	}
}

func TestParseSummaries(t *testing.T) {
	r, err := Parse(readFixture(t, "post2024.json"), FromService)
	if err != nil {
		t.Fatal(err)
	}
	if got := r.ITC["itcavl"]["nonrevsup"].Total.IGST; got != rupees("218188.86") {
		t.Errorf("itcavl nonrevsup igst = %v", got)
	}
	if got := r.ITC["itcunavl"]["nonrevsup"].Sections["b2b"]; got.Taxable != rupees("89923.45") || !got.HasTaxable {
		t.Errorf("itcunavl b2b = %+v", got)
	}
	if cp := r.Counterparties["cdnr"]; len(cp) != 1 || cp[0].Documents != 5 || cp[0].NoteType != "C" || cp[0].IGST != rupees("82786.26") {
		t.Errorf("cpsumm cdnr = %+v", cp)
	}
	if cp := r.Counterparties["b2ba"]; len(cp) != 1 || cp[0].CGST != rupees("-9.81") {
		t.Errorf("cpsumm b2ba = %+v", cp)
	}
}

func TestParseBadInput(t *testing.T) {
	post := string(readFixture(t, "post2024.json"))
	tests := []struct {
		name, in string
		want     []string
	}{
		{"no docdata, no fc", `{"chksum":"x","data":{"gstin":"24ABKCS2033B1ZV","rtnprd":"112024","gendt":"14-12-2024"}}`, []string{"docdata", "no file count"}},
		{"fc summary without files", `{"chksum":"x","data":{"gstin":"24ABKCS2033B1ZV","rtnprd":"112024","fc":3}}`, []string{"docdata", "sent in 3 files"}},
		{"truncated", post[:len(post)/2], []string{"not valid JSON"}},
		{"not JSON", "GSTIN,Invoice\n1,2", []string{"not valid JSON"}},
		{"no data", `{"chksum":"x"}`, []string{"data is missing"}},
		{"bad period", strings.Replace(post, `"rtnprd":"112024"`, `"rtnprd":"2024-11"`, 1), []string{"rtnprd", "MMYYYY"}},
		{"bad gstin", strings.Replace(post, `"gstin":"24ABKCS2033B1ZV"`, `"gstin":"24-ABK"`, 1), []string{"gstin", "not a GSTIN"}},
		{"text amount", strings.Replace(post, `"txval":1694.92`, `"txval":"12a"`, 1), []string{"txval", "not a number"}},
		{"object amount", strings.Replace(post, `"val":2000`, `"val":{}`, 1), []string{"val", "should be a number but is an object"}},
		{"bad note type", strings.Replace(post, `"typ":"C","val":280`, `"typ":"X","val":280`, 1), []string{"docdata.cdnr", "typ", "C (credit note)"}},
		{"bad itcsumm", strings.Replace(post, `"itcunavl":{"nonrevsup":{"b2b":{"cess":0`, `"itcunavl":{"nonrevsup":{"b2b":{"cess":"x"`, 1), []string{"itcsumm.itcunavl.nonrevsup", "b2b.cess"}},
		{"bad cpsumm count", strings.Replace(post, `"ttldocs":5`, `"ttldocs":5.5`, 1), []string{"cpsumm", "ttldocs"}},
		{"inum a number-typed list", strings.Replace(post, `"inv":[{"cess":0,"cgst":152.54`, `"inv":{"cess":0,"cgst":152.54`, 1), []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(tt.in), FromFile)
			if err == nil {
				t.Fatal("no error")
			}
			e := apperr.Command.Public(err)
			if e.Kind != apperr.Invalid {
				t.Errorf("kind = %s, want invalid for a file", e.Kind)
			}
			for _, w := range tt.want {
				if !strings.Contains(e.Message, w) {
					t.Errorf("message %q lacks %q", e.Message, w)
				}
			}
		})
	}
	// The same fault in the service's answer is the service's: Unavailable.
	_, err := Parse([]byte(`{"chksum":"x","data":{"gstin":"24ABKCS2033B1ZV","rtnprd":"112024"}}`), FromService)
	if k := apperr.KindOf(err); k != apperr.Unavailable {
		t.Errorf("service answer without docdata: kind %s, want unavailable", k)
	}
}

// TestParseKeepsWithNotice: what is not a figure (a reference missing, a code of a value gstdesk
// does not know, an unknown key) no longer refuses the return (it did before issue 22): the
// return is read whole and the thing named once in a notice.
func TestParseKeepsWithNotice(t *testing.T) {
	post := string(readFixture(t, "post2024.json"))
	tests := []struct {
		name, in string
		want     []string
	}{
		{"missing inum", strings.Replace(post, `"inum":"PRN-1289",`, ``, 1), []string{"docdata.b2b, supplier 1 (24AAWFG9936H1ZP), document 1", "no number (inum)"}},
		{"neither items nor txval", strings.Replace(post, `"txval":1694.92,`, ``, 1), []string{"neither a taxable value"}},
		{"bad itcavl", strings.Replace(post, `"itcavl":"Y","pos":"24","rev":"N","rsn":"","sgst":152.54`, `"itcavl":"X","pos":"24","rev":"N","rsn":"","sgst":152.54`, 1), []string{"itcavl", "not counted as ITC available"}},
		{"bad rsn", strings.Replace(post, `"rsn":"","sgst":152.54`, `"rsn":"Q","sgst":152.54`, 1), []string{"rsn"}},
		{"bad date", strings.Replace(post, `"dt":"29-11-2024"`, `"dt":"2024-11-29"`, 1), []string{"dt", "not a date DD-MM-YYYY"}},
		{"unknown itcsumm part", strings.Replace(post, `"itcunavl":`, `"itcother":`, 1), []string{"data.itcsumm.itcother"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := Parse([]byte(tt.in), FromFile)
			if err != nil {
				t.Fatal(err)
			}
			all := strings.Join(r.Notices, "\n")
			for _, w := range tt.want {
				if !strings.Contains(all, w) {
					t.Errorf("notices %q lack %q", all, w)
				}
			}
		})
	}
}

func TestAssemblePages(t *testing.T) {
	summary := []byte(`{"chksum":"s","data":{"gstin":"27AAPFU0939F1ZV","rtnprd":"102025","version":"1.0","gendt":"14-11-2025","fc":2,
		"itcsumm":{"itcavl":{"nonrevsup":{"igst":270,"cgst":0,"sgst":0,"cess":0}}},"cpsumm":{}}}`)
	page := func(num string, rej bool) []byte {
		s := `{"chksum":"p","data":{"gstin":"27AAPFU0939F1ZV","rtnprd":"102025","version":"1.0","docdata":{"b2b":[{"ctin":"29AABCT1332L1ZT","inv":[{"inum":"` + num +
			`","typ":"R","dt":"02-10-2025","val":1180,"pos":"27","rev":"N","itcavl":"Y","rsn":"","txval":1000,"igst":135}]}]}`
		if rej {
			s += `,"docRejdata":{"b2b":[{"ctin":"29AABCT1332L1ZT","inv":[{"inum":"R/1","typ":"R","dt":"02-10-2025","val":118,"pos":"27","rev":"N","itcavl":"Y","rsn":"","txval":100,"igst":18}]}]}`
		}
		return []byte(s + `}}`)
	}
	raw, err := Assemble(summary, [][]byte{page("A/1", true), page("A/2", false)})
	if err != nil {
		t.Fatal(err)
	}
	r, err := Parse(raw, FromService)
	if err != nil {
		t.Fatal(err)
	}
	var nums []string
	for _, d := range r.Documents {
		nums = append(nums, d.Number)
	}
	if strings.Join(nums, ",") != "A/1,A/2,R/1" || r.GenDate != "14-11-2025" || r.ITC["itcavl"]["nonrevsup"].Total.IGST != rupees("270") {
		t.Errorf("assembled = %v %s %+v", nums, r.GenDate, r.ITC)
	}
	if strings.Contains(string(raw), `"fc"`) {
		t.Error("the assembled return still has fc")
	}
	bad := []struct {
		name  string
		pages [][]byte
		want  string
	}{
		{"page without documents", [][]byte{[]byte(`{"chksum":"p","data":{"gstin":"27AAPFU0939F1ZV","rtnprd":"102025"}}`)}, "file 1 of 1"},
		{"page of another period", [][]byte{[]byte(strings.Replace(string(page("A/1", false)), `"rtnprd":"102025"`, `"rtnprd":"092025"`, 1))}, "not the summary's"},
		{"page not JSON", [][]byte{[]byte(`{"chksum":`)}, "not valid JSON"},
	}
	for _, b := range bad {
		if _, err := Assemble(summary, b.pages); err == nil || !strings.Contains(apperr.Command.Public(err).Message, b.want) {
			t.Errorf("%s: err = %v, want %q", b.name, err, b.want)
		}
	}
}

func TestITCAvailableText(t *testing.T) {
	tests := []struct{ itc, rsn, want string }{
		{"Y", "", "ITC available"},
		{"N", "P", "ITC not available: place of supply and supplier are in the same state but the recipient is in another"},
		{"N", "C", "ITC not available: the supplier's return was filed after the annual cut-off"},
		{"T", "", "ITC available temporarily"},
		{"", "", ""},
	}
	for _, tt := range tests {
		if got := ITCAvailableText(tt.itc, tt.rsn); got != tt.want {
			t.Errorf("ITCAvailableText(%q, %q) = %q, want %q", tt.itc, tt.rsn, got, tt.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, n := range []string{"post2024.json", "pre2024.json", "v4_rejected.json", "portal2a.json"} {
		b, err := os.ReadFile("testdata/" + n)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"chksum":"x","data":{"gstin":"24ABKCS2033B1ZV","rtnprd":"112024","fc":2}}`))
	f.Add([]byte(`{"data":{"docdata":{"impg":[{"boenum":1}]}}}`))
	for _, b := range corpusSeeds(f) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		r, err := Parse(b, FromFile)
		if err != nil {
			if apperr.KindOf(err) != apperr.Invalid {
				t.Fatalf("a bad file gave kind %s: %v", apperr.KindOf(err), err)
			}
			return
		}
		if r.GSTIN == "" || r.Period == "" {
			t.Fatalf("parsed without GSTIN or period: %+v", r)
		}
		_ = r.Shape()
	})
}

func FuzzDetectFile(f *testing.F) {
	for _, n := range []string{"post2024.json", "pre2024.json", "portal2a.json"} {
		b, err := os.ReadFile("testdata/" + n)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
		f.Add(b[:len(b)/3])
	}
	f.Add([]byte("\xef\xbb\xbf{}"))
	for _, b := range corpusSeeds(f) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		pf, err := DetectFile("f.json", b)
		if err != nil {
			if apperr.KindOf(err) != apperr.Invalid {
				t.Fatalf("kind %s: %v", apperr.KindOf(err), err)
			}
			return
		}
		if pf.Kind != FileGSTR2A && pf.Kind != FileGSTR2B || pf.Period == "" || pf.GSTIN == "" {
			t.Fatalf("detected %+v", pf)
		}
	})
}

// fastSeeds are returns for comparing the one-pass reading with the part-by-part one: the
// fixtures, and each broken in a way one field at a time can be.
func fastSeeds(t testing.TB) [][]byte {
	var out [][]byte
	for _, n := range []string{"post2024.json", "pre2024.json", "v4_rejected.json"} {
		b := readFixture(t, n)
		out = append(out, b)
		for _, edit := range [][2]string{
			{`"inum":"`, `"inum":"  `}, {`"ctin":"`, `"ctin":"X`}, {`"dt":"`, `"dt":"3`}, {`"pos":"`, `"pos":"9`}, {`"rev":"N"`, `"rev":"Q"`},
			{`"itcavl":"Y"`, `"itcavl":"Z"`}, {`"txval":`, `"txval":"x`}, {`"val":`, `"vall":`}, {`"gstin":"`, `"gstin":"1`},
			{`"rtnprd":"`, `"rtnprd":"13`}, {`"docdata"`, `"docdatum"`}, {`"inv":[`, `"inv":[7,`}, {`"typ":"`, `"typ":"Q`},
			{`"B2B"`, `"b2b"`}, {`"b2b":[`, `"B2B":[`}, {`"supfildt":"`, `"supfildt":"x`}, {`"imsStatus":"`, `"imsStatus":"Q`},
		} {
			out = append(out, []byte(strings.Replace(string(b), edit[0], edit[1], 1)))
		}
	}
	out = append(out, corpusSeeds(t)...)
	return append(out, []byte(`{"chksum":"x","data":{"gstin":"24ABKCS2033B1ZV","rtnprd":"112024","fc":2}}`),
		[]byte(`{"chksum":"x","data":{"gstin":"24ABKCS2033B1ZV","rtnprd":"112024","docdata":null}}`),
		[]byte(`{"gstin":"24ABKCS2033B1ZV","rtnprd":"112024","docdata":{}}`))
}

// sameParse fails unless the one-pass and the part-by-part readings agree: the same documents,
// or the same error.
func sameParse(t *testing.T, b []byte) {
	t.Helper()
	fast, ferr := parse(b, FromFile) // unscreened: the two readings, before the one screen
	slow, serr := parseParts(b, FromFile)
	if (ferr == nil) != (serr == nil) || ferr != nil && ferr.Error() != serr.Error() {
		t.Fatalf("errors differ:\n one pass: %v\n by parts: %v", ferr, serr)
	}
	if ferr == nil && !reflect.DeepEqual(fast, slow) {
		t.Fatalf("returns differ: %d and %d documents", len(fast.Documents), len(slow.Documents))
	}
}

func TestParseOnePassMatchesParts(t *testing.T) {
	for i, b := range fastSeeds(t) {
		t.Run(strconv.Itoa(i), func(t *testing.T) { sameParse(t, b) })
	}
}

func FuzzParseOnePassMatchesParts(f *testing.F) {
	for _, b := range fastSeeds(f) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) { sameParse(t, b) })
}

// TestSyntheticAllSections: the benchmark's return of every section reads whole, each section
// counted, no notice.
func TestSyntheticAllSections(t *testing.T) {
	r, err := Parse(syntheticAll(1600), FromService)
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	for i := range r.Documents {
		counts[r.Documents[i].Part()+"."+r.Documents[i].Section]++
	}
	if len(counts) != 16 || len(r.Documents) != 1600 || len(r.Notices) != 0 {
		t.Fatalf("counts %v, %d documents, notices %q", counts, len(r.Documents), r.Notices)
	}
}

func TestCountElements(t *testing.T) {
	for _, tc := range []struct {
		raw  string
		want int
	}{
		{`[]`, 0}, {` [ ] `, 0}, {`null`, 0}, {``, 0},
		{`[{"inum":"A,1"},{"inum":"B]"}]`, 2},
		{`[ {"a":[1,2,{"b":"}"}]} , {} ,{"c":"\"],"}]`, 3},
		{`[1, "two", [3, 4], {"five": 5}, true, null]`, 6},
		{"[\n  {\"x\": \"\\\\\"},\n  {}\n]", 2},
	} {
		if got := countElements([]byte(tc.raw)); got != tc.want {
			t.Errorf("countElements(%s) = %d, want %d", tc.raw, got, tc.want)
		}
	}
}
