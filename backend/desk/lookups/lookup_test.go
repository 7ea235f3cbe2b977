package lookups

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"gstdesk/backend/apperr"
	"gstdesk/backend/config"
	"gstdesk/backend/desk/core/coretest"
	"gstdesk/backend/gstin"
	"gstdesk/backend/lookup"
	"gstdesk/backend/store"
)

func TestSplitGSTINList(t *testing.T) {
	tests := []struct {
		name, text string
		want       []string
	}{
		{"one", "27AAPFU0939F1ZV", []string{"27AAPFU0939F1ZV"}},
		{"lines with blanks and CRLF", "27AAPFU0939F1ZV\r\n\r\n 24ABKCS2033B1ZV \n", []string{"27AAPFU0939F1ZV", "24ABKCS2033B1ZV"}},
		{"commas semicolons tabs", "a,b;c\td", []string{"a", "b", "c", "d"}},
		{"one GSTIN typed with spaces", "27 AAPFU0939F 1ZV", []string{"27 AAPFU0939F 1ZV"}},
		{"two GSTINs on a line", "27AAPFU0939F1ZV 24ABKCS2033B1ZV", []string{"27AAPFU0939F1ZV", "24ABKCS2033B1ZV"}},
		{"garbage kept for the local checks", "hello world", []string{"hello", "world"}},
		{"empty", " \n\t,;", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := SplitGSTINList(tt.text); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("SplitGSTINList(%q) = %q, want %q", tt.text, got, tt.want)
			}
		})
	}
}

func TestLookupGSTIN(t *testing.T) {
	s := openService(t)
	ctx := context.Background()
	d, err := s.LookupGSTIN(ctx, " 27aapfu0939f1zv ", false)
	if err != nil {
		t.Fatal(err)
	}
	if d.GSTIN != "27AAPFU0939F1ZV" || d.LegalName != "UMIYA ENTERPRISES" || d.RegStatus != "Active" || d.Status != lookup.StatusRemote {
		t.Errorf("first lookup = %+v", d.LookupRow)
	}
	if d.Detail == nil || d.Detail.LegalName != d.LegalName || d.Check == nil || d.Check.StateCode != "27" {
		t.Errorf("detail = %+v, check = %+v", d.Detail, d.Check)
	}
	if d.TransactionID == "" || d.FetchedAt == "" || d.Address == "" || d.State == "" {
		t.Errorf("row lacks source or address: %+v", d.LookupRow)
	}
	again, err := s.LookupGSTIN(ctx, "27AAPFU0939F1ZV", false)
	if err != nil {
		t.Fatal(err)
	}
	if again.Status != lookup.StatusCache || again.Source != lookup.FromDemo || again.TransactionID != d.TransactionID {
		t.Errorf("second lookup = %s/%s txn %s, want the cached answer (txn %s)", again.Status, again.Source, again.TransactionID, d.TransactionID)
	}
	fresh, err := s.LookupGSTIN(ctx, "27AAPFU0939F1ZV", true)
	if err != nil {
		t.Fatal(err)
	}
	if fresh.Status != lookup.StatusRemote {
		t.Errorf("fresh lookup status = %s, want remote", fresh.Status)
	}

	// A valid GSTIN no taxpayer has: the service's answer, shown as a result (no error, no code).
	nr, err := s.LookupGSTIN(ctx, "29AAGCB7383J1Z4", false)
	if err != nil || nr.Status != lookup.StatusNotRegistered || nr.RegStatus != "Not registered" || nr.Error != "" || strings.Contains(nr.Note, "FO8000") {
		t.Errorf("not registered = %+v, %v", nr.LookupRow, err)
	}

	_, err = s.LookupGSTIN(ctx, "27AAPFU0939F1ZX", false)
	var ae *apperr.Error
	if !errors.As(err, &ae) || ae.Kind != apperr.Invalid || !strings.Contains(ae.Message, "check character should be V, not X") {
		t.Errorf("invalid GSTIN error = %v", err)
	}
}

func TestPreference(t *testing.T) {
	s := openService(t)
	p, err := s.Preference(context.Background(), "27AAPFU0939F1ZV", "2025-26")
	if err != nil {
		t.Fatal(err)
	}
	if p.GSTIN != "27AAPFU0939F1ZV" || p.FY != "FY 2025-26" || len(p.Quarters) != 4 {
		t.Fatalf("preference = %+v", p)
	}
	for q, v := range p.Quarters {
		if v != "M" && v != "Q" {
			t.Errorf("%s = %q, want M or Q", q, v)
		}
	}
	if _, err := s.Preference(context.Background(), "27AAPFU0939F1ZV", "2025-27"); apperr.KindOf(err) != apperr.Invalid {
		t.Errorf("bad FY error = %v", err)
	}
}

func openService(t testing.TB) *Service {
	s, _ := openWatched(t)
	return s
}

// openWatched opens the service over a new data folder with a recorder of its job events.
func openWatched(t testing.TB) (*Service, *coretest.Events) {
	t.Helper()
	c, ev := coretest.Open(t, nil)
	return New(c), ev
}

func TestBulkLookupJob(t *testing.T) {
	s, w := openWatched(t)
	ctx := context.Background()
	// One GSTIN known beforehand, so the bulk takes it from the cache.
	if _, err := s.LookupGSTIN(ctx, "27AAPFU0939F1ZV", false); err != nil {
		t.Fatal(err)
	}
	inputs := SplitGSTINList("27AAPFU0939F1ZV\n24ABKCS2033B1ZV\n27aapfu0939f1zv\n27AAPFU0939F1ZX\n33EIUPS5109E1ZZ\nnot-a-gstin\n29AAGCB7383J1Z4")
	id, err := s.StartBulkLookup(ctx, inputs, false)
	if err != nil {
		t.Fatal(err)
	}
	ev := <-w.Done
	if ev.ID != id || ev.Kind != "lookup" || ev.Error != nil || ev.Done != len(inputs) || ev.Total != len(inputs) {
		t.Errorf("done event = %+v", ev)
	}
	st, finished, err := s.core.Job(id)
	if err != nil || !finished || st.Done != st.Total {
		t.Errorf("Job = %+v, %v, %v", st, finished, err)
	}
	// The jobs panel says what the check did.
	if want := "7 checked: 3 paid calls, 1 from stored answers, 1 not registered, 2 invalid, 0 failed"; st.Summary != want {
		t.Errorf("job summary = %q, want %q", st.Summary, want)
	}
	v, err := s.BulkResult(id)
	if err != nil {
		t.Fatal(err)
	}
	want := lookup.BulkSummary{Total: 7, Invalid: 2, Duplicates: 1, Unique: 4, FromCache: 1, PaidCalls: 3, NotRegistered: 1}
	if v.Summary != want {
		t.Errorf("summary = %+v, want %+v", v.Summary, want)
	}
	statuses := make([]string, len(v.Rows))
	for i, r := range v.Rows {
		statuses[i] = r.Status
		if r.Row != i+1 || r.Input != inputs[i] {
			t.Errorf("row %d = %d %q, want input order", i, r.Row, r.Input)
		}
	}
	wantStatus := []string{"cache", "remote", "duplicate", "invalid", "remote", "invalid", "not_registered"}
	if !reflect.DeepEqual(statuses, wantStatus) {
		t.Errorf("statuses = %v, want %v", statuses, wantStatus)
	}
	if v.Rows[2].LegalName != "UMIYA ENTERPRISES" || v.Rows[4].RegStatus != "Cancelled" || v.Rows[4].CancelDate == "" {
		t.Errorf("rows = %+v / %+v", v.Rows[2], v.Rows[4])
	}
	if !strings.Contains(v.Rows[3].Error, "check character") || v.Rows[3].ErrorKind != string(apperr.Invalid) {
		t.Errorf("invalid row = %+v", v.Rows[3])
	}
	progress := w.Progress()
	last := progress[len(progress)-1]
	if last.ID != id || last.Done != last.Total {
		t.Errorf("last progress event = %+v", last)
	}

	// The shown rows export to a file in the exports folder.
	p, err := s.ExportRows(v.Rows[:2], "csv")
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(b, []byte("\xef\xbb\xbf")))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 3 || recs[1][2] != "27AAPFU0939F1ZV" || recs[2][4] != "SANDBOX FINANCIAL TECHNOLOGIES PRIVATE LIMITED" {
		t.Errorf("export = %q", recs)
	}

	if _, err := s.StartBulkLookup(ctx, nil, false); apperr.KindOf(err) != apperr.Invalid {
		t.Errorf("empty bulk error = %v", err)
	}
	if _, err := s.BulkResult("no-such-job"); apperr.KindOf(err) != apperr.NotFound {
		t.Errorf("unknown job error = %v", err)
	}
}

func TestBulkLookupCancelled(t *testing.T) {
	s, w := openWatched(t)
	ctx := context.Background()
	var known []string // valid GSTINs, mostly unknown to the simulator: each one is a call
	for i := 0; i < 500; i++ {
		known = append(known, gstin.Make("27", fmt.Sprintf("AAAPA%04dA", i), '1'))
	}
	id, err := s.StartBulkLookup(ctx, known, false)
	if err != nil {
		t.Fatal(err)
	}
	s.core.CancelJob(id)
	<-w.Done
	v, err := s.BulkResult(id)
	if err != nil {
		t.Fatal(err)
	}
	sum := v.Summary
	if sum.Total != len(known) || sum.FromCache+sum.PaidCalls+sum.Failed+sum.Invalid+sum.Duplicates != sum.Total {
		t.Errorf("summary does not add up: %+v", sum)
	}
	// Hundreds of remote calls take far longer than the cancel right after the start.
	if !sum.Cancelled || sum.Failed == 0 {
		t.Errorf("cancelled run of %d GSTINs: %+v", len(known), sum)
	}
	for _, r := range v.Rows {
		if r.Status == lookup.StatusFailed && r.ErrorKind != string(apperr.Canceled) {
			t.Errorf("row %d failed with %s, want cancelled", r.Row, r.ErrorKind)
		}
	}
}

func TestChangedMatchesKnownGSTINs(t *testing.T) {
	s, w := openWatched(t)
	ctx := context.Background()
	// The simulator lists a taxpayer as cancelled ("C") on its cancellation date; 33EIUPS5109E1ZZ
	// was cancelled on 31-03-2024. Looking it up makes it a GSTIN the workspace knows.
	if _, err := s.LookupGSTIN(ctx, "33EIUPS5109E1ZZ", false); err != nil {
		t.Fatal(err)
	}
	var pages []int
	v, err := s.Changed(ctx, "31-03-2024", "33", false, func(done, total int) { pages = append(pages, done) })
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Yours) != 1 {
		t.Fatalf("yours = %+v, want the one known GSTIN", v.Yours)
	}
	y := v.Yours[0]
	if y.GSTIN != "33EIUPS5109E1ZZ" || y.Name != "SRINIVASAN" || y.Type != "C" || y.Label != "Cancelled" || y.Date != "31-03-2024" || y.State != "33" {
		t.Errorf("your change = %+v", y)
	}
	if v.Total != len(v.Yours)+len(v.Others) || v.Pages < 1 || len(pages) != v.Pages || v.Source != lookup.FromDemo {
		t.Errorf("total %d, yours %d, others %d, pages %d (progress %v), source %s", v.Total, len(v.Yours), len(v.Others), v.Pages, pages, v.Source)
	}
	n := 0
	for _, c := range v.ByType {
		n += c
	}
	if n != v.Total {
		t.Errorf("by type %v adds to %d, want %d", v.ByType, n, v.Total)
	}
	for i := 1; i < len(v.Others); i++ {
		if v.Others[i-1].Type > v.Others[i].Type {
			t.Fatalf("others not grouped by type at %d: %s after %s", i, v.Others[i].Type, v.Others[i-1].Type)
		}
	}

	// A GSTIN known only from stored GSTR-2A (KnownSuppliers), through the job.
	s.KnownSuppliers = func(context.Context) ([]string, error) { return []string{"21HMTCA5897Q1ZR"}, nil }
	id := s.StartChanged("04-12-2023", "21", false)
	if ev := <-w.Done; ev.ID != id || ev.Error != nil || ev.Kind != "changed" {
		t.Errorf("done event = %+v", ev)
	}
	cv, err := s.ChangedResult(id)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, r := range cv.Yours {
		if r.GSTIN == "21HMTCA5897Q1ZR" && r.Type == "C" {
			found = true
		}
	}
	if !found {
		t.Errorf("yours = %+v, want 21HMTCA5897Q1ZR cancelled", cv.Yours)
	}

	// A day in the future has no changes: an empty list, not an error.
	empty, err := s.Changed(ctx, "01-01-2099", "27", false, nil)
	if err != nil || empty.Total != 0 || len(empty.Yours)+len(empty.Others) != 0 {
		t.Errorf("future day = %+v, %v", empty, err)
	}
}

func TestApplicant(t *testing.T) {
	s := openService(t)
	ctx := context.Background()
	sim, _, err := s.core.Demo()
	if err != nil {
		t.Fatal(err)
	}
	app := sim.Applicants()[0]
	v, err := s.Applicant(ctx, strings.ToLower(app.EnrolmentNumber))
	if err != nil {
		t.Fatal(err)
	}
	if v.Name != app.Name || v.PAN != app.PAN || v.AuthStatus != app.Status || v.TransactionID == "" || v.Source != lookup.FromDemo {
		t.Errorf("applicant = %+v, want %+v", v, app)
	}
	c, err := s.ApplicantCheck(ctx, app.EnrolmentNumber, "someone.else@example.in", app.Mobile)
	if err != nil {
		t.Fatal(err)
	}
	if c.Mobile != "matched" || c.Email != "unmatched" || c.TxnID == "" {
		t.Errorf("check = %+v", c)
	}
	if _, err := s.Applicant(ctx, "2999UAE00000000"); apperr.KindOf(err) != apperr.NotFound {
		t.Errorf("unknown applicant error = %v", err)
	}
	if _, err := s.ApplicantCheck(ctx, app.EnrolmentNumber, "not an address", ""); apperr.KindOf(err) != apperr.Invalid {
		t.Errorf("bad e-mail error = %v", err)
	}
}

// TestPlanBulkCountsThePaidCallsBeforeTheyAreSpent: the plan shown before a bulk check says how many
// paid calls it will make, and the check then makes exactly those.
func TestPlanBulkCountsThePaidCallsBeforeTheyAreSpent(t *testing.T) {
	s, w := openWatched(t)
	ctx := context.Background()
	if _, err := s.LookupGSTIN(ctx, "27AAPFU0939F1ZV", false); err != nil {
		t.Fatal(err)
	}
	text := "27AAPFU0939F1ZV\n24ABKCS2033B1ZV\n27aapfu0939f1zv\n27AAPFU0939F1ZX\n33EIUPS5109E1ZZ\nnot-a-gstin\n29AAGCB7383J1Z4"
	p, err := s.PlanBulkText(ctx, text, false)
	if err != nil {
		t.Fatal(err)
	}
	if p.Calls != 3 || p.Stored != 1 || p.What != "4 GSTINs" || p.Ask || p.Threshold != 50 {
		t.Errorf("plan = %+v, want 3 calls, 1 stored, no question in the demo", p)
	}
	id, err := s.StartBulkText(ctx, text, false)
	if err != nil {
		t.Fatal(err)
	}
	<-w.Done
	v, _ := s.BulkResult(id)
	if v.Summary.PaidCalls != p.Calls {
		t.Errorf("the check spent %d paid calls, the plan said %d", v.Summary.PaidCalls, p.Calls)
	}
	// Asked again: the found answers are stored now; the unregistered GSTIN is asked again.
	if p, _ = s.PlanBulkText(ctx, text, false); p.Calls != 1 || p.Stored != 3 {
		t.Errorf("second plan = %+v", p)
	}
	if p, _ = s.PlanBulkText(ctx, text, true); p.Calls != 4 || p.Stored != 0 {
		t.Errorf("fresh plan = %+v", p)
	}
}

// TestPlanAsksAboveTheThreshold: in a real client's workspace, more paid calls than Settings allow
// without asking make the plan ask; the demo never does (it spends no credits).
func TestPlanAsksAboveTheThreshold(t *testing.T) {
	c, _ := coretest.Open(t, nil)
	ws, err := c.DB.CreateWorkspace(context.Background(), store.Workspace{Name: "Acme", GSTIN: "29AAFCD5862R1ZR", Environment: store.EnvTest})
	if err != nil {
		t.Fatal(err)
	}
	c.SetWorkspace(ws)
	set, _ := config.Load(context.Background(), c.DB, ws)
	set.AskAboveCalls = 2
	if _, err := config.Save(context.Background(), c.DB, ws, set); err != nil {
		t.Fatal(err)
	}
	for calls, ask := range map[int]bool{0: false, 2: false, 3: true} {
		p, err := c.PlanCalls(context.Background(), "GSTINs", calls, 0)
		if err != nil || p.Ask != ask || p.Threshold != 2 {
			t.Errorf("%d calls: plan %+v, %v; want ask %v", calls, p, err, ask)
		}
	}
}

// TestBulkFromAFile: a file of GSTINs is read from its path (the window's Open dialog gives it), its
// GSTIN column found by the header; the plan and the check read the same list. A folder or a path
// that is not there is refused in words that say what to do.
func TestBulkFromAFile(t *testing.T) {
	s, w := openWatched(t)
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "purchases.csv")
	body := "\uFEFFInvoice,GSTIN of supplier,Amount\r\nINV-1,27AAPFU0939F1ZV,100\r\nINV-2,24ABKCS2033B1ZV,200\r\nINV-3,27AAPFU0939F1ZV,300\r\n"
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	p, err := s.PlanBulkPath(ctx, path, "", false)
	if err != nil {
		t.Fatal(err)
	}
	if p.Calls != 2 || p.What != "2 GSTINs" {
		t.Errorf("plan = %+v, want 2 GSTINs, 2 calls", p)
	}
	id, err := s.StartBulkPath(ctx, path, "", false)
	if err != nil {
		t.Fatal(err)
	}
	<-w.Done
	v, err := s.BulkResult(id)
	if err != nil || len(v.Rows) != 3 || v.Summary.PaidCalls != p.Calls {
		t.Fatalf("bulk = %+v, %v: want 3 rows and the plan's %d calls", v.Summary, err, p.Calls)
	}
	for _, bad := range []struct{ path, want string }{
		{dir, "is a folder"},
		{filepath.Join(dir, "gone.csv"), "there is no such file"},
	} {
		if _, err := s.StartBulkPath(ctx, bad.path, "", false); apperr.KindOf(err) != apperr.Invalid || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%s: %v, want %q", bad.path, err, bad.want)
		}
	}
}
