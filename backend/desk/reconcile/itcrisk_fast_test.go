package reconcile

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"regexp"
	"testing"
	"time"

	"gstdesk/backend/gstr2a"
	"gstdesk/backend/gstr2a/gstr2atest"
	"gstdesk/backend/period/periodtest"
)

// TestITCRiskRule37AReaderSameCalendar builds the calendar without a register both ways (Rule 37A
// from gstr2a.Rule37ADocuments, and from every 2A document as before) over generated workspaces:
// the large-client listing and the corpus's files of every section, each supplier's GSTR-3B flag
// and cancellation date drawn at random, some periods pulled twice. The calendars and the inputs
// (but the 2A documents, of which the fast road reads only those not flagged Y) are the same.
func TestITCRiskRule37AReaderSameCalendar(t *testing.T) {
	var corpus [][]byte
	for _, f := range []string{"all-sections", "section-cdn", "envelope", "lenient-b2b", "hostile-documents", "amendment-without-original"} {
		b, err := os.ReadFile("../../gstr2a/testdata/corpus/" + f + ".json")
		if err != nil {
			t.Fatal(err)
		}
		corpus = append(corpus, b)
	}
	fp := regexp.MustCompile(`"fp": ?"[0-9]{6}"`)
	flag := regexp.MustCompile(`"cfs3b": ?"[YN]"`)
	cancel := regexp.MustCompile(`"dtcancel": ?"[^"]*"`)
	ctx := context.Background()
	for seed := uint64(1); seed <= 4; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 24))
			s := openService(t)
			ws := s.core.Workspace()
			minute := 0
			pull := func(p string) {
				minute++
				req := gstr2a.IngestRequest{WorkspaceID: ws.ID, GSTIN: ws.GSTIN, Period: p, FetchedAt: time.Date(2026, 1, 1, 0, minute, 0, 0, time.UTC)}
				if rng.IntN(2) == 0 {
					req.Raw = gstr2atest.Listing(250+rng.IntN(400), rng.Uint64())
				} else {
					raw := fp.ReplaceAll(corpus[rng.IntN(len(corpus))], []byte(fmt.Sprintf(`"fp": "%s%s"`, p[5:], p[:4])))
					raw = flag.ReplaceAllFunc(raw, func([]byte) []byte {
						return []byte(fmt.Sprintf(`"cfs3b": %q`, []string{"Y", "N", ""}[rng.IntN(3)]))
					})
					raw = cancel.ReplaceAllFunc(raw, func([]byte) []byte {
						return []byte(fmt.Sprintf(`"dtcancel": %q`, []string{"27-Aug-19", "01-02-2025", ""}[rng.IntN(3)]))
					})
					req.Whole, req.Source, req.FileName = raw, "file", "2a.json"
				}
				if _, err := gstr2a.Ingest(ctx, s.core.DB.DB, req, nil); err != nil {
					t.Logf("%s refused: %v", p, err)
				}
			}
			for k := 0; k < 9; k++ { // Jan-Sep 2025: two financial years, some months pulled twice
				for n := 0; n < 1+rng.IntN(2); n++ {
					pull(fmt.Sprintf("2025-%02d", 1+k))
				}
			}
			// Compared again after each write: a new pull of a month, and nothing written (the kept calendar).
			for round := 0; round < 3; round++ {
				if round == 1 {
					pull(fmt.Sprintf("2025-%02d", 1+rng.IntN(9)))
				}
				for _, fy := range []string{"FY 2024-25", "FY 2025-26"} {
					fast, errFast := s.ITCRisk(ctx, periodtest.FY(fy), Register{})
					inFast, _ := s.riskInput(ctx, fy, Register{}, true, nil)
					slowRule37A = true
					slow, errSlow := s.ITCRisk(ctx, periodtest.FY(fy), Register{})
					inSlow, _ := s.riskInput(ctx, fy, Register{}, true, nil)
					slowRule37A = false
					if fmt.Sprint(errFast) != fmt.Sprint(errSlow) {
						t.Fatalf("%s: errors differ: %v / %v", fy, errFast, errSlow)
					}
					if !reflect.DeepEqual(fast, slow) {
						t.Errorf("%s: calendars differ: %d / %d items", fy, fast.Count, slow.Count)
					}
					if fast.Count == 0 {
						t.Errorf("%s: an empty calendar compares nothing", fy)
					}
					if fy == "FY 2024-25" {
						// Table 4 of October 2025 reverses the year's Rule 37A credit: the same either way.
						fastT4, errFast := s.Table4(ctx, periodtest.Month("2025-10"))
						slowRule37A = true
						slowT4, errSlow := s.Table4(ctx, periodtest.Month("2025-10"))
						slowRule37A = false
						if errFast != nil || errSlow != nil {
							t.Fatalf("Table 4: %v / %v", errFast, errSlow)
						}
						if !reflect.DeepEqual(fastT4, slowT4) {
							t.Errorf("Table 4 of October differs: reversed %v / %v", fastT4.Reversed(), slowT4.Reversed())
						}
						if round == 0 && fastT4.Reversed().Total() == 0 {
							t.Errorf("Table 4 of October reverses nothing: nothing compared")
						}
					}
					inFast.GSTR2A, inSlow.GSTR2A = nil, nil
					if !reflect.DeepEqual(inFast, inSlow) {
						t.Errorf("%s: inputs differ:\n%+v\n%+v", fy, inFast, inSlow)
					}
				}
			}
		})
	}
}
