package tdsyear

import (
	"bytes"
	"context"
	"testing"

	"gstdesk/backend/payroll"
)

// FuzzReadMonth feeds any bytes to the month file reader: it may refuse them, never panic, and a
// row it accepts has a code and no negative paid amount other than the one-off.
func FuzzReadMonth(f *testing.F) {
	f.Add(monthCSV(line{code: "E1", salary: 100_000, deducted: "5000", joined: "01/04/2025"}))
	f.Add([]byte("employee_code,salary,tds_deducted,one_off_salary,date_of_leaving\nE1,1,2,-3,31/13/2025\nE1,,x,,\n"))
	f.Add([]byte("employee_code,bonus,doj\n,\"1,50,000\",2025-09-01\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		im, err := payroll.Read(context.Background(), "m.csv", bytes.NewReader(data), int64(len(data)), payroll.Options{Own: Columns})
		if err != nil {
			return
		}
		rows, _, _ := ReadMonth(im)
		for _, r := range rows {
			if r.Code == "" {
				t.Fatalf("row %d without a code", r.SourceRow)
			}
			for _, p := range r.Paid.Items {
				if p < 0 {
					t.Fatalf("row %d: negative paid amount %v", r.SourceRow, p)
				}
			}
		}
	})
}

// FuzzParseDate: any text is a date in range or an error.
func FuzzParseDate(f *testing.F) {
	for _, s := range []string{"15/09/2025", "2025-09-15", "1-4-2025", "31/02/2025", "", "99/99/9999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDate(s)
		if err == nil && (len(d) != 10 || d < "1940" || d > "2101") {
			t.Fatalf("ParseDate(%q) = %q", s, d)
		}
	})
}
