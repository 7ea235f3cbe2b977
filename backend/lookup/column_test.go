package lookup

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"gstdesk/backend/apperr"
)

func xlsxBytes(t *testing.T, rows [][]any) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	for i, r := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := f.SetSheetRow("Sheet1", cell, &r); err != nil {
			t.Fatal(err)
		}
	}
	var b bytes.Buffer
	if err := f.Write(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestGSTINColumn is desk's test of the same function, from before it moved here, and more.
func TestGSTINColumn(t *testing.T) {
	bomCSV := "\xef\xbb\xbfInvoice,GSTIN of supplier,Amount\nINV-1,27AAPFU0939F1ZV,100\nINV-2, 24ABKCS2033B1ZV ,200\nINV-3,,300\n"
	noHeader := "x,27AAPFU0939F1ZV\ny,33EIUPS5109E1ZZ\n"
	twoCols := "Supplier GSTIN,Recipient GSTIN\n27AAPFU0939F1ZV,24ABKCS2033B1ZV\n"
	book := xlsxBytes(t, [][]any{{"Name", "GSTIN"}, {"Umiya", "27AAPFU0939F1ZV"}, {"Sandbox", "24ABKCS2033B1ZV"}, {"Blank", ""}})
	bookNoHeader := xlsxBytes(t, [][]any{{"Umiya", "27AAPFU0939F1ZV"}, {"Sandbox", "24ABKCS2033B1ZV"}})
	tests := []struct {
		name, file string
		data       []byte
		column     string
		want       []string
		wantErr    string
	}{
		{"csv with BOM, header mentions GSTIN", "suppliers.csv", []byte(bomCSV), "", []string{"27AAPFU0939F1ZV", "24ABKCS2033B1ZV"}, ""},
		{"csv, column named (any case)", "suppliers.csv", []byte(bomCSV), "gstin OF supplier", []string{"27AAPFU0939F1ZV", "24ABKCS2033B1ZV"}, ""},
		{"csv, first GSTIN header wins", "a.csv", []byte(twoCols), "", []string{"27AAPFU0939F1ZV"}, ""},
		{"csv, named second column", "a.csv", []byte(twoCols), "Recipient GSTIN", []string{"24ABKCS2033B1ZV"}, ""},
		{"csv without a header", "list.CSV", []byte(noHeader), "", []string{"27AAPFU0939F1ZV", "33EIUPS5109E1ZZ"}, ""},
		{"tab separated", "list.txt", []byte("Name\tGSTIN\nA\t27AAPFU0939F1ZV\n"), "", []string{"27AAPFU0939F1ZV"}, ""},
		{"xlsx", "book.xlsx", book, "", []string{"27AAPFU0939F1ZV", "24ABKCS2033B1ZV"}, ""},
		{"xlsx without a header", "book.xlsx", bookNoHeader, "", []string{"27AAPFU0939F1ZV", "24ABKCS2033B1ZV"}, ""},
		{"named column missing", "suppliers.csv", []byte(bomCSV), "PAN", nil, `has no column "PAN"`},
		{"no GSTIN anywhere", "a.csv", []byte("a,b\n1,2\n"), "", nil, "has no column of GSTINs"},
		{"empty", "a.csv", nil, "", nil, "is empty"},
		{"not a workbook", "a.xlsx", []byte("not a zip"), "", nil, "not an Excel workbook"},
		{"other format", "a.pdf", []byte("x"), "", nil, "choose a .csv or .xlsx file"},
		{"not UTF-8", "a.csv", []byte("GSTIN,Name\n27AAPFU0939F1ZV,Caf\xe9\n"), "", nil, "a.csv, row 2, column B: the text is not UTF-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := GSTINColumn(tt.file, tt.data, tt.column)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) || apperr.KindOf(err) != apperr.Invalid {
					t.Fatalf("GSTINColumn error = %v, want an invalid-input error containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("GSTINColumn = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestReadGSTINColumnTooBig: a file over the limit is refused from its size, before reading.
func TestReadGSTINColumnTooBig(t *testing.T) {
	_, err := ReadGSTINColumn("huge.csv", strings.NewReader(""), 100<<20, "")
	if apperr.KindOf(err) != apperr.Invalid || !strings.Contains(err.Error(), "huge.csv is 100 MB; gstdesk reads files of at most 64 MB") {
		t.Errorf("err = %v", err)
	}
}
