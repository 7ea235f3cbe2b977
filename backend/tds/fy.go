package tds

import (
	"strings"

	"gstdesk/backend/apperr"
	"gstdesk/backend/period"
)

// FY is an Indian financial year, April to March, named by the calendar year it starts in
// (FY(2025) is FY 2025-26): period.FY, written "FY 2025-26".
type FY = period.FY

// Supported lists the financial years the engine has rule tables for, oldest first.
func Supported() []FY {
	out := make([]FY, len(tables))
	for i := range tables {
		out[i] = tables[i].FY
	}
	return out
}

// SupportedList is the supported years written for a message: "FY 2022-23, FY 2023-24, ...".
func SupportedList() string {
	var b strings.Builder
	for i, t := range tables {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(t.FY.String())
	}
	return b.String()
}

// ParseFY reads a financial year written "FY 2025-26", "FY2025-26" or "2025-26" (see
// period.ParseFY) and refuses anything else, or a year without a rule table, with a message
// listing the supported years. A bare "2025" is refused here: for salary TDS people as often mean
// the year ending in it.
func ParseFY(s string) (FY, error) {
	t := strings.TrimSpace(s)
	if fy, err := period.ParseFY(t); err == nil && strings.Contains(t, "-") {
		if _, ok := rulesFor(fy); ok {
			return fy, nil
		}
	}
	return 0, apperr.New(apperr.Invalid, "Invalid financial year %q: gstdesk computes salary TDS for %s. Write it like FY 2025-26.", s, SupportedList())
}
