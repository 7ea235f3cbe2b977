package payroll

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"gstdesk/backend/apperr"
	"gstdesk/backend/export"
	"gstdesk/backend/money"
	"gstdesk/backend/sheet"
	"gstdesk/backend/tds"
	"gstdesk/backend/workbook"
)

func readBytes(t *testing.T, name string, data []byte, opt Options) *Import {
	t.Helper()
	im, err := Read(context.Background(), name, bytes.NewReader(data), int64(len(data)), opt)
	if err != nil {
		t.Fatalf("Read(%s): %v", name, err)
	}
	return im
}

func golden(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "workbook", "testdata", name, "input.json"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestReadCSVFriendlyHeaders(t *testing.T) {
	in := "\ufeffEmp Code;Employee Name;PAN;Basic salary 17(1);HRA exemption;80C;80C gross;Professional tax;Category;Remarks\n" +
		"E1;Asha Rao;abcpr1234k;1285000;0;150000;150000;2400;;ok\n" +
		";;;;;;;;;\n" +
		"E2;Ravi;;\"24,00,000.50\";₹3,60,000;1,50,000;180000;2500;senior_citizen;\n"
	im := readBytes(t, "pay.csv", []byte(in), Options{})
	if im.Format != CSV || im.Rows != 2 || len(im.Employees) != 2 || im.ProblemCount != 0 {
		t.Fatalf("format %s, rows %d, employees %d, problems %v", im.Format, im.Rows, len(im.Employees), im.Problems)
	}
	wantKeys := []string{ColCode, ColName, ColPAN, "salary_as_per_provisions_contained_in_section_17_1", "house_rent_allowance_us_10_13_a", "deductible_amount_us_80_c", "gross_amount_us_80_c", "tax_on_employment_us_16_iii", tds.KeyEmployeeCategory, ""}
	for i, m := range im.Columns {
		if m.Key != wantKeys[i] {
			t.Errorf("column %s (%s) = %q, want %q", m.Column, m.Header, m.Key, wantKeys[i])
		}
	}
	e := im.Employees[1]
	if got, want := e.Row, 4; got != want {
		t.Errorf("row = %d, want %d (the blank line counts)", got, want)
	}
	if got, want := e.Input.Amount(tds.Salary17_1), money.Paise(240000050); got != want {
		t.Errorf("salary = %d, want %d", got, want)
	}
	if got, want := e.Input.Amount(tds.HRA10_13A), money.FromRupees(360000); got != want {
		t.Errorf("hra = %d, want %d", got, want)
	}
	if e.Input.Category != tds.SeniorCitizen || e.Input.PANStatus != tds.PANValid {
		t.Errorf("category %v, pan status %q", e.Input.Category, e.Input.PANStatus)
	}
	if got := im.Employees[0].ID; got != (Identity{Name: "Asha Rao", Code: "E1", PAN: "ABCPR1234K"}) {
		t.Errorf("identity = %+v", got)
	}
	if len(im.Missing) != 46-6 {
		t.Errorf("%d missing items, want 40", len(im.Missing))
	}
}

func TestReadBadCells(t *testing.T) {
	head := "name,salary_as_per_provisions_contained_in_section_17_1,income_from_house_property_reported_by_employee_offered_for_tds,deductible_amount_us_80_c,pan_status,employee_category,tds_deducted_so_far\n"
	tests := []struct {
		name, row, column, value, want string
	}{
		{"text for amount", "A,abc,0,0,,,", "B", "abc", "expected an amount in rupees"},
		{"negative amount", "A,-5,0,0,,,", "B", "-5", "only the house property item may be negative"},
		{"bad grouping", "A,\"1,5,0\",0,0,,,", "B", "1,5,0", "expected an amount"},
		{"too big", "A,1e15,0,0,,,", "B", "1e15", "expected at most"},
		{"pan status", "A,1,0,0,VALID,,", "E", "VALID", "PANISVALID, PANNOTAVBL"},
		{"category", "A,1,0,0,,child,", "F", "child", "general, senior_citizen"},
		{"deducted negative", "A,1,0,0,,,-3", "G", "-3", "TDS already deducted"},
		{"two decimals too many", "A,1,0,12.3.4,,,", "D", "12.3.4", "expected an amount"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			im := readBytes(t, "pay.csv", []byte(head+"B,1000,-200000,5,,,\n"+tt.row+"\n"), Options{})
			if len(im.Employees) != 1 || im.BadRows != 1 || im.ProblemCount != 1 {
				t.Fatalf("employees %d, bad rows %d, problems %v", len(im.Employees), im.BadRows, im.Problems)
			}
			p := im.Problems[0]
			if p.File != "pay.csv" || p.Row != 3 || p.Column != tt.column || p.Value != tt.value || !strings.Contains(p.Message, tt.want) {
				t.Errorf("problem = %+v, want row 3, column %s, value %q, message with %q", p, tt.column, tt.value, tt.want)
			}
			if s := p.String(); !strings.HasPrefix(s, "pay.csv, row 3, column "+tt.column+" (") {
				t.Errorf("String() = %q", s)
			}
		})
	}
}

func TestReadFileErrors(t *testing.T) {
	tests := []struct {
		name, file string
		data       string
		opt        Options
		want       string
	}{
		{"no known column", "a.csv", "foo,bar\n1,2\n", Options{}, "no column gstdesk recognises"},
		{"only header", "a.csv", "salary_as_per_provisions_contained_in_section_17_1\n", Options{}, "has no employees"},
		{"empty", "a.csv", "", Options{}, "is empty"},
		{"bad quoting", "a.csv", "name,salary_as_per_provisions_contained_in_section_17_1\n\"A,1\n", Options{}, "quoting"},
		{"too big", "a.csv", "name\n", Options{Limits: Limits{MaxBytes: 3, MaxXLSXBytes: 3, MaxRows: 10}}, "at most 0 MB"},
		{"too many rows", "a.csv", "salary_as_per_provisions_contained_in_section_17_1\n1\n2\n3\n", Options{Limits: Limits{MaxBytes: 1 << 20, MaxRows: 2}}, "more than 2 employees"},
		{"too many workbooks", "a.json", "{}\n{}\n{}\n", Options{Limits: Limits{MaxBytes: 1 << 20, MaxRows: 2}}, "more than 2 employees"},
		{"xls", "a.xls", "x", Options{}, "save it as .xlsx"},
		{"not xlsx", "a.xlsx", "PK\x03\x04nonsense", Options{}, "not an Excel workbook"},
		{"json syntax", "a.json", "[{\"sheets\":", Options{}, "not valid JSON"},
		{"mapped twice", "a.csv", "A,B\n1,2\n", Options{Mapping: Mapping{"A": "deductible_amount_us_80_c", "B": "deductible_amount_us_80_c"}}, "both mapped"},
		{"unknown target", "a.csv", "A,B\n1,2\n", Options{Mapping: Mapping{"A": "bonus"}}, "does not know"},
		{"binary csv", "a.csv", "a\x00b\n", Options{}, "not a CSV text file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Read(context.Background(), tt.file, strings.NewReader(tt.data), int64(len(tt.data)), tt.opt)
			if err == nil {
				t.Fatal("no error")
			}
			if got := apperr.Command.Public(err); got.Kind != apperr.Invalid || !strings.Contains(got.Message, tt.want) {
				t.Errorf("error %s %q, want Invalid with %q", got.Kind, got.Message, tt.want)
			}
		})
	}
}

func TestReadJSONForms(t *testing.T) {
	a, b := bytes.TrimSpace(golden(t, "cbdt-12-10-lakh")), bytes.TrimSpace(golden(t, "blocks-strings-paise"))
	compact := func(x []byte) []byte { var buf bytes.Buffer; json.Compact(&buf, x); return buf.Bytes() }
	bad := []byte(`{"sheets":[{"name":"salary_details_list","items":[["employee_category","child"]]}]}`)
	tests := []struct {
		name     string
		data     []byte
		form     workbook.Form
		good     int
		problems int
	}{
		{"single", a, workbook.Single, 1, 0},
		{"array", bytes.Join([][]byte{[]byte("["), a, []byte(","), b, []byte("]")}, nil), workbook.Array, 2, 0},
		{"lines", bytes.Join([][]byte{compact(a), compact(b)}, []byte("\n")), workbook.Lines, 2, 0},
		{"array with a bad one", bytes.Join([][]byte{[]byte("["), a, []byte(","), bad, []byte(","), b, []byte("]")}, nil), workbook.Array, 2, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			im := readBytes(t, "w.json", tt.data, Options{})
			if im.Form != tt.form || len(im.Employees) != tt.good || im.ProblemCount != tt.problems {
				t.Fatalf("form %v, employees %d, problems %v", im.Form, len(im.Employees), im.Problems)
			}
			if tt.problems > 0 && (im.Problems[0].Row != 2 || !strings.Contains(im.Problems[0].String(), "w.json, workbook 2: ")) {
				t.Errorf("problem %q, want workbook 2", im.Problems[0].String())
			}
			// Items are kept as given, so the response echoes the input exactly.
			w, _ := workbook.Parse(a)
			items, _ := w.Items()
			if got := im.Employees[0].WorkbookItems(); len(got) != len(items) {
				t.Errorf("%d items kept, want %d", len(got), len(items))
			}
		})
	}
}

// TestRoundTrip: results exported as CSV and XLSX import again to the same inputs and results.
func TestRoundTrip(t *testing.T) {
	data := payrollCSV(300)
	im := readBytes(t, "p.csv", data, Options{})
	ctx := context.Background()
	fy := tds.FY(2025)
	res, err := Compute(ctx, im.Employees, fy, nil)
	if err != nil {
		t.Fatal(err)
	}
	var fast, slow bytes.Buffer
	if err := WriteFullCSV(&fast, im.Employees, res); err != nil {
		t.Fatal(err)
	}
	if err := export.Write(&slow, export.CSV, FullTable(im.Employees, res)); err != nil {
		t.Fatal(err)
	}
	if fast.String() != slow.String() {
		t.Fatal("WriteFullCSV differs from export.Write(FullTable)")
	}
	var x bytes.Buffer
	if err := export.Write(&x, export.XLSX, FullTable(im.Employees, res)); err != nil {
		t.Fatal(err)
	}
	var js bytes.Buffer
	js.WriteString("[")
	for i := range im.Employees {
		if i > 0 {
			js.WriteString(",")
		}
		b, _ := json.Marshal(im.Employees[i].RequestWorkbook())
		js.Write(b)
	}
	js.WriteString("]")
	for _, c := range []struct {
		name string
		data []byte
	}{{"out.csv", fast.Bytes()}, {"out.xlsx", x.Bytes()}, {"out.json", js.Bytes()}} {
		t.Run(c.name, func(t *testing.T) {
			again := readBytes(t, c.name, c.data, Options{})
			if len(again.Employees) != len(im.Employees) || again.ProblemCount != 0 {
				t.Fatalf("%d employees, %v", len(again.Employees), again.Problems)
			}
			res2, err := Compute(ctx, again.Employees, fy, nil)
			if err != nil {
				t.Fatal(err)
			}
			for i := range res {
				if again.Employees[i].Input != im.Employees[i].Input {
					t.Fatalf("employee %d input differs", i)
				}
				if c.name != "out.json" && again.Employees[i].ID != im.Employees[i].ID {
					t.Fatalf("employee %d identity %+v, want %+v", i, again.Employees[i].ID, im.Employees[i].ID)
				}
				if res2[i] != res[i] {
					t.Fatalf("employee %d results differ", i)
				}
			}
		})
	}
}

func TestTemplate(t *testing.T) {
	for _, filled := range []bool{false, true} {
		var b bytes.Buffer
		if err := Template(&b, filled); err != nil {
			t.Fatal(err)
		}
		im := readBytes(t, "template.xlsx", b.Bytes(), Options{})
		want := 1
		if filled {
			want = len(exampleRows)
		}
		if im.Sheet != TemplateSheet || len(im.Employees) != want || im.ProblemCount != 0 || len(im.Missing) != 0 {
			t.Fatalf("sheet %q, employees %d (want %d), problems %v, missing %v", im.Sheet, len(im.Employees), want, im.Problems, im.Missing)
		}
		// The header row is in words, each read back as its column (no raw keys on screen).
		targets := Targets()
		for i, m := range im.Columns {
			if i >= len(targets) || m.Key != targets[i].Key || m.Header != targets[i].Title || strings.Contains(m.Header, "_") {
				t.Errorf("template column %s = %+v, want the title of %s", m.Column, m, targets[i].Key)
			}
		}
		f, err := excelize.OpenReader(bytes.NewReader(b.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		rows, _ := f.GetRows("columns")
		if len(rows) != len(targets)+1 || rows[5][2] == "" {
			t.Errorf("columns sheet has %d rows, want %d with descriptions", len(rows), len(targets)+1)
		}
		comments, _ := f.GetComments(TemplateSheet)
		if len(comments) != len(targets) {
			t.Errorf("%d header notes, want %d", len(comments), len(targets))
		}
		f.Close()
	}
}

// TestXLSXBadCellAndSheet: problems in an XLSX name the sheet, row and column; a leading sheet
// without a header is passed over.
func TestXLSXBadCellAndSheet(t *testing.T) {
	f := excelize.NewFile()
	f.SetCellStr("Sheet1", "A1", "notes only")
	f.NewSheet("Staff")
	f.SetSheetRow("Staff", "A1", &[]any{"Name", "Basic salary 17(1)", "80D"})
	f.SetSheetRow("Staff", "A2", &[]any{"Asha", 1285000, 25000})
	f.SetSheetRow("Staff", "A4", &[]any{"Ravi", "twelve lakh", 0})
	var b bytes.Buffer
	f.WriteTo(&b)
	im := readBytes(t, "staff.xlsx", b.Bytes(), Options{})
	if im.Sheet != "Staff" || len(im.Employees) != 1 || im.ProblemCount != 1 {
		t.Fatalf("sheet %q, employees %d, problems %v", im.Sheet, len(im.Employees), im.Problems)
	}
	if got, want := im.Problems[0].String(), `staff.xlsx, sheet Staff, row 4, column B (Basic salary 17(1)): "twelve lakh": expected an amount in rupees, like 150000 or 1234.50`; got != want {
		t.Errorf("problem:\n%s\nwant:\n%s", got, want)
	}
}

func TestSuggestAndMapping(t *testing.T) {
	headers := []string{"Employee", "SALARY_AS_PER_PROVISIONS_CONTAINED_IN_SECTION_17_1", "Basic salary 17(1)", "80 C", "Bonus", "80D gross"}
	got := Suggest(headers, nil)
	want := []struct{ key, how string }{{ColName, "alias"}, {"salary_as_per_provisions_contained_in_section_17_1", "key"}, {"", ""}, {"deductible_amount_us_80_c", "alias"}, {"", ""}, {"gross_amount_us_80_d", "alias"}}
	for i, w := range want {
		if got[i].Key != w.key || got[i].How != w.how {
			t.Errorf("%q -> %q (%s), want %q (%s)", headers[i], got[i].Key, got[i].How, w.key, w.how)
		}
	}
	saved := Mapping{"Bonus": "profits_in_lieu_of_salary_us_17_3", "80 C": ""}
	got = Suggest(headers, saved)
	if got[4].Key != "profits_in_lieu_of_salary_us_17_3" || got[4].How != "saved" || got[3].Key != "" || got[3].How != "saved" {
		t.Errorf("saved mapping not used: %+v %+v", got[3], got[4])
	}
	if m := MappingOf(got); m["Bonus"] != "profits_in_lieu_of_salary_us_17_3" || m["Employee"] != ColName {
		t.Errorf("MappingOf = %v", m)
	}
	for i, want := range map[int]string{0: "A", 25: "Z", 26: "AA", 51: "AZ", 52: "BA", 701: "ZZ", 702: "AAA"} {
		if got := ColumnName(i); got != want {
			t.Errorf("ColumnName(%d) = %q, want %q", i, got, want)
		}
	}
}

func TestParseMoney(t *testing.T) {
	tests := []struct {
		in   string
		want money.Paise
		ok   bool
	}{
		{"", 0, true}, {"150000", 15000000, true}, {"-2000.5", -200050, true}, {"12.34", 1234, true},
		{"1.5e5", 15000000, true}, {"12.345", 1235, true}, {"1,50,000", 15000000, true}, {"₹ 12,34,567.25", 123456725, true},
		{"150,000", 15000000, true}, {"1,234,567", 123456700, true}, {"1,5", 0, false}, {"12,34", 0, false},
		{"abc", 0, false}, {"1.", 100, true}, {".5", 50, true}, {"Rs. 500", 50000, true},
	}
	for _, tt := range tests {
		got, err := parseMoney(tt.in)
		if (err == nil) != tt.ok || (tt.ok && got != tt.want) {
			t.Errorf("parseMoney(%q) = %d, %v; want %d, ok %v", tt.in, got, err, tt.want, tt.ok)
		}
	}
}

func FuzzReadCSV(f *testing.F) {
	f.Add([]byte("name,salary_as_per_provisions_contained_in_section_17_1\nA,1285000\n"))
	f.Add([]byte("Basic salary 17(1);80C\n1,50,000;abc\n"))
	f.Add([]byte("pan_status,employee_category\nPANNOTAVBL,senior_citizen\n\"x\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		im, err := Read(context.Background(), "f.csv", bytes.NewReader(data), int64(len(data)), Options{})
		if err != nil {
			if apperr.KindOf(err) != apperr.Invalid {
				t.Fatalf("error of kind %s: %v", apperr.KindOf(err), err)
			}
			return
		}
		if len(im.Employees)+im.BadRows != im.Rows {
			t.Fatalf("employees %d + bad %d != rows %d", len(im.Employees), im.BadRows, im.Rows)
		}
		for i := range im.Employees {
			if err := im.Employees[i].Input.Validate(); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// TestReadSheetRefusals: an amount that is a formula with no saved value is a problem of its cell
// (its amount is not known); a CSV in another encoding is refused naming the row and column.
func TestReadSheetRefusals(t *testing.T) {
	f := excelize.NewFile()
	f.SetSheetRow("Sheet1", "A1", &[]any{"Name", "Basic salary 17(1)", "80D"})
	f.SetSheetRow("Sheet1", "A2", &[]any{"Asha", 1285000, 25000})
	f.SetSheetRow("Sheet1", "A3", &[]any{"Ravi", nil, 0})
	f.SetCellFormula("Sheet1", "B3", "B2*2")
	var b bytes.Buffer
	f.WriteTo(&b)
	im := readBytes(t, "staff.xlsx", b.Bytes(), Options{})
	if len(im.Employees) != 1 || im.ProblemCount != 1 || im.Problems[0].Row != 3 || im.Problems[0].Column != "B" || !strings.Contains(im.Problems[0].Message, "formula with no value") {
		t.Errorf("employees %d, problems %+v", len(im.Employees), im.Problems)
	}
	data := "name,salary_as_per_provisions_contained_in_section_17_1\nJos\xe9,100\n"
	_, err := Read(context.Background(), "latin1.csv", strings.NewReader(data), int64(len(data)), Options{})
	if apperr.KindOf(err) != apperr.Invalid || !strings.Contains(err.Error(), "latin1.csv, row 2, column A: the text is not UTF-8") {
		t.Errorf("err = %v", err)
	}
}

// TestDetectFormatIsSheetsForSpreadsheets checks that payroll tells JSON workbooks itself and
// leaves spreadsheets, and the refusal of an old .xls, to sheet.Detect.
func TestDetectFormatIsSheetsForSpreadsheets(t *testing.T) {
	tests := []struct {
		name, head string
		want       Format
	}{
		{"a.json", "name,pan", JSON},
		{"a.NDJSON", "", JSON},
		{"a.jsonl", "{}", JSON},
		{"a.csv", "{\"sheets\":[]}", CSV},
		{"a.txt", "[", CSV},
		{"a.tsv", "a\tb", CSV},
		{"a.xlsx", "", XLSX},
		{"a.XLSM", "", XLSX},
		{"-", "PK\x03\x04", XLSX},
		{"payroll", "\ufeff  \n[{}]", JSON},
		{"payroll.dat", "{", JSON},
		{"-", "name,pan\n", CSV},
		{"", "", CSV},
	}
	for _, tt := range tests {
		t.Run(tt.name+" "+tt.head, func(t *testing.T) {
			got, err := DetectFormat(tt.name, []byte(tt.head))
			if err != nil || got != tt.want {
				t.Fatalf("DetectFormat = %q, %v; want %q", got, err, tt.want)
			}
			if got == JSON {
				return
			}
			if sf, err := sheet.Detect(tt.name, []byte(tt.head)); err != nil || Format(sf) != got {
				t.Errorf("sheet.Detect = %q, %v; payroll says %q", sf, err, got)
			}
		})
	}
	_, err := DetectFormat("Old.XLS", []byte("x"))
	if _, serr := sheet.Detect("Old.XLS", []byte("x")); !errors.Is(err, sheet.ErrFormat) || apperr.Window.Public(err).Message != apperr.Window.Public(serr).Message {
		t.Errorf(".xls: %v, want sheet's refusal %v", err, serr)
	}
}

// TestTooBigSaysTheSizeAsSheetDoes checks that a file over the limit is described with
// sheet.SizeText, the one way gstdesk writes a size.
func TestTooBigSaysTheSizeAsSheetDoes(t *testing.T) {
	for _, data := range []string{"name\n", strings.Repeat("x", 1536)} {
		_, err := Read(context.Background(), "a.csv", strings.NewReader(data), int64(len(data)), Options{Limits: Limits{MaxBytes: 3, MaxXLSXBytes: 3, MaxRows: 10}})
		if want := "a.csv is " + sheet.SizeText(int64(len(data))) + ";"; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%d bytes: err = %v, want it to say %q", len(data), err, want)
		}
	}
}

// TestAmountBeyondTheLimitSaysSo checks that an amount beyond tds.MaxAmount, or beyond what money
// reads at all, is a problem asking for rupees, not one saying it is not an amount.
func TestAmountBeyondTheLimitSaysSo(t *testing.T) {
	for _, v := range []string{"100000000001", "1e40", "-100000000001"} {
		im := readBytes(t, "pay.csv", []byte("Employee,salary_as_per_provisions_contained_in_section_17_1\nAsha,"+v+"\n"), Options{})
		if len(im.Problems) != 1 || !strings.Contains(im.Problems[0].Message, "expected at most ₹10,000 crore") || len(im.Employees) != 0 {
			t.Errorf("salary %s: employees %d, problems %v; want the row refused as beyond ₹10,000 crore", v, len(im.Employees), im.Problems)
		}
	}
}

// TestOnePersonEach: one PAN is one person and one code is one employee in a payroll (codes read
// by EmployeeCode, without regard to case): the later row is a problem naming both rows and is
// not computed, so one income is never taxed as two people's.
func TestOnePersonEach(t *testing.T) {
	const head = "employee_code,name,pan,salary_as_per_provisions_contained_in_section_17_1\n"
	tests := []struct {
		name, rows string
		kept       []string
		problem    string // in the one problem; "" none
	}{
		{"two people", "E1,A,ABCPA1234F,900000\nE2,B,ABCPB1234F,900000\n", []string{"E1", "E2"}, ""},
		{"one PAN, two codes", "E1,A,ABCPA1234F,900000\nE9,A,abcpa1234f,900000\n", []string{"E1"}, "PAN ABCPA1234F is on row 2 (employee E1) and row 3 (employee E9)"},
		{"one code in two cases", "EMP001,A,ABCPA1234F,900000\nemp001,A,,900000\n", []string{"EMP001"}, "employee EMP001 appears twice in the month (rows 2 and 3)"},
		{"no PAN is no identity", "E1,A,,900000\nE2,B,,900000\n", []string{"E1", "E2"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			im := readBytes(t, "pay.csv", []byte(head+tt.rows), Options{})
			var kept []string
			for _, e := range im.Employees {
				kept = append(kept, e.ID.Code)
			}
			if strings.Join(kept, ",") != strings.Join(tt.kept, ",") {
				t.Errorf("computed %v, want %v", kept, tt.kept)
			}
			switch {
			case tt.problem == "" && len(im.Problems) != 0:
				t.Errorf("problems %v, want none", im.Problems)
			case tt.problem != "" && (len(im.Problems) != 1 || !strings.Contains(im.Problems[0].Message, tt.problem) || im.Problems[0].Row != 3 || im.BadRows != 1):
				t.Errorf("problems %+v (bad rows %d), want one on row 3 saying %q", im.Problems, im.BadRows, tt.problem)
			}
		})
	}
}
