package cli

import (
	"strings"
	"testing"
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
}

func TestGST2BRegenerate(t *testing.T) {
	dir := t.TempDir()
	gstCLI(t, dir, "login", "--username", "demo", "--gstin", "27AAPFU0939F1ZV", "--otp", "575757")
	code, recs, errs := gstCLI(t, dir, "2b-regenerate", "--year", "2024", "--month", "1")
	if code != ExitFailed || !strings.Contains(recs[0]["error"].(map[string]any)["message"].(string), "IMS2B007") {
		t.Errorf("regenerate an old period: %d %v %s", code, recs, errs)
	}
}
