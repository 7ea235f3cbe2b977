package reconcile

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"testing"

	"gstdesk/backend/gstr2b"
	"gstdesk/backend/gstr3b"
	"gstdesk/backend/ims"
	"gstdesk/backend/period"
	"gstdesk/backend/period/periodtest"
	"gstdesk/backend/recon"
)

// genRows makes a generated month of three-way rows: pairs of every status, 2B documents alone
// (not booked), books documents alone (at risk), repeated register rows, credit notes, ITC not
// available, pending and rejected in IMS, accepted differences; amounts in paise on every head.
func genRows(rng *rand.Rand, n int) []ThreeWayRow {
	amt := func() recon.Paise { return recon.Paise(rng.Int64N(5_000_000)) }
	inv := func(src recon.Source, note bool) *recon.Invoice {
		in := &recon.Invoice{Source: src, SupplierGSTIN: ySup1, Number: fmt.Sprint(rng.IntN(1e6)), IGST: amt(), CGST: amt(), SGST: amt(), Cess: amt() / 10}
		if rng.IntN(4) == 0 {
			in.IGST = 0
		} else {
			in.CGST, in.SGST = 0, 0
		}
		if note {
			in.DocType = recon.DocCreditNote
			in.IGST, in.CGST, in.SGST, in.Cess = -in.IGST, -in.CGST, -in.SGST, -in.Cess
		}
		return in
	}
	statuses := []recon.Status{recon.Exact, recon.Suggested, recon.Mismatch, recon.MissingIn2A, recon.MissingInBooks, recon.DuplicateInBooks}
	out := make([]ThreeWayRow, n)
	for i := range out {
		st := statuses[rng.IntN(len(statuses))]
		note := rng.IntN(7) == 0
		r := ThreeWayRow{Row: recon.Row{Status: st}, IMSSection: "b2b", Period2B: "2025-03"}
		switch st {
		case recon.MissingIn2A, recon.DuplicateInBooks:
			r.Books = inv(recon.Books, note)
		case recon.MissingInBooks:
			r.GSTR2A = inv(recon.GSTR2A, note)
		default:
			r.Books, r.GSTR2A = inv(recon.Books, note), inv(recon.GSTR2A, note)
		}
		if r.GSTR2A != nil {
			switch rng.IntN(8) {
			case 0:
				r.GSTR2A.ITCEligible = "N"
			case 1:
				r.IMSStatus = ims.Pending
			case 2:
				r.IMSStatus = ims.Rejected
			case 3:
				r.IMSStatus = ims.Accepted
			}
		}
		if rng.IntN(3) == 0 {
			r.Action = recon.Accept
		}
		out[i] = r
	}
	return out
}

// Property: over generated months the strip adds up to the paisa, head by head: 2B ITC = claim
// now + held; books ITC = the books side of the pairs + not in 2B; difference = 2B ITC - books
// ITC; held = not booked + mismatch + IMS; at risk is the reconciliation summary's (the dashboard's)
// and the sum of its parts; and each figure is the sum of its documents.
func TestThreeWaySummaryAddsUp(t *testing.T) {
	for seed := uint64(1); seed <= 200; seed++ {
		rng := rand.New(rand.NewPCG(seed, 24))
		rows := genRows(rng, 1+rng.IntN(80))
		s := SummaryOf(rows)
		if len(s.Figures) != 6 {
			t.Fatalf("seed %d: %d figures", seed, len(s.Figures))
		}
		fig := func(k string) StripFigure { return s.Figure(k) }
		for _, f := range s.Figures {
			if f.Key != FigAtRisk && f.Rupees != recon.Paise(f.Tax.Total()) {
				t.Fatalf("seed %d: %s total %d, heads %v", seed, f.Key, f.Rupees, f.Tax)
			}
			if f.Title == "" || f.Explain == "" {
				t.Fatalf("seed %d: %s has no words", seed, f.Key)
			}
		}
		if got := fig(FigClaimNow).Tax.Add(fig(FigHeld).Tax); got != fig(Fig2B).Tax {
			t.Fatalf("seed %d: claim now + held = %v, 2B ITC %v", seed, got, fig(Fig2B).Tax)
		}
		if fig(FigClaimNow).Count+fig(FigHeld).Count != fig(Fig2B).Count {
			t.Fatalf("seed %d: counts do not add up", seed)
		}
		if got := fig(Fig2B).Tax.Sub(fig(FigBooks).Tax); got != fig(FigDifference).Tax {
			t.Fatalf("seed %d: difference %v, want %v", seed, fig(FigDifference).Tax, got)
		}
		if got := s.HeldNotBooked + s.HeldMismatch + s.HeldIMS; got != fig(FigHeld).Rupees {
			t.Fatalf("seed %d: held parts %d, held %d", seed, got, fig(FigHeld).Rupees)
		}
		// Each figure again, document by document, the plain way.
		var twoB, books, paired, risk gstr3b.Heads
		var na recon.Paise
		for _, r := range rows {
			if r.Books != nil && r.Status != recon.DuplicateInBooks {
				books = books.Add(headsOfInvoice(r.Books))
				if r.GSTR2A != nil {
					paired = paired.Add(headsOfInvoice(r.Books))
				} else {
					risk = risk.Add(headsOfInvoice(r.Books))
				}
			}
			if r.GSTR2A != nil {
				if r.GSTR2A.ITCEligible == "N" {
					na += recon.Paise(headsOfInvoice(r.GSTR2A).Total())
				} else {
					twoB = twoB.Add(headsOfInvoice(r.GSTR2A))
				}
			}
		}
		if twoB != fig(Fig2B).Tax || books != fig(FigBooks).Tax || recon.Paise(risk.Total()) != s.NotIn2B || na != s.NotAvailable {
			t.Fatalf("seed %d: figures differ from their documents", seed)
		}
		if paired.Add(risk) != books {
			t.Fatalf("seed %d: books = pairs + not in 2B fails", seed)
		}
		res := recon.Result{}
		for _, r := range rows {
			res.Rows = append(res.Rows, r.Row)
		}
		var parts recon.Paise
		for _, p := range s.AtRiskParts {
			parts += p
		}
		if want := recon.Summarise(res).Total.ITCAtRisk; fig(FigAtRisk).Rupees != want || parts != want {
			t.Fatalf("seed %d: at risk %d, parts %d, the summary's %d", seed, fig(FigAtRisk).Rupees, parts, want)
		}
		if s.AtRiskParts["not_in_2b"] != s.NotIn2B {
			// Every books document alone is missing in 2B (no row is ignored here).
			t.Fatalf("seed %d: not in 2B %d, at risk's part %d", seed, s.NotIn2B, s.AtRiskParts["not_in_2b"])
		}
	}
}

// The buckets follow Table 4: a credit note is claimed whatever its match, pending or rejected in
// IMS is held, a mismatch is held until accepted, ITC not available is in neither.
func TestThreeWayRowBucket(t *testing.T) {
	inv := func(tax recon.Paise) *recon.Invoice { return &recon.Invoice{IGST: tax} }
	cases := []struct {
		name string
		r    ThreeWayRow
		want string
	}{
		{"exact", ThreeWayRow{Row: recon.Row{Status: recon.Exact, Books: inv(100), GSTR2A: inv(100)}}, FigClaimNow},
		{"mismatch", ThreeWayRow{Row: recon.Row{Status: recon.Mismatch, Books: inv(90), GSTR2A: inv(100)}}, FigHeld},
		{"mismatch accepted", ThreeWayRow{Row: recon.Row{Status: recon.Mismatch, Books: inv(90), GSTR2A: inv(100), Action: recon.Accept}}, FigClaimNow},
		{"suggested", ThreeWayRow{Row: recon.Row{Status: recon.Suggested, Books: inv(100), GSTR2A: inv(100)}}, FigHeld},
		{"not booked", ThreeWayRow{Row: recon.Row{Status: recon.MissingInBooks, GSTR2A: inv(100)}}, FigHeld},
		{"credit note not booked", ThreeWayRow{Row: recon.Row{Status: recon.MissingInBooks, GSTR2A: inv(-100)}}, FigClaimNow},
		{"pending in IMS", ThreeWayRow{Row: recon.Row{Status: recon.Exact, Books: inv(100), GSTR2A: inv(100)}, IMSStatus: ims.Pending}, FigHeld},
		{"rejected in IMS", ThreeWayRow{Row: recon.Row{Status: recon.Exact, Books: inv(100), GSTR2A: inv(100)}, IMSStatus: ims.Rejected}, FigHeld},
		{"not available", ThreeWayRow{Row: recon.Row{Status: recon.Exact, Books: inv(100), GSTR2A: &recon.Invoice{IGST: 100, ITCEligible: "N"}}}, ""},
		{"books only", ThreeWayRow{Row: recon.Row{Status: recon.MissingIn2A, Books: inv(100)}}, ""},
	}
	for _, c := range cases {
		if got := c.r.Bucket(); got != c.want {
			t.Errorf("%s: bucket %q, want %q", c.name, got, c.want)
		}
	}
}

// Saved runs against GSTR-2B are listed newest first with their months, rows and summary, and
// reopen with the same rows and figures without the register; the run is a job too.
func TestThreeWayRunsListReopenAndJob(t *testing.T) {
	s := openService(t)
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(7, 24))
	var books []yDoc
	for _, p := range []string{"2025-03", "2025-04"} {
		var twoB []yDoc
		for i := 0; i < 30; i++ {
			tx := int64(1000 + rng.IntN(90)*100)
			d := yDoc{Sec: "b2b", Supplier: []string{ySup1, ySup2}[rng.IntN(2)], Num: fmt.Sprintf("%s/%d", p, i), Date: "10-" + p[5:7] + "-" + p[:4], Taxable: tx, IGST: tx * 18 / 100}
			if i%9 == 0 {
				d.Sec = "cdnr"
			}
			twoB = append(twoB, d)
			b := d
			b.Sec = ""
			if d.Sec == "cdnr" {
				b.Type, b.Taxable, b.IGST = "credit_note", -b.Taxable, -b.IGST
			}
			switch i % 5 {
			case 0: // not booked
				continue
			case 1: // another amount: a mismatch
				b.IGST += 50
			}
			books = append(books, b)
		}
		// At risk: booked, in no 2B.
		books = append(books, yDoc{Supplier: ySup3, Num: "NO2B/" + p, Date: "12-" + p[5:7] + "-" + p[:4], Taxable: 5000, IGST: 900})
		save2BOf(t, s, p, twoB)
	}
	path := writeBooks(t, books)
	first, err := s.Against2B(ctx, path, periodtest.Month("2025-03"), periodtest.Month("2025-03"))
	if err != nil {
		t.Fatal(err)
	}
	im, err := s.ImportPath(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	id, err := s.StartReconAgainst2B(ctx, im.Token, periodtest.Month("2025-04"), periodtest.Month("2025-04"))
	if err != nil {
		t.Fatal(err)
	}
	if ev, err := s.core.WaitJob(ctx, id); err != nil || ev.State != "done" {
		t.Fatalf("job = %+v, %v", ev, err)
	}
	second, err := s.Against2BResult(id)
	if err != nil || second.RunID == "" || second.Summary == nil {
		t.Fatalf("job result = %+v, %v", second.RunID, err)
	}
	if _, err := s.StartReconAgainst2B(ctx, "no-such-token", periodtest.Month("2025-04"), periodtest.Month("2025-04")); err == nil {
		t.Error("a job started for a register not kept")
	}

	runs, err := s.ThreeWayRuns(ctx)
	if err != nil || len(runs) != 2 {
		t.Fatalf("runs = %d, %v", len(runs), err)
	}
	if runs[0].ID != second.RunID || runs[1].ID != first.RunID {
		t.Errorf("not newest first: %s, %s", runs[0].ID, runs[1].ID)
	}
	for i, want := range []ThreeWayResult{second, first} {
		info := runs[i]
		if info.FromPeriod != want.From || info.Rows != len(want.Rows) || info.Summary == nil {
			t.Fatalf("run %d listed as %+v", i, info)
		}
		if fmt.Sprint(info.Summary.Figures) != fmt.Sprint(want.Summary.Figures) {
			t.Errorf("listed summary %v, run's %v", info.Summary.Figures, want.Summary.Figures)
		}
		back, err := s.ThreeWayRun(ctx, info.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(back.Rows) != len(want.Rows) || fmt.Sprint(back.Summary.Figures) != fmt.Sprint(want.Summary.Figures) {
			t.Errorf("reopened %s: %d rows %v, run %d rows %v", info.ID, len(back.Rows), back.Summary.Figures, len(want.Rows), want.Summary.Figures)
		}
	}
	sum := first.Summary
	if sum.NotIn2B != 900_00 || sum.AtRiskParts["not_in_2b"] != 900_00 || sum.Figure(FigAtRisk).Rupees < 900_00 {
		t.Errorf("at risk = %+v (%v), want ₹900.00 not in 2B in it", sum.Figure(FigAtRisk), sum.AtRiskParts)
	}
	// The strip's at risk is the figure the reconciliation's summary (and the dashboard) shows.
	rsum, err := s.Summary(ctx, first.RunID)
	if err != nil || rsum.Total.ITCAtRisk != sum.Figure(FigAtRisk).Rupees {
		t.Errorf("at risk %d, the run's summary %d (%v)", sum.Figure(FigAtRisk).Rupees, rsum.Total.ITCAtRisk, err)
	}
	if sum.Figure(FigHeld).Rupees <= 0 || sum.Figure(FigClaimNow).Rupees <= 0 || sum.HeldNotBooked <= 0 || sum.HeldMismatch <= 0 {
		t.Errorf("summary = %+v", sum)
	}
	if len(sum.StripLines()) != 6 {
		t.Errorf("strip lines = %v", sum.StripLines())
	}
}

// A month whose IMS is closed is said once, and previewing its run makes no paid call: the plan
// says none, the preview lists nothing afresh and has no line per closed document.
func TestClosedMonthPreviewMakesNoPaidCalls(t *testing.T) {
	s := openService(t)
	ctx := context.Background()
	var twoB, books []yDoc
	for i := 0; i < 6; i++ {
		d := yDoc{Sec: "b2b", Supplier: ySup1, Num: fmt.Sprintf("C/%d", i), Date: "10-03-2025", Taxable: 1000, IGST: 180}
		twoB = append(twoB, d)
		if i > 0 {
			b := d
			b.Sec = ""
			books = append(books, b)
		}
	}
	save2BOf(t, s, "2025-03", twoB)
	tw, err := s.Against2B(ctx, writeBooks(t, books), periodtest.Month("2025-03"), periodtest.Month("2025-03"))
	if err != nil {
		t.Fatal(err)
	}
	if len(tw.IMSClosed) != 1 || tw.IMSClosed[0].Period != "2025-03" || tw.IMSClosed[0].Documents != 6 || tw.IMSClosed[0].Actions == 0 {
		t.Fatalf("closed = %+v", tw.IMSClosed)
	}
	plan, err := s.PlanApplyThreeWay(ctx, tw.RunID)
	if err != nil {
		t.Fatal(err)
	}
	if plan.Calls != 0 || plan.Actions != 0 || len(plan.Closed) != 1 || plan.Notice == "" {
		t.Fatalf("plan = %+v", plan)
	}
	before := imsListCalls(t, s.core.DB.DB)
	res, err := s.ApplyThreeWay(ctx, "", period.Month{}, period.Month{}, tw.RunID, true)
	if err != nil {
		t.Fatal(err)
	}
	if res.Calls != 0 || imsListCalls(t, s.core.DB.DB) != before {
		t.Errorf("a preview of a closed month listed IMS: %d calls, %d audited", res.Calls, imsListCalls(t, s.core.DB.DB)-before)
	}
	if len(res.Lines) != 0 || len(res.Closed) != 1 || res.Notice == "" {
		t.Errorf("preview = %+v", res)
	}
}

// The IMS month of the demo is open: its plan counts one paid call per IMS section, before any is
// spent.
func TestOpenMonthPlanCountsCalls(t *testing.T) {
	s, p, res := imsMonth2B(t)
	ctx := context.Background()
	page, _ := s.Returns.GSTR2BDocuments(ctx, res[0].SnapshotID, gstr2bQuery())
	path := registerFrom(t, page.Rows, func(i int, cols []string) []string { return cols })
	tw, err := s.Against2B(ctx, path, periodtest.Month(p), periodtest.Month(p))
	if err != nil {
		t.Fatal(err)
	}
	if len(tw.IMSClosed) != 0 {
		t.Errorf("the IMS month reads closed: %+v", tw.IMSClosed)
	}
	before := imsListCalls(t, s.core.DB.DB)
	plan, err := s.PlanApplyThreeWay(ctx, tw.RunID)
	if err != nil {
		t.Fatal(err)
	}
	if plan.Calls != 8 || plan.Actions == 0 || imsListCalls(t, s.core.DB.DB) != before {
		t.Errorf("plan = %+v (planning spent %d)", plan, imsListCalls(t, s.core.DB.DB)-before)
	}
	out, err := s.ApplyThreeWay(ctx, "", period.Month{}, period.Month{}, tw.RunID, true)
	if err != nil {
		t.Fatal(err)
	}
	if out.Calls != plan.Calls || imsListCalls(t, s.core.DB.DB)-before != plan.Calls {
		t.Errorf("preview made %d calls (%d audited), plan said %d", out.Calls, imsListCalls(t, s.core.DB.DB)-before, plan.Calls)
	}
}

func imsListCalls(t *testing.T, db *sql.DB) int {
	t.Helper()
	var n int
	if err := db.QueryRow(`SELECT COUNT(*) FROM audit_log WHERE op = 'ims_list'`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func gstr2bQuery() gstr2b.DocQuery { return gstr2b.DocQuery{Section: "b2b", Limit: 6} }

// BenchmarkSummaryOf100k works out the strip of a run of 100,000 rows (what every reopen adds).
func BenchmarkSummaryOf100k(b *testing.B) {
	rows := genRows(rand.New(rand.NewPCG(1, 24)), 100000)
	b.ReportAllocs()
	for b.Loop() {
		SummaryOf(rows)
	}
}

// The first run against GSTR-2B is a job: it says its progress in four steps, and cancelled it
// saves nothing (or, done before the cancel arrived, its one run).
func TestReconAgainst2BJobProgressAndCancel(t *testing.T) {
	s, ev := openWatched(t)
	ctx := context.Background()
	docs := []yDoc{{Sec: "b2b", Supplier: ySup1, Num: "J/1", Date: "10-03-2025", Taxable: 1000, IGST: 180}}
	save2BOf(t, s, "2025-03", docs)
	books := []yDoc{{Supplier: ySup1, Num: "J/1", Date: "10-03-2025", Taxable: 1000, IGST: 180}}
	im, err := s.ImportPath(ctx, writeBooks(t, books))
	if err != nil {
		t.Fatal(err)
	}
	id, err := s.StartReconAgainst2B(ctx, im.Token, periodtest.Month("2025-03"), periodtest.Month("2025-03"))
	if err != nil {
		t.Fatal(err)
	}
	if end, err := s.core.WaitJob(ctx, id); err != nil || end.State != "done" || end.Done != 4 || end.Total != 4 || end.Kind != "recon:2b" {
		t.Fatalf("job end = %+v, %v", end, err)
	}
	for _, p := range ev.Progress() {
		if p.ID == id && p.Total != 0 && (p.Total != 4 || p.Done > 4) { // 0 of 0: the start
			t.Errorf("progress %+v", p)
		}
	}
	id, err = s.StartReconAgainst2B(ctx, im.Token, periodtest.Month("2025-03"), periodtest.Month("2025-03"))
	if err != nil {
		t.Fatal(err)
	}
	s.core.CancelJob(id)
	end, err := s.core.WaitJob(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	runs, err := s.ThreeWayRuns(ctx)
	if err != nil {
		t.Fatal(err)
	}
	switch end.State {
	case "cancelled":
		if len(runs) != 1 {
			t.Errorf("a cancelled run was saved: %d runs", len(runs))
		}
	case "done":
		if len(runs) != 2 {
			t.Errorf("a finished run was not saved: %d runs", len(runs))
		}
	default:
		t.Errorf("job ended %+v", end)
	}
}
