package salary

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"gstdesk/backend/desk/core"
	"gstdesk/backend/desk/core/coretest"
	"gstdesk/backend/tds"
	"gstdesk/backend/tdsyear"
)

// TestFormsJobNamesEveryFileApart: the window's forms job writes two employees whose codes make
// one file name (A/B and A:B, PANs ending alike) as two files, and names each rename with its
// employee; the code A_B keeps its own name.
func TestFormsJobNamesEveryFileApart(t *testing.T) {
	s := openService(t)
	ctx := context.Background()
	if _, err := s.TDSEmployerSet(ctx, tds.FY(2025), tdsyear.Employer{Name: "Acme", TAN: "MUMA12345B"}); err != nil {
		t.Fatal(err)
	}
	april := "employee_code,name,pan,salary_as_per_provisions_contained_in_section_17_1\nA/B,Slash,ABCPA1111F,150000\nA:B,Colon,BCDPB1111F,150000\nA_B,Under,CDEPC2222F,150000\n"
	if _, err := s.TDSMonthImportPath(ctx, tds.FY(2025), 4, coretest.File(t, "april.csv", april), false); err != nil {
		t.Fatal(err)
	}
	id, err := s.TDSStartForms(ctx, tds.FY(2025), "")
	if err != nil {
		t.Fatal(err)
	}
	if ev := tdsWaitJob(t, s, id); ev.State != core.JobDone {
		t.Fatalf("forms job %+v", ev)
	}
	done, err := s.TDSFormsResult(id)
	if err != nil || len(done.Files) != 6 {
		t.Fatalf("forms %+v %v", done, err)
	}
	names := map[string]bool{}
	for _, f := range done.Files {
		names[filepath.Base(f)] = true
	}
	if len(names) != 6 || !names["Form16-PartB-A_B-2025-26.pdf"] {
		t.Errorf("files %v", done.Files)
	}
	if len(done.Renamed) != 2 || !strings.Contains(done.Renamed[0], "employee A") || !strings.Contains(done.Renamed[0], "PAN ") {
		t.Errorf("renamed %q, want the two files of the second A_B-1111F, each with its employee", done.Renamed)
	}
}
