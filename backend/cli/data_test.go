package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"gstdesk/backend/recon"
	"gstdesk/backend/store"
)

// TestDataReportAndPin: `gstdesk data` reports the folder's size and the space of each kind of
// record; `recon --pin` pins the run it makes, `data --unpin` lets it go, and only KeepRuns runs
// of the same periods stay.
func TestDataReportAndPin(t *testing.T) {
	dir := t.TempDir()
	reg := filepath.Join(dir, "purchases.csv")
	os.WriteFile(reg, []byte("supplier_gstin,supplier_name,invoice_number,invoice_date,place_of_supply,reverse_charge,invoice_value,taxable_value,igst,cgst,sgst,cess\n"+
		"27AAPFU0939F1ZV,Acme,A1,05-07-2024,27,N,1180,1000,0,90,90,0\n"), 0o644)
	code, _, errs := reconEnv(t, dir, "recon", "--year", "2024", "--month", "07", "--purchases", reg, "--pin")
	if code != ExitOK {
		t.Fatalf("recon --pin: exit %d: %s", code, errs)
	}
	pinned := regexp.MustCompile(`run ([0-9a-f-]{36})`).FindStringSubmatch(errs)
	if pinned == nil {
		t.Fatalf("no run id in %q", errs)
	}
	for i := 0; i < recon.KeepRuns+1; i++ {
		if code, _, errs := reconEnv(t, dir, "recon", "--year", "2024", "--month", "07", "--purchases", reg); code != ExitOK {
			t.Fatalf("recon: exit %d: %s", code, errs)
		}
	}
	runs := func() (n int, has bool) {
		db, err := store.Open(context.Background(), dir)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		db.QueryRow(`SELECT count(*) FROM recon_runs`).Scan(&n)
		var p int
		db.QueryRow(`SELECT count(*) FROM recon_runs WHERE id = ? AND pinned = 1`, pinned[1]).Scan(&p)
		return n, p == 1
	}
	if n, has := runs(); n != recon.KeepRuns+1 || !has {
		t.Errorf("%d runs stored, pinned kept %v; want %d and the pinned one", n, has, recon.KeepRuns+1)
	}

	code, out, errs := reconEnv(t, dir, "data", "--format", "json")
	if code != ExitOK {
		t.Fatalf("data: exit %d: %s", code, errs)
	}
	var u store.Usage
	if err := json.Unmarshal([]byte(out), &u); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	kinds := map[string]int64{}
	for _, k := range u.Kinds {
		kinds[k.Kind] = k.Bytes
	}
	if u.Dir != dir || u.TotalBytes <= 0 || kinds[store.KindRecon] <= 0 || kinds[store.KindLookups] <= 0 {
		t.Errorf("usage = %+v", u)
	}
	code, out, _ = reconEnv(t, dir, "data")
	if code != ExitOK || !strings.Contains(out, "Data folder "+dir) || !strings.Contains(out, "reconciliation runs") || !strings.Contains(out, "recon_rows") {
		t.Errorf("data: exit %d:\n%s", code, out)
	}

	if code, _, errs := reconEnv(t, dir, "data", "--unpin", pinned[1]); code != ExitOK || !strings.Contains(errs, "unpinned") {
		t.Errorf("data --unpin: exit %d: %s", code, errs)
	}
	reconEnv(t, dir, "recon", "--year", "2024", "--month", "07", "--purchases", reg)
	if n, has := runs(); n != recon.KeepRuns || has {
		t.Errorf("after unpinning: %d runs, pinned still there %v; want %d", n, has, recon.KeepRuns)
	}
	if code, _, errs := reconEnv(t, dir, "data", "--pin", "no-such-run"); code != ExitFailed || !strings.Contains(errs, "no-such-run") {
		t.Errorf("data --pin unknown: exit %d: %s", code, errs)
	}
}

// TestReadCommandsDuringLongWrite: while another gstdesk holds the write lock of the data folder
// (a long reconciliation run), commands that only read open the folder and answer.
func TestReadCommandsDuringLongWrite(t *testing.T) {
	dir := t.TempDir()
	if code, _, errs := gstCLI(t, dir, "verify", "27AAPFU0939F1ZV"); code != ExitOK {
		t.Fatalf("verify: exit %d: %s", code, errs)
	}
	other, err := store.Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	tx, err := other.Begin() // BEGIN IMMEDIATE: the write lock, held until the test ends
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if _, err := tx.Exec(`INSERT INTO settings(workspace_id, key, value) VALUES ('', 'long-write', 'x')`); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := reconEnv(t, dir, "data", "--format", "json"); code != ExitOK {
		t.Errorf("data during a write: exit %d: %s", code, errs)
	}
	code, recs, errs := gstCLI(t, dir, "verify", "--offline", "27AAPFU0939F1ZV")
	if code != ExitOK || len(recs) != 1 || recs[0]["source"] != "demo" || recs[0]["stored"] != true {
		t.Errorf("verify --offline during a write: exit %d, %v, %s", code, recs, errs)
	}
}
