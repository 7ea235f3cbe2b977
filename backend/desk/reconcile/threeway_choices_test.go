package reconcile

import (
	"context"
	"testing"

	"gstdesk/backend/gstr2b"
	"gstdesk/backend/ims"
)

// The window's road: an imported register (token), the person's choices in place of the
// recommendations, a preview that sends nothing, then the apply job with a result per line.
func TestApplyActionsWithChoices(t *testing.T) {
	s, p, res := imsMonth2B(t)
	ctx := context.Background()
	if got := s.DefaultAgainst(ctx, p, p); got != Against2B {
		t.Errorf("default against with a 2B stored = %q", got)
	}
	if got := s.DefaultAgainst(ctx, "2019-04", "2019-04"); got != Against2A {
		t.Errorf("default against without a 2B = %q", got)
	}
	page, _ := s.Returns.GSTR2BDocuments(ctx, res[0].SnapshotID, gstr2b.DocQuery{Section: "b2b", Limit: 4})
	docs := page.Rows
	path := registerFrom(t, docs, func(i int, cols []string) []string { return cols })
	im, err := s.ReconImportPath(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	tw, err := s.ReconAgainst2BToken(ctx, im.Token, p, p)
	if err != nil {
		t.Fatal(err)
	}
	if tw.Counts["accept"] == 0 {
		t.Fatalf("no accept recommended: %+v", tw.Counts)
	}
	// Choices: reject docs[0] (recommended accept), skip docs[1], leave the rest as recommended.
	choices := []ActionChoice{
		{Section: "b2b", Supplier: docs[0].Supplier, Document: docs[0].Number, Action: "reject"},
		{Section: "b2b", Supplier: docs[1].Supplier, Document: " " + docs[1].Number, Action: "skip"},
	}
	if _, err := s.ApplyActions(ctx, im.Token, p, p, []ActionChoice{{Section: "b2b", Supplier: docs[0].Supplier, Document: docs[0].Number, Action: "approve"}}, true); err == nil {
		t.Error("an action IMS does not have was accepted")
	}
	preview, err := s.ApplyActions(ctx, im.Token, p, p, choices, true)
	if err != nil {
		t.Fatal(err)
	}
	byDoc := map[string]ApplyLine{}
	for _, l := range preview {
		byDoc[l.Document] = l
	}
	if l := byDoc[docs[0].Number]; l.Action != "reject" || l.Result != "dry_run" || l.Reason == "" {
		t.Errorf("chosen reject = %+v", l)
	}
	if l, ok := byDoc[docs[1].Number]; ok {
		t.Errorf("skipped row listed: %+v", l)
	}
	if log, _ := s.Returns.IMSLog(ctx); len(log) != 0 {
		t.Errorf("preview logged %d actions", len(log))
	}
	id, err := s.StartApplyActions(ctx, im.Token, p, p, choices)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.WaitJob(ctx, id); err != nil {
		t.Fatal(err)
	}
	lines, err := s.ApplyActionsResult(id)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]ApplyLine{}
	for _, l := range lines {
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
	// The applied run is saved with the person's choices: reopened, it says what was chosen.
	runs, err := s.ThreeWayRuns(ctx)
	if err != nil || len(runs) == 0 {
		t.Fatalf("runs %v, %v", runs, err)
	}
	run, err := s.ThreeWayRun(ctx, runs[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	kept := map[string]string{}
	for _, r := range run.Rows {
		if r.GSTR2A != nil && r.Choice != "" {
			kept[r.GSTR2A.Number] = r.Choice
		}
	}
	if len(kept) != 2 || kept[docs[0].Number] != ims.Rejected || kept[docs[1].Number] != ims.Leave {
		t.Errorf("choices kept with the run: %v", kept)
	}
	// The window's next preview without choices shows the recommendations: what it sends is that,
	// never a choice carried over from the run before that the screen did not show.
	again, err := s.ApplyActions(ctx, im.Token, p, p, nil, true)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range again {
		if l.Chosen {
			t.Errorf("a carried choice the screen did not show: %+v", l)
		}
	}
}
