package recon

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/store"
)

func openDB(t *testing.T) (*store.DB, string) {
	t.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	ws, err := db.CreateWorkspace(ctx, store.Workspace{Name: "Client"})
	if err != nil {
		t.Fatal(err)
	}
	return db, ws.ID
}

func rowByStatus(t *testing.T, rows []Row, st Status) Row {
	t.Helper()
	for _, r := range rows {
		if r.Status == st {
			return r
		}
	}
	t.Fatalf("no %s row in %+v", st, rows)
	return Row{}
}

func TestStoreRunsActionsAcrossRerunsAndPulls(t *testing.T) {
	ctx := context.Background()
	db, ws := openDB(t)
	books, twoA := scenario()
	meta := Run{WorkspaceID: ws, FromPeriod: "2024-07", ToPeriod: "2024-07", RegisterName: "p.csv", RegisterSHA256: "abc"}
	run1, res1, err := Reconcile(ctx, db.DB, at(), meta, books, twoA, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if run1.ID == "" || run1.Counts[Exact] != 3 || run1.Options.AmountTolerance != 100 {
		t.Errorf("run = %+v", run1)
	}
	runs, err := Runs(ctx, db.DB, ws)
	if err != nil || len(runs) != 1 || runs[0].ID != run1.ID || runs[0].RegisterName != "p.csv" || runs[0].Counts[Mismatch] != 1 || runs[0].Options.DateWindowDays != 10 {
		t.Fatalf("runs = %+v, %v", runs, err)
	}
	rows, err := RunRows(ctx, db.DB, run1.ID, "")
	if err != nil || len(rows) != len(res1.Rows) {
		t.Fatalf("rows %d, %v", len(rows), err)
	}
	for i := range rows {
		if rows[i].Key != res1.Rows[i].Key || rows[i].Fingerprint() != res1.Rows[i].Fingerprint() || rows[i].Rule != res1.Rows[i].Rule {
			t.Errorf("row %d did not round-trip: %+v", i, rows[i])
		}
	}
	mism := rowByStatus(t, rows, Mismatch)
	miss := rowByStatus(t, rows, MissingIn2A)
	if err := SetAction(ctx, db.DB, at(), ws, mism.Key, Accept); err != nil {
		t.Fatal(err)
	}
	if err := SetActions(ctx, db.DB, at(), ws, []string{miss.Key}, Ignore); err != nil {
		t.Fatal(err)
	}
	if err := SetAction(ctx, db.DB, at(), ws, "nope", Accept); apperr.KindOf(err) != apperr.NotFound {
		t.Errorf("unknown key: %v", err)
	}
	if err := SetAction(ctx, db.DB, at(), ws, mism.Key, "maybe"); apperr.KindOf(err) != apperr.Invalid {
		t.Errorf("bad action: %v", err)
	}
	only, _ := RunRows(ctx, db.DB, run1.ID, Mismatch)
	if len(only) != 1 || only[0].Action != Accept || only[0].Changed {
		t.Errorf("mismatch rows = %+v", only)
	}

	// a re-run with the same data keeps both decisions, unchanged
	run2, res2, err := Reconcile(ctx, db.DB, at(), meta, books, twoA, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if r := rowByStatus(t, res2.Rows, Mismatch); r.Action != Accept || r.Changed {
		t.Errorf("re-run mismatch: %q changed %v", r.Action, r.Changed)
	}
	if r := rowByStatus(t, res2.Rows, MissingIn2A); r.Action != Ignore || r.Changed {
		t.Errorf("re-run missing: %q changed %v", r.Action, r.Changed)
	}

	// a new pull in which the supplier amended INV/2: still accepted, flagged as changed
	pulled := append([]Invoice(nil), twoA...)
	pulled[1].IGST = 500
	_, res3, err := Reconcile(ctx, db.DB, at(), meta, books, pulled, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if r := rowByStatus(t, res3.Rows, Mismatch); r.Action != Accept || !r.Changed {
		t.Errorf("new pull mismatch: %q changed %v", r.Action, r.Changed)
	}
	// the earlier run's rows show the current decisions too
	old, _ := RunRows(ctx, db.DB, run2.ID, Mismatch)
	if old[0].Action != Accept || old[0].Changed {
		t.Errorf("run 2 rows = %+v", old[0])
	}
	if err := SetAction(ctx, db.DB, at(), ws, mism.Key, ""); err != nil {
		t.Fatal(err)
	}
	if acts, _ := Actions(ctx, db.DB, ws); len(acts) != 1 || acts[0].Kind != Ignore {
		t.Errorf("actions after clearing = %+v", acts)
	}
}

func TestStoreLinkUnlink(t *testing.T) {
	ctx := context.Background()
	db, ws := openDB(t)
	books, twoA := scenario()
	meta := Run{WorkspaceID: ws, FromPeriod: "2024-07", ToPeriod: "2024-07"}
	_, res, err := Reconcile(ctx, db.DB, at(), meta, books, twoA, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	missB, _ := SplitRowKey(rowByStatus(t, res.Rows, MissingIn2A).Key)
	_, missA := SplitRowKey(rowByStatus(t, res.Rows, MissingInBooks).Key)
	eb, ea := SplitRowKey(rowByStatus(t, res.Rows, Mismatch).Key)
	if err := Link(ctx, db.DB, at(), ws, missB, missA); err != nil {
		t.Fatal(err)
	}
	if err := Unlink(ctx, db.DB, at(), ws, eb, ea); err != nil {
		t.Fatal(err)
	}
	links, _ := Links(ctx, db.DB, ws)
	if len(links) != 2 {
		t.Fatalf("links = %+v", links)
	}
	_, res, err = Reconcile(ctx, db.DB, at(), meta, books, twoA, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	linked := 0
	for _, r := range res.Rows {
		if r.RuleID == RuleManualLink {
			linked++
			if r.Key != RowKey(missB, missA) {
				t.Errorf("linked row key = %s", r.Key)
			}
		}
		if r.Key == RowKey(eb, ea) {
			t.Errorf("unlinked pair came back: %+v", r)
		}
	}
	if linked != 1 {
		t.Errorf("linked rows = %d", linked)
	}
	// linking the books side to another invoice replaces the first link; linking an unlinked pair lifts the unlink
	if err := Link(ctx, db.DB, at(), ws, eb, ea); err != nil {
		t.Fatal(err)
	}
	if err := Link(ctx, db.DB, at(), ws, missB, ea); err != nil {
		t.Fatal(err)
	}
	links, _ = Links(ctx, db.DB, ws)
	if len(links) != 1 || links[0] != (ManualLink{Kind: LinkPair, Books: missB, GSTR2A: ea}) {
		t.Errorf("links = %+v", links)
	}
	if err := Link(ctx, db.DB, at(), ws, "", ea); apperr.KindOf(err) != apperr.Invalid {
		t.Errorf("empty link: %v", err)
	}
}

func TestStoreMappingAndErrors(t *testing.T) {
	ctx := context.Background()
	db, ws := openDB(t)
	if m, err := LoadMapping(ctx, db.DB, ws); err != nil || m != nil {
		t.Errorf("no mapping yet: %v, %v", m, err)
	}
	want := Mapping{FieldSupplierGSTIN: "GSTIN/UIN", FieldInvoiceNumber: "Supplier Invoice No."}
	if err := SaveMapping(ctx, db.DB, at(), ws, want); err != nil {
		t.Fatal(err)
	}
	if m, err := LoadMapping(ctx, db.DB, ws); err != nil || len(m) != 2 || m[FieldInvoiceNumber] != "Supplier Invoice No." {
		t.Errorf("mapping = %v, %v", m, err)
	}
	if err := SaveMapping(ctx, db.DB, at(), "nope", want); apperr.KindOf(err) != apperr.NotFound {
		t.Errorf("unknown workspace: %v", err)
	}
	if _, err := SaveRun(ctx, db.DB, at(), Run{WorkspaceID: ws, FromPeriod: "2024-13", ToPeriod: "2024-07"}, Result{}); apperr.KindOf(err) != apperr.Invalid {
		t.Errorf("bad period: %v", err)
	}
	if _, err := GetRun(ctx, db.DB, "nope"); apperr.KindOf(err) != apperr.NotFound {
		t.Errorf("unknown run: %v", err)
	}
	books, twoA := scenario()
	run, _, err := Reconcile(ctx, db.DB, at(), Run{WorkspaceID: ws, FromPeriod: "2024-07", ToPeriod: "2024-07"}, books, twoA, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if err := DeleteRun(ctx, db.DB, run.ID); err != nil {
		t.Fatal(err)
	}
	var n int
	db.QueryRowContext(ctx, `SELECT count(*) FROM recon_rows WHERE run_id = ?`, run.ID).Scan(&n)
	if n != 0 {
		t.Errorf("%d rows left after DeleteRun", n)
	}
	if err := DeleteRun(ctx, db.DB, run.ID); apperr.KindOf(err) != apperr.NotFound {
		t.Errorf("second delete: %v", err)
	}
}

// testClock is the tests' clock: each reading a millisecond later than the one before, so runs
// saved one after another keep their order.
var testClock atomic.Int64

// at is the time on the tests' clock (a write's stamp).
func at() time.Time {
	return time.Date(2025, 11, 20, 10, 0, 0, 0, time.UTC).Add(time.Duration(testClock.Add(1)) * time.Millisecond)
}

// A write without its time is refused and stores nothing: the caller's clock stamps every write,
// there is no clock of the store's own to fall back on.
func TestWritesRefuseNoTime(t *testing.T) {
	ctx := context.Background()
	db, ws := openDB(t)
	books, twoA := scenario()
	run, res, err := Reconcile(ctx, db.DB, at(), Run{WorkspaceID: ws, FromPeriod: "2024-07", ToPeriod: "2024-07"}, books, twoA, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	row := rowByStatus(t, res.Rows, Mismatch)
	eb, ea := SplitRowKey(row.Key)
	var zero time.Time
	for name, err := range map[string]error{
		"save run": func() error {
			_, err := SaveRun(ctx, db.DB, zero, Run{WorkspaceID: ws, FromPeriod: "2024-07", ToPeriod: "2024-07"}, res)
			return err
		}(),
		"set action":   SetAction(ctx, db.DB, zero, ws, row.Key, Accept),
		"link":         Link(ctx, db.DB, zero, ws, eb, ea),
		"unlink":       Unlink(ctx, db.DB, zero, ws, eb, ea),
		"save mapping": SaveMapping(ctx, db.DB, zero, ws, Mapping{"invoice_no": "Invoice"}),
		"set choices":  SetChoices(ctx, db.DB, zero, run.ID, []string{row.Key}, "A"),
	} {
		if err == nil || !strings.Contains(err.Error(), "no time given") {
			t.Errorf("%s without a time = %v", name, err)
		}
	}
	if runs, _ := Runs(ctx, db.DB, ws); len(runs) != 1 {
		t.Errorf("%d runs stored, want the one", len(runs))
	}
	if acts, _ := Actions(ctx, db.DB, ws); len(acts) != 0 {
		t.Errorf("actions stored without a time: %+v", acts)
	}
}
