package salary

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"gstdesk/backend/apperr"
	"gstdesk/backend/desk/core"
	"gstdesk/backend/desk/core/coretest"
	"gstdesk/backend/export"
	"gstdesk/backend/period"
	"gstdesk/backend/tds"
	"gstdesk/backend/tdsyear"
)

// TestTDSYearFlow is the window's path through the service: the employer, a month from the
// window's bytes (JSON), the register, the months and the year so far; a refused month stores
// nothing.
func TestTDSYearFlow(t *testing.T) {
	s := openService(t)
	ctx := context.Background()
	if _, err := s.TDSEmployerSet(ctx, tds.FY(2025), tdsyear.Employer{Name: "Acme", TAN: "MUMA12345B"}); err != nil {
		t.Fatal(err)
	}
	if e, err := s.TDSEmployer(ctx, tds.FY(2025)); err != nil || e.Name != "Acme" {
		t.Fatalf("employer %+v %v", e, err)
	}
	april := `[{"employee_code":"E1","name":"Asha","salary_as_per_provisions_contained_in_section_17_1":150000,"tds_deducted":null},
	           {"employee_code":"E2","name":"Ravi","salary_as_per_provisions_contained_in_section_17_1":90000,"regime":"old","deductible_amount_us_80_c":150000}]`
	res, err := s.TDSMonthImportPath(ctx, tds.FY(2025), 4, coretest.File(t, "april.json", april), false)
	if err != nil || res.Employees != 2 || res.MonthLabel != "April 2025" {
		t.Fatalf("april %+v %v", res, err)
	}
	reg, err := s.TDSMonthRegister(ctx, tds.FY(2025), 4, tdsyear.Query{})
	if err != nil || reg.Total != 2 || reg.Rows[1].Regime != "old" || reg.Rows[0].TDS == 0 {
		t.Fatalf("register %+v %v", reg, err)
	}
	bad := "employee_code,salary\nE1,abc\n"
	res, err = s.TDSMonthImportPath(ctx, tds.FY(2025), 5, coretest.File(t, "may.csv", bad), false)
	if apperr.KindOf(err) != apperr.Invalid || len(res.Problems) != 1 || !strings.Contains(res.Problems[0].String(), "may.csv, row 2, column B") {
		t.Fatalf("bad month: %+v %v", res.Problems, err)
	}
	ms, err := s.TDSYearMonths(ctx, tds.FY(2025))
	if err != nil || len(ms) != 1 || ms[0].Month != 4 {
		t.Fatalf("months %+v %v", ms, err)
	}
	ytd, err := s.TDSYearToDate(ctx, tds.FY(2025), "")
	if err != nil || len(ytd) != 2 {
		t.Fatalf("ytd %+v %v", ytd, err)
	}
}

// TestTDSYearWindowActions: the window's preview of a month imported again (the diff, nothing
// stored) and the forms as a job into a folder of the exports folder.
func TestTDSYearWindowActions(t *testing.T) {
	s := openService(t)
	ctx := context.Background()
	if _, err := s.TDSStartForms(ctx, tds.FY(2025), ""); apperr.KindOf(err) != apperr.NotFound {
		t.Fatalf("forms without an employer: %v", err)
	}
	if _, err := s.TDSEmployerSet(ctx, tds.FY(2025), tdsyear.Employer{Name: "Acme", TAN: "MUMA12345B"}); err != nil {
		t.Fatal(err)
	}
	april := "employee_code,name,salary_as_per_provisions_contained_in_section_17_1,value_of_perquisites_us_17_2\nE1,Asha,150000,0\nE2,Ravi,90000,5000\n"
	if _, err := s.TDSMonthImportPath(ctx, tds.FY(2025), 4, coretest.File(t, "april.csv", april), false); err != nil {
		t.Fatal(err)
	}
	again := "employee_code,name,salary_as_per_provisions_contained_in_section_17_1,value_of_perquisites_us_17_2\nE1,Asha,175000,0\nE2,Ravi,90000,5000\n"
	res, err := s.TDSMonthPreviewPath(ctx, tds.FY(2025), 4, coretest.File(t, "april-2.csv", again), false)
	if err != nil || !res.Diff.Replaced || len(res.Diff.Changed) != 1 || res.Diff.Changed[0].Employee != "E1" {
		t.Fatalf("preview %+v %v", res.Diff, err)
	}
	reg, err := s.TDSMonthRegister(ctx, tds.FY(2025), 4, tdsyear.Query{})
	if err != nil || reg.Rows[0].ProjectedTaxable != 150000*12-75000 {
		t.Fatalf("the preview stored something: %+v %v", reg.Rows, err)
	}
	p, err := s.TDSRegisterExport(ctx, tds.FY(2025), 4, tdsyear.Query{Filter: "Ravi", Limit: 1}, "csv")
	if b, _ := os.ReadFile(p); err != nil || !strings.Contains(string(b), "Ravi") || strings.Contains(string(b), "Asha") {
		t.Fatalf("register csv %q %v", b, err)
	}
	if _, err := s.TDSRegisterExport(ctx, tds.FY(2025), 5, tdsyear.Query{}, "xlsx"); apperr.KindOf(err) != apperr.NotFound {
		t.Fatalf("a month not recorded: %v", err)
	}
	id, err := s.TDSStartForms(ctx, tds.FY(2025), "")
	if err != nil {
		t.Fatal(err)
	}
	if ev := tdsWaitJob(t, s, id); ev.State != core.JobDone || ev.Done != 2 || ev.Total != 2 {
		t.Fatalf("forms job %+v", ev)
	}
	done, err := s.TDSFormsResult(id)
	if err != nil || done.Employees != 2 || len(done.Files) != 6 { // Part B each, and Form 12BA for Ravi's perquisites: PDF and XLSX
		t.Fatalf("forms %+v %v", done, err)
	}
	for _, f := range done.Files {
		if filepath.Dir(f) != done.Folder {
			t.Errorf("%s is not in %s", f, done.Folder)
		}
		if _, err := s.core.ExportFile(f); err != nil {
			t.Errorf("%s is not an export the window may open: %v", f, err)
		}
	}
}

// TestTDSRegisterExportOneShape: the window's export of a month's register is what the command
// line writes for the same format (TDSRegisterTo), byte for byte: JSON is one register row per
// line, the row the window shows; CSV the register table; the filter applies to both.
func TestTDSRegisterExportOneShape(t *testing.T) {
	s := openService(t)
	ctx := context.Background()
	month := "employee_code,name,salary_as_per_provisions_contained_in_section_17_1\nE1,Asha,150000\nE2,Ravi,90000\nE3,Ravindra,80000\n"
	if _, err := s.TDSMonthImportPath(ctx, tds.FY(2025), 4, coretest.File(t, "april.csv", month), false); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		format string
		q      tdsyear.Query
		rows   int
	}{{"json", tdsyear.Query{}, 3}, {"json", tdsyear.Query{Filter: "Ravi", Limit: 1}, 2}, {"csv", tdsyear.Query{Filter: "Ravi"}, 2}} {
		p, err := s.TDSRegisterExport(ctx, tds.FY(2025), 4, tc.q, tc.format)
		if err != nil {
			t.Fatal(err)
		}
		window, _ := os.ReadFile(p)
		var cli bytes.Buffer
		if _, err := s.TDSRegisterTo(ctx, tds.FY(2025), 4, tc.q, export.Format(tc.format), &cli); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(window, cli.Bytes()) {
			t.Errorf("%s %+v: the window wrote\n%s\nthe command line\n%s", tc.format, tc.q, window, cli.Bytes())
		}
		if tc.format != "json" {
			continue
		}
		lines := strings.Split(strings.TrimSuffix(string(window), "\n"), "\n")
		if len(lines) != tc.rows {
			t.Fatalf("%+v: %d lines, want %d: %s", tc.q, len(lines), tc.rows, window)
		}
		reg, err := s.TDSMonthRegister(ctx, tds.FY(2025), 4, tdsyear.Query{Filter: tc.q.Filter, Limit: -1})
		if err != nil {
			t.Fatal(err)
		}
		for i, l := range lines {
			var got tdsyear.RegisterRow
			if err := json.Unmarshal([]byte(l), &got); err != nil {
				t.Fatalf("line %d %q: %v", i+1, l, err)
			}
			if !reflect.DeepEqual(got, reg.Rows[i]) {
				t.Errorf("line %d: %+v, the register shows %+v", i+1, got, reg.Rows[i])
			}
		}
	}
}

// TestYearWithoutRules: a financial year the TDS engine has no rule table for is refused by the
// service in words that list the years it has, whichever face sends it.
func TestYearWithoutRules(t *testing.T) {
	s := openService(t)
	_, err := s.TDSEmployer(context.Background(), period.FY(2019))
	if apperr.KindOf(err) != apperr.Invalid || !strings.Contains(err.Error(), tds.SupportedList()) || !strings.Contains(err.Error(), "FY 2019-20") {
		t.Errorf("FY 2019-20: %v", err)
	}
}
