package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/zalando/go-keyring"

	"gstdesk/backend/desk/core"
	"gstdesk/backend/desk/core/coretest"
	"gstdesk/backend/gstapi/gstapitest"
)

var mockKeyringOnce sync.Once

func keyringMock() { keyring.MockInit() }

// gstCLI runs "gstdesk gst ..." against a data directory of its own (the demo workspace, answered
// by the in-process simulator).
func gstCLI(t *testing.T, dir string, args ...string) (int, []map[string]any, string) {
	t.Helper()
	return cliIn(t, dir, append([]string{"gst"}, args...)...)
}

// cliIn runs a gstdesk command with GSTDESK_DATA_DIR=dir and decodes its JSON lines.
func cliIn(t *testing.T, dir string, args ...string) (int, []map[string]any, string) {
	t.Helper()
	return cliEnv(t, dir, nil, args...)
}

// cliEnv is cliIn with more environment variables (such as GSTDESK_BASE_URL).
func cliEnv(t *testing.T, dir string, vars map[string]string, args ...string) (int, []map[string]any, string) {
	t.Helper()
	mockKeyringOnce.Do(keyringMock) // one in-memory keychain for the whole test binary
	var out, errb bytes.Buffer
	env := Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Getenv: func(k string) string {
		if k == "GSTDESK_DATA_DIR" {
			return dir
		}
		if v, ok := vars[k]; ok || k != core.DemoDateVar {
			return v
		}
		return coretest.DemoDate() // the IMS month's GSTR-2B there on any day
	}}
	code := Main(context.Background(), env, args)
	var recs []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		if line == "" {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("stdout line is not JSON: %q", line)
		}
		recs = append(recs, m)
	}
	return code, recs, errb.String()
}

func TestGSTVerifyLinesAndExitStatus(t *testing.T) {
	dir := t.TempDir()
	code, recs, _ := gstCLI(t, dir, "verify", "27aapfu0939f1zv", "27AAPFU0939F1ZX")
	if code != ExitFailed || len(recs) != 2 {
		t.Fatalf("exit %d, %d lines", code, len(recs))
	}
	ok, bad := recs[0], recs[1]
	if ok["gstin"] != "27AAPFU0939F1ZV" || ok["source"] != "demo" || ok["stored"] != nil || ok["fetched_at"] == nil {
		t.Errorf("first line = %v", ok)
	}
	if data, _ := ok["data"].(map[string]any); data["legalName"] == "" || data["gstin"] != "27AAPFU0939F1ZV" {
		t.Errorf("data = %v", ok["data"])
	}
	e, _ := bad["error"].(map[string]any)
	if e["kind"] != "invalid_input" || e["status"] != float64(422) || !strings.Contains(e["message"].(string), "check character should be V") {
		t.Errorf("error line = %v", bad)
	}
	code, recs, _ = gstCLI(t, dir, "verify", "27AAPFU0939F1ZV")
	if code != ExitOK || recs[0]["source"] != "demo" || recs[0]["stored"] != true {
		t.Errorf("second run: exit %d, %v", code, recs)
	}
	code, recs, _ = gstCLI(t, dir, "verify", "--fresh", "27AAPFU0939F1ZV")
	if code != ExitOK || recs[0]["source"] != "demo" || recs[0]["stored"] != nil {
		t.Errorf("--fresh: exit %d, %v", code, recs)
	}
}

// TestGSTNotRegisteredIsAnAnswer: a valid GSTIN no taxpayer has is the service's answer, printed as
// such, and the command exits 0 (failures are calls that could not be answered).
func TestGSTNotRegisteredIsAnAnswer(t *testing.T) {
	dir := t.TempDir()
	for _, op := range []string{"search", "verify"} {
		code, recs, stderr := gstCLI(t, dir, op, "29AAGCB7383J1Z4", "27AAPFU0939F1ZV")
		if code != ExitOK || len(recs) != 2 {
			t.Fatalf("%s: exit %d, %v, %s", op, code, recs, stderr)
		}
		nr := recs[0]
		if nr["gstin"] != "29AAGCB7383J1Z4" || nr["not_registered"] != true || nr["error"] != nil ||
			!strings.Contains(fmt.Sprint(nr["message"]), "Not registered") || strings.Contains(fmt.Sprint(nr["message"]), "FO8000") {
			t.Errorf("%s: not-registered line = %v", op, nr)
		}
		if recs[1]["not_registered"] != nil || recs[1]["data"] == nil {
			t.Errorf("%s: registered line = %v", op, recs[1])
		}
	}
}

func TestGSTOffline(t *testing.T) {
	dir := t.TempDir()
	gstCLI(t, dir, "search", "27AAPFU0939F1ZV")
	code, recs, _ := gstCLI(t, dir, "search", "--offline", "27AAPFU0939F1ZV", "24ABKCS2033B1ZV")
	if code != ExitFailed || recs[0]["source"] != "demo" || recs[0]["stored"] != true {
		t.Fatalf("exit %d, %v", code, recs)
	}
	if e, _ := recs[1]["error"].(map[string]any); e["kind"] != "remote_unavailable" || !strings.Contains(e["message"].(string), "offline") {
		t.Errorf("uncached offline line = %v", recs[1])
	}
}

func TestGSTUsageErrors(t *testing.T) {
	dir := t.TempDir()
	tests := [][]string{
		{"verify"},
		{"preference", "27AAPFU0939F1ZV"},
		{"changed", "--date", "14-11-2026"},
		{"verify", "--format", "pdf", "27AAPFU0939F1ZV"},
		{"verify", "--format", "xlsx", "27AAPFU0939F1ZV"},
		{"verify", "--offline", "--fresh", "27AAPFU0939F1ZV"},
		{"frobnicate"},
		{},
	}
	for _, args := range tests {
		if code, _, _ := gstCLI(t, dir, args...); code != ExitUsage {
			t.Errorf("gst %q: exit %d, want 2", args, code)
		}
	}
}

func TestGSTFileFormats(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(t.TempDir(), "v.csv")
	code, recs, _ := gstCLI(t, dir, "search", "--format", "csv", "--out", out, "27AAPFU0939F1ZV", "27AAPFU0939F1ZX")
	if code != ExitFailed || len(recs) != 0 {
		t.Fatalf("exit %d, stdout %v", code, recs)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	if !strings.HasPrefix(s, "\ufeffgstin,source,") || !strings.Contains(s, "UMIYA ENTERPRISES") || !strings.Contains(s, "check character") {
		t.Errorf("csv = %s", s)
	}
	jsonOut := filepath.Join(t.TempDir(), "v.json")
	gstCLI(t, dir, "search", "--format", "json", "--out", jsonOut, "27AAPFU0939F1ZV")
	var arr []map[string]any
	b, _ = os.ReadFile(jsonOut)
	if err := json.Unmarshal(b, &arr); err != nil || len(arr) != 1 || arr[0]["data"].(map[string]any)["lgnm"] != "UMIYA ENTERPRISES" {
		t.Errorf("json file = %s (%v)", b, err)
	}
}

func TestGSTPreferenceChangedApplicant(t *testing.T) {
	dir := t.TempDir()
	code, recs, _ := gstCLI(t, dir, "preference", "--fy", "2025-26", "27AAPFU0939F1ZV")
	if code != ExitOK || recs[0]["financial_year"] != "FY 2025-26" {
		t.Errorf("preference: exit %d %v", code, recs)
	}
	code, recs, _ = gstCLI(t, dir, "changed", "--date", "14-11-2026", "--state", "27", "--all")
	if code != ExitOK || len(recs) < 1 {
		t.Fatalf("changed: exit %d %v", code, recs)
	}
	data, _ := recs[0]["data"].(map[string]any)
	if pages := int(data["tpgcnt"].(float64)); pages != len(recs) {
		t.Errorf("--all fetched %d pages of %d", len(recs), pages)
	}
	code, recs, _ = gstCLI(t, dir, "applicant-check", "XX0000000000000")
	if code != ExitFailed || recs[0]["error"] == nil {
		t.Errorf("applicant-check without e-mail or mobile: exit %d %v", code, recs)
	}
}

func TestGSTLoginLogout(t *testing.T) {
	dir := t.TempDir()
	code, recs, errs := gstCLI(t, dir, "login", "--username", "demo", "--gstin", "27AAPFU0939F1ZV")
	if code != ExitOK || recs[0]["otp_sent"] != true || !strings.Contains(errs, "--otp") {
		t.Fatalf("login without OTP: exit %d %v %s", code, recs, errs)
	}
	code, recs, _ = gstCLI(t, dir, "login", "--username", "demo", "--gstin", "27AAPFU0939F1ZV", "--otp", "575757")
	if code != ExitOK || recs[0]["session_expiry"] == nil {
		t.Fatalf("login with OTP: exit %d %v", code, recs)
	}
	if b, _ := json.Marshal(recs); strings.Contains(string(b), "token") {
		t.Errorf("login printed a token: %s", b)
	}
	if code, _, _ := gstCLI(t, dir, "logout", "--gstin", "27AAPFU0939F1ZV"); code != ExitOK {
		t.Errorf("logout exit %d", code)
	}
	code, recs, _ = gstCLI(t, dir, "login", "--username", "demo", "--gstin", "27AAPFU0939F1ZV", "--otp", "111111")
	if code != ExitFailed || recs[0]["error"] == nil {
		t.Errorf("wrong OTP: exit %d %v", code, recs)
	}
}

func TestGST2AB2BPullThenOffline(t *testing.T) {
	dir := t.TempDir()
	if code, _, errs := gstCLI(t, dir, "login", "--username", "demo", "--gstin", "27AAPFU0939F1ZV", "--otp", "575757"); code != ExitOK {
		t.Fatalf("login: %d %s", code, errs)
	}
	code, recs, errs := gstCLI(t, dir, "2a-b2b", "--year", "2025", "--month", "4", "--to-month", "6")
	if code != ExitOK || len(recs) != 3 {
		t.Fatalf("pull: exit %d, %d lines, %s %v", code, len(recs), errs, recs)
	}
	for i, want := range []string{"2025-04", "2025-05", "2025-06"} {
		if recs[i]["period"] != want || recs[i]["source"] != "demo" {
			t.Errorf("line %d = %v", i, recs[i]["period"])
		}
		if _, ok := recs[i]["data"].(map[string]any)["b2b"].([]any); !ok {
			t.Errorf("line %d has no b2b array", i)
		}
	}
	code, off, _ := gstCLI(t, dir, "2a-b2b", "--offline", "--year", "2025", "--month", "4", "--to-month", "7")
	if code != ExitFailed || len(off) != 4 {
		t.Fatalf("offline: exit %d, %d lines", code, len(off))
	}
	for i := 0; i < 3; i++ {
		a, _ := json.Marshal(recs[i]["data"])
		b, _ := json.Marshal(off[i]["data"])
		if off[i]["source"] != "demo" || off[i]["stored"] != true || string(a) != string(b) {
			t.Errorf("period %s offline differs from what was pulled", off[i]["period"])
		}
	}
	if off[3]["error"] == nil {
		t.Errorf("a never-pulled period answered offline: %v", off[3])
	}
	out := filepath.Join(t.TempDir(), "2a.csv")
	if code, _, errs := gstCLI(t, dir, "2a-b2b", "--offline", "--year", "2025", "--month", "4", "--format", "csv", "--out", out); code != ExitOK {
		t.Fatalf("csv: %d %s", code, errs)
	}
	b, _ := os.ReadFile(out)
	if !strings.Contains(string(b), "Supplier GSTIN") || strings.Count(string(b), "\n") < 2 {
		t.Errorf("csv = %.300s", b)
	}
}

func TestGST2AB2BWithoutSession(t *testing.T) {
	code, recs, _ := gstCLI(t, t.TempDir(), "2a-b2b", "--year", "2025", "--month", "4")
	if code != ExitFailed || recs[0]["error"].(map[string]any)["kind"] != "unauthorised" {
		t.Errorf("exit %d %v", code, recs)
	}
}

func TestGST2ADiff(t *testing.T) {
	dir := t.TempDir()
	gstCLI(t, dir, "login", "--username", "demo", "--gstin", "27AAPFU0939F1ZV", "--otp", "575757")
	if code, recs, _ := gstCLI(t, dir, "2a-diff", "--year", "2025", "--month", "5"); code != ExitFailed || recs[0]["error"] == nil {
		t.Errorf("diff with no pulls: exit %d %v", code, recs)
	}
	gstCLI(t, dir, "2a-b2b", "--year", "2025", "--month", "5")
	gstCLI(t, dir, "2a-b2b", "--year", "2025", "--month", "5")
	code, recs, errs := gstCLI(t, dir, "2a-diff", "--year", "2025", "--month", "5")
	if code != ExitOK || recs[0]["diff"] == nil {
		t.Fatalf("diff: exit %d %v %s", code, recs, errs)
	}
	d := recs[0]["diff"].(map[string]any)
	// The same simulator data pulled twice: nothing added, removed or amended.
	if len(asSlice(d["added"]))+len(asSlice(d["removed"]))+len(asSlice(d["amended"])) != 0 {
		t.Errorf("two identical pulls differ: %v", d)
	}
}

func asSlice(v any) []any { s, _ := v.([]any); return s }

// simulatedService starts a simulator of the service for a test and returns a runner of
// "gstdesk gst ..." against it (the demo workspace pointed at it with GSTDESK_BASE_URL), so the
// test can set its faults.
func simulatedService(t *testing.T) (*gstapitest.Server, func(args ...string) (int, []map[string]any, string)) {
	t.Helper()
	sim, ts := gstapitest.NewServer(t, gstapitest.Options{})
	dir := t.TempDir()
	vars := map[string]string{"GSTDESK_BASE_URL": ts.URL}
	return sim, func(args ...string) (int, []map[string]any, string) {
		t.Helper()
		return cliEnv(t, dir, vars, append([]string{"gst"}, args...)...)
	}
}

// TestGSTVerifyContractViolationKeepsTheCache checks items 4 and 5 of issue 13 on the command line:
// with an answer of {"status_cd":"1","data":{}} (or one that is not UTF-8), gst verify --fresh
// exits 1 without printing data, and a later --offline still gives the good stored answer.
func TestGSTVerifyContractViolationKeepsTheCache(t *testing.T) {
	for _, f := range []gstapitest.Faults{{EmptyData: 1}, {InvalidUTF8: 1}} {
		sim, gst := simulatedService(t)
		code, good, errs := gst("verify", "27AAPFU0939F1ZV")
		if code != ExitOK || good[0]["source"] != "remote" {
			t.Fatalf("first verify: exit %d %v %s", code, good, errs)
		}
		sim.SetFaults(f)
		code, recs, _ := gst("verify", "--fresh", "27AAPFU0939F1ZV")
		e, _ := recs[0]["error"].(map[string]any)
		if code != ExitFailed || e == nil || recs[0]["data"] != nil || e["kind"] != "remote_unavailable" ||
			!strings.Contains(e["message"].(string), "The answer stored on") {
			t.Errorf("%+v: verify --fresh: exit %d %v, want exit 1 with an error that keeps the stored answer", f, code, recs)
		}
		code, off, _ := gst("verify", "--offline", "27AAPFU0939F1ZV")
		a, _ := json.Marshal(good[0]["data"])
		b, _ := json.Marshal(off[0]["data"])
		if code != ExitOK || off[0]["source"] != "cache" || string(a) != string(b) {
			t.Errorf("%+v: --offline after the bad answer: exit %d %v, want the good answer %s", f, code, off, a)
		}
	}
}

// TestGST2AB2BSaysWhenEveryInvoiceIsGone checks item 4: a period that had invoices and is now
// empty (the service's "no data") is stored empty, and 2a-b2b says so on stderr and in its line.
func TestGST2AB2BSaysWhenEveryInvoiceIsGone(t *testing.T) {
	sim, gst := simulatedService(t)
	if code, _, errs := gst("login", "--username", "demo", "--gstin", "27AAPFU0939F1ZV"); code != ExitOK {
		t.Fatalf("OTP request: %d %s", code, errs)
	}
	if code, recs, errs := gst("login", "--username", "demo", "--gstin", "27AAPFU0939F1ZV", "--otp", "575757"); code != ExitOK {
		t.Fatalf("login: %d %s %v", code, errs, recs)
	}
	code, recs, errs := gst("2a-b2b", "--year", "2025", "--month", "4")
	if code != ExitOK || recs[0]["notice"] != nil {
		t.Fatalf("first pull: exit %d %v %s", code, recs, errs)
	}
	n := 0
	for _, s := range asSlice(recs[0]["data"].(map[string]any)["b2b"]) {
		n += len(asSlice(s.(map[string]any)["inv"]))
	}
	// A contract violation changes nothing.
	sim.SetFaults(gstapitest.Faults{EmptyData: 1})
	if code, recs, _ := gst("2a-b2b", "--year", "2025", "--month", "4"); code != ExitFailed || recs[0]["error"] == nil {
		t.Errorf("pull with data {}: exit %d %v, want exit 1", code, recs)
	}
	sim.SetFaults(gstapitest.Faults{BusinessError: 1, BusinessCode: "RET13509", BusinessMessage: "No data found"})
	code, recs, errs = gst("2a-b2b", "--year", "2025", "--month", "4")
	want := fmt.Sprintf("All %d invoices of 04/2025 are gone since the pull of %s", n, time.Now().Format("02/01/2006"))
	if code != ExitOK || !strings.Contains(fmt.Sprint(recs[0]["notice"]), want) || !strings.Contains(errs, "2025-04: "+want) {
		t.Errorf("empty pull: exit %d, line %v, stderr %q; want the notice %q", code, recs, errs, want)
	}
}

// A month's pull error on the command line gives the command line's advice, not the window's.
func TestGST2AB2BErrorSpeaksToTheCommandLine(t *testing.T) {
	sim, gst := simulatedService(t)
	gst("login", "--username", "demo", "--gstin", "27AAPFU0939F1ZV")
	if code, recs, errs := gst("login", "--username", "demo", "--gstin", "27AAPFU0939F1ZV", "--otp", "575757"); code != ExitOK {
		t.Fatalf("login: %d %s %v", code, errs, recs)
	}
	sim.SetFaults(gstapitest.Faults{Redirect: 1, RedirectTo: "http://127.0.0.1:9"})
	code, recs, _ := gst("2a-b2b", "--year", "2025", "--month", "4")
	msg := fmt.Sprint(recs[0]["error"])
	if code != ExitFailed || !strings.Contains(msg, "GSTDESK_BASE_URL") || strings.Contains(msg, "in Settings.") {
		t.Errorf("pull error: exit %d %s", code, msg)
	}
}
