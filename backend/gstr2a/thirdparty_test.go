//go:build thirdparty

// Run with go test -tags thirdparty: other projects' samples are never committed, so this check
// runs where a developer has saved them, not in CI.

package gstr2a

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestThirdPartyReturns imports whole every third-party GSTR-2A sample found in
// $GSTR2A_THIRDPARTY (default /tmp/thirdparty; never committed): every section it has must be
// stored.
func TestThirdPartyReturns(t *testing.T) {
	dir := os.Getenv("GSTR2A_THIRDPARTY")
	if dir == "" {
		dir = "/tmp/thirdparty"
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*2a*.json"))
	if len(files) == 0 {
		t.Fatal("no third-party GSTR-2A samples in " + dir)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			raw, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var top map[string]json.RawMessage
			if err := json.Unmarshal(raw, &top); err != nil {
				t.Fatal(err)
			}
			ret, err := ParseReturn(raw)
			if err != nil {
				t.Fatal(err)
			}
			period := "2025-05"
			if len(ret.Period) == 6 {
				period = ret.Period[2:] + "-" + ret.Period[:2]
			}
			snap, err := Ingest(context.Background(), openDB(t), IngestRequest{WorkspaceID: "ws", GSTIN: ret.GSTIN, Period: period,
				FetchedAt: baseTime, Source: "file", Whole: raw}, nil)
			if err != nil {
				t.Fatal(err)
			}
			have := map[string]bool{}
			for _, st := range snap.Sections {
				have[st.Section] = true
			}
			for _, sec := range Sections {
				var list []json.RawMessage
				if json.Unmarshal(top[sec], &list) == nil && len(list) > 0 && !have[sec] {
					t.Errorf("section %s (%d entries) not stored", sec, len(list))
				}
			}
			t.Logf("%d invoices, %d documents, sections %d, notices %q", snap.Invoices, snap.Documents, len(snap.Sections), snap.Notices)
		})
	}
}
