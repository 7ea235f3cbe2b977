package tds

import "gstdesk/backend/money"

// Breakdown is one regime's computation item by item, as the engine works it out: what a form
// or a return prints row by row. Every cap, limit and set-off is the engine's own (computeRegime
// fills it as it goes), so a certificate never works a figure out a second time.
type Breakdown struct {
	RegimeResult
	// Gross is salary u/s 17(1), 17(2), 17(3) and salary from previous employers.
	Gross money.Paise
	// Exempt are the exemptions allowed, by Field (Travel10_5 ... OtherExemption10; 0 where the
	// regime allows none); ExemptTotal their total after the limit to the gross salary.
	Exempt      [NumFields]money.Paise
	ExemptTotal money.Paise
	// Standard deduction, entertainment allowance and tax on employment as allowed (s.16).
	Standard, Entertainment, ProfessionalTax money.Paise
	// SalaryHead is the income chargeable under the head Salaries.
	SalaryHead money.Paise
	// HouseProperty is the income (or loss, after the set-off cap) from house property counted;
	// OtherSources the income from other sources.
	HouseProperty, OtherSources money.Paise
	// Deductible are the Chapter VI-A deductions allowed, by deductible Field, each after its own
	// cap (80CCD(1B), 80CCD(2), 80TTA); 80C, 80CCC and 80CCD(1) as declared, their group total
	// after the 80CCE cap in Group80C. ChapterVIA (in RegimeResult) is the total after the limit
	// to the gross total income.
	Deductible [NumFields]money.Paise
	Group80C   money.Paise
}

// Detail computes regime g for one employee with the computation item by item.
func Detail(in Input, fy FY, g Regime) (Breakdown, error) {
	r, err := prepare(&in, fy)
	if err != nil {
		return Breakdown{}, err
	}
	if g == "" {
		g = DefaultRegime(fy)
	}
	var b Breakdown
	b.RegimeResult = computeRegime(&in, r, g, 0, nil, &b)
	return b, nil
}
