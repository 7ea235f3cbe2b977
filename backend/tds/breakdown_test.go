package tds

import (
	"math/rand"
	"testing"

	"gstdesk/backend/money"
)

// TestDetailAgreesWithCompute: the breakdown's figures are the engine's, and its items add up to
// the engine's totals, on random inputs in every year and both regimes.
func TestDetailAgreesWithCompute(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for i := 0; i < 3000; i++ {
		in := randomInput(rng)
		for _, fy := range Supported() {
			res, err := Compute(in, fy)
			if err != nil {
				t.Fatal(err)
			}
			for _, g := range []Regime{NewRegime, OldRegime} {
				d, err := Detail(in, fy, g)
				if err != nil {
					t.Fatal(err)
				}
				if d.RegimeResult != res.Regime(g) {
					t.Fatalf("case %d %s %s: detail %+v, compute %+v", i, fy, g, d.RegimeResult, res.Regime(g))
				}
				var ex money.Paise
				for f := Travel10_5; f <= OtherExemption10; f++ {
					ex += d.Exempt[f]
				}
				if d.ExemptTotal != min(ex, d.Gross) {
					t.Fatalf("case %d %s %s: exemptions %s, total %s", i, fy, g, ex, d.ExemptTotal)
				}
				if want := max(0, d.Gross-d.ExemptTotal-d.Standard-d.Entertainment-d.ProfessionalTax); d.SalaryHead != want {
					t.Fatalf("case %d %s %s: salary head %s, want %s", i, fy, g, d.SalaryHead, want)
				}
				if want := max(0, d.SalaryHead+d.HouseProperty+d.OtherSources); d.GrossTotalIncome != want {
					t.Fatalf("case %d %s %s: gross total income %s, want %s", i, fy, g, d.GrossTotalIncome, want)
				}
				via := d.Group80C
				for _, o := range viaOthers {
					via += d.Deductible[o.f]
				}
				// 80CCD(2)'s cap is a percentage of salary: each item is rounded to the paisa, the
				// total once, so they may differ by a paisa.
				if diff := min(via, d.GrossTotalIncome) - d.ChapterVIA; diff > 1 || diff < -1 {
					t.Fatalf("case %d %s %s: deductions %s, Chapter VI-A %s", i, fy, g, via, d.ChapterVIA)
				}
			}
		}
	}
}

// TestDetailCaps: the caps a form prints, worked by hand for FY 2025-26, old regime.
func TestDetailCaps(t *testing.T) {
	var in Input
	in.PANStatus = PANValid
	r := money.FromRupees
	in.Amounts[Salary17_1] = r(1_000_000)
	in.Amounts[ProfessionalTax16iii] = r(3_000) // cap 2,500
	in.Amounts[Ded80C] = r(120_000)
	in.Amounts[Ded80CCD1] = r(60_000)  // with 80C 1,80,000: the group is capped at 1,50,000
	in.Amounts[Ded80CCD1B] = r(70_000) // cap 50,000
	in.Amounts[Ded80CCD2] = r(150_000) // old regime: 10% of 10,00,000 = 1,00,000
	in.Amounts[Ded80TTA] = r(12_000)   // cap 10,000
	in.Amounts[HouseProperty] = r(-300_000)
	d, err := Detail(in, 2025, OldRegime)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name      string
		got, want money.Paise
	}{
		{"standard deduction", d.Standard, r(50_000)},
		{"professional tax", d.ProfessionalTax, r(2_500)},
		{"80C as declared", d.Deductible[Ded80C], r(120_000)},
		{"80C group", d.Group80C, r(150_000)},
		{"80CCD(1B)", d.Deductible[Ded80CCD1B], r(50_000)},
		{"80CCD(2)", d.Deductible[Ded80CCD2], r(100_000)},
		{"80TTA", d.Deductible[Ded80TTA], r(10_000)},
		{"house-property loss set off", d.HouseProperty, r(-200_000)},
		{"salary head", d.SalaryHead, r(1_000_000 - 50_000 - 2_500)},
	} {
		if c.got != c.want {
			t.Errorf("%s = %s, want %s", c.name, c.got, c.want)
		}
	}
}
