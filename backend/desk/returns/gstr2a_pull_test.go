package returns

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"gstdesk/backend/apperr"
	"gstdesk/backend/desk/core/coretest"
	"gstdesk/backend/desk/lookups"
	"gstdesk/backend/gstapi/gstapitest"
	"gstdesk/backend/gstr2a"
)

func signIn(t *testing.T, s *Service) {
	t.Helper()
	ctx := context.Background()
	if err := s.RequestOTP(ctx, "demo", ""); err != nil {
		t.Fatal(err)
	}
	v, err := s.VerifyOTP(ctx, "demo", "", gstapitest.DefaultOTP)
	if err != nil {
		t.Fatal(err)
	}
	if !v.Active || v.GSTIN != "27AAPFU0939F1ZV" {
		t.Fatalf("session = %+v", v)
	}
}

func TestPeriodRange(t *testing.T) {
	tests := []struct {
		y, m, to int
		want     []string
		ok       bool
	}{
		{2025, 4, 0, []string{"2025-04"}, true},
		{2025, 11, 2, []string{"2025-11", "2025-12", "2026-01", "2026-02"}, true},
		{2025, 4, 3, nil, true},
		{2016, 4, 0, nil, false},
		{2025, 13, 0, nil, false},
	}
	for _, tt := range tests {
		got, err := PeriodRange(tt.y, tt.m, tt.to)
		if (err == nil) != tt.ok {
			t.Errorf("PeriodRange(%d,%d,%d) err = %v", tt.y, tt.m, tt.to, err)
			continue
		}
		if tt.want != nil && len(got) != len(tt.want) {
			t.Errorf("PeriodRange(%d,%d,%d) = %v, want %v", tt.y, tt.m, tt.to, got, tt.want)
		}
		if tt.y == 2025 && tt.m == 4 && tt.to == 3 && len(got) != 12 {
			t.Errorf("a whole FY = %d months", len(got))
		}
	}
}

func TestPullNeedsASession(t *testing.T) {
	s := openService(t)
	_, err := s.PullGSTR2A(context.Background(), PullRequest{Periods: []string{"2025-04"}}, false, nil)
	if apperr.KindOf(err) != apperr.Unauthorised {
		t.Errorf("pull without a session = %v", err)
	}
}

func TestPullStoresSnapshotsAndErrorsStopOneMonth(t *testing.T) {
	s := openService(t)
	ctx := context.Background()
	signIn(t, s)
	periods := []string{"2025-04", "2025-05", "2025-06"}
	res, err := s.PullGSTR2A(ctx, PullRequest{Periods: periods}, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res {
		if r.Status != "pulled" && r.Status != "empty" {
			t.Fatalf("%s: %+v", r.Period, r)
		}
	}
	sim, _, _ := s.core.Demo()
	// A business error that is not a "try later" (those are retried) fails the first month only.
	sim.SetFaults(gstapitest.Faults{BusinessError: 1, BusinessCode: "RET11405", BusinessMessage: "Invalid API Request Parameters"})
	res, err = s.PullGSTR2A(ctx, PullRequest{Periods: periods}, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res[0].Status != "error" || res[0].Error == nil {
		t.Errorf("first month = %+v, want the injected error", res[0])
	}
	if res[1].Status == "error" || res[2].Status == "error" {
		t.Errorf("an error in one month stopped the others: %+v", res)
	}
	ws := s.core.Workspace()
	snaps, _ := gstr2a.Snapshots(ctx, s.core.DB.DB, ws.ID, "2025-04")
	if len(snaps) != 1 {
		t.Errorf("April snapshots = %d, want the first pull kept and the failed one not stored", len(snaps))
	}
	snaps, _ = gstr2a.Snapshots(ctx, s.core.DB.DB, ws.ID, "2025-05")
	if len(snaps) != 2 {
		t.Errorf("May snapshots = %d, want 2 (every pull kept)", len(snaps))
	}
}

func TestGSTR2AReviewThroughDesk(t *testing.T) {
	s := openService(t)
	ctx := context.Background()
	signIn(t, s)
	res, err := s.PullGSTR2A(ctx, PullRequest{Periods: []string{"2025-04", "2025-05"}}, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	periods, err := s.GSTR2APeriods(ctx)
	if err != nil || len(periods) != 2 {
		t.Fatalf("periods = %v, %v", periods, err)
	}
	sc := gstr2a.Scope{Periods: []string{"2025-04", "2025-05"}, WorkspaceID: "someone-else"}
	tot, err := s.GSTR2ATotals(ctx, sc)
	if err != nil || tot.Invoices != res[0].Invoices+res[1].Invoices {
		t.Errorf("totals = %+v (%v), want %d invoices", tot, err, res[0].Invoices+res[1].Invoices)
	}
	page, err := s.GSTR2AInvoices(ctx, sc, gstr2a.InvoiceQuery{Limit: 5, Sort: "taxable", Desc: true})
	if err != nil || len(page.Rows) == 0 || page.Total != tot.Invoices {
		t.Fatalf("page = %d rows of %d (%v)", len(page.Rows), page.Total, err)
	}
	items, err := s.GSTR2AItems(ctx, page.Rows[0].ID)
	if err != nil || len(items) == 0 {
		t.Errorf("items = %v, %v", items, err)
	}
	sups, err := s.GSTR2ASuppliers(ctx, sc)
	if err != nil || len(sups) == 0 {
		t.Fatalf("suppliers = %v, %v", sups, err)
	}
	// Names come from cached lookups: look one supplier up, and it is named.
	if _, err := s.Lookups.LookupGSTIN(ctx, sups[0].GSTIN, false); err == nil {
		sups2, _ := s.GSTR2ASuppliers(ctx, sc)
		for _, x := range sups2 {
			if x.GSTIN == sups[0].GSTIN && x.Name == "" {
				t.Errorf("supplier %s still has no name after a lookup", x.GSTIN)
			}
		}
	}
	path, err := s.GSTR2AExport(ctx, sc, gstr2a.InvoiceQuery{}, "item", "csv")
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); len(b) < 100 {
		t.Errorf("export %s is %d bytes", path, len(b))
	}
	if _, err := s.GSTR2AExport(ctx, sc, gstr2a.InvoiceQuery{}, "supplier", "csv"); err == nil {
		t.Error("an unknown export level was accepted")
	}
}

func openService(t testing.TB) *Service {
	t.Helper()
	c, _ := coretest.Open(t, nil)
	return New(c, lookups.New(c))
}

// TestPullEmptyAfterInvoicesAndContractViolations checks item 4 of issue 13 through the desk: a
// success without the b2b list is an error that stores nothing (the 65-invoice April stays); a
// "no data" answer is stored as empty and the pull says plainly that every invoice is gone; a
// try-later is retried.
func TestPullEmptyAfterInvoicesAndContractViolations(t *testing.T) {
	s := openService(t)
	ctx := context.Background()
	signIn(t, s)
	sim, _, _ := s.core.Demo()
	april := PullRequest{Periods: []string{"2025-04"}}
	res, err := s.PullGSTR2A(ctx, april, false, nil)
	if err != nil || res[0].Status != "pulled" || res[0].Invoices == 0 || res[0].Notice != "" {
		t.Fatalf("first pull = %+v, %v", res, err)
	}
	n := res[0].Invoices
	ws := s.core.Workspace()
	first, _ := gstr2a.LatestSnapshot(ctx, s.core.DB.DB, ws.ID, "2025-04")

	for _, f := range []gstapitest.Faults{{EmptyData: 1}, {InvalidUTF8: 1}} {
		sim.SetFaults(f)
		res, err = s.PullGSTR2A(ctx, april, false, nil)
		if err != nil || res[0].Status != "error" || res[0].Error == nil || res[0].Error.Kind != apperr.Unavailable {
			t.Fatalf("pull with %+v = %+v, %v; want an Unavailable error", f, res, err)
		}
		if want := fmt.Sprintf("The pull of %s (%d invoices) is kept.", first.FetchedAt.Local().Format("02/01/2006"), n); !strings.HasSuffix(res[0].Error.Message, want) {
			t.Errorf("error = %q, want it to end %q", res[0].Error.Message, want)
		}
		if snaps, _ := gstr2a.Snapshots(ctx, s.core.DB.DB, ws.ID, "2025-04"); len(snaps) != 1 {
			t.Errorf("after %+v: %d snapshots, want the first pull only", f, len(snaps))
		}
		if latest, _ := gstr2a.LatestSnapshot(ctx, s.core.DB.DB, ws.ID, "2025-04"); latest.ID != first.ID || latest.Invoices != n {
			t.Errorf("after %+v the period stands for %+v", f, latest)
		}
	}

	sim.SetFaults(gstapitest.Faults{BusinessError: 1, BusinessCode: "TEC4001", BusinessMessage: "Technical Error"})
	res, _ = s.PullGSTR2A(ctx, april, false, nil)
	if res[0].Status != "pulled" || res[0].Invoices != n {
		t.Errorf("pull after one try-later = %+v, want it retried and pulled", res[0])
	}

	for _, f := range []gstapitest.Faults{{BusinessError: 1, BusinessCode: "RET13509", BusinessMessage: "No data found"}, {EmptyB2B: 1}} {
		prev, _ := gstr2a.LatestSnapshot(ctx, s.core.DB.DB, ws.ID, "2025-04")
		if prev.Invoices == 0 { // the last round left an empty pull: pull the invoices back
			s.PullGSTR2A(ctx, april, false, nil)
			prev, _ = gstr2a.LatestSnapshot(ctx, s.core.DB.DB, ws.ID, "2025-04")
		}
		sim.SetFaults(f)
		res, err = s.PullGSTR2A(ctx, april, false, nil)
		if err != nil || res[0].Status != "empty" || res[0].Error != nil {
			t.Fatalf("empty pull with %+v = %+v, %v", f, res, err)
		}
		want := fmt.Sprintf("All %d invoices of 04/2025 are gone since the pull of %s", n, prev.FetchedAt.Local().Format("02/01/2006"))
		if !strings.Contains(res[0].Notice, want) {
			t.Errorf("notice = %q, want it to say %q", res[0].Notice, want)
		}
		if latest, _ := gstr2a.LatestSnapshot(ctx, s.core.DB.DB, ws.ID, "2025-04"); latest.Invoices != 0 || latest.Status != gstr2a.StatusEmpty {
			t.Errorf("the empty pull was not stored as empty: %+v", latest)
		}
	}
	// Pulled empty again: nothing more is gone, so nothing to say.
	res, _ = s.PullGSTR2A(ctx, april, false, nil)
	sim.SetFaults(gstapitest.Faults{BusinessError: 1, BusinessCode: "RET13509", BusinessMessage: "No data found"})
	s.PullGSTR2A(ctx, april, false, nil)
	sim.SetFaults(gstapitest.Faults{BusinessError: 1, BusinessCode: "RET13509", BusinessMessage: "No data found"})
	res, _ = s.PullGSTR2A(ctx, april, false, nil)
	if res[0].Status != "empty" || res[0].Notice != "" {
		t.Errorf("second empty pull = %+v, want no notice", res[0])
	}
}

// A pull of a whole period reads the service's GSTR-2A document, every section: the credit notes,
// amendments, ISD documents and bills of entry beside the B2B invoices are stored and listed.
func TestPullGSTR2AKeepsEverySection(t *testing.T) {
	s := openService(t)
	signIn(t, s)
	ctx := context.Background()
	res, err := s.PullGSTR2A(ctx, PullRequest{Periods: []string{"2025-04"}}, false, nil)
	if err != nil || res[0].Status != "pulled" {
		t.Fatalf("pull = %+v, %v", res, err)
	}
	snap, err := gstr2a.LatestSnapshot(ctx, s.core.DB.DB, s.core.Workspace().ID, "2025-04")
	if err != nil || snap.Invoices == 0 || snap.Documents == 0 {
		t.Fatalf("snapshot = %+v, %v", snap, err)
	}
	page, err := s.GSTR2ADocuments(ctx, gstr2a.Scope{Periods: []string{"2025-04"}}, gstr2a.DocumentQuery{})
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]bool{}
	for _, r := range page.Rows {
		kinds[r.Kind] = true
	}
	for _, k := range []string{gstr2a.KindCreditNote, gstr2a.KindBillOfEntry, gstr2a.KindISDInvoice} {
		if !kinds[k] {
			t.Errorf("no %s among the pulled documents (%v)", k, kinds)
		}
	}
	// A pull of one supplier asks the service's B2B section only, as before.
	sup, err := s.PullGSTR2A(ctx, PullRequest{Periods: []string{"2025-04"}, Supplier: page.Rows[0].SupplierGSTIN}, false, nil)
	if err != nil || sup[0].Error != nil {
		t.Fatalf("supplier pull = %+v, %v", sup, err)
	}
}
