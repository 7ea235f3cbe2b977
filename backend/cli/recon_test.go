package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// reconEnv runs gstdesk with the data folder dir and returns the exit code and both streams.
func reconEnv(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	env := Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Getenv: func(k string) string {
		if k == "GSTDESK_DATA_DIR" {
			return dir
		}
		return ""
	}}
	code := Main(context.Background(), env, args)
	return code, out.String(), errb.String()
}

func TestReconCommand(t *testing.T) {
	dir := t.TempDir()
	reg := filepath.Join(dir, "purchases.csv")
	csv := "supplier_gstin,supplier_name,invoice_number,invoice_date,place_of_supply,reverse_charge,invoice_value,taxable_value,igst,cgst,sgst,cess\n" +
		"27AAPFU0939F1ZV,Acme,INV/2024-25/0042,05-07-2024,27,N,1180,1000,0,90,90,0\n" +
		"27AAPFU0939F1ZV,Acme,INV/2024-25/0043,06/07/2024,27,N,2360,2000,0,180,180,0\n" +
		"27AAPFU0939F1ZV,Acme,INV/2024-25/0044,07-07-2024,27,N,118,100,0,9,9,0\n" +
		"27AAPFU0939F1ZV,Acme,INV/2024-25/0001,07-08-2024,27,N,118,100,0,9,9,0\n" // August: left out
	if err := os.WriteFile(reg, []byte(csv), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := reconEnv(t, dir, "recon", "--year", "2024", "--month", "07", "--purchases", reg)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	// No GSTR-2A is stored for July: the run says so, and every July invoice is missing in 2A.
	if !strings.Contains(errs, "1 register invoice(s) dated outside 2024-07 to 2024-07 left out") || !strings.Contains(errs, "no GSTR-2A stored for 2024-07") ||
		!strings.Contains(errs, "Exact match 0, Suggested match 0, Mismatch 0, Missing in 2A 3, Missing in books 0") {
		t.Errorf("stderr = %s", errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 {
		t.Fatalf("got %d lines:\n%s", len(lines), out)
	}
	for _, l := range lines {
		var row struct {
			Status string           `json:"status"`
			Books  *json.RawMessage `json:"books"`
			GSTR2A *json.RawMessage `json:"gstr2a"`
			Rule   string           `json:"rule"`
		}
		if err := json.Unmarshal([]byte(l), &row); err != nil {
			t.Fatalf("%v: %s", err, l)
		}
		if row.Status != "missing_in_2a" || row.Books == nil || row.GSTR2A != nil || row.Rule == "" {
			t.Errorf("row: %s", l)
		}
	}
}

func TestReconCommandErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.csv")
	os.WriteFile(bad, []byte("supplier_gstin,invoice_number,invoice_date,taxable_value,igst\n27AAPFU0939F1ZV,1,31-02-2024,x,0\n"), 0o644)
	tests := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"recon"}, ExitUsage, "--year must be"},
		{[]string{"recon", "--year", "2024", "--month", "13"}, ExitUsage, "is not a month"},
		{[]string{"recon", "--year", "2024", "--month", "7"}, ExitUsage, "--purchases FILE is required"},
		{[]string{"recon", "--year", "2024", "--month", "7", "--purchases", "x.csv", "--tolerance", "abc"}, ExitUsage, "--tolerance must be rupees"},
		{[]string{"recon", "--year", "2024", "--month", "7", "--purchases", "x.csv", "--format", "pdf"}, ExitUsage, "Unknown export format"},
		{[]string{"recon", "--year", "2024", "--month", "7", "--purchases", filepath.Join(dir, "none.csv")}, ExitFailed, "Cannot open"},
		{[]string{"recon", "--year", "2024", "--month", "7", "--purchases", bad}, ExitFailed, `bad.csv, row 2, column "invoice_date": "31-02-2024"`},
		{[]string{"recon", "--year", "2024", "--month", "7", "--purchases", bad}, ExitFailed, `bad.csv, row 2, column "taxable_value": "x"`},
		{[]string{"recon", "-h"}, ExitOK, "usage: gstdesk recon"},
	}
	for _, tt := range tests {
		code, _, errs := reconEnv(t, dir, tt.args...)
		if code != tt.code || !strings.Contains(errs, tt.msg) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tt.args, code, errs, tt.code, tt.msg)
		}
	}
}

func TestPeriodRange(t *testing.T) {
	if got := periodRange(2024, 4, 3); len(got) != 12 || got[0] != "2024-04" || got[11] != "2025-03" {
		t.Errorf("FY range = %v", got)
	}
	if got := periodRange(2024, 7, 9); !reflect.DeepEqual(got, []string{"2024-07", "2024-08", "2024-09"}) {
		t.Errorf("quarter = %v", got)
	}
}
