package tds

import "strings"

// Band is one step of a rate schedule: Rate per cent applies to the part of income above Above
// rupees, up to the next band's Above. Slabs and surcharge bands are both written this way.
type Band struct {
	Above   int64 // rupees
	RatePct int64
}

// FieldSet is a set of amount fields.
type FieldSet uint64

// Has reports whether f is in the set.
func (s FieldSet) Has(f Field) bool { return s&(1<<uint(f)) != 0 }

func fields(fs ...Field) FieldSet {
	var s FieldSet
	for _, f := range fs {
		s |= 1 << uint(f)
	}
	return s
}

// RegimeRules are one regime's rules for one financial year.
type RegimeRules struct {
	// Slabs by employee category (General, SeniorCitizen, SuperSeniorCitizen); the new regime has
	// the same slabs for all three.
	Slabs             [numCategories][]Band
	StandardDeduction int64 // rupees; 0 = none
	RebateUpTo        int64 // s.87A: total income at most this gets the rebate
	RebateMax         int64 // the rebate is at most this
	RebateMarginal    bool  // tax may not exceed the income above RebateUpTo
	Surcharge         []Band
	Exemptions        FieldSet // s.10 items that stay exempt
	Deductions        FieldSet // Chapter VI-A deductible_amount items allowed
	SalaryDeductions  bool     // s.16(ii) entertainment and s.16(iii) professional tax allowed
	HPLossSetOff      int64    // house-property loss set off against other income, at most this (0 = none)
	CCD2CapPct        int64    // 80CCD(2) employer NPS: at most this per cent of salary u/s 17(1)
	Section           string   // the section that sets the regime's rates
}

// Sections names the provisions each line of a computation applies; a new Act renumbers them.
type Sections struct {
	Act                 string // "Income-tax Act, 1961"
	SalaryTDS           string // s.192
	PrevEmployer        string // s.192(2)
	OtherIncome         string // s.192(2B)
	Salary17            [3]string
	Exemption           [7]string // in Field order Travel10_5 .. OtherExemption10
	StandardDeduction   string
	Entertainment       string
	ProfessionalTax     string
	HouseProperty       string // set-off of loss
	ChapterVIA          [NumFields]string
	GroupCap80C         string // 80CCE
	Rounding            string // s.288A: total income to ₹10
	TaxRounding         string // s.288B: tax to ₹10
	Rebate              string
	Surcharge           string
	Cess                string
	PAN                 string
	ProfessionalTaxRule string // Art. 276(2)
	DeductionLimit      string // s.80A(2): deductions at most the gross total income
	Labels              Labels
}

// Labels are the words of a computation sheet's lines that name a provision: the 1961 Act's
// "rebate u/s 87A" is the 2025 Act's "rebate u/s 156".
type Labels struct {
	Year            string // "FY" or "Tax year", before "2026-27"
	Salary17        [3]string
	PrevEmployer    string
	Exemption       [7]string // in Field order Travel10_5 .. OtherExemption10, after "Less: "
	OtherExemption  string    // why the other exemptions count in the old regime only
	AfterExemptions string
	ChapterVIA      [NumFields]string // after "Less: "
	Group80C        string            // the 80C + 80CCC + 80CCD(1) cap, allowed
	ChapterTotal    string
	Salary17Short   string // "salary u/s 17(1)" in the 80CCD(2) cap's note
	Rebate          string // "rebate u/s 87A"
	MarginalRebate  string // "marginal relief u/s 87A"
}

// YearLabel names a financial year as its Act does: "FY 2025-26" under the 1961 Act, "Tax year
// 2026-27" under the Income-tax Act 2025.
func YearLabel(fy FY) string {
	r, ok := rulesFor(fy)
	if !ok || r.Sections.Labels.Year == "FY" {
		return fy.String()
	}
	return r.Sections.Labels.Year + strings.TrimPrefix(fy.String(), "FY")
}

// Rules is the complete rule table of one financial year. A new year is a new entry in tables.
type Rules struct {
	FY                 FY
	New, Old           RegimeRules
	CessPct            int64
	ProfessionalTaxCap int64 // rupees
	Cap80CGroup        int64 // 80C + 80CCC + 80CCD(1)
	Cap80CCD1B         int64
	Cap80TTA           int64
	PANRatePct         int64 // s.206AA: at least this per cent when the PAN is not valid
	Sections           Sections
}

// Regime returns the rules of one regime.
func (r *Rules) Regime(g Regime) *RegimeRules {
	if g == NewRegime {
		return &r.New
	}
	return &r.Old
}

// RulesFor returns the rule table of a financial year.
func RulesFor(fy FY) (Rules, bool) {
	r, ok := rulesFor(fy)
	if !ok {
		return Rules{}, false
	}
	return *r, true
}

func rulesFor(fy FY) (*Rules, bool) {
	i := int(fy) - int(tables[0].FY)
	if i < 0 || i >= len(tables) || tables[i].FY != fy {
		return nil, false
	}
	return &tables[i], true
}

const (
	lakh  = 100_000
	crore = 100 * lakh
)

// Old-regime slabs, the same in all five years (Part I/III of the First Schedule).
var oldSlabs = [numCategories][]Band{
	General:            {{0, 0}, {250_000, 5}, {5 * lakh, 20}, {10 * lakh, 30}},
	SeniorCitizen:      {{0, 0}, {300_000, 5}, {5 * lakh, 20}, {10 * lakh, 30}},
	SuperSeniorCitizen: {{0, 0}, {5 * lakh, 20}, {10 * lakh, 30}},
}

func sameForAll(b []Band) [numCategories][]Band { return [numCategories][]Band{b, b, b} }

var (
	surchargeTo37 = []Band{{50 * lakh, 10}, {1 * crore, 15}, {2 * crore, 25}, {5 * crore, 37}}
	// From FY 2023-24 the new regime's surcharge stops at 25% (s.115BAC(1A) proviso).
	surchargeTo25 = []Band{{50 * lakh, 10}, {1 * crore, 15}, {2 * crore, 25}}

	allExemptions = fields(Travel10_5, Gratuity10_10, Pension10_10A, LeaveEncashment10_10AA, HRA10_13A, Special10_14, OtherExemption10)
	newExemptions = fields(Gratuity10_10, Pension10_10A, LeaveEncashment10_10AA)
	oldDeductions = fields(Ded80C, Ded80CCC, Ded80CCD1, Ded80CCD1B, Ded80CCD2, Ded80CCG, Ded80CCH, Ded80D, Ded80E, Ded80G, Ded80TTA, DedOther)
	newDeductions = fields(Ded80CCD2, Ded80CCH)
)

func oldRegime() RegimeRules {
	return RegimeRules{
		Slabs: oldSlabs, StandardDeduction: 50_000,
		RebateUpTo: 5 * lakh, RebateMax: 12_500,
		Surcharge: surchargeTo37, Exemptions: allExemptions, Deductions: oldDeductions,
		SalaryDeductions: true, HPLossSetOff: 2 * lakh, CCD2CapPct: 10,
		Section: "First Schedule rates",
	}
}

var sections1961 = Sections{
	Act:               "Income-tax Act, 1961",
	SalaryTDS:         "s.192",
	PrevEmployer:      "s.192(2)",
	OtherIncome:       "s.192(2B)",
	Salary17:          [3]string{"s.17(1)", "s.17(2)", "s.17(3)"},
	Exemption:         [7]string{"s.10(5)", "s.10(10)", "s.10(10A)", "s.10(10AA)", "s.10(13A)", "s.10(14)", "s.10"},
	StandardDeduction: "s.16(ia)",
	Entertainment:     "s.16(ii)",
	ProfessionalTax:   "s.16(iii)",
	HouseProperty:     "s.71(3A)",
	ChapterVIA: func() (a [NumFields]string) {
		a[Ded80C], a[Ded80CCC], a[Ded80CCD1], a[Ded80CCD1B], a[Ded80CCD2] = "s.80C", "s.80CCC", "s.80CCD(1)", "s.80CCD(1B)", "s.80CCD(2)"
		a[Ded80CCG], a[Ded80CCH], a[Ded80D], a[Ded80E], a[Ded80G], a[Ded80TTA], a[DedOther] = "s.80CCG", "s.80CCH", "s.80D", "s.80E", "s.80G", "s.80TTA", "Chapter VI-A"
		return a
	}(),
	GroupCap80C:         "s.80CCE",
	Rounding:            "s.288A",
	TaxRounding:         "s.288B",
	Rebate:              "s.87A",
	Surcharge:           "Finance Act, First Schedule",
	Cess:                "Finance Act, s.2",
	PAN:                 "s.206AA",
	ProfessionalTaxRule: "Constitution Art. 276(2)",
	DeductionLimit:      "s.80A(2)",
	Labels: Labels{
		Year:         "FY",
		Salary17:     [3]string{"Salary u/s 17(1)", "Value of perquisites u/s 17(2)", "Profits in lieu of salary u/s 17(3)"},
		PrevEmployer: "Salary from previous employers (Form 12B)",
		Exemption: [7]string{"travel concession u/s 10(5)", "gratuity u/s 10(10)", "commuted pension u/s 10(10A)",
			"leave encashment u/s 10(10AA)", "house rent allowance u/s 10(13A)", "special allowances u/s 10(14)", "other exemptions u/s 10"},
		OtherExemption:  "other s.10 exemptions are taken as old-regime only",
		AfterExemptions: "Salary after exemptions u/s 10",
		ChapterVIA: func() (a [NumFields]string) {
			a[Ded80C], a[Ded80CCC], a[Ded80CCD1], a[Ded80CCD1B], a[Ded80CCD2] = "80C", "80CCC", "80CCD(1)", "80CCD(1B)", "80CCD(2)"
			a[Ded80CCG], a[Ded80CCH], a[Ded80D], a[Ded80E], a[Ded80G], a[Ded80TTA], a[DedOther] = "80CCG", "80CCH", "80D", "80E", "80G", "80TTA", "other deductions"
			return a
		}(),
		Group80C:       "80C+80CCC+80CCD(1)",
		ChapterTotal:   "Chapter VI-A deductions",
		Salary17Short:  "salary u/s 17(1)",
		Rebate:         "rebate u/s 87A",
		MarginalRebate: "marginal relief u/s 87A",
	},
}

// sections2025 cites the Income-tax Act 2025 (and Finance Act 2026) on every line, as mapped in
// the spec's section map (tds-2025-act.md §1). Where the map marks the successor UNCONFIRMED the
// 1961 provision is named beside what is known, never a guessed number.
var sections2025 = Sections{
	Act:          "Income-tax Act, 2025",
	SalaryTDS:    "s.392",
	PrevEmployer: "s.392(4)(a)(i)",
	OtherIncome:  "s.392(4)(a)(iv)",
	Salary17:     [3]string{"s.16", "s.17", "s.18"},
	Exemption: [7]string{
		"Sch. III, s.11 (Sl. No. unconfirmed; s.10(5) of 1961)",
		"s.19(1) Table Sl. 3-6",
		"s.19(1) Table Sl. 7-9",
		"s.19(1) Table Sl. 13-14",
		"Sch. III Sl. 11, s.11; Rule 279",
		"Sch. III, s.11 (Sl. No. unconfirmed; s.10(14) of 1961)",
		"s.11",
	},
	StandardDeduction: "s.19(1) Table Sl. 2",
	Entertainment:     "s.16(ii) of 1961 (no 2025 Act row found)",
	ProfessionalTax:   "s.19(1) Table Sl. 1",
	HouseProperty:     "s.109(1)(b)",
	ChapterVIA: func() (a [NumFields]string) {
		a[Ded80C] = "s.123, Sch. XV"
		a[Ded80CCC] = "s.123, Sch. XV (row unconfirmed; s.80CCC of 1961)"
		a[Ded80CCD1] = "s.123 or s.124 unconfirmed (s.80CCD(1) of 1961)"
		a[Ded80CCD1B] = "s.124(3)"
		a[Ded80CCD2] = "s.124(1)-(2)"
		a[Ded80CCG] = "s.80CCG of 1961 (omitted: no 2025 Act successor)"
		a[Ded80CCH] = "s.125"
		a[Ded80D] = "s.126"
		a[Ded80E] = "s.129"
		a[Ded80G] = "s.133"
		a[Ded80TTA] = "s.153"
		a[DedOther] = "Chapter VIII (ss.122-154)"
		return a
	}(),
	GroupCap80C:         "s.123 (cap wording unconfirmed; s.80CCE of 1961)",
	Rounding:            "s.516",
	TaxRounding:         "s.516",
	Rebate:              "s.156",
	Surcharge:           "Finance Act 2026, First Schedule",
	Cess:                "Finance Act 2026, s.3(15)-(16)",
	PAN:                 "s.397(2) (20% limb unconfirmed; s.206AA of 1961)",
	ProfessionalTaxRule: "Constitution Art. 276(2)",
	DeductionLimit:      "s.80A(2) of 1961 (2025 Act place unconfirmed)",
	Labels: Labels{
		Year:         "Tax year",
		Salary17:     [3]string{"Salary u/s 16", "Value of perquisites u/s 17", "Profits in lieu of salary u/s 18"},
		PrevEmployer: "Salary from previous employers (Form No. 122)",
		Exemption: [7]string{"leave travel concession (Schedule III)", "gratuity (s.19 Table)", "commuted pension (s.19 Table)",
			"leave encashment (s.19 Table)", "house rent allowance (Schedule III)", "special allowances (Schedule III)", "other exemptions u/s 11"},
		OtherExemption:  "other s.11 exemptions are taken as old-regime only",
		AfterExemptions: "Salary after exemptions u/s 11 and s.19",
		ChapterVIA: func() (a [NumFields]string) {
			a[Ded80C], a[Ded80CCC], a[Ded80CCD1] = "s.123 (80C of 1961)", "80CCC of 1961 (in s.123)", "employee NPS (80CCD(1) of 1961)"
			a[Ded80CCD1B], a[Ded80CCD2], a[Ded80CCG] = "s.124(3) NPS (80CCD(1B) of 1961)", "s.124 employer NPS (80CCD(2) of 1961)", "80CCG of 1961"
			a[Ded80CCH], a[Ded80D], a[Ded80E] = "s.125 Agnipath (80CCH of 1961)", "s.126 health insurance (80D of 1961)", "s.129 education loan interest (80E of 1961)"
			a[Ded80G], a[Ded80TTA], a[DedOther] = "s.133 donations (80G of 1961)", "s.153 deposit interest (80TTA of 1961)", "other deductions (Chapter VIII)"
			return a
		}(),
		Group80C:       "s.123 group (80C+80CCC+80CCD(1) of 1961)",
		ChapterTotal:   "Chapter VIII deductions",
		Salary17Short:  "salary u/s 16",
		Rebate:         "rebate u/s 156",
		MarginalRebate: "marginal relief u/s 156(2)(b)",
	},
}

func common(fy FY, s Sections, newR RegimeRules) Rules {
	return Rules{
		FY: fy, New: newR, Old: oldRegime(), CessPct: 4, ProfessionalTaxCap: 2_500,
		Cap80CGroup: 150_000, Cap80CCD1B: 50_000, Cap80TTA: 10_000, PANRatePct: 20, Sections: s,
	}
}

// tables holds one rule table per financial year, consecutive and oldest first.
var tables = []Rules{
	common(2022, sections1961, RegimeRules{
		Slabs:             sameForAll([]Band{{0, 0}, {250_000, 5}, {5 * lakh, 10}, {750_000, 15}, {10 * lakh, 20}, {1_250_000, 25}, {15 * lakh, 30}}),
		StandardDeduction: 0, RebateUpTo: 5 * lakh, RebateMax: 12_500, RebateMarginal: false,
		Surcharge: surchargeTo37, Exemptions: newExemptions, Deductions: newDeductions, CCD2CapPct: 10,
		Section: "s.115BAC",
	}),
	common(2023, sections1961, RegimeRules{
		Slabs:             sameForAll([]Band{{0, 0}, {3 * lakh, 5}, {6 * lakh, 10}, {9 * lakh, 15}, {12 * lakh, 20}, {15 * lakh, 30}}),
		StandardDeduction: 50_000, RebateUpTo: 7 * lakh, RebateMax: 25_000, RebateMarginal: true,
		Surcharge: surchargeTo25, Exemptions: newExemptions, Deductions: newDeductions, CCD2CapPct: 10,
		Section: "s.115BAC(1A)",
	}),
	common(2024, sections1961, RegimeRules{
		Slabs:             sameForAll([]Band{{0, 0}, {3 * lakh, 5}, {7 * lakh, 10}, {10 * lakh, 15}, {12 * lakh, 20}, {15 * lakh, 30}}),
		StandardDeduction: 75_000, RebateUpTo: 7 * lakh, RebateMax: 25_000, RebateMarginal: true,
		Surcharge: surchargeTo25, Exemptions: newExemptions, Deductions: newDeductions, CCD2CapPct: 14,
		Section: "s.115BAC(1A)",
	}),
	common(2025, sections1961, newRegime2025("s.115BAC(1A)")),
	func() Rules {
		r := common(2026, sections2025, newRegime2025("s.202(1)"))
		r.Old.Section = "Finance Act 2026, First Schedule Part I-B"
		return r
	}(),
}

func newRegime2025(section string) RegimeRules {
	return RegimeRules{
		Slabs:             sameForAll([]Band{{0, 0}, {4 * lakh, 5}, {8 * lakh, 10}, {12 * lakh, 15}, {16 * lakh, 20}, {20 * lakh, 25}, {24 * lakh, 30}}),
		StandardDeduction: 75_000, RebateUpTo: 12 * lakh, RebateMax: 60_000, RebateMarginal: true,
		Surcharge: surchargeTo25, Exemptions: newExemptions, Deductions: newDeductions, CCD2CapPct: 14,
		Section: section,
	}
}
