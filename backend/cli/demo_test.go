package cli

import "testing"

// TestDemoCommands: load fills the demo workspace once, clear empties it, and both refuse a real
// client's workspace.
func TestDemoCommands(t *testing.T) {
	dir := t.TempDir()
	run := func(args ...string) (int, []map[string]any, string) { return cliEnv(t, dir, nil, args...) }
	if code, recs, errs := run("demo", "status"); code != ExitOK || recs[0]["demo"] != true || recs[0]["state"] != "" {
		t.Fatalf("status on a fresh folder: %d %v %s", code, recs, errs)
	}
	code, recs, errs := run("demo", "load")
	if code != ExitOK || recs[0]["loaded"] != true || recs[0]["state"] != "loaded" {
		t.Fatalf("load: %d %v %s", code, recs, errs)
	}
	if code, recs, _ := run("demo", "load"); code != ExitOK || recs[0]["loaded"] != false {
		t.Fatalf("load again: %d %v", code, recs)
	}
	if code, recs, _ := run("demo", "clear"); code != ExitOK || recs[0]["state"] != "cleared" {
		t.Fatalf("clear: %d %v", code, recs)
	}
	if code, _, errs := run("workspace", "create", "--name", "Acme", "--gstin", "29aafcd5862r1zr", "--env", "test"); code != ExitOK {
		t.Fatal(errs)
	}
	for _, sub := range []string{"load", "clear"} {
		if code, _, errs := run("demo", sub); code != ExitUsage || errs == "" {
			t.Errorf("demo %s in a client's workspace: %d %q", sub, code, errs)
		}
	}
	if code, _, _ := run("demo", "nonsense"); code != ExitUsage {
		t.Errorf("unknown subcommand: %d", code)
	}
}
