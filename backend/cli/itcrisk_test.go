package cli

import (
	"os"

	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// TestITCRisk: the calendar of a year from the stored 2A and 2B and a register with payment
// dates, as JSON lines in date order, a CSV file, and the usage errors.
func TestITCRisk(t *testing.T) {
	dir := t.TempDir()
	if code, _, _ := cliIn(t, dir, "itc-risk", "--fy", "FY 2024-25"); code != ExitFailed {
		t.Errorf("nothing stored: exit %d", code)
	}
	reg := riskWorkspace(t, dir)
	code, recs, errs := cliIn(t, dir, "itc-risk", "--fy", "FY 2024-25", "--purchases", reg)
	if code != ExitOK || len(recs) == 0 {
		t.Fatalf("exit %d, %d lines, %s", code, len(recs), errs)
	}
	rules := map[string]int{}
	last := ""
	for _, r := range recs {
		d := r["date"].(string)
		if d < last {
			t.Fatalf("not in date order: %s after %s", d, last)
		}
		last = d
		rules[r["rule"].(string)]++
		if r["rule"] == "rule_37" && (r["document_number"] != "U-77" || d != "2025-03-14" || r["deadline"] != "2025-04-20" || r["amount"] != float64(180)) {
			t.Errorf("rule 37 line %v", r)
		}
	}
	// The register holds none of the 2A documents of suppliers who had not filed GSTR-3B: no
	// credit taken on them, so no Rule 37A line, and a note says so.
	if rules["rule_37"] != 1 || rules["not_in_2b"] != 1 || rules["rule_37a"] != 0 || rules["not_in_books"] == 0 {
		t.Errorf("rules %v", rules)
	}
	if !strings.Contains(errs, "are not in p.csv: no credit taken on them, so Rule 37A reverses nothing for them") {
		t.Errorf("no Rule 37A note: %s", errs)
	}
	if !strings.Contains(errs, "FY 2024-25") || !strings.Contains(errs, "Rule 37: unpaid 180 days (Rule 37, CGST Rules; s.16(2) second proviso): 1, ₹180.00 at risk") {
		t.Errorf("stderr %s", errs)
	}
	out := filepath.Join(t.TempDir(), "risk.csv")
	if code, _, errs := cliIn(t, dir, "itc-risk", "--fy", "2024-25", "--purchases", reg, "--format", "csv", "--out", out); code != ExitOK {
		t.Fatalf("csv: %d %s", code, errs)
	}
	b, _ := os.ReadFile(out)
	if n := strings.Count(string(b), "\n"); n != len(recs)+1 || !strings.Contains(string(b), `14/03/2025,20/04/2025,"Rule 37: unpaid 180 days`) {
		t.Errorf("csv %d lines for %d items: %.400s", n, len(recs), b)
	}
	for _, args := range [][]string{{}, {"--fy", "2024-26"}, {"--fy", "2024-25", "extra"}, {"--fy", "2024-25", "--format", "pdf"}} {
		if code, _, _ := cliIn(t, dir, append([]string{"itc-risk"}, args...)...); code != ExitUsage {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

// riskWorkspace pulls the demo's 2A and 2B of September 2024 into dir and writes a register of
// one invoice of 15/09/2024, unpaid and not in 2B: Rule 37's 180th day is 14/03/2025 (16-30
// September 15 days, October 46, November 76, December 107, January 138, February 166, 14 March
// 180), reversed in March's GSTR-3B due 20/04/2025; and the s.16(4) day, 30/11/2025.
func riskWorkspace(t *testing.T, dir string) string {
	t.Helper()
	gstCLI(t, dir, "login", "--username", "demo", "--gstin", "27AAPFU0939F1ZV", "--otp", "575757")
	if code, _, errs := gstCLI(t, dir, "2a-b2b", "--year", "2024", "--month", "9"); code != ExitOK {
		t.Fatalf("2a: %d %s", code, errs)
	}
	if code, _, errs := gstCLI(t, dir, "2b", "--year", "2024", "--month", "9"); code != ExitOK {
		t.Fatalf("2b: %d %s", code, errs)
	}
	reg := filepath.Join(t.TempDir(), "p.csv")
	os.WriteFile(reg, []byte("supplier_gstin,invoice_number,invoice_date,taxable_value,igst,payment_date\n27AAPFU0939F1ZV,U-77,15-09-2024,1000,180,\n"), 0o600)
	return reg
}

// TestGSTScorecardAndChaser: the scorecard as JSON lines worst first (or sorted), and the chaser
// pack as one XLSX per supplier with a message and the documents.
func TestGSTScorecardAndChaser(t *testing.T) {
	dir := t.TempDir()
	reg := riskWorkspace(t, dir)
	code, recs, errs := gstCLI(t, dir, "scorecard", "--fy", "FY 2024-25", "--purchases", reg)
	if code != ExitOK || len(recs) < 2 {
		t.Fatalf("scorecard: %d %d lines %s", code, len(recs), errs)
	}
	for i := 1; i < len(recs); i++ {
		if recs[i]["score"].(float64) < recs[i-1]["score"].(float64) {
			t.Fatalf("not worst first: %v then %v", recs[i-1]["score"], recs[i]["score"])
		}
	}
	var u77 map[string]any
	for _, r := range recs {
		if r["supplier_gstin"] == "27AAPFU0939F1ZV" {
			u77 = r
		}
	}
	if u77 == nil || u77["missing_in_2b"] != float64(1) || u77["missing_tax"] != float64(180) || !strings.Contains(errs, "100 points, less:") {
		t.Errorf("27AAPFU0939F1ZV = %v; stderr %s", u77, errs)
	}
	if code, sorted, _ := gstCLI(t, dir, "scorecard", "--fy", "FY 2024-25", "--purchases", reg, "--sort", "missing"); code != ExitOK || sorted[0]["supplier_gstin"] != "27AAPFU0939F1ZV" {
		t.Errorf("sort missing: %d %v", code, sorted[0])
	}
	out := filepath.Join(t.TempDir(), "pack")
	code, files, errs := gstCLI(t, dir, "chaser", "--fy", "FY 2024-25", "--purchases", reg, "--supplier", "27aapfu0939f1zv", "--out", out)
	if code != ExitOK || len(files) != 1 || files[0]["path"] != filepath.Join(out, "27AAPFU0939F1ZV.xlsx") {
		t.Fatalf("chaser: %d %v %s", code, files, errs)
	}
	f, err := excelize.OpenFile(files[0]["path"].(string))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	// The README's own example: --out DIR/ on a folder that exists (it exited 2); again into the
	// same folder, the pack is replaced and that is said.
	code, again, errs := gstCLI(t, dir, "chaser", "--fy", "FY 2024-25", "--purchases", reg, "--supplier", "27AAPFU0939F1ZV", "--out", out+string(filepath.Separator))
	if code != ExitOK || len(again) != 1 || again[0]["replaced"] != true || !strings.Contains(errs, "replaced a pack") {
		t.Errorf("chaser into an existing folder: %d %v %s", code, again, errs)
	}
	msg, _ := f.GetCellValue("Message", "A2")
	doc, _ := f.GetCellValue("Documents", "B2")
	if got := f.GetSheetList(); len(got) != 2 || !strings.HasPrefix(msg, "Dear ") || doc != "U-77" {
		t.Errorf("sheets %v, message %q, document %q", got, msg, doc)
	}
	for _, args := range [][]string{{"scorecard"}, {"scorecard", "--fy", "2024-26"}, {"scorecard", "--fy", "2024-25", "--sort", "size"}, {"chaser", "--fy", "2024-25"}} {
		if code, _, _ := gstCLI(t, dir, args...); code != ExitUsage {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}
