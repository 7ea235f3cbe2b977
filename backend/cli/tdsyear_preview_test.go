package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTDSMonthDryRun: --dry-run prints what recording a month again would change (the diff
// against the month stored) and stores nothing.
func TestTDSMonthDryRun(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	april := write("april.csv", "Emp code,Employee name,Basic salary 17(1)\nE1,Asha,150000\nE2,Ravi,100000\n")
	if code, _, errText := cliIn(t, dir, "tds", "month", "--fy", "FY 2025-26", "--month", "4", "--in", april); code != ExitOK {
		t.Fatalf("april: %d %q", code, errText)
	}
	again := write("april-fixed.csv", "Emp code,Employee name,Basic salary 17(1)\nE1,Asha,160000\nE3,Meena,90000\n")
	code, recs, errText := cliIn(t, dir, "tds", "month", "--fy", "FY 2025-26", "--month", "4", "--in", again, "--dry-run")
	if code != ExitOK || len(recs) != 1 || !strings.Contains(errText, "nothing was stored") {
		t.Fatalf("dry run: %d %v %q", code, recs, errText)
	}
	// A dry run writes no register: --out or --format with it is a usage error, not ignored.
	if code, _, errText := cliIn(t, dir, "tds", "month", "--fy", "FY 2025-26", "--month", "4", "--in", again, "--dry-run", "--out", filepath.Join(dir, "r.csv"), "--format", "csv"); code != ExitUsage || !strings.Contains(errText, "--dry-run") {
		t.Errorf("dry run with --out: %d %q", code, errText)
	}
	diff := recs[0]["diff"].(map[string]any)
	changed := diff["changed"].([]any)
	if diff["replaced"] != true || len(changed) != 1 || changed[0].(map[string]any)["employee"] != "E1" ||
		diff["added"].([]any)[0] != "E3" || diff["removed"].([]any)[0] != "E2" {
		t.Fatalf("diff %v", diff)
	}
	code, recs, _ = cliIn(t, dir, "tds", "ytd", "--fy", "FY 2025-26")
	if code != ExitOK || len(recs) != 2 || recs[0]["salary_17_1"].(float64) != 150000 || recs[1]["employee"] != "E2" {
		t.Fatalf("the dry run stored something: %v", recs)
	}
}

// TestTDSMonthTemplate: the month template, filled in, is a month file 'tds month' records.
func TestTDSMonthTemplate(t *testing.T) {
	dir := t.TempDir()
	tpl := filepath.Join(t.TempDir(), "month.xlsx") // outside the data folder, which --out never reaches
	if code, _, errText := cliIn(t, dir, "tds", "month-template", "--out", tpl); code != ExitOK {
		t.Fatalf("template: %d %q", code, errText)
	}
	code, recs, errText := cliIn(t, dir, "tds", "month", "--fy", "FY 2025-26", "--month", "4", "--in", tpl)
	if code != ExitOK || len(recs) != 1 || recs[0]["projected_taxable_income"].(float64) < 100000*12-75000-2400 {
		t.Fatalf("the template as a month: %d %v %q", code, recs, errText)
	}
}
