package salary

import (
	"context"
	"encoding/base64"
	"strings"
	"testing"

	"gstdesk/backend/apperr"
)

// TestTDSYearFlow is the window's path through the service: the employer, a month from the
// window's bytes (JSON), the register, the months and the year so far; a refused month stores
// nothing.
func TestTDSYearFlow(t *testing.T) {
	s := openService(t)
	ctx := context.Background()
	if _, err := s.TDSEmployerSet(ctx, "FY 2025-26", TDSEmployer{Name: "Acme", TAN: "MUMA12345B"}); err != nil {
		t.Fatal(err)
	}
	if e, err := s.TDSEmployer(ctx, "FY 2025-26"); err != nil || e.Name != "Acme" {
		t.Fatalf("employer %+v %v", e, err)
	}
	b64 := func(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }
	april := `[{"employee_code":"E1","name":"Asha","salary_as_per_provisions_contained_in_section_17_1":150000,"tds_deducted":null},
	           {"employee_code":"E2","name":"Ravi","salary_as_per_provisions_contained_in_section_17_1":90000,"regime":"old","deductible_amount_us_80_c":150000}]`
	res, err := s.TDSMonthImportData(ctx, "FY 2025-26", 4, "april.json", b64(april), false)
	if err != nil || res.Employees != 2 || res.MonthLabel != "April 2025" {
		t.Fatalf("april %+v %v", res, err)
	}
	reg, err := s.TDSMonthRegister(ctx, "FY 2025-26", 4, TDSRegisterQuery{})
	if err != nil || reg.Total != 2 || reg.Rows[1].Regime != "old" || reg.Rows[0].TDS == 0 {
		t.Fatalf("register %+v %v", reg, err)
	}
	bad := "employee_code,salary\nE1,abc\n"
	res, err = s.TDSMonthImportData(ctx, "FY 2025-26", 5, "may.csv", b64(bad), false)
	if apperr.KindOf(err) != apperr.Invalid || len(res.Problems) != 1 || !strings.Contains(res.Problems[0].String(), "may.csv, row 2, column B") {
		t.Fatalf("bad month: %+v %v", res.Problems, err)
	}
	ms, err := s.TDSYearMonths(ctx, "FY 2025-26")
	if err != nil || len(ms) != 1 || ms[0].Month != 4 {
		t.Fatalf("months %+v %v", ms, err)
	}
	ytd, err := s.TDSYearToDate(ctx, "FY 2025-26", "")
	if err != nil || len(ytd) != 2 {
		t.Fatalf("ytd %+v %v", ytd, err)
	}
}
