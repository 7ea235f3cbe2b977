package gstr2b

import (
	"strings"
	"testing"
)

// Hostile documents are never summed silently: the same document twice is counted once, a
// negative invoice is left out of the figures, each named in a notice; a document dated long after
// the period is kept (GSTN's own sample has such) and named.
func TestScreenHostileDocuments(t *testing.T) {
	inv := func(num, dt, txval, igst string) string {
		return `{"inum":"` + num + `","dt":"` + dt + `","val":` + txval + `,"txval":` + txval + `,"igst":` + igst + `,"cgst":0,"sgst":0,"cess":0,"pos":"27","rev":"N","typ":"R","itcavl":"Y","rsn":""}`
	}
	raw := `{"chksum":"x","data":{"gstin":"27AAPFU0939F1ZV","rtnprd":"032025","gendt":"14-04-2025","itcsumm":{},"docdata":{"b2b":[{"ctin":"29AABCS1429B1ZB","trdnm":"S","inv":[` +
		inv("A/1", "10-03-2025", "1000", "180") + `,` + inv("A/1", "10-03-2025", "1000", "180") + `,` + inv("NEG/1", "11-03-2025", "-500", "-90") + `,` +
		inv("LATE/1", "11-03-2027", "200", "36") + `,` + inv("B/2", "12-03-2025", "300", "54") + `]}]}}}`
	r, err := Parse([]byte(raw), FromFile)
	if err != nil {
		t.Fatal(err)
	}
	var nums []string
	var igst int64
	for _, d := range r.Documents {
		nums = append(nums, d.Number)
		igst += int64(d.IGST)
	}
	if strings.Join(nums, ",") != "A/1,LATE/1,B/2" || igst != 18000+3600+5400 {
		t.Errorf("documents %v, IGST %d paise", nums, igst)
	}
	all := strings.Join(r.Notices, "\n")
	for _, want := range []string{"A/1", "listed twice; counted once", "NEG/1", "below zero", "LATE/1", "more than a month after"} {
		if !strings.Contains(all, want) {
			t.Errorf("notices do not say %q:\n%s", want, all)
		}
	}
}

// A GSTR-2B that says it was generated before its own month began is named, not trusted silently.
func TestScreenGeneratedBeforeItsMonth(t *testing.T) {
	raw := `{"data":{"gstin":"27AAPFU0939F1ZV","rtnprd":"092031","gendt":"14-10-2025","itcsumm":{},"docdata":{}}}`
	r, err := Parse([]byte(raw), FromFile)
	if err != nil {
		t.Fatal(err)
	}
	if all := strings.Join(r.Notices, "\n"); !strings.Contains(all, "generated on 14/10/2025, before that month began") {
		t.Errorf("notices: %s", all)
	}
	raw = `{"data":{"gstin":"27AAPFU0939F1ZV","rtnprd":"092025","gendt":"14-10-2025","itcsumm":{},"docdata":{}}}`
	if r, _ := Parse([]byte(raw), FromFile); strings.Contains(strings.Join(r.Notices, "\n"), "before that month began") {
		t.Errorf("a 2B generated after its month is named: %v", r.Notices)
	}
}

// A supplier's GSTIN in lower case or with spaces is the same supplier (gstin.Normalize).
func TestSupplierGSTINOneIdentity(t *testing.T) {
	raw := `{"data":{"gstin":"27AAPFU0939F1ZV","rtnprd":"092025","gendt":"14-10-2025","itcsumm":{},"docdata":{"b2b":[` +
		`{"ctin":"29AABCT1332L1ZT","trdnm":"S","inv":[{"inum":"A/1","dt":"10-09-2025","val":1180,"txval":1000,"igst":180,"cgst":0,"sgst":0,"cess":0,"pos":"27","rev":"N","typ":"R","itcavl":"Y","rsn":""}]},` +
		`{"ctin":" 29aabct1332l1zt ","trdnm":"S","inv":[{"inum":"A/2","dt":"11-09-2025","val":1180,"txval":1000,"igst":180,"cgst":0,"sgst":0,"cess":0,"pos":"27","rev":"N","typ":"R","itcavl":"Y","rsn":""}]}]}}}`
	r, err := Parse([]byte(raw), FromFile)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range r.Documents {
		if d.Supplier != "29AABCT1332L1ZT" {
			t.Errorf("document %s of supplier %q", d.Number, d.Supplier)
		}
	}
	if all := strings.Join(r.Notices, "\n"); strings.Contains(all, "ctin") {
		t.Errorf("a GSTIN in lower case is named as not a GSTIN: %s", all)
	}
}
