package gstr2b

import (
	"bytes"
	csvpkg "encoding/csv"
	"strings"
	"testing"

	"gstdesk/backend/export"
)

// TestExportCarriesWhatTellsDocumentsApart: the export of every section of a v4.0 return carries
// originals of amendments, worked-out values labelled, ISD eligibility, the bill of entry's port,
// number and dates, and the rejected and reversed marks; a value not given is empty, not 0.
func TestExportCarriesWhatTellsDocumentsApart(t *testing.T) {
	r, err := Parse(readFixture(t, "corpus/v4_amendment_without_original.json"), FromFile)
	if err != nil {
		t.Fatal(err)
	}
	tab := ExportTable()
	for i := range r.Documents {
		AppendExportRow(&tab, r.Period, &r.Documents[i])
	}
	noValue := Document{Kind: KindInvoice, Section: "b2b", Number: "X", ValueBasis: ValueAbsent}
	AppendExportRow(&tab, r.Period, &noValue)
	for _, f := range []export.Format{export.CSV, export.JSON, export.XLSX} {
		var b bytes.Buffer
		if err := export.Write(&b, f, tab); err != nil {
			t.Fatalf("%v: %v", f, err)
		}
	}
	var b bytes.Buffer
	if err := export.Write(&b, export.CSV, tab); err != nil {
		t.Fatal(err)
	}
	csv := b.String()
	for _, want := range []string{
		"docdata.itcrev,b2ba", "docRejdata,b2b", "Rejected in IMS", "ITC reversed",
		"BT-CN-3", // cdnra's original number kept where given
		"INNSA1,9001212,15-10-2025", "taxable value + IGST + cess", "tax distributed",
		"isd_invoice", ",N,", // ISD eligibility N
	} {
		if !strings.Contains(csv, want) {
			t.Errorf("the CSV lacks %q", want)
		}
	}
	rows, err := csvpkg.NewReader(strings.NewReader(strings.TrimPrefix(csv, "\ufeff"))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	head, last := rows[0], rows[len(rows)-1]
	for i, h := range head {
		if h == "Value" && last[i] != "" || h == "Value is" && last[i] != "not given in the return" {
			t.Errorf("a value not given: %s = %q", h, last[i])
		}
	}
}
