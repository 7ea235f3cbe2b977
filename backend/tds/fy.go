package tds

import (
	"strconv"
	"strings"

	"gstdesk/backend/apperr"
)

// FY is an Indian financial year, April to March, named by the calendar year it starts in
// (FY(2025) is FY 2025-26).
type FY int

// String writes the year the way the wire and the screens do: "FY 2025-26".
func (fy FY) String() string {
	return "FY " + strconv.Itoa(int(fy)) + "-" + twoDigits((int(fy)+1)%100)
}

func twoDigits(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

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

// ParseFY reads a financial year written "FY 2025-26", "FY2025-26" or "2025-26" and refuses
// anything else, or a year without a rule table, with a message listing the supported years.
func ParseFY(s string) (FY, error) {
	t := strings.TrimSpace(s)
	if len(t) >= 2 && strings.EqualFold(t[:2], "FY") {
		t = strings.TrimPrefix(t[2:], " ")
	}
	if fy, ok := parseYears(t); ok {
		if _, ok := rulesFor(fy); ok {
			return fy, nil
		}
	}
	return 0, apperr.New(apperr.Invalid, "Invalid financial year %q: gstdesk computes salary TDS for %s. Write it like FY 2025-26.", s, SupportedList())
}

// parseYears reads "2025-26": four digits, a hyphen, and the next year's last two digits.
func parseYears(t string) (FY, bool) {
	if len(t) != 7 || t[4] != '-' {
		return 0, false
	}
	for i, c := range []byte(t) {
		if i != 4 && (c < '0' || c > '9') {
			return 0, false
		}
	}
	start, _ := strconv.Atoi(t[:4])
	end, _ := strconv.Atoi(t[5:])
	if (start+1)%100 != end {
		return 0, false
	}
	return FY(start), true
}
