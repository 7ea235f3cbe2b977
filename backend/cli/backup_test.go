package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/store"
)

// TestBackupFolderEndToEnd: a folder target is added; a command that writes ships its change as it
// ends; restore brings it back in a new folder that gstdesk opens; verify agrees; points list them.
func TestBackupFolderEndToEnd(t *testing.T) {
	dir, nas := t.TempDir(), filepath.Join(t.TempDir(), "nas")
	code, recs, errs := cliIn(t, dir, "backup", "target", "add", "--kind", "folder", "--path", nas, "--name", "NAS")
	if code != ExitOK || len(recs) != 1 || recs[0]["added"] != "NAS" {
		t.Fatalf("target add: %d %v %s", code, recs, errs)
	}
	code, recs, errs = cliIn(t, dir, "backup", "target", "list")
	if code != ExitOK || len(recs) != 1 || recs[0]["where"] != nas || recs[0]["role"] != "replica" {
		t.Fatalf("target list: %d %v %s", code, recs, errs)
	}
	// A command that writes: its workspace reaches the NAS as it ends.
	if code, _, errs := cliIn(t, dir, "workspace", "create", "--name", "Acme Traders", "--gstin", "27AAPFU0939F1ZV", "--env", "test"); code != ExitOK {
		t.Fatalf("workspace create: %d %s", code, errs)
	}
	code, recs, errs = cliIn(t, dir, "backup", "status")
	if code != ExitOK || len(recs) != 1 || recs[0]["state"] != "ok" || recs[0]["replicated_txid"].(float64) == 0 {
		t.Fatalf("status after a write: %d %v %s", code, recs, errs)
	}
	code, recs, errs = cliIn(t, dir, "backup", "points")
	if code != ExitOK || len(recs) == 0 {
		t.Fatalf("points: %d %v %s", code, recs, errs)
	}
	to := filepath.Join(t.TempDir(), "restored")
	code, recs, errs = cliIn(t, dir, "backup", "restore", "--to", to)
	if code != ExitOK || len(recs) != 1 || recs[0]["open_with"] != "GSTDESK_DATA_DIR="+to {
		t.Fatalf("restore: %d %v %s", code, recs, errs)
	}
	code, recs, errs = cliIn(t, to, "workspace", "list")
	var found bool
	for _, r := range recs {
		found = found || r["name"] == "Acme Traders"
	}
	if code != ExitOK || !found {
		t.Fatalf("the restored folder's workspaces: %d %v %s", code, recs, errs)
	}
	code, recs, errs = cliIn(t, dir, "backup", "verify")
	if code != ExitOK || recs[len(recs)-1]["ok"] != true || recs[len(recs)-1]["integrity"] != "ok" {
		t.Fatalf("verify: %d %v %s", code, recs, errs)
	}
	code, _, errs = cliIn(t, dir, "backup", "size")
	if code != ExitOK {
		t.Fatalf("size: %d %s", code, errs)
	}
	// The restored folder is another desk: it may not write the NAS until it takes over.
	code, _, errs = cliIn(t, to, "backup", "sync")
	if code != ExitFailed || !strings.Contains(errs, "written by another desk") || !strings.Contains(errs, "takeover") {
		t.Errorf("sync from the restored folder: %d %s, want refused as not the writer", code, errs)
	}
}

// TestBackupRefusals: usage errors exit 2 and name what to fix; nothing is restored over data.
func TestBackupRefusals(t *testing.T) {
	dir := t.TempDir()
	full := t.TempDir()
	if err := os.WriteFile(filepath.Join(full, "keep.txt"), []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := cliIn(t, dir, "backup", "target", "add", "--kind", "folder", "--path", filepath.Join(t.TempDir(), "nas")); code != ExitOK {
		t.Fatalf("target add: %s", errs)
	}
	tests := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no subcommand", []string{"backup"}, ExitUsage, "usage"},
		{"restore without --to", []string{"backup", "restore"}, ExitUsage, "--to DIR is required"},
		{"restore bad time", []string{"backup", "restore", "--to", filepath.Join(full, "x"), "--at", "2025-11-24"}, ExitUsage, "DD/MM/YYYY"},
		{"restore into non-empty", []string{"backup", "restore", "--to", full}, ExitUsage, "not empty"},
		{"restore over live", []string{"backup", "restore", "--to", dir}, ExitUsage, "live data folder"},
		{"unknown target", []string{"backup", "points", "--target", "usb"}, ExitUsage, "no backup target \"usb\""},
		{"target in data folder", []string{"backup", "target", "add", "--kind", "folder", "--path", filepath.Join(dir, "bk")}, ExitUsage, "inside the data folder"},
		{"s3 without key", []string{"backup", "target", "add", "--kind", "s3", "--bucket", "b", "--endpoint", "http://127.0.0.1:1"}, ExitFailed, "no access key"},
		{"takeover without --yes", []string{"backup", "takeover"}, ExitUsage, "--yes"},
	}
	for _, tc := range tests {
		code, _, errs := cliIn(t, dir, tc.args...)
		if code != tc.code || !strings.Contains(strings.ToLower(errs), strings.ToLower(tc.want)) {
			t.Errorf("%s: exit %d, stderr %q; want %d containing %q", tc.name, code, errs, tc.code, tc.want)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(full, "keep.txt")); string(b) != "x" {
		t.Errorf("the non-empty folder changed")
	}
}

// TestBackupFailureIsSaid: when the target has gone (a USB disk pulled out), a command that writes
// still succeeds, and says on standard error that the backup failed and why.
func TestBackupFailureIsSaid(t *testing.T) {
	dir, nas := t.TempDir(), filepath.Join(t.TempDir(), "usb")
	if code, _, errs := cliIn(t, dir, "backup", "target", "add", "--kind", "folder", "--path", nas, "--name", "USB"); code != ExitOK {
		t.Fatalf("target add: %s", errs)
	}
	if err := os.RemoveAll(nas); err != nil {
		t.Fatal(err)
	}
	code, _, errs := cliIn(t, dir, "workspace", "create", "--name", "Beta", "--gstin", "29AAGCB7383J1Z4", "--env", "test")
	if code != ExitOK || !strings.Contains(errs, `gstdesk: backup: Backup target "USB"`) || !strings.Contains(errs, "connected") {
		t.Fatalf("workspace create with the target gone: %d %q", code, errs)
	}
	code, recs, _ := cliIn(t, dir, "backup", "status")
	if code != ExitOK || len(recs) != 1 || recs[0]["state"] != "failing" || !strings.Contains(recs[0]["error"].(string), "USB") {
		t.Fatalf("status: %d %v", code, recs)
	}
}

// TestBackupRunSaysStatusFailures: `backup run` whose status cannot be read as it ends (here the
// stored targets were damaged while it ran) says why on standard error and exits with failure,
// as the other backup commands do, instead of ending as if all were well.
func TestBackupRunSaysStatusFailures(t *testing.T) {
	dir, nas := t.TempDir(), filepath.Join(t.TempDir(), "nas")
	if code, _, errs := cliIn(t, dir, "backup", "target", "add", "--kind", "folder", "--path", nas, "--name", "NAS"); code != ExitOK {
		t.Fatalf("target add: %s", errs)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var out, errb lockedBuffer
	env := Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Getenv: func(k string) string {
		if k == "GSTDESK_DATA_DIR" {
			return dir
		}
		return ""
	}}
	done := make(chan int, 1)
	go func() { done <- Main(ctx, env, []string{"backup", "run"}) }()
	for deadline := time.Now().Add(time.Minute); !strings.Contains(out.String(), `"state":"ok"`); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			cancel()
			t.Fatalf("backup run never replicated: %s %s", out.String(), errb.String())
		}
	}
	db, err := store.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.SetSetting(ctx, "", "backup_targets", "{damaged"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	cancel()
	code := <-done
	if code != ExitFailed || !strings.Contains(errb.String(), "gstdesk backup run: ") {
		t.Errorf("backup run with an unreadable status: exit %d, stderr %q; want %d and the failure said", code, errb.String(), ExitFailed)
	}
}
