package xlsxscan

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

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

func scanAll(t testing.TB, w *Workbook, sheet string) map[int][]string {
	out := map[int][]string{}
	if err := w.Rows(sheet, func(row int, cells []string) error {
		out[row] = append([]string(nil), cells...)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestScanAgreesWithExcelize(t *testing.T) {
	data := build(t)
	w, err := Open(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
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
		got := scanAll(t, w, sheet)
		want, err := ex.GetRows(sheet, excelize.Options{RawCellValue: true})
		if err != nil {
			t.Fatal(err)
		}
		for i, wr := range want {
			// A formula with no cached value is "" to excelize and absent here: compare without
			// trailing empty cells.
			gr, wr := trimEnd(got[i+1]), trimEnd(wr)
			if strings.Join(gr, "|") != strings.Join(wr, "|") {
				t.Errorf("%s row %d = %q, excelize says %q", sheet, i+1, gr, wr)
			}
		}
	}
	s1 := scanAll(t, w, "Sheet1")
	if s1[1][1] != `salary <17(1)> & "more"` || s1[2][1] != "1234567.5" || s1[5][27] != "far column" || len(s1[3]) != 0 {
		t.Errorf("Sheet1 = %v", s1)
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
	for _, bad := range []string{"&nope;", "&#xZZ;", "a & b"} {
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
	}
	for _, bad := range []string{"1", "", "XFE1", "ZZZZ1"} {
		if _, err := columnIndex([]byte(bad)); err == nil {
			t.Errorf("columnIndex(%q) accepted", bad)
		}
	}
}

func TestNotAWorkbook(t *testing.T) {
	for _, b := range [][]byte{nil, []byte("hello"), []byte("PK\x03\x04garbage")} {
		if _, err := Open(bytes.NewReader(b), int64(len(b))); err == nil {
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
	f.Fuzz(func(t *testing.T, b []byte) {
		w := &Workbook{strings: []string{"zero", "one"}}
		var cells []string
		w.scanCells(b, &cells)
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
		w, err := Open(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			b.Fatal(err)
		}
		n := 0
		w.Rows("Sheet1", func(int, []string) error { n++; return nil })
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
