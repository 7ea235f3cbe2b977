package returns

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/gstapi"
	"gstdesk/backend/gstapi/gstapitest"
	"gstdesk/backend/gstr2b"
	"gstdesk/backend/ims"
	"gstdesk/backend/period/periodtest"
)

// imsService is a signed-in service whose polls sleep no real time: the waits are recorded.
func imsService(t *testing.T) (*Service, *gstapitest.Server, *[]time.Duration) {
	t.Helper()
	s := openService(t)
	signIn(t, s)
	var slept []time.Duration
	s.Poll = PollConfig{Sleep: func(ctx context.Context, d time.Duration) error { slept = append(slept, d); return ctx.Err() }, Budget: time.Minute}
	sim, _, _ := s.core.Demo()
	return s, sim, &slept
}

func pick(t *testing.T, recs []ims.Record, ok func(ims.Record) bool) ims.Record {
	t.Helper()
	for _, r := range recs {
		if ok(r) {
			return r
		}
	}
	t.Fatal("no IMS record fits")
	return ims.Record{}
}

func TestIMSActionsRegenerateAndPull(t *testing.T) {
	s, sim, slept := imsService(t)
	ctx := context.Background()
	y, m, ok := sim.IMSPeriod()
	if !ok {
		t.Skip("the simulator's IMS period is before October 2024")
	}
	p := fmt.Sprintf("%04d-%02d", y, m)
	cnt, err := s.IMSCount(ctx)
	if err != nil || cnt.Total == 0 || cnt.Sections["b2b"].NoAction == 0 {
		t.Fatalf("count = %+v, %v", cnt, err)
	}
	recs, err := s.IMSList(ctx, "", "")
	if err != nil || len(recs) != cnt.Total {
		t.Fatalf("list = %d records, %v; count says %d", len(recs), err, cnt.Total)
	}
	free := func(r ims.Record) bool { return r.Section == "b2b" && r.Action == ims.NoAction && !r.PendingBlocked }
	acc := pick(t, recs, free)
	res, err := s.IMSSet(ctx, acc.STIN, acc.Number, "accept", "matched")
	if err != nil || res.Applied != 1 || res.Results[0].Result != ims.ResultApplied || res.Results[0].From != "N" {
		t.Fatalf("accept = %+v, %v", res, err)
	}
	if len(*slept) == 0 {
		t.Error("the save finished without a single poll in progress; the simulator answers IP first")
	}
	rej := pick(t, recs, func(r ims.Record) bool { return free(r) && r.Number != acc.Number })
	pen := pick(t, recs, func(r ims.Record) bool { return free(r) && r.Number != acc.Number && r.Number != rej.Number })
	res, err = s.IMSApply(ctx, []IMSChangeRequest{
		{STIN: rej.STIN, Number: rej.Number, Action: "reject", Reason: "not ours"},
		{STIN: pen.STIN, Number: pen.Number, Action: "pending", Reason: "booked later"},
	})
	if err != nil || res.Applied != 2 {
		t.Fatalf("bulk = %+v, %v", res, err)
	}
	accepted, _ := s.IMSList(ctx, "b2b", "accepted")
	if len(accepted) != 1 || accepted[0].Number != acc.Number {
		t.Errorf("accepted = %+v", accepted)
	}
	log, _ := s.IMSLog(ctx)
	if len(log) != 3 || log[0].Who == "" || log[0].ReferenceID == "" || log[2].Result != ims.ResultApplied || log[2].Reason != "matched" {
		t.Errorf("log = %+v", log)
	}
	// Regenerate and pull: the rejected invoice is in docRejdata, the pending one held back.
	before, _ := s.PullGSTR2B(ctx, periodtest.Months(p), false, nil)
	reg, err := s.RegenerateGSTR2B(ctx, periodtest.Month(p))
	if err != nil || reg.ReferenceID == "" || reg.Pull.Status != "pulled" || reg.Pull.Rejected != 1 || reg.Pull.Documents != before[0].Documents-2 {
		t.Fatalf("regenerate = %+v, %v (before: %+v)", reg, err, before[0])
	}
	page, _ := s.GSTR2BDocuments(ctx, reg.Pull.SnapshotID, gstr2b.DocQuery{Rejected: "only"})
	if page.Total != 1 || page.Rows[0].Number != rej.Number || page.Rows[0].IMSStatus != "R" {
		t.Errorf("docRejdata = %+v", page.Rows)
	}
	page, _ = s.GSTR2BDocuments(ctx, reg.Pull.SnapshotID, gstr2b.DocQuery{Section: "b2b", Search: acc.Number})
	if page.Total != 1 || page.Rows[0].IMSStatus != "A" {
		t.Errorf("accepted in the new 2B = %+v", page.Rows)
	}
	d, err := s.GSTR2BDiff(ctx, periodtest.Month(p), "", "")
	if err != nil || len(d.Removed) != 1 || d.Removed[0].Number != pen.Number {
		t.Errorf("diff after regeneration: removed %+v, %v", d.Removed, err)
	}
	// Another period: IMS2B007 in words.
	other := time.Date(y, time.Month(m)-2, 1, 0, 0, 0, 0, time.UTC).Format("2006-01")
	if _, err := s.RegenerateGSTR2B(ctx, periodtest.Month(other)); err == nil || !strings.Contains(err.Error(), "IMS2B007") || !strings.Contains(apperr.Command.Public(err).Message, "GSTR-3B is already filed") {
		t.Errorf("regenerate another period: %v", err)
	}
}

func TestIMSRefusals(t *testing.T) {
	s, sim, slept := imsService(t)
	ctx := context.Background()
	if _, _, ok := sim.IMSPeriod(); !ok {
		t.Skip("no IMS period")
	}
	recs, err := s.IMSList(ctx, "b2b", "")
	if err != nil {
		t.Fatal(err)
	}
	save := "/gst/compliance/tax-payer/invoices/status/save"
	// Pending where the portal blocks it: refused here, nothing sent.
	blocked := pick(t, recs, func(r ims.Record) bool { return r.PendingBlocked && r.Action == ims.NoAction })
	sim.ResetCounts()
	res, err := s.IMSSet(ctx, blocked.STIN, blocked.Number, "pending", "")
	if err != nil || res.Refused != 1 || !strings.Contains(res.Results[0].Message, "blocks the pending action") || sim.Count(save) != 0 {
		t.Errorf("pending on a blocked document = %+v, %v, %d saves", res, err, sim.Count(save))
	}
	// A document IMS does not list.
	res, _ = s.IMSSet(ctx, blocked.STIN, "NO-SUCH-1", "accept", "")
	if res.Refused != 1 || !strings.Contains(res.Results[0].Message, "does not list") {
		t.Errorf("unknown document = %+v", res)
	}
	// A stale prev_status: someone acted on the portal after gstdesk listed it.
	doc := pick(t, recs, func(r ims.Record) bool { return r.Action == ims.NoAction && !r.PendingBlocked })
	y, m, _ := sim.IMSPeriod()
	_ = y + m
	sim.SetIMSAction("27AAPFU0939F1ZV", "b2b", doc.STIN, doc.Number, "R")
	out := s.sendIMS(ctx, mustClient(t, s), mustToken(t, s), "27AAPFU0939F1ZV", false, []ims.Change{{Record: doc, Action: ims.Accepted, Reason: "stale"}})
	if out[0].Result != ims.ResultRefused || out[0].ErrorCode != "IMSSAV0010" || !strings.Contains(out[0].Message, "supplier may have edited") {
		t.Errorf("stale prev_status = %+v", out[0])
	}
	// A supplier's edit: the amounts gstdesk listed no longer hold.
	edited := pick(t, recs, func(r ims.Record) bool {
		return r.Action == ims.NoAction && !r.PendingBlocked && r.Number != doc.Number
	})
	sim.EditIMSDocument("27AAPFU0939F1ZV", "b2b", edited.STIN, edited.Number)
	out = s.sendIMS(ctx, mustClient(t, s), mustToken(t, s), "27AAPFU0939F1ZV", false, []ims.Change{{Record: edited, Action: ims.Accepted}})
	if out[0].Result != ims.ResultRefused || out[0].ErrorCode != "IMSSAV0010" {
		t.Errorf("edited document = %+v", out[0])
	}
	// Through IMSApply the documents are read afresh, so the edited one is accepted as it now is.
	res, err = s.IMSSet(ctx, edited.STIN, edited.Number, "accept", "")
	if err != nil || res.Applied != 1 {
		t.Errorf("accept after re-reading = %+v, %v", res, err)
	}
	// A save that never leaves "in progress": a bounded wait, nothing recorded as applied.
	third := pick(t, recs, func(r ims.Record) bool {
		return r.Action == ims.NoAction && !r.PendingBlocked && r.Number != doc.Number && r.Number != edited.Number
	})
	sim.SetFaults(gstapitest.Faults{StuckJobs: true})
	*slept = nil
	res, err = s.IMSSet(ctx, third.STIN, third.Number, "accept", "")
	sim.SetFaults(gstapitest.Faults{})
	if err != nil || res.Unknown != 1 || res.Applied != 0 || !strings.Contains(res.Notice, "nothing is recorded as applied") {
		t.Fatalf("stuck save = %+v, %v", res, err)
	}
	var total time.Duration
	for _, d := range *slept {
		total += d
	}
	if total > time.Minute || len(*slept) < 3 {
		t.Errorf("waited %s in %d polls, want several polls within the 1 minute budget", total, len(*slept))
	}
	log, _ := s.IMSLog(ctx)
	if log[0].Result != ims.ResultUnknown || log[0].Number != third.Number {
		t.Errorf("log of the stuck save = %+v", log[0])
	}
	for _, e := range log {
		if e.Number == doc.Number && e.Result != ims.ResultRefused {
			t.Errorf("the stale action is logged %s", e.Result)
		}
	}
}

func mustClient(t *testing.T, s *Service) *gstapi.Client {
	t.Helper()
	c, err := s.core.Client(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func mustToken(t *testing.T, s *Service) string {
	t.Helper()
	sess, _, err := s.TaxpayerSession(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	return sess.Token
}

// IMS 2.0: accepting a credit note declares whether the credit is reduced (the service refuses
// the save without itcRedReq, IMSSAV0054). With no claim known, gstdesk declares the whole tax of
// the note reduced, says so in the reason, and the kept record carries what was sent.
func TestIMSAcceptCreditNoteDeclaresReduction(t *testing.T) {
	s, sim, _ := imsService(t)
	ctx := context.Background()
	y, m, ok := sim.IMSPeriod()
	if !ok || y*100+m < 202510 {
		t.Fatalf("the simulator's IMS period %d-%02d is before IMS 2.0 (October 2025)", y, m)
	}
	recs, err := s.IMSList(ctx, "", "")
	if err != nil {
		t.Fatal(err)
	}
	cn := pick(t, recs, func(r ims.Record) bool {
		return r.Section == "b2bcn" && r.Action == ims.NoAction && !r.ITCRedReqBlocked
	})
	res, err := s.IMSApply(ctx, []IMSChangeRequest{{STIN: cn.STIN, Number: cn.Number, Section: cn.Section, Action: "accept", Reason: "agreed"}})
	if err != nil || res.Applied != 1 || res.Results[0].Result != ims.ResultApplied {
		t.Fatalf("accept credit note = %+v, %v", res, err)
	}
	if r := res.Results[0].Reason; !strings.Contains(r, "itcRedReq Y") || !strings.Contains(r, "agreed") {
		t.Errorf("reason = %q, want the person's words and the working of itcRedReq Y", r)
	}
	kept, _ := s.IMSList(ctx, "b2bcn", "accepted")
	if len(kept) != 1 || kept[0].ITCRedReq != "Y" {
		t.Errorf("kept = %+v", kept)
	}
	// Said by the person: N (nothing was claimed) is sent as it is.
	other := pick(t, recs, func(r ims.Record) bool {
		return r.Section == "b2bcn" && r.Action == ims.NoAction && !r.ITCRedReqBlocked && r.Number != cn.Number
	})
	res, err = s.IMSApply(ctx, []IMSChangeRequest{{STIN: other.STIN, Number: other.Number, Section: other.Section, Action: "accept", ITCRedReq: "N"}})
	if err != nil || res.Applied != 1 {
		t.Fatalf("accept with N = %+v, %v", res, err)
	}
}
