package main

import (
	"bytes"
	"context"
	"encoding/json"
	"go/parser"
	"go/token"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"gstdesk/backend/cli"
	"gstdesk/backend/desk"
	"gstdesk/backend/desk/returns"
	"gstdesk/backend/desk/workspaces"
)

// TestOneRoadReconcile drives one user action, "reconcile May's purchase register with GSTR-2A",
// through the command line on one data folder and through the window's bindings on another, from
// the same simulated service: both store a run with the same rows, because both call the
// reconcile service's import and run.
func TestOneRoadReconcile(t *testing.T) {
	ctx := context.Background()
	// The window: sign in, pull May, make the sample register, run it.
	win := newTestApp(t)
	if err := win.Returns.RequestOTP("demo", ""); err != nil {
		t.Fatal(err)
	}
	if _, err := win.Returns.VerifyOTP("demo", "", "575757"); err != nil {
		t.Fatal(err)
	}
	id, err := win.Returns.StartPull(returns.PullRequest{Periods: []string{"2025-05"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := win.shell.d.Core.WaitJob(ctx, id); err != nil {
		t.Fatal(err)
	}
	sample, err := win.Recon.ReconSampleRegister("2025-05", "2025-05")
	if err != nil {
		t.Fatal(err)
	}
	kept, _ := filepath.Glob(filepath.Join(win.shell.d.Workspaces.DataDir(), "recon-registers", sample.Token+"-*"))
	if len(kept) != 1 {
		t.Fatalf("kept register = %v", kept)
	}
	register := filepath.Join(t.TempDir(), "purchases.csv")
	b, err := os.ReadFile(kept[0])
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(register, b, 0o600)
	im, err := win.Recon.ReconImportPath(register)
	if err != nil {
		t.Fatal(err)
	}
	runJob, err := win.Recon.ReconStartRun(im.Token, "2025-05", "2025-05", false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := win.shell.d.Core.WaitJob(ctx, runJob); err != nil {
		t.Fatal(err)
	}
	winRun, err := win.Recon.ReconRunResult(runJob)
	if err != nil {
		t.Fatal(err)
	}

	// The command line, on a data folder of its own, with the same file.
	dir := t.TempDir()
	run := func(args ...string) string {
		t.Helper()
		var out, errb bytes.Buffer
		env := cli.Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Getenv: func(k string) string {
			if k == "GSTDESK_DATA_DIR" {
				return dir
			}
			return ""
		}}
		if code := cli.Main(ctx, env, args); code != cli.ExitOK {
			t.Fatalf("gstdesk %s: exit %d: %s", strings.Join(args, " "), code, errb.String())
		}
		return errb.String()
	}
	run("gst", "login", "--username", "demo", "--otp", "575757")
	run("gst", "2a-b2b", "--year", "2025", "--month", "5")
	run("recon", "--year", "2025", "--month", "5", "--purchases", register)

	d, err := desk.Open(ctx, desk.Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	runs, err := d.Recon.Runs(ctx)
	if err != nil || len(runs) != 1 {
		t.Fatalf("command-line runs = %v, %v", runs, err)
	}
	cliRun := runs[0]
	if cliRun.RegisterSHA256 != winRun.RegisterSHA256 || cliRun.RegisterName != winRun.RegisterName || cliRun.FromPeriod != winRun.FromPeriod {
		t.Errorf("runs differ: window %+v, command line %+v", winRun, cliRun)
	}
	rowsOf := func(dk *desk.Desk, runID string) []string {
		_, res, err := dk.Recon.Result(ctx, runID)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, r := range res.Rows {
			k := string(r.Status) + " " + r.Rule
			if r.Books != nil {
				k += " books:" + r.Books.Number + ":" + strconv.FormatInt(int64(r.Books.Taxable), 10)
			}
			if r.GSTR2A != nil {
				k += " 2a:" + r.GSTR2A.Number + ":" + strconv.FormatInt(int64(r.GSTR2A.Taxable), 10)
			}
			out = append(out, k)
		}
		sort.Strings(out)
		return out
	}
	winRows, cliRows := rowsOf(win.shell.d, winRun.ID), rowsOf(d, cliRun.ID)
	if len(winRows) == 0 || strings.Join(winRows, "\n") != strings.Join(cliRows, "\n") {
		t.Errorf("the window stored %d rows, the command line %d; they differ:\nwindow:\n%s\ncommand line:\n%s",
			len(winRows), len(cliRows), strings.Join(winRows, "\n"), strings.Join(cliRows, "\n"))
	}
}

// TestFacesReachTheDomainOnlyThroughServices: the bindings import no database package (they may
// name store's types), and the command line's reconciliation reads neither the database nor the
// stored GSTR-2A itself; both reach them through package desk's area services.
func TestFacesReachTheDomainOnlyThroughServices(t *testing.T) {
	forbidden := map[string]bool{"database/sql": true}
	check := func(file string, also map[string]bool) {
		f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			if forbidden[p] || also[p] {
				t.Errorf("%s imports %s: call an area service of package desk instead", file, p)
			}
		}
	}
	binds, _ := filepath.Glob("bind_*.go")
	for _, f := range append(binds, "app.go") {
		check(f, nil)
	}
	check("backend/cli/recon.go", map[string]bool{"gstdesk/backend/gstr2a": true, "gstdesk/backend/store": true})
	// The whole command line: no database handle of its own, no raw database through the core
	// (every action is a service method; d.Workspaces.DataUsage, not d.Core.DB.Usage).
	cliFiles, _ := filepath.Glob("backend/cli/*.go")
	faces := append(append(binds, "app.go", "main.go"), cliFiles...)
	for _, f := range faces {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		check(f, nil)
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, raw := range []string{"Core.DB", "core.DB", ".DB.DB", ".DB.Exec", ".DB.Query"} {
			if strings.Contains(string(b), raw) {
				t.Errorf("%s reaches the database (%s): call a service method instead", f, raw)
			}
		}
	}
}

// heldCore matches a service's unexported core field, however gofmt aligns it.
var heldCore = regexp.MustCompile(`\n\tcore\s+\*core\.Core\n`)

// TestServicesHaveANarrowDoor: no area service embeds the core, so the core's methods and its raw
// DB, Vault and Log are never promoted onto a service; each holds it in an unexported field and
// offers the few methods its faces need.
func TestServicesHaveANarrowDoor(t *testing.T) {
	files, _ := filepath.Glob("backend/desk/*/*.go")
	n := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") || strings.Contains(f, "/core/") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(b), "\n\t*core.Core\n") {
			t.Errorf("%s embeds *core.Core: hold it in an unexported field", f)
		}
		if heldCore.Match(b) {
			n++
		}
	}
	if n < 7 {
		t.Errorf("%d area services hold the core; want every one (lookups, returns, reconcile, overview, salary, workspaces, backup)", n)
	}
}

// TestOneRoadLookup drives "look up a GSTIN" through the window's binding on one data folder and
// through `gstdesk gst search` on another, both in the demo workspace: each reaches the lookups
// service's Ask and stores the same answer row, and the command line's lookup code calls Ask, not
// the lookup service underneath it.
func TestOneRoadLookup(t *testing.T) {
	ctx := context.Background()
	const g = "27AAPFU0939F1ZV"
	win := newTestApp(t)
	det, err := win.Lookups.LookupGSTIN(g, false)
	if err != nil || det.LegalName == "" {
		t.Fatalf("window: %+v, %v", det, err)
	}

	dir := t.TempDir()
	var out, errb bytes.Buffer
	env := cli.Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Getenv: func(k string) string {
		if k == "GSTDESK_DATA_DIR" {
			return dir
		}
		return ""
	}}
	if code := cli.Main(ctx, env, []string{"gst", "search", strings.ToLower(g)}); code != cli.ExitOK {
		t.Fatalf("gstdesk gst search: exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), det.LegalName) {
		t.Errorf("the command line printed %s, without the window's legal name %q", out.String(), det.LegalName)
	}
	d, err := desk.Open(ctx, desk.Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	stored := func(dk *desk.Desk) []string {
		rows, err := dk.Core.DB.QueryContext(ctx, `SELECT source, op, req_key, payload FROM answers ORDER BY op, req_key`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var out []string
		for rows.Next() {
			var s, op, key, payload string
			if err := rows.Scan(&s, &op, &key, &payload); err != nil {
				t.Fatal(err)
			}
			out = append(out, s+" "+op+" "+key+" "+payload)
		}
		return out
	}
	w, c := stored(win.shell.d), stored(d)
	if len(w) != 1 || strings.Join(w, "\n") != strings.Join(c, "\n") {
		t.Errorf("stored answers differ:\nwindow:\n%s\ncommand line:\n%s", strings.Join(w, "\n"), strings.Join(c, "\n"))
	}
	src, err := os.ReadFile("backend/cli/gst.go")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(src), "Lookups.ForWorkspace(") || !strings.Contains(string(src), "Lookups.Ask(") {
		t.Error("backend/cli/gst.go should answer lookups through the lookups service's Ask, as the window does")
	}
}

// TestMissingKeyHintPerFace: a lookup in a Production workspace with no API key fails on both
// faces with the same sentence, and each face gives its own way out: the window points to
// Settings, the command line to the environment variables.
func TestMissingKeyHintPerFace(t *testing.T) {
	ctx := context.Background()
	t.Setenv("GSTDESK_API_KEY", "")
	t.Setenv("GSTDESK_API_SECRET", "")
	const g = "27AAPFU0939F1ZV"
	win := newTestApp(t)
	if _, err := win.Workspaces.CreateWorkspace(workspaces.Spec{Name: "Acme", GSTIN: "29AAFCD5862R1ZR", Environment: "production"}); err != nil {
		t.Fatal(err)
	}
	_, err := win.Lookups.LookupGSTIN(g, false)
	var shown struct{ Message string }
	json.Unmarshal([]byte(formatError(slog.New(slog.DiscardHandler), err).(string)), &shown) // what the window receives
	if !strings.HasPrefix(shown.Message, "No API key for the production environment.") || !strings.Contains(shown.Message, "in Settings") || strings.Contains(shown.Message, "GSTDESK_API_KEY") {
		t.Errorf("the window shows %q", shown.Message)
	}

	dir := t.TempDir()
	run := func(args ...string) (int, string) {
		var out, errb bytes.Buffer
		env := cli.Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Getenv: func(k string) string {
			if k == "GSTDESK_DATA_DIR" {
				return dir
			}
			return ""
		}}
		code := cli.Main(ctx, env, args)
		return code, out.String() + errb.String()
	}
	if code, out := run("workspace", "create", "--name", "Acme", "--gstin", "29AAFCD5862R1ZR", "--env", "production"); code != cli.ExitOK {
		t.Fatalf("workspace create: %d %s", code, out)
	}
	code, out := run("gst", "search", g)
	if code == cli.ExitOK || !strings.Contains(out, "No API key for the production environment.") || !strings.Contains(out, "GSTDESK_API_KEY and GSTDESK_API_SECRET") || strings.Contains(out, "Add the key and secret in Settings") {
		t.Errorf("the command line: exit %d, %s", code, out)
	}
}
