package overview_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"gstdesk/backend/desk"
	"gstdesk/backend/desk/core/coretest"
	"gstdesk/backend/desk/overview"
	"gstdesk/backend/desk/reconcile"
	"gstdesk/backend/desk/returns"
	"gstdesk/backend/gstapi/gstapitest"
	"gstdesk/backend/gstr2b"
	"gstdesk/backend/gstr3b"
	"gstdesk/backend/ims"
	"gstdesk/backend/period/periodtest"
)

// TestThisWeek reads the week of the demo workspace with its IMS month's GSTR-2B and IMS list:
// the GSTR-3B due next carries the claim of its Table 4 worksheet (the same figure as the
// worksheet's 4(C)), the IMS backlog counts what IMS holds, and the list is in date order with
// what is overdue first.
func TestThisWeek(t *testing.T) {
	c, _ := coretest.Open(t, nil)
	dk := desk.New(c)
	ctx := context.Background()
	w, err := dk.Overview.ThisWeek(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(w.Due) == 0 || w.Due[0].Kind != overview.DueGSTR3B && !w.Due[0].Overdue || w.IMS.NoAction+w.IMS.Pending != 0 {
		t.Fatalf("empty workspace's week = %+v", w)
	}
	if err := dk.Returns.RequestOTP(ctx, "demo", ""); err != nil {
		t.Fatal(err)
	}
	if _, err := dk.Returns.VerifyOTP(ctx, "demo", "", gstapitest.DefaultOTP); err != nil {
		t.Fatal(err)
	}
	dk.Returns.Poll = returns.PollConfig{Sleep: func(ctx context.Context, d time.Duration) error { return ctx.Err() }}
	sim, _, _ := dk.Core.Demo()
	y, m, _ := sim.IMSPeriod()
	p := fmt.Sprintf("%04d-%02d", y, m)
	res, err := dk.Returns.PullGSTR2B(ctx, periodtest.Months(p), false, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := dk.Returns.IMSList(ctx, "", ""); err != nil {
		t.Fatal(err)
	}
	if w, err = dk.Overview.ThisWeek(ctx); err != nil {
		t.Fatal(err)
	}
	if w.Claim == nil {
		t.Fatal("no claim")
	}
	sheet, err := dk.Recon.Table4(ctx, periodtest.Month(w.Claim.Period))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := w.Claim.NetITC, sheet.Row(gstr3b.R4C).Figure; got != want {
		t.Errorf("claim of %s = %+v, worksheet's 4(C) %+v", w.Claim.Period, got, want)
	}
	if w.Claim.Period == p && (!w.Claim.Have2B || w.Claim.NetITC.Total() == 0) {
		t.Errorf("claim of the 2B's month = %+v", w.Claim)
	}
	stored, _ := ims.Stored(ctx, c.DB.DB, c.Workspace().ID, "", "")
	var n, pend int
	for _, r := range stored {
		switch r.Action {
		case "N", "":
			n++
		case "P":
			pend++
		}
	}
	if n == 0 || w.IMS.NoAction != n || w.IMS.Pending != pend || w.IMS.NoActionTax <= 0 {
		t.Errorf("IMS backlog = %+v, stored %d no action, %d pending", w.IMS, n, pend)
	}
	for i := 1; i < len(w.Due); i++ {
		a, b := w.Due[i-1], w.Due[i]
		if a.Overdue == b.Overdue && a.Due > b.Due || !a.Overdue && b.Overdue {
			t.Errorf("out of order: %+v before %+v", a, b)
		}
	}
	// A change to the month's claim shows at once (the kept week is read again after a write).
	page, err := dk.Returns.GSTR2BDocuments(ctx, res[0].SnapshotID, gstr2b.DocQuery{Section: "b2b", ITC: "Y", Limit: 1})
	if err != nil || len(page.Rows) == 0 || w.Claim.Period != p {
		t.Fatalf("a 2B document of %s (claim of %s): %v", p, w.Claim.Period, err)
	}
	d := page.Rows[0]
	if _, err := dk.Recon.SetClaim(ctx, reconcile.ClaimRequest{Supplier: d.Supplier, Number: d.Number, State: "hold", Period: p}); err != nil {
		t.Fatal(err)
	}
	again, err := dk.Overview.ThisWeek(ctx)
	if err != nil {
		t.Fatal(err)
	}
	sheet2, _ := dk.Recon.Table4(ctx, periodtest.Month(p))
	if got, want := again.Claim.NetITC, sheet2.Row(gstr3b.R4C).Figure; got != want || got == w.Claim.NetITC {
		t.Errorf("after holding %s: week's 4(C) %+v, worksheet's %+v, before %+v", d.Number, got, want, w.Claim.NetITC)
	}
	for _, d := range w.Due {
		if d.Area == "" || d.What == "" || len(d.Due) != 10 {
			t.Errorf("due item %+v", d)
		}
	}
}
