package reconcile

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/desk/core/coretest"
	"gstdesk/backend/desk/lookups"
	"gstdesk/backend/desk/returns"
	"gstdesk/backend/gstapi/gstapitest"
	"gstdesk/backend/period/periodtest"
	"gstdesk/backend/recon"
)

// reconRun starts a run and waits for its job, returning the stored run.
func reconRun(t *testing.T, s *Service, w *coretest.Events, token, from, to string) recon.Run {
	t.Helper()
	id, err := s.StartRun(context.Background(), token, periodtest.Month(from), periodtest.Month(to), false)
	if err != nil {
		t.Fatal(err)
	}
	if ev := <-w.Done; ev.ID != id || ev.Error != nil {
		t.Fatalf("run job ended with %+v", ev)
	}
	run, err := s.RunResult(id)
	if err != nil {
		t.Fatal(err)
	}
	return run
}

// pulledService is a service signed in to the demo with three months of GSTR-2A stored.
func pulledService(t *testing.T) (*Service, *coretest.Events) {
	t.Helper()
	s, w := openWatched(t)
	signIn(t, s)
	if _, err := s.Returns.PullGSTR2A(context.Background(), returns.PullRequest{Periods: []string{"2025-04", "2025-05", "2025-06"}}, false, nil); err != nil {
		t.Fatal(err)
	}
	return s, w
}

func rowsOf(t *testing.T, s *Service, runID, status string) []recon.Row {
	t.Helper()
	v, err := s.Rows(context.Background(), runID, status, "", 0, 5000)
	if err != nil {
		t.Fatal(err)
	}
	return v.Rows
}

func TestReconSampleRunShowsEveryStatus(t *testing.T) {
	s, w := pulledService(t)
	ctx := context.Background()
	im, err := s.SampleRegister(ctx, periodtest.Month("2025-04"), periodtest.Month("2025-06"))
	if err != nil {
		t.Fatal(err)
	}
	if !im.Sample || im.Confirm || len(im.Missing) != 0 || im.ErrorCount != 0 || im.Invoices == 0 {
		t.Fatalf("sample import = %+v", im)
	}
	run := reconRun(t, s, w, im.Token, "2025-04", "2025-06")
	v, err := s.Rows(ctx, run.ID, "", "", 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range recon.Statuses {
		if v.Counts[string(st)] == 0 {
			t.Errorf("no %s row: counts %v", st, v.Counts)
		}
	}
	rules := map[recon.RuleID]bool{}
	for _, r := range rowsOf(t, s, run.ID, "") {
		rules[r.RuleID] = true
	}
	for _, want := range []recon.RuleID{recon.RuleExact, recon.RuleDifferent, recon.RuleNearNumber, recon.RuleDateWindow, recon.RuleWrongBranch, recon.RuleNotIn2A, recon.RuleNotInBooks} {
		if !rules[want] {
			t.Errorf("the sample shows no row by rule %s (rules %v)", want, rules)
		}
	}

	// A mismatch explains every field; a missing-in-2A row has candidates with identities to link.
	mm := rowsOf(t, s, run.ID, string(recon.Mismatch))
	e, err := s.Explain(ctx, run.ID, mm[0].Key)
	if err != nil {
		t.Fatal(err)
	}
	different := 0
	for _, f := range e.Fields {
		if f.Verdict == "different" {
			different++
		}
	}
	if different == 0 || e.BooksID == "" || e.GSTR2AID == "" || e.Tolerance != 100 {
		t.Errorf("mismatch explanation = %+v", e)
	}
	miss := rowsOf(t, s, run.ID, string(recon.MissingIn2A))
	e, err = s.Explain(ctx, run.ID, miss[0].Key)
	if err != nil {
		t.Fatal(err)
	}
	if len(e.Row.Candidates) == 0 || len(e.CandidateIDs) != len(e.Row.Candidates) || e.CandidateIDs[0] == "" || e.GSTR2AID != "" {
		t.Errorf("missing-in-2A explanation: %d candidates, ids %v, 2A id %q", len(e.Row.Candidates), e.CandidateIDs, e.GSTR2AID)
	}
	if _, err := s.Explain(ctx, run.ID, "no such key"); apperr.KindOf(err) != apperr.NotFound {
		t.Errorf("unknown key = %v", err)
	}

	// Summary, suppliers, a supplier pack and exports.
	sum, err := s.Summary(ctx, run.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(sum.Periods) != 3 || sum.Total.ITCConfident <= 0 || sum.Total.ITCAtRisk <= 0 || sum.Total.ITCReview <= 0 {
		t.Errorf("summary total = %+v (%d periods)", sum.Total, len(sum.Periods))
	}
	sups, err := s.Suppliers(ctx, run.ID)
	if err != nil {
		t.Fatal(err)
	}
	risky := ""
	for _, x := range sups {
		if x.Risk == "high" {
			risky = x.GSTIN
		}
	}
	if risky == "" {
		t.Fatalf("no high-risk supplier in %+v", sups)
	}
	path, err := s.SupplierPack(ctx, run.ID, risky, "xlsx")
	if err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(path); err != nil || st.Size() == 0 || !strings.Contains(path, risky) {
		t.Errorf("supplier pack %s: %v", path, err)
	}
	for _, what := range []string{"rows", "summary", "suppliers"} {
		path, err := s.Export(ctx, run.ID, what, "", "csv")
		if err != nil {
			t.Fatalf("export %s: %v", what, err)
		}
		b, _ := os.ReadFile(path)
		if len(bytes.Split(b, []byte("\n"))) < 3 {
			t.Errorf("export %s has %d bytes", what, len(b))
		}
	}
	if _, err := s.Export(ctx, run.ID, "everything", "", "csv"); apperr.KindOf(err) != apperr.Invalid {
		t.Errorf("unknown export = %v", err)
	}
}

func TestReconDecisionsSurviveARerun(t *testing.T) {
	s, w := pulledService(t)
	ctx := context.Background()
	im, err := s.SampleRegister(ctx, periodtest.Month("2025-04"), periodtest.Month("2025-06"))
	if err != nil {
		t.Fatal(err)
	}
	run := reconRun(t, s, w, im.Token, "2025-04", "2025-06")
	sug := rowsOf(t, s, run.ID, string(recon.Suggested))
	if err := s.SetAction(ctx, sug[0].Key, "accept"); err != nil {
		t.Fatal(err)
	}
	mm := rowsOf(t, s, run.ID, string(recon.Mismatch))
	if err := s.SetActions(ctx, []string{mm[0].Key}, "ignore"); err != nil {
		t.Fatal(err)
	}
	if err := s.SetAction(ctx, sug[0].Key, "maybe"); apperr.KindOf(err) != apperr.Invalid {
		t.Errorf("unknown action = %v", err)
	}
	// Link the invoice missing in 2A to its first candidate.
	miss := rowsOf(t, s, run.ID, string(recon.MissingIn2A))
	e, err := s.Explain(ctx, run.ID, miss[0].Key)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Link(ctx, e.BooksID, e.CandidateIDs[0]); err != nil {
		t.Fatal(err)
	}

	id, err := s.Rerun(ctx, run.ID)
	if err != nil {
		t.Fatal(err)
	}
	if ev := <-w.Done; ev.ID != id || ev.Error != nil {
		t.Fatalf("re-run ended with %+v", ev)
	}
	again, err := s.RunResult(id)
	if err != nil {
		t.Fatal(err)
	}
	if again.ID == run.ID {
		t.Fatal("the re-run has the first run's id")
	}
	found := map[string]recon.ActionKind{}
	var linked *recon.Row
	for _, r := range rowsOf(t, s, again.ID, "") {
		found[r.Key] = r.Action
		if r.RuleID == recon.RuleManualLink {
			r := r
			linked = &r
		}
	}
	if found[sug[0].Key] != recon.Accept || found[mm[0].Key] != recon.Ignore {
		t.Errorf("after the re-run: suggested %q, mismatch %q; want accept, ignore", found[sug[0].Key], found[mm[0].Key])
	}
	if linked == nil {
		t.Fatal("the link made no manually linked row on the re-run")
	}
	if b, g := recon.SplitRowKey(linked.Key); b != e.BooksID || g != e.CandidateIDs[0] {
		t.Errorf("linked row %s, want %s with %s", linked.Key, e.BooksID, e.CandidateIDs[0])
	}
	runs, err := s.Runs(ctx)
	if err != nil || len(runs) != 2 || runs[0].ID != again.ID {
		t.Errorf("runs = %+v, %v", runs, err)
	}
	if err := s.DeleteRun(ctx, run.ID); err != nil {
		t.Fatal(err)
	}
	if runs, _ := s.Runs(ctx); len(runs) != 1 {
		t.Errorf("after delete %d runs", len(runs))
	}
}

func TestReconImportMapping(t *testing.T) {
	s := openService(t)
	ctx := context.Background()
	// Tally-like headers: recognised, but a new mapping is confirmed once and then remembered.
	csv := "Party GSTIN,Party Name,Supplier Invoice No,Supplier Invoice Date,Taxable Value,IGST Amount\n" +
		"27AAPFU0939F1ZV,Acme,INV/1,01-04-2025,1000,180\n" +
		"27AAPFU0939F1ZV,Acme,INV/2,31-04-2025,1000,180\n"
	im, err := s.ImportPath(ctx, coretest.File(t, "tally.csv", csv))
	if err != nil {
		t.Fatal(err)
	}
	if !im.Confirm || im.Saved || im.Mapping[recon.FieldInvoiceNumber] != "Supplier Invoice No" || len(im.Headers) != 6 {
		t.Errorf("first import = %+v", im)
	}
	if im.ErrorCount != 1 || len(im.Errors) != 1 || im.Errors[0].Row != 3 {
		t.Errorf("errors = %+v, want the bad date on row 3", im.Errors)
	}
	if _, err := s.StartRun(ctx, im.Token, periodtest.Month("2025-04"), periodtest.Month("2025-04"), false); apperr.KindOf(err) != apperr.Invalid {
		t.Errorf("a run of a register with problems = %v", err)
	}
	// Leaving out a required field is refused.
	m := map[string]string{}
	for k, v := range im.Mapping {
		m[k] = v
	}
	delete(m, recon.FieldTaxableValue)
	if _, err := s.ConfirmMapping(ctx, im.Token, m); apperr.KindOf(err) != apperr.Invalid {
		t.Errorf("mapping without taxable value = %v", err)
	}
	if _, err := s.ConfirmMapping(ctx, im.Token, im.Mapping); err != nil {
		t.Fatal(err)
	}
	again, err := s.ImportPath(ctx, coretest.File(t, "tally.csv", csv))
	if err != nil {
		t.Fatal(err)
	}
	if again.Confirm || !again.Saved {
		t.Errorf("second import asks again: %+v", again)
	}

	tests := []struct {
		name     string
		call     func() error
		kind     apperr.Kind
		contains string
	}{
		{"a folder", func() error { _, err := s.ImportPath(ctx, t.TempDir()); return err }, apperr.Invalid, "is a folder"},
		{"no such path", func() error { _, err := s.ImportPath(ctx, "/no/such/file.csv"); return err }, apperr.Invalid, "check the path"},
		{"unknown token", func() error {
			_, err := s.StartRun(ctx, "abc", periodtest.Month("2025-04"), periodtest.Month("2025-04"), false)
			return err
		}, apperr.Invalid, "import the register again"},
		{"periods reversed", func() error {
			_, err := s.StartRun(ctx, im.Token, periodtest.Month("2025-06"), periodtest.Month("2025-04"), false)
			return err
		}, apperr.Invalid, "swap"},
		{"sample without 2A", func() error {
			_, err := s.SampleRegister(ctx, periodtest.Month("2025-04"), periodtest.Month("2025-04"))
			return err
		}, apperr.NotFound, "pull GSTR-2A"},
	}
	for _, tt := range tests {
		err := tt.call()
		if apperr.KindOf(err) != tt.kind || !strings.Contains(apperr.Window.Public(err).Message, tt.contains) {
			t.Errorf("%s: %v, want %s containing %q", tt.name, err, tt.kind, tt.contains)
		}
	}
	// A file refused (not a register gstdesk can read) is not kept in the data folder.
	before, _ := os.ReadDir(s.registerDir())
	if _, err := s.ImportPath(ctx, coretest.File(t, "scan.pdf", "%PDF-1.7 not a register")); err == nil {
		t.Fatal("a PDF was read as a register")
	}
	if after, _ := os.ReadDir(s.registerDir()); len(after) != len(before) {
		t.Errorf("a refused file was kept: %d files before, %d after", len(before), len(after))
	}
}

func TestPeriods(t *testing.T) {
	tests := []struct {
		from, to string
		n        int
		ok       bool
	}{
		{"2025-04", "2025-04", 1, true},
		{"2025-11", "2026-02", 4, true},
		{"2024-04", "2026-03", 24, true},
		{"2024-04", "2026-04", 0, false},
		{"2025-05", "2025-04", 0, false},
		{"2016-04", "2016-05", 0, false},
		{"April", "2025-04", 0, false},
	}
	for _, tt := range tests {
		got, err := Periods(tt.from, tt.to)
		if (err == nil) != tt.ok || len(got) != tt.n {
			t.Errorf("Periods(%s, %s) = %v, %v", tt.from, tt.to, got, err)
		}
	}
}

// TestReconRegistersPruned: registers imported more than a week ago go from the data folder
// unless a stored run uses them; recent imports stay.
func TestReconRegistersPruned(t *testing.T) {
	s := openService(t)
	ctx := context.Background()
	imp := func(n int) string {
		csv := fmt.Sprintf("GSTIN,Invoice No,Invoice Date,Taxable Value,IGST\n27AAPFU0939F1ZV,INV/%d,01-04-2025,1000,180\n", n)
		im, err := s.ImportPath(ctx, coretest.File(t, fmt.Sprintf("reg%d.csv", n), csv))
		if err != nil {
			t.Fatal(err)
		}
		return im.Token
	}
	oldUnused, oldUsed, recent := imp(1), imp(2), imp(3)
	if _, err := s.core.DB.ExecContext(ctx, `INSERT INTO recon_runs (id, workspace_id, from_period, to_period, options, register_sha256)
		VALUES ('run-1', ?, '2025-04', '2025-04', '{}', ?)`, s.core.Workspace().ID, oldUsed); err != nil {
		t.Fatal(err)
	}
	tenDaysAgo := time.Now().Add(-10 * 24 * time.Hour)
	for _, tok := range []string{oldUnused, oldUsed} {
		files, _ := filepath.Glob(filepath.Join(s.registerDir(), tok+"-*"))
		if len(files) != 1 {
			t.Fatalf("register %s kept as %v", tok, files)
		}
		if err := os.Chtimes(files[0], tenDaysAgo, tenDaysAgo); err != nil {
			t.Fatal(err)
		}
	}
	s.pruneRegisters(ctx, time.Now())
	for tok, want := range map[string]bool{oldUnused: false, oldUsed: true, recent: true} {
		_, _, err := s.register(tok)
		if kept := err == nil; kept != want {
			t.Errorf("register %s kept = %v (%v), want %v", tok[:8], kept, err, want)
		}
	}
	if _, _, err := s.register(oldUnused); apperr.KindOf(err) != apperr.NotFound || !strings.Contains(apperr.Window.Public(err).Message, "import it again") {
		t.Errorf("a pruned register = %v, want not found with what to do", err)
	}
}

// openWatched opens the service over a new data folder with a recorder of its job events.
func openWatched(t testing.TB) (*Service, *coretest.Events) {
	t.Helper()
	c, ev := coretest.Open(t, nil)
	lk := lookups.New(c)
	return New(c, lk, returns.New(c, lk)), ev
}

func openService(t testing.TB) *Service {
	s, _ := openWatched(t)
	return s
}

// signIn signs the demo workspace in to the simulated GST portal.
func signIn(t *testing.T, s *Service) {
	t.Helper()
	ctx := context.Background()
	if err := s.Returns.RequestOTP(ctx, "demo", ""); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Returns.VerifyOTP(ctx, "demo", "", gstapitest.DefaultOTP); err != nil {
		t.Fatal(err)
	}
}

// A register row repeating an invoice is listed as a duplicate unless the person asks for the
// rows to be added up; the run records the choice and a re-run keeps it.
func TestReconDuplicatesCombinedOnlyWhenAsked(t *testing.T) {
	s, w := pulledService(t)
	ctx := context.Background()
	im, err := s.SampleRegister(ctx, periodtest.Month("2025-04"), periodtest.Month("2025-06"))
	if err != nil {
		t.Fatal(err)
	}
	if im.Duplicates == 0 {
		t.Fatalf("the sample register has no duplicate row: %+v", im)
	}
	apart := reconRun(t, s, w, im.Token, "2025-04", "2025-06")
	if n := len(rowsOf(t, s, apart.ID, string(recon.DuplicateInBooks))); n != im.Duplicates || apart.Options.CombineDuplicates {
		t.Errorf("run without combining: %d duplicate rows (import said %d), combine %v", n, im.Duplicates, apart.Options.CombineDuplicates)
	}
	id, err := s.StartRun(ctx, im.Token, periodtest.Month("2025-04"), periodtest.Month("2025-06"), true)
	if err != nil {
		t.Fatal(err)
	}
	<-w.Done
	combined, err := s.RunResult(id)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(rowsOf(t, s, combined.ID, string(recon.DuplicateInBooks))); n != 0 || !combined.Options.CombineDuplicates {
		t.Errorf("combined run: %d duplicate rows, combine %v", n, combined.Options.CombineDuplicates)
	}
	again, err := s.Rerun(ctx, combined.ID)
	if err != nil {
		t.Fatal(err)
	}
	<-w.Done
	rerun, err := s.RunResult(again)
	if err != nil {
		t.Fatal(err)
	}
	if !rerun.Options.CombineDuplicates {
		t.Error("a re-run of a combined run did not combine")
	}
}

// A re-run keeps the run's own tolerance and date window (say, a command line's --tolerance),
// not the workspace settings of the day.
func TestReconRerunKeepsTheRunsOptions(t *testing.T) {
	s, w := pulledService(t)
	ctx := context.Background()
	im, err := s.SampleRegister(ctx, periodtest.Month("2025-04"), periodtest.Month("2025-04"))
	if err != nil {
		t.Fatal(err)
	}
	tol, days := recon.Paise(500), 3
	first, err := s.RunNow(ctx, im.Token, periodtest.Month("2025-04"), periodtest.Month("2025-04"), RunOptions{AmountTolerance: &tol, DateWindowDays: &days})
	if err != nil {
		t.Fatal(err)
	}
	id, err := s.Rerun(ctx, first.Run.ID)
	if err != nil {
		t.Fatal(err)
	}
	<-w.Done
	again, err := s.RunResult(id)
	if err != nil {
		t.Fatal(err)
	}
	if again.Options.AmountTolerance != 500 || again.Options.DateWindowDays != 3 {
		t.Errorf("re-run options = %+v, want the run's ₹5 and 3 days", again.Options)
	}
}

// TestReconRowsNameSuppliersFromLookups: a row missing in books shows its supplier's name once the
// GSTIN has been looked up (2A carries no names and no register invoice names the supplier).
func TestReconRowsNameSuppliersFromLookups(t *testing.T) {
	s, w := pulledService(t)
	ctx := context.Background()
	// A register of one invoice of another supplier: every 2A invoice is missing in books, unnamed.
	csv := "GSTIN,Invoice No,Invoice Date,Taxable Value,IGST\n27AAPFU0939F1ZV,INV/1,01-04-2025,1000,180\n"
	im, err := s.ImportPath(ctx, coretest.File(t, "books.csv", csv))
	if err != nil {
		t.Fatal(err)
	}
	run := reconRun(t, s, w, im.Token, "2025-04", "2025-06")
	v, err := s.Rows(ctx, run.ID, string(recon.MissingInBooks), "", 0, 0)
	if err != nil || len(v.Rows) == 0 {
		t.Fatalf("missing in books: %d rows, %v", len(v.Rows), err)
	}
	// The first row of a supplier not named yet (a bill of entry of an import has no supplier GSTIN
	// to look up; an ISD or SEZ document names its supplier).
	first := v.Rows[0]
	for _, r := range v.Rows {
		if r.GSTR2A != nil && r.GSTR2A.SupplierGSTIN != "" && r.GSTR2A.SupplierName == "" && v.Names[r.GSTR2A.SupplierGSTIN] == "" {
			first = r
			break
		}
	}
	g := first.GSTR2A.SupplierGSTIN
	if n := v.Names[g]; n != "" || first.GSTR2A.SupplierName != "" {
		t.Fatalf("%s is named %q before any lookup; the test needs an unnamed supplier", g, n)
	}
	d, err := s.Lookups.LookupGSTIN(ctx, g, false)
	if err != nil || d.LegalName == "" {
		t.Fatalf("lookup %s: %+v, %v", g, d, err)
	}
	v, err = s.Rows(ctx, run.ID, string(recon.MissingInBooks), "", 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := v.Names[g]; got != d.LegalName && got != d.TradeName {
		t.Errorf("names[%s] = %q, want the looked-up name %q", g, got, d.LegalName)
	}
}
