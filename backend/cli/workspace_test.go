package cli

import (
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gstdesk/backend/desk"
	"gstdesk/backend/gstr2a"
	"gstdesk/backend/simulator"
	"gstdesk/backend/store"
)

func auditOps(t *testing.T, dir string) []string {
	t.Helper()
	db, err := store.Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query(`SELECT op || ' ' || req_key || ' ' || message FROM audit_log ORDER BY at`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		rows.Scan(&s)
		out = append(out, s)
	}
	return out
}

// Problem 1: credentials given to the demo workspace never get made-up answers labelled remote.
func TestCredentialsInTheDemoStopBeforeAnyCall(t *testing.T) {
	dir := t.TempDir()
	creds := map[string]string{"GSTDESK_API_KEY": "key_test_abc", "GSTDESK_API_SECRET": "secret_test_abc"}
	code, recs, errs := cliEnv(t, dir, creds, "gst", "verify", "29AABCF8078M1C8", "27AAPFU0939F1ZV")
	if code != ExitUsage || len(recs) != 0 {
		t.Fatalf("exit %d, %v", code, recs)
	}
	for _, want := range []string{"demo", "made-up", "gstdesk workspace create --name CLIENT --gstin GSTIN --env test", "gstdesk workspace use NAME"} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr %q lacks %q", errs, want)
		}
	}
	if ops := auditOps(t, dir); len(ops) != 0 {
		t.Errorf("calls were made: %v", ops)
	}
	// Without credentials the demo answers, and says it is the demo.
	code, recs, _ = cliEnv(t, dir, nil, "gst", "verify", "27AAPFU0939F1ZV")
	if code != ExitOK || recs[0]["source"] != "demo" {
		t.Errorf("demo without credentials: exit %d %v", code, recs)
	}
}

// The README's script: create a Test workspace, then verify against the configured service
// (here the project's simulator standing in for it, through GSTDESK_BASE_URL): "remote" is the
// configured service's answer.
func TestReadmeScriptCreatesATestWorkspace(t *testing.T) {
	sim := simulator.New(simulator.Options{Seed: 7})
	srv := httptest.NewServer(sim)
	defer srv.Close()
	dir := t.TempDir()
	vars := map[string]string{"GSTDESK_API_KEY": simulator.DefaultAPIKey, "GSTDESK_API_SECRET": simulator.DefaultAPISecret, "GSTDESK_BASE_URL": srv.URL}
	code, recs, errs := cliEnv(t, dir, vars, "workspace", "create", "--name", "Acme Traders", "--gstin", "29AAFCD5862R1ZR", "--env", "test")
	if code != ExitOK || recs[0]["environment"] != "test" || recs[0]["current"] != true {
		t.Fatalf("create: exit %d %v %s", code, recs, errs)
	}
	code, recs, errs = cliEnv(t, dir, vars, "gst", "verify", "27AAPFU0939F1ZV")
	if code != ExitOK || recs[0]["source"] != "remote" {
		t.Fatalf("verify: exit %d %v %s", code, recs, errs)
	}
}

// Problem 2: workspaces on the command line.
func TestWorkspaceCommands(t *testing.T) {
	dir := t.TempDir()
	run := func(args ...string) (int, []map[string]any, string) { return cliEnv(t, dir, nil, args...) }

	code, recs, _ := run("workspace", "list")
	if code != ExitOK || len(recs) != 1 || recs[0]["name"] != store.DemoWorkspaceName || recs[0]["environment"] != "demo" || recs[0]["current"] != true {
		t.Fatalf("list on a fresh folder: %d %v", code, recs)
	}
	code, recs, errs := run("workspace", "create", "--name", "Acme", "--gstin", "29aafcd5862r1zr", "--env", "test", "--base-url", "https://gw.example.in/")
	if code != ExitOK || recs[0]["gstin"] != "29AAFCD5862R1ZR" || recs[0]["base_url"] != "https://gw.example.in" {
		t.Fatalf("create: %d %v %s", code, recs, errs)
	}
	// The new workspace is the last used: show without a name shows it.
	code, recs, _ = run("workspace", "show")
	if code != ExitOK || recs[0]["name"] != "Acme" || recs[0]["effective_base_url"] != "https://gw.example.in" {
		t.Errorf("show: %d %v", code, recs)
	}
	// Bad input: a duplicate client, a GSTIN with a wrong check character, a real client without a GSTIN.
	for _, args := range [][]string{
		{"workspace", "create", "--name", "Acme again", "--gstin", "29AAFCD5862R1ZR", "--env", "test"},
		{"workspace", "create", "--name", "Typo", "--gstin", "29AAFCD5862R1ZX", "--env", "test"},
		{"workspace", "create", "--name", "No GSTIN", "--env", "production"},
		{"workspace", "create", "--name", "acme", "--gstin", "27AAPFU0939F1ZV", "--env", "production"},
	} {
		if code, _, errs := run(args...); code != ExitUsage || errs == "" {
			t.Errorf("%v: exit %d %q, want a usage error", args, code, errs)
		}
	}
	// --workspace and GSTDESK_WORKSPACE pick a workspace for one run without changing the last used.
	code, recs, _ = run("workspace", "show", "--workspace", "demo workspace")
	if code != ExitOK || recs[0]["name"] != store.DemoWorkspaceName {
		t.Errorf("--workspace: %d %v", code, recs)
	}
	code, recs, _ = cliEnv(t, dir, map[string]string{"GSTDESK_WORKSPACE": store.DemoWorkspaceName}, "workspace", "show")
	if code != ExitOK || recs[0]["name"] != store.DemoWorkspaceName {
		t.Errorf("GSTDESK_WORKSPACE: %d %v", code, recs)
	}
	if _, recs, _ = run("workspace", "show"); recs[0]["name"] != "Acme" {
		t.Errorf("--workspace changed the last used workspace: %v", recs)
	}
	// An unknown workspace is a usage error that lists the workspaces, on any command.
	for _, args := range [][]string{{"workspace", "use", "Nope"}, {"gst", "verify", "--workspace", "Nope", "27AAPFU0939F1ZV"}, {"recon", "--workspace=Nope"}} {
		code, _, errs := run(args...)
		if code != ExitUsage || !strings.Contains(errs, `There is no workspace "Nope"`) || !strings.Contains(errs, `"Acme"`) || !strings.Contains(errs, `"Demo workspace"`) {
			t.Errorf("%v: exit %d %q", args, code, errs)
		}
	}
	// use, set, rename.
	if code, recs, _ = run("workspace", "use", "Demo workspace"); code != ExitOK || recs[0]["current"] != true {
		t.Errorf("use: %d %v", code, recs)
	}
	code, recs, errs = run("workspace", "set", "Acme", "--env", "production", "--base-url", "", "--rename", "Acme Traders")
	if code != ExitOK || recs[0]["name"] != "Acme Traders" || recs[0]["environment"] != "production" || recs[0]["base_url"] != nil {
		t.Errorf("set: %d %v %s", code, recs, errs)
	}
	// remove says what it deletes, and deletes only with --yes; never the workspace in use.
	code, _, errs = run("workspace", "remove", "Acme Traders")
	if code != ExitUsage || !strings.Contains(errs, `this deletes workspace "Acme Traders" (29AAFCD5862R1ZR, production) and what it holds: `) || !strings.Contains(errs, "Nothing was deleted") {
		t.Errorf("remove without --yes: %d %q", code, errs)
	}
	if code, _, errs = run("workspace", "remove", "Demo workspace", "--yes"); code != ExitUsage || !strings.Contains(errs, "in use") {
		t.Errorf("remove the current: %d %q", code, errs)
	}
	if code, recs, errs = run("workspace", "remove", "Acme Traders", "--yes"); code != ExitOK || recs[0]["removed"] == nil {
		t.Errorf("remove: %d %v %q", code, recs, errs)
	}
	if _, recs, _ = run("workspace", "list"); len(recs) != 1 {
		t.Errorf("after remove: %v", recs)
	}
	if code, _, out := run("help", "workspace"); code != ExitOK || !strings.Contains(out, "gstdesk workspace create") {
		t.Errorf("help workspace: %d %q", code, out)
	}
}

// Problems 3 and 6: sign-in keeps to the workspace's client, and is audited without the OTP.
func TestLoginKeepsToTheWorkspacesClient(t *testing.T) {
	dir := t.TempDir()
	code, recs, errs := cliEnv(t, dir, nil, "gst", "login", "--username", "U", "--gstin", "29AAFCD5862R1ZR", "--otp", "575757")
	if code != ExitFailed || len(recs) != 1 {
		t.Fatalf("login for another client: exit %d %v %s", code, recs, errs)
	}
	msg := recs[0]["error"].(map[string]any)["message"].(string)
	for _, want := range []string{"29AAFCD5862R1ZR is not the GSTIN of workspace", "gstdesk workspace create --name CLIENT --gstin 29AAFCD5862R1ZR --env demo"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message %q lacks %q", msg, want)
		}
	}
	code, recs, _ = cliEnv(t, dir, nil, "gst", "2a-b2b", "--gstin", "29AAFCD5862R1ZR", "--year", "2025", "--month", "4")
	if code != ExitFailed || !strings.Contains(recs[0]["error"].(map[string]any)["message"].(string), "is not the GSTIN of workspace") {
		t.Errorf("2a-b2b for another client: exit %d %v", code, recs)
	}
	// The workspace's own client signs in (no --gstin needed) and pulls.
	if code, _, errs := cliEnv(t, dir, nil, "gst", "login", "--username", "demo", "--otp", "575757"); code != ExitOK {
		t.Fatalf("login: %d %s", code, errs)
	}
	if code, recs, errs := cliEnv(t, dir, nil, "gst", "2a-b2b", "--year", "2025", "--month", "4"); code != ExitOK || recs[0]["source"] != "demo" {
		t.Fatalf("2a-b2b: %d %v %s", code, recs, errs)
	}
	// The client's workspace in the same environment is named in the refusal once it exists.
	cliEnv(t, dir, nil, "workspace", "create", "--name", "Other client", "--gstin", "29AAFCD5862R1ZR", "--env", "demo")
	cliEnv(t, dir, nil, "workspace", "use", "Demo workspace")
	_, recs, _ = cliEnv(t, dir, nil, "gst", "login", "--username", "U", "--gstin", "29AAFCD5862R1ZR", "--otp", "575757")
	if msg := recs[0]["error"].(map[string]any)["message"].(string); !strings.Contains(msg, `gstdesk workspace use "Other client"`) {
		t.Errorf("refusal does not name the client's workspace: %q", msg)
	}
	// The workspace holding the demo's made-up pulls cannot be turned into a Test one.
	if code, _, errs := cliEnv(t, dir, nil, "workspace", "set", "Demo workspace", "--env", "test"); code != ExitUsage || !strings.Contains(errs, "from the demo service") {
		t.Errorf("environment change with demo pulls: exit %d %q", code, errs)
	}
	ops := strings.Join(auditOps(t, dir), "\n")
	for _, want := range []string{"taxpayer_otp_request 27AAPFU0939F1ZV", "taxpayer_otp_verify 27AAPFU0939F1ZV", "gstr2a_b2b 2025-04"} {
		if !strings.Contains(ops, want) {
			t.Errorf("audit log lacks %q:\n%s", want, ops)
		}
	}
	if strings.Contains(ops, "575757") {
		t.Errorf("the OTP reached the audit log:\n%s", ops)
	}
}

// Problem 4: a pull stored under another client's workspace moves to its own on open, and the
// offline answers and diffs of each workspace hold only its client's pulls.
func TestStrayPullsMoveToTheirClient(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	if code, _, errs := cliEnv(t, dir, nil, "gst", "login", "--username", "demo", "--otp", "575757"); code != ExitOK {
		t.Fatalf("login: %s", errs)
	}
	if code, _, errs := cliEnv(t, dir, nil, "gst", "2a-b2b", "--year", "2025", "--month", "4"); code != ExitOK {
		t.Fatalf("pull: %s", errs)
	}
	// What an older gstdesk did with --gstin: another taxpayer's pull in the demo workspace.
	d, err := desk.Open(ctx, desk.Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	demoID := d.Core.Workspace().ID
	raw, _ := gstr2a.RawListing(ctx, d.Core.DB.DB, mustLatest(t, d, "2025-04").ID)
	if _, err := gstr2a.Ingest(ctx, d.Core.DB.DB, gstr2a.IngestRequest{WorkspaceID: demoID, GSTIN: "29AAFCD5862R1ZR", Period: "2025-04",
		FetchedAt: d.Core.Now(), Raw: raw}, nil); err != nil {
		t.Fatal(err)
	}
	d.Close()

	code, recs, errs := cliEnv(t, dir, nil, "gst", "2a-b2b", "--offline", "--year", "2025", "--month", "4")
	if code != ExitOK || len(recs) != 1 {
		t.Fatalf("offline: %d %v %s", code, recs, errs)
	}
	if !strings.Contains(errs, "Moved 1 GSTR-2A pull(s) of 29AAFCD5862R1ZR from workspace \"Demo workspace\" to workspace \"29AAFCD5862R1ZR\" (created for it)") {
		t.Errorf("the move was not reported: %q", errs)
	}
	// 2a-diff in the demo compares nothing of the other taxpayer: one pull left, so no diff.
	if code, recs, _ := cliEnv(t, dir, nil, "gst", "2a-diff", "--year", "2025", "--month", "4"); code != ExitFailed || recs[0]["error"] == nil {
		t.Errorf("diff across taxpayers: %d %v", code, recs)
	}
	_, ws, _ := cliEnv(t, dir, nil, "workspace", "show", "29AAFCD5862R1ZR")
	if holds := ws[0]["holds"].(map[string]any); holds["gstr2a_pulls"] != float64(1) || ws[0]["environment"] != "demo" {
		t.Errorf("the moved pull's workspace: %v", ws)
	}
	// Nothing is moved twice.
	if _, _, errs := cliEnv(t, dir, nil, "workspace", "list"); strings.Contains(errs, "Moved") {
		t.Errorf("moved again: %q", errs)
	}
}

func mustLatest(t *testing.T, d *desk.Desk, period string) gstr2a.Snapshot {
	t.Helper()
	s, err := gstr2a.LatestSnapshot(context.Background(), d.Core.DB.DB, d.Core.Workspace().ID, period)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Problem 5: a one-supplier pull is compared with a full one only over that supplier.
func TestDiffComparesLikeWithLike(t *testing.T) {
	dir := t.TempDir()
	cliEnv(t, dir, nil, "gst", "login", "--username", "demo", "--otp", "575757")
	_, full, _ := cliEnv(t, dir, nil, "gst", "2a-b2b", "--year", "2025", "--month", "5")
	b2b := full[0]["data"].(map[string]any)["b2b"].([]any)
	if len(b2b) < 2 {
		t.Fatalf("the demo month has %d suppliers", len(b2b))
	}
	one := b2b[0].(map[string]any)["ctin"].(string)
	if code, _, errs := cliEnv(t, dir, nil, "gst", "2a-b2b", "--year", "2025", "--month", "5", "--supplier", one); code != ExitOK {
		t.Fatalf("supplier pull: %s", errs)
	}
	code, recs, errs := cliEnv(t, dir, nil, "gst", "2a-diff", "--year", "2025", "--month", "5")
	if code != ExitOK {
		t.Fatalf("diff: %d %v %s", code, recs, errs)
	}
	d := recs[0]["diff"].(map[string]any)
	if recs[0]["scope"] != one || len(asSlice(d["removed"])) != 0 || len(asSlice(d["suppliers_removed"])) != 0 {
		t.Errorf("scope %v, removed %d, suppliers removed %v", recs[0]["scope"], len(asSlice(d["removed"])), d["suppliers_removed"])
	}
	if !strings.Contains(errs, "Compared supplier "+one+" only") {
		t.Errorf("stderr does not say what was compared: %q", errs)
	}
	// A from-date pull next to a full one cannot be compared: refused with the reason.
	cliEnv(t, dir, nil, "gst", "2a-b2b", "--year", "2025", "--month", "6", "--from", "10/06/2025")
	cliEnv(t, dir, nil, "gst", "2a-b2b", "--year", "2025", "--month", "6")
	code, recs, _ = cliEnv(t, dir, nil, "gst", "2a-diff", "--year", "2025", "--month", "6")
	if code != ExitFailed || !strings.Contains(recs[0]["error"].(map[string]any)["message"].(string), "from-date") {
		t.Errorf("from-date vs full: %d %v", code, recs)
	}
}

// A file of a filtered pull says what the pull covered; a file of stored demo answers says so.
func TestFilesSayWhatTheAnswersAre(t *testing.T) {
	dir := t.TempDir()
	cliEnv(t, dir, nil, "gst", "login", "--username", "demo", "--otp", "575757")
	_, full, _ := cliEnv(t, dir, nil, "gst", "2a-b2b", "--year", "2025", "--month", "5")
	one := full[0]["data"].(map[string]any)["b2b"].([]any)[0].(map[string]any)["ctin"].(string)
	out := filepath.Join(t.TempDir(), "one.csv")
	if code, _, errs := cliEnv(t, dir, nil, "gst", "2a-b2b", "--year", "2025", "--month", "5", "--supplier", one, "--format", "csv", "--out", out); code != ExitOK {
		t.Fatalf("filtered pull to csv: %d %s", code, errs)
	}
	b, _ := os.ReadFile(out)
	if !strings.Contains(string(b), "Pull covered") || !strings.Contains(string(b), "supplier "+one+" only") {
		t.Errorf("filtered pull's file = %.300s", b)
	}
	cliEnv(t, dir, nil, "gst", "verify", "27AAPFU0939F1ZV")
	out = filepath.Join(t.TempDir(), "verify.csv")
	cliEnv(t, dir, nil, "gst", "verify", "27AAPFU0939F1ZV", "--format", "csv", "--out", out)
	b, _ = os.ReadFile(out)
	if lines := strings.Split(string(b), "\n"); !strings.Contains(lines[0], "stored") || !strings.Contains(lines[1], "demo") || !strings.Contains(lines[1], "true") {
		t.Errorf("stored demo answer's file = %.300s", b)
	}
}
