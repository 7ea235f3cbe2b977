package desk_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gstdesk/backend/apperr"
	"gstdesk/backend/backup"
	"gstdesk/backend/desk"
	deskbackup "gstdesk/backend/desk/backup"
	"gstdesk/backend/desk/core/coretest"
	"gstdesk/backend/desk/reconcile"
	"gstdesk/backend/desk/returns"
	"gstdesk/backend/desk/workspaces"
	"gstdesk/backend/gstr2a"
	"gstdesk/backend/period"
	"gstdesk/backend/period/periodtest"
	"gstdesk/backend/store"
	"gstdesk/backend/tdsyear"
)

// TestSecondDeskReadsEveryAreaAndRefusesEveryWrite: a writer desk with a client's 2A, a
// reconciliation, a payroll run and a looked-up GSTIN backs up to a folder; a second desk restored
// from it as a follower reads each of them, and refuses each area's write with the one message
// naming the target, changing nothing (its database file stays byte for byte the same).
func TestSecondDeskReadsEveryAreaAndRefusesEveryWrite(t *testing.T) {
	ctx := context.Background()
	w := openDesk(t)
	signIn(t, w)
	if _, err := w.Returns.PullGSTR2A(ctx, returns.PullRequest{Periods: []string{"2025-04"}}, false, nil); err != nil {
		t.Fatal(err)
	}
	im, err := w.Recon.SampleRegister(ctx, periodtest.Month("2025-04"), periodtest.Month("2025-04"))
	if err != nil {
		t.Fatal(err)
	}
	run, err := w.Recon.RunNow(ctx, im.Token, periodtest.Month("2025-04"), periodtest.Month("2025-04"), reconcile.RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	csv := "Emp code,Employee name,PAN,Basic salary 17(1)\nE1,Asha Rao,ABCPR1234K,1285000\n"
	pay, err := w.Salary.TDSImportPath(ctx, coretest.File(t, "pay.csv", csv))
	if err != nil {
		t.Fatal(err)
	}
	job, err := w.Salary.TDSStartRun(ctx, pay.Token, period.FY(2025), 6, false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Core.WaitJob(ctx, job); err != nil {
		t.Fatal(err)
	}
	tds, err := w.Salary.TDSRunResult(job)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Lookups.LookupGSTIN(ctx, "27AAPFU0939F1ZV", false); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Workspaces.Create(ctx, workspaces.Spec{Name: "Beta", GSTIN: "29AAGCB7383J1Z4", Environment: store.EnvTest}); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Workspaces.Switch(ctx, "Demo workspace"); err != nil {
		t.Fatal(err)
	}
	nas := filepath.Join(t.TempDir(), "nas")
	if _, err := w.Backup.AddTarget(ctx, deskbackup.TargetSpec{Target: backup.Target{Name: "NAS", Kind: backup.KindFolder, Path: nas}}); err != nil {
		t.Fatal(err)
	}
	if _, err := w.Backup.Sync(ctx); err != nil {
		t.Fatal(err)
	}

	dir := filepath.Join(t.TempDir(), "second desk")
	if _, err := w.Backup.StartFollowing(ctx, deskbackup.TargetSpec{Target: backup.Target{Name: "NAS", Kind: backup.KindFolder, Path: nas}}, dir); err != nil {
		t.Fatal(err)
	}
	c, _ := coretest.OpenAt(t, dir, nil, nil)
	f := desk.New(c)
	if _, ok := f.Core.Following(); !ok || f.Core.ReadOnly() == nil {
		t.Fatal("the second desk does not know it follows")
	}
	before := fileBytes(t, c.DB.Path)

	// Everything reads.
	if sups, err := f.Returns.GSTR2ASuppliers(ctx, gstr2a.Scope{Periods: []string{"2025-04"}}); err != nil || len(sups) == 0 {
		t.Errorf("2A suppliers on the second desk = %d, %v", len(sups), err)
	}
	if sum, err := f.Recon.Summary(ctx, run.Run.ID); err != nil || sum.Total.ITCAtRisk == 0 {
		t.Errorf("reconciliation on the second desk = %+v, %v", sum.Total, err)
	}
	if r, err := f.Salary.TDSRun(ctx, tds.ID); err != nil || r.ID != tds.ID {
		t.Errorf("payroll run on the second desk = %+v, %v", r, err)
	}
	if d, err := f.Lookups.LookupGSTIN(ctx, "27AAPFU0939F1ZV", false); err != nil || d.Error != "" || d.LegalName == "" {
		t.Errorf("a stored lookup on the second desk = %+v, %v", d.LookupRow, err)
	}
	if _, err := f.Overview.Dashboard(ctx); err != nil {
		t.Errorf("dashboard on the second desk: %v", err)
	}
	wss, err := f.Workspaces.List(ctx)
	if err != nil || len(wss) == 0 {
		t.Fatalf("workspaces on the second desk = %v, %v", wss, err)
	}
	if _, err := f.Workspaces.Switch(ctx, wss[0].Name); err != nil {
		t.Errorf("opening a workspace on the second desk: %v", err)
	}

	// Every area's write is refused, with the one message.
	refused := func(name string, err error) {
		t.Helper()
		if err == nil {
			t.Errorf("%s: no error, want the read-only refusal", name)
			return
		}
		if msg := apperr.Window.Public(err).Message; !strings.HasPrefix(msg, `This desk follows "NAS" (`+nas+`) read-only`) {
			t.Errorf("%s: message %q", name, msg)
		}
	}
	_, err = f.Workspaces.Create(ctx, workspaces.Spec{Name: "New client", GSTIN: "24ABKCS2033B1ZV", Environment: store.EnvTest})
	refused("workspace create", err)
	_, err = f.Workspaces.Update(ctx, "Demo workspace", workspaces.Change{Name: "Renamed"})
	refused("workspace rename", err)
	_, _, err = f.Workspaces.Remove(ctx, "Beta")
	refused("workspace remove", err)
	_, err = f.Lookups.LookupGSTIN(ctx, "24ABKCS2033B1ZV", false)
	refused("a lookup with no stored answer", err)
	res, err := f.Returns.PullGSTR2A(ctx, returns.PullRequest{Periods: []string{"2025-05"}}, false, nil)
	if err == nil && len(res) > 0 && res[0].Error != nil {
		err = errors.New(res[0].Error.Message)
	}
	if err == nil || !strings.HasPrefix(err.Error(), `This desk follows "NAS"`) {
		t.Errorf("a 2A pull: %v, want the refusal", err)
	}
	err = f.Returns.RequestOTP(ctx, "demo", "")
	refused("portal sign-in", err)
	rows, err := f.Recon.Rows(ctx, run.Run.ID, "", "", 0, 1)
	if err != nil || len(rows.Rows) == 0 {
		t.Fatalf("reconciliation rows on the second desk: %v, %v", rows, err)
	}
	refused("recon decision", f.Recon.SetAction(ctx, rows.Rows[0].Key, "accept"))
	refused("recon delete", f.Recon.DeleteRun(ctx, run.Run.ID))
	refused("recon pin", f.Recon.PinRun(ctx, run.Run.ID, true))
	_, err = f.Salary.TDSEmployerSet(ctx, period.FY(2025), tdsyear.Employer{Name: "Acme", TAN: "MUMA12345B"})
	refused("tds employer", err)
	refused("tds delete", f.Salary.TDSDeleteRun(ctx, tds.ID))
	_, err = f.Backup.AddTarget(ctx, deskbackup.TargetSpec{Target: backup.Target{Kind: backup.KindFolder, Path: filepath.Join(t.TempDir(), "usb")}})
	refused("backup target add", err)
	_, err = f.Backup.Sync(ctx)
	refused("backup sync", err)
	if c.DB.Refused() == 0 {
		t.Error("no write counted as refused")
	}
	if got := fileBytes(t, c.DB.Path); string(got) != string(before) {
		t.Error("the second desk's database changed")
	}
}

func fileBytes(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
