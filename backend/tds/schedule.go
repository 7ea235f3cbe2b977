package tds

import (
	"time"

	"gstdesk/backend/apperr"
)

// Instalment is the TDS to deduct in one month of the financial year.
type Instalment struct {
	Month  time.Month `json:"month"`
	Amount int64      `json:"amount"` // rupees
}

// MonthShare is the TDS to deduct this month when left rupees remain to be deducted over
// monthsLeft months (this one included): left ÷ monthsLeft rounded to the nearest rupee, half up;
// the last month (monthsLeft 1) takes all that is left; nothing when nothing is left.
//
// The one rounding rule of a month's TDS, used by the payroll run's schedule and by the TDS year.
// salary-tds-rules.md §9 puts every amount in whole rupees, half up, and §11 spreads the year's
// TDS in whole rupees with the last month absorbing the rounding. The ₹10 rounding of s.288B
// (s.516 of the 2025 Act) is for the tax payable on the return, not for what is deducted each
// month (the computation sheet says "TDS is not rounded"). Because each month is rounded on what
// is left at that month, an instalment is never more than what is left, and a schedule never
// ends on a negative month.
func MonthShare(left int64, monthsLeft int) int64 {
	if left <= 0 || monthsLeft <= 0 {
		return 0
	}
	if monthsLeft == 1 {
		return left
	}
	n := int64(monthsLeft)
	return (2*left + n) / (2 * n)
}

// MonthlySchedule spreads what is left of the annual TDS (annual − already deducted, never below
// 0) over the months from month to March: each month MonthShare of what is then left, so the
// schedule is what gstdesk would work out month after month if nothing changed.
func MonthlySchedule(annualTDS, alreadyDeducted int64, month time.Month) ([]Instalment, error) {
	if month < time.January || month > time.December {
		return nil, apperr.New(apperr.Invalid, "Month %d is not a month: use 1 (January) to 12 (December).", int(month))
	}
	if annualTDS < 0 || alreadyDeducted < 0 {
		return nil, apperr.New(apperr.Invalid, "TDS amounts cannot be negative (annual %s, already deducted %s).", FormatRupees(annualTDS), FormatRupees(alreadyDeducted))
	}
	idx := (int(month) + 8) % 12 // April 0 ... March 11
	n := 12 - idx
	left := max(0, annualTDS-alreadyDeducted)
	out := make([]Instalment, n)
	for i := range out {
		a := MonthShare(left, n-i)
		out[i] = Instalment{Month: time.Month((idx+i+3)%12 + 1), Amount: a}
		left -= a
	}
	return out, nil
}
