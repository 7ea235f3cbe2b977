package tds

import (
	"gstdesk/backend/money"

	"math/rand"
	"testing"
	"time"
)

// randomInput is a plausible employee: amounts spread over several orders of magnitude, with
// paise, a random age band and PAN status.
func randomInput(rng *rand.Rand) Input {
	amount := func(maxRupees int64) money.Paise {
		if rng.Intn(3) == 0 {
			return 0
		}
		// log-uniform between ₹1 and maxRupees, with paise
		scale := int64(1)
		for scale*10 <= maxRupees && rng.Intn(4) != 0 {
			scale *= 10
		}
		return money.Paise(rng.Int63n(scale*100) + 1)
	}
	in := Input{PANStatus: PANValid, Category: Category(rng.Intn(int(numCategories)))}
	if rng.Intn(5) == 0 {
		in.PANStatus = []string{PANNotAvailable, PANInvalid, PANApplied}[rng.Intn(3)]
	}
	in.Amounts[Salary17_1] = money.Paise(rng.Int63n(int64(money.FromRupees(60_000_000))))
	for f := Field(0); f < NumFields; f++ {
		if f == Salary17_1 {
			continue
		}
		in.Amounts[f] = amount(500_000)
	}
	if rng.Intn(3) == 0 {
		in.Amounts[HouseProperty] = -in.Amounts[HouseProperty]
	}
	return in
}

func TestPropertyTaxNeverFallsAsSalaryRises(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	fys := Supported()
	for i := range 5000 {
		in := randomInput(rng)
		fy := fys[rng.Intn(len(fys))]
		before := mustCompute(t, in, fy)
		more := in
		more.Amounts[Salary17_1] += money.Paise(rng.Int63n(int64(money.FromRupees(2_000_000))) + 1)
		after := mustCompute(t, more, fy)
		for _, g := range []Regime{NewRegime, OldRegime} {
			b, a := before.Regime(g), after.Regime(g)
			if a.Liability < b.Liability || a.TDSOnSalary < b.TDSOnSalary {
				t.Fatalf("case %d %v %s: salary %v → %v, liability %d → %d, tds %d → %d",
					i, fy, g, in.Amounts[Salary17_1], more.Amounts[Salary17_1], b.Liability, a.Liability, b.TDSOnSalary, a.TDSOnSalary)
			}
		}
	}
}

// TestPropertyContinuousAtReliefThresholds: near every threshold that carries marginal relief
// (the new regime's rebate from FY 2023-24 and every surcharge band), ₹10 more of total income
// never costs more than about ₹10 more of tax + surcharge.
func TestPropertyContinuousAtReliefThresholds(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for _, fy := range Supported() {
		r, _ := rulesFor(fy)
		for _, g := range []Regime{NewRegime, OldRegime} {
			rr := r.Regime(g)
			var thresholds []int64
			if rr.RebateMarginal {
				thresholds = append(thresholds, rr.RebateUpTo)
			}
			for _, b := range rr.Surcharge {
				thresholds = append(thresholds, b.Above)
			}
			for _, th := range thresholds {
				for range 400 {
					ti := th + (rng.Int63n(20_000)-2_000)*10
					c := Category(rng.Intn(int(numCategories)))
					lo := mustCompute(t, otherIncome(ti, c), fy).Regime(g)
					hi := mustCompute(t, otherIncome(ti+10, c), fy).Regime(g)
					d := hi.IncomeTaxPayable + hi.Surcharge - lo.IncomeTaxPayable - lo.Surcharge
					if d > 11 || d < 0 {
						t.Fatalf("%v %s %v: %d → %d costs %d more (threshold %d)", fy, g, c, ti, ti+10, d, th)
					}
				}
			}
		}
	}
}

func TestPropertyNewRegimeIgnoresOldOnlyItems(t *testing.T) {
	oldOnly := []Field{Travel10_5, HRA10_13A, Special10_14, OtherExemption10, StandardDeduction16ia, Entertainment16ii, ProfessionalTax16iii,
		Ded80C, Ded80CCC, Ded80CCD1, Ded80CCD1B, Ded80CCG, Ded80D, Ded80E, Ded80G, Ded80TTA, DedOther,
		Gross80C, Gross80D, Qual80G, Qual80TTA, QualOther}
	rng := rand.New(rand.NewSource(3))
	fys := Supported()
	for i := range 3000 {
		in := randomInput(rng)
		fy := fys[rng.Intn(len(fys))]
		base := mustCompute(t, in, fy).New
		changed := in
		for _, f := range oldOnly {
			changed.Amounts[f] = money.Paise(rng.Int63n(int64(money.FromRupees(1_000_000))))
		}
		if in.Amounts[HouseProperty] <= 0 { // a loss, whatever its size, counts as 0
			changed.Amounts[HouseProperty] = -money.Paise(rng.Int63n(int64(money.FromRupees(1_000_000))))
		}
		if got := mustCompute(t, changed, fy).New; got != base {
			t.Fatalf("case %d %v: new regime changed with old-only items: %+v → %+v", i, fy, base, got)
		}
	}
}

// TestPropertyFiguresAddUp: the five figures are consistent with each other for any input.
func TestPropertyFiguresAddUp(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	fys := Supported()
	for i := range 5000 {
		in := randomInput(rng)
		fy := fys[rng.Intn(len(fys))]
		e, err := Explain(in, fy)
		if err != nil {
			t.Fatal(err)
		}
		plain := mustCompute(t, in, fy)
		if plain != e.Result {
			t.Fatalf("case %d: Compute and Explain differ", i)
		}
		for _, g := range []Regime{NewRegime, OldRegime} {
			rr := e.Regime(g)
			if rr.TotalIncome%10 != 0 || rr.TotalIncome < 0 {
				t.Fatalf("case %d %s: total income %d", i, g, rr.TotalIncome)
			}
			if rr.TaxOnIncome-rr.Relief87A != rr.IncomeTaxPayable || rr.Relief87A < 0 || rr.Surcharge < 0 {
				t.Fatalf("case %d %s: %+v", i, g, rr)
			}
			if rr.Liability != rr.IncomeTaxPayable+rr.Surcharge+rr.Cess {
				t.Fatalf("case %d %s: liability %d", i, g, rr.Liability)
			}
			prev := int64(in.Amounts[PrevEmployerTDS])
			base := rr.Liability
			if rr.PANRateApplied {
				base = rr.TotalIncome / 5
			}
			want := max(0, (base*100-prev+50)/100)
			if rr.TDSOnSalary != want {
				t.Fatalf("case %d %s: tds %d, want %d", i, g, rr.TDSOnSalary, want)
			}
		}
	}
}

func TestMonthlySchedule(t *testing.T) {
	tests := []struct {
		annual, done int64
		month        time.Month
		want         []int64
		first        time.Month
	}{
		{120000, 0, time.April, []int64{10000, 10000, 10000, 10000, 10000, 10000, 10000, 10000, 10000, 10000, 10000, 10000}, time.April},
		// Nearest rupee, half up, of what is left each month: 33,333.33 → 33,333; then 66,667 ÷ 2 =
		// 33,333.5 → 33,334; March the remainder 33,333.
		{100000, 0, time.January, []int64{33333, 33334, 33333}, time.January},
		{10400, 4000, time.December, []int64{1600, 1600, 1600, 1600}, time.December},
		// ₹7 over twelve months, each month on what is then left: 7/12 → 1, 6/11 → 1, 5/10 → 1
		// (half up), 4/9 → 0, 4/8 → 1, 3/7 → 0, 3/6 → 1, 2/5 → 0, 2/4 → 1, 1/3 → 0, 1/2 → 1,
		// March 0: never more than is left, never a negative last month (a flat round(7/12) = 1
		// for eleven months would leave March at −4).
		{7, 0, time.April, []int64{1, 1, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0}, time.April},
		{8, 0, time.January, []int64{3, 3, 2}, time.January},
		{50000, 60000, time.March, []int64{0}, time.March},
	}
	for _, tt := range tests {
		got, err := MonthlySchedule(tt.annual, tt.done, tt.month)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(tt.want) {
			t.Fatalf("MonthlySchedule(%d, %d, %v) has %d months, want %d", tt.annual, tt.done, tt.month, len(got), len(tt.want))
		}
		var sum int64
		for i, in := range got {
			if in.Amount != tt.want[i] {
				t.Errorf("MonthlySchedule(%d, %d, %v)[%d] = %d, want %d", tt.annual, tt.done, tt.month, i, in.Amount, tt.want[i])
			}
			sum += in.Amount
		}
		if got[0].Month != tt.first || got[len(got)-1].Month != time.March {
			t.Errorf("months %v .. %v", got[0].Month, got[len(got)-1].Month)
		}
		if want := max(0, tt.annual-tt.done); sum != want {
			t.Errorf("sum %d, want %d", sum, want)
		}
	}
	if _, err := MonthlySchedule(1, 0, 13); err == nil {
		t.Error("month 13 accepted")
	}
	if _, err := MonthlySchedule(-1, 0, 4); err == nil {
		t.Error("negative TDS accepted")
	}
}

// TestMonthShare is the one rounding rule of a month's TDS: what is left ÷ the months left, to
// the nearest rupee, half up; the last month all that is left; nothing when nothing is left.
func TestMonthShare(t *testing.T) {
	for _, tt := range []struct {
		left int64
		n    int
		want int64
	}{
		{120_000, 12, 10_000},
		{10_400, 12, 867}, // 866.67
		{10_406, 12, 867}, // 867.17
		{10_398, 12, 867}, // 866.5, half up
		{10_397, 12, 866}, // 866.42
		{5, 2, 3},         // 2.5, half up
		{1234, 1, 1234},   // the last month takes the remainder
		{0, 5, 0},
		{-500, 5, 0}, // over-deducted: nothing to deduct
		{100, 0, 0},
	} {
		if got := MonthShare(tt.left, tt.n); got != tt.want {
			t.Errorf("MonthShare(%d, %d) = %d, want %d", tt.left, tt.n, got, tt.want)
		}
	}
}
