package payroll

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"gstdesk/backend/export"
	"gstdesk/backend/tds"
)

// TestMemRead reads the payroll file named by GSTDESK_MEM_READ, for measuring the reading's peak
// memory from outside (testdata/BENCHMARKS.md has the commands); GSTDESK_MEM_GEN=dir first writes
// the 200,000-employee XLSX (the results sheet of a run, 62 columns) there. Skipped otherwise.
func TestMemRead(t *testing.T) {
	if dir := os.Getenv("GSTDESK_MEM_GEN"); dir != "" {
		data := payrollCSV(200_000)
		ctx := context.Background()
		im, err := Read(ctx, "p.csv", bytes.NewReader(data), int64(len(data)), Options{})
		if err != nil {
			t.Fatal(err)
		}
		res, err := Compute(ctx, im.Employees, tds.FY(2025), nil)
		if err != nil {
			t.Fatal(err)
		}
		f, err := os.Create(filepath.Join(dir, "payroll200k.xlsx"))
		if err != nil {
			t.Fatal(err)
		}
		if err := export.Write(f, export.XLSX, FullTable(im.Employees, res)); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, "payroll200k.csv"), data, 0o644)
		return
	}
	path := os.Getenv("GSTDESK_MEM_READ")
	if path == "" {
		t.Skip("set GSTDESK_MEM_READ (and GSTDESK_MEM_GEN) to measure")
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st, _ := f.Stat()
	im, err := Read(context.Background(), path, f, st.Size(), Options{Limits: Limits{MaxBytes: 256 << 20, MaxXLSXBytes: 256 << 20, MaxRows: 200_000}})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: %d employees, %d problems", filepath.Base(path), len(im.Employees), im.ProblemCount)
}
