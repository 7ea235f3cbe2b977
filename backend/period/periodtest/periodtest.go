// Package periodtest reads the periods tests write ("2025-04", "FY 2025-26") as the services take
// them (period.Month, period.FY). Only tests import it; a period a test mistypes stops it.
package periodtest

import "gstdesk/backend/period"

// Month is period.ReadMonth of s ("" is no month).
func Month(s string) period.Month {
	m, err := period.ReadMonth(s)
	if err != nil {
		panic(err)
	}
	return m
}

// Months is Month of each.
func Months(ss ...string) []period.Month {
	ms, err := period.ReadMonths(ss)
	if err != nil {
		panic(err)
	}
	return ms
}

// FY is period.ReadFY of s.
func FY(s string) period.FY {
	y, err := period.ReadFY(s)
	if err != nil {
		panic(err)
	}
	return y
}
