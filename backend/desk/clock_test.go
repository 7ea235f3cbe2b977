package desk_test

import (
	"context"
	"testing"
	"time"

	"gstdesk/backend/desk"
	"gstdesk/backend/desk/core/coretest"
	"gstdesk/backend/desk/returns"
	"gstdesk/backend/period/periodtest"
	"gstdesk/backend/recon"
	"gstdesk/backend/store"
	"gstdesk/backend/tds"
)

// Every write is stamped with the core's clock, not the wall clock: with the clock held on a
// day long past, a saved reconciliation run, a register mapping, a decision, a hand-made link
// and a payroll run each carry that clock's time.
func TestWritesStampTheCoresClock(t *testing.T) {
	clock := coretest.NewClock(time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC))
	c, ev := coretest.OpenAt(t, t.TempDir(), nil, clock.Now)
	dk := desk.New(c)
	ctx := context.Background()
	signIn(t, dk)
	if _, err := dk.Returns.PullGSTR2A(ctx, returns.PullRequest{Periods: []string{"2025-04", "2025-05", "2025-06"}}, false, nil); err != nil {
		t.Fatal(err)
	}
	stamped := func(what, got string) {
		t.Helper()
		if want := store.FormatTime(clock.Now()); got != want {
			t.Errorf("%s stamped %q, want the core's clock %q", what, got, want)
		}
	}

	clock.Advance(time.Hour)
	im, err := dk.Recon.SampleRegister(ctx, periodtest.Month("2025-04"), periodtest.Month("2025-06"))
	if err != nil {
		t.Fatal(err)
	}
	id, err := dk.Recon.StartRun(ctx, im.Token, periodtest.Month("2025-04"), periodtest.Month("2025-06"), false)
	if err != nil {
		t.Fatal(err)
	}
	if e := <-ev.Done; e.ID != id || e.Error != nil {
		t.Fatalf("run job ended with %+v", e)
	}
	run, err := dk.Recon.RunResult(id)
	if err != nil {
		t.Fatal(err)
	}
	stamped("the run", run.CreatedAt)

	clock.Advance(time.Hour)
	if _, err := dk.Recon.ConfirmMapping(ctx, im.Token, im.Mapping); err != nil {
		t.Fatal(err)
	}
	var mapped string
	if err := c.DB.QueryRowContext(ctx, `SELECT updated_at FROM recon_mappings WHERE workspace_id = ?`, c.Workspace().ID).Scan(&mapped); err != nil {
		t.Fatal(err)
	}
	stamped("the mapping", mapped)

	clock.Advance(time.Hour)
	rows, err := dk.Recon.Rows(ctx, run.ID, string(recon.Mismatch), "", 0, 1)
	if err != nil || len(rows.Rows) == 0 {
		t.Fatalf("mismatches: %+v, %v", rows, err)
	}
	if err := dk.Recon.SetAction(ctx, rows.Rows[0].Key, "accept"); err != nil {
		t.Fatal(err)
	}
	acts, err := recon.Actions(ctx, c.DB.DB, c.Workspace().ID)
	if err != nil || len(acts) != 1 {
		t.Fatalf("actions = %+v, %v", acts, err)
	}
	stamped("the decision", acts[0].UpdatedAt)

	clock.Advance(time.Hour)
	miss, err := dk.Recon.Rows(ctx, run.ID, string(recon.MissingIn2A), "", 0, 1)
	if err != nil || len(miss.Rows) == 0 {
		t.Fatalf("missing in 2A: %+v, %v", miss, err)
	}
	e, err := dk.Recon.Explain(ctx, run.ID, miss.Rows[0].Key)
	if err != nil || len(e.CandidateIDs) == 0 {
		t.Fatalf("explain = %+v, %v", e, err)
	}
	if err := dk.Recon.Link(ctx, e.BooksID, e.CandidateIDs[0]); err != nil {
		t.Fatal(err)
	}
	var linked string
	if err := c.DB.QueryRowContext(ctx, `SELECT created_at FROM recon_links WHERE workspace_id = ?`, c.Workspace().ID).Scan(&linked); err != nil {
		t.Fatal(err)
	}
	stamped("the link", linked)

	clock.Advance(time.Hour)
	csv := "Emp code,Employee name,Basic salary 17(1)\nE1,Asha,1285000\nE3,Meena,780000\n"
	pay, err := dk.Salary.TDSImportPath(ctx, coretest.File(t, "pay.csv", csv))
	if err != nil {
		t.Fatal(err)
	}
	id, err = dk.Salary.TDSStartRun(ctx, pay.Token, tds.FY(2025), 6, false)
	if err != nil {
		t.Fatal(err)
	}
	if e := <-ev.Done; e.ID != id || e.Error != nil {
		t.Fatalf("payroll job ended with %+v", e)
	}
	runs, err := dk.Salary.TDSRuns(ctx)
	if err != nil || len(runs) != 1 {
		t.Fatalf("payroll runs = %+v, %v", runs, err)
	}
	if !runs[0].CreatedAt.Equal(clock.Now()) {
		t.Errorf("the payroll run stamped %s, want the core's clock %s", runs[0].CreatedAt, clock.Now())
	}
}
