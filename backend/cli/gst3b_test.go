package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gstdesk/backend/desk"
	"gstdesk/backend/period/periodtest"

	"github.com/xuri/excelize/v2"
)

// rowFigure is the figure of a Table 4 row of a printed worksheet, by head name.
func rowFigure(t *testing.T, sheet map[string]any, code string) map[string]any {
	t.Helper()
	for _, r := range asSlice(sheet["rows"]) {
		if m := r.(map[string]any); m["code"] == code {
			return m["figure"].(map[string]any)
		}
	}
	t.Fatalf("no row %s in %v", code, sheet["rows"])
	return nil
}

func lineKinds(sheet map[string]any) []string {
	var out []string
	for _, l := range asSlice(sheet["bridge"]) {
		out = append(out, l.(map[string]any)["kind"].(string))
	}
	return out
}

// TestGST3BWorksheetThroughTheCommandLine imports a GSTR-2B, reconciles a register with it, and
// walks the worksheet, a hold, a claim in the next month, the ledgers and GSTR-9 through the
// command line, checking that it prints the figures the service returns.
func TestGST3BWorksheetThroughTheCommandLine(t *testing.T) {
	dir, files := t.TempDir(), t.TempDir()
	portal, _ := portal2B(t, files)
	if code, recs, errs := gstCLI(t, dir, "import", portal); code != ExitOK {
		t.Fatalf("import: %d %v %s", code, recs, errs)
	}
	// T/1 booked as in the 2B; T/0-A not booked; E/9 booked with ₹50 more taxable value.
	reg := filepath.Join(files, "purchases.csv")
	os.WriteFile(reg, []byte("supplier_gstin,supplier_name,invoice_number,invoice_date,place_of_supply,reverse_charge,invoice_value,taxable_value,igst,cgst,sgst,cess\n"+
		"29AABCT1332L1ZT,Tata,T/1,02-10-2025,27,N,1180,1000,180,0,0,0\n"+
		"29AABCT1332L1ZT,Tata,E/9,03-10-2025,27,N,168,150,18,0,0,0\n"), 0o600)
	if code, _, errs := cliIn(t, dir, "recon", "--year", "2025", "--month", "10", "--purchases", reg); code != ExitOK || !strings.Contains(errs, "against GSTR-2B") {
		t.Fatalf("recon: %d %s", code, errs)
	}

	code, recs, errs := gstCLI(t, dir, "3b", "--year", "2025", "--month", "10")
	if code != ExitOK || len(recs) != 1 {
		t.Fatalf("3b: %d %v %s", code, recs, errs)
	}
	sheet := recs[0]
	// The summary says ₹180; the documents ₹288 (T/1 180, E/9 18, T/0-A 90): a line says so.
	// T/0-A (90) is not booked and E/9 (18) held for the mismatch: 4(B)(2) is 108.
	if got := rowFigure(t, sheet, "4A5")["igst_rupees"]; got != 288.0 {
		t.Errorf("4A5 IGST %v, want 288", got)
	}
	if got := rowFigure(t, sheet, "4B2")["igst_rupees"]; got != 108.0 {
		t.Errorf("4B2 IGST %v, want 108", got)
	}
	if got := rowFigure(t, sheet, "4C")["total_rupees"]; got != 180.0 {
		t.Errorf("4C %v, want 180", got)
	}
	kinds := strings.Join(lineKinds(sheet), ",")
	for _, k := range []string{"summary_vs_documents", "not_booked", "held"} {
		if !strings.Contains(kinds, k) {
			t.Errorf("bridge %s has no %s", kinds, k)
		}
	}
	if !strings.Contains(errs, "4(C)") || !strings.Contains(errs, "bridge: Not booked: 1 documents") {
		t.Errorf("stderr %q", errs)
	}

	// The same figures as the service returns.
	d, err := desk.Open(context.Background(), desk.Options{Dir: dir, Getenv: func(string) string { return "" }})
	if err != nil {
		t.Fatal(err)
	}
	svc, err := d.Recon.Table4(context.Background(), periodtest.Month("2025-10"))
	d.Close()
	if err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(svc.Rows)
	got, _ := json.Marshal(sheet["rows"])
	var a, b any
	json.Unmarshal(want, &a)
	json.Unmarshal(got, &b)
	wa, _ := json.Marshal(a)
	gb, _ := json.Marshal(b)
	if string(wa) != string(gb) {
		t.Errorf("rows printed differ from the service's:\n%s\n%s", gb, wa)
	}

	// Hold T/1, then claim it in November: reclaimed there, from the credit reversal statement.
	if code, recs, errs := gstCLI(t, dir, "3b", "hold", "29AABCT1332L1ZT", "T/1", "--period", "2025-10", "--reason", "goods not received"); code != ExitOK || len(recs) != 2 {
		t.Fatalf("hold: %d %v %s", code, recs, errs)
	}
	_, recs, _ = gstCLI(t, dir, "3b", "--year", "2025", "--month", "10")
	if !strings.Contains(strings.Join(lineKinds(recs[0]), ","), "held_by_person") || rowFigure(t, recs[0], "4C")["total_rupees"] != 0.0 {
		t.Errorf("after hold: %v 4C %v", lineKinds(recs[0]), rowFigure(t, recs[0], "4C"))
	}
	if code, _, errs := gstCLI(t, dir, "3b", "claim", "29AABCT1332L1ZT", "T/1", "--period", "2025-11"); code != ExitOK {
		t.Fatalf("claim: %d %s", code, errs)
	}
	if code, _, errs := gstCLI(t, dir, "3b", "ledger", "--opening", "ecrs", "--period", "2025-11", "--igst", "50.00"); code != ExitOK {
		t.Fatalf("opening: %d %s", code, errs)
	}
	// No GSTR-2B is kept for November: the worksheet is printed (the reclaim is there) and the
	// command fails saying what to pull, as gst 2b --offline does for the month.
	code, recs, errs = gstCLI(t, dir, "3b", "--year", "2025", "--month", "11")
	if code != ExitFailed || !strings.Contains(errs, "No GSTR-2B is kept for 2025-11") || rowFigure(t, recs[0], "4D1")["igst_rupees"] != 180.0 || !strings.Contains(errs, "warning: Nov 2025: the credit reclaimed in 4(D)(1) is above") {
		t.Errorf("November: %d 4D1 %v stderr %q", code, rowFigure(t, recs[0], "4D1"), errs)
	}
	code, recs, _ = gstCLI(t, dir, "3b", "ledger", "--year", "2025", "--month", "11")
	if code != ExitOK || len(recs) != 2 || recs[0]["ledger"] != "ecrs" {
		t.Errorf("ledger: %d %v", code, recs)
	}
	if code, _, errs := gstCLI(t, dir, "3b", "ledger", "--opening", "ecrs", "--period", "2025-11"); code != ExitFailed || !strings.Contains(errs, "--replace") {
		t.Errorf("second opening: %d %s", code, errs)
	}
	if code, recs, _ := gstCLI(t, dir, "3b", "log", "29AABCT1332L1ZT", "T/1"); code != ExitOK || len(recs) != 4 {
		t.Errorf("log: %d %v", code, recs)
	}

	// Files, and GSTR-9.
	out := filepath.Join(files, "t4.xlsx")
	if code, _, errs := gstCLI(t, dir, "3b", "--year", "2025", "--month", "10", "--format", "xlsx", "--out", out); code != ExitOK {
		t.Fatalf("xlsx: %d %s", code, errs)
	}
	x, err := excelize.OpenFile(out)
	if err != nil {
		t.Fatal(err)
	}
	sheets := x.GetSheetList()
	rows, _ := x.GetRows(sheets[0], excelize.Options{RawCellValue: true})
	x.Close()
	// The portal's layout (T/1 held by now: 4(B)(2) is 288 too): a row per 4(A)(1)..4(D)(2), its four heads; then the parts, the
	// bridge, the documents, the notes.
	if len(sheets) != 5 || sheets[3] != "Documents" || len(rows) != 11 || rows[5][0] != "4(A)(5)" || rows[5][2] != "288" || rows[7][2] != "288" || rows[0][2] != "Integrated Tax" {
		t.Errorf("workbook sheets %v, first sheet %v", sheets, rows)
	}
	code, recs, errs = gstCLI(t, dir, "9", "--fy", "FY 2025-26")
	if code != ExitOK || len(recs) != 1 || !strings.Contains(errs, "due 2026-12-31") {
		t.Fatalf("9: %d %v %s", code, recs, errs)
	}
	if n := len(asSlice(recs[0]["tables"])); n != 8 {
		t.Errorf("%d tables", n)
	}
	if code, _, errs := gstCLI(t, dir, "9", "--fy", "FY 2025-26", "--format", "xlsx", "--out", filepath.Join(files, "g9.xlsx")); code != ExitOK {
		t.Errorf("9 xlsx: %d %s", code, errs)
	}
}

func TestGST3BUsage(t *testing.T) {
	dir := t.TempDir()
	tests := [][]string{
		{"3b"},
		{"3b", "--year", "2025"},
		{"3b", "--year", "2025", "--month", "10", "--format", "csv", "--out", filepath.Join(dir, "x.csv")},
		{"3b", "claim", "29AABCT1332L1ZT"},
		{"3b", "hold", "29AABCT1332L1ZT", "T/1"},
		{"3b", "ledger"},
		{"9"},
		{"9", "--fy", "next year"},
	}
	for _, args := range tests {
		if code, _, errs := gstCLI(t, dir, args...); code != ExitUsage {
			t.Errorf("%v: exit %d, want 2 (%s)", args, code, errs)
		}
	}
	// No 2B kept for the month: a Table 4 of zeros is not the month's; exit 1, saying what to do
	// (as gst 2b --offline does), with --out too.
	xlsx := filepath.Join(t.TempDir(), "t4.xlsx")
	for _, args := range [][]string{{"3b", "--year", "2025", "--month", "3"}, {"3b", "--year", "2025", "--month", "3", "--format", "xlsx", "--out", xlsx}} {
		code, _, errs := gstCLI(t, dir, args...)
		if code != ExitFailed || !strings.Contains(errs, "No GSTR-2B is kept for 2025-03") || !strings.Contains(errs, "gstdesk gst 2b --year 2025 --month 3") {
			t.Errorf("%v with no 2B: exit %d %s", args, code, errs)
		}
		if code, _, _ := gstCLI(t, dir, "2b", "--offline", "--year", "2025", "--month", "3"); code != ExitFailed {
			t.Errorf("gst 2b --offline for the month: exit %d, want 1 as gst 3b", code)
		}
	}
}
