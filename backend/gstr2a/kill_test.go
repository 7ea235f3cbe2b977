package gstr2a

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"reflect"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/store"
)

// killChildEnv makes the test binary, run by TestIngestKilledHalfWay, the process that is killed.
const killChildEnv = "GSTDESK_TEST_KILL_CHILD_DIR"

// TestIngestKilledHalfWay kills (SIGKILL, no clean-up) a process half-way through the ingest of a
// pull: the database it leaves opens cleanly, passes SQLite's integrity check and holds the
// earlier pull of the period exactly as it was, and no part of the killed one.
func TestIngestKilledHalfWay(t *testing.T) {
	if dir := os.Getenv(killChildEnv); dir != "" {
		killChild(dir)
		return
	}
	ctx := context.Background()
	dir := t.TempDir()
	db, err := store.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	old := ingest(t, db.DB, "w1", "2024-01", 0, genListing(3000, 1))
	before := tableCounts(t, db.DB)
	oldListing, err := LoadListing(ctx, db.DB, old.ID)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()

	cmd := exec.Command(os.Args[0], "-test.run=^TestIngestKilledHalfWay$")
	cmd.Env = append(os.Environ(), killChildEnv+"="+dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	halfway := make(chan bool, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if strings.HasPrefix(sc.Text(), "halfway") {
				halfway <- true
				return
			}
		}
		halfway <- false
	}()
	select {
	case ok := <-halfway:
		if !ok {
			cmd.Wait()
			t.Fatal("the child ended before it was half-way through its ingest")
		}
	case <-time.After(2 * time.Minute):
		cmd.Process.Kill()
		t.Fatal("the child never got half-way through its ingest")
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()

	db, err = store.Open(ctx, dir)
	if err != nil {
		t.Fatalf("the database left by the killed ingest does not open: %v", err)
	}
	defer db.Close()
	var check string
	if err := db.QueryRow(`PRAGMA integrity_check`).Scan(&check); err != nil || check != "ok" {
		t.Fatalf("integrity check = %q, %v", check, err)
	}
	if after := tableCounts(t, db.DB); !reflect.DeepEqual(after, before) {
		t.Errorf("rows after the killed ingest = %v, want %v", after, before)
	}
	snaps, err := Snapshots(ctx, db.DB, "w1", "2024-01")
	if err != nil || len(snaps) != 1 || snaps[0].ID != old.ID {
		t.Fatalf("snapshots = %+v, %v; want only the earlier one", snaps, err)
	}
	again, err := LoadListing(ctx, db.DB, old.ID)
	if err != nil || !reflect.DeepEqual(normalise(again), normalise(oldListing)) {
		t.Errorf("the earlier snapshot changed (%v)", err)
	}
	// The database takes new pulls.
	ingest(t, db.DB, "w1", "2024-01", 60, genListing(10, 5))
}

// killChild ingests a 20,000-invoice pull into dir and, once 4,000 invoices are written inside
// the transaction, says "halfway" and waits to be killed.
func killChild(dir string) {
	db, err := store.Open(context.Background(), dir)
	if err != nil {
		os.Exit(3)
	}
	saveHook = func(n int) error {
		if n >= 4000 {
			os.Stdout.WriteString("halfway\n")
			time.Sleep(time.Hour) // until SIGKILL
		}
		return nil
	}
	Ingest(context.Background(), db.DB, IngestRequest{WorkspaceID: "w1", GSTIN: testGSTIN, Period: "2024-01",
		FetchedAt: baseTime.Add(time.Hour), Raw: genListing(20000, 2)}, nil)
	os.Exit(4)
}
