package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The monthly routine of the README against our own portal files (testdata/monthly): the 2Bs of
// January to March 2025 imported, then `recon --year 2025 --month 3`. The invoice dated January
// that the supplier reported in March's 2B is matched, labelled and recommended accept; the pair
// found on amounts alone asks to confirm the number; an invoice still waiting is awaiting the
// supplier with its age; the rows say 2B (status missing_in_2b, gstr2b) with the old keys kept;
// `recon show RUN --as-of 2025-01` shows the late invoice missing, as it was then.
func TestReconMonthlyRoutineFollowsTheSupplier(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"012025_R2B.json", "022025_R2B.json", "032025_R2B.json"} {
		if code, recs, errs := gstCLI(t, dir, "import", filepath.Join("testdata", "monthly", f)); code != ExitOK {
			t.Fatalf("import %s: %d %v %s", f, code, recs, errs)
		}
	}
	reg := filepath.Join("testdata", "monthly", "purchases.csv")
	code, rows, errs := cliIn(t, dir, "recon", "--year", "2025", "--month", "3", "--purchases", reg)
	if code != ExitOK {
		t.Fatalf("recon: %d %s", code, errs)
	}
	byNum := map[string]map[string]any{}
	for _, r := range rows {
		for _, side := range []string{"books", "gstr2b"} {
			if d, ok := r[side].(map[string]any); ok {
				byNum[d["invoice_number"].(string)] = r
			}
		}
		if _, ok := r["gstr2a"]; !ok {
			t.Errorf("the old key gstr2a is gone: %v", r)
		}
	}
	rec := func(r map[string]any) map[string]any { m, _ := r["recommended"].(map[string]any); return m }
	late := byNum["S1/LATE/1"]
	if late == nil || late["status"] != "exact" || late["timing"] != "reported_late" || rec(late)["action"] != "A" ||
		!strings.Contains(late["timing_note"].(string), "reported late by the supplier: invoice of 13/01/2025 in the 2B of March 2025") {
		t.Errorf("S1/LATE/1: %v", late)
	}
	if r := byNum["INV/005"]; r == nil || rec(r)["action"] != "P" || rec(r)["rule"] != "confirm_number" {
		t.Errorf("INV/005 on amounts alone: %v", r)
	}
	if r := byNum["WAIT/1"]; r == nil || r["status"] != "missing_in_2b" || r["status_2a"] != "missing_in_2a" || r["timing"] != "awaiting_supplier" || r["age_days"] != float64(49) {
		t.Errorf("WAIT/1: %v", r)
	}
	for _, n := range []string{"JAN/1", "FEB/1"} {
		if byNum[n] != nil {
			t.Errorf("%s, matched in its own month, is offered again: %v", n, byNum[n])
		}
	}
	if r := byNum["NOTOURS/1"]; r == nil || r["status"] != "missing_in_books" || rec(r)["action"] != "P" {
		t.Errorf("NOTOURS/1: %v", r)
	}
	for _, r := range rows {
		if rec(r)["action"] == "R" {
			t.Errorf("reject advised: %v", r)
		}
	}
	if !strings.Contains(errs, "reported late 1, awaiting the supplier 1") || !strings.Contains(errs, "matched with the GSTR-2B of 2025-01 to 2025-02 first: 2 document(s)") {
		t.Errorf("stderr %q", errs)
	}
	code, runs, _ := cliIn(t, dir, "recon", "runs", "--against", "2b")
	if code != ExitOK || len(runs) == 0 {
		t.Fatalf("runs: %d %v", code, runs)
	}
	id := runs[0]["id"].(string)
	if cal, _ := runs[0]["calendar"].(map[string]any); cal["reported_late"] != float64(1) {
		t.Errorf("runs: calendar %v", runs[0]["calendar"])
	}
	// The list carries each run's ₹ strip; "latest" reopens the newest run with the strip said
	// on standard error.
	if figs, _ := runs[0]["summary"].([]any); len(figs) != 6 || runs[0]["rows"] == nil {
		t.Errorf("runs: summary %v, rows %v", runs[0]["summary"], runs[0]["rows"])
	}
	if code, latest, errs := cliIn(t, dir, "recon", "show", "latest"); code != ExitOK || len(latest) != len(rows) || !strings.Contains(errs, "run "+id) ||
		!strings.Contains(errs, "2B ITC ₹") || !strings.Contains(errs, "Claim now ₹") || !strings.Contains(errs, "Not backed by 2A/2B ₹") {
		t.Errorf("show latest: %d, %d rows (want %d), %s", code, len(latest), len(rows), errs)
	}

	// As of January: nothing of March's 2B, the late invoice missing in 2B then (the run is of
	// March, so January is before it: every books document is awaiting).
	code, jan, errs := cliIn(t, dir, "recon", "show", id, "--as-of", "2025-02")
	if code != ExitOK {
		t.Fatalf("show --as-of: %d %s", code, errs)
	}
	for _, r := range jan {
		if _, ok := r["gstr2b"].(map[string]any); ok {
			t.Errorf("as of February, a document of March's 2B: %v", r)
		}
		if b, _ := r["books"].(map[string]any); b != nil && b["invoice_number"] == "S1/LATE/1" && r["status"] != "missing_in_2b" {
			t.Errorf("as of February, S1/LATE/1: %v", r)
		}
	}
	if !strings.Contains(errs, "as of 2025-02") || !strings.Contains(errs, "Viewed as of February 2025") {
		t.Errorf("show --as-of stderr %q", errs)
	}
	if code, _, errs := cliIn(t, dir, "recon", "show", id, "--as-of", "2025-13"); code != ExitUsage || !strings.Contains(errs, "not a month") {
		t.Errorf("--as-of 2025-13: %d %s", code, errs)
	}

	// The rows as a script reads them, whole: testdata/monthly/march.jsonl (GSTDESK_UPDATE_GOLDEN=1
	// rewrites it).
	var raw, rawErr bytes.Buffer
	mockKeyringOnce.Do(keyringMock)
	env := Env{Stdin: strings.NewReader(""), Stdout: &raw, Stderr: &rawErr, Getenv: func(k string) string {
		if k == "GSTDESK_DATA_DIR" {
			return dir
		}
		return ""
	}}
	if code := Main(context.Background(), env, []string{"recon", "show", id}); code != ExitOK {
		t.Fatalf("show: %d %s", code, rawErr.String())
	}
	golden := filepath.Join("testdata", "monthly", "march.jsonl")
	if os.Getenv("GSTDESK_UPDATE_GOLDEN") == "1" {
		os.WriteFile(golden, raw.Bytes(), 0o644)
	}
	if want, err := os.ReadFile(golden); err != nil || !bytes.Equal(want, raw.Bytes()) {
		t.Errorf("recon show differs from %s (%v); GSTDESK_UPDATE_GOLDEN=1 rewrites it:\n%s", golden, err, raw.String())
	}

	// The table says 2B.
	out := filepath.Join(t.TempDir(), "run.csv")
	if code, _, errs := cliIn(t, dir, "recon", "show", id, "--format", "csv", "--out", out); code != ExitOK {
		t.Fatalf("show csv: %d %s", code, errs)
	}
	csv, _ := os.ReadFile(out)
	if !strings.Contains(string(csv), "Missing in 2B") || strings.Contains(string(csv), "GSTR-2A") || strings.Contains(string(csv), "in 2A") || !strings.Contains(string(csv), "Recommendation rule") {
		t.Errorf("csv:\n%s", csv)
	}
}
