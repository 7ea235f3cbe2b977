package export

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"gstdesk/backend/money"
)

// hostile are text cells a spreadsheet would run as formulas, as the issue found them: a supplier
// legal name from the remote service, invoice numbers and employee codes from imported files.
var hostile = []struct{ in, want string }{
	{`=HYPERLINK("http://x","y")`, `'=HYPERLINK("http://x","y")`},
	{"=1+1", "'=1+1"},
	{"+1+1", "'+1+1"},
	{"-5", "'-5"},
	{"@SUM(1+1)", "'@SUM(1+1)"},
	{`=cmd|' /C calc'!A0`, `'=cmd|' /C calc'!A0`},
	{"\t=1+1", "'\t=1+1"},
	{"\r=1+1", "'\r=1+1"},
	{"Acme = Traders", "Acme = Traders"},
	{"INV-001", "INV-001"},
	{"", ""},
	{"'=1+1", "'=1+1"}, // already neutral: starts with the apostrophe
}

func TestSafeCell(t *testing.T) {
	for _, tt := range hostile {
		if got := SafeCell(tt.in); got != tt.want {
			t.Errorf("SafeCell(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

type status string

// TestCSVNeutralisesTextNotNumbers: every text cell (and header) that starts a formula is
// neutralised; numbers, money and booleans are written as numbers whatever their sign, because the
// cell's type decides, not its text.
func TestCSVNeutralisesTextNotNumbers(t *testing.T) {
	tab := Table{Columns: []Column{{Key: "=name"}, {Key: "amount", Kind: Money}, {Key: "paise", Kind: Money}, {Key: "n", Kind: Integer}, {Key: "status"}}}
	for _, h := range hostile {
		tab.Rows = append(tab.Rows, []any{h.in, -123.45, money.Paise(-12345), int64(-7), status(h.in)})
	}
	var b bytes.Buffer
	if err := Write(&b, CSV, tab); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(b.String(), "\ufeff"))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if recs[0][0] != "'=name" {
		t.Errorf("header %q, want '=name", recs[0][0])
	}
	for i, h := range hostile {
		got := recs[i+1]
		want := []string{h.want, "-123.45", "-123.45", "-7", h.want}
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("row %d = %q, want %q", i+1, got, want)
		}
	}
}

// TestXLSXKeepsTextAsText: in XLSX a hostile text is a plain string cell, never a formula, and
// keeps its exact text (no apostrophe: XLSX has a real text type); numbers stay numbers.
func TestXLSXKeepsTextAsText(t *testing.T) {
	tab := Table{Name: "T", Columns: []Column{{Key: "name"}, {Key: "amount", Kind: Money}}}
	for _, h := range hostile {
		tab.Rows = append(tab.Rows, []any{h.in, money.Paise(-12345)})
	}
	var b bytes.Buffer
	if err := Write(&b, XLSX, tab); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenReader(&b)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for i, h := range hostile {
		if h.in == "" {
			continue
		}
		a, _ := excelize.CoordinatesToCellName(1, i+2)
		if fm, _ := f.GetCellFormula("T", a); fm != "" {
			t.Errorf("%s holds the formula %q", a, fm)
		}
		if v, _ := f.GetCellValue("T", a); v != h.in {
			t.Errorf("%s = %q, want %q", a, v, h.in)
		}
		ty, _ := f.GetCellType("T", a)
		if ty == excelize.CellTypeFormula || ty == excelize.CellTypeNumber {
			t.Errorf("%s has type %v, want text", a, ty)
		}
		m, _ := excelize.CoordinatesToCellName(2, i+2)
		if ty, _ := f.GetCellType("T", m); ty == excelize.CellTypeInlineString || ty == excelize.CellTypeSharedString {
			t.Errorf("%s (money) is text", m)
		}
	}
}
