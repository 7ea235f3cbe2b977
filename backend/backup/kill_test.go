package backup

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/store"
)

// killChildEnv makes the test binary, run by TestKilledWhileReplicating, the process that is
// killed: it replicates its data folder continuously and ingests rows in one transaction.
const (
	killChildEnv    = "GSTDESK_TEST_BACKUP_KILL_DIR"
	killChildTarget = "GSTDESK_TEST_BACKUP_KILL_TARGET"
	killRows        = 100000
)

// TestKilledWhileReplicating kills (SIGKILL) a gstdesk process replicating continuously to a
// folder while it ingests 100,000 invoice rows in one transaction, half of the times half-way
// through the ingest and half of the times just after it committed: each time the replica
// restores to a database that passes integrity_check and holds the rows before the ingest or
// the rows after it, nothing in between (20 times; 4 under -short, which the race run uses).
func TestKilledWhileReplicating(t *testing.T) {
	if dir := os.Getenv(killChildEnv); dir != "" {
		killChild(dir, os.Getenv(killChildTarget))
		return
	}
	ctx := context.Background()
	dir, nas := t.TempDir(), t.TempDir()
	db, err := store.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.ExecContext(ctx, `CREATE TABLE bk_invoices (id INTEGER PRIMARY KEY, gstin TEXT NOT NULL, inum TEXT NOT NULL, taxable INTEGER NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	if _, err := DatabaseID(ctx, db); err != nil {
		t.Fatal(err)
	}
	db.Close()
	tg := Target{ID: "nas", Name: "nas", Kind: KindFolder, Path: nas}
	tg.Normalize()

	runs := 20
	if testing.Short() {
		runs = 4
	}
	for i := 0; i < runs; i++ {
		before := liveCount(t, dir)
		atCommit := i%2 == 1
		killAt := "halfway"
		if atCommit {
			killAt = "committed"
		}
		cmd := exec.Command(os.Args[0], "-test.run=^TestKilledWhileReplicating$")
		cmd.Env = append(os.Environ(), killChildEnv+"="+dir, killChildTarget+"="+nas)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		cmd.Stderr = os.Stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		reached := make(chan bool, 1)
		go func() {
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				if strings.HasPrefix(sc.Text(), killAt) {
					reached <- true
					return
				}
			}
			reached <- false
		}()
		if !<-reached {
			cmd.Wait()
			t.Fatalf("run %d: the child ended before %s", i, killAt)
		}
		if err := cmd.Process.Kill(); err != nil {
			t.Fatal(err)
		}
		cmd.Wait()

		restored := filepath.Join(t.TempDir(), "r")
		c, err := tg.Open(ctx, Secrets{})
		if err != nil {
			t.Fatal(err)
		}
		r, err := Restore(ctx, tg, c, restored, dir, time.Time{})
		if err != nil {
			t.Fatalf("run %d (killed at %s): restore: %v", i, killAt, err)
		}
		if err := IntegrityCheck(ctx, r.Path); err != nil {
			t.Fatalf("run %d: the replica fails integrity_check: %v", i, err)
		}
		got := countTable(t, r.Path, "bk_invoices")
		if got != before && got != before+killRows {
			t.Fatalf("run %d (killed at %s): the replica holds %d rows, want %d (before) or %d (after)", i, killAt, got, before, before+killRows)
		}
		after := liveCount(t, dir)
		if after != before && after != before+killRows {
			t.Fatalf("run %d: the live database holds %d rows, want %d or %d", i, after, before, before+killRows)
		}
	}
}

func liveCount(t *testing.T, dir string) int {
	t.Helper()
	return countTable(t, filepath.Join(dir, store.FileName), "bk_invoices")
}

func countTable(t *testing.T, path, table string) int {
	t.Helper()
	db, err := store.Open(context.Background(), filepath.Dir(path))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM ` + table).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// killChild replicates the data folder dir to the folder target nas continuously and ingests
// killRows rows in one transaction, saying "halfway" and "committed" on its way; it is killed.
func killChild(dir, nas string) {
	ctx := context.Background()
	fail := func(err error) {
		fmt.Fprintln(os.Stderr, "kill child:", err)
		os.Exit(3)
	}
	db, err := store.Open(ctx, dir)
	if err != nil {
		fail(err)
	}
	desk, err := LoadDesk(dir)
	if err != nil {
		fail(err)
	}
	id, err := DatabaseID(ctx, db)
	if err != nil {
		fail(err)
	}
	tg := Target{ID: "nas", Name: "nas", Kind: KindFolder, Path: nas}
	tg.Normalize()
	rep := New(Config{Path: db.Path, Dir: dir, Targets: []Target{tg}, DatabaseID: id, DeskID: desk.ID, By: "backup run", SyncInterval: 20 * time.Millisecond})
	if err := rep.Start(ctx); err != nil {
		fail(err)
	}
	// Let the replica catch up with what the database holds before the ingest.
	for {
		s := rep.Status().Targets[0]
		if s.State == StateOK && s.ReplicatedTXID > 0 && s.ReplicatedTXID == s.LocalTXID {
			break
		}
		if s.State == StateFailing {
			fail(fmt.Errorf("%s", s.Error))
		}
		time.Sleep(10 * time.Millisecond)
	}
	// The previous run may have been killed before its commit was shipped: ship it now, so that
	// "before" is what the replica holds when this ingest starts.
	if err := rep.Sync(ctx); err != nil {
		fail(err)
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		fail(err)
	}
	stmt, err := tx.PrepareContext(ctx, `INSERT INTO bk_invoices(gstin, inum, taxable) VALUES (?, ?, ?)`)
	if err != nil {
		fail(err)
	}
	for i := 0; i < killRows; i++ {
		if _, err := stmt.ExecContext(ctx, "27AAPFU0939F1ZV", "INV/"+strconv.Itoa(i), i*100); err != nil {
			fail(err)
		}
		if i == killRows/2 {
			fmt.Println("halfway")
		}
	}
	if err := tx.Commit(); err != nil {
		fail(err)
	}
	fmt.Println("committed")
	time.Sleep(time.Minute) // killed before this ends
}
