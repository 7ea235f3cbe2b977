package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/gstapi/gstapitest"
)

func TestGST2BPullOfflineAndFile(t *testing.T) {
	dir := t.TempDir()
	if code, _, errs := gstCLI(t, dir, "login", "--username", "demo", "--gstin", "27AAPFU0939F1ZV", "--otp", "575757"); code != ExitOK {
		t.Fatalf("login: %d %s", code, errs)
	}
	code, recs, errs := gstCLI(t, dir, "2b", "--year", "2024", "--month", "9", "--to-month", "10")
	if code != ExitOK || len(recs) != 2 {
		t.Fatalf("pull: exit %d, %d lines, %s %v", code, len(recs), errs, recs)
	}
	for i, r := range recs {
		data, _ := r["data"].(map[string]any)
		inner, _ := data["data"].(map[string]any)
		if r["status"] != "pulled" || r["source"] != "demo" || inner["docdata"] == nil {
			t.Errorf("line %d = %v", i, r)
		}
	}
	code, off, _ := gstCLI(t, dir, "2b", "--offline", "--year", "2024", "--month", "9", "--to-month", "11")
	if code != ExitFailed || len(off) != 3 || off[2]["error"] == nil || off[0]["from"] != "pulled from the GST service" {
		t.Fatalf("offline: exit %d %v", code, off)
	}
	out := filepath.Join(t.TempDir(), "2b.csv")
	if code, _, errs := gstCLI(t, dir, "2b", "--offline", "--year", "2024", "--month", "10", "--format", "csv", "--out", out); code != ExitOK {
		t.Fatalf("csv: %d %s", code, errs)
	}
	b, _ := os.ReadFile(out)
	if !strings.Contains(string(b), "IMS status") || strings.Count(string(b), "\n") < 3 {
		t.Errorf("csv = %.300s", b)
	}
	gstCLI(t, dir, "2b", "--year", "2024", "--month", "10")
	code, d, errs := gstCLI(t, dir, "2b-diff", "--year", "2024", "--month", "10")
	if code != ExitOK || d[0]["diff"] == nil {
		t.Fatalf("diff: %d %v %s", code, d, errs)
	}
}

func TestGST2BNotGeneratedAndUsage(t *testing.T) {
	dir := t.TempDir()
	gstCLI(t, dir, "login", "--username", "demo", "--gstin", "27AAPFU0939F1ZV", "--otp", "575757")
	code, recs, errs := gstCLI(t, dir, "2b", "--year", "2019", "--month", "6")
	if code != ExitOK || recs[0]["status"] != "empty" || !strings.Contains(errs, "Nothing this period") {
		t.Errorf("2019-06: %d %v %s", code, recs, errs)
	}
	if code, _, _ := gstCLI(t, dir, "2b", "--year", "2025"); code != ExitUsage {
		t.Errorf("missing --month: exit %d", code)
	}
	if code, _, _ := gstCLI(t, dir, "2b", "--year", "2025", "--month", "4", "--offline", "--fresh"); code != ExitUsage {
		t.Errorf("--offline --fresh: exit %d", code)
	}
}

// portal2B writes a GSTR-2B portal file of the demo workspace's GSTIN for 10/2025 into dir and
// returns its path and bytes.
func portal2B(t *testing.T, dir string) (string, []byte) {
	t.Helper()
	b2b, err := os.ReadFile("../gstr2b/testdata/v4_rejected.json")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "102025_R2B.json")
	if err := os.WriteFile(path, b2b, 0o600); err != nil {
		t.Fatal(err)
	}
	return path, b2b
}

func TestGSTImport(t *testing.T) {
	dir := t.TempDir()
	files := t.TempDir()
	good, b2b := portal2B(t, files)
	code, recs, errs := gstCLI(t, dir, "import", good)
	if code != ExitOK || recs[0]["kind"] != "gstr2b" || recs[0]["period"] != "2025-10" || recs[0]["source"] != "file" {
		t.Fatalf("import: %d %v %s", code, recs, errs)
	}
	code, off, _ := gstCLI(t, dir, "2b", "--offline", "--year", "2025", "--month", "10")
	if code != ExitOK || !strings.Contains(off[0]["from"].(string), "102025_R2B.json") {
		t.Errorf("offline after import: %d %v", code, off)
	}
	other, _ := os.ReadFile("../gstr2b/testdata/post2024.json")
	bad := map[string][]byte{"other.json": other, "cut.json": b2b[:200], "notes.txt": []byte("not json")}
	for name, raw := range bad {
		p := filepath.Join(files, name)
		os.WriteFile(p, raw, 0o600)
		code, recs, _ := gstCLI(t, dir, "import", p)
		if code != ExitFailed || recs[0]["error"] == nil {
			t.Errorf("%s: exit %d %v", name, code, recs)
		}
	}
	if code, _, _ := gstCLI(t, dir, "import"); code != ExitUsage {
		t.Errorf("no file: exit %d", code)
	}
}

// TestGSTWithOutSaysNoticesAndErrors checks that with --out (or --format) the data goes to the
// file while each month's notice and error still reach the person on stderr, and the exit status
// says a month failed: gst 2b (pulled and --offline), gst 2a-b2b and gst import.
func TestGSTWithOutSaysNoticesAndErrors(t *testing.T) {
	sim, gst := simulatedService(t)
	gst("login", "--username", "demo", "--gstin", "27AAPFU0939F1ZV")
	if code, recs, errs := gst("login", "--username", "demo", "--gstin", "27AAPFU0939F1ZV", "--otp", "575757"); code != ExitOK {
		t.Fatalf("login: %d %s %v", code, errs, recs)
	}
	files := t.TempDir()
	path := func(name string) string { return filepath.Join(files, name) }
	os.WriteFile(path("notes.json"), []byte("not json"), 0o600)
	const refused = "The return period is not valid for this taxpayer"
	// A month refused, then the month IMS holds (which has documents): --month M-1 --to-month M.
	y, m, _ := sim.IMSPeriod()
	before := time.Date(y, time.Month(m)-1, 1, 0, 0, 0, 0, time.UTC)
	refusedP, goodP := before.Format("2006-01"), fmt.Sprintf("%04d-%02d", y, m)
	two := []string{"--year", fmt.Sprint(before.Year()), "--month", fmt.Sprint(int(before.Month())), "--to-month", fmt.Sprint(m)}
	fault := gstapitest.Faults{BusinessError: 1, BusinessCode: "RET11416", BusinessMessage: refused}

	tests := []struct {
		name   string
		faults *gstapitest.Faults
		args   []string
		out    string // the --out file
		code   int
		stderr string // on stderr
		inFile string // in the file written, "" for no check
	}{
		{"2b not generated", nil, []string{"2b", "--year", "2099", "--month", "1", "--format", "csv"}, "ng.csv", ExitOK,
			"gstdesk gst 2b: 2099-01: GSTR-2B for Jan 2099 is not generated yet", "IMS status"},
		{"2b a month refused", &fault, append([]string{"2b", "--format", "csv"}, two...), "pull.csv", ExitFailed,
			"gstdesk gst 2b: " + refusedP + ": The GST network rejected the GSTR-2B download: " + refused, goodP},
		{"2b nothing this period", nil, []string{"2b", "--year", "2019", "--month", "6"}, "empty.json", ExitOK,
			"gstdesk gst 2b: 2019-06: Nothing this period", `"status": "empty"`},
		{"2b offline a month not stored", nil, []string{"2b", "--offline", "--year", "2024", "--month", "10", "--to-month", "11", "--format", "xlsx"}, "off.xlsx", ExitFailed,
			"gstdesk gst 2b: 2024-11: GSTR-2B for 2024-11 has not been pulled or imported yet", ""},
		{"2a-b2b a month refused", &fault, append([]string{"2a-b2b", "--format", "csv"}, two...), "2a.csv", ExitFailed,
			"gstdesk gst 2a-b2b: " + refusedP + ": The GST network rejected the GSTR-2A download: " + refused, goodP},
		{"import a file that is not JSON", nil, []string{"import", path("notes.json")}, "import.json", ExitFailed,
			"gstdesk gst import: " + path("notes.json") + ": ", `"error"`},
		{"import a missing file", nil, []string{"import", "--format", "csv", path("none.json")}, "import.csv", ExitFailed,
			"gstdesk gst import: " + path("none.json") + ": Cannot open", "none.json"},
		{"import", nil, []string{"import", "../gstr2b/testdata/v4_rejected.json"}, "import-good.json", ExitOK, "", `"kind": "gstr2b"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.faults != nil {
				sim.SetFaults(*tt.faults)
				defer sim.SetFaults(gstapitest.Faults{})
			}
			code, recs, errs := gst(append(tt.args, "--out", path(tt.out))...)
			if code != tt.code || len(recs) != 0 || !strings.Contains(errs, tt.stderr) {
				t.Errorf("exit %d, %d lines on stdout, stderr %q; want exit %d, the lines in the file and %q on stderr", code, len(recs), errs, tt.code, tt.stderr)
			}
			if b, _ := os.ReadFile(path(tt.out)); !strings.Contains(string(b), tt.inFile) {
				t.Errorf("file = %.400s; want %q in it", b, tt.inFile)
			}
		})
	}
}

// TestGSTImport2AFileSaysInvoicesGone checks issue 13 item 4 for portal files: a GSTR-2A file of a
// period whose previous snapshot had invoices and that now lists none says so, as a pull does
// (gstr2a.GoneNotice), in the line and on stderr; the window's import returns the same result.
func TestGSTImport2AFileSaysInvoicesGone(t *testing.T) {
	dir, files := t.TempDir(), t.TempDir()
	raw, err := os.ReadFile("../gstr2b/testdata/portal2a.json")
	if err != nil {
		t.Fatal(err)
	}
	full := filepath.Join(files, "032020_R2A.json")
	os.WriteFile(full, []byte(strings.Replace(string(raw), `"gstin":"01AABCE2207R1Z5","fp"`, `"gstin":"27AAPFU0939F1ZV","fp"`, 1)), 0o600)
	empty := filepath.Join(files, "032020_R2A_later.json")
	os.WriteFile(empty, []byte(`{"gstin":"27AAPFU0939F1ZV","fp":"032020","b2b":[]}`), 0o600)

	code, recs, errs := gstCLI(t, dir, "import", full)
	if code != ExitOK || recs[0]["kind"] != "gstr2a" || recs[0]["documents"] != 3.0 || strings.Contains(fmt.Sprint(recs[0]["notice"]), "gone") {
		t.Fatalf("first file: exit %d %v %s", code, recs, errs)
	}
	want := "The one invoice of 03/2020 is gone since the pull of " + time.Now().Format("02/01/2006")
	code, recs, errs = gstCLI(t, dir, "import", empty)
	if code != ExitOK || recs[0]["documents"] != 0.0 || !strings.Contains(fmt.Sprint(recs[0]["notice"]), want) || !strings.Contains(errs, "2020-03: "+want) {
		t.Errorf("empty file: exit %d, line %v, stderr %q; want the notice %q", code, recs, errs, want)
	}
	// Nothing more to say when the period is empty again.
	if code, recs, _ := gstCLI(t, dir, "import", empty); code != ExitOK || recs[0]["notice"] != nil {
		t.Errorf("second empty file: exit %d %v", code, recs)
	}
}

// A GSTR-2A file imports whole: the credit note and the bill of entry beside the B2B invoice are
// listed by gst 2a-docs and exported with their own fields.
func TestGST2ADocsEverySection(t *testing.T) {
	dir, files := t.TempDir(), t.TempDir()
	raw, err := os.ReadFile("../gstr2b/testdata/portal2a.json")
	if err != nil {
		t.Fatal(err)
	}
	full := filepath.Join(files, "032020_R2A.json")
	os.WriteFile(full, []byte(strings.Replace(string(raw), `"gstin":"01AABCE2207R1Z5","fp"`, `"gstin":"27AAPFU0939F1ZV","fp"`, 1)), 0o600)
	if code, _, errs := gstCLI(t, dir, "import", full); code != ExitOK {
		t.Fatal(errs)
	}
	code, recs, errs := gstCLI(t, dir, "2a-docs", "--year", "2020", "--month", "03")
	if code != ExitOK || len(recs) != 2 || !strings.Contains(errs, "2 document(s)") {
		t.Fatalf("2a-docs: %d %v %s", code, recs, errs)
	}
	kinds := map[any]bool{}
	for _, r := range recs {
		kinds[r["kind"]] = true
	}
	if !kinds["credit_note"] || !kinds["bill_of_entry"] {
		t.Errorf("kinds = %v, want a credit note and a bill of entry", kinds)
	}
	out := filepath.Join(t.TempDir(), "docs.csv")
	if code, _, errs := gstCLI(t, dir, "2a-docs", "--year", "2020", "--month", "3", "--format", "csv", "--out", out); code != ExitOK {
		t.Fatal(errs)
	}
	b, _ := os.ReadFile(out)
	if !strings.Contains(string(b), "18272A") || strings.Count(string(b), "\n") != 3 {
		t.Errorf("csv = %s", b)
	}
}
