package salary

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"github.com/xuri/excelize/v2"

	"gstdesk/backend/desk/core/coretest"
	"gstdesk/backend/payroll"
	"gstdesk/backend/tds"
)

// payrollXLSX makes an XLSX payroll of n employees with the template's key headers.
func payrollXLSX(b testing.TB, n int) []byte {
	f := excelize.NewFile()
	sw, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		b.Fatal(err)
	}
	keys := tds.Keys()
	head := []any{"name", "employee_code", "pan"}
	for _, k := range keys {
		head = append(head, k)
	}
	sw.SetRow("A1", head)
	row := make([]any, len(head))
	for i := 0; i < n; i++ {
		row[0], row[1], row[2] = fmt.Sprintf("Employee %d", i), fmt.Sprintf("E%05d", i), fmt.Sprintf("ABCPE%04dK", i%10000)
		for j, k := range keys {
			var v any = 0
			switch k {
			case "pan_status":
				v = "PANISVALID"
			case "employee_category":
				v = "general"
			case "salary_as_per_provisions_contained_in_section_17_1":
				v = 300000 + (i*7919)%3000000
			case "house_rent_allowance_us_10_13_a":
				v = (i * 31) % 200000
			case "deductible_amount_us_80_c":
				v = (i * 13) % 150000
			}
			row[3+j] = v
		}
		cell, _ := excelize.CoordinatesToCellName(1, i+2)
		sw.SetRow(cell, row)
	}
	sw.Flush()
	var buf bytes.Buffer
	if _, err := f.WriteTo(&buf); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}

// BenchmarkXLSX10kToRunTable is the path: 10,000 employees from XLSX (the file the window's
// Open dialog chose) to the run's table on screen: import, compute both regimes, store the run,
// read the first page of the table.
func BenchmarkXLSX10kToRunTable(b *testing.B) {
	data := coretest.File(b, "payroll.xlsx", string(payrollXLSX(b, 10000)))
	ctx := context.Background()
	for b.Loop() {
		b.StopTimer()
		s := openService(b)
		b.StartTimer()
		im, err := s.TDSImportPath(ctx, data)
		if err != nil {
			b.Fatal(err)
		}
		id, err := s.TDSStartRun(ctx, im.Token, tds.FY(2025), 0, false)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := s.core.WaitJob(ctx, id); err != nil {
			b.Fatal(err)
		}
		run, err := s.TDSRunResult(id)
		if err != nil {
			b.Fatal(err)
		}
		page, err := s.TDSRows(ctx, run.ID, payroll.Query{Limit: 100})
		if err != nil || len(page.Rows) != 100 {
			b.Fatalf("page: %d rows, %v", len(page.Rows), err)
		}
		b.StopTimer()
		s.core.Close()
		b.StartTimer()
	}
}
