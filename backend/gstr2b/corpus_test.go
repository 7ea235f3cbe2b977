package gstr2b

import (
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/money"
)

var update = flag.Bool("update", false, "rewrite testdata/golden from what the reader gives now")

// corpusGolden is what a corpus file reads as: counts per part and section, totals per head,
// the notices, or the refusal; and what storing it keeps.
type corpusGolden struct {
	Error          string                       `json:"error,omitempty"`
	GSTIN          string                       `json:"gstin,omitempty"`
	Period         string                       `json:"period,omitempty"`
	Version        string                       `json:"version,omitempty"`
	GenDate        string                       `json:"gendt,omitempty"`
	Shape          string                       `json:"shape,omitempty"`
	Files          int                          `json:"files,omitempty"`
	Sections       map[string]int               `json:"sections,omitempty"`
	Totals         map[string]map[string]string `json:"totals,omitempty"`
	ValueBases     map[string]int               `json:"value_bases,omitempty"`
	ITCParts       map[string][]string          `json:"itcsumm,omitempty"`
	Counterparties map[string]int               `json:"cpsumm,omitempty"`
	Rejected       map[string]int               `json:"cpSummRej,omitempty"`
	Notices        []string                     `json:"notices,omitempty"`
	Stored         *storedGolden                `json:"stored,omitempty"`
}

type storedGolden struct {
	Documents    int            `json:"documents"`
	Rejected     int            `json:"rejected"`
	Reversed     int            `json:"reversed"`
	Suppliers    int            `json:"suppliers"`
	ITCAvailable string         `json:"itc_available"`
	Note         string         `json:"note,omitempty"`
	Sections     map[string]int `json:"sections"`
	Notices      int            `json:"notices"`
}

func goldenOf(r *Return) corpusGolden {
	g := corpusGolden{GSTIN: r.GSTIN, Period: r.Period, Version: r.Version, GenDate: r.GenDate, Shape: r.Shape(), Files: r.Files,
		Sections: map[string]int{}, Totals: map[string]map[string]string{}, ValueBases: map[string]int{}, ITCParts: map[string][]string{},
		Counterparties: map[string]int{}, Rejected: map[string]int{}, Notices: r.Notices}
	type heads struct{ taxable, igst, cgst, sgst, cess, value money.Paise }
	sums := map[string]*heads{}
	for i := range r.Documents {
		d := &r.Documents[i]
		g.Sections[d.Part()+"."+d.Section]++
		h := sums[d.Part()]
		if h == nil {
			h = &heads{}
			sums[d.Part()] = h
		}
		sg := d.Sign()
		h.taxable += sg * d.Taxable
		h.igst += sg * d.IGST
		h.cgst += sg * d.CGST
		h.sgst += sg * d.SGST
		h.cess += sg * d.Cess
		h.value += sg * d.Value
		b := d.ValueBasis
		if b == "" {
			b = "given"
		}
		g.ValueBases[d.Section+":"+b]++
	}
	for p, h := range sums {
		g.Totals[p] = map[string]string{"taxable": h.taxable.Decimal(), "igst": h.igst.Decimal(), "cgst": h.cgst.Decimal(),
			"sgst": h.sgst.Decimal(), "cess": h.cess.Decimal(), "value": h.value.Decimal()}
	}
	for p, groups := range r.ITC {
		for grp, sg := range groups {
			secs := make([]string, 0, len(sg.Sections))
			for s := range sg.Sections {
				secs = append(secs, s)
			}
			sort.Strings(secs)
			g.ITCParts[p+"."+grp] = append([]string{"tax " + sg.Total.Tax().Decimal()}, secs...)
		}
	}
	for s, l := range r.Counterparties {
		g.Counterparties[s] = len(l)
	}
	for s, l := range r.RejectedCounterparties {
		g.Rejected[s] = len(l)
	}
	return g
}

// corpusInputs lists the corpus: each file, and the split return's directory as one input.
func corpusInputs(t testing.TB) map[string][][]byte {
	out := map[string][][]byte{}
	files, _ := filepath.Glob("testdata/corpus/*.json")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[strings.TrimSuffix(filepath.Base(f), ".json")] = [][]byte{b}
	}
	parts, _ := filepath.Glob("testdata/corpus/split/*.json")
	sort.Strings(parts)
	for _, f := range parts {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out["split"] = append(out["split"], b)
	}
	return out
}

// TestCorpus reads every file of the corpus (written from the published shapes: each section of
// each version, the service's envelope, amendments without their original, unknown keys and
// codes, a split return, an empty period, refusals) and compares what it reads and what storing
// it keeps with testdata/golden. go test -run TestCorpus -update rewrites the goldens.
func TestCorpus(t *testing.T) {
	db := openDB(t)
	ctx := context.Background()
	inputs := corpusInputs(t)
	names := make([]string, 0, len(inputs))
	for n := range inputs {
		names = append(names, n)
	}
	sort.Strings(names)
	if len(names) < 15 {
		t.Fatalf("the corpus has %d inputs", len(names))
	}
	for i, name := range names {
		t.Run(name, func(t *testing.T) {
			files := inputs[name]
			var got corpusGolden
			r, err := ParseFiles(files)
			if err != nil {
				if apperr.KindOf(err) != apperr.Invalid {
					t.Errorf("a file's fault gave kind %s", apperr.KindOf(err))
				}
				got.Error = apperr.Command.Public(err).Message
			} else {
				got = goldenOf(r)
				raw, parts, err := AssembleFiles(files)
				if err != nil {
					t.Fatal(err)
				}
				snap, err := Save(ctx, db.DB, SaveRequest{WorkspaceID: name, GSTIN: r.GSTIN, Source: SourceFile, FileName: name + ".json",
					FetchedAt: time.Date(2026, 1, 1, 0, i, 0, 0, time.UTC), Raw: raw, Files: parts})
				if err != nil {
					t.Fatal(err)
				}
				counts, err := SectionCounts(ctx, db.DB, snap)
				if err != nil {
					t.Fatal(err)
				}
				st := &storedGolden{Documents: snap.Documents, Rejected: snap.Rejected, Reversed: snap.Reversed, Suppliers: snap.Suppliers,
					ITCAvailable: snap.ITCAvailable.Decimal(), Note: snap.Note, Sections: map[string]int{}, Notices: len(snap.Notices)}
				for _, c := range counts {
					k := "docdata"
					if c.Rejected {
						k = "docRejdata"
					}
					if c.Reversed {
						k += ".itcrev"
					}
					st.Sections[k+"."+c.Section] = c.Documents
				}
				got.Stored = st
				if !reflect.DeepEqual(st.Sections, got.Sections) {
					t.Errorf("stored sections %v, read %v", st.Sections, got.Sections)
				}
			}
			path := filepath.Join("testdata/golden", name+".json")
			if *update {
				b, _ := json.MarshalIndent(got, "", "  ")
				if err := os.MkdirAll("testdata/golden", 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -run TestCorpus -update)", err)
			}
			var want corpusGolden
			if err := json.Unmarshal(b, &want); err != nil {
				t.Fatal(err)
			}
			gb, _ := json.Marshal(got)
			wb, _ := json.Marshal(want)
			if string(gb) != string(wb) {
				t.Errorf("got\n%s\nwant\n%s", gb, wb)
			}
		})
	}
}

// corpusSeeds are the corpus's files (testdata/corpus), each a seed of the fuzz targets.
func corpusSeeds(t testing.TB) [][]byte {
	var out [][]byte
	for _, files := range corpusInputs(t) {
		out = append(out, files...)
	}
	return out
}
