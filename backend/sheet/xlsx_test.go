package sheet

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
)

// build writes a workbook the ways excelize can: shared strings (SetCellValue), inline strings
// (the stream writer), numbers, booleans, formulas, entities, gaps and unicode.
func build(t testing.TB) []byte {
	t.Helper()
	f := excelize.NewFile()
	f.SetCellValue("Sheet1", "A1", "name")
	f.SetCellValue("Sheet1", "B1", "salary <17(1)> & \"more\"")
	f.SetCellValue("Sheet1", "D1", "₹ हिन्दी")
	f.SetCellValue("Sheet1", "A2", "Asha")
	f.SetCellValue("Sheet1", "B2", 1234567.5)
	f.SetCellValue("Sheet1", "C2", true)
	f.SetCellValue("Sheet1", "D2", -42)
	f.SetCellFormula("Sheet1", "E2", "B2*2")
	f.SetCellValue("Sheet1", "A5", "after a gap")
	f.SetCellValue("Sheet1", "AB5", "far column")
	f.NewSheet("Stream")
	sw, err := f.NewStreamWriter("Stream")
	if err != nil {
		t.Fatal(err)
	}
	sw.SetRow("A1", []any{"code", "amount", "note"})
	for i := 2; i <= 50; i++ {
		sw.SetRow(fmt.Sprintf("A%d", i), []any{fmt.Sprintf("E%03d", i), float64(i) * 1000.25, "a & b < c"})
	}
	sw.Flush()
	var b bytes.Buffer
	if _, err := f.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// readAll reads every row of a sheet, copied, by row number.
func readAll(t testing.TB, f *File, sheet string) map[int][]string {
	t.Helper()
	out := map[int][]string{}
	for row, err := range f.Rows(sheet) {
		if err != nil {
			t.Fatal(err)
		}
		out[row.Number] = append([]string(nil), row.Cells...)
	}
	return out
}

func openBytes(t testing.TB, name string, data []byte, opt Options) *File {
	t.Helper()
	f, err := Open(name, bytes.NewReader(data), int64(len(data)), opt)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestScanAgreesWithExcelize(t *testing.T) {
	data := build(t)
	w := openBytes(t, "b.xlsx", data, Options{KeepFormulas: true})
	if w.book == nil {
		t.Fatal("the scanner did not read the workbook")
	}
	if got := strings.Join(w.Sheets(), ","); got != "Sheet1,Stream" {
		t.Fatalf("sheets = %s", got)
	}
	ex, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	defer ex.Close()
	for _, sheet := range w.Sheets() {
		got := readAll(t, w, sheet)
		want, err := ex.GetRows(sheet, excelize.Options{RawCellValue: true})
		if err != nil {
			t.Fatal(err)
		}
		for i, wr := range want {
			// A formula with no cached value is "" to both, flagged here: compare without
			// trailing empty cells.
			gr, wr := trimEnd(got[i+1]), trimEnd(wr)
			if strings.Join(gr, "|") != strings.Join(wr, "|") {
				t.Errorf("%s row %d = %q, excelize says %q", sheet, i+1, gr, wr)
			}
		}
	}
	s1 := readAll(t, w, "Sheet1")
	if s1[1][1] != `salary <17(1)> & "more"` || s1[2][1] != "1234567.5" || s1[5][27] != "far column" || len(s1[3]) != 0 {
		t.Errorf("Sheet1 = %v", s1)
	}
}

// TestFallbackAgrees reads the same workbook through excelize (as when the scanner cannot) and
// through the scanner.
func TestFallbackAgrees(t *testing.T) {
	data := build(t)
	fast := openBytes(t, "b.xlsx", data, Options{KeepFormulas: true})
	slow := openBytes(t, "b.xlsx", data, Options{KeepFormulas: true})
	ex, err := openExcel(slow, slow.book.zr)
	if err != nil {
		t.Fatal(err)
	}
	slow.book, slow.ex = nil, ex
	defer slow.Close()
	for _, sh := range fast.Sheets() {
		a, b := readAll(t, fast, sh), readAll(t, slow, sh)
		for n, r := range a {
			if strings.Join(trimEnd(r), "|") != strings.Join(trimEnd(b[n]), "|") {
				t.Errorf("%s row %d: scanner %q, excelize %q", sh, n, r, b[n])
			}
		}
		if len(a) != len(b) {
			t.Errorf("%s: scanner %d rows, excelize %d", sh, len(a), len(b))
		}
	}
}

func TestUnescape(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain", "plain"},
		{"a &amp; b &lt;c&gt; &quot;q&quot; &apos;", `a & b <c> "q" '`},
		{"&#8377;&#x20B9;", "₹₹"},
	}
	for _, tt := range tests {
		got, err := unescape([]byte(tt.in))
		if err != nil || got != tt.want {
			t.Errorf("unescape(%q) = %q, %v", tt.in, got, err)
		}
	}
	for _, bad := range []string{"&nope;", "&#xZZ;", "a & b", "&#x110000;"} {
		if _, err := unescape([]byte(bad)); err == nil {
			t.Errorf("unescape(%q) accepted", bad)
		}
	}
}

func TestColumnIndex(t *testing.T) {
	tests := map[string]int{"A1": 0, "Z9": 25, "AA1": 26, "AB5": 27, "XFD1": 16383}
	for ref, want := range tests {
		if got, err := columnIndex([]byte(ref)); err != nil || got != want {
			t.Errorf("columnIndex(%s) = %d, %v", ref, got, err)
		}
		if got := ColumnName(want); got+ref[len(got):] != ref {
			t.Errorf("ColumnName(%d) = %s, want the letters of %s", want, got, ref)
		}
	}
	for _, bad := range []string{"1", "", "XFE1", "ZZZZ1"} {
		if _, err := columnIndex([]byte(bad)); err == nil {
			t.Errorf("columnIndex(%q) accepted", bad)
		}
	}
}

func TestNotAWorkbook(t *testing.T) {
	for _, b := range [][]byte{nil, []byte("hello"), []byte("PK\x03\x04garbage")} {
		if _, err := Open("x.xlsx", bytes.NewReader(b), int64(len(b)), Options{}); err == nil {
			t.Errorf("Open(%q) accepted", b)
		}
	}
}

// FuzzCells feeds arbitrary row XML to the cell scanner: an error is fine, a panic is not.
func FuzzCells(f *testing.F) {
	f.Add([]byte(`<c r="A1" t="s"><v>0</v></c><c r="B1"><v>12.5</v></c>`))
	f.Add([]byte(`<c r="C1" t="inlineStr"><is><t>x &amp; y</t></is></c><c r="D1"/>`))
	f.Add([]byte(`<c r="ZZZZZZ1"><v>1</v></c>`))
	f.Add([]byte(`<c t="s"><v>99</v></c>`))
	f.Add([]byte(`<c r="A1" t="str"><f>1+1</f><v>2</v></c><c`))
	f.Add([]byte(`<c r="A1" s="1"><v>45474</v></c><c r="B1"><f>A1</f></c>`))
	f.Fuzz(func(t *testing.T, b []byte) {
		file := &File{name: "f.xlsx", format: XLSX, lim: DefaultLimits}
		w := &xlsxBook{f: file, dateStyles: []bool{false, true}}
		w.sst = sharedStrings{all: "zeroone", ends: []uint32{4, 7}}
		row := &Row{book: w}
		w.scanCells(b, row, "S", 1)
		for i := range row.Cells {
			row.Date(i)
		}
		textOf(b)
		unescape(b)
	})
}

func BenchmarkRows10k(b *testing.B) {
	f := excelize.NewFile()
	sw, _ := f.NewStreamWriter("Sheet1")
	row := make([]any, 62)
	for c := range row {
		row[c] = fmt.Sprintf("col%d", c)
	}
	sw.SetRow("A1", row)
	for r := 2; r <= 10001; r++ {
		row[0] = fmt.Sprintf("Employee %d", r)
		for c := 1; c < 62; c++ {
			row[c] = float64(r*c) + 0.5
		}
		sw.SetRow(fmt.Sprintf("A%d", r), row)
	}
	sw.Flush()
	var buf bytes.Buffer
	f.WriteTo(&buf)
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		w, err := Open("b.xlsx", bytes.NewReader(data), int64(len(data)), Options{})
		if err != nil {
			b.Fatal(err)
		}
		n := 0
		for _, err := range w.Rows("Sheet1") {
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
		if n != 10001 {
			b.Fatal(n)
		}
	}
}

func trimEnd(s []string) []string {
	for len(s) > 0 && s[len(s)-1] == "" {
		s = s[:len(s)-1]
	}
	return s
}

// TestDate1904: the workbook's date system is known whether the scanner or excelize reads it, and
// a date cell of a 1904 workbook reads as the day Excel shows.
func TestDate1904(t *testing.T) {
	book := func(date1904 bool) []byte {
		x := excelize.NewFile()
		if err := x.SetWorkbookProps(&excelize.WorkbookPropsOptions{Date1904: &date1904}); err != nil {
			t.Fatal(err)
		}
		x.SetCellValue("Sheet1", "A1", time.Date(2024, 4, 1, 0, 0, 0, 0, time.UTC))
		var b bytes.Buffer
		if _, err := x.WriteTo(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	tests := []struct {
		name            string
		date1904, excel bool
	}{
		{"1900, scanner", false, false},
		{"1904, scanner", true, false},
		{"1900, excelize", false, true},
		{"1904, excelize", true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := openBytes(t, "d.xlsx", book(tt.date1904), Options{})
			defer f.Close()
			if tt.excel {
				ex, err := openExcel(f, f.book.zr)
				if err != nil {
					t.Fatal(err)
				}
				f.book, f.ex = nil, ex
			}
			if f.Date1904() != tt.date1904 {
				t.Errorf("Date1904() = %v, want %v", f.Date1904(), tt.date1904)
			}
			for row, err := range f.Rows("Sheet1") {
				if err != nil {
					t.Fatal(err)
				}
				serial, _ := strconv.ParseFloat(row.Cells[0], 64)
				if d, _ := SerialTime(serial, f.Date1904()); d.Format(time.DateOnly) != "2024-04-01" {
					t.Errorf("serial %s reads as %v", row.Cells[0], d)
				}
				if d, ok := row.Date(0); !tt.excel && (!ok || d.Format(time.DateOnly) != "2024-04-01") {
					t.Errorf("Row.Date = %v, %v", d, ok)
				}
			}
		})
	}
	if (&File{format: CSV}).Date1904() {
		t.Error("a CSV file counts dates from 1904")
	}
}
