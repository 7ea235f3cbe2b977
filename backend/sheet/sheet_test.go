package sheet

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"errors"
	"hash/crc32"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"gstdesk/backend/apperr"
)

// part is one entry of a hand-made workbook; lie, when set, is the uncompressed size its zip
// header declares instead of the true one.
type part struct {
	name, body string
	lie        uint64
}

const (
	wbXML   = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>`
	relsXML = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`
	ctXML   = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`
	rootRel = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`
)

// makeXLSX zips a one-sheet workbook ("Data") around the given sheet XML and extra parts.
func makeXLSX(t testing.TB, sheetXML string, extra ...part) []byte {
	t.Helper()
	parts := append([]part{{"[Content_Types].xml", ctXML, 0}, {"_rels/.rels", rootRel, 0}, {"xl/workbook.xml", wbXML, 0},
		{"xl/_rels/workbook.xml.rels", relsXML, 0}, {"xl/worksheets/sheet1.xml", sheetXML, 0}}, extra...)
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, p := range parts {
		var comp bytes.Buffer
		fw, _ := flate.NewWriter(&comp, flate.BestCompression)
		fw.Write([]byte(p.body))
		fw.Close()
		size := uint64(len(p.body))
		if p.lie != 0 {
			size = p.lie
		}
		w, err := zw.CreateRaw(&zip.FileHeader{Name: p.name, Method: zip.Deflate, CRC32: crc32.ChecksumIEEE([]byte(p.body)),
			CompressedSize64: uint64(comp.Len()), UncompressedSize64: size})
		if err != nil {
			t.Fatal(err)
		}
		w.Write(comp.Bytes())
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func sheetXML(rows string) string {
	return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><dimension ref="A1"/><sheetData>` + rows + `</sheetData><rowBreaks count="0"/></worksheet>`
}

func TestCSV(t *testing.T) {
	tests := []struct {
		name, data string
		opt        Options
		want       [][]string
		lines      []int
	}{
		{"comma", "a,b\n1,2\n", Options{}, [][]string{{"a", "b"}, {"1", "2"}}, []int{1, 2}},
		{"semicolon and BOM", "\ufeffa;b;c\n1;2,5;3\n", Options{}, [][]string{{"a", "b", "c"}, {"1", "2,5", "3"}}, []int{1, 2}},
		{"tab", "a\tb\n\n1\t2\r\n", Options{}, [][]string{{"a", "b"}, {"1", "2"}}, []int{1, 3}},
		{"quoted newline keeps line numbers", "a,b\n\"x\ny\",2\n3,4\n", Options{}, [][]string{{"a", "b"}, {"x\ny", "2"}, {"3", "4"}}, []int{1, 2, 4}},
		{"lazy quotes", "a,b\nx\"y,2\n", Options{LazyQuotes: true}, [][]string{{"a", "b"}, {"x\"y", "2"}}, []int{1, 2}},
		{"given comma", "a;b,c\n", Options{Comma: ','}, [][]string{{"a;b", "c"}}, []int{1}},
		{"unicode", "नाम,₹\nआशा,1\n", Options{}, [][]string{{"नाम", "₹"}, {"आशा", "1"}}, []int{1, 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := openBytes(t, "a.csv", []byte(tt.data), tt.opt)
			var got [][]string
			var lines []int
			for row, err := range f.Rows("") {
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, append([]string(nil), row.Cells...))
				lines = append(lines, row.Number)
			}
			if !reflect.DeepEqual(got, tt.want) || !reflect.DeepEqual(lines, tt.lines) {
				t.Errorf("rows %q at lines %v, want %q at %v", got, lines, tt.want, tt.lines)
			}
		})
	}
}

func TestDetect(t *testing.T) {
	tests := []struct {
		name, head string
		want       Format
		err        bool
	}{
		{"a.CSV", "", CSV, false}, {"a.tsv", "", CSV, false}, {"a.xlsx", "", XLSX, false}, {"a.xlsm", "", XLSX, false},
		{"a.xls", "", "", true}, {"upload", "PK\x03\x04", XLSX, false}, {"upload", "a,b", CSV, false},
	}
	for _, tt := range tests {
		got, err := Detect(tt.name, []byte(tt.head))
		if got != tt.want || (err != nil) != tt.err {
			t.Errorf("Detect(%q, %q) = %q, %v", tt.name, tt.head, got, err)
		}
	}
}

// TestErrors: every refusal is an Invalid apperr naming the file, and the row and column where
// there is one, wrapping the kind of problem.
func TestErrors(t *testing.T) {
	small := Limits{MaxColumns: 3, MaxCellBytes: 10, MaxRows: 2, MaxRowBytes: 100}
	long := strings.Repeat("x", 300)
	tests := []struct {
		name, file, data string
		opt              Options
		kind             error
		want             string
	}{
		{"latin-1 csv", "p.csv", "name,city\nAsha,Z\xfcrich\n", Options{}, ErrEncoding, `p.csv, row 2, column B: the text is not UTF-8`},
		{"utf-16 csv", "p.csv", "\xff\xfen\x00a\x00", Options{}, ErrEncoding, "saved as UTF-16"},
		{"binary csv", "p.csv", "a\x00b\n", Options{}, ErrFormat, "not a CSV text file"},
		{"bad quoting", "p.csv", "a,b\n1,\"2\n", Options{}, ErrFormat, "p.csv, row 2, character 6: extraneous or missing"},
		{"bare quote", "p.csv", "a,b\n1,x\"y\n", Options{}, ErrFormat, "p.csv, row 2, character 4"},
		{"too many columns", "p.csv", "a,b,c,d\n", Options{Limits: small}, ErrLimit, "p.csv, row 1: the row has more than 3 columns"},
		{"cell too long", "p.csv", "a,b\n1,12345678901\n", Options{Limits: small}, ErrLimit, "p.csv, row 2, column B: the cell is longer than 10 bytes"},
		{"too many rows", "p.csv", "a\n1\n2\n", Options{Limits: small}, ErrLimit, "p.csv has more than 2 rows"},
		{"unclosed quote runs on", "p.csv", "a\n\"" + strings.Repeat(long+"\n", 300), Options{Limits: small}, ErrLimit, "p.csv, row 2: the row is longer than 100 bytes"},
		{"file too big", "p.csv", "a,b\n", Options{Limits: Limits{MaxFileBytes: 3}}, ErrLimit, "p.csv is 4 bytes; gstdesk reads files of at most 3 bytes"},
		{"xls", "old.xls", "x", Options{}, ErrFormat, "old Excel 97-2003"},
		{"not a zip", "b.xlsx", "PK\x03\x04nonsense", Options{}, ErrFormat, "b.xlsx is not an Excel workbook gstdesk can read"},
		{"xlsx cell too long", "b.xlsx", string(makeXLSX(t, sheetXML(`<row r="7"><c r="C7" t="inlineStr"><is><t>`+long+`</t></is></c></row>`))), Options{Limits: Limits{MaxCellBytes: 10}}, ErrLimit, "b.xlsx, sheet Data, row 7, column C: the cell is longer"},
		{"xlsx too many columns", "b.xlsx", string(makeXLSX(t, sheetXML(`<row r="2"><c r="D2"><v>1</v></c></row>`))), Options{Limits: small}, ErrLimit, "b.xlsx, sheet Data, row 2: the row has more than 3 columns"},
		{"xlsx too many rows", "b.xlsx", string(makeXLSX(t, sheetXML(`<row r="1"><c><v>1</v></c></row><row r="2"><c><v>1</v></c></row><row r="3"><c><v>1</v></c></row>`))), Options{Limits: small}, ErrLimit, "b.xlsx, sheet Data has more than 2 rows"},
		{"xlsx bad utf-8", "b.xlsx", string(makeXLSX(t, sheetXML(`<row r="4"><c r="B4" t="inlineStr"><is><t>Z`+"\xfc"+`rich</t></is></c></row>`))), Options{}, ErrEncoding, "b.xlsx, sheet Data, row 4, column B: the text is not valid UTF-8"},
		{"xlsx shared string out of range", "b.xlsx", string(makeXLSX(t, sheetXML(`<row r="4"><c r="B4" t="s"><v>3</v></c></row>`))), Options{}, ErrFormat, "b.xlsx, sheet Data, row 4, column B: shared string"},
		{"xlsx row too long", "b.xlsx", string(makeXLSX(t, sheetXML(`<row r="1"><c><v>`+long+`</v></c></row>`))), Options{Limits: Limits{MaxRowBytes: 100}}, ErrLimit, "a row of the sheet is larger than 100 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := readErr(tt.file, []byte(tt.data), tt.opt)
			if err == nil {
				t.Fatal("no error")
			}
			if apperr.KindOf(err) != apperr.Invalid || !errors.Is(err, tt.kind) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q (%s), want %v containing %q", err, apperr.KindOf(err), tt.kind, tt.want)
			}
		})
	}
}

// readErr opens and reads every sheet, returning the first error.
func readErr(name string, data []byte, opt Options) error {
	f, err := Open(name, bytes.NewReader(data), int64(len(data)), opt)
	if err != nil {
		return err
	}
	defer f.Close()
	for _, sh := range f.Sheets() {
		for _, err := range f.Rows(sh) {
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// TestZipBomb: a small XLSX whose sheet unpacks past the limit is refused, whether its zip entry
// declares the true size (refused before unpacking) or lies (refused when the count passes the
// limit), and so are shared strings that do the same.
func TestZipBomb(t *testing.T) {
	row := `<row><c t="inlineStr"><is><t>` + strings.Repeat("0", 1000) + `</t></is></c></row>`
	big := sheetXML(strings.Repeat(row, 3000)) // 3 MB of XML that zips to a few KB
	lim := Limits{MaxSheetBytes: 1 << 20}
	sst := `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` + strings.Repeat(`<si><t>`+strings.Repeat("1", 1000)+`</t></si>`, 3000) + `</sst>`
	tests := []struct {
		name string
		data []byte
		want string
	}{
		{"declared size", makeXLSX(t, big), "b.xlsx, sheet Data: the sheet is larger than 1 MB unpacked"},
		{"lying size", makeXLSX(t, "", part{"xl/worksheets/sheet1.xml", big, 500}), "b.xlsx, sheet Data: the sheet is larger than 1 MB unpacked"},
		{"shared strings declared", makeXLSX(t, sheetXML(""), part{"xl/sharedStrings.xml", sst, 0}), "b.xlsx: the workbook's shared strings part is larger than 1 MB unpacked"},
		{"shared strings lying", makeXLSX(t, sheetXML(""), part{"xl/sharedStrings.xml", sst, 100}), "b.xlsx: the workbook's shared strings part is larger than 1 MB unpacked"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if len(tt.data) > 64<<10 {
				t.Fatalf("the bomb is %d bytes: not small", len(tt.data))
			}
			if tt.name == "lying size" { // makeXLSX put the sheet in twice: keep the lying one
				tt.data = makeXLSXLying(t, big, 500)
			}
			err := readErr("b.xlsx", tt.data, Options{Limits: lim})
			if !errors.Is(err, ErrLimit) || apperr.KindOf(err) != apperr.Invalid || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v, want %q", err, tt.want)
			}
		})
	}
	// Under the limit, the same sheet reads.
	if err := readErr("b.xlsx", makeXLSX(t, big), Options{Limits: Limits{MaxSheetBytes: 4 << 20}}); err != nil {
		t.Errorf("under the limit: %v", err)
	}
}

// makeXLSXLying is makeXLSX with the sheet's declared size a lie.
func makeXLSXLying(t testing.TB, sheet string, lie uint64) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, p := range []part{{"[Content_Types].xml", ctXML, 0}, {"_rels/.rels", rootRel, 0}, {"xl/workbook.xml", wbXML, 0},
		{"xl/_rels/workbook.xml.rels", relsXML, 0}, {"xl/worksheets/sheet1.xml", sheet, lie}} {
		var comp bytes.Buffer
		fw, _ := flate.NewWriter(&comp, flate.BestCompression)
		fw.Write([]byte(p.body))
		fw.Close()
		size := uint64(len(p.body))
		if p.lie != 0 {
			size = p.lie
		}
		w, _ := zw.CreateRaw(&zip.FileHeader{Name: p.name, Method: zip.Deflate, CRC32: crc32.ChecksumIEEE([]byte(p.body)), CompressedSize64: uint64(comp.Len()), UncompressedSize64: size})
		w.Write(comp.Bytes())
	}
	zw.Close()
	return buf.Bytes()
}

// TestLyingSizeUnderLimit: a part that unpacks to more than it declares, but under the limit, is
// refused as damaged.
func TestLyingSizeUnderLimit(t *testing.T) {
	data := makeXLSXLying(t, sheetXML(`<row r="1"><c><v>1</v></c></row>`), 50)
	err := readErr("b.xlsx", data, Options{})
	if !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), "not the 50 declared") {
		t.Errorf("err = %v", err)
	}
}

// TestOpenFileTooBig: a file over the limit is refused from its size, before it is read (the test
// file is sparse: 500 MB that take no disk).
func TestOpenFileTooBig(t *testing.T) {
	p := filepath.Join(t.TempDir(), "huge payroll.xlsx")
	if err := os.WriteFile(p, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(p, 500<<20); err != nil {
		t.Fatal(err)
	}
	_, err := OpenFile(p, Options{})
	if !errors.Is(err, ErrLimit) || err.Error() != "huge payroll.xlsx is 500 MB; gstdesk reads files of at most 256 MB. Split it into smaller files." {
		t.Errorf("err = %v", err)
	}
	ok := filepath.Join(t.TempDir(), "p.csv")
	os.WriteFile(ok, []byte("a,b\n1,2\n"), 0o644)
	f, err := OpenFile(ok, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if got := readAll(t, f, ""); !reflect.DeepEqual(got, map[int][]string{1: {"a", "b"}, 2: {"1", "2"}}) {
		t.Errorf("rows = %v", got)
	}
	if _, err := OpenFile(filepath.Join(t.TempDir(), "none.csv"), Options{}); apperr.KindOf(err) != apperr.Invalid {
		t.Errorf("missing file: %v", err)
	}
}

// TestFormulaAndDates: a formula without a cached value is flagged; date-styled numbers read as
// dates (built-in and custom formats, and the 1904 system); plain numbers do not.
func TestFormulaAndDates(t *testing.T) {
	x := excelize.NewFile()
	x.SetSheetRow("Sheet1", "A1", &[]any{"date", "amount", "total", "custom", "time"})
	x.SetSheetRow("Sheet1", "A2", &[]any{45474, 1000.5, nil, 45475.5, 0.75})
	x.SetCellFormula("Sheet1", "C2", "B2*2")
	builtin, _ := x.NewStyle(&excelize.Style{NumFmt: 14})
	custom := "dd/mm/yyyy hh:mm"
	customStyle, _ := x.NewStyle(&excelize.Style{CustomNumFmt: &custom})
	timeStyle, _ := x.NewStyle(&excelize.Style{NumFmt: 21})
	money, _ := x.NewStyle(&excelize.Style{NumFmt: 4})
	x.SetCellStyle("Sheet1", "A2", "A2", builtin)
	x.SetCellStyle("Sheet1", "D2", "D2", customStyle)
	x.SetCellStyle("Sheet1", "E2", "E2", timeStyle)
	x.SetCellStyle("Sheet1", "B2", "B2", money)
	var buf bytes.Buffer
	x.WriteTo(&buf)
	f := openBytes(t, "d.xlsx", buf.Bytes(), Options{KeepFormulas: true})
	var got *Row
	for row, err := range f.Rows("Sheet1") {
		if err != nil {
			t.Fatal(err)
		}
		if row.Number == 2 {
			got = row
			break
		}
	}
	if got == nil {
		t.Fatal("no row 2")
	}
	if !got.Formula(2) || got.Cells[2] != "" || got.Formula(1) {
		t.Errorf("formula flags: C2 %v %q, B2 %v", got.Formula(2), got.Cells[2], got.Formula(1))
	}
	want := map[int]string{0: "2024-07-01 00:00:00", 3: "2024-07-02 12:00:00", 4: "1899-12-31 18:00:00"}
	for i := 0; i < 5; i++ {
		d, ok := got.Date(i)
		if w, isDate := want[i]; ok != isDate || (ok && d.Format(time.DateTime) != w) {
			t.Errorf("Date(%d) = %v, %v; want %q", i, d, ok, want[i])
		}
	}
	if d, _ := SerialTime(0, true); d.Format(time.DateOnly) != "1904-01-01" {
		t.Errorf("1904 serial 0 = %v", d)
	}
	if d, _ := SerialTime(59, false); d.Format(time.DateOnly) != "1900-02-28" {
		t.Errorf("serial 59 = %v", d)
	}
	if _, ok := SerialTime(60, false); ok {
		t.Error("Excel's 29 February 1900 read as a date")
	}
}

func TestIsDateFormat(t *testing.T) {
	tests := map[string]bool{
		"dd/mm/yyyy": true, "d-mmm-yy": true, "[h]:mm:ss": true, "hh:mm AM/PM": true, `yyyy"年"m"月"`: true,
		"#,##0.00": false, `[$₹-4009] #,##0.00`: false, `"Rs." 0.00`: false, "0.00E+00": false, "General": false,
		`[Red]#,##0;[Blue]-#,##0`: false, `#,##0 "days"`: false, `_(* #,##0_)`: false,
	}
	for code, want := range tests {
		if got := isDateFormat(code); got != want {
			t.Errorf("isDateFormat(%q) = %v", code, got)
		}
	}
}

// TestFallback: what the scanner does not read goes to excelize, from the start (prefixed element
// names) or from the row where the scanner stopped (a CDATA section), with the same rows out.
func TestFallback(t *testing.T) {
	prefixed := `<?xml version="1.0" encoding="UTF-8"?><x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>` +
		`<x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>gstin</x:t></x:is></x:c></x:row><x:row r="3"><x:c r="B3"><x:v>42</x:v></x:c></x:row></x:sheetData></x:worksheet>`
	cdata := sheetXML(`<row r="1"><c r="A1" t="inlineStr"><is><t>gstin</t></is></c></row><row r="2"><c r="A2"><v>7</v></c></row>` +
		`<row r="3"><c r="A3" t="inlineStr"><is><t><![CDATA[a<b]]></t></is></c></row><row r="4"><c r="B4"><v>9</v></c></row>`)
	tests := []struct {
		name, xml string
		want      map[int][]string
	}{
		{"prefixed", prefixed, map[int][]string{1: {"gstin"}, 3: {"", "42"}}},
		{"cdata mid-sheet", cdata, map[int][]string{1: {"gstin"}, 2: {"7"}, 3: {"a<b"}, 4: {"", "9"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := openBytes(t, "b.xlsx", makeXLSX(t, tt.xml), Options{})
			defer f.Close()
			if got := readAll(t, f, "Data"); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("rows = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestBreakAndOffsets: breaking out of the loop stops the reading; offsets grow to the size.
func TestBreakAndOffsets(t *testing.T) {
	f := openBytes(t, "a.csv", []byte("a\n1\n2\n3\n"), Options{})
	var offs []int64
	for row, err := range f.Rows("") {
		if err != nil {
			t.Fatal(err)
		}
		offs = append(offs, row.Offset)
		if row.Number == 3 {
			break
		}
	}
	if !reflect.DeepEqual(offs, []int64{2, 4, 6}) || f.SheetSize("") != 8 {
		t.Errorf("offsets %v, size %d", offs, f.SheetSize(""))
	}
}

// FuzzCSV: any bytes either read as rows within the limits or fail with an Invalid error.
func FuzzCSV(f *testing.F) {
	f.Add([]byte("a,b\n1,2\n"), false)
	f.Add([]byte("\ufeffa;b\n\"x\"\"y\";2\n"), true)
	f.Add([]byte("a\t\"b\n"), false)
	f.Add([]byte("\xff\xfea\x00"), false)
	f.Add([]byte("n\nZ\xfcrich\n"), true)
	lim := Limits{MaxColumns: 8, MaxCellBytes: 64, MaxRows: 50, MaxRowBytes: 256}
	f.Fuzz(func(t *testing.T, data []byte, lazy bool) {
		checkRows(t, "f.csv", data, Options{Limits: lim, LazyQuotes: lazy})
	})
}

// FuzzXLSX: any sheet XML either reads within the limits or fails with an Invalid error.
func FuzzXLSX(f *testing.F) {
	f.Add(sheetXML(`<row r="1"><c r="A1" t="inlineStr"><is><t>x</t></is></c><c r="B1"><v>1</v></c></row>`))
	f.Add(sheetXML(`<row r="2"><c r="C2" t="s"><v>0</v></c><c><f>A1</f></c></row><row r="3"/>`))
	f.Add(sheetXML(`<row><c t="str"><v>a&amp;b</v></c></row><row r="x">`))
	f.Add(`<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData><x:row><x:c><x:v>1</x:v></x:c></x:row></x:sheetData></x:worksheet>`)
	f.Add(sheetXML(`<row r="1"><c r="A1" t="inlineStr"><is><t><![CDATA[<]]></t></is></c></row>`))
	lim := Limits{MaxColumns: 8, MaxCellBytes: 64, MaxRows: 50, MaxRowBytes: 256, MaxSheetBytes: 1 << 16}
	f.Fuzz(func(t *testing.T, sheet string) {
		data := makeXLSX(t, sheet)
		checkRows(t, "f.xlsx", data, Options{Limits: lim})
	})
}

func checkRows(t *testing.T, name string, data []byte, opt Options) {
	lim := opt.Limits.withDefaults()
	f, err := Open(name, bytes.NewReader(data), int64(len(data)), opt)
	if err != nil {
		if apperr.KindOf(err) != apperr.Invalid {
			t.Fatalf("open: %v (%s)", err, apperr.KindOf(err))
		}
		return
	}
	defer f.Close()
	for _, sh := range f.Sheets() {
		n := 0
		for row, err := range f.Rows(sh) {
			if err != nil {
				if apperr.KindOf(err) != apperr.Invalid || row != nil {
					t.Fatalf("rows: %v (%s)", err, apperr.KindOf(err))
				}
				break
			}
			n++
			if n > lim.MaxRows || len(row.Cells) > lim.MaxColumns || row.Number < 1 {
				t.Fatalf("row %d of %d cells passed the limits", row.Number, len(row.Cells))
			}
			for _, c := range row.Cells {
				if len(c) > lim.MaxCellBytes || !utf8Valid(c) {
					t.Fatalf("cell %q passed the limits", c)
				}
			}
		}
	}
}

func utf8Valid(s string) bool { return strings.ToValidUTF8(s, "\uFFFD") == s }

// TestFormulaWithoutValueForms: however a program writes a formula it did not calculate (no
// <v>, an empty <v></v>, <v/>, a shared formula), the cell is flagged, never read as an empty
// cell (which a payroll would take as 0); a formula with a saved value reads as that value.
func TestFormulaWithoutValueForms(t *testing.T) {
	tests := []struct {
		name, cell string
		formula    bool
		want       string
	}{
		{"no value", `<c r="B1"><f>A1*2</f></c>`, true, ""},
		{"empty value", `<c r="B1"><f>A1*2</f><v></v></c>`, true, ""},
		{"empty string value", `<c r="B1" t="str"><f>A1*2</f><v></v></c>`, true, ""},
		{"self-closed value", `<c r="B1"><f>A1*2</f><v/></c>`, true, ""},
		{"shared formula", `<c r="B1"><f t="shared" si="0"/></c>`, true, ""},
		{"saved value", `<c r="B1"><f>A1*2</f><v>24</v></c>`, false, "24"},
		{"plain empty", `<c r="B1"><v></v></c>`, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := makeXLSX(t, sheetXML(`<row r="1"><c r="A1"><v>12</v></c>`+tt.cell+`</row>`))
			f := openBytes(t, "f.xlsx", data, Options{KeepFormulas: true})
			n := 0
			for row, err := range f.Rows(f.Sheets()[0]) {
				if err != nil {
					t.Fatal(err)
				}
				n++
				got := ""
				if len(row.Cells) > 1 {
					got = row.Cells[1]
				}
				if row.Formula(1) != tt.formula || got != tt.want {
					t.Errorf("B1 = %q, formula %v; want %q, formula %v", got, row.Formula(1), tt.want, tt.formula)
				}
			}
			if n != 1 {
				t.Errorf("%d rows, want 1", n)
			}
		})
	}
}

// Without KeepFormulas the reader refuses a formula whose value was never saved, naming the cell:
// a register or a column of GSTINs would otherwise read it as empty or 0.
func TestFormulaWithoutValueRefused(t *testing.T) {
	data := makeXLSX(t, sheetXML(`<row r="1"><c r="A1"><v>12</v></c></row><row r="4"><c r="A4"><v>1</v></c><c r="C4"><f>A1*2</f></c></row>`))
	f := openBytes(t, "f.xlsx", data, Options{})
	var err error
	for _, e := range f.Rows(f.Sheets()[0]) {
		if e != nil {
			err = e
		}
	}
	if err == nil || !strings.Contains(err.Error(), "row 4, column C") || !strings.Contains(err.Error(), "never saved") {
		t.Errorf("err = %v", err)
	}
	data = makeXLSX(t, sheetXML(`<row r="1"><c r="A1"><v>12</v></c><c r="B1"><f>A1*2</f><v>24</v></c></row>`))
	f = openBytes(t, "f.xlsx", data, Options{})
	for row, e := range f.Rows(f.Sheets()[0]) {
		if e != nil || row.Cells[1] != "24" {
			t.Errorf("a saved value: %v %v", row, e)
		}
	}
}

// The sheets a person sees are read, the one the workbook opens on first: a hidden first sheet
// (an old copy, a lookup table) is never read in place of the visible one.
func TestHiddenSheetsAreNotRead(t *testing.T) {
	x := excelize.NewFile()
	x.SetCellValue("Sheet1", "A1", "old copy")
	x.NewSheet("Lookup")
	x.SetCellValue("Lookup", "A1", "codes")
	idx, _ := x.NewSheet("Staff")
	x.SetCellValue("Staff", "A1", "employee")
	x.SetActiveSheet(idx)
	if err := x.SetSheetVisible("Sheet1", false); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	x.WriteTo(&buf)
	f := openBytes(t, "h.xlsx", buf.Bytes(), Options{})
	if got := strings.Join(f.Sheets(), ","); got != "Staff,Lookup" {
		t.Errorf("Sheets() = %q, want Staff (active) then Lookup", got)
	}
	if got := strings.Join(f.Hidden(), ","); got != "Sheet1" {
		t.Errorf("Hidden() = %q", got)
	}
	x2 := excelize.NewFile()
	only, _ := x2.NewSheet("Only")
	x2.SetActiveSheet(only)
	if err := x2.SetSheetVisible("Sheet1", false); err != nil {
		t.Fatal(err)
	}
	buf.Reset()
	x2.WriteTo(&buf)
	f = openBytes(t, "h2.xlsx", buf.Bytes(), Options{})
	if got := strings.Join(f.Sheets(), ","); got != "Only" {
		t.Errorf("Sheets() = %q", got)
	}
}

// A file of another kind taken as CSV (by its name or by the caller) is refused once, here, for
// every reader: a PDF was read as a register of one column of noise.
func TestOtherKindsAsCSVRefused(t *testing.T) {
	for name, data := range map[string]string{"scan.pdf": "%PDF-1.7\n...", "reg.csv": "%PDF-1.4 x", "old.csv": "\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "book.csv": "PK\x03\x04rest"} {
		_, err := Open(name, strings.NewReader(data), int64(len(data)), Options{Format: CSV})
		if err == nil || !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), "not a CSV or XLSX sheet") {
			t.Errorf("%s: %v", name, err)
		}
	}
}
