package main

import (
	"context"
	"gstdesk/backend/gstr2a"
	"gstdesk/backend/payroll"
	"strings"
	"testing"

	"gstdesk/backend/config"
	"gstdesk/backend/desk/returns"
	"gstdesk/backend/desk/workspaces"
	"gstdesk/backend/lookup"
	"gstdesk/backend/store"
)

// The window's side of the workspace issue: the same service methods the command line's tests
// (backend/cli/workspace_test.go) drive, called through the bindings.

// Problems 1 and 2: the window creates a real client's Test workspace, lists every workspace with
// its true environment, and labels the demo's answers as demo.
func TestWindowWorkspacesAndHonestSources(t *testing.T) {
	a := newTestApp(t)
	d, err := a.Lookups.LookupGSTIN("27AAPFU0939F1ZV", false)
	if err != nil {
		t.Fatal(err)
	}
	if d.Source != lookup.FromDemo {
		t.Errorf("a demo lookup says %q", d.Source)
	}
	if _, err := a.Workspaces.CreateWorkspace(workspaces.Spec{Name: "Acme", Environment: "test"}); err == nil {
		t.Error("a Test workspace without the client's GSTIN was created")
	}
	ws, err := a.Workspaces.CreateWorkspace(workspaces.Spec{Name: "Acme", GSTIN: "29AAFCD5862R1ZR", Environment: "test"})
	if err != nil {
		t.Fatal(err)
	}
	info, _ := a.Workspaces.Info()
	if info.Workspace.ID != ws.ID || info.Demo || info.Environment != store.EnvTest {
		t.Errorf("info after create = %+v", info)
	}
	// Switching the environment in Settings shows in the list.
	set, _ := a.Workspaces.Settings()
	set.Environment = store.EnvProduction
	if _, err := a.Workspaces.SaveSettings("Acme", "29AAFCD5862R1ZR", set); err != nil {
		t.Fatal(err)
	}
	list, _ := a.Workspaces.Workspaces()
	envs := map[string]string{}
	for _, w := range list {
		envs[w.Name] = w.Environment
	}
	if envs["Acme"] != store.EnvProduction || envs[store.DemoWorkspaceName] != store.EnvDemo {
		t.Errorf("list = %v", envs)
	}
	// A lookup in the real client's workspace never answers from the demo.
	if _, err := a.Lookups.LookupGSTIN("27AAPFU0939F1ZV", false); err == nil || !strings.Contains(err.Error(), "No API key") {
		t.Errorf("lookup without a key in production = %v", err)
	}
	// Its GSTIN may change while it holds no returns.
	if _, err := a.Workspaces.SaveSettings("Acme", "27AAPFU0939F1ZV", config.Defaults(store.EnvProduction)); err != nil {
		t.Errorf("GSTIN change of an empty workspace: %v", err)
	}
	if _, err := a.Workspaces.SwitchWorkspace(store.DemoWorkspaceName); err != nil {
		t.Fatal(err)
	}
}

// Problems 3, 4, 5 and 6 through the bindings: sign-in keeps to the workspace's GSTIN and is
// audited; pulls of the demo are not readable from another workspace; the default comparison is
// like with like.
func TestWindowOneClientPerWorkspace(t *testing.T) {
	ctx := context.Background()
	a := newTestApp(t)
	if err := a.Returns.RequestOTP("demo", "29AAFCD5862R1ZR"); err == nil || !strings.Contains(err.Error(), "is not the GSTIN of workspace") {
		t.Errorf("sign-in for another client = %v", err)
	}
	if err := a.Returns.RequestOTP("demo", ""); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Returns.VerifyOTP("demo", "", "575757"); err != nil {
		t.Fatal(err)
	}
	pull := func(req returns.PullRequest) {
		t.Helper()
		id, err := a.Returns.StartPull(req)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := a.shell.d.Core.WaitJob(ctx, id); err != nil {
			t.Fatal(err)
		}
	}
	pull(returns.PullRequest{Periods: []string{"2025-05"}})
	snaps, _ := a.Returns.GSTR2ASnapshots("2025-05")
	page, err := a.Returns.GSTR2AInvoices(gstr2a.Scope{Periods: []string{"2025-05"}}, gstr2a.InvoiceQuery{})
	if err != nil || len(page.Rows) < 2 {
		t.Fatalf("invoices = %d, %v", len(page.Rows), err)
	}
	one := page.Rows[0].SupplierGSTIN
	pull(returns.PullRequest{Periods: []string{"2025-05"}, Supplier: one})
	pair, err := a.Returns.GSTR2ADefaultComparison("2025-05")
	if err != nil {
		t.Fatal(err)
	}
	diff, err := a.Returns.GSTR2ADiff(pair.FromID, pair.ToID)
	if err != nil {
		t.Fatal(err)
	}
	if diff.Scope != one || len(diff.Removed) != 0 || len(diff.SuppliersRemoved) != 0 || !strings.Contains(diff.ScopeNote, one) {
		t.Errorf("diff of a one-supplier pull with a full one: scope %q, %d removed, %v suppliers removed", diff.Scope, len(diff.Removed), diff.SuppliersRemoved)
	}

	var n int
	a.shell.d.Core.DB.QueryRow(`SELECT count(*) FROM audit_log WHERE op IN ('taxpayer_otp_request', 'taxpayer_otp_verify') AND req_key = '27AAPFU0939F1ZV'`).Scan(&n)
	if n != 2 {
		t.Errorf("%d sign-in calls in the audit log, want 2", n)
	}

	// The demo's pulls are made up: the workspace holding them cannot become a Test one.
	set, _ := a.Workspaces.Settings()
	set.Environment = store.EnvTest
	if _, err := a.Workspaces.SaveSettings(store.DemoWorkspaceName, "27AAPFU0939F1ZV", set); err == nil || !strings.Contains(err.Error(), "from the demo service") {
		t.Errorf("environment change of a workspace holding demo pulls = %v", err)
	}

	// Another client's workspace cannot read the demo's pull, even by its id.
	if _, err := a.Workspaces.CreateWorkspace(workspaces.Spec{Name: "Acme", GSTIN: "29AAFCD5862R1ZR", Environment: "demo"}); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Returns.GSTR2AInvoices(gstr2a.Scope{SnapshotIDs: []string{snaps[0].ID}}, gstr2a.InvoiceQuery{}); err == nil {
		t.Error("another workspace's pull was read by id")
	}
	if ps, _ := a.Returns.GSTR2APeriods(); len(ps) != 0 {
		t.Errorf("the new client's workspace shows %d pulled periods", len(ps))
	}
}

// A payroll run of one client is not read from another client's workspace, even by its id.
func TestWindowPayrollStaysWithItsClient(t *testing.T) {
	ctx := context.Background()
	a := newTestApp(t)
	im, err := a.Salary.TDSImportExample()
	if err != nil {
		t.Fatal(err)
	}
	id, err := a.Salary.TDSStartRun(im.Token, "FY 2025-26", 11, false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.shell.d.Core.WaitJob(ctx, id); err != nil {
		t.Fatal(err)
	}
	run, err := a.Salary.TDSRunResult(id)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Workspaces.CreateWorkspace(workspaces.Spec{Name: "Acme", GSTIN: "29AAFCD5862R1ZR", Environment: "demo"}); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Salary.TDSRun(run.ID); err == nil {
		t.Error("another workspace's payroll run was read by id")
	}
	if _, err := a.Salary.TDSRows(run.ID, payroll.Query{}); err == nil {
		t.Error("another workspace's payroll rows were read by id")
	}
}
