package tds

import (
	"gstdesk/backend/money"

	"fmt"
	"strings"
	"testing"
)

// specSlab is a slab written the way salary-tds-rules.md §1 writes it: the upper bound of each band
// (0 = above the last bound) and its rate. The tests compute tax from these, independently of the
// Band tables the engine uses.
type specSlab struct{ upTo, rate int64 }

var specOld = map[Category][]specSlab{
	General:            {{250000, 0}, {500000, 5}, {1000000, 20}, {0, 30}},
	SeniorCitizen:      {{300000, 0}, {500000, 5}, {1000000, 20}, {0, 30}},
	SuperSeniorCitizen: {{500000, 0}, {1000000, 20}, {0, 30}},
}

var specNew = map[FY][]specSlab{
	2022: {{250000, 0}, {500000, 5}, {750000, 10}, {1000000, 15}, {1250000, 20}, {1500000, 25}, {0, 30}},
	2023: {{300000, 0}, {600000, 5}, {900000, 10}, {1200000, 15}, {1500000, 20}, {0, 30}},
	2024: {{300000, 0}, {700000, 5}, {1000000, 10}, {1200000, 15}, {1500000, 20}, {0, 30}},
	2025: {{400000, 0}, {800000, 5}, {1200000, 10}, {1600000, 15}, {2000000, 20}, {2400000, 25}, {0, 30}},
	2026: {{400000, 0}, {800000, 5}, {1200000, 10}, {1600000, 15}, {2000000, 20}, {2400000, 25}, {0, 30}},
}

// specTax is the tax in paise on ti rupees by the spec's slabs.
func specTax(ti int64, slabs []specSlab) money.Paise {
	var tax, lo int64
	for _, s := range slabs {
		hi := s.upTo
		if hi == 0 || hi > ti {
			hi = ti
		}
		if hi > lo {
			tax += (hi - lo) * s.rate // rupees × per cent = paise
		}
		if s.upTo == 0 || s.upTo >= ti {
			break
		}
		lo = s.upTo
	}
	return money.Paise(tax)
}

func slabsFor(fy FY, g Regime, c Category) []specSlab {
	if g == NewRegime {
		return specNew[fy]
	}
	return specOld[c]
}

// otherIncome is an employee whose only income is ti rupees from other sources, so that total
// income is exactly ti in both regimes (no salary, no standard deduction).
func otherIncome(ti int64, c Category) Input {
	in := Input{PANStatus: PANValid, Category: c}
	in.Amounts[OtherSources] = money.FromRupees(ti)
	return in
}

func salaried(salary int64) Input {
	in := Input{PANStatus: PANValid}
	in.Amounts[Salary17_1] = money.FromRupees(salary)
	return in
}

func mustCompute(t *testing.T, in Input, fy FY) Result {
	t.Helper()
	r, err := Compute(in, fy)
	if err != nil {
		t.Fatalf("Compute(%v): %v", fy, err)
	}
	return r
}

// TestSlabEdges checks the tax before rebate at, below and above every slab edge of every year,
// regime and age band against the spec's tables.
func TestSlabEdges(t *testing.T) {
	for _, fy := range Supported() {
		for _, g := range []Regime{NewRegime, OldRegime} {
			for c := General; c < numCategories; c++ {
				slabs := slabsFor(fy, g, c)
				for _, s := range slabs {
					if s.upTo == 0 {
						continue
					}
					for _, ti := range []int64{s.upTo - 10, s.upTo, s.upTo + 10} {
						res := mustCompute(t, otherIncome(ti, c), fy)
						rr := res.Regime(g)
						if rr.TotalIncome != ti {
							t.Fatalf("%v %s %v: total income %d, want %d", fy, g, c, rr.TotalIncome, ti)
						}
						want := specTax(ti, slabs)
						if got := money.FromRupees(rr.TaxOnIncome); got != (want+50)/100*100 {
							t.Errorf("%v %s %v: tax on %d = %v, want %v", fy, g, c, ti, got, want)
						}
					}
				}
			}
		}
	}
}

func TestRebate(t *testing.T) {
	tests := []struct {
		fy            FY
		g             Regime
		c             Category
		ti            int64
		wantTax       int64 // income_tax_payable
		wantRelief    int64 // relief_us_87_a
		wantMarginal  bool
		wantLiability int64
	}{
		// Old regime: rebate up to 12,500 at 5,00,000 exactly, then nothing (no marginal relief).
		{2025, OldRegime, General, 500000, 0, 12500, false, 0},
		{2025, OldRegime, General, 500010, 12502, 0, false, 13002},
		{2025, OldRegime, SeniorCitizen, 500000, 0, 10000, false, 0},
		{2022, NewRegime, General, 500000, 0, 12500, false, 0},
		// FY 2022-23 new regime: no marginal relief: 12,500 + 10% of 10 = 12,501.
		{2022, NewRegime, General, 500010, 12501, 0, false, 13001},
		// FY 2023-24: 7,00,000 nil; 7,00,100 tax 100 after marginal relief (worked in TestPublished).
		{2023, NewRegime, General, 700000, 0, 25000, false, 0},
		// 7,00,010: slab tax 15,000 + 10,001 = 25,001, limited to 10 → relief 24,991.
		{2023, NewRegime, General, 700010, 10, 24991, true, 10},
		{2024, NewRegime, General, 700000, 0, 20000, false, 0},
		{2024, NewRegime, General, 700010, 10, 19991, true, 10}, // 20,001 → 10

		{2025, NewRegime, General, 1200000, 0, 60000, false, 0},
		// 60,001.50 rounds to 60,002; limited to 10 → relief 59,992.
		{2025, NewRegime, General, 1200010, 10, 59992, true, 10},
		{2026, NewRegime, General, 1200000, 0, 60000, false, 0},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%v/%s/%d", tt.fy, tt.g, tt.ti), func(t *testing.T) {
			rr := mustCompute(t, otherIncome(tt.ti, tt.c), tt.fy).Regime(tt.g)
			if rr.IncomeTaxPayable != tt.wantTax || rr.Relief87A != tt.wantRelief || rr.MarginalRelief87A != tt.wantMarginal || rr.Liability != tt.wantLiability {
				t.Errorf("tax %d, relief %d, marginal %v, liability %d; want %d, %d, %v, %d",
					rr.IncomeTaxPayable, rr.Relief87A, rr.MarginalRelief87A, rr.Liability, tt.wantTax, tt.wantRelief, tt.wantMarginal, tt.wantLiability)
			}
		})
	}
}

// TestMarginalReliefFadeOut finds where the new regime's marginal relief ends by the formula
// (slab tax = income above the threshold) and checks the relief is positive just below that point
// and nil from it on; the points agree with the published 7,27,778 / 7,22,222 / 12,70,588.
func TestMarginalReliefFadeOut(t *testing.T) {
	want := map[FY]int64{2023: 727778, 2024: 722222, 2025: 1270588, 2026: 1270588}
	for fy, published := range want {
		r, _ := rulesFor(fy)
		// Solve slabTax(x) = x - T on the band containing the published point: tax = base + rate*(x-lo).
		var fade int64
		for ti := r.New.RebateUpTo; ti < r.New.RebateUpTo+200000; ti += 10 {
			if slabTax(ti, r.New.Slabs[General]) <= (ti-r.New.RebateUpTo)*perRupee {
				fade = ti
				break
			}
		}
		if fade < published-10 || fade > published+10 {
			t.Errorf("%v: relief ends at %d, published about %d", fy, fade, published)
		}
		before := mustCompute(t, otherIncome(fade-10, General), fy).New
		at := mustCompute(t, otherIncome(fade, General), fy).New
		if !before.MarginalRelief87A || before.Relief87A <= 0 {
			t.Errorf("%v: at %d relief %d, want some", fy, fade-10, before.Relief87A)
		}
		if at.Relief87A != 0 {
			t.Errorf("%v: at %d relief %d, want 0", fy, fade, at.Relief87A)
		}
	}
}

func TestSurcharge(t *testing.T) {
	tests := []struct {
		fy         FY
		g          Regime
		ti         int64
		wantTax    int64
		wantSur    int64
		wantRelief bool
	}{
		// Old regime at 50,00,000: 1,12,500 + 30% of 40,00,000 = 13,12,500, no surcharge.
		{2025, OldRegime, 5000000, 1312500, 0, false},
		// Old 50,90,000 (published): tax 13,39,500; 10% = 1,33,950; ceiling 13,12,500 + 90,000
		// = 14,02,500; tax + surcharge 14,73,450 exceeds it by 70,950, so surcharge 63,000.
		{2025, OldRegime, 5090000, 1339500, 63000, true},
		// Far above 50 lakh the relief is gone: 75,00,000 → tax 20,62,500, 10% = 2,06,250.
		{2025, OldRegime, 7500000, 2062500, 206250, false},
		// 1 crore: at exactly 1,00,00,000 tax 28,12,500, surcharge 10% = 2,81,250.
		{2025, OldRegime, 10000000, 2812500, 281250, false},
		// 1,00,10,000: tax 28,15,500, 15% = 4,22,325; ceiling 28,12,500 + 2,81,250 + 10,000 = 31,03,750;
		// 28,15,500 + 4,22,325 = 32,37,825 → relief 1,34,075 → surcharge 2,88,250.
		{2025, OldRegime, 10010000, 2815500, 288250, true},
		// 2 crore and 5 crore: old regime 25% then 37%.
		{2025, OldRegime, 30000000, 8812500, 2203125, false},
		{2025, OldRegime, 60000000, 17812500, 6590625, false},
		// New regime FY 2025-26 at 6 crore: surcharge capped at 25%. Tax 3,00,000 + 30% of 5,76,00,000
		// = 1,75,80,000; 25% = 43,95,000.
		{2025, NewRegime, 60000000, 17580000, 4395000, false},
		// New regime FY 2022-23 keeps 37%: tax 1,87,500 + 30% of 5,85,00,000 = 1,77,37,500; 37% = 65,62,875.
		{2022, NewRegime, 60000000, 17737500, 6562875, false},
		// FY 2023-24 new regime at 6 crore: tax 1,50,000 + 30% of 5,85,00,000 = 1,77,00,000; 25% = 44,25,000.
		{2023, NewRegime, 60000000, 17700000, 4425000, false},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%v/%s/%d", tt.fy, tt.g, tt.ti), func(t *testing.T) {
			rr := mustCompute(t, otherIncome(tt.ti, General), tt.fy).Regime(tt.g)
			if rr.IncomeTaxPayable != tt.wantTax || rr.Surcharge != tt.wantSur || (rr.SurchargeRelief > 0) != tt.wantRelief {
				t.Errorf("tax %d, surcharge %d, relief %d; want %d, %d, relief %v", rr.IncomeTaxPayable, rr.Surcharge, rr.SurchargeRelief, tt.wantTax, tt.wantSur, tt.wantRelief)
			}
			if want := (rr.IncomeTaxPayable + rr.Surcharge) * 4; rr.Cess*100 < want-50 || rr.Cess*100 > want+50 {
				t.Errorf("cess %d, want 4%% of %d", rr.Cess, rr.IncomeTaxPayable+rr.Surcharge)
			}
		})
	}
}

// TestSurchargeThresholdsContinuous checks every surcharge threshold of every year and regime: one
// step of ₹10 above it never costs more than ₹10 of tax + surcharge.
func TestSurchargeThresholdsContinuous(t *testing.T) {
	for _, fy := range Supported() {
		r, _ := rulesFor(fy)
		for _, g := range []Regime{NewRegime, OldRegime} {
			for _, b := range r.Regime(g).Surcharge {
				at := mustCompute(t, otherIncome(b.Above, General), fy).Regime(g)
				for _, step := range []int64{10, 1000, 10000} {
					above := mustCompute(t, otherIncome(b.Above+step, General), fy).Regime(g)
					d := above.IncomeTaxPayable + above.Surcharge - at.IncomeTaxPayable - at.Surcharge
					if d > step+1 || d < 0 {
						t.Errorf("%v %s: %d → +%d costs %d more", fy, g, b.Above, step, d)
					}
				}
			}
		}
	}
}

func TestDeductionsAndCaps(t *testing.T) {
	type amts map[Field]int64
	tests := []struct {
		name    string
		fy      FY
		g       Regime
		c       Category
		a       amts
		wantTI  int64
		wantVIA int64
		note    string // a line note that must appear
	}{
		{"80C group cap", 2025, OldRegime, General, amts{Salary17_1: 1000000, Ded80C: 100000, Ded80CCC: 50000, Ded80CCD1: 30000}, 800000, 150000, "80C+80CCC+80CCD(1) capped at 1,50,000 from 1,80,000"},
		{"80C group under cap", 2025, OldRegime, General, amts{Salary17_1: 1000000, Ded80C: 100000, Ded80CCC: 40000}, 810000, 140000, ""},
		{"80CCD(1B) cap", 2025, OldRegime, General, amts{Salary17_1: 1000000, Ded80CCD1B: 60000}, 900000, 50000, "capped at 50,000 from 60,000"},
		{"80TTA cap", 2025, OldRegime, General, amts{Salary17_1: 1000000, Ded80TTA: 12000, Qual80TTA: 12000}, 940000, 10000, "capped at 10,000 from 12,000"},
		{"80D, 80E, 80G, 80CCG, 80CCH, other as given", 2025, OldRegime, General, amts{Salary17_1: 1000000, Ded80D: 25000, Ded80E: 40000, Ded80G: 5000, Qual80G: 10000, Ded80CCG: 1000, Ded80CCH: 2000, DedOther: 3000}, 874000, 76000, "qualifying amount 10,000 (shown, not added)"},
		{"80CCD(2) old 10%", 2025, OldRegime, General, amts{Salary17_1: 1000000, Ded80CCD2: 120000}, 850000, 100000, "capped at 10% of salary u/s 17(1)"},
		{"80CCD(2) new 10% FY 2023-24", 2023, NewRegime, General, amts{Salary17_1: 1000000, Ded80CCD2: 120000}, 850000, 100000, "capped at 10%"},
		{"80CCD(2) new 14% FY 2024-25", 2024, NewRegime, General, amts{Salary17_1: 1000000, Ded80CCD2: 150000}, 785000, 140000, "capped at 14%"},
		{"80CCD(2) new 14% under cap", 2025, NewRegime, General, amts{Salary17_1: 1000000, Ded80CCD2: 130000}, 795000, 130000, ""},
		{"new regime ignores 80C, 80D", 2025, NewRegime, General, amts{Salary17_1: 1000000, Ded80C: 150000, Ded80D: 25000, Ded80CCH: 5000}, 920000, 5000, "not allowed in the new regime"},
		{"professional tax cap", 2025, OldRegime, General, amts{Salary17_1: 1000000, ProfessionalTax16iii: 3000}, 947500, 0, "capped at 2,500 from 3,000"},
		{"entertainment old", 2025, OldRegime, General, amts{Salary17_1: 1000000, Entertainment16ii: 5000}, 945000, 0, ""},
		{"professional tax not in new", 2025, NewRegime, General, amts{Salary17_1: 1000000, ProfessionalTax16iii: 2500}, 925000, 0, "not allowed in the new regime"},
		{"house property loss cap", 2025, OldRegime, General, amts{Salary17_1: 1000000, HouseProperty: -300000}, 750000, 0, "capped at 2,00,000 from 3,00,000"},
		{"house property loss under cap", 2025, OldRegime, General, amts{Salary17_1: 1000000, HouseProperty: -150000}, 800000, 0, ""},
		{"house property loss new", 2025, NewRegime, General, amts{Salary17_1: 1000000, HouseProperty: -150000}, 925000, 0, "not set off in the new regime"},
		{"house property income new", 2025, NewRegime, General, amts{Salary17_1: 1000000, HouseProperty: 50000}, 975000, 0, ""},
		{"other sources both", 2025, NewRegime, General, amts{Salary17_1: 1000000, OtherSources: 20000}, 945000, 0, ""},
		{"previous employer salary", 2025, NewRegime, General, amts{Salary17_1: 600000, PrevEmployerSalary: 400000}, 925000, 0, ""},
		{"old exemptions all", 2025, OldRegime, General, amts{Salary17_1: 1000000, HRA10_13A: 100000, Travel10_5: 20000, Special10_14: 10000, OtherExemption10: 5000, Gratuity10_10: 15000}, 800000, 0, ""},
		{"new exemptions only 10(10), 10(10A), 10(10AA)", 2025, NewRegime, General, amts{Salary17_1: 1000000, HRA10_13A: 100000, Travel10_5: 20000, Special10_14: 10000, OtherExemption10: 5000, Gratuity10_10: 15000, Pension10_10A: 5000, LeaveEncashment10_10AA: 10000}, 895000, 0, "old-regime only"},
		{"standard deduction capped at salary", 2025, NewRegime, General, amts{Salary17_1: 30000, OtherSources: 500000}, 500000, 0, ""},
		{"standard deduction ignores input", 2025, OldRegime, General, amts{Salary17_1: 1000000, StandardDeduction16ia: 90000}, 950000, 0, "statutory"},
		{"FY 2022-23 new regime: no standard deduction", 2022, NewRegime, General, amts{Salary17_1: 1000000}, 1000000, 0, "no standard deduction"},
		{"FY 2023-24 new regime: 50,000", 2023, NewRegime, General, amts{Salary17_1: 1000000}, 950000, 0, ""},
		{"deductions limited to gross total income", 2025, OldRegime, General, amts{Salary17_1: 100000, Ded80C: 150000}, 0, 50000, "limited to the gross total income"},
		{"rounding to 10: 4 down", 2025, OldRegime, General, amts{OtherSources: 1234564}, 1234560, 0, "rounded to the nearest ₹10"},
		{"rounding to 10: 5 up", 2025, OldRegime, General, amts{OtherSources: 1234565}, 1234570, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := Input{PANStatus: PANValid, Category: tt.c}
			for f, v := range tt.a {
				in.Amounts[f] = money.FromRupees(v)
			}
			e, err := Explain(in, tt.fy)
			if err != nil {
				t.Fatal(err)
			}
			rr := e.Regime(tt.g)
			if rr.TotalIncome != tt.wantTI || rr.ChapterVIA != money.FromRupees(tt.wantVIA) {
				t.Errorf("total income %d, VI-A %v; want %d, %d", rr.TotalIncome, rr.ChapterVIA, tt.wantTI, tt.wantVIA)
			}
			lines := e.OldLines
			if tt.g == NewRegime {
				lines = e.NewLines
			}
			if tt.note != "" && !hasNote(lines, tt.note) {
				t.Errorf("no line note contains %q:\n%s", tt.note, FormatLines(lines))
			}
			// Compute must agree with Explain.
			plain := mustCompute(t, in, tt.fy)
			if plain != e.Result {
				t.Errorf("Compute = %+v, Explain = %+v", plain, e.Result)
			}
		})
	}
}

func hasNote(lines []Line, s string) bool {
	for _, l := range lines {
		if strings.Contains(l.Note, s) {
			return true
		}
	}
	return false
}

func TestAgeBands(t *testing.T) {
	// Old regime at a total income of 6,00,000: general 12,500 + 20,000; senior 10,000 + 20,000;
	// super senior 20% of 1,00,000.
	want := map[Category]int64{General: 32500, SeniorCitizen: 30000, SuperSeniorCitizen: 20000}
	for c, w := range want {
		res := mustCompute(t, otherIncome(600000, c), 2025)
		if res.Old.TaxOnIncome != w {
			t.Errorf("%v: old tax %d, want %d", c, res.Old.TaxOnIncome, w)
		}
		if res.New.TaxOnIncome != 10000 {
			t.Errorf("%v: new tax %d, want 10000 whatever the age", c, res.New.TaxOnIncome)
		}
	}
}

func TestPANNotValid(t *testing.T) {
	tests := []struct {
		name     string
		pan      string
		ti       int64
		prevTDS  int64
		wantTDS  int64
		wantPAN  bool
		wantNote string
	}{
		// Liability 0 → TDS 0 even without a PAN.
		{"nil liability", PANNotAvailable, 1200000, 0, 0, false, ""},
		// 15,00,000 new FY 2025-26: tax 1,05,000 + cess 4,200 = 1,09,200 < 20% = 3,00,000.
		{"20% higher", PANNotAvailable, 1500000, 0, 300000, true, "20% of total income is higher"},
		{"20% less previous TDS", PANInvalid, 1500000, 50000, 250000, true, ""},
		// 1,00,00,000 new: tax 3,00,000 + 30% of 76,00,000 = 25,80,000, surcharge 10% 2,58,000,
		// cess 1,13,520: 29,51,520 > 20% (20,00,000).
		{"liability higher", PANApplied, 10000000, 0, 2951520, false, "the liability is higher"},
		{"valid PAN", PANValid, 1500000, 0, 109200, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := otherIncome(tt.ti, General)
			in.PANStatus = tt.pan
			in.Amounts[PrevEmployerTDS] = money.FromRupees(tt.prevTDS)
			e, err := Explain(in, 2025)
			if err != nil {
				t.Fatal(err)
			}
			if e.New.TDSOnSalary != tt.wantTDS || e.New.PANRateApplied != tt.wantPAN {
				t.Errorf("tds %d, pan rate %v; want %d, %v", e.New.TDSOnSalary, e.New.PANRateApplied, tt.wantTDS, tt.wantPAN)
			}
			if e.New.PANRateApplied && e.New.Cess != (e.New.IncomeTaxPayable*4+50)/100 {
				t.Errorf("cess %d changed by the PAN rule", e.New.Cess)
			}
			if tt.wantNote != "" && !hasNote(e.NewLines, tt.wantNote) {
				t.Errorf("no note %q:\n%s", tt.wantNote, FormatLines(e.NewLines))
			}
		})
	}
}

func TestPreviousEmployerTDS(t *testing.T) {
	in := salaried(1500000)
	in.Amounts[PrevEmployerSalary] = money.FromRupees(300000)
	in.Amounts[PrevEmployerTDS] = money.FromRupees(20000)
	res := mustCompute(t, in, 2025)
	// Salary 18,00,000 - 75,000 = 17,25,000: 20,000 + 40,000 + 60,000 + 20% of 1,25,000 = 1,45,000.
	if res.New.TaxOnIncome != 145000 {
		t.Errorf("tax %d, want 145000", res.New.TaxOnIncome)
	}
	if got, want := res.New.TDSOnSalary, res.New.Liability-20000; got != want {
		t.Errorf("tds %d, want liability less 20,000 = %d", got, want)
	}
	in.Amounts[PrevEmployerTDS] = money.FromRupees(10000000)
	if res := mustCompute(t, in, 2025); res.New.TDSOnSalary != 0 || res.Old.TDSOnSalary != 0 {
		t.Errorf("tds %d/%d, want 0 when previous employers deducted more", res.New.TDSOnSalary, res.Old.TDSOnSalary)
	}
}

// TestPublished reproduces published examples.
func TestPublished(t *testing.T) {
	t.Run("CBDT Budget 2025: 8 to 12 lakh nil in the new regime", func(t *testing.T) {
		// Total income 8,00,000 to 12,00,000: slab tax at most 60,000, the rebate covers it.
		for ti := int64(800000); ti <= 1200000; ti += 50000 {
			res := mustCompute(t, otherIncome(ti, General), 2025)
			if res.New.Liability != 0 || res.New.TDSOnSalary != 0 {
				t.Errorf("%d: liability %d, want 0", ti, res.New.Liability)
			}
		}
	})
	t.Run("CBDT Budget 2025: 12,10,000", func(t *testing.T) {
		// Slab tax 20,000 + 40,000 + 15% of 10,000 = 61,500. Above 12,00,000 by 10,000, so
		// marginal relief limits tax to 10,000 (relief 51,500); cess 400; TDS 10,400.
		res := mustCompute(t, otherIncome(1210000, General), 2025)
		want := Figures{IncomeTaxPayable: 10000, Surcharge: 0, Cess: 400, TDSOnSalary: 10400, Relief87A: 51500}
		if res.New.Figures != want {
			t.Errorf("got %+v, want %+v", res.New.Figures, want)
		}
		// The same through salary: 12,85,000 less standard deduction 75,000.
		if got := mustCompute(t, salaried(1285000), 2025).New.Figures; got != want {
			t.Errorf("salary 12,85,000: got %+v, want %+v", got, want)
		}
	})
	t.Run("FY 2023-24: 7,00,100", func(t *testing.T) {
		// Slab tax 5% of 3,00,000 + 10% of 1,00,100 = 25,010; above 7,00,000 by 100, so tax 100,
		// relief 24,910, cess 4.
		res := mustCompute(t, otherIncome(700100, General), 2023)
		want := Figures{IncomeTaxPayable: 100, Cess: 4, TDSOnSalary: 104, Relief87A: 24910}
		if res.New.Figures != want {
			t.Errorf("got %+v, want %+v", res.New.Figures, want)
		}
	})
	t.Run("old regime 50,90,000", func(t *testing.T) {
		// Tax 13,39,500; surcharge 63,000 after relief (see TestSurcharge); cess 4% of 14,02,500 = 56,100.
		res := mustCompute(t, otherIncome(5090000, General), 2024)
		want := Figures{IncomeTaxPayable: 1339500, Surcharge: 63000, Cess: 56100, TDSOnSalary: 1458600}
		if res.Old.Figures != want {
			t.Errorf("got %+v, want %+v", res.Old.Figures, want)
		}
	})
}

func TestRecommendAndBreakEven(t *testing.T) {
	res := mustCompute(t, salaried(1285000), 2025)
	if res.Recommended != NewRegime || res.Saving != res.Old.Liability-res.New.Liability {
		t.Errorf("recommended %s saving %d", res.Recommended, res.Saving)
	}
	d, ok, err := BreakEven(salaried(1285000), 2025)
	if err != nil || !ok {
		t.Fatalf("BreakEven = %d, %v, %v", d, ok, err)
	}
	// With d more deductions the old regime is no dearer; with one rupee less it is dearer.
	for _, tc := range []struct {
		extra    int64
		noDearer bool
	}{{d, true}, {d - 1, false}} {
		in := salaried(1285000)
		in.Amounts[DedOther] = money.FromRupees(tc.extra)
		r := mustCompute(t, in, 2025)
		if got := r.Old.Liability <= res.New.Liability; got != tc.noDearer {
			t.Errorf("extra %d: old %d vs new %d", tc.extra, r.Old.Liability, res.New.Liability)
		}
	}
	// An employee with large old-regime deductions is better off in the old regime: no break-even.
	in := salaried(1000000)
	in.Amounts[Ded80C] = money.FromRupees(150000)
	in.Amounts[Ded80CCD1B] = money.FromRupees(50000)
	in.Amounts[HouseProperty] = -money.FromRupees(200000)
	in.Amounts[HRA10_13A] = money.FromRupees(100000)
	r := mustCompute(t, in, 2023)
	if r.Recommended != OldRegime {
		t.Errorf("recommended %s (old %d, new %d), want old", r.Recommended, r.Old.Liability, r.New.Liability)
	}
	if _, ok, _ := BreakEven(in, 2023); ok {
		t.Error("break-even reported for an employee already better off in the old regime")
	}
	// Ties go to the default regime: old in FY 2022-23, new after.
	if r := mustCompute(t, salaried(100000), 2022); r.Recommended != OldRegime {
		t.Errorf("FY 2022-23 tie → %s, want old", r.Recommended)
	}
	if r := mustCompute(t, salaried(100000), 2024); r.Recommended != NewRegime {
		t.Errorf("FY 2024-25 tie → %s, want new", r.Recommended)
	}
}

func TestComputeRefusesBadInput(t *testing.T) {
	if _, err := Compute(salaried(1), 2021); err == nil || !strings.Contains(err.Error(), "FY 2022-23") {
		t.Errorf("FY 2021-22: %v", err)
	}
	bad := []Input{
		{PANStatus: "X"},
		{PANStatus: PANValid, Category: 9},
		func() Input { in := salaried(1); in.Amounts[Ded80C] = -1; return in }(),
		func() Input { in := salaried(1); in.Amounts[OtherSources] = MaxAmount + 1; return in }(),
	}
	for i, in := range bad {
		if _, err := Compute(in, 2025); err == nil {
			t.Errorf("bad input %d accepted", i)
		}
	}
}

func TestExplainSections(t *testing.T) {
	e, err := Explain(salaried(1500000), 2026)
	if err != nil {
		t.Fatal(err)
	}
	text := FormatLines(e.NewLines)
	for _, want := range []string{"s.392", "s.202", "s.19", "s.516", "Income-tax Act, 2025"} {
		if !strings.Contains(text, want) {
			t.Errorf("FY 2026-27 sheet does not cite %s:\n%s", want, text)
		}
	}
	in := otherIncome(1210000, General)
	in.PANStatus = PANNotAvailable
	e, _ = Explain(in, 2026)
	if text := FormatLines(e.NewLines); !strings.Contains(text, "s.156") || !strings.Contains(text, "s.397") {
		t.Errorf("FY 2026-27 sheet does not cite s.156 and s.397:\n%s", text)
	}
	e, _ = Explain(in, 2025)
	if text := FormatLines(e.NewLines); !strings.Contains(text, "s.87A") || !strings.Contains(text, "s.206AA") || !strings.Contains(text, "s.192") {
		t.Errorf("FY 2025-26 sheet does not cite s.87A, s.206AA, s.192:\n%s", text)
	}
}
