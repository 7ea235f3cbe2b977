package tds

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"gstdesk/backend/apperr"
	"gstdesk/backend/money"
)

// FormatRupees writes whole rupees in Indian grouping: 12,34,567.
func FormatRupees(r int64) string { return money.FromRupees(r).String() }

// Field names one amount item of the salary workbook; the order is the order of interface.md 2.8.
type Field int

// The amount items of the salary workbook (pan_status and employee_category are not amounts).
const (
	PrevEmployerSalary     Field = iota // gross_salary_from_previous_employers
	PrevEmployerTDS                     // tds_by_previous_employers
	Salary17_1                          // salary_as_per_provisions_contained_in_section_17_1
	Perquisites17_2                     // value_of_perquisites_us_17_2
	Profits17_3                         // profits_in_lieu_of_salary_us_17_3
	Travel10_5                          // travel_concession_or_assistance_us_10_5
	Gratuity10_10                       // death_cum_retirement_gratuity_us_10_10
	Pension10_10A                       // commuted_value_of_pension_us_10_10_a
	LeaveEncashment10_10AA              // cash_equivalent_of_leave_salary_encashment_us_10_10_aa
	HRA10_13A                           // house_rent_allowance_us_10_13_a
	Special10_14                        // other_special_allowances_under_section_10_14
	OtherExemption10                    // total_amount_of_any_other_exemption_us_10
	StandardDeduction16ia               // standard_deduction_us_16_ia
	Entertainment16ii                   // entertainment_allowance_us_16_ii
	ProfessionalTax16iii                // tax_on_employment_us_16_iii
	HouseProperty                       // income_from_house_property_reported_by_employee_offered_for_tds
	OtherSources                        // income_under_the_head_other_sources_offered_for_tds
	Gross80C                            // gross_amount_us_80_c
	Ded80C                              // deductible_amount_us_80_c
	Gross80CCC                          // gross_amount_us_80_ccc
	Ded80CCC                            // deductible_amount_us_80_ccc
	Gross80CCD1                         // gross_amount_us_80_ccd_1
	Ded80CCD1                           // deductible_amount_us_80_ccd_1
	Gross80CCD1B                        // gross_amount_us_80_ccd_1_b
	Ded80CCD1B                          // deductible_amount_us_80_ccd_1_b
	Gross80CCD2                         // gross_amount_us_80_ccd_2
	Ded80CCD2                           // deductible_amount_us_80_ccd_2
	Gross80CCG                          // gross_amount_us_80_ccg
	Ded80CCG                            // deductible_amount_us_80_ccg
	Gross80CCH                          // gross_amount_us_80_cch
	Ded80CCH                            // deductible_amount_us_80_cch
	Gross80D                            // gross_amount_us_80_d
	Ded80D                              // deductible_amount_us_80_d
	Gross80E                            // gross_amount_us_80_e
	Ded80E                              // deductible_amount_us_80_e
	Gross80G                            // gross_amount_us_80_g
	Ded80G                              // deductible_amount_us_80_g
	Qual80G                             // qualifying_amount_us_80_g
	Gross80TTA                          // gross_amount_us_80_tta
	Ded80TTA                            // deductible_amount_us_80_tta
	Qual80TTA                           // qualifying_amount_us_80_tta
	GrossOther                          // gross_amount_for_other_deductions
	DedOther                            // deductible_amount_for_other_deductions
	QualOther                           // qualifying_amount_for_other_deductions
	NumFields                           // the number of amount items
)

// Keys of the two text items.
const (
	KeyPANStatus        = "pan_status"
	KeyEmployeeCategory = "employee_category"
)

var fieldKeys = [NumFields]string{
	"gross_salary_from_previous_employers", "tds_by_previous_employers",
	"salary_as_per_provisions_contained_in_section_17_1", "value_of_perquisites_us_17_2", "profits_in_lieu_of_salary_us_17_3",
	"travel_concession_or_assistance_us_10_5", "death_cum_retirement_gratuity_us_10_10", "commuted_value_of_pension_us_10_10_a",
	"cash_equivalent_of_leave_salary_encashment_us_10_10_aa", "house_rent_allowance_us_10_13_a",
	"other_special_allowances_under_section_10_14", "total_amount_of_any_other_exemption_us_10",
	"standard_deduction_us_16_ia", "entertainment_allowance_us_16_ii", "tax_on_employment_us_16_iii",
	"income_from_house_property_reported_by_employee_offered_for_tds", "income_under_the_head_other_sources_offered_for_tds",
	"gross_amount_us_80_c", "deductible_amount_us_80_c", "gross_amount_us_80_ccc", "deductible_amount_us_80_ccc",
	"gross_amount_us_80_ccd_1", "deductible_amount_us_80_ccd_1", "gross_amount_us_80_ccd_1_b", "deductible_amount_us_80_ccd_1_b",
	"gross_amount_us_80_ccd_2", "deductible_amount_us_80_ccd_2", "gross_amount_us_80_ccg", "deductible_amount_us_80_ccg",
	"gross_amount_us_80_cch", "deductible_amount_us_80_cch", "gross_amount_us_80_d", "deductible_amount_us_80_d",
	"gross_amount_us_80_e", "deductible_amount_us_80_e", "gross_amount_us_80_g", "deductible_amount_us_80_g",
	"qualifying_amount_us_80_g", "gross_amount_us_80_tta", "deductible_amount_us_80_tta", "qualifying_amount_us_80_tta",
	"gross_amount_for_other_deductions", "deductible_amount_for_other_deductions", "qualifying_amount_for_other_deductions",
}

// Key is the workbook key of the field, such as "deductible_amount_us_80_c".
func (f Field) Key() string {
	if f < 0 || f >= NumFields {
		return "field(" + strconv.Itoa(int(f)) + ")"
	}
	return fieldKeys[f]
}

// Keys returns the 46 input keys of the salary workbook in the order of interface.md 2.8.
func Keys() []string {
	out := make([]string, 0, NumFields+2)
	out = append(out, KeyPANStatus, KeyEmployeeCategory)
	return append(out, fieldKeys[:]...)
}

var fieldByKey = func() map[string]Field {
	m := make(map[string]Field, NumFields)
	for i, k := range fieldKeys {
		m[k] = Field(i)
	}
	return m
}()

// FieldByKey finds the amount field of a workbook key.
func FieldByKey(key string) (Field, bool) {
	f, ok := fieldByKey[key]
	return f, ok
}

// Category is the employee's age band (employee_category), which changes the old regime's slabs.
type Category uint8

// The employee categories of the workbook.
const (
	General            Category = iota // below 60: "general"
	SeniorCitizen                      // 60 to 79: "senior_citizen"
	SuperSeniorCitizen                 // 80 and above: "super_senior_citizen"
	numCategories
)

var categoryNames = [numCategories]string{"general", "senior_citizen", "super_senior_citizen"}

// String is the workbook spelling of the category.
func (c Category) String() string {
	if c >= numCategories {
		return "category(" + strconv.Itoa(int(c)) + ")"
	}
	return categoryNames[c]
}

// ParseCategory reads an employee_category value; case and surrounding spaces are ignored.
func ParseCategory(s string) (Category, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	for i, n := range categoryNames {
		if t == n {
			return Category(i), nil
		}
	}
	return 0, apperr.New(apperr.Invalid, "employee_category %q is not known: use general, senior_citizen or super_senior_citizen.", s)
}

// The pan_status values the remote calculator documents; only PANValid counts as a valid PAN.
const (
	PANValid        = "PANISVALID"
	PANNotAvailable = "PANNOTAVBL"
	PANInvalid      = "PANINVALID"
	PANApplied      = "PANAPPLIED"
)

// ParsePANStatus reads a pan_status value (case and spaces ignored) and refuses unknown values.
func ParsePANStatus(s string) (string, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	switch t {
	case PANValid, PANNotAvailable, PANInvalid, PANApplied:
		return t, nil
	}
	return "", apperr.New(apperr.Invalid, "pan_status %q is not known: use PANISVALID, PANNOTAVBL, PANINVALID or PANAPPLIED.", s)
}

// MaxAmount bounds every amount item (₹10,000 crore) so that no computation can overflow.
const MaxAmount = money.Paise(100_000_000_000 * 100)

// Input is one employee's salary workbook: the 46 items of interface.md 2.8.
type Input struct {
	PANStatus string   // one of PANValid, PANNotAvailable, PANInvalid, PANApplied
	Category  Category // age band
	Amounts   [NumFields]money.Paise
}

// Amount returns the amount of field f.
func (in *Input) Amount(f Field) money.Paise { return in.Amounts[f] }

// Validate checks an Input built in code (ParseItems already guarantees all of this).
func (in *Input) Validate() error {
	switch in.PANStatus {
	case PANValid, PANNotAvailable, PANInvalid, PANApplied:
	default:
		return apperr.New(apperr.Invalid, "pan_status %q is not known: use PANISVALID, PANNOTAVBL, PANINVALID or PANAPPLIED.", in.PANStatus)
	}
	if in.Category >= numCategories {
		return apperr.New(apperr.Invalid, "employee_category %d is not known: use general, senior_citizen or super_senior_citizen.", in.Category)
	}
	for i, a := range in.Amounts {
		if a > MaxAmount || a < -MaxAmount {
			return apperr.New(apperr.Invalid, "%s is %s, more than gstdesk accepts (%s).", fieldKeys[i], a, MaxAmount)
		}
		if a < 0 && Field(i) != HouseProperty {
			return apperr.New(apperr.Invalid, "%s is %s: only income from house property may be negative.", fieldKeys[i], a)
		}
	}
	return nil
}

// Item is one [key, value] pair as read from a workbook or a spreadsheet row: Value is the text
// of a JSON number when Number is set, otherwise the contents of a string.
type Item struct {
	Key    string
	Value  string
	Number bool
}

// ParseItems builds an Input from workbook items. Missing items count as 0 (PANISVALID and general
// for the two text items) and are returned as warnings. Unknown or repeated keys, text where an
// amount belongs, numbers where text belongs, negative amounts (other than house property) and
// unknown pan_status or employee_category values are errors; every problem is named in one message.
// Amount strings holding a plain decimal number ("50000", "1234.50") are accepted as numbers.
func ParseItems(items []Item) (Input, []string, error) {
	in := Input{PANStatus: PANValid}
	var seen [NumFields + 2]bool // amount fields, then pan_status, employee_category
	var problems []string
	for _, it := range items {
		switch it.Key {
		case KeyPANStatus, KeyEmployeeCategory:
			idx := int(NumFields)
			if it.Key == KeyEmployeeCategory {
				idx++
			}
			if seen[idx] {
				problems = append(problems, fmt.Sprintf("%s appears more than once", it.Key))
				continue
			}
			seen[idx] = true
			if it.Number {
				problems = append(problems, fmt.Sprintf("%s must be text, not the number %s", it.Key, it.Value))
				continue
			}
			var err error
			if it.Key == KeyPANStatus {
				in.PANStatus, err = ParsePANStatus(it.Value)
			} else {
				in.Category, err = ParseCategory(it.Value)
			}
			if err != nil {
				problems = append(problems, strings.TrimSuffix(err.Error(), "."))
			}
			continue
		}
		f, ok := fieldByKey[it.Key]
		if !ok {
			problems = append(problems, fmt.Sprintf("%q is not an item of the salary workbook", it.Key))
			continue
		}
		if seen[f] {
			problems = append(problems, fmt.Sprintf("%s appears more than once", it.Key))
			continue
		}
		seen[f] = true
		p, err := ParseAmount(it.Value)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v", it.Key, err))
			continue
		}
		if p < 0 && f != HouseProperty {
			problems = append(problems, fmt.Sprintf("%s is %s: only income from house property may be negative", it.Key, p))
			continue
		}
		in.Amounts[f] = p
	}
	var warnings []string
	if !seen[NumFields] {
		warnings = append(warnings, "pan_status is missing: taken as PANISVALID")
	}
	if !seen[NumFields+1] {
		warnings = append(warnings, "employee_category is missing: taken as general")
	}
	var missing []string
	for i := range NumFields {
		if !seen[i] {
			missing = append(missing, fieldKeys[i])
		}
	}
	if len(missing) > 0 {
		warnings = append(warnings, "missing items taken as 0: "+strings.Join(missing, ", "))
	}
	if len(problems) > 0 {
		return Input{}, warnings, apperr.New(apperr.Invalid, "The salary workbook has %s: %s. Correct %s and try again.",
			plural(len(problems), "problem"), strings.Join(problems, "; "), itThem(len(problems)))
	}
	return in, warnings, nil
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

func itThem(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}

// ParseAmount reads an amount item of the salary workbook: whatever money.Parse accepts ("150000",
// "-2000.50", "1.5e5", " 42 ", "1,50,000", "₹ 1,234.50"), a third decimal rounding half away from
// zero; empty text is 0. Text that is not an amount, or beyond MaxAmount, is an error saying what is
// wrong, and is money.ErrRange or money.ErrSyntax to errors.Is.
func ParseAmount(s string) (money.Paise, error) {
	p, err := money.Parse(s)
	switch {
	case errors.Is(err, money.ErrRange), err == nil && (p > MaxAmount || p < -MaxAmount):
		return 0, &amountError{fmt.Sprintf("%q is more than gstdesk accepts for one item (%s)", s, MaxAmount), money.ErrRange}
	case err != nil:
		return 0, &amountError{fmt.Sprintf("%q is not an amount: write a number of rupees, like 150000 or 1234.50", s), money.ErrSyntax}
	}
	return p, nil
}

// amountError is an error of ParseAmount: what is wrong, in words, and money.ErrRange (beyond
// MaxAmount) or money.ErrSyntax (not an amount) for errors.Is.
type amountError struct {
	msg string
	err error
}

func (e *amountError) Error() string { return e.msg }
func (e *amountError) Unwrap() error { return e.err }
