package returns

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/desk/core/coretest"
	"gstdesk/backend/desk/workspaces"
	"gstdesk/backend/gstapi/gstapitest"
	"gstdesk/backend/gstr2a"
	"gstdesk/backend/gstr2b"
	"gstdesk/backend/period/periodtest"
)

func TestPullGSTR2BShapesPagingAndHistory(t *testing.T) {
	s := openService(t)
	ctx := context.Background()
	signIn(t, s)
	res, err := s.PullGSTR2B(ctx, periodtest.Months("2024-06", "2025-04"), false, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res[0].Status != "pulled" || res[0].Shape != "items" || res[1].Status != "pulled" || res[1].Shape != "totals" {
		t.Fatalf("results = %+v", res)
	}
	if res[1].Documents == 0 || res[1].Files != 0 {
		t.Fatalf("April = %+v", res[1])
	}
	sim, _, _ := s.core.Demo()
	sim.SetGSTR2BFileSize(10)
	defer sim.SetGSTR2BFileSize(0)
	sim.ResetCounts()
	paged, err := s.PullGSTR2B(ctx, periodtest.Months("2025-04"), true, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := paged[0]
	wantFiles := (res[1].Documents + 9) / 10
	if p.Status != "pulled" || p.Files != wantFiles || p.Documents != res[1].Documents || len(p.Raw) == 0 {
		t.Fatalf("paged = %+v, want %d files", p, wantFiles)
	}
	if n := sim.Count("/gst/compliance/tax-payer/gstrs/gstr-2b/2025/04"); n != 1+wantFiles {
		t.Errorf("requests = %d, want the summary and %d files", n, wantFiles)
	}
	d, err := s.GSTR2BDiff(ctx, periodtest.Month("2025-04"), "", "")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Added)+len(d.Removed)+len(d.Amended) != 0 || d.Unchanged != res[1].Documents+res[1].Rejected+res[1].Reversed {
		t.Errorf("the paged pull differs from the whole one: %d added, %d removed, %d amended, %d unchanged", len(d.Added), len(d.Removed), len(d.Amended), d.Unchanged)
	}
	v, err := s.GSTR2BView(ctx, periodtest.Month("2025-04"), "")
	if err != nil || len(v.History) != 2 || v.Snapshot.ID != p.SnapshotID || len(v.Sections) == 0 || len(v.Summary.ITC) == 0 {
		t.Errorf("view = %+v, %v", v, err)
	}
	page, err := s.GSTR2BDocuments(ctx, p.SnapshotID, gstr2b.DocQuery{Section: "b2b", Limit: 5})
	if err != nil || len(page.Rows) != 5 || page.Total < 5 {
		t.Errorf("documents = %+v, %v", page, err)
	}
}

func TestPullGSTR2BStatesAndBrokenAnswers(t *testing.T) {
	s := openService(t)
	ctx := context.Background()
	signIn(t, s)
	now := time.Now()
	current := now.Format("2006-01")
	res, err := s.PullGSTR2B(ctx, periodtest.Months("2019-06", current), false, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res[0].Status != "empty" || !strings.Contains(res[0].Notice, "Nothing this period") {
		t.Errorf("before 2B existed: %+v", res[0])
	}
	if res[1].Status != "not_generated" || res[1].ExpectedBy == "" || !strings.Contains(res[1].Notice, "expects it by "+res[1].ExpectedBy) {
		t.Errorf("the current month: %+v", res[1])
	}
	if snaps, _ := s.GSTR2BSnapshots(ctx, periodtest.Month(current)); len(snaps) != 0 {
		t.Errorf("a 2B not generated stored %d snapshots", len(snaps))
	}
	good, err := s.PullGSTR2B(ctx, periodtest.Months("2025-05"), false, nil)
	if err != nil || good[0].Status != "pulled" {
		t.Fatalf("%+v %v", good, err)
	}
	sim, _, _ := s.core.Demo()
	for _, f := range []gstapitest.Faults{{EmptyData: 1}, {InvalidUTF8: 1}} {
		sim.SetFaults(f)
		bad, err := s.PullGSTR2B(ctx, periodtest.Months("2025-05"), false, nil)
		if err != nil {
			t.Fatal(err)
		}
		if bad[0].Status != "error" || !strings.Contains(bad[0].Error.Message, "is kept") {
			t.Errorf("fault %+v: %+v", f, bad[0])
		}
	}
	snaps, _ := s.GSTR2BSnapshots(ctx, periodtest.Month("2025-05"))
	if len(snaps) != 1 || snaps[0].ID != good[0].SnapshotID {
		t.Errorf("snapshots after broken answers = %d, want the good one only", len(snaps))
	}
}

func TestImportPortalFiles(t *testing.T) {
	s := openService(t)
	ctx := context.Background()
	file2b, err := os.ReadFile("../../gstr2b/testdata/v4_rejected.json")
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.ImportPortalPath(ctx, coretest.File(t, "102025_R2B.json", string(file2b)))
	if err != nil {
		t.Fatal(err)
	}
	if res.Kind != "gstr2b" || res.Period != "2025-10" || res.Documents != 3 || res.File != "102025_R2B.json" {
		t.Errorf("import = %+v", res)
	}
	snaps, _ := s.GSTR2BSnapshots(ctx, periodtest.Month("2025-10"))
	if len(snaps) != 1 || snaps[0].Source != gstr2b.SourceFile || snaps[0].FileName != "102025_R2B.json" {
		t.Errorf("snapshots = %+v", snaps)
	}
	file2a := []byte(strings.ReplaceAll(string(must(os.ReadFile("../../gstr2b/testdata/portal2a.json"))), "01AABCE2207R1Z5", "27AAPFU0939F1ZV"))
	res, err = s.ImportPortalPath(ctx, coretest.File(t, "R2A.json", string(file2a)))
	if err != nil {
		t.Fatal(err)
	}
	// Every section is kept now: the b2b invoice, the credit note (cdn) and the bill of entry (impg).
	if res.Kind != "gstr2a" || res.Period != "2020-03" || res.Documents != 3 || strings.Contains(res.Notice, "not imported") {
		t.Errorf("2A import = %+v", res)
	}
	a, err := gstr2a.LatestSnapshot(ctx, s.core.DB.DB, s.core.Workspace().ID, "2020-03")
	if err != nil || a.Source != "file" || a.FileName != "R2A.json" {
		t.Errorf("2A snapshot = %+v, %v", a, err)
	}
	bad := []struct {
		name string
		raw  []byte
		want string
	}{
		{"other.json", must(os.ReadFile("../../gstr2b/testdata/post2024.json")), "not of this workspace's GSTIN"},
		{"cut.json", file2b[:len(file2b)-20], "cut short"},
		{"notes.txt", []byte("hello"), "not JSON"},
		{"broken2a.json", []byte(strings.Replace(string(file2a), `"val":729248.16`, `"val":"seven lakh"`, 1)), "val"},
	}
	for _, b := range bad {
		_, err := s.ImportPortalPath(ctx, coretest.File(t, b.name, string(b.raw)))
		if e := apperr.Command.Public(err); err == nil || e.Kind != apperr.Invalid || !strings.Contains(e.Message, b.want) {
			t.Errorf("%s: %v, want invalid %q", b.name, err, b.want)
		}
	}
	if snaps, _ := s.GSTR2BSnapshots(ctx, periodtest.Month("2024-11")); len(snaps) != 0 {
		t.Errorf("another GSTIN's file stored %d snapshots", len(snaps))
	}
	if all, _ := gstr2a.Snapshots(ctx, s.core.DB.DB, s.core.Workspace().ID, "2020-03"); len(all) != 1 {
		t.Errorf("2A snapshots = %d after a refused file, want 1", len(all))
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// TestGSTR2BPullsKeepTheirWorkspace: a workspace that holds only a GSTR-2B pull (no 2A) cannot
// switch its environment (the demo's made-up 2B would pass for the real service's), and removing
// the workspace takes the 2B pull and its documents with it in one step, saying so.
func TestGSTR2BPullsKeepTheirWorkspace(t *testing.T) {
	s := openService(t)
	ctx := context.Background()
	signIn(t, s)
	if _, err := s.PullGSTR2B(ctx, periodtest.Months("2025-04"), false, nil); err != nil {
		t.Fatal(err)
	}
	ws := workspaces.New(s.core)
	demo := s.core.Workspace()
	_, err := ws.Update(ctx, demo.ID, workspaces.Change{Environment: "production"})
	if apperr.KindOf(err) != apperr.Conflict || !strings.Contains(err.Error(), "1 GSTR-2B pull from the demo service") {
		t.Fatalf("environment change = %v, want refused naming the 2B pull", err)
	}
	other, err := ws.Create(ctx, workspaces.Spec{Name: "Other", GSTIN: "29AAFCD5862R1ZR", Environment: "test"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ws.Switch(ctx, other.ID); err != nil {
		t.Fatal(err)
	}
	_, u, err := ws.Remove(ctx, demo.ID)
	if err != nil || u.GSTR2BPulls != 1 {
		t.Fatalf("remove = %+v, %v", u, err)
	}
	var docs, snaps int
	if err := s.core.DB.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM gstr2b_documents), (SELECT count(*) FROM gstr2b_snapshots)`).Scan(&docs, &snaps); err != nil {
		t.Fatal(err)
	}
	if docs != 0 || snaps != 0 {
		t.Errorf("after removal: %d 2B documents, %d snapshots left", docs, snaps)
	}
}
