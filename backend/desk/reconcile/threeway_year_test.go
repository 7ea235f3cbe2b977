package reconcile

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/gstr2b"
	"gstdesk/backend/gstr3b"
	"gstdesk/backend/ims"
	"gstdesk/backend/period/periodtest"
	"gstdesk/backend/recon"
)

// yDoc is a document of the year fixture: a 2B document (Sec b2b, b2ba, cdnr) or a books row.
type yDoc struct {
	Sec, Supplier, Num, Date, Type string // Date DD-MM-YYYY; Type invoice|credit_note for the books
	Taxable, IGST                  int64  // rupees
	Orig                           string // b2ba: the original number
}

const (
	ySup1 = "27AAACS1111A1Z5"
	ySup2 = "29AAACT2222B1Z6"
	ySup3 = "24AAACU3333C1Z7"
)

// save2BOf stores the GSTR-2B of period p (YYYY-MM) with docs, as the portal's file reads.
func save2BOf(t testing.TB, s *Service, p string, docs []yDoc) {
	t.Helper()
	ws := s.core.Workspace()
	rtn := p[5:7] + p[:4]
	bySec := map[string]map[string][]string{}
	for _, d := range docs {
		if bySec[d.Sec] == nil {
			bySec[d.Sec] = map[string][]string{}
		}
		var j string
		switch d.Sec {
		case "cdnr":
			j = fmt.Sprintf(`{"ntnum":%q,"typ":"C","suptyp":"R","dt":%q,"val":%d,"pos":"27","rev":"N","itcavl":"Y","rsn":"","imsStatus":"N","txval":%d,"igst":%d,"cgst":0,"sgst":0,"cess":0}`,
				d.Num, d.Date, d.Taxable+d.IGST, d.Taxable, d.IGST)
		case "b2ba":
			j = fmt.Sprintf(`{"oinum":%q,"oidt":%q,"inum":%q,"typ":"R","dt":%q,"val":%d,"pos":"27","rev":"N","itcavl":"Y","rsn":"","imsStatus":"N","txval":%d,"igst":%d,"cgst":0,"sgst":0,"cess":0}`,
				d.Orig, d.Date, d.Num, d.Date, d.Taxable+d.IGST, d.Taxable, d.IGST)
		default:
			j = fmt.Sprintf(`{"inum":%q,"typ":"R","dt":%q,"val":%d,"pos":"27","rev":"N","itcavl":"Y","rsn":"","imsStatus":"N","txval":%d,"igst":%d,"cgst":0,"sgst":0,"cess":0}`,
				d.Num, d.Date, d.Taxable+d.IGST, d.Taxable, d.IGST)
		}
		bySec[d.Sec][d.Supplier] = append(bySec[d.Sec][d.Supplier], j)
	}
	var b strings.Builder
	fmt.Fprintf(&b, `{"chksum":"x","data":{"gstin":%q,"rtnprd":%q,"version":"1.0","gendt":"14-%s","docdata":{`, ws.GSTIN, rtn, nextMonthDMY(p))
	first := true
	for _, sec := range []string{"b2b", "b2ba", "cdnr"} {
		sups := bySec[sec]
		if len(sups) == 0 {
			continue
		}
		if !first {
			b.WriteByte(',')
		}
		first = false
		key := "inv"
		if sec == "cdnr" {
			key = "nt"
		}
		fmt.Fprintf(&b, `%q:[`, sec)
		i := 0
		for sup, js := range sups {
			if i > 0 {
				b.WriteByte(',')
			}
			i++
			fmt.Fprintf(&b, `{"ctin":%q,"trdnm":"SUPPLIER","supfildt":"11-%s","supprd":%q,%q:[%s]}`, sup, nextMonthDMY(p), rtn, key, strings.Join(js, ","))
		}
		b.WriteByte(']')
	}
	b.WriteString(`}}}`)
	if _, err := gstr2b.Save(context.Background(), s.core.DB.DB, gstr2b.SaveRequest{WorkspaceID: ws.ID, GSTIN: ws.GSTIN, Source: gstr2b.SourceAPI,
		Raw: []byte(b.String()), FetchedAt: time.Now()}); err != nil {
		t.Fatalf("2B %s: %v", p, err)
	}
}

// nextMonthDMY is the month after p as MM-YYYY.
func nextMonthDMY(p string) string {
	var y, m int
	fmt.Sscanf(p, "%d-%d", &y, &m)
	m++
	if m == 13 {
		y, m = y+1, 1
	}
	return fmt.Sprintf("%02d-%04d", m, y)
}

// writeBooks writes the purchase register of docs.
func writeBooks(t testing.TB, docs []yDoc) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("supplier_gstin,supplier_name,invoice_number,invoice_date,place_of_supply,reverse_charge,invoice_value,taxable_value,igst,cgst,sgst,cess,document_type\n")
	for _, d := range docs {
		typ := d.Type
		if typ == "" {
			typ = "invoice"
		}
		fmt.Fprintf(&b, "%s,S,%s,%s,27,N,%d,%d,%d,0,0,0,%s\n", d.Supplier, d.Num, d.Date, d.Taxable+d.IGST, d.Taxable, d.IGST, typ)
	}
	p := filepath.Join(t.TempDir(), "purchases.csv")
	if err := os.WriteFile(p, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// yearFixture stores twelve 2Bs of FY 2024-25 and returns the books of the year: every month
// three suppliers' regular invoices (in the 2B of their month), and the cases of issue 23 — a
// late-reported invoice (dated January, in March's 2B), an early one (in February's 2B, booked
// in March), one still awaiting the supplier, one claimed in December without a 2B, an amended
// invoice (b2ba in March), credit notes (one booked as an invoice), re-numbered documents (a
// separator, a pair on amounts alone, another spelling), and a 2B document that is not ours.
func yearFixture(t testing.TB, s *Service) string {
	t.Helper()
	var books []yDoc
	months := []string{"2024-04", "2024-05", "2024-06", "2024-07", "2024-08", "2024-09", "2024-10", "2024-11", "2024-12", "2025-01", "2025-02", "2025-03"}
	twoB := map[string][]yDoc{}
	for mi, p := range months {
		for si, sup := range []string{ySup1, ySup2, ySup3} {
			for k := 0; k < 3; k++ {
				d := yDoc{Sec: "b2b", Supplier: sup, Num: fmt.Sprintf("R%d/%s/%d", si, p, k), Date: fmt.Sprintf("%02d-%s-%s", 5+k, p[5:7], p[:4]),
					Taxable: int64(10000 + 100*mi + 10*si + k), IGST: int64(1800 + 18*mi + 2*si + k)}
				twoB[p] = append(twoB[p], d)
				books = append(books, d)
			}
		}
	}
	add := func(p string, d yDoc) { twoB[p] = append(twoB[p], d) }
	// Late: dated and booked in January, reported in March.
	late := yDoc{Sec: "b2b", Supplier: ySup1, Num: "S1/LATE/1", Date: "13-01-2025", Taxable: 50000, IGST: 9000}
	add("2025-03", late)
	books = append(books, late)
	// Early: in February's 2B, booked in March.
	add("2025-02", yDoc{Sec: "b2b", Supplier: ySup2, Num: "S2/EARLY/1", Date: "27-02-2025", Taxable: 40000, IGST: 7200})
	books = append(books, yDoc{Supplier: ySup2, Num: "S2/EARLY/1", Date: "03-03-2025", Taxable: 40000, IGST: 7200})
	// Awaiting the supplier, and claimed in December without a 2B.
	books = append(books, yDoc{Supplier: ySup3, Num: "S3/WAIT/1", Date: "10-02-2025", Taxable: 30000, IGST: 5400},
		yDoc{Supplier: ySup3, Num: "S3/CLAIMED/1", Date: "15-12-2024", Taxable: 20000, IGST: 3600})
	// Amended: January's 2B has it at 60,000; March's b2ba at 61,000, as the books have it.
	add("2025-01", yDoc{Sec: "b2b", Supplier: ySup1, Num: "S1/AMD/1", Date: "20-01-2025", Taxable: 60000, IGST: 10800})
	add("2025-03", yDoc{Sec: "b2ba", Supplier: ySup1, Num: "S1/AMD/1", Orig: "S1/AMD/1", Date: "20-01-2025", Taxable: 61000, IGST: 10980})
	books = append(books, yDoc{Supplier: ySup1, Num: "S1/AMD/1", Date: "20-01-2025", Taxable: 61000, IGST: 10980})
	// Credit notes: one booked as a credit note, one booked as an invoice.
	add("2025-03", yDoc{Sec: "cdnr", Supplier: ySup2, Num: "CN/9", Date: "12-03-2025", Taxable: 5000, IGST: 900})
	books = append(books, yDoc{Supplier: ySup2, Num: "CN/9", Date: "12-03-2025", Taxable: -5000, IGST: -900, Type: "credit_note"})
	add("2025-03", yDoc{Sec: "cdnr", Supplier: ySup3, Num: "DT/7", Date: "14-03-2025", Taxable: 7000, IGST: 1260})
	books = append(books, yDoc{Supplier: ySup3, Num: "DT/7", Date: "14-03-2025", Taxable: 7000, IGST: 1260})
	// Re-numbered: a separator, a pair on amounts alone (rent), another spelling with other amounts.
	add("2025-03", yDoc{Sec: "b2b", Supplier: ySup3, Num: "12/34", Date: "18-03-2025", Taxable: 12340, IGST: 2221})
	books = append(books, yDoc{Supplier: ySup3, Num: "1/234", Date: "18-03-2025", Taxable: 12340, IGST: 2221})
	add("2025-03", yDoc{Sec: "b2b", Supplier: ySup1, Num: "INV/005", Date: "01-03-2025", Taxable: 25000, IGST: 4500})
	books = append(books, yDoc{Supplier: ySup1, Num: "CR/002", Date: "02-03-2025", Taxable: 25000, IGST: 4500})
	add("2025-03", yDoc{Sec: "b2b", Supplier: ySup2, Num: "7/712", Date: "21-03-2025", Taxable: 8000, IGST: 1440})
	books = append(books, yDoc{Supplier: ySup2, Num: "77/12", Date: "21-01-2025", Taxable: 7000, IGST: 1260})
	// Not ours.
	add("2025-03", yDoc{Sec: "b2b", Supplier: ySup2, Num: "S2/NOTOURS/1", Date: "25-03-2025", Taxable: 9000, IGST: 1620})
	for _, p := range months {
		save2BOf(t, s, p, twoB[p])
	}
	ctx := context.Background()
	ws := s.core.Workspace().ID
	if _, err := gstr3b.SetClaims(ctx, s.core.DB.DB, ws, []gstr3b.Decision{{ID: gstr3b.IdentityOf(gstr3b.FaceBooks, ySup3, "invoice", "S3/CLAIMED/1", "", ""),
		Number: "S3/CLAIMED/1", Date: "2024-12-15", State: gstr3b.StateClaim, Period: "2024-12", By: gstr3b.ByPerson, Who: "test"}}, time.Now()); err != nil {
		t.Fatal(err)
	}
	return writeBooks(t, books)
}

// rowOf finds the row of a document number (the 2B's, else the books').
func rowOf(tw ThreeWayResult, num string) (ThreeWayRow, bool) {
	for _, r := range tw.Rows {
		if (r.GSTR2A != nil && r.GSTR2A.Number == num) || (r.Books != nil && r.Books.Number == num) {
			return r, true
		}
	}
	return ThreeWayRow{}, false
}

// A year of books against twelve 2Bs: March's run sees the earlier months' books not yet
// matched or claimed, accepts the late-reported invoice with its label, never advises reject
// for a document the books hold, and asks to confirm the number of pairs whose numbers differ.
func TestThreeWayYearFollowsTheSuppliersCalendar(t *testing.T) {
	s := openService(t)
	ctx := context.Background()
	path := yearFixture(t, s)
	tw, err := s.Against2B(ctx, path, periodtest.Month("2025-03"), periodtest.Month("2025-03"))
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		num, action, rule, timing, text string
		status                          recon.Status
	}{
		{"S1/LATE/1", ims.Accepted, ims.RuleAcceptLate, TimingReportedLate, "reported late by the supplier: invoice of 13/01/2025 in the 2B of March 2025", recon.Exact},
		{"S2/EARLY/1", ims.Accepted, ims.RuleAccept, TimingBookedLater, "booked in March 2025", ""},
		{"S3/WAIT/1", "", ims.RuleNotIn2B, TimingAwaiting, "awaiting the supplier", recon.MissingIn2A},
		{"S1/AMD/1", ims.Accepted, ims.RuleAcceptLate, TimingReportedLate, "reported late", ""},
		{"CN/9", ims.Accepted, ims.RuleAccept, "", "Matched", ""},
		{"DT/7", ims.Pending, ims.RuleMismatch, "", "", recon.Mismatch},
		{"12/34", ims.Pending, ims.RuleConfirmNumber, "", "Confirm the number", recon.Suggested},
		{"INV/005", ims.Pending, ims.RuleConfirmNumber, "", `the books have "CR/002"`, recon.Suggested},
		{"7/712", ims.Pending, ims.RuleBooksHoldIt, "", `"77/12" of 21/01/2025`, recon.MissingInBooks},
		{"S2/NOTOURS/1", ims.Pending, ims.RuleNotInBooks, "", "reject it once reviewed", recon.MissingInBooks},
	}
	for _, w := range want {
		r, ok := rowOf(tw, w.num)
		if !ok {
			t.Errorf("%s: no row", w.num)
			continue
		}
		text := r.Recommended.Reason + " | " + r.TimingNote
		if r.Recommended.Action != w.action || r.Recommended.Rule != w.rule || r.Timing != w.timing || !strings.Contains(text, w.text) ||
			(w.status != "" && r.Status != w.status) || r.Recommended.Figures == "" {
			t.Errorf("%s: %s %s rule %s timing %s: %s", w.num, r.Status, r.Recommended.Action, r.Recommended.Rule, r.Timing, text)
		}
	}
	if r, _ := rowOf(tw, "S3/WAIT/1"); r.AgeDays != 49 {
		t.Errorf("S3/WAIT/1 age %d days, want 49 (10/02 to 31/03)", r.AgeDays)
	}
	if _, ok := rowOf(tw, "S3/CLAIMED/1"); ok || tw.Calendar.ClaimedEarlier != 1 {
		t.Errorf("claimed in December: offered again, or counted %d", tw.Calendar.ClaimedEarlier)
	}
	for _, r := range tw.Rows {
		if r.Recommended.Action == ims.Rejected {
			t.Errorf("reject advised: %+v", r)
		}
		if r.Books != nil && r.Books.Period < "2025-03" && r.GSTR2A == nil && r.Books.Number != "S3/WAIT/1" && r.Books.Number != "77/12" {
			t.Errorf("an earlier month's document matched then is offered again: %s", r.Books.Number)
		}
	}
	// Every regular document of April to February was matched in its own month.
	if tw.Calendar.SettledEarlier != 11*9 || len(tw.Calendar.LookedBack) != 11 || tw.LeftOut != 0 || tw.Calendar.ReportedLate != 2 {
		t.Errorf("calendar %+v, left out %d", tw.Calendar, tw.LeftOut)
	}
	if !strings.Contains(strings.Join(tw.Notices, "\n"), "reported late by the supplier") {
		t.Errorf("notices %q", tw.Notices)
	}

	// February's run: the early one is kept pending until the month it is booked; January's late
	// one is still awaiting the supplier.
	feb, err := s.Against2B(ctx, path, periodtest.Month("2025-02"), periodtest.Month("2025-02"))
	if err != nil {
		t.Fatal(err)
	}
	if r, _ := rowOf(feb, "S2/EARLY/1"); r.Recommended.Action != ims.Pending || r.Recommended.Rule != ims.RuleBookedLater {
		t.Errorf("February, S2/EARLY/1: %+v", r.Recommended)
	}
	if r, _ := rowOf(feb, "S1/LATE/1"); r.Timing != TimingAwaiting || r.Status != recon.MissingIn2A {
		t.Errorf("February, S1/LATE/1: %s %s", r.Status, r.Timing)
	}

	// The quarter January-March, viewed as of January: the late invoice was missing then.
	q, err := s.Against2B(ctx, path, periodtest.Month("2025-01"), periodtest.Month("2025-03"))
	if err != nil {
		t.Fatal(err)
	}
	if r, _ := rowOf(q, "S1/LATE/1"); r.Timing != TimingReportedLate || r.Recommended.Action != ims.Accepted {
		t.Errorf("quarter, S1/LATE/1: %+v", r)
	}
	jan, err := s.ThreeWayRunAsOf(ctx, q.RunID, periodtest.Month("2025-01"))
	if err != nil {
		t.Fatal(err)
	}
	if r, ok := rowOf(jan, "S1/LATE/1"); !ok || r.Status != recon.MissingIn2A || r.Timing != TimingAwaiting || r.GSTR2A != nil || r.Send != "" {
		t.Errorf("as of January, S1/LATE/1: %+v", r)
	}
	if _, ok := rowOf(jan, "S2/NOTOURS/1"); ok {
		t.Error("as of January, March's 2B document is shown")
	}
	if jan.AsOf != "2025-01" || len(jan.Snapshots) != 1 {
		t.Errorf("as of %q, %d snapshots", jan.AsOf, len(jan.Snapshots))
	}
}

// Only March's 2B stored, a year's books: the January invoice March's 2B holds is found (reported
// late, accept); the books of months whose 2B is not stored and that no 2B of the run holds are
// counted and named, not called awaiting the supplier.
func TestThreeWayWithoutEarlier2Bs(t *testing.T) {
	s := openService(t)
	save2BOf(t, s, "2025-03", []yDoc{
		{Sec: "b2b", Supplier: ySup1, Num: "S1/LATE/1", Date: "13-01-2025", Taxable: 50000, IGST: 9000},
		{Sec: "b2b", Supplier: ySup1, Num: "MAR/1", Date: "05-03-2025", Taxable: 1000, IGST: 180},
	})
	books := []yDoc{
		{Supplier: ySup1, Num: "S1/LATE/1", Date: "13-01-2025", Taxable: 50000, IGST: 9000},
		{Supplier: ySup1, Num: "JAN/1", Date: "05-01-2025", Taxable: 1000, IGST: 180},
		{Supplier: ySup2, Num: "FEB/1", Date: "05-02-2025", Taxable: 2000, IGST: 360},
		{Supplier: ySup1, Num: "MAR/1", Date: "05-03-2025", Taxable: 1000, IGST: 180},
		{Supplier: ySup2, Num: "MAR/2", Date: "06-03-2025", Taxable: 3000, IGST: 540},
	}
	tw, err := s.Against2B(context.Background(), writeBooks(t, books), periodtest.Month("2025-03"), periodtest.Month("2025-03"))
	if err != nil {
		t.Fatal(err)
	}
	if r, ok := rowOf(tw, "S1/LATE/1"); !ok || r.Timing != TimingReportedLate || r.Recommended.Action != ims.Accepted {
		t.Errorf("S1/LATE/1: %+v", r)
	}
	if r, ok := rowOf(tw, "MAR/2"); !ok || r.Timing != TimingAwaiting {
		t.Errorf("MAR/2: %+v", r)
	}
	for _, n := range []string{"JAN/1", "FEB/1"} {
		if _, ok := rowOf(tw, n); ok {
			t.Errorf("%s shown though its month's 2B is not stored", n)
		}
	}
	if c := tw.Calendar; c.NoEarlier2B != 2 || strings.Join(c.NoEarlier2BMonths, ",") != "2025-01,2025-02" || len(c.LookedBack) != 0 {
		t.Errorf("calendar %+v", c)
	}
	if !strings.Contains(strings.Join(tw.Notices, "\n"), "2 books document(s) of 2025-01, 2025-02, months whose GSTR-2B is not stored") {
		t.Errorf("notices %q", tw.Notices)
	}
}
