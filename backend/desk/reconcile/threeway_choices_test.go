package reconcile

import (
	"context"
	"strings"
	"testing"

	"gstdesk/backend/config"
	"gstdesk/backend/gstr2b"
	"gstdesk/backend/ims"
	"gstdesk/backend/period"
	"gstdesk/backend/period/periodtest"
	"gstdesk/backend/recon"
)

// The window's road: an imported register (token) reconciled once, the person's choices recorded
// on that run, a preview that sends nothing, then the apply job of the same run with a result per
// line; neither saves another run.
func TestApplyThreeWayRunWithChoices(t *testing.T) {
	s, ev, p, res := imsMonth2BWatched(t)
	ctx := context.Background()
	if got, err := s.ChooseAgainst(ctx, periodtest.Month(p), periodtest.Month(p)); err != nil || got.Against != Against2B {
		t.Errorf("default against with a 2B stored = %+v, %v", got, err)
	}
	if got, err := s.ChooseAgainst(ctx, periodtest.Month("2019-04"), periodtest.Month("2019-04")); err != nil || got.Against != Against2A || len(got.No2B) != 1 {
		t.Errorf("default against without a 2B = %+v, %v", got, err)
	}
	page, _ := s.Returns.GSTR2BDocuments(ctx, res[0].SnapshotID, gstr2b.DocQuery{Section: "b2b", Limit: 4})
	docs := page.Rows
	path := registerFrom(t, docs, func(i int, cols []string) []string { return cols })
	im, err := s.ImportPath(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	tw, err := s.Against2BToken(ctx, im.Token, periodtest.Month(p), periodtest.Month(p))
	if err != nil {
		t.Fatal(err)
	}
	if tw.Counts["accept"] == 0 {
		t.Fatalf("no accept recommended: %+v", tw.Counts)
	}
	// Choices on the run on screen: reject docs[0] (recommended accept), leave docs[1], the rest
	// as recommended.
	keyOf := map[string]string{}
	for _, r := range tw.Rows {
		if r.GSTR2A != nil {
			keyOf[r.GSTR2A.Number] = r.Key
		}
	}
	if err := s.SetThreeWayAction(ctx, tw.RunID, keyOf[docs[0].Number], "approve"); err == nil {
		t.Error("an action IMS does not have was accepted")
	}
	if err := s.SetThreeWayAction(ctx, tw.RunID, keyOf[docs[0].Number], "reject"); err != nil {
		t.Fatal(err)
	}
	if err := s.SetThreeWayActions(ctx, tw.RunID, []string{keyOf[docs[1].Number]}, "skip"); err != nil {
		t.Fatal(err)
	}
	// Each choice is kept with the fingerprint of its row as read once (SetChoicesRead).
	chosen, _ := recon.Choices(ctx, s.core.DB.DB, tw.RunID)
	for _, r := range tw.Rows {
		if c, ok := chosen[r.Key]; ok && c.Fingerprint != r.Fingerprint() {
			t.Errorf("choice on %s kept with fingerprint %q, the row's is %q", r.Key, c.Fingerprint, r.Fingerprint())
		}
	}
	if len(chosen) != 2 {
		t.Errorf("choices kept: %+v", chosen)
	}
	runs := func() int {
		t.Helper()
		rs, err := s.ThreeWayRuns(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return len(rs)
	}
	saved := runs()
	preview, err := s.ApplyThreeWay(ctx, "", period.Month{}, period.Month{}, tw.RunID, true)
	if err != nil {
		t.Fatal(err)
	}
	byDoc := map[string]ApplyLine{}
	for _, l := range preview.Lines {
		byDoc[l.Document] = l
	}
	if l := byDoc[docs[0].Number]; l.Action != "reject" || l.Result != "dry_run" || l.Reason == "" || !l.Chosen {
		t.Errorf("chosen reject = %+v", l)
	}
	if l, ok := byDoc[docs[1].Number]; ok {
		t.Errorf("skipped row listed: %+v", l)
	}
	if log, _ := s.Returns.IMSLog(ctx); len(log) != 0 {
		t.Errorf("preview logged %d actions", len(log))
	}
	id, err := s.StartApplyThreeWay(ctx, tw.RunID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.core.WaitJob(ctx, id); err != nil {
		t.Fatal(err)
	}
	applied, err := s.ApplyThreeWayResult(id)
	if err != nil || applied.RunID != tw.RunID {
		t.Fatalf("apply of run %s = %+v, %v", tw.RunID, applied, err)
	}
	if n := runs(); n != saved {
		t.Errorf("preview and apply saved runs: %d, was %d", n, saved)
	}
	heard := false
	for _, e := range ev.Progress() {
		heard = heard || e.ID == id && e.Total == 2
	}
	if !heard {
		t.Error("the apply job said no progress")
	}
	got := map[string]ApplyLine{}
	for _, l := range applied.Lines {
		got[l.Document] = l
	}
	if l := got[docs[0].Number]; l.Result != ims.ResultApplied || l.Action != "reject" {
		t.Errorf("applied reject = %+v", l)
	}
	rej, _ := s.Returns.IMSStored(ctx, "b2b", "rejected")
	if len(rej) != 1 || rej[0].Number != docs[0].Number {
		t.Errorf("rejected in IMS = %+v", rej)
	}
	log, _ := s.Returns.IMSLog(ctx)
	for _, e := range log {
		if e.Number == docs[1].Number {
			t.Errorf("the skipped document was sent: %+v", e)
		}
	}
	// The run keeps the person's choices, and reopened with IMS as listed now it says what the
	// portal has.
	run, err := s.ThreeWayRunNow(ctx, tw.RunID)
	if err != nil {
		t.Fatal(err)
	}
	kept := map[string]string{}
	for _, r := range run.Rows {
		if r.GSTR2A != nil && r.Choice != "" {
			kept[r.GSTR2A.Number] = r.Choice
		}
		if r.GSTR2A != nil && r.GSTR2A.Number == docs[0].Number && r.IMSStatus != ims.Rejected {
			t.Errorf("reopened now, %s reads IMS status %q", docs[0].Number, r.IMSStatus)
		}
	}
	if len(kept) != 2 || kept[docs[0].Number] != ims.Rejected || kept[docs[1].Number] != ims.Leave {
		t.Errorf("choices kept with the run: %v", kept)
	}
}

// A three-way run run again keeps its own tolerances, as a 2A re-run does: the settings changed
// since do not change what the run reconciles with.
func TestThreeWayRerunKeepsTheRunsOptions(t *testing.T) {
	s, ev, p, res := imsMonth2BWatched(t)
	ctx := context.Background()
	page, _ := s.Returns.GSTR2BDocuments(ctx, res[0].SnapshotID, gstr2b.DocQuery{Section: "b2b", Limit: 4})
	path := registerFrom(t, page.Rows, func(i int, cols []string) []string { return cols })
	tw, err := s.Against2B(ctx, path, periodtest.Month(p), periodtest.Month(p))
	if err != nil {
		t.Fatal(err)
	}
	first, err := recon.GetRun(ctx, s.core.DB.DB, tw.RunID)
	if err != nil {
		t.Fatal(err)
	}
	set, err := config.Load(ctx, s.core.DB, s.core.Workspace())
	if err != nil {
		t.Fatal(err)
	}
	set.AmountTolerance, set.DateWindowDays = set.AmountTolerance+7, set.DateWindowDays+5
	if _, err := config.Save(ctx, s.core.DB, s.core.Workspace(), set); err != nil {
		t.Fatal(err)
	}
	id, err := s.Rerun(ctx, tw.RunID)
	if err != nil {
		t.Fatal(err)
	}
	<-ev.Done
	again, err := s.RunResult(id)
	if err != nil {
		t.Fatal(err)
	}
	if again.ID == first.ID || again.Against != recon.AgainstGSTR2B {
		t.Fatalf("re-run = %+v", again)
	}
	if again.Options.AmountTolerance != first.Options.AmountTolerance || again.Options.DateWindowDays != first.Options.DateWindowDays {
		t.Errorf("re-run options = ₹%v, %d days; the run's were ₹%v, %d days", again.Options.AmountTolerance, again.Options.DateWindowDays,
			first.Options.AmountTolerance, first.Options.DateWindowDays)
	}
}

// A document the supplier changed in IMS after the run was reconciled is not acted on from that
// run: the preview and the apply say it changed and send nothing for it; the others go.
func TestApplyRunSkipsADocumentChangedSince(t *testing.T) {
	s, _, p, res := imsMonth2BWatched(t)
	ctx := context.Background()
	page, _ := s.Returns.GSTR2BDocuments(ctx, res[0].SnapshotID, gstr2b.DocQuery{Section: "b2b", Limit: 3})
	docs := page.Rows
	path := registerFrom(t, docs, func(i int, cols []string) []string { return cols })
	tw, err := s.Against2B(ctx, path, periodtest.Month(p), periodtest.Month(p))
	if err != nil {
		t.Fatal(err)
	}
	sim, _, _ := s.core.Demo()
	sim.EditIMSDocument(s.core.Workspace().GSTIN, "b2b", docs[0].Supplier, docs[0].Number)
	for _, dry := range []bool{true, false} {
		out, err := s.ApplyThreeWay(ctx, "", period.Month{}, period.Month{}, tw.RunID, dry)
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]ApplyLine{}
		for _, l := range out.Lines {
			got[l.Document] = l
		}
		if l := got[docs[0].Number]; l.Result != ResultChanged || !strings.Contains(l.Message, "Reconcile again") {
			t.Errorf("dry run %v: the changed document = %+v", dry, l)
		}
		want := "dry_run"
		if !dry {
			want = ims.ResultApplied
		}
		if l := got[docs[1].Number]; l.Result != want {
			t.Errorf("dry run %v: an unchanged document = %+v, want %s", dry, l, want)
		}
	}
	log, _ := s.Returns.IMSLog(ctx)
	for _, e := range log {
		if e.Number == docs[0].Number {
			t.Errorf("the changed document was sent: %+v", e)
		}
	}
	if len(log) == 0 {
		t.Error("nothing was sent")
	}
}
