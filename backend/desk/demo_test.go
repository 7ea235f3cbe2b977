package desk_test

import (
	"context"
	"slices"
	"testing"

	"gstdesk/backend/apperr"
	"gstdesk/backend/desk"
	"gstdesk/backend/desk/core/coretest"
	"gstdesk/backend/desk/workspaces"
)

// TestOpenDemoLoadsOnceWithFigures: the demo workspace opens with GSTR-2A, GSTR-2B, IMS, a register
// reconciled three-way and a payroll month; the dashboard's figures are not zero; opening it again
// (the same folder opened again) adds nothing; clearing empties it and keeps it empty on the next
// open; loading again brings the figures back.
func TestOpenDemoLoadsOnceWithFigures(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	c, _ := coretest.OpenAt(t, dir, nil, nil)
	dk := desk.New(c)
	got, err := dk.OpenDemo(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !got.Loaded || got.State != desk.DemoLoaded || len(got.Periods) != 3 {
		t.Fatalf("first open = %+v", got)
	}
	t.Logf("loaded in %d ms: %v; notes %v", got.Millis, got.What, got.Notes)
	u1, err := dk.Workspaces.Usage(ctx, c.Workspace().ID)
	if err != nil {
		t.Fatal(err)
	}
	if u1.GSTR2APulls != 3 || u1.GSTR2BPulls < 2 || u1.IMSDocuments == 0 || u1.ReconRuns != 1 || u1.TDSYearMonths != 1 || u1.PayrollRuns != 1 {
		t.Fatalf("the demo holds %+v", u1)
	}
	d, err := dk.Overview.Dashboard(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if d.ITC <= 0 || d.LatestRun == nil || d.LatestRun.Totals.TDS <= 0 || d.Recon == nil || d.Recon.Against != "2b" || d.Recon.Confident+d.Recon.Review+d.Recon.ITCAtRisk <= 0 {
		t.Fatalf("dashboard = ITC %d, recon %+v, payroll %+v", d.ITC, d.Recon, d.LatestRun)
	}
	wk, err := dk.Overview.ThisWeek(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if wk.IMS.NoAction+wk.IMS.Pending == 0 || len(wk.Due) == 0 {
		t.Fatalf("week = %+v", wk)
	}

	// Opened again, in this desk and in a new one over the same folder: nothing is added.
	for i, next := range []func() *desk.Desk{func() *desk.Desk { return dk }, func() *desk.Desk { dk = reopen(t, c, dir); return dk }} {
		again := next()
		st, err := again.OpenDemo(ctx)
		if err != nil || st.Loaded || st.State != desk.DemoLoaded || !slices.Equal(st.Periods, got.Periods) {
			t.Fatalf("open %d again = %+v %v", i+2, st, err)
		}
		if st, err := again.LoadDemo(ctx); err != nil || st.Loaded {
			t.Fatalf("load %d when loaded = %+v %v", i+2, st, err)
		}
		if u, _ := again.Workspaces.Usage(ctx, again.Core.Workspace().ID); u != u1 {
			t.Fatalf("open %d again: %+v, was %+v", i+2, u, u1)
		}
	}

	// Cleared: empty, and the next open leaves it empty; Load brings it back.
	if st, err := dk.ClearDemo(ctx); err != nil || st.State != desk.DemoCleared {
		t.Fatalf("clear = %+v %v", st, err)
	}
	ws := dk.Core.Workspace().ID
	u, _ := dk.Workspaces.Usage(ctx, ws)
	if u.Returns() != "" || u.ReconRuns+u.TDSYearMonths+u.PayrollRuns+u.Decisions != 0 {
		t.Fatalf("after clear: %+v", u)
	}
	if st, err := dk.OpenDemo(ctx); err != nil || st.Loaded || st.State != desk.DemoCleared {
		t.Fatalf("open after clear = %+v %v", st, err)
	}
	if st, err := dk.LoadDemo(ctx); err != nil || !st.Loaded {
		t.Fatalf("load after clear = %+v %v", st, err)
	}
	if u, _ := dk.Workspaces.Usage(ctx, ws); u.GSTR2APulls != u1.GSTR2APulls || u.ReconRuns != 1 || u.TDSYearMonths != 1 {
		t.Fatalf("loaded again: %+v, first %+v", u, u1)
	}
}

// reopen closes c and opens a new desk over the same folder (the app started again).
func reopen(t *testing.T, c interface{ Close() error }, dir string) *desk.Desk {
	t.Helper()
	c.Close()
	c2, _ := coretest.OpenAt(t, dir, nil, nil)
	return desk.New(c2)
}

// TestDemoOnlyInTheDemo: a real client's workspace is never filled with demo figures, and
// GSTDESK_DEMO_DATA=empty keeps a new demo workspace empty.
func TestDemoOnlyInTheDemo(t *testing.T) {
	ctx := context.Background()
	c, _ := coretest.Open(t, func(k string) string {
		if k == desk.DemoDataVar {
			return "empty"
		}
		if k == "GSTDESK_DEMO_DATE" {
			return coretest.DemoDate()
		}
		return ""
	})
	dk := desk.New(c)
	if st, err := dk.OpenDemo(ctx); err != nil || st.Loaded || !st.Demo {
		t.Fatalf("open with %s=empty: %+v %v", desk.DemoDataVar, st, err)
	}
	if _, err := dk.Workspaces.Create(ctx, workspaces.Spec{Name: "Client", GSTIN: "27AAPFU0939F1ZV", Environment: "test"}); err != nil {
		t.Fatal(err)
	}
	if st, err := dk.OpenDemo(ctx); err != nil || st.Demo || st.Loaded {
		t.Fatalf("open a client: %+v %v", st, err)
	}
	for name, f := range map[string]func(context.Context) (desk.DemoData, error){"load": dk.LoadDemo, "clear": dk.ClearDemo} {
		if _, err := f(ctx); apperr.KindOf(err) != apperr.Conflict {
			t.Errorf("%s in a client's workspace: %v", name, err)
		}
	}
}

// BenchmarkLoadDemo measures loading the demo figures into a new demo workspace (what the first
// start of the window waits for).
func BenchmarkLoadDemo(b *testing.B) {
	ctx := context.Background()
	for b.Loop() {
		b.StopTimer()
		c, _ := coretest.OpenAt(b, b.TempDir(), nil, nil)
		dk := desk.New(c)
		b.StartTimer()
		if st, err := dk.OpenDemo(ctx); err != nil || !st.Loaded {
			b.Fatal(st, err)
		}
		b.StopTimer()
		c.Close()
		b.StartTimer()
	}
}
