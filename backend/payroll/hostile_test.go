package payroll

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"gstdesk/backend/export"
	"gstdesk/backend/money"
	"gstdesk/backend/tds"
	"gstdesk/backend/workbook"
)

// allKeys is a header naming every column of the template, in its order.
func allKeys() []string {
	var ks []string
	for _, t := range Targets() {
		ks = append(ks, t.Key)
	}
	return ks
}

// shortRowCSV is a 50-column payroll whose second employee's line stops after 5 cells.
func shortRowCSV() string {
	keys := allKeys()
	full := make([]string, len(keys))
	for i, k := range keys {
		full[i] = map[string]string{ColName: "Asha", ColCode: "E1", ColPAN: "ABCPR1234K", tds.KeyPANStatus: "PANISVALID", tds.KeyEmployeeCategory: "general", KeySalary: "2400000", ColRegime: "new"}[k]
		if full[i] == "" {
			full[i] = "0"
		}
	}
	return strings.Join(keys, ",") + "\n" + strings.Join(full, ",") + "\n" + strings.Join(full[:5], ",") + "\n"
}

// rewriteXLSX rewrites one part of an XLSX.
func rewriteXLSX(t *testing.T, data []byte, part string, edit func(string) string) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(rc)
		rc.Close()
		if f.Name == part {
			b = []byte(edit(string(b)))
		}
		w, _ := zw.Create(f.Name)
		w.Write(b)
	}
	zw.Close()
	return out.Bytes()
}

// formulaXLSX is a payroll whose second salary is a formula saved as <f>..</f><v></v>, the way
// programs that do not calculate write it.
func formulaXLSX(t *testing.T) []byte {
	f := excelize.NewFile()
	f.SetSheetRow("Sheet1", "A1", &[]any{"Name", "Basic salary 17(1)", "80D"})
	f.SetSheetRow("Sheet1", "A2", &[]any{"Asha", 1285000, 25000})
	f.SetSheetRow("Sheet1", "A3", &[]any{"Ravi", nil, 0})
	f.SetCellFormula("Sheet1", "B3", "B2*2")
	var b bytes.Buffer
	f.WriteTo(&b)
	return rewriteXLSX(t, b.Bytes(), "xl/worksheets/sheet1.xml", func(s string) string {
		return strings.Replace(s, "<f>B2*2</f></c>", "<f>B2*2</f><v></v></c>", 1)
	})
}

// TestReadNoSilentZero: each hostile payroll of issue 13 item 9 is a problem naming the file, row
// and column, and no employee is computed from a value it did not have.
func TestReadNoSilentZero(t *testing.T) {
	latin1JSON := []byte(`[{"name":"tds_on_salary","@entity":"workbook","sheets":[{"name":"salary_details_list","@entity":"list","items":[["pan_status","PANISVALID"],["salary_as_per_provisions_contained_in_section_17_1",2400000]]}]},` +
		"{\"name\":\"tds_on_salary\xe9\",\"@entity\":\"workbook\",\"sheets\":[{\"name\":\"salary_details_list\",\"@entity\":\"list\",\"items\":[[\"pan_status\",\"PANISVALID\"],[\"salary_as_per_provisions_contained_in_section_17_1\",2400000]]}]}]")
	tests := []struct {
		name     string
		file     string
		data     []byte
		header   bool // a problem of the header row: nothing is computed
		good     int  // employees computed
		want     string
		row      int
		column   string
		noColumn bool
	}{
		{"short row", "short.csv", []byte(shortRowCSV()), false, 1, "the row ends after 5 cells where the header has 51", 3, "F", false},
		{"two columns for one item", "two.csv", []byte("Employee,Salary,Gross salary\nAsha,0,\"24,00,000\"\n"), true, 0, "both read as salary_as_per_provisions_contained_in_section_17_1", 1, "C", false},
		{"missing salary column", "nosalary.csv", []byte("Employee,Basic pay,80C\nAsha,2400000,150000\n"), true, 0, "which is required", 1, "", true},
		{"blank salary", "blank.csv", []byte("Employee,Salary,80C\nAsha,,150000\nRavi,900000,0\n"), false, 1, "the salary is required", 2, "B", false},
		{"comma not quoted", "shift.csv", []byte("Name,Salary,80C\nRao, Asha,1285000,150000\n"), false, 0, "a value beyond the header's last column", 2, "D", false},
		{"formula with an empty value", "formula.xlsx", formulaXLSX(t), false, 1, "formula with no value saved", 3, "B", false},
		{"json not utf-8", "w.json", latin1JSON, false, 1, "not UTF-8", 2, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			im := readBytes(t, tt.file, tt.data, Options{})
			if len(im.Employees) != tt.good || (im.HeaderProblems > 0) != tt.header || im.ProblemCount == 0 {
				t.Fatalf("employees %d (want %d), header problems %d, problems %+v", len(im.Employees), tt.good, im.HeaderProblems, im.Problems)
			}
			p := im.Problems[0]
			if p.File != tt.file || p.Row != tt.row || p.Column != tt.column || !strings.Contains(p.Message, tt.want) {
				t.Errorf("problem %+v, want %s row %d column %q with %q", p, tt.file, tt.row, tt.column, tt.want)
			}
			if !tt.noColumn && !strings.Contains(p.String(), ", column "+tt.column) {
				t.Errorf("String() = %q does not name column %s", p.String(), tt.column)
			}
			for _, e := range im.Employees {
				if e.Input.Amount(tds.Salary17_1) == 0 {
					t.Errorf("employee at row %d computed on a salary of 0", e.Row)
				}
			}
		})
	}
}

// TestReadNotUTF8XLSX: an XLSX whose shared strings hold bytes that are not UTF-8 is refused
// naming the file; one whose text holds U+FFFD (lost in an earlier conversion) is read with a
// warning naming the row and column.
func TestReadNotUTF8XLSX(t *testing.T) {
	f := excelize.NewFile()
	f.SetSheetRow("Sheet1", "A1", &[]any{"Name", "Basic salary 17(1)"})
	f.SetSheetRow("Sheet1", "A2", &[]any{"Jos\uFFFD", 1285000})
	var b bytes.Buffer
	f.WriteTo(&b)
	im := readBytes(t, "fffd.xlsx", b.Bytes(), Options{})
	if len(im.Employees) != 1 || !strings.Contains(strings.Join(im.Warnings, "\n"), "row 2, column A (Name): \"Jos\uFFFD\" holds") {
		t.Errorf("employees %d, warnings %q", len(im.Employees), im.Warnings)
	}
	raw := rewriteXLSX(t, b.Bytes(), "xl/sharedStrings.xml", func(s string) string { return strings.Replace(s, "Jos\uFFFD", "Jos\xe9", 1) })
	_, err := Read(context.Background(), "latin1.xlsx", bytes.NewReader(raw), int64(len(raw)), Options{})
	if err == nil || !strings.Contains(err.Error(), "latin1.xlsx") || !strings.Contains(err.Error(), "not valid UTF-8") {
		t.Errorf("err = %v, want the file refused as not UTF-8", err)
	}
}

// idsCSV has two identifier columns and three columns gstdesk does not read.
const idsCSV = "employee_id,employee_code,Name,Department,Cost centre,Location,Salary,80C\n" +
	"E1,C1,Asha,Finance,CC10,Pune,1285000,150000\n" +
	"E2,C2,Ravi,Sales,CC20,Mumbai,2400000,0\n"

// TestCarriedColumns: issue 13 item 10. The identifier keeps the file's header, a second
// identifier column is kept too, and the file's other columns come out of every output.
func TestCarriedColumns(t *testing.T) {
	ctx := context.Background()
	im := readBytes(t, "ids.csv", []byte(idsCSV), Options{})
	if len(im.Employees) != 2 || im.ProblemCount != 0 {
		t.Fatalf("employees %d, problems %+v", len(im.Employees), im.Problems)
	}
	want := []string{"employee_id", "employee_code", "Name", "Department", "Cost centre", "Location"}
	wantRow := []string{"E1", "C1", "Asha", "Finance", "CC10", "Pune"}
	var got []string
	for _, c := range im.Layout {
		got = append(got, c.Header)
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("layout %v, want %v", got, want)
	}
	res, err := Compute(ctx, im.Employees, tds.FY(2025), nil)
	if err != nil {
		t.Fatal(err)
	}
	check := func(what string, head, row []string) {
		t.Helper()
		if len(head) < len(want) || strings.Join(head[:len(want)], "|") != strings.Join(want, "|") {
			t.Errorf("%s header %v, want it to start %v", what, head[:min(len(head), len(want))], want)
		}
		if len(row) < len(wantRow) || strings.Join(row[:len(wantRow)], "|") != strings.Join(wantRow, "|") {
			t.Errorf("%s first row %v, want it to start %v", what, row[:min(len(row), len(wantRow))], wantRow)
		}
	}
	var c bytes.Buffer
	if err := WriteFullCSV(&c, im.Employees, res); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(c.String(), "\ufeff"))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	check("csv", recs[0], recs[1])

	var x bytes.Buffer
	if err := export.Write(&x, export.XLSX, FullTable(im.Employees, res)); err != nil {
		t.Fatal(err)
	}
	xf, err := excelize.OpenReader(&x)
	if err != nil {
		t.Fatal(err)
	}
	rows, _ := xf.GetRows(xf.GetSheetList()[0])
	check("xlsx", rows[0], rows[1])

	wb := im.Employees[0].Response(res[0])
	sh, ok := wb.Sheet(CarriedSheet)
	if !ok {
		t.Fatalf("response has no %s sheet", CarriedSheet)
	}
	var jh, jr []string
	for _, it := range sh.Items {
		jh, jr = append(jh, it.Key), append(jr, it.Value.(string))
	}
	check("json", jh, jr)
	if _, ok := wb.Sheet(workbook.NewRegimeSheet); !ok {
		t.Error("response lost its new regime sheet")
	}

	// Stored as a run: the window's table and its export carry them too.
	db := openDB(t)
	run, err := SaveRun(ctx, db.DB, Run{CreatedAt: testNow, WorkspaceID: "ws", FY: tds.FY(2025), SourceName: im.File, SourceHash: im.Hash, SourceFormat: im.Format, SourceRows: im.Rows}, im.Employees, res, nil)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Rows(ctx, db.DB, run.ID, Query{Filter: "Ravi"})
	if err != nil {
		t.Fatal(err)
	}
	var ph []string
	for _, c := range p.Columns {
		ph = append(ph, c.Header)
	}
	if strings.Join(ph, "|") != strings.Join(want, "|") || len(p.Rows) != 1 || strings.Join(p.Rows[0].Carried, "|") != "E2|C2|Ravi|Sales|CC20|Mumbai" {
		t.Errorf("page columns %v, rows %+v", ph, p.Rows)
	}
	all, cols, err := AllRows(ctx, db.DB, run.ID, Query{})
	if err != nil {
		t.Fatal(err)
	}
	st := SummaryTable(cols, all)
	var sh2 []string
	for _, c := range st.Columns {
		sh2 = append(sh2, c.Title)
	}
	var sr []string
	for _, v := range st.Rows[0] {
		if s, ok := v.(string); ok {
			sr = append(sr, s)
		}
	}
	check("run export", sh2, sr)
	emps, _, err := Employees(ctx, db.DB, run.ID)
	if err != nil || len(emps) != 2 || strings.Join(emps[1].Carried(), "|") != "E2|C2|Ravi|Sales|CC20|Mumbai" || emps[1].Input != im.Employees[1].Input {
		t.Errorf("employees read back: %v, %+v", err, emps)
	}
}

// TestCarriedRoundTrip: a results file imported again reads the same inputs and carries the same
// columns, and its result columns are not carried a second time.
func TestCarriedRoundTrip(t *testing.T) {
	ctx := context.Background()
	im := readBytes(t, "ids.csv", []byte(idsCSV), Options{})
	res, _ := Compute(ctx, im.Employees, tds.FY(2025), nil)
	var c bytes.Buffer
	WriteFullCSV(&c, im.Employees, res)
	again := readBytes(t, "out.csv", c.Bytes(), Options{})
	if again.ProblemCount != 0 || len(again.Employees) != 2 {
		t.Fatalf("problems %+v", again.Problems)
	}
	if len(again.Layout) != len(im.Layout) {
		t.Errorf("layout %+v, want %+v", again.Layout, im.Layout)
	}
	for i := range im.Employees {
		if again.Employees[i].Input != im.Employees[i].Input || strings.Join(again.Employees[i].Carried(), "|") != strings.Join(im.Employees[i].Carried(), "|") {
			t.Errorf("employee %d differs after the round trip", i)
		}
	}
	if got := again.Employees[0].Input.Amount(tds.Salary17_1); got != money.FromRupees(1285000) {
		t.Errorf("salary %v", got)
	}
}

// TestTemplateSaysRequired: the template's column list marks the required columns.
func TestTemplateSaysRequired(t *testing.T) {
	var b bytes.Buffer
	if err := Template(&b, false); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&b)
	if err != nil {
		t.Fatal(err)
	}
	rows, _ := f.GetRows("columns")
	found := false
	for _, r := range rows {
		if len(r) > 4 && r[0] == KeySalary {
			found = r[4] == "yes"
		}
		if len(r) > 4 && r[0] == "deductible_amount_us_80_c" && r[4] != "no" {
			t.Errorf("80C marked required: %v", r)
		}
	}
	if !found {
		t.Errorf("the salary column is not marked required in the columns sheet: %v", rows[:3])
	}
	js, _ := json.Marshal(Targets())
	if !strings.Contains(string(js), `"required":true`) {
		t.Error("Targets do not say which is required")
	}
}
