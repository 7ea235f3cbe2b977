package payroll

import (
	"bytes"
	"context"
	"fmt"
	"math/rand"
	"os"
	"testing"

	"gstdesk/backend/export"
	"gstdesk/backend/tds"
)

// payrollCSV makes a CSV payroll of n random employees (deterministic) with identifier columns
// and the items people usually fill.
func payrollCSV(n int) []byte {
	var b bytes.Buffer
	b.WriteString("employee_code,name,pan,pan_status,employee_category,salary_as_per_provisions_contained_in_section_17_1,value_of_perquisites_us_17_2,house_rent_allowance_us_10_13_a,tax_on_employment_us_16_iii,income_from_house_property_reported_by_employee_offered_for_tds,gross_amount_us_80_c,deductible_amount_us_80_c,deductible_amount_us_80_d,deductible_amount_us_80_ccd_1_b,tds_by_previous_employers\n")
	r := rand.New(rand.NewSource(1))
	cats := []string{"general", "general", "general", "senior_citizen", "super_senior_citizen"}
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "E%06d,Employee %d,ABCPE%04dK,PANISVALID,%s,%d,%d,%d,2400,%d,150000,%d,%d,%d,0\n", i, i, i%10000, cats[r.Intn(5)], 300000+r.Intn(5000000), r.Intn(50000), r.Intn(300000), -r.Intn(200000), r.Intn(150001), r.Intn(50000), r.Intn(50000))
	}
	return b.Bytes()
}

// BenchmarkCSVToResults is the command line's batch: 100,000 employees from CSV to the results CSV.
func BenchmarkCSVToResults(b *testing.B) {
	data := payrollCSV(100_000)
	ctx := context.Background()
	for b.Loop() {
		im, err := Read(ctx, "p.csv", bytes.NewReader(data), int64(len(data)), Options{})
		if err != nil {
			b.Fatal(err)
		}
		res, err := Compute(ctx, im.Employees, tds.FY(2025), nil)
		if err != nil {
			b.Fatal(err)
		}
		if err := WriteFullCSV(&bytes.Buffer{}, im.Employees, res); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkReadCSV(b *testing.B) {
	data := payrollCSV(100_000)
	if os.Getenv("X") != "" {
		os.WriteFile(os.Getenv("X"), data, 0o644)
	}
	for b.Loop() {
		if _, err := Read(context.Background(), "p.csv", bytes.NewReader(data), int64(len(data)), Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadXLSX10k reads 10,000 employees from an XLSX file (the results sheet of a run).
func BenchmarkReadXLSX10k(b *testing.B) {
	data := payrollCSV(10_000)
	ctx := context.Background()
	im, err := Read(ctx, "p.csv", bytes.NewReader(data), int64(len(data)), Options{})
	if err != nil {
		b.Fatal(err)
	}
	res, _ := Compute(ctx, im.Employees, tds.FY(2025), nil)
	var x bytes.Buffer
	if err := export.Write(&x, export.XLSX, FullTable(im.Employees, res)); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := Read(ctx, "p.xlsx", bytes.NewReader(x.Bytes()), int64(x.Len()), Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
