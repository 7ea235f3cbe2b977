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

// MonthlySchedule spreads what is left of the annual TDS (annual − already deducted, never below
// 0) over the months from month to March, in whole rupees; the last month absorbs the rounding.
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
	each := left / int64(n)
	out := make([]Instalment, n)
	for i := range out {
		out[i] = Instalment{Month: time.Month((idx+i+3)%12 + 1), Amount: each}
	}
	out[n-1].Amount = left - each*int64(n-1)
	return out, nil
}
