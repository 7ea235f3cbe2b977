package tds

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gstdesk/backend/money"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// everyItem is an employee with every item of the workbook that changes a line of the sheet, so
// the golden sheets show every citation.
func everyItem(pan string) Input {
	in := Input{PANStatus: pan}
	set := func(f Field, r int64) { in.Amounts[f] = money.FromRupees(r) }
	set(Salary17_1, 2_400_000)
	set(Perquisites17_2, 60_000)
	set(Profits17_3, 10_000)
	set(PrevEmployerSalary, 300_000)
	set(PrevEmployerTDS, 15_000)
	set(Travel10_5, 20_000)
	set(Gratuity10_10, 5_000)
	set(Pension10_10A, 4_000)
	set(LeaveEncashment10_10AA, 3_000)
	set(HRA10_13A, 180_000)
	set(Special10_14, 12_000)
	set(OtherExemption10, 1_000)
	set(Entertainment16ii, 2_000)
	set(ProfessionalTax16iii, 3_000)
	set(HouseProperty, -250_000)
	set(OtherSources, 40_000)
	set(Ded80C, 120_000)
	set(Ded80CCC, 20_000)
	set(Ded80CCD1, 30_000)
	set(Ded80CCD1B, 60_000)
	set(Ded80CCD2, 400_000)
	set(Ded80CCG, 1_000)
	set(Ded80CCH, 2_000)
	set(Ded80D, 25_000)
	set(Ded80E, 30_000)
	set(Ded80G, 5_000)
	set(Qual80G, 10_000)
	set(Ded80TTA, 12_000)
	set(DedOther, 1_500)
	return in
}

// TestGoldenSheets compares every year's computation sheet of an employee with every item, and
// of one without a PAN, with testdata/sheets/<year>.txt (go test ./backend/tds -update rewrites
// them). The FY 2026-27 sheet cites the Income-tax Act 2025 on every line that cites a section.
func TestGoldenSheets(t *testing.T) {
	for _, fy := range Supported() {
		var b strings.Builder
		for _, in := range []Input{everyItem(PANValid), everyItem(PANNotAvailable)} {
			e, err := Explain(in, fy)
			if err != nil {
				t.Fatal(err)
			}
			b.WriteString(FormatExplanation(e))
			b.WriteString("\n")
		}
		got := b.String()
		path := filepath.Join("testdata", "sheets", strings.ReplaceAll(fy.String(), " ", "-")+".txt")
		if *update {
			os.MkdirAll(filepath.Dir(path), 0o755)
			if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test ./backend/tds -update)", err)
		}
		if got != string(want) {
			t.Errorf("%s sheet differs from %s:\n%s", fy, path, got)
		}
	}
}
