package cli

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tdsRun runs gstdesk with stdin as given.
func tdsRun(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Main(context.Background(), Env{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb, Getenv: func(string) string { return "" }}, args)
	return code, out.String(), errb.String()
}

func goldenInput(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "workbook", "testdata", name, "input.json"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func goldenWant(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "workbook", "testdata", name, "want.json"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestTDSCalcSingle(t *testing.T) {
	in := goldenInput(t, "cbdt-12-10-lakh")
	code, out, errs := tdsRun(t, in, "tds", "calc", "--fy", "FY 2025-26")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if want := goldenWant(t, "cbdt-12-10-lakh"); out != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", out, want)
	}
	if errs != "" {
		t.Errorf("stderr = %q, want nothing for a complete workbook", errs)
	}
}

func TestTDSCalcFileInOut(t *testing.T) {
	dir := t.TempDir()
	inPath := filepath.Join(dir, "in.json")
	outPath := filepath.Join(dir, "out.json")
	if err := os.WriteFile(inPath, []byte(goldenInput(t, "pan-not-available-surcharge")), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := tdsRun(t, "", "tds", "calc", "--fy", "2023-24", "--in", inPath, "--out", outPath)
	if code != ExitOK || out != "" {
		t.Fatalf("exit %d, stdout %q, stderr %s", code, out, errs)
	}
	got, _ := os.ReadFile(outPath)
	if want := goldenWant(t, "pan-not-available-surcharge"); string(got) != want {
		t.Errorf("file:\n%s\nwant:\n%s", got, want)
	}
}

func TestTDSCalcBatch(t *testing.T) {
	a, b := strings.TrimSpace(goldenInput(t, "cbdt-12-10-lakh")), strings.TrimSpace(goldenInput(t, "fy2026-27-low-income"))
	oneLine := func(s string) string { return strings.Join(strings.Fields(s), "") }
	want := "[\n" + strings.TrimSpace(goldenWant(t, "cbdt-12-10-lakh")) + ",\n" + strings.TrimSpace(goldenWant(t, "fy2026-27-low-income")) + "\n]\n"
	for name, in := range map[string]string{
		"array":  "[" + a + "," + b + "]",
		"ndjson": oneLine(a) + "\n" + oneLine(b) + "\n",
	} {
		t.Run(name, func(t *testing.T) {
			// Both golden cases give the same figures in FY 2025-26 and FY 2026-27 (same rules).
			code, out, errs := tdsRun(t, in, "tds", "calc", "--fy", "FY 2025-26")
			if code != ExitOK {
				t.Fatalf("exit %d: %s", code, errs)
			}
			if out != want {
				t.Errorf("stdout:\n%s\nwant:\n%s", out, want)
			}
		})
	}
}

func TestTDSCalcWarnings(t *testing.T) {
	in := `{"sheets":[{"name":"salary_details_list","items":[["salary_as_per_provisions_contained_in_section_17_1","1285000"]]}]}`
	code, out, errs := tdsRun(t, in, "tds", "calc", "--fy", "FY 2025-26")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(errs, "the workbook: missing items taken as 0") || !strings.Contains(errs, "pan_status is missing") {
		t.Errorf("stderr = %q", errs)
	}
	if !strings.HasPrefix(out, `{"name":"tds_on_salary","@entity":"workbook","sheets":[`) || !strings.Contains(out, `["tds_on_salary",10400]`) {
		t.Errorf("stdout = %s", out)
	}
}

func TestTDSCalcExplain(t *testing.T) {
	code, out, errs := tdsRun(t, goldenInput(t, "cbdt-12-10-lakh"), "tds", "calc", "--fy", "FY 2025-26", "--explain")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"New regime (s.115BAC(1A))", "Old regime", "marginal relief u/s 87A: 51,500", "s.87A", "s.16(ia)", "TDS on salary for the year", "Recommended: the new regime, saving 1,79,920"} {
		if !strings.Contains(out, want) {
			t.Errorf("explanation does not contain %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, `"@entity"`) {
		t.Error("explanation mixed with the JSON workbook on stdout")
	}
}

func TestTDSCalcCSV(t *testing.T) {
	in := "[" + goldenInput(t, "cbdt-12-10-lakh") + "," + goldenInput(t, "blocks-strings-paise") + "]"
	code, out, errs := tdsRun(t, in, "tds", "calc", "--fy", "FY 2025-26", "--format", "csv")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	recs, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(out, "\ufeff"))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 3 {
		t.Fatalf("%d records, want header + 2", len(recs))
	}
	head := recs[0]
	col := func(name string) int {
		for i, h := range head {
			if h == name {
				return i
			}
		}
		t.Fatalf("no column %q in %v", name, head)
		return -1
	}
	if len(head) != 46+10+2 {
		t.Errorf("%d columns, want 58", len(head))
	}
	if got := recs[1][col("new_tds_on_salary")]; got != "10400" {
		t.Errorf("new_tds_on_salary = %q", got)
	}
	if got := recs[1][col("old_tds_on_salary")]; got != "190320" {
		t.Errorf("old_tds_on_salary = %q", got)
	}
	if got := recs[1][col("recommended_regime")]; got != "new" {
		t.Errorf("recommended_regime = %q", got)
	}
	if got := recs[2][col("salary_as_per_provisions_contained_in_section_17_1")]; got != "1450000.5" {
		t.Errorf("salary with paise = %q", got)
	}
	if got := recs[2][col("employee_category")]; got != "senior_citizen" {
		t.Errorf("employee_category = %q", got)
	}
}

func TestTDSCalcXLSX(t *testing.T) {
	out := filepath.Join(t.TempDir(), "tds.xlsx")
	code, _, errs := tdsRun(t, goldenInput(t, "cbdt-12-10-lakh"), "tds", "calc", "--fy", "FY 2025-26", "--format", "xlsx", "--out", out)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	b, err := os.ReadFile(out)
	if err != nil || !bytes.HasPrefix(b, []byte("PK")) {
		t.Errorf("not an xlsx file: %v", err)
	}
}

func TestTDSCalcErrors(t *testing.T) {
	good := goldenInput(t, "cbdt-12-10-lakh")
	bad := `{"sheets":[{"name":"salary_details_list","items":[["employee_category","child"]]}]}`
	tests := []struct {
		name  string
		stdin string
		args  []string
		code  int
		want  []string
	}{
		{"no fy", good, []string{"tds", "calc"}, ExitUsage, []string{"--fy is required", "FY 2022-23"}},
		{"fy outside", good, []string{"tds", "calc", "--fy", "FY 2021-22"}, ExitUsage, []string{"FY 2021-22", "FY 2022-23, FY 2023-24, FY 2024-25, FY 2025-26, FY 2026-27"}},
		{"bad format", good, []string{"tds", "calc", "--fy", "2025-26", "--format", "pdf"}, ExitUsage, []string{"csv, json or xlsx"}},
		{"bad flag", good, []string{"tds", "calc", "--nope"}, ExitUsage, []string{"not defined"}},
		{"extra arg", good, []string{"tds", "calc", "--fy", "2025-26", "file.json"}, ExitUsage, []string{"unexpected argument"}},
		{"no subcommand", good, []string{"tds"}, ExitUsage, []string{"gstdesk tds COMMAND"}},
		{"unknown subcommand", good, []string{"tds", "run"}, ExitUsage, []string{`unknown command "run"`}},
		{"help", "", []string{"tds", "calc", "-h"}, ExitOK, []string{"--explain"}},
		{"invalid item", bad, []string{"tds", "calc", "--fy", "2025-26"}, ExitFailed, []string{"the workbook", `employee_category "child"`}},
		{"malformed", "{", []string{"tds", "calc", "--fy", "2025-26"}, ExitFailed, []string{"not valid JSON"}},
		{"no input sheet", `{"sheets":[{"name":"x","items":[]}]}`, []string{"tds", "calc", "--fy", "2025-26"}, ExitFailed, []string{"salary_details_list"}},
		{"missing file", "", []string{"tds", "calc", "--fy", "2025-26", "--in", "/nonexistent/x.json"}, ExitFailed, []string{"Cannot open /nonexistent/x.json"}},
		{"bad in-format", good, []string{"tds", "calc", "--fy", "2025-26", "--in-format", "ods"}, ExitUsage, []string{"json, csv or xlsx"}},
		{"csv all rows bad", "salary_as_per_provisions_contained_in_section_17_1\nabc\n", []string{"tds", "calc", "--fy", "2025-26", "--in-format", "csv"}, ExitFailed, []string{"row 2, column A", `"abc"`, "1 of 1 rows rejected"}},
		{"template no out", "", []string{"tds", "template"}, ExitUsage, []string{"--out"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := tdsRun(t, tt.stdin, tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d (stderr %s)", code, tt.code, errs)
			}
			if tt.code != ExitOK && out != "" {
				t.Errorf("stdout = %q, want nothing on failure", out)
			}
			for _, w := range tt.want {
				if !strings.Contains(errs, w) {
					t.Errorf("stderr %q does not contain %q", errs, w)
				}
			}
		})
	}
}

// TestTDSCalcBatchKeepsGoodRows: a bad workbook in a batch is reported on stderr and left out;
// the good ones are still written, and the exit status says something was rejected.
func TestTDSCalcBatchKeepsGoodRows(t *testing.T) {
	good := goldenInput(t, "cbdt-12-10-lakh")
	bad := `{"sheets":[{"name":"salary_details_list","items":[["employee_category","child"]]}]}`
	code, out, errs := tdsRun(t, "["+good+","+bad+","+good+"]", "tds", "calc", "--fy", "2025-26")
	if code != ExitFailed {
		t.Fatalf("exit %d, want %d", code, ExitFailed)
	}
	for _, w := range []string{"workbook 2:", `employee_category "child"`, "1 of 3 workbooks rejected"} {
		if !strings.Contains(errs, w) {
			t.Errorf("stderr %q does not contain %q", errs, w)
		}
	}
	one := strings.TrimSpace(goldenWant(t, "cbdt-12-10-lakh"))
	if want := "[\n" + one + ",\n" + one + "\n]\n"; out != want {
		t.Errorf("stdout:\n%s\nwant the two good workbooks:\n%s", out, want)
	}
}

// TestTDSCalcCSVBatch: a CSV payroll with friendly headers and an identifier column; one bad
// cell; JSON output is the array of response workbooks in input order, CSV output carries the
// identifier, every item and both regimes.
func TestTDSCalcCSVBatch(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "payroll.csv")
	csvText := "Employee code,Name,Basic salary 17(1),HRA exemption,80C,pan_status\n" +
		"E1,Asha,1285000,0,0,PANISVALID\n" +
		"E2,Bad,12x,0,0,PANISVALID\n" +
		"E3,Ravi,\"24,00,000\",360000,150000,\n"
	if err := os.WriteFile(in, []byte(csvText), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := tdsRun(t, "", "tds", "calc", "--fy", "FY 2025-26", "--in", in)
	if code != ExitFailed {
		t.Fatalf("exit %d, want 1 (a row was rejected): %s", code, errs)
	}
	if !strings.Contains(errs, "payroll.csv, row 3, column C (Basic salary 17(1)): \"12x\": expected an amount") {
		t.Errorf("stderr = %q", errs)
	}
	var got []json.RawMessage
	if err := json.Unmarshal([]byte(out), &got); err != nil || len(got) != 2 {
		t.Fatalf("stdout is not an array of 2 workbooks (%v):\n%s", err, out)
	}
	if !strings.Contains(string(got[0]), `["tds_on_salary",10400]`) {
		t.Errorf("first workbook is not E1's: %s", got[0])
	}

	outCSV := filepath.Join(dir, "out.csv")
	code, _, errs = tdsRun(t, "", "tds", "calc", "--fy", "FY 2025-26", "--in", in, "--format", "csv", "--out", outCSV)
	if code != ExitFailed {
		t.Fatalf("exit %d: %s", code, errs)
	}
	b, _ := os.ReadFile(outCSV)
	recs, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(string(b), "\ufeff"))).ReadAll()
	if err != nil || len(recs) != 3 {
		t.Fatalf("%d records (%v), want header + 2", len(recs), err)
	}
	head := strings.Join(recs[0], ",")
	// The identifiers come out under the file's own headers.
	for _, w := range []string{"Employee code,Name,pan_status,employee_category,gross_salary_from_previous_employers", "new_tds_on_salary", "old_relief_us_87_a", "recommended_regime"} {
		if !strings.Contains(head, w) {
			t.Errorf("header %q lacks %q", head, w)
		}
	}
	if recs[2][0] != "E3" || recs[2][1] != "Ravi" {
		t.Errorf("second row identifies %v, want E3 Ravi", recs[2][:2])
	}
}

func TestTDSTemplateCommand(t *testing.T) {
	out := filepath.Join(t.TempDir(), "template.xlsx")
	code, _, errs := tdsRun(t, "", "tds", "template", "--example", "--out", out)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	code, stdout, errs := tdsRun(t, "", "tds", "calc", "--fy", "2025-26", "--in", out, "--format", "csv")
	if code != ExitOK {
		t.Fatalf("calc on the template: exit %d: %s", code, errs)
	}
	if n := strings.Count(stdout, "\n"); n != 6 {
		t.Errorf("%d lines, want header + 5 demo employees:\n%s", n, stdout)
	}
}

// TestTDSCalcRefusesWrongNumbers: payrolls that used to compute a TDS on a salary taken as 0 exit
// 1 naming the file, row and column; help says which columns are required.
func TestTDSCalcRefusesWrongNumbers(t *testing.T) {
	dir := t.TempDir()
	tests := []struct{ name, data, want string }{
		{"two.csv", "Employee,Salary,Gross salary\nAsha,0,\"24,00,000\"\n", "two.csv, row 1, column C (Gross salary): this column and column B (Salary) both read as"},
		{"nosalary.csv", "Employee,Basic pay,80C\nAsha,2400000,150000\n", "nosalary.csv, row 1: no column gives Salary u/s 17(1)"},
		{"shift.csv", "Name,Salary,80C\nRao, Asha,1285000,150000\n", "shift.csv, row 2, column D: \"150000\": a value beyond the header's last column"},
	}
	for _, tt := range tests {
		in := filepath.Join(dir, tt.name)
		os.WriteFile(in, []byte(tt.data), 0o644)
		code, out, errs := tdsRun(t, "", "tds", "calc", "--fy", "FY 2025-26", "--in", in, "--format", "csv")
		if code != ExitFailed || out != "" || !strings.Contains(errs, tt.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 1 and %q", tt.name, code, out, errs, tt.want)
		}
	}
	_, _, errs := tdsRun(t, "", "help", "tds")
	if !strings.Contains(errs, "Required: salary_as_per_provisions_contained_in_section_17_1") {
		t.Errorf("help tds does not say which columns are required:\n%s", errs)
	}
}
