package export

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"gstdesk/backend/money"
)

var sample = Table{
	Name: "Suppliers",
	Columns: []Column{
		{Key: "gstin", Title: "GSTIN"},
		{Key: "name", Title: "Name"},
		{Key: "taxable", Title: "Taxable value", Kind: Money},
		{Key: "invoices", Title: "Invoices", Kind: Integer},
	},
	Rows: [][]any{
		{"27AAPFU0939F1ZV", "Acme, \"Traders\"", 1234567.5, 3},
		{"29AABCF8078M1C8", "Zed ₹ Co", nil, 0},
	},
}

func TestCSVHasBOMAndRoundTrips(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, CSV, sample); err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(b.Bytes(), []byte("\xef\xbb\xbf")) {
		t.Fatal("CSV must start with a UTF-8 BOM")
	}
	recs, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(b.String(), "\ufeff"))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"GSTIN", "Name", "Taxable value", "Invoices"}, {"27AAPFU0939F1ZV", "Acme, \"Traders\"", "1234567.5", "3"}, {"29AABCF8078M1C8", "Zed ₹ Co", "", "0"}}
	if len(recs) != len(want) {
		t.Fatalf("records = %v", recs)
	}
	for i := range want {
		if strings.Join(recs[i], "|") != strings.Join(want[i], "|") {
			t.Errorf("row %d = %q, want %q", i, recs[i], want[i])
		}
	}
}

func TestJSON(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, JSON, sample); err != nil {
		t.Fatal(err)
	}
	var got []map[string]any
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatalf("%v in %s", err, b.String())
	}
	if len(got) != 2 || got[0]["taxable"] != 1234567.5 || got[1]["taxable"] != nil || got[0]["name"] != "Acme, \"Traders\"" {
		t.Errorf("got %v", got)
	}
}

func TestXLSXIndianMoney(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, XLSX, sample); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&b)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows("Suppliers")
	if err != nil {
		t.Fatal(err)
	}
	if rows[0][2] != "Taxable value" {
		t.Errorf("header = %q", rows[0])
	}
	// Excel renders the custom format with Indian grouping; excelize's own renderer does not
	// understand it, so check that the format itself is on the cell.
	styleID, _ := f.GetCellStyle("Suppliers", "C2")
	st, err := f.GetStyle(styleID)
	if err != nil || st.CustomNumFmt == nil || *st.CustomNumFmt != IndianMoneyFormat {
		t.Errorf("money cell style = %+v, %v; want the Indian money format", st, err)
	}
	raw, _ := f.GetCellValue("Suppliers", "C2", excelize.Options{RawCellValue: true})
	if raw != "1234567.5" {
		t.Errorf("raw value = %q, want the number kept as a number", raw)
	}
}

func TestParseFormat(t *testing.T) {
	for _, s := range []string{"csv", "JSON", ".xlsx"} {
		if _, err := ParseFormat(s); err != nil {
			t.Errorf("ParseFormat(%q) = %v", s, err)
		}
	}
	if _, err := ParseFormat("pdf"); err == nil {
		t.Error("ParseFormat(pdf) should fail")
	}
}

func TestMoneyIsWrittenAsRupees(t *testing.T) {
	amounts := []money.Paise{0, 5, 10, 123450, -250, 123456789, 15000000}
	want := map[Format]string{
		CSV:  "\ufeffa\n0.00\n0.05\n0.10\n1234.50\n-2.50\n1234567.89\n150000.00\n",
		JSON: "[\n{\"a\":0.00},\n{\"a\":0.05},\n{\"a\":0.10},\n{\"a\":1234.50},\n{\"a\":-2.50},\n{\"a\":1234567.89},\n{\"a\":150000.00}\n]\n",
	}
	for _, f := range []Format{CSV, JSON} {
		asMoney := Table{Columns: []Column{{Key: "a", Kind: Money}}}
		for _, p := range amounts {
			asMoney.Rows = append(asMoney.Rows, []any{p})
		}
		var got bytes.Buffer
		if err := Write(&got, f, asMoney); err != nil {
			t.Fatal(err)
		}
		if got.String() != want[f] {
			t.Errorf("%s with money.Paise = %q, want %q (rupees with two decimals)", f, got.String(), want[f])
		}
	}
}

// TestXLSXDatesPeriodsAndFrozenHeader: dates are dates (a serial number shown DD/MM/YYYY), periods
// are months shown "Apr 2025", text that is not a date stays text, and the header row is frozen.
func TestXLSXDatesPeriodsAndFrozenHeader(t *testing.T) {
	tab := Table{Name: "T", Columns: []Column{{Key: "period", Title: "Period", Kind: Period}, {Key: "d", Title: "Invoice date", Kind: Date}, {Key: "n", Title: "Note"}},
		Rows: [][]any{{"2025-04", "10/04/2025", "x"}, {"Total", "", "y"}, {"2025-05", "2025-05-31", "z"}}}
	var b bytes.Buffer
	if err := Write(&b, XLSX, tab); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&b)
	if err != nil {
		t.Fatal(err)
	}
	for cell, want := range map[string]string{"A2": "Apr 2025", "B2": "10/04/2025", "A3": "Total", "B3": "", "A4": "May 2025", "B4": "31/05/2025"} {
		if got, _ := f.GetCellValue("T", cell); got != want {
			t.Errorf("%s shows %q, want %q", cell, got, want)
		}
	}
	// Under the format, a real date: 10/04/2025 is Excel's day 45757.
	if raw, _ := f.GetCellValue("T", "B2", excelize.Options{RawCellValue: true}); raw != "45757" {
		t.Errorf("B2 raw = %q, want the date serial 45757", raw)
	}
	panes, err := f.GetPanes("T")
	if err != nil || !panes.Freeze || panes.YSplit != 1 {
		t.Errorf("panes = %+v, %v; want the header row frozen", panes, err)
	}
}

// TestWriteWorkbook: one sheet per table in order, names Excel accepts and unique, each sheet
// written as a single-table export is (real dates, frozen header).
func TestWriteWorkbook(t *testing.T) {
	tabs := []Table{
		{Name: "Message", Columns: []Column{{Key: "m", Title: "Message"}}, Rows: [][]any{{"Dear supplier,"}, {"=1+1"}}},
		{Name: "27AAPFU0939F1ZV: documents to fix [FY 2025-26]", Columns: []Column{{Key: "d", Title: "Date", Kind: Date}}, Rows: [][]any{{"10/04/2025"}}},
		{Name: "message", Columns: []Column{{Key: "x", Title: "X"}}},
	}
	var b bytes.Buffer
	if err := WriteWorkbook(&b, tabs); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&b)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"Message", "27AAPFU0939F1ZV- documents to f", "message 2"}
	if got := f.GetSheetList(); !reflect.DeepEqual(got, want) {
		t.Fatalf("sheets %q, want %q", got, want)
	}
	if raw, _ := f.GetCellValue(want[1], "A2", excelize.Options{RawCellValue: true}); raw != "45757" {
		t.Errorf("date raw = %q", raw)
	}
	if v, _ := f.GetCellValue("Message", "A3"); v != "=1+1" {
		t.Errorf("text cell %q", v)
	}
	if fm, _ := f.GetCellFormula("Message", "A3"); fm != "" {
		t.Errorf("a text cell became the formula %q", fm)
	}
}

// TestMoreRowsWriteAsRows: a table whose rows come one at a time (More, reusing one row, after
// some in Rows) is written byte for byte as the same table held whole, in every format, the XLSX
// columns sized from its first rows as well.
func TestMoreRowsWriteAsRows(t *testing.T) {
	for _, n := range []int{0, 1, widthRows - 1, widthRows, widthRows + 7} {
		whole := Table{Name: "t", Columns: append([]Column{}, sample.Columns...)}
		for i := range n {
			whole.Rows = append(whole.Rows, []any{strings.Repeat("x", i%70), "Zed ₹ Co", money.Paise(i * 12345), i})
		}
		for _, held := range []int{0, min(n, 3)} {
			streamed := Table{Name: "t", Columns: whole.Columns, Rows: whole.Rows[:held]}
			streamed.More = func(yield func([]any) error) error {
				row := make([]any, 4)
				for _, r := range whole.Rows[held:] {
					copy(row, r)
					if err := yield(row); err != nil {
						return err
					}
				}
				return nil
			}
			for _, f := range []Format{CSV, JSON, XLSX} {
				var a, b bytes.Buffer
				if err := Write(&a, f, whole); err != nil {
					t.Fatal(err)
				}
				if err := Write(&b, f, streamed); err != nil {
					t.Fatal(err)
				}
				if f != XLSX {
					if a.String() != b.String() {
						t.Errorf("%d rows, %d held, %s: streamed %q, whole %q", n, held, f, b.String(), a.String())
					}
					continue
				}
				if x, y := xlsxContent(t, a.Bytes()), xlsxContent(t, b.Bytes()); !reflect.DeepEqual(x, y) {
					t.Errorf("%d rows, %d held, xlsx: streamed %v, whole %v", n, held, y, x)
				}
			}
		}
	}
}

// xlsxContent is a workbook's first sheet: its cells and its column widths.
func xlsxContent(t *testing.T, data []byte) [][]string {
	t.Helper()
	f, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sheet := f.GetSheetName(0)
	rows, err := f.GetRows(sheet)
	if err != nil {
		t.Fatal(err)
	}
	var widths []string
	for _, col := range []string{"A", "B", "C", "D"} {
		w, _ := f.GetColWidth(sheet, col)
		widths = append(widths, strconv.FormatFloat(w, 'f', -1, 64))
	}
	return append(rows, widths)
}
