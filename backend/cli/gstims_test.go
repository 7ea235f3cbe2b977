package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gstdesk/backend/config"
	"gstdesk/backend/desk"
	"gstdesk/backend/gstapi/gstapitest"
	"gstdesk/backend/gstr2b"
)

// TestGSTIMSListSetLog runs against one simulator for the whole test (the demo workspace starts
// a fresh one for each command, which forgets IMS actions between commands).
func TestGSTIMSListSetLog(t *testing.T) {
	sim, gst := simulatedService(t)
	sim.SetIMSPolls(-1) // finished at the first poll: the command line waits real time between polls
	gst("login", "--username", "demo", "--gstin", "27AAPFU0939F1ZV")
	if code, _, errs := gst("login", "--username", "demo", "--gstin", "27AAPFU0939F1ZV", "--otp", "575757"); code != ExitOK {
		t.Fatalf("login: %d %s", code, errs)
	}
	code, recs, errs := gst("ims", "list", "--section", "b2b", "--status", "no_action_taken")
	if code != ExitOK || len(recs) == 0 {
		t.Fatalf("list: %d %d %s", code, len(recs), errs)
	}
	var doc map[string]any
	for _, r := range recs {
		if r["pending_blocked"] == false && r["action"] == "N" {
			doc = r
			break
		}
	}
	code, set, errs := gst("ims", "set", doc["stin"].(string), doc["number"].(string), "reject", "--reason", "not ours")
	if code != ExitOK || len(set) != 1 || set[0]["result"] != "applied" || set[0]["from"] != "N" || set[0]["action"] != "R" {
		t.Fatalf("set: %d %v %s", code, set, errs)
	}
	code, off, _ := gst("ims", "list", "--offline", "--section", "b2b", "--status", "rejected")
	if code != ExitOK || len(off) != 1 || off[0]["number"] != doc["number"] {
		t.Errorf("offline rejected: %d %v", code, off)
	}
	code, log, _ := gst("ims", "log")
	if code != ExitOK || len(log) != 1 || log[0]["who"] == "" || log[0]["reason"] != "not ours" || log[0]["result"] != "applied" {
		t.Errorf("log: %d %v", code, log)
	}
	// The same action again is refused: exit 1, nothing sent.
	code, again, _ := gst("ims", "set", doc["stin"].(string), doc["number"].(string), "reject")
	if code != ExitFailed || again[0]["result"] != "refused" || !strings.Contains(again[0]["message"].(string), "rejected already") {
		t.Errorf("again: %d %v", code, again)
	}
	if code, _, _ := gst("ims", "set", "X", "Y", "approve"); code != ExitUsage {
		t.Errorf("bad action: exit %d", code)
	}
	if code, _, _ := gst("ims", "list", "--section", "zz"); code != ExitUsage {
		t.Errorf("bad section: exit %d", code)
	}
	if code, _, _ := gst("ims"); code != ExitUsage {
		t.Errorf("no subcommand: exit %d", code)
	}
	code, cnt, _ := gst("ims", "count")
	if code != ExitOK || len(cnt) != 8 {
		t.Errorf("count: %d %v", code, cnt)
	}
	// IMS 2.0: a credit note is accepted with the reduction declared (--itc-reduced, --declared in
	// rupees); a declaration above the note's tax is refused before anything is sent.
	code, notes, errs := gst("ims", "list", "--section", "b2bcn", "--status", "no_action_taken")
	if code != ExitOK || len(notes) == 0 {
		t.Fatalf("credit notes: %d %v %s", code, notes, errs)
	}
	cn := notes[0]
	code, bad, _ := gst("ims", "set", cn["stin"].(string), cn["number"].(string), "accept", "--itc-reduced", "Y", "--declared", "99999999,0,0,0")
	if code != ExitFailed || bad[0]["result"] != "refused" || !strings.Contains(fmt.Sprint(bad[0]["message"]), "more than the note") {
		t.Errorf("declared above the note: %d %v", code, bad)
	}
	code, ok, errs := gst("ims", "set", cn["stin"].(string), cn["number"].(string), "accept", "--itc-reduced", "Y")
	if code != ExitOK || ok[0]["result"] != "applied" {
		t.Errorf("accept credit note: %d %v %s", code, ok, errs)
	}
	for _, args := range [][]string{{"ims", "set", "X", "Y", "accept", "--itc-reduced", "maybe"}, {"ims", "set", "X", "Y", "accept", "--declared", "1,2"}} {
		if code, _, _ := gst(args...); code != ExitUsage {
			t.Errorf("%v: exit %d", args, code)
		}
	}
}

func TestGST2BRegenerate(t *testing.T) {
	dir := t.TempDir()
	gstCLI(t, dir, "login", "--username", "demo", "--gstin", "27AAPFU0939F1ZV", "--otp", "575757")
	code, recs, errs := gstCLI(t, dir, "2b-regenerate", "--year", "2024", "--month", "1")
	if code != ExitFailed || !strings.Contains(recs[0]["error"].(map[string]any)["message"].(string), "IMS2B007") {
		t.Errorf("regenerate an old period: %d %v %s", code, recs, errs)
	}
}

func TestReconAgainst2BAndIMSApply(t *testing.T) {
	sim, ts := gstapitest.NewServer(t, gstapitest.Options{})
	sim.SetIMSPolls(-1)
	dir := t.TempDir()
	vars := map[string]string{"GSTDESK_BASE_URL": ts.URL}
	run := func(args ...string) (int, []map[string]any, string) { return cliEnv(t, dir, vars, args...) }
	run("gst", "login", "--username", "demo", "--gstin", "27AAPFU0939F1ZV")
	if code, _, errs := run("gst", "login", "--username", "demo", "--gstin", "27AAPFU0939F1ZV", "--otp", "575757"); code != ExitOK {
		t.Fatalf("login: %s", errs)
	}
	// The simulator needs no pacing: lift the workspace's rate limit (25 a minute for test keys).
	d, err := desk.Open(context.Background(), desk.Options{Dir: dir, Getenv: func(k string) string { return vars[k] }})
	if err != nil {
		t.Fatal(err)
	}
	set, _ := config.Load(context.Background(), d.Core.DB, d.Core.Workspace())
	set.RatePerMinute = 10000
	if _, err := config.Save(context.Background(), d.Core.DB, d.Core.Workspace(), set); err != nil {
		t.Fatal(err)
	}
	d.Close()
	y, m, _ := sim.IMSPeriod()
	ys, ms := fmt.Sprint(y), fmt.Sprint(m)
	code, recs, errs := run("gst", "2b", "--year", ys, "--month", ms)
	if code != ExitOK {
		t.Fatalf("2b: %d %s", code, errs)
	}
	r, err := gstr2b.Parse(mustJSON(t, recs[0]["data"]), gstr2b.FromService)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	b.WriteString("supplier_gstin,invoice_number,invoice_date,place_of_supply,reverse_charge,invoice_value,taxable_value,igst,cgst,sgst,cess\n")
	n := 0
	for _, d := range r.Documents {
		if d.Section != "b2b" || n == 5 {
			continue
		}
		n++
		fmt.Fprintf(&b, "%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n", d.Supplier, d.Number, d.Date, d.POS, d.ReverseCharge, d.Value.Decimal(), d.Taxable.Decimal(),
			d.IGST.Decimal(), d.CGST.Decimal(), d.SGST.Decimal(), d.Cess.Decimal())
	}
	path := filepath.Join(t.TempDir(), "purchases.csv")
	os.WriteFile(path, []byte(b.String()), 0o600)
	code, rows, errs := run("recon", "--year", ys, "--month", ms, "--purchases", path)
	if code != ExitOK || len(rows) == 0 || !strings.Contains(errs, "against GSTR-2B") {
		t.Fatalf("recon (2b by default): %d %d rows %s", code, len(rows), errs)
	}
	accept := 0
	for _, row := range rows {
		rec, _ := row["recommended"].(map[string]any)
		if rec["action"] == "A" {
			accept++
		}
		if row["status"] == "missing_in_books" && rec["action"] == "A" {
			t.Errorf("a document missing in the books is recommended for acceptance: %v", row)
		}
	}
	if accept != 5 {
		t.Errorf("recommended accept = %d, want the 5 booked invoices", accept)
	}
	if code, _, errs := run("recon", "--year", ys, "--month", ms, "--purchases", path, "--against", "2a"); code != ExitOK || strings.Contains(errs, "against GSTR-2B") {
		t.Errorf("--against 2a: %d %s", code, errs)
	}
	if code, _, _ := run("recon", "--year", ys, "--month", ms, "--purchases", path, "--against", "2c"); code != ExitUsage {
		t.Errorf("--against 2c: exit %d", code)
	}
	// Flags of the 2A run are refused against 2B, never dropped without a word.
	if code, _, errs := run("recon", "--year", ys, "--month", ms, "--purchases", path, "--tolerance", "5"); code != ExitUsage || !strings.Contains(errs, "--tolerance apply to the reconciliation with GSTR-2A") {
		t.Errorf("--tolerance against 2B: exit %d %s", code, errs)
	}
	code, dry, errs := run("gst", "ims", "apply", "--year", ys, "--month", ms, "--purchases", path, "--dry-run")
	if code != ExitOK || len(dry) == 0 {
		t.Fatalf("dry run: %d %v %s", code, dry, errs)
	}
	for _, l := range dry {
		if l["result"] != "dry_run" && l["result"] != "already" {
			t.Errorf("dry run line %v", l)
		}
		if l["supplier"] == nil || l["document"] == nil || l["action"] == nil || l["reason"] == nil {
			t.Errorf("line lacks supplier/document/action/reason: %v", l)
		}
	}
	code, applied, errs := run("gst", "ims", "apply", "--year", ys, "--month", ms, "--purchases", path)
	if code != ExitOK {
		t.Fatalf("apply: %d %v %s", code, applied, errs)
	}
	ok := 0
	for _, l := range applied {
		if l["result"] == "applied" {
			ok++
		} else {
			t.Logf("not applied: %v", l)
		}
	}
	if ok != len(dry) {
		t.Errorf("applied %d of %d", ok, len(dry))
	}

	// Every run against 2B was saved: listed with its kind beside the run against 2A, reopened,
	// a row's IMS action changed, and that choice is what gst ims apply --run sends.
	code, runs, errs := run("recon", "runs")
	kinds := map[any]int{}
	for _, r := range runs {
		kinds[r["against"]]++
	}
	if code != ExitOK || kinds["2a"] != 1 || kinds["2b"] != 3 {
		t.Fatalf("recon runs: %d %v %s", code, kinds, errs)
	}
	latest := runs[0]
	if latest["against"] != "2b" || latest["recommended"] == nil {
		t.Fatalf("newest run %v", latest)
	}
	id := latest["id"].(string)
	if code, only, _ := run("recon", "runs", "--against", "2a"); code != ExitOK || len(only) != 1 || only[0]["against"] != "2a" {
		t.Errorf("recon runs --against 2a: %d %v", code, only)
	}
	code, shown, errs := run("recon", "show", id)
	if code != ExitOK || len(shown) != len(rows) || !strings.Contains(errs, "run "+id) {
		t.Fatalf("recon show: %d %d rows of %d %s", code, len(shown), len(rows), errs)
	}
	var accepted map[string]any
	for _, r := range shown {
		if r["status"] == "exact" && r["send"] == "A" {
			accepted = r
			break
		}
	}
	if accepted == nil {
		t.Fatalf("no exact row recommended for acceptance among %d", len(shown))
	}
	if code, _, errs := run("recon", "choose", id, accepted["key"].(string), "reject"); code != ExitOK {
		t.Fatalf("recon choose: %d %s", code, errs)
	}
	if code, _, errs := run("recon", "choose", id, accepted["key"].(string), "approve"); code != ExitFailed || !strings.Contains(errs, "none of accept") {
		t.Errorf("recon choose approve: %d %s", code, errs)
	}
	if code, _, _ := run("recon", "choose", id); code != ExitUsage {
		t.Errorf("recon choose without an action: exit %d", code)
	}
	if code, _, _ := run("gst", "ims", "apply", "--run", id, "--year", ys); code != ExitUsage {
		t.Errorf("--run with --year: exit %d", code)
	}
	code, sent, errs := run("gst", "ims", "apply", "--run", id)
	if code != ExitOK {
		t.Fatalf("apply --run: %d %v %s", code, sent, errs)
	}
	doc := accepted["gstr2a"].(map[string]any)
	rejected := 0
	for _, l := range sent {
		if l["document"] == doc["invoice_number"] && l["supplier"] == doc["supplier_gstin"] {
			if l["action"] != "reject" || l["chosen"] != true || l["result"] != "applied" {
				t.Errorf("the chosen row went as %v", l)
			}
			rejected++
		} else if l["result"] != "already" {
			t.Errorf("a row applied before is sent again: %v", l)
		}
	}
	if rejected != 1 {
		t.Errorf("apply --run: the chosen row was sent %d times", rejected)
	}
}

func mustJSON(t *testing.T, v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
