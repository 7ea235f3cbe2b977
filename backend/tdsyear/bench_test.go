package tdsyear

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/benchcpu"
	"gstdesk/backend/payroll"
	"gstdesk/backend/tds"
)

// bigMonth is a month file of n employees.
func bigMonth(n int) []byte {
	var b strings.Builder
	b.WriteString("employee_code,name,pan,regime,salary_as_per_provisions_contained_in_section_17_1,tds_deducted,deductible_amount_us_80_c,house_rent_allowance_us_10_13_a,tax_on_employment_us_16_iii\n")
	for i := range n {
		regime := ""
		if i%5 == 0 {
			regime = "old"
		}
		fmt.Fprintf(&b, "E%06d,Employee %d,ABCPE%04dK,%s,%d,,%d,%d,200\n", i, i, i%10000, regime, 50_000+i%200*1_000, i%3*50_000, i%4*10_000)
	}
	return []byte(b.String())
}

// BenchmarkMonth100k imports November for 100,000 employees with April to October recorded:
// read the file, compute each employee's month from the year so far, store it.
func BenchmarkMonth100k(b *testing.B) {
	const n = 100_000
	data := bigMonth(n)
	db := openDB(b)
	ctx := context.Background()
	const fy = tds.FY(2025)
	for _, m := range months[:7] {
		im, err := ReadFile(ctx, "m.csv", data, payroll.DefaultLimits)
		if err != nil {
			b.Fatal(err)
		}
		if res, err := ImportMonth(ctx, db.DB, ws, fy, m, im, Options{Now: testNow}); err != nil {
			b.Fatalf("%v %v", err, res.Problems[:min(3, len(res.Problems))])
		}
	}
	b.ResetTimer()
	var peak uint64
	for range b.N {
		var before runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		start, cpu0 := time.Now(), benchcpu.Used()
		measured(ctx, func(ctx context.Context) {
			im, err := ReadFile(ctx, "november.csv", data, payroll.DefaultLimits)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := ImportMonth(ctx, db.DB, ws, fy, time.November, im, Options{Now: testNow}); err != nil {
				b.Fatal(err)
			}
		})
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		peak = max(peak, after.TotalAlloc-before.TotalAlloc)
		b.ReportMetric(float64(time.Since(start).Milliseconds()), "ms/month")
		// CPU time (user + system, every thread) tells the work apart from the waiting on a
		// machine shared with other jobs.
		b.ReportMetric(float64((benchcpu.Used() - cpu0).Milliseconds()), "cpu-ms/month")
	}
	b.ReportMetric(float64(peak>>20), "MB-allocated")
}

// measured runs fn with the profiler label phase=measured (goroutines it starts inherit it), so a
// CPU profile of a benchmark can be narrowed to the measured work, without the setup:
// go tool pprof -tagfocus phase=measured -top -cum ...
func measured(ctx context.Context, fn func(context.Context)) {
	if p := os.Getenv("TDSYEAR_PROFILE"); p != "" {
		f, _ := os.Create(p)
		pprof.StartCPUProfile(f)
		defer f.Close()
		defer pprof.StopCPUProfile()
	}
	pprof.Do(ctx, pprof.Labels("phase", "measured"), fn)
}

// BenchmarkAnnexure100k writes the annexure of 100,000 employees with a month recorded.
func BenchmarkAnnexure100k(b *testing.B) {
	db := openDB(b)
	ctx := context.Background()
	im, _ := ReadFile(ctx, "m.csv", bigMonth(100_000), payroll.DefaultLimits)
	if _, err := ImportMonth(ctx, db.DB, ws, 2025, time.April, im, Options{Now: testNow}); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		cpu0 := benchcpu.Used()
		measured(ctx, func(ctx context.Context) {
			y, err := Year(ctx, db.DB, ws, 2025, "")
			if err != nil {
				b.Fatal(err)
			}
			a := BuildAnnexure(2025, employer, y)
			if err := a.WriteXLSX(io.Discard); err != nil {
				b.Fatal(err)
			}
		})
		b.ReportMetric(float64((benchcpu.Used() - cpu0).Milliseconds()), "cpu-ms/op")
	}
}

// BenchmarkForms writes Form 16 Part B (PDF and XLSX) for employees; per employee.
func BenchmarkForms(b *testing.B) {
	db := openDB(b)
	ctx := context.Background()
	im, _ := ReadFile(ctx, "m.csv", bigMonth(100), payroll.DefaultLimits)
	ImportMonth(ctx, db.DB, ws, 2025, time.April, im, Options{Now: testNow})
	y, _ := Year(ctx, db.DB, ws, 2025, "")
	made := time.Now()
	var buf bytes.Buffer
	b.ResetTimer()
	cpu0 := benchcpu.Used()
	defer func() { b.ReportMetric(float64((benchcpu.Used()-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/op") }()
	for i := range b.N {
		certs, err := Certificates(2025, employer, &y[i%len(y)])
		if err != nil {
			b.Fatal(err)
		}
		for _, c := range certs {
			buf.Reset()
			c.WritePDF(&buf, made)
			buf.Reset()
			c.WriteXLSX(&buf)
		}
	}
}
