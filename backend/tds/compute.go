// Package tds is gstdesk's salary TDS engine: rule tables per financial year (FY 2022-23 to
// FY 2026-27) and the computation of both regimes for one employee, with an explanation line by
// line naming the section each line applies. Money is exact integer arithmetic throughout.
package tds

import (
	"gstdesk/backend/money"

	"fmt"
	"strings"

	"gstdesk/backend/apperr"
)

// Regime is a tax regime: "new" (s.115BAC / s.202 of the 2025 Act) or "old".
type Regime string

// The two regimes.
const (
	NewRegime Regime = "new"
	OldRegime Regime = "old"
)

// Figures are the five outputs of the remote calculator for one regime, in whole rupees.
type Figures struct {
	IncomeTaxPayable int64 `json:"income_tax_payable"`        // tax after the s.87A rebate
	Surcharge        int64 `json:"surcharge"`                 // after marginal relief
	Cess             int64 `json:"health_and_education_cess"` // 4% of tax + surcharge
	TDSOnSalary      int64 `json:"tds_on_salary"`             // what this employer deducts for the year
	Relief87A        int64 `json:"relief_us_87_a"`            // rebate including marginal relief
}

// RegimeResult is the outcome of one regime: the five figures and the totals behind them.
type RegimeResult struct {
	Regime Regime `json:"regime"`
	Figures
	GrossTotalIncome  money.Paise `json:"gross_total_income"`
	ChapterVIA        money.Paise `json:"chapter_via"`          // deductions allowed, after caps
	TotalIncome       int64       `json:"total_income"`         // rupees, rounded to ₹10 (s.288A)
	TaxOnIncome       int64       `json:"tax_on_total_income"`  // rupees, before the rebate
	Liability         int64       `json:"liability"`            // tax + surcharge + cess
	PANRateApplied    bool        `json:"pan_rate_applied"`     // TDS taken at the s.206AA rate
	SurchargeRelief   int64       `json:"surcharge_relief"`     // marginal relief on surcharge, rupees
	MarginalRelief87A bool        `json:"marginal_relief_87_a"` // the rebate includes marginal relief
}

// Result is the computation of both regimes for one employee and the regime to choose.
type Result struct {
	FY          FY           `json:"fy"`
	New         RegimeResult `json:"new"`
	Old         RegimeResult `json:"old"`
	Recommended Regime       `json:"recommended_regime"`
	Saving      int64        `json:"saving"` // rupees of liability saved by the recommended regime
}

// Regime returns the result of regime g.
func (r Result) Regime(g Regime) RegimeResult {
	if g == NewRegime {
		return r.New
	}
	return r.Old
}

// Line is one line of a computation sheet.
type Line struct {
	Label   string      `json:"label"`
	Amount  money.Paise `json:"amount"`
	Section string      `json:"section,omitempty"`
	Note    string      `json:"note,omitempty"` // cap or relief applied, or why an item does not count
	// Heading marks the sheet's title line: it has no amount and no section of its own.
	Heading bool `json:"heading,omitempty"`
}

// PANWords is a pan_status as a person reads it.
func PANWords(status string) string {
	switch status {
	case PANValid, "":
		return "PAN valid"
	case PANNotAvailable:
		return "no PAN given"
	case PANInvalid:
		return "PAN invalid"
	case PANApplied:
		return "PAN applied for"
	}
	return status
}

// Explanation is a Result with the computation sheet of each regime.
type Explanation struct {
	Result
	NewLines []Line `json:"new_lines"`
	OldLines []Line `json:"old_lines"`
	// BreakEven is, for an employee better off in the new regime, the further old-regime
	// deductions (rupees) at which the old regime costs no more; BreakEvenOK says it exists.
	BreakEven   int64 `json:"break_even"`
	BreakEvenOK bool  `json:"break_even_ok"`
}

// fine is money in ten-thousandths of a rupee: every rate the rules apply (5%, 37%, 4% ...) to a
// total income rounded to ₹10, and 10% or 14% of an amount in paise, is exact in this unit.
type fine = int64

const (
	perRupee fine = 10_000
	perPaise fine = 100
)

// roundRupees rounds fine units to whole rupees, half up (away from zero for negatives).
func roundRupees(x fine) int64 {
	if x < 0 {
		return -((-x + perRupee/2) / perRupee)
	}
	return (x + perRupee/2) / perRupee
}

func toPaise(x fine) money.Paise {
	if x < 0 {
		return -money.Paise((-x + perPaise/2) / perPaise)
	}
	return money.Paise((x + perPaise/2) / perPaise)
}

// Compute computes both regimes for one employee. It allocates nothing; Explain gives the lines.
func Compute(in Input, fy FY) (Result, error) {
	r, err := prepare(&in, fy)
	if err != nil {
		return Result{}, err
	}
	return computeBoth(&in, r, nil, nil), nil
}

// Explain computes both regimes with their computation sheets and the break-even deduction.
func Explain(in Input, fy FY) (Explanation, error) {
	r, err := prepare(&in, fy)
	if err != nil {
		return Explanation{}, err
	}
	exNew := &explainer{rules: r, lines: make([]Line, 0, 40)}
	exOld := &explainer{rules: r, lines: make([]Line, 0, 48)}
	res := computeBoth(&in, r, exNew, exOld)
	e := Explanation{Result: res, NewLines: exNew.lines, OldLines: exOld.lines}
	e.BreakEven, e.BreakEvenOK = breakEven(&in, r, &res)
	return e, nil
}

// BreakEven returns, for an employee whose liability is lower in the new regime, the smallest
// further old-regime deduction (rupees) at which the old regime costs no more; ok is false when
// the old regime is already no dearer.
func BreakEven(in Input, fy FY) (rupees int64, ok bool, err error) {
	r, err := prepare(&in, fy)
	if err != nil {
		return 0, false, err
	}
	res := computeBoth(&in, r, nil, nil)
	rupees, ok = breakEven(&in, r, &res)
	return rupees, ok, nil
}

func prepare(in *Input, fy FY) (*Rules, error) {
	r, ok := rulesFor(fy)
	if !ok {
		return nil, apperr.New(apperr.Invalid, "Invalid financial year %q: gstdesk computes salary TDS for %s.", fy.String(), SupportedList())
	}
	if err := in.Validate(); err != nil {
		return nil, err
	}
	return r, nil
}

func computeBoth(in *Input, r *Rules, exNew, exOld *explainer) Result {
	res := Result{FY: r.FY}
	res.New = computeRegime(in, r, NewRegime, 0, exNew, nil)
	res.Old = computeRegime(in, r, OldRegime, 0, exOld, nil)
	def := DefaultRegime(r.FY)
	switch {
	case res.New.Liability < res.Old.Liability:
		res.Recommended, res.Saving = NewRegime, res.Old.Liability-res.New.Liability
	case res.Old.Liability < res.New.Liability:
		res.Recommended, res.Saving = OldRegime, res.New.Liability-res.Old.Liability
	default:
		res.Recommended = def
	}
	return res
}

// DefaultRegime is the regime an employee is taxed in unless they choose otherwise: the new
// regime from FY 2023-24 (s.115BAC(1A); s.202(1) of the 2025 Act), the old one in FY 2022-23.
func DefaultRegime(fy FY) Regime {
	if fy < 2023 {
		return OldRegime
	}
	return NewRegime
}

// ParseRegime reads a regime as a file or a flag writes it: "new" or "old" (case, spaces and a
// trailing " regime" ignored); "" is the zero Regime, meaning the year's default.
func ParseRegime(s string) (Regime, error) {
	t := strings.TrimSuffix(strings.ToLower(strings.TrimSpace(s)), " regime")
	switch t {
	case "":
		return "", nil
	case "new":
		return NewRegime, nil
	case "old":
		return OldRegime, nil
	}
	return "", apperr.New(apperr.Invalid, "regime %q is not known: write new or old (empty for the year's default, the new regime from FY 2023-24).", s)
}

// breakEven searches the smallest extra old-regime deduction that brings the old liability down
// to the new one. The old liability never rises as deductions grow, so a binary search is exact.
func breakEven(in *Input, r *Rules, res *Result) (int64, bool) {
	if res.New.Liability >= res.Old.Liability {
		return 0, false
	}
	target := res.New.Liability
	lo, hi := int64(0), int64(res.Old.GrossTotalIncome/100)+10 // at hi total income is 0
	for lo < hi {
		mid := lo + (hi-lo)/2
		if computeRegime(in, r, OldRegime, mid*perRupee, nil, nil).Liability <= target {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo, true
}

// slabTax is the tax on a total income of ti rupees, in fine units.
func slabTax(ti int64, bands []Band) fine {
	var t fine
	for i, b := range bands {
		if ti <= b.Above {
			break
		}
		hi := ti
		if i+1 < len(bands) && bands[i+1].Above < hi {
			hi = bands[i+1].Above
		}
		t += (hi - b.Above) * b.RatePct * (perRupee / 100)
	}
	return t
}

// rebate is the s.87A rebate on tax (fine) for a total income of ti rupees, and whether it is the
// marginal relief above the threshold.
func rebate(ti int64, tax fine, g *RegimeRules) (fine, bool) {
	if ti <= g.RebateUpTo {
		return min(tax, g.RebateMax*perRupee), false
	}
	if g.RebateMarginal {
		if excess := (ti - g.RebateUpTo) * perRupee; tax > excess {
			return tax - excess, true
		}
	}
	return 0, false
}

// pct is x × p / 100, rounded half up; with the units used here it is exact.
func pct(x fine, p int64) fine { return (x*p + 50) / 100 }

// computeRegime computes regime g; ex, when given, writes the computation sheet's lines, and bd,
// when given, keeps each item as allowed (Detail).
func computeRegime(in *Input, r *Rules, g Regime, extra fine, ex *explainer, bd *Breakdown) RegimeResult {
	rr := r.Regime(g)
	sec := &r.Sections
	lab := &sec.Labels
	a := &in.Amounts
	amt := func(f Field) fine { return fine(a[f]) * perPaise }
	out := RegimeResult{Regime: g}
	if ex != nil {
		ex.start(g, in)
	}

	// Salary (s.17) and salary from previous employers (Form 12B, s.192(2)).
	gross := amt(Salary17_1) + amt(Perquisites17_2) + amt(Profits17_3) + amt(PrevEmployerSalary)
	if ex != nil {
		ex.item(lab.Salary17[0], amt(Salary17_1), sec.Salary17[0], "")
		ex.item(lab.Salary17[1], amt(Perquisites17_2), sec.Salary17[1], "")
		ex.item(lab.Salary17[2], amt(Profits17_3), sec.Salary17[2], "")
		ex.item(lab.PrevEmployer, amt(PrevEmployerSalary), sec.PrevEmployer, "")
		ex.add("Gross salary", gross, "", "")
	}

	// Exemptions u/s 10.
	var exempt fine
	for f := Travel10_5; f <= OtherExemption10; f++ {
		v := amt(f)
		if rr.Exemptions.Has(f) {
			exempt += v
			if bd != nil {
				bd.Exempt[f] = toPaise(v)
			}
			if ex != nil {
				ex.item("Less: "+lab.Exemption[f-Travel10_5], v, sec.Exemption[f-Travel10_5], "")
			}
		} else if ex != nil && v != 0 {
			note := "not exempt in the new regime (" + rr.Section + ")"
			if f == OtherExemption10 {
				note = lab.OtherExemption
			}
			ex.add("Less: "+lab.Exemption[f-Travel10_5], 0, sec.Exemption[f-Travel10_5], note+"; "+toPaise(v).String()+" not deducted")
		}
	}
	if exempt > gross {
		if ex != nil {
			ex.note(fmt.Sprintf("exemptions limited to the gross salary %s from %s", toPaise(gross), toPaise(exempt)))
		}
		exempt = gross
	}
	net := gross - exempt
	if ex != nil {
		ex.add(lab.AfterExemptions, net, "", "")
	}
	if bd != nil {
		bd.Gross, bd.ExemptTotal = toPaise(gross), toPaise(exempt)
	}

	// Deductions u/s 16: the standard deduction is statutory, whatever the input says.
	std := min(net, rr.StandardDeduction*perRupee)
	if ex != nil {
		note := ""
		given := amt(StandardDeduction16ia)
		switch {
		case rr.StandardDeduction == 0:
			note = "no standard deduction in this regime for " + r.FY.String()
		case given != std:
			note = fmt.Sprintf("statutory min(salary, %s) applied; the workbook says %s", FormatRupees(rr.StandardDeduction), toPaise(given))
		}
		ex.add("Less: standard deduction", std, sec.StandardDeduction, note)
	}
	var ent, pt fine
	if rr.SalaryDeductions {
		ent = amt(Entertainment16ii)
		pt = min(amt(ProfessionalTax16iii), r.ProfessionalTaxCap*perRupee)
		if ex != nil {
			ex.item("Less: entertainment allowance", ent, sec.Entertainment, "")
			note := ""
			if pt < amt(ProfessionalTax16iii) {
				note = fmt.Sprintf("capped at %s from %s (%s)", FormatRupees(r.ProfessionalTaxCap), toPaise(amt(ProfessionalTax16iii)), sec.ProfessionalTaxRule)
			}
			ex.item("Less: tax on employment (professional tax)", pt, sec.ProfessionalTax, note)
		}
	} else if ex != nil {
		if v := amt(Entertainment16ii); v != 0 {
			ex.add("Less: entertainment allowance", 0, sec.Entertainment, "not allowed in the new regime; "+toPaise(v).String()+" not deducted")
		}
		if v := amt(ProfessionalTax16iii); v != 0 {
			ex.add("Less: tax on employment (professional tax)", 0, sec.ProfessionalTax, "not allowed in the new regime; "+toPaise(v).String()+" not deducted")
		}
	}
	salHead := max(0, net-std-ent-pt)
	if bd != nil {
		bd.Standard, bd.Entertainment, bd.ProfessionalTax, bd.SalaryHead = toPaise(std), toPaise(ent), toPaise(pt), toPaise(salHead)
	}
	if ex != nil {
		ex.add("Income chargeable under the head Salaries", salHead, "", "")
	}

	// House property and other sources offered for TDS (s.192(2B)).
	hp := amt(HouseProperty)
	if hp < 0 {
		lim := -rr.HPLossSetOff * perRupee
		if ex != nil {
			switch {
			case rr.HPLossSetOff == 0:
				ex.add("Income from house property", 0, sec.OtherIncome, "a house-property loss is not set off in the new regime; "+toPaise(hp).String()+" ignored")
			case hp < lim:
				ex.add("Income from house property", lim, sec.HouseProperty, fmt.Sprintf("loss set off capped at %s from %s", FormatRupees(rr.HPLossSetOff), toPaise(-hp)))
			default:
				ex.add("Income from house property", hp, sec.HouseProperty, "")
			}
		}
		hp = max(hp, lim)
	} else if ex != nil {
		ex.item("Income from house property", hp, sec.OtherIncome, "")
	}
	os := amt(OtherSources)
	gti := max(0, salHead+hp+os)
	if bd != nil {
		bd.HouseProperty, bd.OtherSources = toPaise(hp), toPaise(os)
	}
	if ex != nil {
		ex.item("Income from other sources", os, sec.OtherIncome, "")
		ex.add("Gross total income", gti, "", "")
	}
	out.GrossTotalIncome = toPaise(gti)

	// Chapter VI-A.
	via := extra
	group := amt(Ded80C) + amt(Ded80CCC) + amt(Ded80CCD1)
	if rr.Deductions.Has(Ded80C) {
		capped := min(group, r.Cap80CGroup*perRupee)
		via += capped
		if bd != nil {
			bd.Deductible[Ded80C], bd.Deductible[Ded80CCC], bd.Deductible[Ded80CCD1] = a[Ded80C], a[Ded80CCC], a[Ded80CCD1]
			bd.Group80C = toPaise(capped)
		}
		if ex != nil {
			ex.item("Less: "+lab.ChapterVIA[Ded80C], amt(Ded80C), sec.ChapterVIA[Ded80C], "")
			ex.item("Less: "+lab.ChapterVIA[Ded80CCC], amt(Ded80CCC), sec.ChapterVIA[Ded80CCC], "")
			ex.item("Less: "+lab.ChapterVIA[Ded80CCD1], amt(Ded80CCD1), sec.ChapterVIA[Ded80CCD1], "")
			if capped < group {
				ex.add(lab.Group80C+" allowed", capped, sec.GroupCap80C, fmt.Sprintf("%s capped at %s from %s", lab.Group80C, FormatRupees(r.Cap80CGroup), toPaise(group)))
			}
		}
	}
	for _, d := range viaOthers {
		v := amt(d.f)
		if !rr.Deductions.Has(d.f) {
			if ex != nil && v != 0 {
				ex.add("Less: "+lab.ChapterVIA[d.f], 0, sec.ChapterVIA[d.f], "not allowed in the new regime; "+toPaise(v).String()+" not deducted")
			}
			continue
		}
		allowed, note := v, ""
		switch d.f {
		case Ded80CCD1B:
			allowed = min(v, r.Cap80CCD1B*perRupee)
			if ex != nil && allowed < v {
				note = fmt.Sprintf("capped at %s from %s", FormatRupees(r.Cap80CCD1B), toPaise(v))
			}
		case Ded80CCD2:
			lim := pct(amt(Salary17_1), rr.CCD2CapPct)
			allowed = min(v, lim)
			if ex != nil && allowed < v {
				note = fmt.Sprintf("employer NPS capped at %d%% of %s (private-employer cap) = %s, from %s", rr.CCD2CapPct, lab.Salary17Short, toPaise(lim), toPaise(v))
			}
		case Ded80TTA:
			allowed = min(v, r.Cap80TTA*perRupee)
			if ex != nil && allowed < v {
				note = fmt.Sprintf("capped at %s from %s", FormatRupees(r.Cap80TTA), toPaise(v))
			}
		}
		if ex != nil && (d.f == Ded80G || d.f == Ded80TTA || d.f == DedOther) {
			if q := amt(d.f + 1); q != 0 {
				if note != "" {
					note += "; "
				}
				note += "qualifying amount " + toPaise(q).String() + " (shown, not added)"
			}
		}
		via += allowed
		if bd != nil {
			bd.Deductible[d.f] = toPaise(allowed)
		}
		if ex != nil {
			ex.item("Less: "+lab.ChapterVIA[d.f], allowed, sec.ChapterVIA[d.f], note)
		}
	}
	if ex != nil && extra != 0 {
		ex.add("Less: further deductions (what-if)", extra, "", "")
	}
	if via > gti {
		if ex != nil {
			ex.add(lab.ChapterTotal, gti, sec.DeductionLimit, fmt.Sprintf("limited to the gross total income from %s", toPaise(via)))
		}
		via = gti
	} else if ex != nil {
		ex.add(lab.ChapterTotal, via, "", "")
	}
	out.ChapterVIA = toPaise(via)

	// Total income rounded to ₹10 (s.288A / s.516): drop paise, then 5 and above rounds up.
	exact := gti - via
	ti := (exact/perRupee + 5) / 10 * 10
	out.TotalIncome = ti
	if ex != nil {
		ex.add("Total income", ti*perRupee, sec.Rounding, "rounded to the nearest ₹10 from "+toPaise(exact).String())
	}

	// Tax, rebate and surcharge.
	tax := slabTax(ti, rr.Slabs[in.Category])
	if ex != nil {
		label := "Tax on total income"
		if g == OldRegime {
			label += " (" + in.Category.String() + " slabs)"
		}
		ex.add(label, tax, rr.Section, slabNote(ti, rr.Slabs[in.Category]))
	}
	rel, marginal := rebate(ti, tax, rr)
	taxAfter := tax - rel
	out.MarginalRelief87A = marginal
	if ex != nil {
		note := ""
		switch {
		case marginal:
			note = fmt.Sprintf("%s: %s (tax limited to the income above %s)", lab.MarginalRebate, toPaise(rel), FormatRupees(rr.RebateUpTo))
		case rel > 0:
			note = fmt.Sprintf("total income up to %s: rebate up to %s", FormatRupees(rr.RebateUpTo), FormatRupees(rr.RebateMax))
		case ti > rr.RebateUpTo:
			note = fmt.Sprintf("no rebate: total income above %s", FormatRupees(rr.RebateUpTo))
		}
		ex.add("Less: "+lab.Rebate, rel, sec.Rebate, note)
		ex.add("Income tax after rebate", taxAfter, "", "")
	}
	var sur, surRelief fine
	if bi := bandIndex(ti, rr.Surcharge); bi >= 0 {
		b := rr.Surcharge[bi]
		sur = pct(taxAfter, b.RatePct)
		// Marginal relief: tax + surcharge may not exceed that at the threshold plus the income above it.
		taxT := slabTax(b.Above, rr.Slabs[in.Category])
		relT, _ := rebate(b.Above, taxT, rr)
		taxT -= relT
		var surT fine
		if bi > 0 {
			surT = pct(taxT, rr.Surcharge[bi-1].RatePct)
		}
		if ceiling := taxT + surT + (ti-b.Above)*perRupee; taxAfter+sur > ceiling {
			surRelief = taxAfter + sur - ceiling
			sur -= surRelief
		}
		if ex != nil {
			note := fmt.Sprintf("%d%%: total income above %s", b.RatePct, FormatRupees(b.Above))
			if surRelief > 0 {
				note += fmt.Sprintf("; marginal relief %s (surcharge %s before relief)", toPaise(surRelief), toPaise(sur+surRelief))
			}
			ex.add("Add: surcharge", sur, sec.Surcharge, note)
		}
	}

	// Whole rupees, half up, so that the figures add up.
	out.TaxOnIncome = roundRupees(tax)
	out.IncomeTaxPayable = roundRupees(taxAfter)
	out.Relief87A = out.TaxOnIncome - out.IncomeTaxPayable
	out.Surcharge = roundRupees(sur)
	out.SurchargeRelief = roundRupees(surRelief)
	out.Cess = (out.IncomeTaxPayable + out.Surcharge) * r.CessPct
	out.Cess = (out.Cess + 50) / 100
	out.Liability = out.IncomeTaxPayable + out.Surcharge + out.Cess
	if ex != nil {
		ex.add(fmt.Sprintf("Add: health and education cess %d%%", r.CessPct), out.Cess*perRupee, sec.Cess,
			fmt.Sprintf("on %s (tax %s + surcharge %s, whole rupees)", FormatRupees(out.IncomeTaxPayable+out.Surcharge), FormatRupees(out.IncomeTaxPayable), FormatRupees(out.Surcharge)))
		ex.add("Tax liability for the year", out.Liability*perRupee, "", "")
		ex.add("Tax liability rounded to ₹10", (out.Liability+5)/10*10*perRupee, sec.TaxRounding, "for the return; TDS is not rounded")
	}

	// TDS: s.206AA when the PAN is not valid, then less what previous employers deducted.
	base := out.Liability
	if in.PANStatus != PANValid && base > 0 {
		p := ti * r.PANRatePct / 100
		if ex != nil {
			if p > base {
				ex.add(fmt.Sprintf("TDS at %d%% of total income", r.PANRatePct), p*perRupee, sec.PAN,
					fmt.Sprintf("pan_status %s: %d%% of total income is higher than the liability %s, so it applies (no cess on top)", in.PANStatus, r.PANRatePct, FormatRupees(base)))
			} else {
				ex.add("TDS at the average rate", base*perRupee, sec.PAN,
					fmt.Sprintf("pan_status %s: the liability is higher than %d%% of total income (%s), so it applies", in.PANStatus, r.PANRatePct, FormatRupees(p)))
			}
		}
		if p > base {
			base, out.PANRateApplied = p, true
		}
	}
	prev := amt(PrevEmployerTDS)
	tds := max(0, base*perRupee-prev)
	out.TDSOnSalary = roundRupees(tds)
	if ex != nil {
		ex.item("Less: TDS by previous employers", prev, sec.PrevEmployer, "")
		ex.add("TDS on salary for the year", out.TDSOnSalary*perRupee, sec.SalaryTDS, "")
	}
	return out
}

func bandIndex(ti int64, bands []Band) int {
	for i := len(bands) - 1; i >= 0; i-- {
		if ti > bands[i].Above {
			return i
		}
	}
	return -1
}

var viaOthers = []struct {
	f     Field
	label string
}{
	{Ded80CCD1B, "80CCD(1B)"}, {Ded80CCD2, "80CCD(2)"}, {Ded80CCG, "80CCG"}, {Ded80CCH, "80CCH"},
	{Ded80D, "80D"}, {Ded80E, "80E"}, {Ded80G, "80G"}, {Ded80TTA, "80TTA"}, {DedOther, "other deductions"},
}

func slabNote(ti int64, bands []Band) string {
	s := ""
	for i, b := range bands {
		if ti <= b.Above {
			break
		}
		hi := ti
		if i+1 < len(bands) && bands[i+1].Above < hi {
			hi = bands[i+1].Above
		}
		if b.RatePct == 0 {
			continue
		}
		if s != "" {
			s += " + "
		}
		s += fmt.Sprintf("%d%% of %s", b.RatePct, FormatRupees(hi-b.Above))
	}
	if s == "" {
		return "within the nil slab"
	}
	return s
}

// explainer collects the lines of one regime's computation sheet.
type explainer struct {
	rules *Rules
	lines []Line
}

func (e *explainer) start(g Regime, in *Input) {
	r := e.rules
	title := "Old regime"
	if g == NewRegime {
		title = "New regime (" + r.New.Section + ")"
	}
	e.lines = append(e.lines, Line{Label: title + ", " + YearLabel(r.FY) + ", " + r.Sections.Act, Heading: true,
		Note: "TDS on salary u/s " + strings.TrimPrefix(r.Sections.SalaryTDS, "s.") + " · " + categoryWords(in.Category) + " · " + PANWords(in.PANStatus)})
}

// categoryWords is an employee category as a person reads it.
func categoryWords(c Category) string {
	switch s := c.String(); s {
	case "senior_citizen":
		return "senior citizen (60 to 79)"
	case "super_senior_citizen":
		return "super senior citizen (80 or more)"
	case "general", "":
		return "below 60"
	default:
		return s
	}
}

func (e *explainer) add(label string, amount fine, section, note string) {
	e.lines = append(e.lines, Line{Label: label, Amount: toPaise(amount), Section: section, Note: note})
}

// item adds a line only when the amount is not zero or a note explains it.
func (e *explainer) item(label string, amount fine, section, note string) {
	if amount != 0 || note != "" {
		e.add(label, amount, section, note)
	}
}

// note appends a note to the last line.
func (e *explainer) note(n string) {
	if len(e.lines) == 0 {
		return
	}
	l := &e.lines[len(e.lines)-1]
	if l.Note != "" {
		l.Note += "; "
	}
	l.Note += n
}
