package reconcile

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/desk/core"
	"gstdesk/backend/desk/core/coretest"
	"gstdesk/backend/desk/lookups"
	"gstdesk/backend/desk/returns"
	"gstdesk/backend/gstr2b"
	"gstdesk/backend/itcrisk"
	"gstdesk/backend/period"
	"gstdesk/backend/period/periodtest"
	"gstdesk/backend/recon"
)

// TestITCRiskCalendar builds the calendar of FY 2025-26 on 15/01/2026 from the simulator's 2A
// (April to June) and 2B (May) and a register of five 2B invoices of May: one unpaid, one paid
// 200 days late, one paid at once, one left out of the books, and one invoice 2B does not have.
func TestITCRiskCalendar(t *testing.T) {
	s, path, d := riskService(t)
	ctx := context.Background()
	dayAfter := func(iso string, n int) string {
		t0, _ := time.Parse("2006-01-02", iso)
		return t0.AddDate(0, 0, n).Format("02-01-2006")
	}
	cal, err := s.ITCRisk(ctx, periodtest.FY("FY 2025-26"), Register{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	if cal.Today != "2026-01-15" || cal.FYLabel != "FY 2025-26" {
		t.Errorf("today %s, year %s", cal.Today, cal.FYLabel)
	}
	byRule := map[string][]itcrisk.Item{}
	for _, g := range cal.Months {
		for _, it := range g.Items {
			if it.Date[:7] != g.Month {
				t.Errorf("item of %s in month %s", it.Date, g.Month)
			}
			byRule[it.Rule] = append(byRule[it.Rule], it)
		}
	}
	iso := func(ddmmyyyy string) string {
		t0, _ := time.Parse("02-01-2006", ddmmyyyy)
		return t0.Format("2006-01-02")
	}
	r37 := byRule[itcrisk.Rule37]
	if len(r37) != 2 {
		t.Fatalf("rule 37 items %+v", r37)
	}
	for _, it := range r37 {
		switch it.Number {
		case d[0].Number:
			if it.Status == itcrisk.Reclaim || it.Date != iso(dayAfter(d[0].DateISO, 180)) || it.Amount != d[0].Tax() {
				t.Errorf("unpaid: %+v", it)
			}
		case d[1].Number:
			if it.Status != itcrisk.Reclaim || it.PaymentDate != iso(dayAfter(d[1].DateISO, 200)) {
				t.Errorf("paid late: %+v", it)
			}
		default:
			t.Errorf("unexpected rule 37 item %+v", it)
		}
	}
	// Every 2B document with credit but the four booked is not in the books (d[3] among them),
	// due with the GSTR-3B of May, 20/06/2025.
	notIn := map[string]itcrisk.Item{}
	for _, it := range byRule[itcrisk.NotInBooks] {
		notIn[it.Number] = it
		if it.Date != "2025-06-20" || it.Return != "2025-05" || it.Status != itcrisk.Overdue {
			t.Fatalf("not in books %+v", it)
		}
	}
	if _, ok := notIn[d[3].Number]; !ok {
		t.Errorf("%s left out of the books is not listed", d[3].Number)
	}
	for _, i := range []int{0, 1, 2, 4} {
		if _, ok := notIn[d[i].Number]; ok {
			t.Errorf("%s is in the books but listed", d[i].Number)
		}
	}
	if n2 := byRule[itcrisk.NotIn2B]; len(n2) != 1 || n2[0].Number != "NOT-IN-2B-9" || n2[0].Date != "2026-11-30" || n2[0].Status != itcrisk.Upcoming {
		t.Errorf("not in 2B %+v", n2)
	}
	// Rule 37A: the one 2A invoice claimed in the books of a supplier who had not filed GSTR-3B;
	// the year's other such documents are told in a note, not counted.
	twoA, err := MatchGSTR2A(ctx, s.core.DB.DB, s.core.Workspace().ID, []string{"2025-04", "2025-05", "2025-06"})
	if err != nil {
		t.Fatal(err)
	}
	unfiled := 0
	for _, a := range twoA {
		if a.FiledGSTR3B == "N" && a.DocType != recon.DocCreditNote && a.Tax() > 0 {
			unfiled++
		}
	}
	if r37a := byRule[itcrisk.Rule37A]; len(r37a) != 1 || r37a[0].Period != "2025-04" {
		t.Errorf("rule 37A items %+v, want the one April invoice in the books", r37a)
	}
	if note := fmt.Sprintf("%d GSTR-2A documents of suppliers who had not filed GSTR-3B", unfiled-1); unfiled < 3 || !strings.Contains(strings.Join(cal.Notes, " | "), note) {
		t.Errorf("%d unfiled; notes %q, want %q", unfiled, cal.Notes, note)
	}
	for _, it := range byRule[itcrisk.Rule37A] {
		if it.Date != "2026-09-30" || it.Deadline != "2026-11-30" || it.Status != itcrisk.Upcoming {
			t.Fatalf("rule 37A %+v", it)
		}
	}
	// Months of the year before January 2026 with no 2B or 2A stored are named.
	if got := strings.Join(cal.Notes, " | "); !strings.Contains(got, "No GSTR-2B stored for Apr 2025, Jun 2025, Jul 2025, Aug 2025, Sep 2025, Oct 2025, Nov 2025, Dec 2025:") ||
		!strings.Contains(got, "No GSTR-2A stored for Jul 2025, Aug 2025, Sep 2025, Oct 2025, Nov 2025, Dec 2025:") {
		t.Errorf("notes %q", cal.Notes)
	}
	// The view trims each month; the export writes every item.
	v, err := s.ITCRiskView(ctx, periodtest.FY("FY 2025-26"), Register{Path: path}, 1)
	if err != nil || v.Count != cal.Count || v.AtRisk != cal.AtRisk {
		t.Fatalf("view %+v, %v", v, err)
	}
	for _, g := range v.Months {
		if len(g.Items) > 1 || len(g.Items)+g.More != g.Count {
			t.Errorf("month %s: %d items, %d more, count %d", g.Month, len(g.Items), g.More, g.Count)
		}
	}
	out, err := s.ITCRiskExport(ctx, periodtest.FY("FY 2025-26"), Register{Path: path}, "csv")
	if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(out)
	if lines := strings.Count(string(data), "\n"); lines != cal.Count+1 || filepath.Base(out)[:17] != "itc-at-risk-2025-" {
		t.Errorf("export %s: %d lines for %d items", out, lines, cal.Count)
	}
}

// riskService is a service on 15/01/2026 with the simulator's 2A (April to June 2025) and 2B
// (May 2025) stored, and a register of five 2B invoices of May (d): d[0] unpaid, d[1] paid 200
// days late, d[2] and d[4] paid at once, d[3] left out of the books, and NOT-IN-2B-9, an invoice
// 2B does not have.
func riskService(t *testing.T) (*Service, string, []gstr2b.DocumentRow) {
	t.Helper()
	clock := coretest.NewClock(time.Date(2026, 1, 15, 6, 0, 0, 0, time.UTC))
	c, _ := coretest.OpenAt(t, t.TempDir(), nil, clock.Now)
	lk := lookups.New(c)
	s := New(c, lk, returns.New(c, lk))
	ctx := context.Background()
	if _, err := s.ITCRisk(ctx, periodtest.FY("FY 2025-26"), Register{}); apperr.KindOf(err) != apperr.NotFound {
		t.Fatalf("nothing stored: err = %v", err)
	}
	signIn(t, s)
	if _, err := s.Returns.PullGSTR2A(ctx, returns.PullRequest{Periods: []string{"2025-04", "2025-05", "2025-06"}}, false, nil); err != nil {
		t.Fatal(err)
	}
	res, err := s.Returns.PullGSTR2B(ctx, periodtest.Months("2025-05"), false, nil)
	if err != nil || res[0].Status != "pulled" {
		t.Fatalf("pull 2B = %+v, %v", res, err)
	}
	page, err := s.Returns.GSTR2BDocuments(ctx, res[0].SnapshotID, gstr2b.DocQuery{Section: "b2b", ITC: "Y", Limit: 5})
	if err != nil || len(page.Rows) < 5 {
		t.Fatalf("2B documents %d, %v", len(page.Rows), err)
	}
	d := page.Rows
	dayAfter := func(iso string, n int) string {
		t0, _ := time.Parse("2006-01-02", iso)
		return t0.AddDate(0, 0, n).Format("02-01-2006")
	}
	var b strings.Builder
	b.WriteString("supplier_gstin,invoice_number,invoice_date,place_of_supply,reverse_charge,taxable_value,igst,cgst,sgst,cess,payment_date\n")
	row := func(doc gstr2b.DocumentRow, number, paid string) {
		fmt.Fprintf(&b, "%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n", doc.Supplier, number, doc.Date, doc.POS, doc.ReverseCharge, doc.Taxable.Decimal(),
			doc.IGST.Decimal(), doc.CGST.Decimal(), doc.SGST.Decimal(), doc.Cess.Decimal(), paid)
	}
	row(d[0], d[0].Number, "")                          // unpaid
	row(d[1], d[1].Number, dayAfter(d[1].DateISO, 200)) // paid late
	row(d[2], d[2].Number, dayAfter(d[2].DateISO, 10))  // paid in time
	row(d[4], d[4].Number, dayAfter(d[4].DateISO, 10))  // d[3] left out of the books
	row(d[0], "NOT-IN-2B-9", dayAfter(d[0].DateISO, 5)) // books only
	// One April invoice of a supplier who had not filed GSTR-3B, claimed in the books (April has
	// no 2B stored, so only Rule 37A judges it); the other such 2A documents are not in the books.
	twoA, err := MatchGSTR2A(ctx, s.core.DB.DB, s.core.Workspace().ID, []string{"2025-04"})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range twoA {
		if a.FiledGSTR3B == "N" && a.DocType == recon.DocInvoice && a.Tax() > 0 {
			rc := "N"
			if a.ReverseCharge {
				rc = "Y"
			}
			date, _ := time.Parse("2006-01-02", a.Date)
			fmt.Fprintf(&b, "%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n", a.SupplierGSTIN, a.Number, date.Format("02-01-2006"), a.PlaceOfSupply, rc,
				a.Taxable.Decimal(), a.IGST.Decimal(), a.CGST.Decimal(), a.SGST.Decimal(), a.Cess.Decimal(), date.AddDate(0, 0, 10).Format("02-01-2006"))
			break
		}
	}
	path := filepath.Join(t.TempDir(), "purchases.csv")
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	return s, path, d
}

// TestScorecardAndChaserPack: every supplier of the year's 2B is scored; the one with an invoice
// in no 2B has it counted; the chaser pack writes one workbook per supplier to fix, whole.
func TestScorecardAndChaserPack(t *testing.T) {
	s, path, d := riskService(t)
	ctx := context.Background()
	sc, err := s.Scorecard(ctx, periodtest.FY("FY 2025-26"), Register{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	suppliers := map[string]itcrisk.SupplierScore{}
	for i, r := range sc.Rows {
		suppliers[r.Supplier] = r
		if i > 0 && r.Score < sc.Rows[i-1].Score {
			t.Fatalf("not worst first at %d", i)
		}
		if r.Score < 0 || r.Score > 100 || r.Grade == "" {
			t.Fatalf("score %+v", r)
		}
	}
	me := suppliers[d[0].Supplier]
	if me.MissingIn2B != 1 || me.Books == 0 || me.Documents == 0 || me.Filings == 0 {
		t.Errorf("supplier of the invoice not in 2B: %+v", me)
	}
	dir := filepath.Join(t.TempDir(), "pack")
	files, err := s.ChaserPack(ctx, periodtest.FY("FY 2025-26"), Register{Path: path}, dir, d[0].Supplier)
	if err != nil || len(files) != 1 || files[0].Documents == 0 {
		t.Fatalf("pack %+v, %v", files, err)
	}
	if st, err := os.Stat(files[0].Path); err != nil || st.Size() == 0 {
		t.Errorf("pack file %v", err)
	}
	if _, err := s.ChaserPack(ctx, periodtest.FY("FY 2025-26"), Register{Path: path}, dir, "29AAGCB7383J1Z4"); apperr.KindOf(err) != apperr.NotFound {
		t.Errorf("a supplier with nothing to fix: %v", err)
	}
	all, err := s.ChaserPack(ctx, periodtest.FY("FY 2025-26"), Register{Path: path}, "", "")
	if err != nil || len(all) == 0 || !strings.Contains(all[0].Path, filepath.Join("exports", "chasers-2025-26-")) {
		t.Fatalf("pack to the exports folder %+v, %v", all, err)
	}
}

// TestITCRiskByToken: the window names the register by its import token; the calendar, the
// scorecard and the chaser pack read from it are the ones the command line reads from the file's
// path. An unknown token, or a register whose columns are still to be confirmed, is refused.
func TestITCRiskByToken(t *testing.T) {
	s, path, _ := riskService(t)
	ctx := context.Background()
	im, err := s.ImportPath(ctx, path)
	if err != nil || im.Token == "" {
		t.Fatalf("import %+v, %v", im, err)
	}
	byPath, err := s.ITCRisk(ctx, periodtest.FY("FY 2025-26"), Register{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	byToken, err := s.ITCRisk(ctx, periodtest.FY("FY 2025-26"), Register{Token: im.Token})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(byPath, byToken) {
		t.Errorf("calendar by token differs from the one by path:\npath  %+v\ntoken %+v", byPath, byToken)
	}
	if !byToken.Rules[0].Checked || byToken.Count == 0 {
		t.Errorf("the register was not read: %+v", byToken.Rules)
	}
	scPath, err := s.Scorecard(ctx, periodtest.FY("FY 2025-26"), Register{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	scToken, err := s.Scorecard(ctx, periodtest.FY("FY 2025-26"), Register{Token: im.Token})
	if err != nil || !reflect.DeepEqual(scPath, scToken) {
		t.Errorf("scorecard by token differs: %v", err)
	}
	files, err := s.ChaserPack(ctx, periodtest.FY("FY 2025-26"), Register{Token: im.Token}, filepath.Join(t.TempDir(), "pack"), "")
	if err != nil || len(files) == 0 {
		t.Errorf("chaser pack by token %+v, %v", files, err)
	}
	// The window's road: the same files, written by a job into a new folder of the exports folder.
	id, err := s.StartChaserPack(ctx, periodtest.FY("FY 2025-26"), Register{Token: im.Token}, "")
	if err != nil {
		t.Fatal(err)
	}
	if ev, err := s.core.WaitJob(ctx, id); err != nil || ev.Error != nil || ev.Done != len(files) || ev.Total != len(files) {
		t.Fatalf("chaser pack job ended %+v, %v", ev, err)
	}
	done, err := s.ChaserPackResult(id)
	if err != nil || len(done.Files) != len(files) || !strings.HasPrefix(done.Folder, filepath.Join(s.core.DB.Dir, core.ExportsDir)) {
		t.Fatalf("chaser pack job wrote %+v, %v", done, err)
	}
	for i, f := range done.Files {
		if f.Supplier != files[i].Supplier || filepath.Dir(f.Path) != done.Folder {
			t.Errorf("job file %d is %+v, the command line's %+v", i, f, files[i])
		}
		if _, err := os.Stat(f.Path); err != nil {
			t.Error(err)
		}
	}
	if _, err := s.StartChaserPack(ctx, periodtest.FY("FY 2025-26"), Register{Token: im.Token}, "29AAGCB7383J1Z4"); apperr.KindOf(err) != apperr.NotFound {
		t.Errorf("a supplier with nothing to chase started a job: %v", err)
	}
	if _, err := s.ITCRisk(ctx, periodtest.FY("FY 2025-26"), Register{Token: strings.Repeat("ab", 32)}); apperr.KindOf(err) != apperr.NotFound {
		t.Errorf("unknown token: %v", err)
	}
	// A register with a header gstdesk cannot place: the mapping is to be confirmed first.
	odd := filepath.Join(t.TempDir(), "odd.csv")
	os.WriteFile(odd, []byte("Party,Bill,On,Amount\nX,1,01/05/2025,100\n"), 0o600)
	oim, err := s.ImportPath(ctx, odd)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Scorecard(ctx, periodtest.FY("FY 2025-26"), Register{Token: oim.Token}); apperr.KindOf(err) != apperr.Invalid || !strings.Contains(err.Error(), "Confirm the column mapping of odd.csv") {
		t.Errorf("unconfirmed mapping: %v", err)
	}
}

// TestITCRiskJob: the window builds the calendar as a job whose progress goes step by step to the
// end and whose result is the view the direct call gives (trimmed the same, counts whole); a year
// that is not one is refused before a job starts; a job cancelled before it reads ends cancelled.
func TestITCRiskJob(t *testing.T) {
	s, path, _ := riskService(t)
	ctx := context.Background()
	im, err := s.ImportPath(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	want, err := s.ITCRiskView(ctx, periodtest.FY("FY 2025-26"), Register{Token: im.Token}, 1)
	if err != nil {
		t.Fatal(err)
	}
	id, err := s.StartITCRisk(ctx, periodtest.FY("FY 2025-26"), Register{Token: im.Token}, 1)
	if err != nil {
		t.Fatal(err)
	}
	ev, err := s.core.WaitJob(ctx, id)
	if err != nil || ev.Error != nil || ev.Kind != "itc:calendar" || ev.Done != riskSteps || ev.Total != riskSteps || !strings.Contains(ev.Summary, "FY 2025-26") {
		t.Fatalf("job ended %+v, %v", ev, err)
	}
	got, err := s.ITCRiskResult(id)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("job's calendar differs from the direct call's (%v):\njob    %+v\ndirect %+v", err, got, want)
	}
	if got.Listed >= got.Count || len(got.Statuses) == 0 {
		t.Errorf("a trimmed calendar lists %d of %d, statuses %+v", got.Listed, got.Count, got.Statuses)
	}
	if _, err := s.StartITCRisk(ctx, period.FY(0), Register{}, 0); apperr.KindOf(err) != apperr.Invalid {
		t.Errorf("no year: %v", err)
	}

	// The year's 2A read a month at a time is the same as read at once.
	months := period.Strings(period.FY(2025).Months())
	whole, err := MatchGSTR2A(ctx, s.core.DB.DB, s.core.Workspace().ID, months)
	if err != nil {
		t.Fatal(err)
	}
	steps := 0
	byMonth, err := read2AByMonth(ctx, s.core.DB.DB, s.core.Workspace().ID, months, func() error { steps++; return nil })
	if err != nil || steps != 12 || len(whole) == 0 || !reflect.DeepEqual(byMonth, whole) {
		t.Errorf("by month (%d steps, %v): %d documents, at once %d", steps, err, len(byMonth), len(whole))
	}

	// Cancelled at its first step: it stops there and says so.
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := s.itcRisk(cctx, "FY 2025-26", Register{Token: im.Token}, func(int, int) {}); apperr.KindOf(err) != apperr.Canceled {
		t.Errorf("cancelled: %v", err)
	}
}
