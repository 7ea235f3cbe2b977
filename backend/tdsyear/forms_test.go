package tdsyear

import (
	"bytes"
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"gstdesk/backend/tds"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

var spaces = regexp.MustCompile(`\s+`)

// pdfText is the text of a PDF as pdftotext (poppler-utils, installed by make setup) reads it,
// with runs of white space made one space.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	bin, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Fatal("pdftotext is not installed: run make setup (Debian package poppler-utils)")
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "f.pdf")
	if err := os.WriteFile(in, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(bin, "-enc", "UTF-8", in, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return spaces.ReplaceAllString(string(out), " ")
}

// formYear records two months for an employee in the new regime with perquisites and one who
// opted out, and reads the year back.
func formYear(t *testing.T, fy tds.FY) []Annual {
	t.Helper()
	db := openDB(t)
	csv := "employee_code,name,pan,regime,salary_as_per_provisions_contained_in_section_17_1,value_of_perquisites_us_17_2,tds_deducted," +
		"deductible_amount_us_80_c,gross_amount_us_80_c,house_rent_allowance_us_10_13_a,deductible_amount_us_80_d,gross_amount_us_80_d,tax_on_employment_us_16_iii\n" +
		"E1,Asha Rao,ABCPR1234K,,250000,10000,30000,0,0,0,0,0,200\n" +
		"E2,Ravi Kumar,BCDPS2345L,old,120000,0,,150000,180000,96000,25000,25000,200\n"
	for _, m := range []time.Month{time.April, time.May} {
		if res, err := importMonth(t, db, fy, m, []byte(csv), Options{}); err != nil {
			t.Fatalf("%v %+v", err, res.Problems)
		}
	}
	y, err := Year(context.Background(), db.DB, ws, fy, "")
	if err != nil || len(y) != 2 {
		t.Fatalf("year %+v %v", y, err)
	}
	return y
}

var employer = Employer{Name: "Acme Tools Pvt Ltd", TAN: "MUMA12345B", PAN: "AAACA1234F", Address: "12 MG Road, Pune 411001", Responsible: "Ravi Iyer", Designation: "Director"}

// TestFormsPDFText: every row of each form, its figures, the notes and the verification are in
// the PDF's text as pdftotext reads it, and the text is the golden one.
func TestFormsPDFText(t *testing.T) {
	made := time.Date(2026, 5, 31, 10, 0, 0, 0, time.UTC)
	for _, fy := range []tds.FY{2025, 2026} {
		year := formYear(t, fy)
		var all strings.Builder
		for i := range year {
			certs, err := Certificates(fy, employer, &year[i])
			if err != nil {
				t.Fatal(err)
			}
			if want := map[int]int{0: 2, 1: 1}[i]; len(certs) != want {
				t.Fatalf("%s employee %d: %d forms, want %d (Form 12BA/123 only with perquisites)", fy, i, len(certs), want)
			}
			for _, c := range certs {
				var b bytes.Buffer
				if err := c.WritePDF(&b, made); err != nil {
					t.Fatal(err)
				}
				text := pdfText(t, b.Bytes())
				for _, line := range append(append([]string{}, c.Title...), c.Notes...) {
					if !strings.Contains(text, spaces.ReplaceAllString(line, " ")) {
						t.Errorf("%s: %q not in the PDF text", c.Kind, line)
					}
				}
				for _, h := range c.Header {
					if !strings.Contains(text, h[0]) || h[1] != "" && !strings.Contains(text, h[1]) {
						t.Errorf("%s: header %q not in the PDF text", c.Kind, h)
					}
				}
				for _, r := range c.Rows {
					if !strings.Contains(text, r.Label) {
						t.Errorf("%s row %s %q not in the PDF text", c.Kind, r.No, r.Label)
					}
					for _, a := range r.Amounts {
						if s := a.String(); s != "" && !strings.Contains(text, s) {
							t.Errorf("%s row %s: amount %q not in the PDF text", c.Kind, r.No, s)
						}
					}
				}
				for _, s := range c.Sign {
					if !strings.Contains(text, s) {
						t.Errorf("%s: %q not in the PDF text", c.Kind, s)
					}
				}
				all.WriteString("== " + c.FileBase + " ==\n" + text + "\n")
				var x bytes.Buffer
				if err := c.WriteXLSX(&x); err != nil {
					t.Fatal(err)
				}
				if _, err := excelize.OpenReader(&x); err != nil {
					t.Fatal(err)
				}
			}
		}
		golden := filepath.Join("testdata", "forms-"+strings.ReplaceAll(fy.String(), " ", "-")+".txt")
		if *update {
			os.MkdirAll("testdata", 0o755)
			os.WriteFile(golden, []byte(all.String()), 0o644)
			continue
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%v (go test ./backend/tdsyear -run TestFormsPDFText -update)", err)
		}
		if all.String() != string(want) {
			t.Errorf("%s: the forms' text differs from %s:\n%s", fy, golden, all.String())
		}
	}
}

// TestForm16Figures: the rows of Part B add up to the engine's computation of the year.
func TestForm16Figures(t *testing.T) {
	year := formYear(t, 2025)
	e2 := &year[1]
	c, err := Form16B(2025, employer, e2)
	if err != nil {
		t.Fatal(err)
	}
	row := func(no, label string) Amount {
		for _, r := range c.Rows {
			if r.No == no && strings.HasPrefix(r.Label, label) {
				return r.Amounts[len(r.Amounts)-1]
			}
		}
		t.Fatalf("no row %s %s", no, label)
		return Amount{}
	}
	old := e2.Figures()
	if row("A.", "Whether opting out").Text != "Yes" || row("9.", "Gross total income").Value != old.GrossTotalIncome ||
		row("11.", "Aggregate").Value != old.ChapterVIA || row("17.", "Tax payable").Value.WholeRupees() != old.Liability ||
		row("(e)", "House rent").Value.WholeRupees() != 96_000 {
		t.Errorf("rows: %+v\nold regime: %+v", c.Rows, old)
	}
}
