package reconcile

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/gstr2b"
	"gstdesk/backend/gstr3b"
	"gstdesk/backend/money"
	"gstdesk/backend/period/periodtest"
)

// lineNumbers lists the document numbers on a worksheet's line of a kind.
func lineNumbers(sheet Table4Sheet, kind string) []string {
	var out []string
	if l := sheet.Line(kind); l != nil {
		for _, d := range l.Docs {
			out = append(out, d.Number)
		}
	}
	return out
}

func has(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestTable4FromTheStoredMonth builds the worksheet of the demo's IMS month from its GSTR-2B and
// a saved run against it, moves documents between claim and hold, marks one blocked, and checks
// that every figure is the proposal plus the bridge.
func TestTable4FromTheStoredMonth(t *testing.T) {
	s, p, res := imsMonth2B(t)
	ctx := context.Background()
	page, _ := s.Returns.GSTR2BDocuments(ctx, res[0].SnapshotID, gstr2b.DocQuery{Section: "b2b", ITC: "Y", Limit: 8})
	docs := page.Rows
	if len(docs) < 5 {
		t.Fatalf("the demo 2B has %d b2b documents with credit", len(docs))
	}
	// Books: 0 as in 2B, 1 left out (not booked), 2 with ₹500 more taxable value (mismatch), the
	// rest as in 2B; plus an invoice no 2B has.
	path := registerFrom(t, docs, func(i int, cols []string) []string {
		switch i {
		case 1:
			return nil
		case 2:
			tx, _ := money.Parse(cols[7])
			cols[7] = (tx + 50000).Decimal()
		}
		return cols
	})
	extra := docs[0]
	extra.Number = "BOOKS-ONLY-1"
	b, _ := os.ReadFile(path)
	os.WriteFile(path, append(b, []byte(strings.Join([]string{extra.Supplier, "S", extra.Number, extra.Date, extra.POS, "N", "118", "100", "18", "0", "0", "0", "invoice"}, ",")+"\n")...), 0o600)
	if _, err := s.Against2B(ctx, path, periodtest.Month(p), periodtest.Month(p)); err != nil {
		t.Fatal(err)
	}

	sheet, err := s.Table4(ctx, periodtest.Month(p))
	if err != nil {
		t.Fatal(err)
	}
	if msg := sheet.CheckBridge(); msg != "" {
		t.Fatal(msg)
	}
	if sheet.RunID == "" || sheet.Snapshot != res[0].SnapshotID {
		t.Errorf("built from run %q snapshot %q", sheet.RunID, sheet.Snapshot)
	}
	if !has(lineNumbers(sheet, gstr3b.LineNotBooked), docs[1].Number) || !has(lineNumbers(sheet, gstr3b.LineHeld), docs[2].Number) ||
		!has(lineNumbers(sheet, gstr3b.LineBooksNotIn2B), "BOOKS-ONLY-1") {
		t.Errorf("lines: not booked %v, held %v, books only %v", lineNumbers(sheet, gstr3b.LineNotBooked), lineNumbers(sheet, gstr3b.LineHeld),
			lineNumbers(sheet, gstr3b.LineBooksNotIn2B))
	}

	// A person claims the unbooked one now and holds the first; the third is blocked.
	for _, req := range []ClaimRequest{{Supplier: docs[1].Supplier, Number: docs[1].Number, State: "claim", Period: p},
		{Supplier: docs[0].Supplier, Number: docs[0].Number, State: "hold", Period: p, Reason: "awaiting delivery"}} {
		r, err := s.SetClaim(ctx, req)
		if err != nil || r.Changed == 0 {
			t.Fatalf("%+v: %+v %v", req, r, err)
		}
	}
	if err := s.MarkBlocked(ctx, docs[3].Supplier, "invoice", docs[3].Number, "motor car", true); err != nil {
		t.Fatal(err)
	}
	sheet, err = s.Table4(ctx, periodtest.Month(p))
	if err != nil {
		t.Fatal(err)
	}
	if msg := sheet.CheckBridge(); msg != "" {
		t.Fatal(msg)
	}
	if has(lineNumbers(sheet, gstr3b.LineNotBooked), docs[1].Number) || !has(lineNumbers(sheet, gstr3b.LineHeldByPerson), docs[0].Number) ||
		!has(lineNumbers(sheet, gstr3b.LineBlocked), docs[3].Number) {
		t.Errorf("after the decisions: not booked %v, held by person %v, blocked %v", lineNumbers(sheet, gstr3b.LineNotBooked),
			lineNumbers(sheet, gstr3b.LineHeldByPerson), lineNumbers(sheet, gstr3b.LineBlocked))
	}
	log, _ := s.ClaimLog(ctx, docs[0].Supplier, docs[0].Number)
	if len(log) != 2 || log[0].State != gstr3b.StateHold || log[0].ID.Face != gstr3b.Face2B || log[1].ID.Face != gstr3b.FaceBooks {
		t.Errorf("log %+v: want the 2B's and the books' faces held", log)
	}

	// Claimed next month: reclaimed there, from the credit reversal statement.
	next := prevMonths(p, -1)
	if _, err := s.SetClaim(ctx, ClaimRequest{Supplier: docs[0].Supplier, Number: docs[0].Number, State: "claim", Period: next}); err != nil {
		t.Fatal(err)
	}
	if err := s.SetLedgerOpening(ctx, LedgerOpening{Ledger: "ecrs", Period: p}); err != nil {
		t.Fatal(err)
	}
	ns, err := s.Table4(ctx, periodtest.Month(next))
	if err != nil {
		t.Fatal(err)
	}
	if !has(lineNumbers(ns, gstr3b.LineReclaimed), docs[0].Number) || ns.Row(gstr3b.R4D1).Figure != docs0Tax(docs[0]) || len(ns.Warnings) != 0 {
		t.Errorf("next month: reclaimed %v, 4D1 %+v, warnings %+v", lineNumbers(ns, gstr3b.LineReclaimed), ns.Row(gstr3b.R4D1).Figure, ns.Warnings)
	}
	// An opening as of next month with nothing in it: the reclaim is above the balance.
	if err := s.SetLedgerOpening(ctx, LedgerOpening{Ledger: "ecrs", Period: next}); apperr.KindOf(err) != apperr.Conflict {
		t.Errorf("second opening: %v", err)
	}
	if err := s.SetLedgerOpening(ctx, LedgerOpening{Ledger: "ecrs", Period: next, Replace: true}); err != nil {
		t.Fatal(err)
	}
	ns, _ = s.Table4(ctx, periodtest.Month(next))
	if len(ns.Warnings) != 1 || ns.Warnings[0].Kind != gstr3b.WarnReclaimAboveBalance || len(ns.Warnings[0].Docs) != 1 {
		t.Errorf("warnings %+v", ns.Warnings)
	}

	// Recording the month stores each document's claim period once; the annual return reads them.
	n, err := s.RecordTable4(ctx, periodtest.Month(p))
	if err != nil || n == 0 {
		t.Fatalf("record: %d %v", n, err)
	}
	if n, _ := s.RecordTable4(ctx, periodtest.Month(p)); n != 0 {
		t.Errorf("recorded again: %d changed", n)
	}
	m, _ := checkMonth(p)
	fy := fyOf(m)
	g, err := s.GSTR9(ctx, periodtest.FY(fy))
	if err != nil {
		t.Fatal(err)
	}
	if g.Table(gstr3b.T8A).Count == 0 || g.Table(gstr3b.T6A).Tax.Total() == 0 {
		t.Errorf("8A %+v 6A %+v", g.Table(gstr3b.T8A), g.Table(gstr3b.T6A))
	}
	for _, f := range []string{"xlsx", "json"} {
		path, err := s.Table4Export(ctx, periodtest.Month(p), f)
		if err != nil || !strings.HasSuffix(path, "."+f) {
			t.Errorf("export %s: %q %v", f, path, err)
		}
		if path, err = s.GSTR9Export(ctx, periodtest.FY(fy), f); err != nil || !strings.HasSuffix(path, "."+f) {
			t.Errorf("GSTR-9 export %s: %q %v", f, path, err)
		}
	}
	if _, err := s.Table4Export(ctx, periodtest.Month(p), "csv"); apperr.KindOf(err) != apperr.Invalid {
		t.Errorf("csv: %v", err)
	}
}

func docs0Tax(d gstr2b.DocumentRow) gstr3b.Heads {
	return gstr3b.HeadsOf(d.IGST, d.CGST, d.SGST, d.Cess)
}

func fyOf(p string) string {
	m, _ := checkMonth(p)
	mm, _ := periodMonth(m)
	return mm.FY().String()
}

func TestSetClaimRefuses(t *testing.T) {
	s, p, res := imsMonth2B(t)
	ctx := context.Background()
	page, _ := s.Returns.GSTR2BDocuments(ctx, res[0].SnapshotID, gstr2b.DocQuery{Section: "b2b", Limit: 1})
	d := page.Rows[0]
	tests := []struct {
		name string
		req  ClaimRequest
		kind apperr.Kind
	}{
		{"unknown document", ClaimRequest{Supplier: d.Supplier, Number: "NO-SUCH-9", State: "claim", Period: p}, apperr.NotFound},
		{"before its 2B", ClaimRequest{Supplier: d.Supplier, Number: d.Number, State: "claim", Period: prevMonths(p, 1)}, apperr.Invalid},
		{"not a month", ClaimRequest{Supplier: d.Supplier, Number: d.Number, State: "claim", Period: "Oct"}, apperr.Invalid},
		{"neither claim nor hold", ClaimRequest{Supplier: d.Supplier, Number: d.Number, State: "maybe", Period: p}, apperr.Invalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := s.SetClaim(ctx, tt.req); apperr.KindOf(err) != tt.kind {
				t.Errorf("err %v, want kind %s", err, tt.kind)
			}
		})
	}
}

// TestTable4Rule37 checks that an invoice unpaid 180 days is reversed in the month the calendar
// names, and one paid after the 180 days is reclaimed in the month of the payment, each with its
// tax by head from the register.
func TestTable4Rule37(t *testing.T) {
	s, p, res := imsMonth2B(t)
	ctx := context.Background()
	page, _ := s.Returns.GSTR2BDocuments(ctx, res[0].SnapshotID, gstr2b.DocQuery{Section: "b2b", ITC: "Y", Limit: 3})
	m, _ := periodMonth(p)
	var b strings.Builder
	b.WriteString("supplier_gstin,supplier_name,invoice_number,invoice_date,place_of_supply,reverse_charge,invoice_value,taxable_value,igst,cgst,sgst,cess,document_type,payment_date\n")
	for _, d := range page.Rows {
		b.WriteString(strings.Join([]string{d.Supplier, "S", d.Number, d.Date, d.POS, d.ReverseCharge, d.Value.Decimal(), d.Taxable.Decimal(), d.IGST.Decimal(),
			d.CGST.Decimal(), d.SGST.Decimal(), d.Cess.Decimal(), "invoice", d.Date}, ",") + "\n")
	}
	sup := page.Rows[0].Supplier
	// Unpaid: dated so that its 181st day falls in p. Paid late: paid in p, after its 180 days.
	unpaid := time.Date(m.Year, m.Month, 10, 0, 0, 0, 0, time.UTC).AddDate(0, 0, -181)
	paidLate := time.Date(m.Year, m.Month, 5, 0, 0, 0, 0, time.UTC)
	dated := paidLate.AddDate(0, 0, -200)
	fmt.Fprintf(&b, "%s,S,OLD-UNPAID-1,%s,24,N,1180,1000,0,90,90,0,invoice,\n", sup, unpaid.Format("02-01-2006"))
	fmt.Fprintf(&b, "%s,S,OLD-PAID-2,%s,24,N,590,500,0,45,45,0,invoice,%s\n", sup, dated.Format("02-01-2006"), paidLate.Format("02-01-2006"))
	path := filepath.Join(t.TempDir(), "purchases.csv")
	os.WriteFile(path, []byte(b.String()), 0o600)
	if _, err := s.Against2B(ctx, path, periodtest.Month(p), periodtest.Month(p)); err != nil {
		t.Fatal(err)
	}
	sheet, err := s.Table4(ctx, periodtest.Month(p))
	if err != nil {
		t.Fatal(err)
	}
	if msg := sheet.CheckBridge(); msg != "" {
		t.Fatal(msg)
	}
	l := sheet.Line(gstr3b.LineRule37)
	if l == nil || !has(lineNumbers(sheet, gstr3b.LineRule37), "OLD-UNPAID-1") || l.Tax != gstr3b.HeadsOf(0, 9000, 9000, 0) {
		t.Errorf("Rule 37 line %+v", l)
	}
	r := sheet.Line(gstr3b.LineReclaimed)
	if r == nil || !has(lineNumbers(sheet, gstr3b.LineReclaimed), "OLD-PAID-2") || sheet.Row(gstr3b.R4D1).Figure != gstr3b.HeadsOf(0, 4500, 4500, 0) {
		t.Errorf("reclaimed line %+v, 4D1 %+v", r, sheet.Row(gstr3b.R4D1).Figure)
	}
}
