package lookup

import (
	"bytes"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"gstdesk/backend/apperr"
)

// FuzzGSTINColumn: any bytes as a CSV or XLSX of GSTINs either fail with an Invalid error or give
// trimmed, non-blank values.
func FuzzGSTINColumn(f *testing.F) {
	x := excelize.NewFile()
	x.SetSheetRow("Sheet1", "A1", &[]any{"Party", "GSTIN/UIN"})
	x.SetSheetRow("Sheet1", "A2", &[]any{"Acme", "27AAPFU0939F1ZV"})
	var b bytes.Buffer
	x.WriteTo(&b)
	f.Add("g.xlsx", b.Bytes(), "")
	f.Add("g.xlsx", b.Bytes()[:b.Len()/2], "GSTIN/UIN")
	f.Add("g.csv", []byte("name,gstin\nAcme, 27AAPFU0939F1ZV \n,\n"), "")
	f.Add("g.csv", []byte("27AAPFU0939F1ZV\n24ABCCR0123M1ZM\n"), "")
	f.Add("g.csv", []byte("gstin\n\"27AAPFU\n"), "gstin")
	f.Add("g.csv", []byte("gstin\nCaf\xe9\n"), "")
	f.Fuzz(func(t *testing.T, name string, data []byte, column string) {
		if !strings.HasSuffix(name, ".csv") && !strings.HasSuffix(name, ".xlsx") {
			name = "g.csv"
		}
		got, err := GSTINColumn(name, data, column)
		if err != nil {
			if apperr.KindOf(err) != apperr.Invalid {
				t.Fatalf("error of kind %s: %v", apperr.KindOf(err), err)
			}
			return
		}
		for _, g := range got {
			if g == "" || g != strings.TrimSpace(g) {
				t.Fatalf("value %q is blank or untrimmed", g)
			}
		}
	})
}
