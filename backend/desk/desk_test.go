package desk_test

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/desk"
	"gstdesk/backend/desk/core/coretest"
	"gstdesk/backend/desk/overview"
	"gstdesk/backend/desk/reconcile"
	"gstdesk/backend/desk/returns"
	"gstdesk/backend/gstapi/gstapitest"
	"gstdesk/backend/gstr2a"
	"gstdesk/backend/period/periodtest"
	"gstdesk/backend/recon"
	"gstdesk/backend/tds"
)

// openDesk opens the whole application over a new data folder, as the window does.
func openDesk(t testing.TB) *desk.Desk {
	t.Helper()
	c, _ := coretest.Open(t, nil)
	return desk.New(c)
}

// openDeskWatched is openDesk with a recorder of the job events.
func openDeskWatched(t testing.TB) (*desk.Desk, *coretest.Events) {
	t.Helper()
	c, ev := coretest.Open(t, nil)
	return desk.New(c), ev
}

// signIn signs the demo workspace in to the simulated GST portal.
func signIn(t *testing.T, dk *desk.Desk) {
	t.Helper()
	ctx := context.Background()
	if err := dk.Returns.RequestOTP(ctx, "demo", ""); err != nil {
		t.Fatal(err)
	}
	if _, err := dk.Returns.VerifyOTP(ctx, "demo", "", gstapitest.DefaultOTP); err != nil {
		t.Fatal(err)
	}
}

func TestDashboard(t *testing.T) {
	dk := openDesk(t)
	ctx := context.Background()
	d, err := dk.Overview.Dashboard(ctx)
	if err != nil || len(d.Periods) != 0 || d.LatestRun != nil || d.Watch != nil {
		t.Fatalf("empty dashboard = %+v, %v", d, err)
	}
	signIn(t, dk)
	if _, err := dk.Returns.PullGSTR2A(ctx, returns.PullRequest{Periods: []string{"2025-04", "2025-05", "2025-06"}}, false, nil); err != nil {
		t.Fatal(err)
	}
	d, err = dk.Overview.Dashboard(ctx)
	if err != nil {
		t.Fatal(err)
	}
	tot, _ := dk.Returns.GSTR2ATotals(ctx, gstr2a.Scope{Periods: []string{"2025-04", "2025-05", "2025-06"}})
	if len(d.Periods) != 3 || d.ITC != tot.Tax || d.Suppliers != tot.Suppliers {
		t.Errorf("dashboard = %d periods, ITC %d (want %d), %d suppliers (want %d)", len(d.Periods), d.ITC, tot.Tax, d.Suppliers, tot.Suppliers)
	}
	var atRisk gstr2a.Paise
	for _, a := range d.Attention {
		atRisk += a.Tax
		if a.Reason == "" || a.GSTIN == "" {
			t.Errorf("attention row = %+v", a)
		}
	}
	if atRisk != d.AttentionTax || d.AttentionTax > d.ITC || d.Recon != nil {
		t.Errorf("attention tax = %d, attention sums to %d, ITC %d; recon %+v before any run", d.AttentionTax, atRisk, d.ITC, d.Recon)
	}

	// ITC at risk has one definition: the dashboard shows the latest run's figure, which is the
	// summary strip's total and the sum of the supplier table, to the paisa.
	im, err := dk.Recon.SampleRegister(ctx, periodtest.Month("2025-04"), periodtest.Month("2025-06"))
	if err != nil {
		t.Fatal(err)
	}
	out, err := dk.Recon.RunNow(ctx, im.Token, periodtest.Month("2025-04"), periodtest.Month("2025-06"), reconcile.RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sum, err := dk.Recon.Summary(ctx, out.Run.ID)
	if err != nil {
		t.Fatal(err)
	}
	sups, err := dk.Recon.Suppliers(ctx, out.Run.ID)
	if err != nil {
		t.Fatal(err)
	}
	var supRisk recon.Paise
	for _, x := range sups {
		supRisk += x.AtRisk
	}
	if d, err = dk.Overview.Dashboard(ctx); err != nil {
		t.Fatal(err)
	}
	if d.Recon == nil || d.Recon.RunID != out.Run.ID || d.Recon.ITCAtRisk != sum.Total.ITCAtRisk || supRisk != sum.Total.ITCAtRisk ||
		d.Recon.ITCAtRisk == 0 || d.Recon.Confident != sum.Total.ITCConfident {
		t.Errorf("at risk: dashboard %+v, summary %d, suppliers %d", d.Recon, sum.Total.ITCAtRisk, supRisk)
	}
}

// TestGSTR2AReviewOffline pulls, then stops the service and switches to offline: every review
// query and the dashboard still answer, from SQLite alone.
func TestGSTR2AReviewOffline(t *testing.T) {
	dk := openDesk(t)
	ctx := context.Background()
	signIn(t, dk)
	if _, err := dk.Returns.PullGSTR2A(ctx, returns.PullRequest{Periods: []string{"2025-04"}}, false, nil); err != nil {
		t.Fatal(err)
	}
	dk.Core.StopDemo() // the network is gone
	dk.Core.SetOffline(true)
	sc := gstr2a.Scope{Periods: []string{"2025-04"}}
	tot, err := dk.Returns.GSTR2ATotals(ctx, sc)
	if err != nil || tot.Invoices == 0 {
		t.Fatalf("offline totals = %+v, %v", tot, err)
	}
	page, err := dk.Returns.GSTR2AInvoices(ctx, sc, gstr2a.InvoiceQuery{Limit: 10})
	if err != nil || len(page.Rows) == 0 {
		t.Fatalf("offline invoices: %v", err)
	}
	if _, err := dk.Returns.GSTR2AItems(ctx, page.Rows[0].ID); err != nil {
		t.Error(err)
	}
	if _, err := dk.Returns.GSTR2ASuppliers(ctx, sc); err != nil {
		t.Error(err)
	}
	if _, err := dk.Overview.Dashboard(ctx); err != nil {
		t.Error(err)
	}
	if _, err := dk.Returns.GSTR2AExport(ctx, sc, gstr2a.InvoiceQuery{}, "invoice", "xlsx"); err != nil {
		t.Error(err)
	}
}

func TestReconWatchFlagsACancelledSupplier(t *testing.T) {
	dk, w := openDeskWatched(t)
	s := dk.Recon
	ctx := context.Background()
	// The simulator lists 33EIUPS5109E1ZZ as cancelled on 31-03-2024 (see TestChangedMatchesKnownGSTINs).
	dk.Lookups.KnownSuppliers = func(context.Context) ([]string, error) {
		return []string{"33EIUPS5109E1ZZ", "27AAPFU0939F1ZV"}, nil
	}
	id := s.StartWatch(ctx, "2024-03-29", "2024-04-01")
	if ev := <-w.Done; ev.ID != id || ev.Error != nil || ev.Kind != "recon:watch" {
		t.Fatalf("watch ended with %+v", ev)
	}
	v, err := s.WatchResult(id)
	if err != nil {
		t.Fatal(err)
	}
	if v.Checked != 4*2 || len(v.States) != 2 || v.Suppliers != 2 || len(v.Failed) != 0 {
		t.Errorf("watch checked %d lists for states %v (%d suppliers), failed %v", v.Checked, v.States, v.Suppliers, v.Failed)
	}
	var cancelled *recon.WatchAlert
	for i, a := range v.Alerts {
		if a.GSTIN == "33EIUPS5109E1ZZ" && a.Type == "C" {
			cancelled = &v.Alerts[i]
		}
	}
	if cancelled == nil {
		t.Fatalf("alerts = %+v, want 33EIUPS5109E1ZZ cancelled", v.Alerts)
	}
	if cancelled.Date != "2024-03-31" || cancelled.Severity != "high" || cancelled.Label != "Cancelled" || v.Alerts[0].Severity != "high" {
		t.Errorf("cancelled alert = %+v (first alert %+v)", *cancelled, v.Alerts[0])
	}
	// The dashboard shows the last watch from SQLite, without fetching anything.
	d, err := dk.Overview.Dashboard(ctx)
	if err != nil {
		t.Fatal(err)
	}
	high := 0
	for _, a := range v.Alerts {
		if a.Severity == "high" {
			high++
		}
	}
	if d.Watch == nil || d.Watch.From != "2024-03-29" || d.Watch.To != "2024-04-01" || d.Watch.Changes != len(v.Alerts) ||
		d.Watch.High != high || d.Watch.Suppliers != 2 || len(d.Watch.Top) == 0 || d.Watch.Top[0].GSTIN != v.Alerts[0].GSTIN {
		t.Errorf("dashboard watch = %+v, want the watch of %d alerts (%d high)", d.Watch, len(v.Alerts), high)
	}
	if at, err := time.Parse(time.RFC3339, d.Watch.CheckedAt); err != nil || time.Since(at) > time.Minute {
		t.Errorf("watch checked at %q", d.Watch.CheckedAt)
	}
	path, err := s.WatchExport(v, "csv")
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); !bytes.Contains(b, []byte("33EIUPS5109E1ZZ")) || !bytes.Contains(b, []byte("31/03/2024")) {
		t.Errorf("watch export:\n%s", b)
	}

	for _, tt := range []struct{ from, to string }{{"2024-01-01", "2024-02-15"}, {"2024-02-02", "2024-02-01"}, {"01-02-2024", "2024-02-03"}} {
		if _, err := s.Watch(ctx, tt.from, tt.to, nil); apperr.KindOf(err) != apperr.Invalid {
			t.Errorf("watch %s to %s = %v", tt.from, tt.to, err)
		}
	}
	dk.Lookups.KnownSuppliers = func(context.Context) ([]string, error) { return nil, nil }
	if _, err := s.Watch(ctx, "2024-03-29", "2024-03-30", nil); apperr.KindOf(err) != apperr.NotFound {
		t.Errorf("watch without suppliers = %v", err)
	}
}

// TestPaletteSearch: the command palette finds a GSTIN typed in full, GSTR-2A suppliers and
// looked-up GSTINs by GSTIN or name, and employees of payroll runs, from SQLite alone.
func TestPaletteSearch(t *testing.T) {
	dk := openDesk(t)
	ctx := context.Background()
	signIn(t, dk)
	if _, err := dk.Returns.PullGSTR2A(ctx, returns.PullRequest{Periods: []string{"2025-04"}}, false, nil); err != nil {
		t.Fatal(err)
	}
	sups, err := dk.Returns.GSTR2ASuppliers(ctx, gstr2a.Scope{Periods: []string{"2025-04"}})
	if err != nil || len(sups) == 0 {
		t.Fatalf("suppliers = %v, %v", sups, err)
	}
	if _, err := dk.Lookups.LookupGSTIN(ctx, "27AAPFU0939F1ZV", false); err != nil {
		t.Fatal(err)
	}
	// SRINIVASAN trades as SRI MURUGAN STORES: people search for the shop's name.
	if _, err := dk.Lookups.LookupGSTIN(ctx, "33EIUPS5109E1ZZ", false); err != nil {
		t.Fatal(err)
	}
	lk, _ := dk.Lookups.ForWorkspace(ctx)
	names, _ := lk.Names(ctx, []string{"27AAPFU0939F1ZV"})
	lookedName := names["27AAPFU0939F1ZV"]
	if lookedName == "" {
		t.Fatalf("no name for the looked-up GSTIN: %v", names)
	}
	csv := "Emp code,Employee name,PAN,Basic salary 17(1)\nE1,Asha Rao,ABCPR1234K,1285000\nE2,Ravi Kumar,ABCPK1234L,780000\n"
	im, err := dk.Salary.TDSImportPath(ctx, coretest.File(t, "pay.csv", csv))
	if err != nil {
		t.Fatal(err)
	}
	id, err := dk.Salary.TDSStartRun(ctx, im.Token, tds.FY(2025), 6, false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := dk.Core.WaitJob(ctx, id); err != nil {
		t.Fatal(err)
	}
	run, err := dk.Salary.TDSRunResult(id)
	if err != nil {
		t.Fatal(err)
	}

	supplier := sups[0].GSTIN
	tests := []struct {
		name  string
		q     string
		check func([]overview.PaletteHit) bool
	}{
		{"too short", "2", func(h []overview.PaletteHit) bool { return len(h) == 0 }},
		{"a GSTIN in full, spaced", "24 ABKCS2033B 1ZV", func(h []overview.PaletteHit) bool {
			return len(h) > 0 && h[0].Kind == "gstin" && h[0].GSTIN == "24ABKCS2033B1ZV"
		}},
		{"a supplier by part of its GSTIN", supplier[2:12], func(h []overview.PaletteHit) bool {
			for _, x := range h {
				if x.Kind == "supplier" && x.GSTIN == supplier && strings.Contains(x.Detail, "GSTR-2A") {
					return true
				}
			}
			return false
		}},
		{"a looked-up GSTIN by its name", strings.ToLower(strings.Fields(lookedName)[0]), func(h []overview.PaletteHit) bool {
			for _, x := range h {
				if x.GSTIN == "27AAPFU0939F1ZV" && x.Title == lookedName {
					return true
				}
			}
			return false
		}},
		{"a looked-up GSTIN by its trade name", "murugan", func(h []overview.PaletteHit) bool {
			return len(h) == 1 && h[0].GSTIN == "33EIUPS5109E1ZZ" && h[0].Title == "SRINIVASAN (SRI MURUGAN STORES)"
		}},
		{"an employee by name", "asha", func(h []overview.PaletteHit) bool {
			return len(h) == 1 && h[0].Kind == "employee" && h[0].Title == "Asha Rao" && h[0].RunID == run.ID && h[0].Seq > 0 &&
				strings.Contains(h[0].Detail, "FY 2025-26")
		}},
		{"an employee by PAN", "abcpk1234l", func(h []overview.PaletteHit) bool {
			return len(h) == 1 && h[0].Title == "Ravi Kumar"
		}},
		{"LIKE wildcards are plain text", "_%", func(h []overview.PaletteHit) bool { return len(h) == 0 }},
		{"nothing", "zzzz-nobody", func(h []overview.PaletteHit) bool { return len(h) == 0 }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, err := dk.Overview.PaletteSearch(ctx, tt.q)
			if err != nil || !tt.check(h) {
				t.Errorf("PaletteSearch(%q) = %+v, %v", tt.q, h, err)
			}
		})
	}
	// The employee hit opens that employee's sheet.
	h, _ := dk.Overview.PaletteSearch(ctx, "asha")
	sheet, err := dk.Salary.TDSSheet(ctx, h[0].RunID, h[0].Seq)
	if err != nil || !strings.Contains(sheet.Sheet.Employee.Name, "Asha") {
		t.Errorf("sheet of the hit = %+v, %v", sheet.Sheet.Employee, err)
	}
}

// A supplier watch stopped before its end is never shown as a complete one.
func TestReconWatchStoppedSaysPartial(t *testing.T) {
	dk, w := openDeskWatched(t)
	s := dk.Recon
	ctx := context.Background()
	dk.Lookups.KnownSuppliers = func(context.Context) ([]string, error) {
		return []string{"33EIUPS5109E1ZZ", "27AAPFU0939F1ZV"}, nil
	}
	id := s.StartWatch(ctx, "2024-03-01", "2024-03-31")
	dk.Core.CancelJob(id)
	<-w.Done
	v, err := s.WatchResult(id)
	if err == nil && (v.Stopped == "" || !strings.Contains(v.Stopped, "cover those only")) {
		t.Errorf("a cancelled watch came back as complete: checked %d, stopped %q", v.Checked, v.Stopped)
	}
}
