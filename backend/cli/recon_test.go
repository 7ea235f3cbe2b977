package cli

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"gstdesk/backend/recon"
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
	var asked []string
	saved := LoadGSTR2A
	defer func() { LoadGSTR2A = saved }()
	LoadGSTR2A = func(ctx context.Context, db *sql.DB, ws string, periods []string) ([]recon.Invoice, error) {
		asked = periods
		mk := func(num, date string, taxable, tax int64) recon.Invoice {
			return recon.Invoice{Source: recon.GSTR2A, RowRef: "2A " + num, SupplierGSTIN: "27AAPFU0939F1ZV", Number: num, Date: date, PlaceOfSupply: "27",
				Taxable: recon.Paise(taxable), CGST: recon.Paise(tax), SGST: recon.Paise(tax), Value: recon.Paise(taxable + 2*tax), Period: "2024-07", FiledGSTR1: "Y", FiledGSTR3B: "Y"}
		}
		return []recon.Invoice{mk("inv-42/24-25", "2024-07-05", 100000, 9000), mk("INV-43", "2024-07-06", 190000, 17100), mk("INV-99", "2024-07-30", 50000, 4500)}, nil
	}

	code, out, errs := reconEnv(t, dir, "recon", "--year", "2024", "--month", "07", "--purchases", reg)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !reflect.DeepEqual(asked, []string{"2024-07"}) {
		t.Errorf("periods asked = %v", asked)
	}
	if !strings.Contains(errs, "1 register invoice(s) dated outside 2024-07 to 2024-07 left out") || !strings.Contains(errs, "Exact match 1, Suggested match 0, Mismatch 1, Missing in 2A 1, Missing in books 1") {
		t.Errorf("stderr = %s", errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 {
		t.Fatalf("got %d lines:\n%s", len(lines), out)
	}
	var statuses []string
	for _, l := range lines {
		var row struct {
			Status      string           `json:"status"`
			Books       *json.RawMessage `json:"books"`
			GSTR2A      *json.RawMessage `json:"gstr2a"`
			Rule        string           `json:"rule"`
			Differences []struct {
				Field  string `json:"field"`
				Books  string `json:"books"`
				GSTR2A string `json:"gstr2a"`
			} `json:"differences"`
		}
		if err := json.Unmarshal([]byte(l), &row); err != nil {
			t.Fatalf("%v: %s", err, l)
		}
		statuses = append(statuses, row.Status)
		if row.Rule == "" || row.Differences == nil {
			t.Errorf("row without rule or differences: %s", l)
		}
		switch row.Status {
		case "mismatch":
			if len(row.Differences) != 4 || row.Differences[1].Field != "taxable_value" || row.Differences[1].Books != "2000.00" || row.Differences[1].GSTR2A != "1900.00" {
				t.Errorf("mismatch differences = %+v", row.Differences)
			}
		case "missing_in_2a":
			if row.Books == nil || row.GSTR2A != nil {
				t.Errorf("missing in 2A row: %s", l)
			}
		case "missing_in_books":
			if row.Books != nil || row.GSTR2A == nil {
				t.Errorf("missing in books row: %s", l)
			}
		}
	}
	if want := []string{"exact", "mismatch", "missing_in_2a", "missing_in_books"}; !reflect.DeepEqual(statuses, want) {
		t.Errorf("statuses = %v, want %v", statuses, want)
	}

	// CSV to a file, with a wider tolerance: one line per row after the header
	outFile := filepath.Join(dir, "out.csv")
	code, _, errs = reconEnv(t, dir, "recon", "--year", "2024", "--month", "7", "--purchases", reg, "--tolerance", "100", "--format", "csv", "--out", outFile)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	b, _ := os.ReadFile(outFile)
	if !strings.HasPrefix(string(b), "\ufeffperiod,status,rule") || strings.Count(string(b), "\n") != 5 {
		t.Errorf("csv =\n%s", b)
	}
}

func TestReconCommandErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.csv")
	os.WriteFile(bad, []byte("supplier_gstin,invoice_number,invoice_date,taxable_value\n27AAPFU0939F1ZV,1,31-02-2024,x\n"), 0o644)
	tests := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"recon"}, ExitUsage, "--year must be"},
		{[]string{"recon", "--year", "2024", "--month", "13"}, ExitUsage, "--month must be 1 to 12"},
		{[]string{"recon", "--year", "2024", "--month", "7"}, ExitUsage, "--purchases FILE is required"},
		{[]string{"recon", "--year", "2024", "--month", "7", "--purchases", "x.csv", "--tolerance", "abc"}, ExitUsage, "--tolerance must be rupees"},
		{[]string{"recon", "--year", "2024", "--month", "7", "--purchases", "x.csv", "--format", "pdf"}, ExitUsage, "Unknown export format"},
		{[]string{"recon", "--year", "2024", "--month", "7", "--purchases", filepath.Join(dir, "none.csv")}, ExitFailed, "cannot read the register"},
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
	saved := LoadGSTR2A
	defer func() { LoadGSTR2A = saved }()
	LoadGSTR2A = nil
	good := filepath.Join(dir, "good.csv")
	os.WriteFile(good, []byte("supplier_gstin,invoice_number,invoice_date,taxable_value\n27AAPFU0939F1ZV,1,01-07-2024,1\n"), 0o644)
	code, _, errs := reconEnv(t, dir, "recon", "--year", "2024", "--month", "7", "--purchases", good)
	if code != ExitFailed || !strings.Contains(errs, "GSTR-2A storage is not available") {
		t.Errorf("no loader: exit %d, %s", code, errs)
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
