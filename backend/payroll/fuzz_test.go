package payroll

import (
	"bytes"
	"context"
	"testing"

	"github.com/xuri/excelize/v2"

	"gstdesk/backend/apperr"
)

// checkImport is what every payroll reader must give for any bytes: an Invalid error, or an
// import whose counts add up, whose employees are valid input and computed from no row with a
// problem, and which computes nothing while its header has a problem.
func checkImport(t *testing.T, name string, data []byte) {
	im, err := Read(context.Background(), name, bytes.NewReader(data), int64(len(data)), Options{Limits: Limits{MaxBytes: 1 << 20, MaxXLSXBytes: 1 << 20, MaxRows: 500}})
	if err != nil {
		if k := apperr.KindOf(err); k != apperr.Invalid {
			t.Fatalf("error of kind %s: %v", k, err)
		}
		return
	}
	if im.HeaderProblems > 0 && len(im.Employees) > 0 {
		t.Fatalf("%d employees read past %d header problems", len(im.Employees), im.HeaderProblems)
	}
	if len(im.Employees)+im.BadRows != im.Rows {
		t.Fatalf("employees %d + bad %d != rows %d", len(im.Employees), im.BadRows, im.Rows)
	}
	for i := range im.Employees {
		e := &im.Employees[i]
		if err := e.Input.Validate(); err != nil {
			t.Fatal(err)
		}
		if len(e.Carried()) != len(im.Layout) {
			t.Fatalf("employee %d carries %d columns, the layout has %d", i, len(e.Carried()), len(im.Layout))
		}
	}
}

// FuzzReadJSON: any bytes as JSON workbooks.
func FuzzReadJSON(f *testing.F) {
	f.Add([]byte(`{"name":"tds_on_salary","@entity":"workbook","sheets":[{"name":"salary_details_list","@entity":"list","items":[["salary_as_per_provisions_contained_in_section_17_1",1285000]]}]}`))
	f.Add([]byte("[{\"sheets\":[{\"name\":\"salary_details_list\",\"items\":[[\"pan_status\",\"PAN\xe9\"]]}]},{}]"))
	f.Add([]byte("{\"sheets\":[]}\n{\"sheets\":[{\"name\":\"salary_details_list\",\"items\":[[\"employee_category\",\"senior_citizen\"]]}]}\n"))
	f.Add([]byte(`[{"sheets":`))
	f.Fuzz(func(t *testing.T, data []byte) { checkImport(t, "f.json", data) })
}

// FuzzReadXLSX: any bytes as an XLSX payroll; the seeds are real workbooks (the template, a
// formula without a value, two columns for one item) and damaged copies of one.
func FuzzReadXLSX(f *testing.F) {
	var tpl bytes.Buffer
	Template(&tpl, true)
	f.Add(tpl.Bytes())
	x := excelize.NewFile()
	x.SetSheetRow("Sheet1", "A1", &[]any{"Name", "Salary", "Gross salary", "Department"})
	x.SetSheetRow("Sheet1", "A2", &[]any{"Asha", 0, 2400000, "Finance"})
	x.SetSheetRow("Sheet1", "A3", &[]any{"Ravi", nil, 0})
	x.SetCellFormula("Sheet1", "B3", "B2*2")
	var b bytes.Buffer
	x.WriteTo(&b)
	f.Add(b.Bytes())
	f.Add(b.Bytes()[:b.Len()/2])
	f.Add([]byte("PK\x03\x04"))
	f.Fuzz(func(t *testing.T, data []byte) { checkImport(t, "f.xlsx", data) })
}

// FuzzReadCSVHostile: the hostile CSV payrolls of issue 13 as seeds.
func FuzzReadCSVHostile(f *testing.F) {
	f.Add([]byte(shortRowCSV()))
	f.Add([]byte(idsCSV))
	f.Add([]byte("Employee,Salary,Gross salary\nAsha,0,\"24,00,000\"\n"))
	f.Add([]byte("Name,Salary,80C\nRao, Asha,1285000,150000\n"))
	f.Add([]byte("name,salary\nJos\xe9,1\n"))
	f.Fuzz(func(t *testing.T, data []byte) { checkImport(t, "f.csv", data) })
}
