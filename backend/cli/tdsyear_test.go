package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// TestTDSYearCommands: the employer, two months and the year so far through the command line.
func TestTDSYearCommands(t *testing.T) {
	dir := t.TempDir()
	outs := t.TempDir() // what --out writes lives outside the data folder
	code, _, errText := cliIn(t, dir, "tds", "employer", "set", "--fy", "FY 2025-26", "--name", "Acme", "--tan", "MUMA1234B")
	if code != ExitFailed || !strings.Contains(errText, "TAN \"MUMA1234B\" is not valid") {
		t.Fatalf("bad TAN: %d %q", code, errText)
	}
	code, recs, errText := cliIn(t, dir, "tds", "employer", "set", "--fy", "2025-26", "--name", "Acme Ltd", "--tan", "muma12345b", "--responsible", "R. Iyer")
	if code != ExitOK || len(recs) != 1 || recs[0]["tan"] != "MUMA12345B" {
		t.Fatalf("employer set: %d %v %q", code, recs, errText)
	}
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	april := write("april.csv", "Emp code,Employee name,PAN,Basic salary 17(1),TDS deducted,Professional tax\nE1,Asha,ABCPR1234K,150000,,200\nE2,Ravi,BCDPS2345L,100000,5000,200\n")
	code, recs, errText = cliIn(t, dir, "tds", "month", "--fy", "FY 2025-26", "--month", "4", "--in", april)
	if code != ExitOK || len(recs) != 2 {
		t.Fatalf("april: %d %v %q", code, recs, errText)
	}
	for _, k := range []string{"employee", "projected_taxable_income", "annual_liability", "deducted_before", "tds_this_month", "remaining", "over_deducted", "why"} {
		if _, ok := recs[0][k]; !ok {
			t.Errorf("register line lacks %s: %v", k, recs[0])
		}
	}
	if recs[0]["employee"] != "E1" || recs[0]["projected_taxable_income"].(float64) != 1_800_000-75_000 || recs[1]["deducted_this_month"].(float64) != 5000 {
		t.Errorf("april register %v", recs)
	}
	may := write("may.csv", "Emp code,Employee name,PAN,Basic salary 17(1),TDS deducted\nE1,Asha,ABCPR1234K,180000,\nE2,Ravi,XXXPS2345L,100000,5000\n")
	code, _, errText = cliIn(t, dir, "tds", "month", "--fy", "FY 2025-26", "--month", "5", "--in", may)
	if code != ExitFailed || !strings.Contains(errText, "row 3") || !strings.Contains(errText, "PAN XXXPS2345L differs from BCDPS2345L") {
		t.Fatalf("PAN change: %d %q", code, errText)
	}
	code, recs, errText = cliIn(t, dir, "tds", "month", "--fy", "FY 2025-26", "--month", "5", "--in", may, "--accept-pan-change")
	if code != ExitOK || len(recs) != 2 || !strings.Contains(recs[0]["why"].([]any)[0].(string), "raise") {
		t.Fatalf("may: %d %v %q", code, recs, errText)
	}
	code, recs, _ = cliIn(t, dir, "tds", "ytd", "--fy", "FY 2025-26")
	if code != ExitOK || len(recs) != 2 || recs[0]["months"].(float64) != 2 || recs[1]["pan"] != "XXXPS2345L" {
		t.Fatalf("ytd: %d %v", code, recs)
	}
	code, recs, _ = cliIn(t, dir, "tds", "ytd", "--fy", "FY 2025-26", "--employee", "E1")
	if code != ExitOK || len(recs) != 2 || recs[1]["month"].(float64) != 5 {
		t.Fatalf("ytd E1: %d %v", code, recs)
	}
	// An employee not recorded: the service's typed not-found, said once, the same as the window's.
	code, recs, errText = cliIn(t, dir, "tds", "ytd", "--fy", "FY 2025-26", "--employee", "E9")
	if code != ExitFailed || len(recs) != 0 || !strings.Contains(errText, "No month of FY 2025-26 is recorded for employee E9.") || !strings.Contains(errText, "gstdesk tds ytd") {
		t.Fatalf("ytd E9: %d %v %q", code, recs, errText)
	}
	out := filepath.Join(outs, "may-register.csv")
	if code, _, errText = cliIn(t, dir, "tds", "month", "--fy", "FY 2025-26", "--month", "5", "--in", may, "--accept-pan-change", "--format", "csv", "--out", out); code != ExitOK {
		t.Fatalf("csv: %d %q", code, errText)
	}
	b, _ := os.ReadFile(out)
	if !strings.Contains(string(b), "tds_this_month") || !strings.Contains(errText, "May 2025 replaced: 0 employee(s) changed") {
		t.Errorf("csv register %q, stderr %q", b, errText)
	}
	ann := filepath.Join(outs, "annexure.json")
	code, recs, errText = cliIn(t, dir, "tds", "annexure", "--fy", "FY 2025-26", "--out", ann)
	b, _ = os.ReadFile(ann)
	if code != ExitOK || len(recs) != 1 || !strings.Contains(string(b), `"salary_detail_sheet"`) || !strings.Contains(string(b), `"net_tax_payable_under_194p"`) {
		t.Fatalf("annexure: %d %q %.300s", code, errText, b)
	}
	forms := filepath.Join(outs, "forms")
	os.Mkdir(forms, 0o755)
	code, recs, errText = cliIn(t, dir, "tds", "forms", "--fy", "FY 2025-26", "--out", forms, "--employee", "E1")
	if code != ExitOK || len(recs) != 2 || !strings.HasSuffix(recs[0]["written"].(string), "Form16-PartB-E1-2025-26.pdf") {
		t.Fatalf("forms: %d %v %q", code, recs, errText)
	}
	if b, _ := os.ReadFile(recs[0]["written"].(string)); !strings.HasPrefix(string(b), "%PDF") {
		t.Errorf("not a PDF: %.20q", b)
	}
	for _, args := range [][]string{
		{"tds", "forms", "--fy", "FY 2025-26", "--out", filepath.Join(outs, "nofolder")},
		{"tds", "annexure", "--fy", "FY 2025-26", "--out", ann, "--format", "csv"},
		{"tds", "month", "--month", "5", "--in", may},
		{"tds", "month", "--fy", "FY 2025-26", "--month", "13", "--in", may},
		{"tds", "month", "--fy", "FY 2030-31", "--month", "5", "--in", may},
		{"tds", "month", "--fy", "FY 2025-26", "--month", "5"},
		{"tds", "employer", "set", "--fy", "FY 2025-26", "--name", "X"},
		{"tds", "employer"},
		{"tds", "ytd"},
	} {
		if code, _, _ := cliIn(t, dir, args...); code != ExitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, ExitUsage)
		}
	}
}

func TestTDSHRACommand(t *testing.T) {
	code, out, errText := tdsRun(t, "", "tds", "hra", "--fy", "FY 2026-27", "--rent", "30000", "--salary", "50000", "--hra", "40000", "--city", "Pune")
	if code != ExitOK || !strings.Contains(out, `"exempt":25000`) || !strings.Contains(out, `"listed_city":true`) || !strings.Contains(out, "Rule 279") {
		t.Fatalf("%d %s %s", code, out, errText)
	}
	code, out, _ = tdsRun(t, "", "tds", "hra", "--fy", "FY 2025-26", "--rent", "30000", "--salary", "50000", "--hra", "40000", "--city", "Pune")
	if code != ExitOK || !strings.Contains(out, `"exempt":20000`) || !strings.Contains(out, `"salary_share_pct":40`) {
		t.Fatalf("FY 2025-26 Pune: %d %s", code, out)
	}
	for _, args := range [][]string{
		{"tds", "hra", "--fy", "FY 2026-27", "--rent", "x", "--salary", "1", "--hra", "1", "--city", "Pune"},
		{"tds", "hra", "--fy", "FY 2026-27", "--rent", "1", "--salary", "1", "--hra", "1"},
	} {
		if code, _, _ := tdsRun(t, "", args...); code != ExitUsage {
			t.Errorf("%v: exit %d", args, code)
		}
	}
}

// Every writer of several files makes names unique and checks them: the codes A/1, A_1 and A:1
// made one file name (the forms said "6 files written" and 2 remained); a code too long for a
// file name stops the forms before anything is written; a folder already holding forms works.
func TestTDSFormsFileNames(t *testing.T) {
	dir := t.TempDir()
	outs := t.TempDir() // what --out writes lives outside the data folder
	if code, _, errText := cliIn(t, dir, "tds", "employer", "set", "--fy", "2025-26", "--name", "Acme Ltd", "--tan", "MUMA12345B", "--responsible", "R. Iyer"); code != ExitOK {
		t.Fatal(errText)
	}
	month := filepath.Join(dir, "april.csv")
	os.WriteFile(month, []byte("Emp code,Employee name,PAN,Basic salary 17(1)\nA/1,Asha,ABCPR1234K,150000\nA_1,Ravi,BCDPS2345L,100000\nA:1,Mira,CDEPT3456M,90000\n"), 0o600)
	if code, _, errText := cliIn(t, dir, "tds", "month", "--fy", "FY 2025-26", "--month", "4", "--in", month); code != ExitOK {
		t.Fatal(errText)
	}
	forms := filepath.Join(outs, "forms")
	os.Mkdir(forms, 0o755)
	for run := 1; run <= 2; run++ {
		code, recs, errText := cliIn(t, dir, "tds", "forms", "--fy", "FY 2025-26", "--out", forms)
		entries, _ := os.ReadDir(forms)
		if code != ExitOK || len(recs) != 6 || len(entries) != 6 || !strings.Contains(errText, "6 file(s) written") {
			t.Fatalf("run %d: exit %d, %d said written, %d in the folder: %q", run, code, len(recs), len(entries), errText)
		}
		if run == 2 && !strings.Contains(errText, "6 file(s) already in") {
			t.Errorf("run 2 replaced the first run's forms without saying so: %q", errText)
		}
		// Each line names its employee and PAN, and the file holds that employee's form; the code
		// A_1 keeps its own name, and no other employee's file takes it.
		pans := map[string]string{"A/1": "ABCPR1234K", "A_1": "BCDPS2345L", "A:1": "CDEPT3456M"}
		for _, r := range recs {
			emp, _ := r["employee"].(string)
			p, _ := r["written"].(string)
			if pans[emp] == "" || r["pan"] != pans[emp] {
				t.Errorf("run %d: line %v does not name its employee and PAN", run, r)
				continue
			}
			base := filepath.Base(p)
			if (emp == "A_1") != strings.HasPrefix(base, "Form16-PartB-A_1-2025-26.") {
				t.Errorf("run %d: employee %s written as %s", run, emp, base)
			}
			if strings.HasSuffix(p, ".xlsx") && !xlsxHolds(t, p, pans[emp]) {
				t.Errorf("run %d: %s (employee %s) does not hold PAN %s", run, base, emp, pans[emp])
			}
		}
	}
	long := filepath.Join(dir, "may.csv")
	os.WriteFile(long, []byte("Emp code,Employee name,PAN,Basic salary 17(1)\n"+strings.Repeat("L", 300)+",Long,DEFPU4567N,80000\nA/1,Asha,ABCPR1234K,150000\nA_1,Ravi,BCDPS2345L,100000\nA:1,Mira,CDEPT3456M,90000\n"), 0o600)
	if code, _, errText := cliIn(t, dir, "tds", "month", "--fy", "FY 2025-26", "--month", "5", "--in", long); code != ExitOK {
		t.Fatal(errText)
	}
	empty := filepath.Join(outs, "empty")
	os.Mkdir(empty, 0o755)
	code, recs, errText := cliIn(t, dir, "tds", "forms", "--fy", "FY 2025-26", "--out", empty)
	entries, _ := os.ReadDir(empty)
	if code == ExitOK || len(recs) != 0 || len(entries) != 0 || !strings.Contains(errText, "shorter code") {
		t.Errorf("a 300-character code: exit %d, %d written, %d in the folder: %q", code, len(recs), len(entries), errText)
	}
}

// xlsxHolds reports whether some cell of the workbook at path holds text.
func xlsxHolds(t *testing.T, path, text string) bool {
	t.Helper()
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, sh := range f.GetSheetList() {
		rows, _ := f.GetRows(sh)
		for _, r := range rows {
			for _, c := range r {
				if strings.Contains(c, text) {
					return true
				}
			}
		}
	}
	return false
}
