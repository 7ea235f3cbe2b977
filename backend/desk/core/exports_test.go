package core_test

import (
	"encoding/csv"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gstdesk/backend/desk/core/coretest"
	"gstdesk/backend/export"
	"gstdesk/backend/money"
)

// TestWriteExportNeutralisesAndNeverOverwrites: the window's CSV export neutralises formula text
// and keeps numbers; two exports in the same second get two files; a failed export leaves no
// file and no temporary file in the exports folder.
func TestWriteExportNeutralisesAndNeverOverwrites(t *testing.T) {
	clock := coretest.NewClock(time.Date(2026, 11, 24, 10, 0, 0, 0, time.Local))
	c, _ := coretest.OpenAt(t, t.TempDir(), nil, clock.Now)
	tab := export.Table{Columns: []export.Column{{Key: "supplier"}, {Key: "tax", Kind: export.Money}},
		Rows: [][]any{{`=HYPERLINK("http://x","y")`, money.Paise(-12345)}, {"@SUM(1+1)", money.Paise(100)}}}
	p1, err := c.WriteExport("lookup", "csv", tab)
	if err != nil {
		t.Fatal(err)
	}
	p2, err := c.WriteExport("lookup", "csv", tab)
	if err != nil {
		t.Fatal(err)
	}
	if p1 == p2 {
		t.Fatalf("two exports share the path %s", p1)
	}
	b, _ := os.ReadFile(p1)
	recs, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(string(b), "\ufeff"))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{{"supplier", "tax"}, {`'=HYPERLINK("http://x","y")`, "-123.45"}, {"'@SUM(1+1)", "1"}}
	for i := range want {
		if strings.Join(recs[i], "|") != strings.Join(want[i], "|") {
			t.Errorf("row %d = %q, want %q", i, recs[i], want[i])
		}
	}
	_, err = c.WriteExportFile("broken", export.CSV, func(w io.Writer) error {
		io.WriteString(w, "half")
		return errors.New("disk full")
	})
	if err == nil {
		t.Fatal("a failed export reported success")
	}
	es, _ := os.ReadDir(filepath.Dir(p1))
	if len(es) != 2 {
		var names []string
		for _, e := range es {
			names = append(names, e.Name())
		}
		t.Errorf("exports folder holds %q, want the two good exports only", names)
	}
}

// TestExportFileAcceptsOnlyExports: the window opens, shows or copies only files in the exports
// folder; a copy saved elsewhere is the export, byte for byte.
func TestExportFileAcceptsOnlyExports(t *testing.T) {
	data := t.TempDir()
	c, _ := coretest.OpenAt(t, data, nil, time.Now)
	p, err := c.WriteExport("lookup", "csv", export.Table{Columns: []export.Column{{Key: "a", Title: "A"}}, Rows: [][]any{{"1"}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.ExportFile(p); err != nil {
		t.Errorf("an export refused: %v", err)
	}
	outside := filepath.Join(t.TempDir(), "x.csv")
	os.WriteFile(outside, []byte("x"), 0o600)
	for _, bad := range []string{outside, filepath.Join(data, "exports"), filepath.Join(data, "exports", "..", "gstdesk.db"), filepath.Join(data, "exports", "gone.csv")} {
		if _, err := c.ExportFile(bad); err == nil {
			t.Errorf("%s accepted as an export", bad)
		}
	}
	to := filepath.Join(t.TempDir(), "mine.csv")
	if got, err := c.CopyExport(p, to); err != nil || got != to {
		t.Fatalf("copy = %q, %v", got, err)
	}
	a, _ := os.ReadFile(p)
	b, _ := os.ReadFile(to)
	if string(a) != string(b) || len(a) == 0 {
		t.Errorf("the copy differs from the export")
	}
}
