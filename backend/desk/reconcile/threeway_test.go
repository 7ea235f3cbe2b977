package reconcile

import (
	"context"
	"fmt"
	"gstdesk/backend/desk/core/coretest"
	"gstdesk/backend/period/periodtest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/desk/returns"
	"gstdesk/backend/gstapi"
	"gstdesk/backend/gstr2b"
	"gstdesk/backend/ims"
	"gstdesk/backend/money"
	"gstdesk/backend/period"
	"gstdesk/backend/recon"
)

// registerFrom writes a purchase register of 2B documents as the books would hold them.
func registerFrom(t *testing.T, docs []gstr2b.DocumentRow, edit func(i int, cols []string) []string) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("supplier_gstin,supplier_name,invoice_number,invoice_date,place_of_supply,reverse_charge,invoice_value,taxable_value,igst,cgst,sgst,cess,document_type\n")
	for i, d := range docs {
		cols := []string{d.Supplier, "S", d.Number, d.Date, d.POS, d.ReverseCharge, d.Value.Decimal(), d.Taxable.Decimal(), d.IGST.Decimal(),
			d.CGST.Decimal(), d.SGST.Decimal(), d.Cess.Decimal(), "invoice"}
		if cols = edit(i, cols); cols != nil {
			b.WriteString(strings.Join(cols, ",") + "\n")
		}
	}
	p := filepath.Join(t.TempDir(), "purchases.csv")
	if err := os.WriteFile(p, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// imsMonth2B opens a service signed in to the demo, with IMS polls that do not wait, and pulls
// the GSTR-2B of the demo's IMS month p (there on any day: coretest sets the demo's date on or
// after the 14th).
func imsMonth2B(t *testing.T) (*Service, string, []returns.Pull2BResult) {
	t.Helper()
	s, _, p, res := imsMonth2BWatched(t)
	return s, p, res
}

// imsMonth2BWatched is imsMonth2B with the jobs' events heard.
func imsMonth2BWatched(t *testing.T) (*Service, *coretest.Events, string, []returns.Pull2BResult) {
	t.Helper()
	s, ev := openWatched(t)
	signIn(t, s)
	s.Returns.Poll = returns.PollConfig{Sleep: func(ctx context.Context, d time.Duration) error { return ctx.Err() }}
	sim, _, _ := s.core.Demo()
	y, m, ok := sim.IMSPeriod()
	if !ok {
		t.Fatal("the demo has no IMS period")
	}
	p := fmt.Sprintf("%04d-%02d", y, m)
	res, err := s.Returns.PullGSTR2B(context.Background(), periodtest.Months(p), false, nil)
	if err != nil || res[0].Status != "pulled" {
		t.Fatalf("pull = %+v, %v", res, err)
	}
	return s, ev, p, res
}

func TestReconAgainst2BRecommendsAndApplies(t *testing.T) {
	s, p, res := imsMonth2B(t)
	ctx := context.Background()
	if _, err := s.Returns.IMSList(ctx, "", ""); err != nil {
		t.Fatal(err)
	}
	page, _ := s.Returns.GSTR2BDocuments(ctx, res[0].SnapshotID, gstr2b.DocQuery{Section: "b2b", Limit: 6})
	docs := page.Rows
	// Books: 0 and 1 as in 2B (1 made blocked-aware below), 2 with ₹500 more taxable value,
	// 3 left out (missing in books), 4 and 5 as in 2B; plus one invoice 2B does not have.
	path := registerFrom(t, docs, func(i int, cols []string) []string {
		switch i {
		case 2:
			tx, _ := money.Parse(cols[7])
			cols[7] = (tx + 50000).Decimal()
		case 3:
			return nil
		}
		return cols
	})
	extra := docs[0]
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	fmt.Fprintf(f, "%s,S,NOT-IN-2B-1,%s,%s,N,118,100,18,0,0,0,invoice\n", extra.Supplier, extra.Date, extra.POS)
	f.Close()
	tw, err := s.Against2B(ctx, path, periodtest.Month(p), periodtest.Month(p))
	if err != nil {
		t.Fatal(err)
	}
	if tw.NoGSTR2B != nil {
		t.Errorf("no 2B for %v, though it is stored", tw.NoGSTR2B)
	}
	// A month without a 2B in the range is named, not left to read as "missing in 2B" unsaid.
	pm, _ := period.ParseMonth(p)
	next := pm.Next().String()
	if wide, err := s.Against2B(ctx, path, periodtest.Month(p), periodtest.Month(next)); err != nil || len(wide.NoGSTR2B) != 1 || wide.NoGSTR2B[0] != next {
		t.Errorf("range with %s unpulled: no 2B %v, %v", next, wide.NoGSTR2B, err)
	}
	find := func(number string) ThreeWayRow {
		for _, r := range tw.Rows {
			if (r.GSTR2A != nil && r.GSTR2A.Number == number) || (r.GSTR2A == nil && r.Books != nil && r.Books.Number == number) {
				return r
			}
		}
		t.Fatalf("no row for %s", number)
		return ThreeWayRow{}
	}
	exact := find(docs[0].Number)
	if exact.Status != recon.Exact || exact.Recommended.Action != ims.Accepted || !exact.InIMS || exact.IMSStatus != "N" {
		t.Errorf("exact = %+v", exact)
	}
	mis := find(docs[2].Number)
	if mis.Status != recon.Mismatch || (mis.Recommended.Action != ims.Pending && !mis.PendingBlocked) || !strings.Contains(mis.Recommended.Reason, "taxable") {
		t.Errorf("mismatch = %+v", mis.Recommended)
	}
	missing := find(docs[3].Number)
	if missing.Status != recon.MissingInBooks || missing.Recommended.Action == ims.Accepted || !strings.Contains(missing.Recommended.Reason, "not in your books") {
		t.Errorf("missing in books = %+v", missing.Recommended)
	}
	not2b := find("NOT-IN-2B-1")
	if not2b.Status != recon.MissingIn2A || not2b.Recommended.Action != "" || !strings.Contains(not2b.Recommended.Reason, "Not in GSTR-2B") {
		t.Errorf("not in 2B = %+v", not2b.Recommended)
	}
	// Dry run: nothing sent.
	lines, err := s.ApplyRecommendations(ctx, path, periodtest.Month(p), periodtest.Month(p), true)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, l := range lines {
		if l.Result == "dry_run" {
			n++
		}
		if l.Result == "applied" || l.Result == "sent" {
			t.Errorf("dry run sent %+v", l)
		}
	}
	if n == 0 {
		t.Fatalf("dry run lines = %+v", lines)
	}
	if log, _ := s.Returns.IMSLog(ctx); len(log) != 0 {
		t.Errorf("dry run logged %d actions", len(log))
	}
	lines, err = s.ApplyRecommendations(ctx, path, periodtest.Month(p), periodtest.Month(p), false)
	if err != nil {
		t.Fatal(err)
	}
	applied := 0
	for _, l := range lines {
		if l.Result == ims.ResultApplied {
			applied++
		}
	}
	if applied != n {
		t.Errorf("applied %d of %d recommended: %+v", applied, n, lines)
	}
	acc, _ := s.Returns.IMSStored(ctx, "b2b", "accepted")
	found := false
	for _, r := range acc {
		found = found || r.Number == docs[0].Number
	}
	if !found {
		t.Error("the exact match is not accepted in IMS after applying")
	}
	// Applying again: every row is already as recommended.
	lines, _ = s.ApplyRecommendations(ctx, path, periodtest.Month(p), periodtest.Month(p), false)
	for _, l := range lines {
		if l.Result == ims.ResultApplied {
			t.Errorf("applied twice: %+v", l)
		}
	}
}

// TestThreeWayRunSavedAndChosen: a reconciliation against 2B is saved with its kind, listed and
// reopened as it was; the IMS actions a person chooses persist with the run, are checked against
// the rules, are taken over by the next run of the periods where the row reads the same, and are
// what applying the run sends.
func TestThreeWayRunSavedAndChosen(t *testing.T) {
	s, p, res := imsMonth2B(t)
	ctx := context.Background()
	if _, err := s.Returns.IMSList(ctx, "", ""); err != nil {
		t.Fatal(err)
	}
	page, _ := s.Returns.GSTR2BDocuments(ctx, res[0].SnapshotID, gstr2b.DocQuery{Section: "b2b", Limit: 6})
	docs := page.Rows
	path := registerFrom(t, docs, func(i int, cols []string) []string {
		if i == 3 {
			return nil // in 2B, not in the books
		}
		return cols
	})
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	fmt.Fprintf(f, "%s,S,NOT-IN-2B-1,%s,%s,N,118,100,18,0,0,0,invoice\n", docs[0].Supplier, docs[0].Date, docs[0].POS)
	f.Close()

	tw, err := s.Against2B(ctx, path, periodtest.Month(p), periodtest.Month(p))
	if err != nil {
		t.Fatal(err)
	}
	if tw.RunID == "" || tw.CreatedAt == "" || tw.RegisterName != "purchases.csv" {
		t.Fatalf("run = %q %q %q", tw.RunID, tw.CreatedAt, tw.RegisterName)
	}
	runs, err := s.ThreeWayRuns(ctx)
	if err != nil || len(runs) != 1 || runs[0].ID != tw.RunID || runs[0].Against != recon.AgainstGSTR2B || runs[0].Recommended["accept"] != tw.Counts["accept"] {
		t.Fatalf("ThreeWayRuns = %+v, %v", runs, err)
	}
	if all, _ := s.Runs(ctx); len(all) != 1 || all[0].Against != recon.AgainstGSTR2B {
		t.Errorf("ReconRuns = %+v", all)
	}
	again, err := s.ThreeWayRun(ctx, tw.RunID)
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Rows) != len(tw.Rows) || again.From != p || len(again.Snapshots) != 1 || again.Counts["accept"] != tw.Counts["accept"] {
		t.Fatalf("reopened: %d rows of %d, %+v", len(again.Rows), len(tw.Rows), again.Counts)
	}
	byNumber := func(r ThreeWayResult, number string) ThreeWayRow {
		for _, row := range r.Rows {
			if (row.GSTR2A != nil && row.GSTR2A.Number == number) || (row.GSTR2A == nil && row.Books != nil && row.Books.Number == number) {
				return row
			}
		}
		t.Fatalf("no row for %s", number)
		return ThreeWayRow{}
	}
	for i, r := range tw.Rows {
		o := again.Rows[i]
		if o.Key != r.Key || o.Recommended != r.Recommended || o.IMSStatus != r.IMSStatus || o.Send != r.Recommended.Action || o.Choice != "" {
			t.Errorf("row %d reopened as %+v, was %+v", i, o, r)
		}
	}
	// Choices: checked, kept with the run.
	exact, missing, not2B := byNumber(again, docs[0].Number), byNumber(again, docs[3].Number), byNumber(again, "NOT-IN-2B-1")
	if exact.Recommended.Action != ims.Accepted || missing.Status != recon.MissingInBooks {
		t.Fatalf("exact %+v, missing %+v", exact.Recommended, missing.Status)
	}
	if err := s.SetThreeWayAction(ctx, tw.RunID, missing.Key, "accept"); err == nil || !strings.Contains(err.Error(), "not in your books") {
		t.Errorf("accept of a document not in the books: %v", err)
	}
	if err := s.SetThreeWayAction(ctx, tw.RunID, not2B.Key, "reject"); err == nil || !strings.Contains(err.Error(), "not in GSTR-2B") {
		t.Errorf("reject of a row not in 2B: %v", err)
	}
	if err := s.SetThreeWayAction(ctx, tw.RunID, exact.Key, "approve"); err == nil {
		t.Error("approve taken as an IMS action")
	}
	if err := s.SetThreeWayAction(ctx, tw.RunID, "no~such", "reject"); err == nil {
		t.Error("a row the run does not have took a choice")
	}
	if err := s.SetThreeWayAction(ctx, tw.RunID, exact.Key, "reject"); err != nil {
		t.Fatal(err)
	}
	if err := s.SetThreeWayActions(ctx, tw.RunID, []string{missing.Key}, "leave"); err != nil {
		t.Fatal(err)
	}
	again, _ = s.ThreeWayRun(ctx, tw.RunID)
	if r := byNumber(again, docs[0].Number); r.Choice != ims.Rejected || r.Send != ims.Rejected || r.Recommended.Action != ims.Accepted || again.Choices != 2 {
		t.Errorf("chosen reject: %+v (choices %d)", r, again.Choices)
	}
	if r := byNumber(again, docs[3].Number); r.Choice != ims.Leave || r.Send != "" {
		t.Errorf("chosen leave: %+v", r)
	}
	// Applying the run sends the choices: reject for the exact match, nothing for the one left.
	dry, err := s.ApplyThreeWay(ctx, "", period.Month{}, period.Month{}, tw.RunID, true)
	if err != nil || dry.RunID != tw.RunID {
		t.Fatalf("dry run: %+v %v", dry, err)
	}
	var chosen *ApplyLine
	for i, l := range dry.Lines {
		if l.Document == docs[3].Number {
			t.Errorf("a row left alone is sent: %+v", l)
		}
		if l.Document == docs[0].Number {
			chosen = &dry.Lines[i]
		}
	}
	if chosen == nil || chosen.Action != "reject" || !chosen.Chosen || chosen.Result != "dry_run" || !strings.Contains(chosen.Reason, "Your choice") {
		t.Fatalf("the chosen line = %+v", chosen)
	}
	// The next run of the same periods takes the choices over (the rows read the same).
	next, err := s.Against2B(ctx, path, periodtest.Month(p), periodtest.Month(p))
	if err != nil {
		t.Fatal(err)
	}
	if next.RunID == tw.RunID || next.Choices != 2 || byNumber(next, docs[0].Number).Send != ims.Rejected {
		t.Errorf("next run: %s, %d choices, %+v", next.RunID, next.Choices, byNumber(next, docs[0].Number))
	}
	// The register-driven apply (gst ims apply --purchases) sends them too, for real, listing
	// each IMS section once.
	listings := func() (n int) {
		s.core.DB.QueryRowContext(ctx, `SELECT count(*) FROM audit_log WHERE op = 'ims_list'`).Scan(&n)
		return n
	}
	before := listings()
	lines, err := s.ApplyRecommendations(ctx, path, periodtest.Month(p), periodtest.Month(p), false)
	if err != nil {
		t.Fatal(err)
	}
	if n := listings() - before; n != len(gstapi.IMSSections) {
		t.Errorf("an apply listed IMS sections %d times, want each of the %d once", n, len(gstapi.IMSSections))
	}
	for _, l := range lines {
		if l.Document == docs[0].Number && (l.Action != "reject" || l.Result != ims.ResultApplied) {
			t.Errorf("chosen reject applied as %+v", l)
		}
	}
	rej, _ := s.Returns.IMSStored(ctx, "b2b", "rejected")
	if len(rej) != 1 || rej[0].Number != docs[0].Number {
		t.Errorf("rejected in IMS: %+v", rej)
	}
	// A run against 2A is no three-way run; a re-run of a three-way run is one.
	if _, err := s.ThreeWayRun(ctx, "nope"); apperr.KindOf(err) != apperr.NotFound {
		t.Errorf("unknown run: %v", err)
	}
	id, err := s.Rerun(ctx, tw.RunID)
	if err != nil {
		t.Fatal(err)
	}
	if ev, err := s.core.WaitJob(ctx, id); err != nil || ev.Error != nil {
		t.Fatalf("re-run job: %+v %v", ev, err)
	}
	rerun, err := s.RunResult(id)
	if err != nil || rerun.Against != recon.AgainstGSTR2B {
		t.Errorf("re-run = %+v, %v", rerun, err)
	}
}

// A 2B credit note reduces the credit whichever sign its amounts were stored with; invoices and
// debit notes keep theirs.
func TestTwoBInvoiceSigns(t *testing.T) {
	tests := []struct {
		kind     string
		igst     money.Paise
		wantIGST money.Paise
		wantType recon.DocType
	}{
		{gstr2b.KindInvoice, 1800, 1800, recon.DocInvoice},
		{gstr2b.KindDebitNote, 1800, 1800, recon.DocDebitNote},
		{gstr2b.KindCreditNote, 1800, -1800, recon.DocCreditNote},
		{gstr2b.KindCreditNote, -1800, -1800, recon.DocCreditNote},
	}
	for _, tt := range tests {
		in := twoBInvoice(&gstr2b.MatchDoc{ID: 1, Kind: tt.kind, Value: tt.igst * 2, Taxable: tt.igst, IGST: tt.igst}, "2025-06")
		if in.IGST != recon.Paise(tt.wantIGST) || in.Value != recon.Paise(tt.wantIGST*2) || in.DocType != tt.wantType {
			t.Errorf("%s with IGST %v: got %s IGST %v value %v, want %s IGST %v", tt.kind, tt.igst, in.DocType, in.IGST, in.Value, tt.wantType, tt.wantIGST)
		}
	}
}
