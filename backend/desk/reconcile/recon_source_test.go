package reconcile

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/gstr2a"
	"gstdesk/backend/recon"
)

// A reconciliation against GSTR-2A sees every section: the supplier's credit note and the bill of
// entry beside the B2B invoice are matched with the books (they were left out of the run).
func TestReconGSTR2AEverySection(t *testing.T) {
	s := openService(t)
	ctx := context.Background()
	raw, err := os.ReadFile("../../gstr2b/testdata/portal2a.json")
	if err != nil {
		t.Fatal(err)
	}
	g := s.core.Workspace().GSTIN
	whole := []byte(strings.Replace(string(raw), `"gstin":"01AABCE2207R1Z5","fp"`, `"gstin":"`+g+`","fp"`, 1))
	if _, err := gstr2a.Ingest(ctx, s.core.DB.DB, gstr2a.IngestRequest{WorkspaceID: s.core.Workspace().ID, GSTIN: g, Period: "2020-03",
		FetchedAt: time.Now(), Whole: whole, Source: "file", FileName: "2a.json"}, nil); err != nil {
		t.Fatal(err)
	}
	twoA, err := MatchGSTR2A(ctx, s.core.DB.DB, s.core.Workspace().ID, []string{"2020-03"})
	if err != nil {
		t.Fatal(err)
	}
	var note, boe *recon.Invoice
	for i := range twoA {
		switch twoA[i].DocType {
		case recon.DocCreditNote:
			note = &twoA[i]
		case recon.DocBillOfEntry:
			boe = &twoA[i]
		}
	}
	if note == nil || note.Tax() >= 0 || boe == nil || boe.PortCode != "18272A" {
		t.Fatalf("2A documents: credit note %+v, bill of entry %+v", note, boe)
	}
	books := []recon.Invoice{*note, *boe}
	for i := range books {
		books[i].Source, books[i].RowRef = recon.Books, "books.csv row "+string(rune('2'+i))
	}
	res := recon.Match(books, twoA, recon.Options{AmountTolerance: 100, DateWindowDays: 10})
	exact := 0
	for _, r := range res.Rows {
		if r.Status == recon.Exact && r.Books != nil && r.GSTR2A != nil {
			exact++
		}
	}
	if exact != 2 {
		t.Errorf("%d of the credit note and the bill of entry matched exactly: %+v", exact, res.Rows)
	}
}
