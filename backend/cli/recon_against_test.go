package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gstdesk/backend/desk"
)

// TestReconDefaultAgainst checks recon without --against: against GSTR-2B where one is stored for
// every period; against GSTR-2A only because a period has none, and said so on stderr; and a
// failure to read the stored 2Bs is an error (exit 1, words to act on), never a silent run against
// GSTR-2A.
func TestReconDefaultAgainst(t *testing.T) {
	dir := t.TempDir()
	files := t.TempDir()
	portal, _ := portal2B(t, files)
	if code, recs, errs := gstCLI(t, dir, "import", portal); code != ExitOK {
		t.Fatalf("import: %d %v %s", code, recs, errs)
	}
	reg := filepath.Join(files, "purchases.csv")
	os.WriteFile(reg, []byte("supplier_gstin,supplier_name,invoice_number,invoice_date,place_of_supply,reverse_charge,invoice_value,taxable_value,igst,cgst,sgst,cess\n"+
		"29AABCU9603R1ZJ,Acme,INV-1,05-10-2025,27,N,1180,1000,180,0,0,0\n"), 0o600)

	const fellBack = "reconciling against GSTR-2A: no GSTR-2B is stored for"
	tests := []struct {
		name    string
		args    []string
		note    string // on stderr, "" for none
		against string // what the summary line says
	}{
		{"2B stored", []string{"--month", "10"}, "", "against GSTR-2B"},
		{"one month without 2B", []string{"--month", "10", "--to-month", "11"}, fellBack + " Nov 2025.", "Missing in 2A"},
		{"no 2B", []string{"--month", "9"}, fellBack + " Sep 2025.", "Missing in 2A"},
		{"2A asked for", []string{"--month", "9", "--against", "2a"}, "", "Missing in 2A"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errs := cliIn(t, dir, append([]string{"recon", "--year", "2025", "--purchases", reg}, tt.args...)...)
			if code != ExitOK || !strings.Contains(errs, tt.against) {
				t.Fatalf("exit %d, stderr %q; want 0 and %q", code, errs, tt.against)
			}
			if tt.note == "" && strings.Contains(errs, fellBack) || tt.note != "" && !strings.Contains(errs, tt.note) {
				t.Errorf("stderr %q; want the note %q", errs, tt.note)
			}
		})
	}

	// The stored 2Bs cannot be read (a column gone): an error, not a run against 2A.
	d, err := desk.Open(context.Background(), desk.Options{Dir: dir, Getenv: func(string) string { return "" }})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Core.DB.ExecContext(context.Background(), `ALTER TABLE gstr2b_snapshots RENAME COLUMN note TO note_gone`); err != nil {
		t.Fatal(err)
	}
	d.Close()
	code, rows, errs := cliIn(t, dir, "recon", "--year", "2025", "--month", "10", "--purchases", reg)
	if code != ExitFailed || len(rows) != 0 || strings.Contains(errs, fellBack) || strings.Contains(errs, "Missing in 2A") ||
		!strings.Contains(errs, "Cannot tell whether a GSTR-2B is stored for Oct 2025") || !strings.Contains(errs, "--against 2a or --against 2b") {
		t.Errorf("unreadable 2B: exit %d, %d rows, stderr %q; want exit 1 and the error with what to do", code, len(rows), errs)
	}
	if code, _, errs := cliIn(t, dir, "recon", "--year", "2025", "--month", "10", "--purchases", reg, "--against", "2a"); code != ExitOK {
		t.Errorf("--against 2a with the 2Bs unreadable: exit %d %s", code, errs)
	}
}

// TestReconRegisterReportOnBothRoads checks that the purchase register's column mapping and the
// problems of its rows are said the same against GSTR-2B as against GSTR-2A, and that a register
// with errors is refused on both roads with each problem named.
func TestReconRegisterReportOnBothRoads(t *testing.T) {
	files := t.TempDir()
	portal, _ := portal2B(t, files)
	// No IGST column, and a row without a supplier GSTIN: warnings, not errors.
	warned := filepath.Join(files, "warned.csv")
	os.WriteFile(warned, []byte("GSTIN of supplier,Supplier name,Invoice number,Invoice date,Invoice value,Taxable value,CGST,SGST\n"+
		"29AABCU9603R1ZJ,Acme,INV-1,05-10-2025,1180,1000,90,90\n"+
		",Cash,INV-2,06-10-2025,118,100,9,9\n"), 0o600)
	bad := filepath.Join(files, "bad.csv")
	os.WriteFile(bad, []byte("supplier_gstin,invoice_number,invoice_date,taxable_value,igst\n29AABCU9603R1ZJ,INV-1,31-10-2025,x,0\n"), 0o600)

	// report keeps the lines of stderr that speak of the register.
	report := func(errs string) []string {
		var out []string
		for _, l := range strings.Split(errs, "\n") {
			if strings.Contains(l, "read from column") || strings.Contains(l, "warned.csv") || strings.Contains(l, "bad.csv") {
				out = append(out, l)
			}
		}
		return out
	}
	for _, tt := range []struct {
		reg  string
		code int
		want []string // in the report
	}{
		{warned, ExitOK, []string{`gstdesk recon: supplier_gstin read from column "GSTIN of supplier".`, "warning: ", "IGST"}},
		{bad, ExitFailed, []string{`bad.csv, row 2, column "taxable_value": "x"`}},
	} {
		var got [][]string
		for _, against := range []string{"2b", "2a"} {
			dir := t.TempDir()
			if code, recs, errs := gstCLI(t, dir, "import", portal); code != ExitOK {
				t.Fatalf("import: %d %v %s", code, recs, errs)
			}
			code, _, errs := cliIn(t, dir, "recon", "--year", "2025", "--month", "10", "--purchases", tt.reg, "--against", against)
			r := report(errs)
			if code != tt.code || !containsAll(strings.Join(r, "\n"), tt.want) {
				t.Errorf("%s against %s: exit %d, stderr %q; want exit %d and %q", filepath.Base(tt.reg), against, code, errs, tt.code, tt.want)
			}
			got = append(got, r)
			t.Logf("%s against %s:\n%s", filepath.Base(tt.reg), against, strings.Join(r, "\n"))
		}
		if strings.Join(got[0], "\n") != strings.Join(got[1], "\n") {
			t.Errorf("%s: against 2B the register report is\n%s\nagainst 2A\n%s", filepath.Base(tt.reg), strings.Join(got[0], "\n"), strings.Join(got[1], "\n"))
		}
	}
}

func containsAll(s string, subs []string) bool {
	for _, sub := range subs {
		if !strings.Contains(s, sub) {
			return false
		}
	}
	return true
}
