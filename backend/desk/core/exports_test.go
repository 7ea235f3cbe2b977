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
	want := [][]string{{"supplier", "tax"}, {`'=HYPERLINK("http://x","y")`, "-123.45"}, {"'@SUM(1+1)", "1.00"}}
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

// TestExportFileAcceptsOnlyExports: the window opens or shows only files in the exports folder
// (and those saved where the person chose: TestWriteExportChosen).
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
}

// TestWriteExportChosen: with the window's Save dialog (an ExportChooser), an export asks first,
// offering the exports folder and the usual name; the file chosen is written whole, replacing one
// already there only once complete; a cancelled dialog writes nothing and is no error; a failed
// write leaves the file that was there; a dialog that cannot open sends the export to exports/.
func TestWriteExportChosen(t *testing.T) {
	tab := export.Table{Columns: []export.Column{{Key: "a", Title: "A"}}, Rows: [][]any{{"new"}}}
	wantCSV := "\ufeffA\nnew\n"
	type asked struct{ dir, name string }
	tests := []struct {
		name     string
		answer   func(dir string) string // the path the person chooses in dir ("" cancels)
		existing string                  // a file already at the chosen path
		fail     bool                    // the export's writer fails half-way
		dialog   error                   // the dialog cannot open
		wantFile string                  // the file's name afterwards, in the chosen folder ("" none)
		wantBody string
		wantErr  bool
	}{
		{name: "a new file", answer: func(d string) string { return filepath.Join(d, "mine.csv") }, wantFile: "mine.csv", wantBody: wantCSV},
		{name: "an existing file replaced whole", answer: func(d string) string { return filepath.Join(d, "mine.csv") },
			existing: "an older and much longer export that must not survive in part\n", wantFile: "mine.csv", wantBody: wantCSV},
		{name: "a name without its extension", answer: func(d string) string { return filepath.Join(d, "mine") }, wantFile: "mine.csv", wantBody: wantCSV},
		{name: "cancelled", answer: func(string) string { return "" }},
		{name: "cancelled with a file there", answer: func(string) string { return "" }, existing: "kept", wantFile: "mine.csv", wantBody: "kept"},
		{name: "the write fails", answer: func(d string) string { return filepath.Join(d, "mine.csv") }, existing: "kept", fail: true,
			wantFile: "mine.csv", wantBody: "kept", wantErr: true},
		{name: "a folder that does not exist", answer: func(d string) string { return filepath.Join(d, "gone", "mine.csv") }, wantErr: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			clock := coretest.NewClock(time.Date(2026, 11, 24, 10, 0, 0, 0, time.Local))
			data := t.TempDir()
			c, _ := coretest.OpenAt(t, data, nil, clock.Now)
			where := t.TempDir()
			if tc.existing != "" {
				os.WriteFile(filepath.Join(where, "mine.csv"), []byte(tc.existing), 0o600)
			}
			var got []asked
			c.SetExportChooser(func(dir, name string) (string, error) {
				got = append(got, asked{dir, name})
				return tc.answer(where), tc.dialog
			})
			write := func(w io.Writer) error { return export.Write(w, export.CSV, tab) }
			if tc.fail {
				write = func(w io.Writer) error { io.WriteString(w, "half"); return errors.New("disk full") }
			}
			p, err := c.WriteExportFile("lookup", export.CSV, write)
			if (err != nil) != tc.wantErr {
				t.Fatalf("err = %v, want an error: %v", err, tc.wantErr)
			}
			want := asked{filepath.Join(data, "exports"), "lookup-20261124-100000.csv"}
			if len(got) != 1 || got[0] != want {
				t.Errorf("the dialog was offered %+v, want once %+v", got, want)
			}
			es, _ := os.ReadDir(where)
			var names []string
			for _, e := range es {
				names = append(names, e.Name())
			}
			if tc.wantFile == "" {
				if len(names) != 0 || p != "" {
					t.Errorf("wrote %q (returned %q), want nothing", names, p)
				}
			} else {
				if len(names) != 1 || names[0] != tc.wantFile {
					t.Errorf("the folder holds %q, want %s alone (no temporary file)", names, tc.wantFile)
				}
				b, _ := os.ReadFile(filepath.Join(where, tc.wantFile))
				if string(b) != tc.wantBody {
					t.Errorf("the file holds %q, want %q", b, tc.wantBody)
				}
			}
			if !tc.wantErr && tc.wantBody == wantCSV {
				if p != filepath.Join(where, tc.wantFile) {
					t.Errorf("returned %q, want %q", p, filepath.Join(where, tc.wantFile))
				}
				if _, err := c.ExportFile(p); err != nil {
					t.Errorf("the window may not open the file it saved: %v", err)
				}
			}
			if ex, _ := os.ReadDir(filepath.Join(data, "exports")); len(ex) != 0 {
				t.Errorf("the exports folder holds %d files; the export went where it was asked", len(ex))
			}
		})
	}
}

// TestWriteExportDialogFails: a Save dialog that cannot open (no dialog on this system) sends the
// export to the exports folder, as without a dialog; exports of many files never ask.
func TestWriteExportDialogFails(t *testing.T) {
	data := t.TempDir()
	c, _ := coretest.OpenAt(t, data, nil, time.Now)
	asked := 0
	c.SetExportChooser(func(dir, name string) (string, error) { asked++; return "", errors.New("no dialog") })
	tab := export.Table{Columns: []export.Column{{Key: "a", Title: "A"}}, Rows: [][]any{{"1"}}}
	p, err := c.WriteExport("lookup", "csv", tab)
	if err != nil || filepath.Dir(p) != filepath.Join(data, "exports") {
		t.Fatalf("export = %q, %v; want a file in the exports folder", p, err)
	}
	if _, err := os.Stat(p); err != nil {
		t.Error(err)
	}
	if _, err := c.WriteExportFileInFolder("forms", export.CSV, func(w io.Writer) error { return export.Write(w, export.CSV, tab) }); err != nil {
		t.Fatal(err)
	}
	if asked != 1 {
		t.Errorf("the dialog was asked %d times, want once (the folder export never asks)", asked)
	}
}
