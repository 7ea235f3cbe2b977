//go:build thirdparty

// Run with go test -tags thirdparty: other projects' samples are never committed, so this check
// runs where a developer has saved them, not in CI.

package gstr2b

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestThirdPartyFiles reads every GSTR-2B and GSTR-2A file saved under $GSTDESK_THIRDPARTY
// (default /tmp/thirdparty; not committed: other projects' samples, GSTN's own among them). Each
// must be told apart and each GSTR-2B read and stored whole.
func TestThirdPartyFiles(t *testing.T) {
	dir := os.Getenv("GSTDESK_THIRDPARTY")
	if dir == "" {
		dir = "/tmp/thirdparty"
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) == 0 {
		t.Fatal("no third-party files in " + dir)
	}
	db := openDB(t)
	for i, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			raw, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			pf, err := DetectFile(filepath.Base(f), raw)
			if err != nil {
				t.Fatal(err)
			}
			if pf.Kind != FileGSTR2B {
				if len(pf.Raw2A) == 0 {
					t.Errorf("a GSTR-2A without its whole object")
				}
				return
			}
			r, err := Parse(raw, FromFile)
			if err != nil {
				t.Fatal(err)
			}
			snap, err := Save(context.Background(), db.DB, SaveRequest{WorkspaceID: f, GSTIN: pf.GSTIN, Source: SourceFile, FileName: filepath.Base(f),
				FetchedAt: time.Date(2026, 1, 1, 0, i, 0, 0, time.UTC), Raw: raw})
			if err != nil {
				t.Fatal(err)
			}
			if snap.Documents+snap.Rejected+snap.Reversed != len(r.Documents) {
				t.Errorf("stored %d+%d+%d documents of %d", snap.Documents, snap.Rejected, snap.Reversed, len(r.Documents))
			}
			t.Logf("%s %s: %d documents, %d rejected, %d reversed; notices: %q", pf.GSTIN, pf.Period, snap.Documents, snap.Rejected, snap.Reversed, r.Notices)
		})
	}
}
