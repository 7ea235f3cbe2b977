package gstr2a

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/gstr2a/gstr2atest"
)

// TestRule37ADocumentsAsReconDocuments stores generated years (the corpus's files of every section
// and the large-client listing, each supplier's GSTR-3B flag and cancellation date drawn at random,
// some periods pulled twice) and checks that Rule37ADocuments gives exactly what ReconDocuments
// gives filtered: the documents not flagged Y (TDS and TCS left out) in the same order with the
// same fields, every supplier, and the last cancellation date of each.
func TestRule37ADocumentsAsReconDocuments(t *testing.T) {
	files, err := filepath.Glob("testdata/corpus/*.json")
	if err != nil {
		t.Fatal(err)
	}
	var raws [][]byte
	for _, f := range files {
		if strings.HasSuffix(f, ".golden.json") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		raws = append(raws, b)
	}
	flag := regexp.MustCompile(`"cfs3b": ?"[YN]"`)
	fp := regexp.MustCompile(`"fp": ?"[0-9]{6}"`)
	cancel := regexp.MustCompile(`"dtcancel": ?"[^"]*"`)
	ctx := context.Background()
	others, cancelled := 0, 0 // what the seeds covered besides B2B
	for seed := uint64(1); seed <= 5; seed++ {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 37))
			db := openDB(t)
			var periods []string
			minute := 0
			for k := 0; k < 6; k++ {
				p := fmt.Sprintf("2025-%02d", 4+k)
				periods = append(periods, p)
				pulls := 1 + rng.IntN(2) // a second pull of the period replaces the first
				for n := 0; n < pulls; n++ {
					minute++
					var raw []byte
					if rng.IntN(3) == 0 {
						raw = gstr2atest.Listing(250+rng.IntN(500), rng.Uint64()) // a fifth of suppliers flagged N
					} else {
						raw = raws[rng.IntN(len(raws))]
						raw = fp.ReplaceAll(raw, []byte(fmt.Sprintf(`"fp": "%s%s"`, p[5:], p[:4])))
						raw = flag.ReplaceAllFunc(raw, func([]byte) []byte {
							return []byte(fmt.Sprintf(`"cfs3b": %q`, []string{"Y", "N", ""}[rng.IntN(3)]))
						})
						raw = cancel.ReplaceAllFunc(raw, func([]byte) []byte {
							return []byte(fmt.Sprintf(`"dtcancel": %q`, []string{"27-Aug-19", "01-02-2025", ""}[rng.IntN(3)]))
						})
					}
					if _, err := Ingest(ctx, db, IngestRequest{WorkspaceID: "ws", GSTIN: testGSTIN, Period: p,
						FetchedAt: baseTime.Add(time.Duration(minute) * time.Minute), Source: "file", FileName: "2a.json", Whole: raw}, nil); err != nil {
						continue // a refused file: the period keeps what it had
					}
				}
			}
			periods = append(periods, "2025-12") // never pulled
			all, err := ReconDocuments(ctx, db, "ws", periods)
			if err != nil {
				t.Fatal(err)
			}
			want := Rule37AInput{Documents: []ReconDocument{}, Suppliers: []string{}, Cancelled: map[string]string{}}
			seen := map[string]bool{}
			for _, d := range all {
				if d.Kind == KindTDS || d.Kind == KindTCS {
					continue
				}
				if !seen[d.SupplierGSTIN] {
					seen[d.SupplierGSTIN] = true
					want.Suppliers = append(want.Suppliers, d.SupplierGSTIN)
				}
				if d.CancelledOn != "" {
					want.Cancelled[d.SupplierGSTIN] = d.CancelledOn
				}
				if d.CFS3B != "Y" {
					want.Documents = append(want.Documents, d)
					if d.Section != "b2b" {
						others++
					}
				}
			}
			// Rule37ASuppliers reads the suppliers alone before the documents are read, and from
			// the documents read after: the same suppliers, cancellations and pulls both times.
			sup, err := Rule37ASuppliers(ctx, db, "ws", periods)
			if err != nil {
				t.Fatal(err)
			}
			got, err := Rule37ADocuments(ctx, db, "ws", periods)
			if err != nil {
				t.Fatal(err)
			}
			for _, id := range got.Pulls { // the suppliers forgotten, the documents kept
				rule37AMarksOf(db).Drop(id)
			}
			sup2, err := Rule37ASuppliers(ctx, db, "ws", periods)
			if err != nil {
				t.Fatal(err)
			}
			for i, s := range []Rule37AInput{sup, sup2} {
				if s.Documents != nil || !reflect.DeepEqual(s.Suppliers, got.Suppliers) || !reflect.DeepEqual(s.Cancelled, got.Cancelled) || !reflect.DeepEqual(s.Pulls, got.Pulls) {
					t.Errorf("Rule37ASuppliers (%d) differs from Rule37ADocuments: %d documents, %d/%d suppliers, %d/%d cancelled, pulls %v/%v",
						i, len(s.Documents), len(s.Suppliers), len(got.Suppliers), len(s.Cancelled), len(got.Cancelled), s.Pulls, got.Pulls)
				}
			}
			if len(want.Documents) == 0 {
				flags := map[string]int{}
				for _, d := range all {
					flags[d.Kind+":"+d.CFS3B]++
				}
				t.Fatalf("seed %d: no document to compare (%d in all: %v)", seed, len(all), flags)
			}
			if !reflect.DeepEqual(got.Documents, want.Documents) {
				t.Errorf("documents: got %d, want %d", len(got.Documents), len(want.Documents))
				for i := range min(len(got.Documents), len(want.Documents)) {
					if !reflect.DeepEqual(got.Documents[i], want.Documents[i]) {
						t.Fatalf("first difference at %d:\n%+v\n%+v", i, got.Documents[i], want.Documents[i])
					}
				}
			}
			if !reflect.DeepEqual(got.Suppliers, want.Suppliers) {
				t.Errorf("suppliers:\n%v\n%v", got.Suppliers, want.Suppliers)
			}
			cancelled += len(want.Cancelled)
			if !reflect.DeepEqual(got.Cancelled, want.Cancelled) {
				t.Errorf("cancelled:\n%v\n%v", got.Cancelled, want.Cancelled)
			}
		})
	}
	if others == 0 || cancelled == 0 {
		t.Errorf("the seeds compared %d documents of other sections and %d cancellations: draw others", others, cancelled)
	}
}
