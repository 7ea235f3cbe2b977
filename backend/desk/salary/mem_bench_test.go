package salary

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"gstdesk/backend/benchcpu"
	"gstdesk/backend/payroll"
	"gstdesk/backend/tds"
)

// BenchmarkPayroll200kFromPath is the window's road for a payroll of 200,000 employees (CSV): the
// path the Open dialog gives to TDSImportPath (the preview: counts and problems), then the run as a
// job (each employee computed and stored as the file is read again), then the first page of the
// run's table. It reports the process's peak own memory (RssAnon, sampled every 5 ms: the Go heap
// and SQLite's, not the shared libraries' pages) at the end of each step. See
// frontend/e2e/measure/BENCHMARKS.md.
func BenchmarkPayroll200kFromPath(b *testing.B) {
	path := filepath.Join(b.TempDir(), "payroll-200k.csv")
	writePayrollCSV(b, path, 200000)
	ctx := context.Background()
	peak := benchcpu.PeakAnon(b)
	for b.Loop() {
		b.StopTimer()
		s := openService(b)
		b.StartTimer()
		im, err := s.TDSImportPath(ctx, path)
		if err != nil || im.Employees != 200000 {
			b.Fatalf("import: %d employees, %v", im.Employees, err)
		}
		b.ReportMetric(float64(peak()), "import-peak-MB")
		id, err := s.TDSStartRun(ctx, im.Token, tds.FY(2025), 6, false)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := s.core.WaitJob(ctx, id); err != nil {
			b.Fatal(err)
		}
		run, err := s.TDSRunResult(id)
		if err != nil || run.Totals.Employees != 200000 {
			b.Fatalf("run: %d employees, %v", run.Totals.Employees, err)
		}
		b.ReportMetric(float64(peak()), "run-peak-MB")
		page, err := s.TDSRows(ctx, run.ID, payroll.Query{Limit: 100})
		if err != nil || len(page.Rows) != 100 {
			b.Fatalf("page: %d rows, %v", len(page.Rows), err)
		}
		b.ReportMetric(float64(peak()), "page-peak-MB")
		b.StopTimer()
		s.core.Close()
		b.StartTimer()
	}
}

// writePayrollCSV writes a payroll of n employees (unique codes and PANs) straight to a file.
func writePayrollCSV(b testing.TB, path string, n int) {
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	fmt.Fprintln(w, "employee_code,name,pan,pan_status,employee_category,salary_as_per_provisions_contained_in_section_17_1,deductible_amount_us_80_c,professional_tax")
	for i := 0; i < n; i++ {
		fmt.Fprintf(w, "E%06d,Employee %d,ABCP%c%04dK,PANISVALID,general,%d,%d,2400\n", i+1, i+1, 'A'+i/10000%26, i%10000, 600000+(i%900)*1000, (i*7)%150000)
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	f.Close()
}
