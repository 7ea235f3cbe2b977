package reconcile

import (
	"context"
	"fmt"
	"gstdesk/backend/period"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/desk/returns"
	"gstdesk/backend/gstr2b"
	"gstdesk/backend/ims"
	"gstdesk/backend/money"
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

func TestReconAgainst2BRecommendsAndApplies(t *testing.T) {
	s := openService(t)
	signIn(t, s)
	s.Returns.Poll = returns.PollConfig{Sleep: func(ctx context.Context, d time.Duration) error { return ctx.Err() }}
	ctx := context.Background()
	sim, _, _ := s.Demo()
	y, m, ok := sim.IMSPeriod()
	if !ok {
		t.Skip("no IMS period")
	}
	p := fmt.Sprintf("%04d-%02d", y, m)
	res, err := s.Returns.PullGSTR2B(ctx, []string{p}, false, nil)
	if err != nil || res[0].Status != "pulled" {
		t.Fatalf("pull = %+v, %v", res, err)
	}
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
	tw, err := s.ReconAgainst2B(ctx, path, p, p)
	if err != nil {
		t.Fatal(err)
	}
	if tw.NoGSTR2B != nil {
		t.Errorf("no 2B for %v, though it is stored", tw.NoGSTR2B)
	}
	// A month without a 2B in the range is named, not left to read as "missing in 2B" unsaid.
	pm, _ := period.ParseMonth(p)
	next := pm.Next().String()
	if wide, err := s.ReconAgainst2B(ctx, path, p, next); err != nil || len(wide.NoGSTR2B) != 1 || wide.NoGSTR2B[0] != next {
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
	lines, err := s.ApplyRecommendations(ctx, path, p, p, true)
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
	lines, err = s.ApplyRecommendations(ctx, path, p, p, false)
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
	lines, _ = s.ApplyRecommendations(ctx, path, p, p, false)
	for _, l := range lines {
		if l.Result == ims.ResultApplied {
			t.Errorf("applied twice: %+v", l)
		}
	}
}
