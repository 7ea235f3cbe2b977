package tds

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
}

// sections2025 renames what the brief and the spec name for the Income-tax Act, 2025; every other
// provision keeps its 1961 number, marked as such, until the renumbering is confirmed.
var sections2025 = func() Sections {
	s := sections1961
	mark := func(p *string) { *p += " (1961 numbering)" }
	for _, p := range []*string{&s.PrevEmployer, &s.OtherIncome, &s.Salary17[0], &s.Salary17[1], &s.Salary17[2],
		&s.Entertainment, &s.ProfessionalTax, &s.HouseProperty, &s.GroupCap80C, &s.TaxRounding} {
		mark(p)
	}
	for i := range s.Exemption {
		mark(&s.Exemption[i])
	}
	for i := range s.ChapterVIA {
		if s.ChapterVIA[i] != "" {
			mark(&s.ChapterVIA[i])
		}
	}
	s.Act = "Income-tax Act, 2025"
	s.SalaryTDS = "s.392"
	s.StandardDeduction = "s.19"
	s.Rounding = "s.516"
	s.Rebate = "s.156"
	s.PAN = "s.397"
	s.Surcharge = "Finance Act, First Schedule"
	return s
}()

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
	common(2026, sections2025, newRegime2025("s.202")),
}

func newRegime2025(section string) RegimeRules {
	return RegimeRules{
		Slabs:             sameForAll([]Band{{0, 0}, {4 * lakh, 5}, {8 * lakh, 10}, {12 * lakh, 15}, {16 * lakh, 20}, {20 * lakh, 25}, {24 * lakh, 30}}),
		StandardDeduction: 75_000, RebateUpTo: 12 * lakh, RebateMax: 60_000, RebateMarginal: true,
		Surcharge: surchargeTo25, Exemptions: newExemptions, Deductions: newDeductions, CCD2CapPct: 14,
		Section: section,
	}
}
