package salary

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"gstdesk/backend/apperr"
	"gstdesk/backend/desk/core"
	"gstdesk/backend/desk/core/coretest"
	"gstdesk/backend/payroll"
	"gstdesk/backend/tds"
)

// tdsWaitJob waits for a job to finish and returns its final state.
func tdsWaitJob(t *testing.T, s *Service, id string) core.JobEvent {
	t.Helper()
	ev, err := s.core.WaitJob(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return ev
}

func openService(t testing.TB) *Service {
	t.Helper()
	c, _ := coretest.Open(t, nil)
	return New(c)
}

// TestTDSPayrollFlow is the screen's path: import (the file the window's Open dialog chose), confirm, run as a
// job, list, page, open an employee's sheet, export, and cross-check against the demo service.
func TestTDSPayrollFlow(t *testing.T) {
	s := openService(t)
	ctx := context.Background()
	csv := "Emp code,Employee name,Basic salary 17(1),80C,Professional tax\nE1,Asha,1285000,0,2400\nE2,Ravi,abc,0,0\nE3,Meena,780000,150000,2400\n"
	im, err := s.TDSImportPath(ctx, coretest.File(t, "pay.csv", csv))
	if err != nil {
		t.Fatal(err)
	}
	if im.Employees != 2 || im.BadRows != 1 || im.Problems[0].Row != 3 || im.Problems[0].Column != "C" {
		t.Fatalf("import = %+v", im)
	}
	// The run is not started until the user has chosen what to do with the bad row.
	if _, err := s.TDSStartRun(ctx, im.Token, tds.FY(2025), 6, false); apperr.KindOf(err) != apperr.Invalid || !strings.Contains(err.Error(), "1 rows of pay.csv have problems") {
		t.Fatalf("start with problems: %v", err)
	}
	// A header mapped by hand: ignore "Professional tax".
	m := payroll.MappingOf(im.Columns)
	m["Professional tax"] = ""
	im, err = s.TDSRemap(ctx, im.Token, m)
	if err != nil || im.Columns[4].Key != "" {
		t.Fatalf("remap: %+v %v", im.Columns, err)
	}
	id, err := s.TDSStartRun(ctx, im.Token, tds.FY(2025), 6, true)
	if err != nil {
		t.Fatal(err)
	}
	if ev := tdsWaitJob(t, s, id); ev.Error != nil || ev.Done != ev.Total {
		t.Fatalf("job = %+v", ev)
	}
	run, err := s.TDSRunResult(id)
	if err != nil || run.Totals.Employees != 2 || run.SkippedRows != 1 || run.Month != 6 {
		t.Fatalf("run = %+v, %v", run, err)
	}
	// The confirmed mapping is remembered for the workspace.
	if saved := s.savedMapping(ctx); saved["Professional tax"] != "" || saved["Basic salary 17(1)"] != "salary_as_per_provisions_contained_in_section_17_1" {
		t.Errorf("saved mapping = %v", saved)
	}
	runs, err := s.TDSRuns(ctx)
	if err != nil || len(runs) != 1 || runs[0].ID != run.ID {
		t.Fatalf("runs = %+v, %v", runs, err)
	}
	page, err := s.TDSRows(ctx, run.ID, payroll.Query{Sort: "name"})
	if err != nil || page.Total != 2 || page.Rows[0].Name != "Asha" {
		t.Fatalf("rows = %+v, %v", page, err)
	}
	// June with no tds_deducted_so_far: what was deducted in April and May is not known, so no
	// monthly figure is made up; the note says why.
	sh, err := s.TDSSheet(ctx, run.ID, 1)
	if err != nil || len(sh.Sheet.Explanation.NewLines) == 0 || len(sh.Sheet.Schedule) != 0 || !strings.Contains(sh.Sheet.ScheduleNote, "cannot be told") {
		t.Fatalf("sheet = %+v, %v", sh, err)
	}
	if run.Totals.MonthlyUnknown != 2 || run.Totals.Monthly != 0 {
		t.Fatalf("run totals = %+v", run.Totals)
	}
	for _, f := range []string{"csv", "xlsx", "json"} {
		p, err := s.TDSExport(ctx, run.ID, payroll.Query{Filter: "meena"}, f)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := os.ReadFile(p)
		if f != "xlsx" && !bytes.Contains(b, []byte("Meena")) || f != "xlsx" && bytes.Contains(b, []byte("Asha")) {
			t.Errorf("%s export does not hold just the filtered row:\n%s", f, b)
		}
	}
	p, err := s.TDSExportWorkbooks(ctx, run.ID)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); !bytes.Contains(b, []byte(`"salary_details_new_regime_list"`)) {
		t.Errorf("workbooks export = %s", b)
	}
	for _, f := range []string{"html", "xlsx"} {
		if _, err := s.TDSExportSheet(ctx, run.ID, 2, f); err != nil {
			t.Errorf("sheet as %s: %v", f, err)
		}
	}
	if _, err := s.TDSExportFull(ctx, run.ID, "csv"); err != nil {
		t.Error(err)
	}
	// The demo workspace's simulator answers with gstdesk's engine: no differences.
	checks, err := s.TDSCrossCheck(ctx, run.ID, []int{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(checks) != 2 || checks[0].TransactionID == "" || len(checks[0].Differences) != 0 {
		t.Errorf("checks = %+v", checks)
	}
	if sh, _ := s.TDSSheet(ctx, run.ID, 1); len(sh.Checks) != 1 {
		t.Errorf("sheet shows %d checks, want 1", len(sh.Checks))
	}
}

func TestTDSImportExampleAndPath(t *testing.T) {
	s := openService(t)
	ctx := context.Background()
	im, err := s.TDSImportExample(ctx)
	if err != nil || im.Employees != 5 || im.ProblemCount != 0 {
		t.Fatalf("example = %+v, %v", im, err)
	}
	p, err := s.TDSTemplate()
	if err != nil {
		t.Fatal(err)
	}
	im, err = s.TDSImportPath(ctx, p)
	if err != nil || im.Employees != 1 {
		t.Fatalf("template by path: %+v, %v", im, err)
	}
	if _, err := s.TDSImportPath(ctx, "/nonexistent/pay.csv"); apperr.KindOf(err) != apperr.Invalid {
		t.Errorf("missing path: %v", err)
	}
	if _, err := s.TDSStartRun(ctx, "nope", tds.FY(2025), 0, false); apperr.KindOf(err) != apperr.NotFound {
		t.Errorf("unknown token: %v", err)
	}
}
