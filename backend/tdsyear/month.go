// Package tdsyear is the payroll TDS year: per workspace and financial year the employer (name,
// TAN, PAN, address, the person responsible), the employees kept across months, and one record
// per employee and month holding what was paid in the month, the TDS actually deducted and the
// latest declarations. From those it computes each month's TDS: the year projected from what was
// paid, the liability in the employee's chosen regime with the tds engine, less what was deducted
// before, spread over the months of employment left. It keeps the month's register with the
// change from the month before and why.
package tdsyear

import (
	"fmt"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/money"
	"gstdesk/backend/period"
	"gstdesk/backend/tds"
)

// Paid lists the items a month record holds as amounts paid in that month; every other item of
// the salary workbook is a declaration for the year (Chapter VI-A, exemptions, house property,
// other income, the previous employer's salary and TDS), taken from the latest month as given.
var Paid = [...]tds.Field{tds.Salary17_1, tds.Perquisites17_2, tds.Profits17_3, tds.Entertainment16ii, tds.ProfessionalTax16iii}

// NumPaid is the number of paid items.
const NumPaid = len(Paid)

// isPaid reports whether f is one of the Paid items.
func isPaid(f tds.Field) bool {
	for _, p := range Paid {
		if p == f {
			return true
		}
	}
	return false
}

// Index is the place of a calendar month in the financial year: April 0 ... March 11.
func Index(m time.Month) int { return (int(m) + 8) % 12 }

// MonthAt is the calendar month at index i of the financial year (0 April ... 11 March).
func MonthAt(i int) time.Month { return time.Month((i+3)%12 + 1) }

// MonthName writes month index i of fy as "November 2025".
func MonthName(fy tds.FY, i int) string {
	m := fy.Months()[i]
	return fmt.Sprintf("%s %d", m.Month, m.Year)
}

// Of is the period.Month at index i of fy.
func Of(fy tds.FY, i int) period.Month { return fy.Months()[i] }

// Amounts are one month's amounts paid, in Paid order, and the one-off part of the salary.
type Amounts struct {
	Items [NumPaid]money.Paise `json:"items"`
	// OneOff is salary u/s 17(1) paid once in the month (bonus, arrears; negative for a recovery
	// of salary paid earlier in the year): counted as paid, never repeated in the projection.
	OneOff money.Paise `json:"one_off"`
}

// Before is what the months before month m hold for an employee.
type Before struct {
	// Paid sums the amounts paid in the earlier months, in Paid order, one-offs included.
	Paid [NumPaid]money.Paise
	// Deducted sums the TDS deducted in the earlier months: as recorded, or where a month has
	// none recorded, the TDS gstdesk computed for it. Rupees.
	Deducted int64
	// HRA sums the HRA exemption of the earlier months that have one (the HRA helper's figure of
	// the month); HRAMonths counts them.
	HRA       money.Paise
	HRAMonths int
}

// Step is one employee's month to compute.
type Step struct {
	FY    tds.FY
	Month int // index, 0 April ... 11 March
	// Last is the index of the employee's last month of employment in the year (11 unless they
	// leave before March).
	Last         int
	Regime       tds.Regime // chosen
	Paid         Amounts
	Declarations tds.Input // the year's declarations; the Paid items are ignored
	Before       Before
	// HRA is the month's HRA exemption worked out by the HRA helper (HRAGiven): projected like
	// the paid items, it replaces the declared house_rent_allowance_us_10_13_a.
	HRA      money.Paise
	HRAGiven bool
}

// Result is the month's TDS for one employee.
type Result struct {
	// Projected is the input the liability is computed on: the year projected from what was paid
	// and the declarations.
	Projected        tds.Input  `json:"-"`
	ProjectedTaxable int64      `json:"projected_taxable_income"` // total income, chosen regime
	Liability        int64      `json:"annual_liability"`         // tds_on_salary, chosen regime
	DeductedBefore   int64      `json:"deducted_before"`
	TDS              int64      `json:"tds_this_month"`
	Remaining        int64      `json:"remaining"`     // liability left after this month
	OverDeducted     int64      `json:"over_deducted"` // deducted before beyond the liability
	MonthsLeft       int        `json:"months_left"`   // this month to the last month of employment
	NewLiability     int64      `json:"new_liability"`
	OldLiability     int64      `json:"old_liability"`
	Recommended      tds.Regime `json:"recommended_regime"`
}

// Compute is the month's TDS, exactly as the issue states it:
//   - the projected annual amount of each paid item is what was paid from April to month m plus
//     month m's amount (its recurring part: a one-off is paid once) times the months after m up
//     to the employee's last month in the year;
//   - a month's HRA exemption from the HRA helper is projected the same way: the earlier
//     months' exemptions plus this month's times the months from m to the last month;
//   - the annual liability is the engine's tds_on_salary on the projected figures with the
//     declarations, in the chosen regime;
//   - TDS for month m is max(0, liability − deducted before) ÷ the months from m to the last
//     month, rounded to the rupee (half up); the last month takes the remainder (tds.MonthShare,
//     the same rule as the payroll run's schedule);
//   - an over-deduction (deducted before above the liability) is returned as such, never hidden.
func Compute(s Step) (Result, error) {
	if s.Month < 0 || s.Month > 11 || s.Last < s.Month || s.Last > 11 {
		return Result{}, apperr.New(apperr.Invalid, "tdsyear: month %d with last month %d is not a month of employment", s.Month, s.Last)
	}
	in := s.Declarations
	after := int64(s.Last - s.Month)
	for i, f := range Paid {
		this := s.Paid.Items[i]
		total := s.Before.Paid[i] + this + this*money.Paise(after)
		if f == tds.Salary17_1 {
			total += s.Paid.OneOff
		}
		if total < 0 {
			return Result{}, apperr.New(apperr.Invalid, "%s for the year would be %s: recoveries cannot exceed what was paid", f.Key(), total)
		}
		in.Amounts[f] = total
	}
	if s.HRAGiven {
		in.Amounts[tds.HRA10_13A] = s.Before.HRA + s.HRA*money.Paise(after+1)
	}
	res, err := tds.Compute(in, s.FY)
	if err != nil {
		return Result{}, err
	}
	g := s.Regime
	if g == "" {
		g = tds.DefaultRegime(s.FY)
	}
	rr := res.Regime(g)
	out := Result{Projected: in, ProjectedTaxable: rr.TotalIncome, Liability: rr.TDSOnSalary, DeductedBefore: s.Before.Deducted,
		MonthsLeft: s.Last - s.Month + 1, NewLiability: res.New.TDSOnSalary, OldLiability: res.Old.TDSOnSalary, Recommended: res.Recommended}
	left := out.Liability - out.DeductedBefore
	if left < 0 {
		out.OverDeducted = -left
	}
	out.TDS = tds.MonthShare(left, out.MonthsLeft)
	out.Remaining = max(0, left-out.TDS)
	return out, nil
}
