package recon

import (
	"encoding/csv"
	"strings"
	"testing"
)

// TestSampleRegisterNeutralisesFormulas: the sample register made from 2A data writes a hostile
// supplier name or invoice number as text a spreadsheet will not run.
func TestSampleRegisterNeutralisesFormulas(t *testing.T) {
	twoA := []Invoice{
		{SupplierGSTIN: "27AAPFU0939F1ZV", SupplierName: `=HYPERLINK("http://x","y")`, Number: "=1+1", Date: "2024-07-05", PlaceOfSupply: "27", Value: 118000, Taxable: 100000, CGST: 9000, SGST: 9000},
	}
	recs, err := csv.NewReader(strings.NewReader(string(SampleRegister(twoA, "2025-01-01")))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs[1:] {
		if strings.HasPrefix(r[1], "=") || strings.HasPrefix(r[2], "=") {
			t.Errorf("row %q carries a formula", r)
		}
		if r[1] != `'=HYPERLINK("http://x","y")` {
			t.Errorf("supplier name %q", r[1])
		}
	}
}
