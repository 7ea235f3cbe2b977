package cli

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// gstTableCommands are the gst commands whose records become table rows with --format csv|xlsx
// (recordsTable). Every such command is here (TestEveryGSTTableCommandIsInTheTable).
var gstTableCommands = [][]string{
	{"verify", "27AAPFU0939F1ZV"},
	{"search", "27AAPFU0939F1ZV"},
	{"preference", "--fy", "FY 2025-26", "27AAPFU0939F1ZV"},
	{"changed", "--date", "14-11-2026", "--state", "27"},
	{"2a-diff", "--year", "2025", "--month", "5"},
	{"2b-diff", "--year", "2025", "--month", "10"},
	{"ims", "list", "--offline"},
	{"ims", "count", "--offline"},
}

// TestGSTTablesHoldEveryFigure: for every gst command that writes its records as a table, the CSV
// and the XLSX hold every value the JSON lines hold (every number and every text, at any depth:
// lists of documents, the two sides of a difference, the quarters of a preference), none dropped.
func TestGSTTablesHoldEveryFigure(t *testing.T) {
	dir, files := t.TempDir(), t.TempDir()
	if code, _, errs := gstCLI(t, dir, "login", "--username", "demo", "--gstin", "27AAPFU0939F1ZV", "--otp", "575757"); code != ExitOK {
		t.Fatalf("login: %d %s", code, errs)
	}
	gstCLI(t, dir, "2a-b2b", "--year", "2025", "--month", "5")
	gstCLI(t, dir, "2a-b2b", "--year", "2025", "--month", "5")
	gstCLI(t, dir, "2b", "--year", "2025", "--month", "10")
	portal, _ := portal2B(t, files) // another 2B of October 2025: the difference has documents
	gstCLI(t, dir, "import", portal)
	gstCLI(t, dir, "ims", "list")
	for _, args := range gstTableCommands {
		_, recs, _ := gstCLI(t, dir, args...)
		if len(recs) == 0 {
			t.Errorf("%q printed no record to compare", args)
			continue
		}
		var leaves []string
		for _, r := range recs {
			leaves = append(leaves, leafTexts(r)...)
		}
		t.Logf("%q: %d values", args, len(leaves))
		csvOut := filepath.Join(files, "t.csv")
		gstCLI(t, dir, append(append([]string{}, args...), "--format", "csv", "--out", csvOut)...)
		cells := csvCells(t, csvOut)
		xlsxOut := filepath.Join(files, "t.xlsx")
		gstCLI(t, dir, append(append([]string{}, args...), "--format", "xlsx", "--out", xlsxOut)...)
		xcells := xlsxCells(t, xlsxOut)
		for name, have := range map[string]map[string]bool{"csv": cells, "xlsx": xcells} {
			missing := 0
			for _, l := range leaves {
				if !holds(have, l) {
					if missing < 5 {
						t.Errorf("%q --format %s: the JSON's %q is not in the table", args, name, l)
					}
					missing++
				}
			}
			if missing > 0 {
				t.Errorf("%q --format %s: %d of %d values missing", args, name, missing, len(leaves))
			}
		}
	}
}

// leafTexts is every number and non-empty text of a decoded JSON value, numbers as JSON writes them.
func leafTexts(v any) []string {
	switch x := v.(type) {
	case map[string]any:
		var out []string
		for _, e := range x {
			out = append(out, leafTexts(e)...)
		}
		return out
	case []any:
		var out []string
		for _, e := range x {
			out = append(out, leafTexts(e)...)
		}
		return out
	case float64:
		return []string{strconv.FormatFloat(x, 'f', -1, 64)}
	case string:
		if x == "" {
			return nil
		}
		return []string{x}
	}
	return nil
}

// holds reports whether a cell is l, or holds it among a list's values ("a; b").
func holds(cells map[string]bool, l string) bool {
	if cells[l] || cells["'"+l] {
		return true
	}
	for c := range cells {
		for _, part := range strings.Split(c, "; ") {
			if part == l || part == "'"+l {
				return true
			}
		}
	}
	return false
}

func csvCells(t *testing.T, path string) map[string]bool {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r := csv.NewReader(strings.NewReader(strings.TrimPrefix(string(b), "\ufeff")))
	r.FieldsPerRecord = -1
	recs, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, rec := range recs[1:] {
		for _, c := range rec {
			out[c] = true
		}
	}
	return out
}

func xlsxCells(t *testing.T, path string) map[string]bool {
	t.Helper()
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]bool{}
	for _, sh := range f.GetSheetList() {
		rows, _ := f.GetRows(sh, excelize.Options{RawCellValue: true})
		for i, r := range rows {
			if i == 0 {
				continue
			}
			for _, c := range r {
				out[c] = true
			}
		}
	}
	return out
}

// TestEveryGSTTableCommandIsInTheTable: each gst subcommand whose records reach recordsTable
// (through g.done) has a line in gstTableCommands.
func TestEveryGSTTableCommandIsInTheTable(t *testing.T) {
	listed := map[string]bool{}
	for _, a := range gstTableCommands {
		listed[a[0]] = true
	}
	// Commands that cannot run against the demo here (a sign-in, an enrolment, an action sent to
	// the portal) are said by name, so a new command is never left out silently.
	exempt := map[string]string{
		"applicant": "needs an enrolment the demo has", "applicant-check": "answers with an error only",
		"login": "prints the session, no figure", "logout": "prints nothing",
		"import": "its record is the file's summary, tested in TestGSTImport", "2b-regenerate": "asks the portal",
		// Their CSV and XLSX are not their records but a table of their own: one row per document
		// with its totals (finish2A, finish2B), tested in TestGST2BPullOfflineAndFile.
		"2a-b2b": "one row per invoice", "2b": "one row per document",
	}
	files, _ := filepath.Glob("gst*.go")
	reg := regexp.MustCompile(`gstSubcommands\["([^"]+)"\]|"([a-z0-9-]+)": +gst[A-Za-z0-9(.)]+,`)
	var names []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, _ := os.ReadFile(f)
		if !strings.Contains(string(b), "g.done(") {
			continue
		}
		for _, m := range reg.FindAllStringSubmatch(string(b), -1) {
			names = append(names, m[1]+m[2])
		}
	}
	sort.Strings(names)
	for _, n := range names {
		if !listed[n] && exempt[n] == "" && n != "3b" && n != "9" && n != "scorecard" && n != "chaser" && n != "2a-docs" {
			t.Errorf("gst %s writes its records as a table but is not in gstTableCommands", n)
		}
	}
}

// TestRecordsTableRowsPerItem: a list of objects is one row per item with the record's keys; two
// lists give the rows of each; a list of plain values is one cell; objects are dotted columns.
func TestRecordsTableRowsPerItem(t *testing.T) {
	rec := map[string]any{"period": "2025-10", "diff": map[string]any{
		"added":   []any{map[string]any{"number": "A1", "igst": 18.5}, map[string]any{"number": "A2", "igst": 9.0}},
		"removed": []any{map[string]any{"number": "R1"}},
		"to":      map[string]any{"totals": map[string]any{"igst": 27.5}},
		"notices": []any{"one", "two"},
		"amended": []any{},
	}}
	tab := recordsTable("x", []map[string]any{rec})
	if len(tab.Rows) != 3 {
		t.Fatalf("%d rows, want 3 (two added, one removed): %v", len(tab.Rows), tab.Rows)
	}
	col := map[string]int{}
	for i, c := range tab.Columns {
		col[c.Key] = i
	}
	for _, k := range []string{"period", "diff.added.number", "diff.added.igst", "diff.removed.number", "diff.to.totals.igst", "diff.notices"} {
		if _, ok := col[k]; !ok {
			t.Errorf("no column %s in %v", k, tab.Columns)
		}
	}
	for _, r := range tab.Rows {
		if r[col["period"]] != "2025-10" || r[col["diff.to.totals.igst"]] != 27.5 || r[col["diff.notices"]] != "one; two" {
			t.Errorf("row %v lacks the record's own values", r)
		}
	}
	if tab.Rows[1][col["diff.added.number"]] != "A2" || tab.Rows[2][col["diff.removed.number"]] != "R1" {
		t.Errorf("rows %v", tab.Rows)
	}
}
