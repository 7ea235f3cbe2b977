package reconcile

import (
	"context"
	"fmt"
	"testing"

	"gstdesk/backend/desk/returns"
	"gstdesk/backend/gstr2b"
	"gstdesk/backend/ims"
	"gstdesk/backend/period"
	"gstdesk/backend/period/periodtest"
	"gstdesk/backend/recon"
)

// One supplier's number in two return periods, both open in IMS (the earlier one kept pending):
// two documents. Each three-way row links to the IMS record of its own period, each gets its own
// action, and applying sends each to its own document with its own prev_status and amounts.
func TestOneNumberInTwoReturnPeriods(t *testing.T) {
	s, p, res := imsMonth2B(t)
	ctx := context.Background()
	sim, _, _ := s.core.Demo()
	gstin := s.core.Workspace().GSTIN
	cur, _ := period.ParseMonth(p)
	prev := period.MonthOf(cur.Year, cur.Month-1)
	if cur.Month == 1 {
		prev = period.MonthOf(cur.Year-1, 12)
	}
	// Y: a document of the IMS month; X: one of the month before from the same supplier, which
	// the supplier numbered as Y (its numbering started again), kept pending on the portal.
	page, _ := s.Returns.GSTR2BDocuments(ctx, res[0].SnapshotID, gstr2b.DocQuery{Section: "b2b", Limit: -1})
	before, err := s.Returns.PullGSTR2B(ctx, periodtest.Months(prev.String()), false, nil)
	if err != nil || before[0].Status != "pulled" {
		t.Fatalf("pull %s = %+v, %v", prev, before, err)
	}
	earlier, _ := s.Returns.GSTR2BDocuments(ctx, before[0].SnapshotID, gstr2b.DocQuery{Section: "b2b", Limit: -1})
	var x, y gstr2b.DocumentRow
	for _, a := range earlier.Rows {
		for _, b := range page.Rows {
			if a.Supplier == b.Supplier && x.Number == "" && a.SupplierPeriod == prev.RetPeriod() && b.SupplierPeriod == cur.RetPeriod() {
				x, y = a, b
			}
		}
	}
	if x.Number == "" {
		t.Fatal("no supplier with documents in both months")
	}
	sim.RenumberDocument(gstin, prev.RetPeriod(), x.Supplier, x.Number, y.Number)
	sim.SetIMSActionIn(gstin, prev.RetPeriod(), "b2b", x.Supplier, y.Number, ims.Pending)
	again, err := s.Returns.PullGSTR2B(ctx, periodtest.Months(prev.String()), false, nil)
	if err != nil {
		t.Fatal(err)
	}
	found, _ := s.Returns.GSTR2BDocuments(ctx, again[0].SnapshotID, gstr2b.DocQuery{Section: "b2b", Search: y.Number})
	if found.Total != 1 {
		t.Fatalf("renumbered document in the 2B of %s: %+v", prev, found.Rows)
	}
	x = found.Rows[0]
	recs, err := s.Returns.IMSList(ctx, "b2b", "")
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]string{}
	for _, r := range recs {
		if r.STIN == y.Supplier && r.Number == y.Number {
			listed[r.RtnPrd] = r.Action
		}
	}
	if len(listed) != 2 || listed[prev.RetPeriod()] != ims.Pending || listed[cur.RetPeriod()] != ims.NoAction {
		t.Fatalf("IMS lists %v for %s of %s", listed, y.Number, y.Supplier)
	}

	path := registerFrom(t, []gstr2b.DocumentRow{x, y}, func(i int, cols []string) []string { return cols })
	tw, err := s.Against2B(ctx, path, periodtest.Month(prev.String()), periodtest.Month(cur.String()))
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]ThreeWayRow{} // by IMS period
	for _, r := range tw.Rows {
		if r.GSTR2A != nil && r.GSTR2A.Number == y.Number {
			rows[r.IMSPeriod] = r
		}
	}
	rx, ry := rows[prev.RetPeriod()], rows[cur.RetPeriod()]
	if len(rows) != 2 || !rx.InIMS || !ry.InIMS || rx.IMSStatus != ims.Pending || ry.IMSStatus != ims.NoAction {
		t.Fatalf("rows of %s: %+v", y.Number, rows)
	}
	if rx.Recommended.Action != ims.Accepted || ry.Recommended.Action != ims.Accepted {
		t.Fatalf("recommended %q and %q, want accept for both", rx.Recommended.Action, ry.Recommended.Action)
	}
	// Each its own action: the earlier one accepted as recommended, this month's rejected.
	if err := s.SetThreeWayAction(ctx, tw.RunID, ry.Key, "reject"); err != nil {
		t.Fatal(err)
	}
	applied, err := s.ApplyThreeWay(ctx, "", period.Month{}, period.Month{}, tw.RunID, false)
	if err != nil {
		t.Fatal(err)
	}
	lines := map[string]ApplyLine{}
	for _, l := range applied.Lines {
		if l.Document == y.Number {
			lines[l.Period] = l
		}
	}
	if l := lines[prev.RetPeriod()]; l.Action != "accept" || l.From != ims.Pending || l.Result != ims.ResultApplied {
		t.Errorf("line of %s = %+v", prev, l)
	}
	if l := lines[cur.RetPeriod()]; l.Action != "reject" || l.From != ims.NoAction || l.Result != ims.ResultApplied {
		t.Errorf("line of %s = %+v", cur, l)
	}
	// The portal and the kept list say the same: each document has its own action.
	for _, r := range mustList(t, s) {
		if r.STIN == y.Supplier && r.Number == y.Number {
			listed[r.RtnPrd] = r.Action
		}
	}
	if listed[prev.RetPeriod()] != ims.Accepted || listed[cur.RetPeriod()] != ims.Rejected {
		t.Errorf("IMS now lists %v", listed)
	}
	kept, _ := s.Returns.IMSStored(ctx, "b2b", "")
	for _, r := range kept {
		if r.STIN == y.Supplier && r.Number == y.Number {
			want := map[string]string{prev.RetPeriod(): ims.Accepted, cur.RetPeriod(): ims.Rejected}[r.RtnPrd]
			if r.Action != want {
				t.Errorf("kept %s of %s = %s, want %s", r.Number, r.RtnPrd, r.Action, want)
			}
		}
	}
	log, _ := s.Returns.IMSLog(ctx)
	prevs, periods := map[string]string{}, map[string]string{}
	for _, e := range log {
		if e.Number == y.Number {
			prevs[e.Action] = e.PrevStatus
			periods[e.Action] = e.RtnPrd
		}
	}
	if prevs[ims.Accepted] != ims.Pending || prevs[ims.Rejected] != ims.NoAction {
		t.Errorf("sent with prev_status %v", prevs)
	}
	// The log tells the two documents apart by their return period.
	if periods[ims.Accepted] != prev.RetPeriod() || periods[ims.Rejected] != cur.RetPeriod() {
		t.Errorf("logged with return periods %v, want accept %s and reject %s", periods, prev.RetPeriod(), cur.RetPeriod())
	}
	// Without saying the period, one document of a number listed in two periods is not guessed.
	one, err := s.Returns.IMSSet(ctx, y.Supplier, y.Number, "pending", "")
	if err != nil || one.Refused != 1 || one.Applied != 0 {
		t.Errorf("set without a period = %+v, %v", one, err)
	}
	one, err = s.Returns.IMSApply(ctx, []returns.IMSChangeRequest{{STIN: y.Supplier, Number: y.Number, Period: fmt.Sprintf("%02d%04d", cur.Month, cur.Year), Action: "reset"}})
	if err != nil || one.Applied != 1 || one.Results[0].Period != cur.RetPeriod() || one.Results[0].From != ims.Rejected {
		t.Errorf("reset of the %s one = %+v, %v", cur, one, err)
	}
}

func mustList(t *testing.T, s *Service) []ims.Record {
	t.Helper()
	recs, err := s.Returns.IMSList(context.Background(), "b2b", "")
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// A register row repeating another (DuplicateInBooks) is not a document of its own: it is neither
// awaited from the supplier nor counted with the documents awaiting it; the row it repeats is.
func TestDuplicateBooksRowIsNotAwaited(t *testing.T) {
	s, p, res := imsMonth2B(t)
	ctx := context.Background()
	page, _ := s.Returns.GSTR2BDocuments(ctx, res[0].SnapshotID, gstr2b.DocQuery{Section: "b2b", Limit: 1})
	if len(page.Rows) == 0 {
		t.Fatal("no 2B document")
	}
	d := page.Rows[0]
	path := registerFrom(t, []gstr2b.DocumentRow{d, d, d}, func(i int, cols []string) []string {
		if i > 0 {
			cols[2] = "WAIT/1" // not in 2B; row 3 repeats row 2
		}
		return cols
	})
	tw, err := s.Against2B(ctx, path, periodtest.Month(p), periodtest.Month(p))
	if err != nil {
		t.Fatal(err)
	}
	var awaited, dups int
	for _, r := range tw.Rows {
		if r.Books == nil || r.Books.Number != "WAIT/1" {
			continue
		}
		switch r.Status {
		case recon.DuplicateInBooks:
			dups++
			if r.Timing != "" {
				t.Errorf("the duplicate row has timing %q (%s)", r.Timing, r.TimingNote)
			}
		default:
			if r.Timing == TimingAwaiting {
				awaited++
			}
		}
	}
	if dups != 1 || awaited != 1 || tw.Calendar.Awaiting != 1 {
		t.Errorf("duplicates %d, awaited rows %d, calendar awaiting %d; want 1, 1, 1", dups, awaited, tw.Calendar.Awaiting)
	}
}
