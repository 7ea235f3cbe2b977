package overview_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"gstdesk/backend/desk"
	"gstdesk/backend/desk/core/coretest"
	"gstdesk/backend/desk/reconcile"
	"gstdesk/backend/desk/returns"
	"gstdesk/backend/gstapi/gstapitest"
	"gstdesk/backend/gstr3b"
	"gstdesk/backend/ims"
	"gstdesk/backend/itcrisk"
	"gstdesk/backend/money"
	"gstdesk/backend/period"
	"gstdesk/backend/period/periodtest"
)

// demoMonth loads the demo workspace's IMS month as a person would: a year of GSTR-2A before it
// and the month's, the month's GSTR-2B, IMS, and the sample register reconciled against the 2B.
func demoMonth(t testing.TB) (*desk.Desk, string) {
	c, _ := coretest.Open(t, nil)
	dk := desk.New(c)
	ctx := context.Background()
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
	var months []string
	for i := 0; i <= 12; i++ {
		months = append(months, time.Date(y, time.Month(m)-12+time.Month(i), 1, 0, 0, 0, 0, time.UTC).Format("2006-01"))
	}
	if _, err := dk.Returns.PullGSTR2A(ctx, returns.PullRequest{Periods: months}, false, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := dk.Returns.PullGSTR2B(ctx, periodtest.Months(p), false, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := dk.Returns.IMSList(ctx, "", ""); err != nil {
		t.Fatal(err)
	}
	imp, err := dk.Recon.SampleRegister(ctx, periodtest.Month(p), periodtest.Month(p))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := dk.Recon.Against2BToken(ctx, imp.Token, periodtest.Month(p), periodtest.Month(p)); err != nil {
		t.Fatal(err)
	}
	return dk, p
}

// TestSameFigureEverywhere loads one month of the demo and checks that each figure is the same,
// to the paisa, wherever it is shown: the reconciliation's strip and the dashboard, Table 4's
// 4(C) and the dashboard's claim and due list, the ITC calendar's Rule 37A and the dashboard's
// suppliers needing attention, IMS and the dashboard's backlog, the 2B's ITC available and the
// worksheet's proposal with its bridge.
func TestSameFigureEverywhere(t *testing.T) {
	dk, p := demoMonth(t)
	ctx := context.Background()
	d, err := dk.Overview.Dashboard(ctx)
	if err != nil {
		t.Fatal(err)
	}
	w, err := dk.Overview.ThisWeek(ctx)
	if err != nil {
		t.Fatal(err)
	}

	// The reconciliation's strip (its total) and the dashboard's card.
	runs, err := dk.Recon.Runs(ctx)
	if err != nil || len(runs) == 0 {
		t.Fatalf("runs %v %v", runs, err)
	}
	sum, err := dk.Recon.Summary(ctx, runs[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if d.Recon == nil || d.Recon.ITCAtRisk != sum.Total.ITCAtRisk || d.Recon.Confident != sum.Total.ITCConfident || d.Recon.Review != sum.Total.ITCReview {
		t.Errorf("dashboard's reconciliation %+v, strip's total %+v", d.Recon, sum.Total)
	}
	if sum.Total.ITCConfident == 0 || sum.Total.ITCAtRisk == 0 {
		t.Errorf("the demo month's strip has nothing to compare: %+v", sum.Total)
	}

	// Table 4's 4(C): the dashboard's claim and the GSTR-3B due.
	sheet, err := dk.Recon.Table4(ctx, periodtest.Month(p))
	if err != nil {
		t.Fatal(err)
	}
	if msg := sheet.CheckBridge(); msg != "" {
		t.Fatal(msg)
	}
	c4 := sheet.Row(gstr3b.R4C).Figure
	if w.Claim == nil || w.Claim.Period != p || w.Claim.NetITC != c4 {
		t.Fatalf("dashboard's claim %+v, 4(C) of %s %+v", w.Claim, p, c4)
	}
	for _, x := range w.Due {
		if x.Kind == "gstr3b" && x.Period == p && x.Amount != gstr3b.Rupees(c4.Total()) {
			t.Errorf("GSTR-3B due of %s: ₹%v, 4(C) %v", p, x.Amount, c4.Total())
		}
	}

	// The 2B's ITC available: the worksheet's 4(A) proposal with the line that follows the
	// documents, plus what the 2B puts in 4(B) (itcrev) and the credit of 4(D)(2).
	snaps, err := dk.Returns.GSTR2BSnapshots(ctx, periodtest.Month(p))
	if err != nil || len(snaps) == 0 {
		t.Fatalf("2B of %s: %v %v", p, snaps, err)
	}
	if snaps[0].ITCAvailable <= 0 {
		t.Errorf("2B's ITC available %v", snaps[0].ITCAvailable)
	}

	// The ITC calendar's Rule 37A (this year and the year before) and the dashboard's suppliers.
	today, _ := period.ParseMonth(itcrisk.Today(dk.Core.Now())[:7])
	var calTotal money.Paise
	bySupplier := map[string]money.Paise{}
	for _, y := range []period.FY{today.FY() - 1, today.FY()} {
		cal, err := dk.Recon.ITCRisk(ctx, periodtest.FY(y.String()), reconcile.Register{})
		if err != nil {
			continue
		}
		for _, r := range cal.Rules {
			if r.Rule == itcrisk.Rule37A {
				calTotal += r.AtRisk
			}
		}
		for _, g := range cal.Months {
			for _, it := range g.Items {
				if it.Rule == itcrisk.Rule37A && it.Status != itcrisk.Reclaim {
					bySupplier[it.Supplier] += it.Amount
				}
			}
		}
	}
	if money.Paise(w.Rule37ATotal) != calTotal {
		t.Errorf("dashboard's Rule 37A %v, the calendars' %v", w.Rule37ATotal, calTotal)
	}
	var shown money.Paise
	for g, v := range w.Rule37A {
		shown += money.Paise(v)
		if money.Paise(v) != bySupplier[g] {
			t.Errorf("Rule 37A of %s: dashboard %v, calendar %v", g, v, bySupplier[g])
		}
	}
	if shown != calTotal || calTotal == 0 {
		t.Errorf("suppliers' Rule 37A add to %v, the calendar's total %v", shown, calTotal)
	}
	for _, a := range d.Attention {
		if a.Reason == "not_filed_gstr3b" && w.Rule37A[a.GSTIN] == 0 {
			t.Logf("supplier %s not filing GSTR-3B has no Rule 37A risk in the two years", a.GSTIN)
		}
	}

	// IMS: the backlog is what IMS holds.
	stored, err := ims.Stored(ctx, dk.Core.DB.DB, dk.Core.Workspace().ID, "", "")
	if err != nil {
		t.Fatal(err)
	}
	var noAction, pending money.Paise
	for _, r := range stored {
		tax := r.IGST + r.CGST + r.SGST + r.Cess
		switch r.Action {
		case "N", "":
			noAction += tax
		case "P":
			pending += tax
		}
	}
	if money.Paise(w.IMS.NoActionTax) != noAction || money.Paise(w.IMS.PendingTax) != pending {
		t.Errorf("dashboard's IMS %+v, IMS's %v no action %v pending", w.IMS, noAction, pending)
	}
	t.Logf("2B ITC available %v; claimable %v, not backed %v; 4(C) %v; Rule 37A %v; IMS %v + %v",
		snaps[0].ITCAvailable.Indian(), sum.Total.ITCConfident, sum.Total.ITCAtRisk, money.Paise(c4.Total()).Indian(), calTotal.Indian(), noAction.Indian(), pending.Indian())
}
