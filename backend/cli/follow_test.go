package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// followChildEnv makes the test binary, run by TestSecondDeskFollows, the process that follows:
// `gstdesk backup follow --dir DIR --while-stdin-open`, as the window starts it.
const followChildEnv = "GSTDESK_TEST_FOLLOW_DIR"

// TestSecondDeskFollows: a second desk starts from a folder replica (backup follow --to), a
// process of its own follows it (as the window's child does), and while the writer desk adds a
// client the second desk's commands read it within a bounded wait, reading all the while in
// another process than the one applying the changes; every command that would change something
// there exits 2 with the message naming the target, and the follower stops when its input closes.
func TestSecondDeskFollows(t *testing.T) {
	if dir := os.Getenv(followChildEnv); dir != "" {
		os.Exit(Main(context.Background(), Env{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv},
			[]string{"backup", "follow", "--dir", dir, "--while-stdin-open"}))
	}
	w, nas := t.TempDir(), filepath.Join(t.TempDir(), "nas")
	if code, _, errs := cliIn(t, w, "workspace", "create", "--name", "Acme Traders", "--gstin", "27AAPFU0939F1ZV", "--env", "test"); code != ExitOK {
		t.Fatalf("workspace create: %s", errs)
	}
	if code, _, errs := cliIn(t, w, "backup", "target", "add", "--kind", "folder", "--path", nas, "--name", "NAS"); code != ExitOK {
		t.Fatalf("target add: %s", errs)
	}
	f := filepath.Join(t.TempDir(), "second desk")
	code, recs, errs := cliIn(t, w, "backup", "follow", "--to", f, "--kind", "folder", "--path", nas, "--name", "NAS", "--once")
	if code != ExitOK || len(recs) == 0 || recs[0]["open_with"] != "GSTDESK_DATA_DIR="+f {
		t.Fatalf("follow --to: %d %v %s", code, recs, errs)
	}

	cmd := exec.Command(os.Args[0], "-test.run=^TestSecondDeskFollows$")
	cmd.Env = append(os.Environ(), followChildEnv+"="+f)
	var childErr bytes.Buffer
	cmd.Stderr = &childErr
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		in.Close()
		cmd.Wait()
	}()

	if code, _, errs := cliIn(t, w, "workspace", "create", "--name", "Beta Stores", "--gstin", "29AAGCB7383J1Z4", "--env", "test"); code != ExitOK {
		t.Fatalf("workspace create on the writer: %s", errs)
	}
	deadline := time.Now().Add(2 * time.Minute) // generous: it only turns a hang into a failure
	for {
		code, recs, errs := cliIn(t, f, "workspace", "list")
		if code != ExitOK {
			t.Fatalf("workspace list on the second desk: %d %s", code, errs)
		}
		var names []string
		for _, r := range recs {
			names = append(names, r["name"].(string))
		}
		if strings.Contains(strings.Join(names, ","), "Beta Stores") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the second desk never saw the new client; it has %v; follower said %s", names, childErr.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	code, recs, errs = cliIn(t, f, "backup", "status")
	if code != ExitOK || len(recs) == 0 || recs[0]["following"] == nil {
		t.Fatalf("backup status on the second desk: %d %v %s", code, recs, errs)
	}
	if st := recs[0]["following"].(map[string]any); st["running"] != true || st["target"] != "NAS" {
		t.Errorf("follow status = %v", st)
	}

	writes := [][]string{
		{"workspace", "create", "--name", "Gamma", "--gstin", "24ABKCS2033B1ZV", "--env", "test"},
		{"workspace", "set", "Acme Traders", "--rename", "Acme"},
		{"workspace", "remove", "Acme Traders", "--yes"},
		{"gst", "verify", "24ABKCS2033B1ZV"},
		{"gst", "2a-b2b", "--year", "2025", "--month", "4"},
		{"tds", "employer", "set", "--fy", "2025-26", "--name", "Acme Ltd", "--tan", "MUMA12345B", "--responsible", "R. Iyer"},
		{"backup", "target", "add", "--kind", "folder", "--path", filepath.Join(t.TempDir(), "usb")},
		{"backup", "sync"},
		{"backup", "run"},
	}
	for _, args := range writes {
		code, recs, errs := cliEnv(t, f, map[string]string{"GSTDESK_API_KEY": "k", "GSTDESK_API_SECRET": "s"}, args...)
		said := errs + fmt.Sprint(recs) // a lookup says it in its record
		if code != ExitUsage || !strings.Contains(said, `follows "NAS"`) {
			t.Errorf("%s on the second desk: exit %d, %q; want 2 and the refusal", strings.Join(args, " "), code, errs)
		}
	}

	in.Close()
	if err := cmd.Wait(); err != nil {
		t.Errorf("the follower did not end cleanly when its input closed: %v; %s", err, childErr.String())
	}
	if code, recs, _ := cliIn(t, f, "backup", "status"); code != ExitOK || recs[0]["following"].(map[string]any)["running"] == true {
		t.Errorf("status after the follower stopped: %v", recs)
	}
}

// TestHandOver: the writer role moves only through the guarded take-over. A second desk that
// follows takes over once caught up; it then writes and ships; the old writer's next write tells it
// (that change stays local, and it says the backup failed), and from then on it refuses every
// write with exit 2; taking back is refused, as the new writer has shipped changes it lacks. The
// replica restores to the new writer's data.
func TestHandOver(t *testing.T) {
	w, nas := t.TempDir(), filepath.Join(t.TempDir(), "nas")
	if code, _, errs := cliIn(t, w, "workspace", "create", "--name", "Acme Traders", "--gstin", "27AAPFU0939F1ZV", "--env", "test"); code != ExitOK {
		t.Fatalf("workspace create: %s", errs)
	}
	if code, _, errs := cliIn(t, w, "backup", "target", "add", "--kind", "folder", "--path", nas, "--name", "NAS"); code != ExitOK {
		t.Fatalf("target add: %s", errs)
	}
	f := filepath.Join(t.TempDir(), "second desk")
	if code, _, errs := cliIn(t, w, "backup", "follow", "--to", f, "--kind", "folder", "--path", nas, "--once"); code != ExitOK {
		t.Fatalf("follow --to: %s", errs)
	}
	if code, _, errs := cliIn(t, w, "workspace", "create", "--name", "Beta Stores", "--gstin", "29AAGCB7383J1Z4", "--env", "test"); code != ExitOK {
		t.Fatalf("a write on the writer: %s", errs)
	}
	// Take-over catches up first: Beta Stores reaches the second desk.
	code, recs, errs := cliIn(t, f, "backup", "takeover", "--yes")
	if code != ExitOK || len(recs) == 0 {
		t.Fatalf("takeover on the second desk: %d %v %s", code, recs, errs)
	}
	code, recs, errs = cliIn(t, f, "workspace", "create", "--name", "Gamma", "--gstin", "24ABKCS2033B1ZV", "--env", "test")
	if code != ExitOK || strings.Contains(errs, "backup") {
		t.Fatalf("a write on the new writer: %d %s", code, errs)
	}
	// The old writer learns at the end of its next write; the change stays here only.
	code, _, errs = cliIn(t, w, "workspace", "create", "--name", "Delta", "--gstin", "33EIUPS5109E1ZZ", "--env", "test")
	if code != ExitOK || !strings.Contains(errs, "written by another desk") {
		t.Fatalf("the old writer's next write: %d %q, want it kept here and the backup failure said", code, errs)
	}
	code, _, errs = cliIn(t, w, "workspace", "create", "--name", "Epsilon", "--env", "demo")
	if code != ExitUsage || !strings.Contains(errs, `Another desk took over the replica on "NAS"`) {
		t.Errorf("a write on the old writer after the take-over: %d %q, want exit 2 and the refusal", code, errs)
	}
	if code, recs, _ := cliIn(t, w, "workspace", "list"); code != ExitOK || len(recs) == 0 {
		t.Errorf("the old writer still reads: %d %v", code, recs)
	}
	code, _, errs = cliIn(t, w, "backup", "takeover", "--yes")
	if code == ExitOK || !strings.Contains(errs, "throw them away") {
		t.Errorf("taking the replica back: %d %q, want refused", code, errs)
	}
	to := filepath.Join(t.TempDir(), "restored")
	if code, _, errs := cliIn(t, f, "backup", "restore", "--to", to); code != ExitOK {
		t.Fatalf("restore: %s", errs)
	}
	_, recs, _ = cliIn(t, to, "workspace", "list")
	var names []string
	for _, r := range recs {
		names = append(names, r["name"].(string))
	}
	got := strings.Join(names, ",")
	for _, want := range []string{"Acme Traders", "Beta Stores", "Gamma"} {
		if !strings.Contains(got, want) {
			t.Errorf("the replica after the hand-over lacks %s: %s", want, got)
		}
	}
	if strings.Contains(got, "Delta") {
		t.Errorf("the old writer's change after the take-over reached the replica: %s", got)
	}
}
