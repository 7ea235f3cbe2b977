package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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

func TestGSTImport(t *testing.T) {
	dir := t.TempDir()
	files := t.TempDir()
	b2b, err := os.ReadFile("../gstr2b/testdata/v4_rejected.json")
	if err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(files, "102025_R2B.json")
	os.WriteFile(good, b2b, 0o600)
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
