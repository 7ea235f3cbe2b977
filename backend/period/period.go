// Package period is gstdesk's one vocabulary for time spans of tax law: Month, a GST return
// period (written "2025-04", or "042025" as the GST service's ret_period), and FY, an Indian
// financial year from April to March (written "FY 2025-26").
//
// It is its own package rather than part of civil: civil is allocation-free day arithmetic on
// plain numbers for hot paths, while periods are parsed from people and flags, named in messages
// and listed in ranges.
package period

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"gstdesk/backend/apperr"
)

// Month is a GST return period: one calendar month. The zero Month is not a valid period.
type Month struct {
	// Year is the calendar year, such as 2025.
	Year int
	// Month is the calendar month, January to December.
	Month time.Month
}

// MonthOf returns the return period of year y and month m (1-12).
func MonthOf(y int, m time.Month) Month { return Month{Year: y, Month: m} }

// ParseMonth reads a return period written YYYY-MM ("2025-04", as gstdesk stores it) or MMYYYY
// ("042025", the GST service's ret_period). Years run from 1900 to 2999.
func ParseMonth(s string) (Month, error) {
	var y, m int
	ok := false
	switch {
	case len(s) == 7 && s[4] == '-':
		y, ok = digits(s[:4])
		if ok {
			m, ok = digits(s[5:])
		}
	case len(s) == 6:
		m, ok = digits(s[:2])
		if ok {
			y, ok = digits(s[2:])
		}
	}
	if !ok || y < 1900 || y > 2999 || m < 1 || m > 12 {
		return Month{}, fmt.Errorf("period: %q is not a month: write YYYY-MM, such as 2024-01", s)
	}
	return Month{Year: y, Month: time.Month(m)}, nil
}

// digits reads s as a non-negative decimal number of ASCII digits only.
func digits(s string) (int, bool) {
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, len(s) > 0
}

// String writes the period as YYYY-MM: "2025-04".
func (m Month) String() string {
	b := make([]byte, 0, 7)
	b = append4(b, m.Year)
	b = append(b, '-', byte('0'+m.Month/10), byte('0'+m.Month%10))
	return string(b)
}

// Label writes the period as people read it: "Apr 2025".
func (m Month) Label() string {
	return m.Month.String()[:3] + " " + strconv.Itoa(m.Year)
}

// LabelOf is the label of a YYYY-MM period, or the text itself when it is not one.
func LabelOf(s string) string {
	m, err := ParseMonth(s)
	if err != nil {
		return s
	}
	return m.Label()
}

// RetPeriod writes the period as MMYYYY, the GST service's ret_period: "042025".
func (m Month) RetPeriod() string {
	b := make([]byte, 0, 6)
	b = append(b, byte('0'+m.Month/10), byte('0'+m.Month%10))
	return string(append4(b, m.Year))
}

func append4(b []byte, y int) []byte {
	return append(b, byte('0'+y/1000%10), byte('0'+y/100%10), byte('0'+y/10%10), byte('0'+y%10))
}

// Next returns the month after m.
func (m Month) Next() Month {
	if m.Month == time.December {
		return Month{Year: m.Year + 1, Month: time.January}
	}
	return Month{Year: m.Year, Month: m.Month + 1}
}

// Before reports whether m comes before o.
func (m Month) Before(o Month) bool { return m.index() < o.index() }

func (m Month) index() int { return m.Year*12 + int(m.Month) - 1 }

// FY returns the financial year the month belongs to: April 2025 to March 2026 are FY 2025-26.
func (m Month) FY() FY {
	if m.Month < time.April {
		return FY(m.Year - 1)
	}
	return FY(m.Year)
}

// FY is an Indian financial year, April to March, named by the calendar year it starts in:
// FY(2025) is FY 2025-26. In JSON it is that year, a number.
type FY int

// FYOf returns the financial year of a date given as year and month.
func FYOf(y int, m time.Month) FY { return MonthOf(y, m).FY() }

// ParseFY reads a financial year written "FY 2025-26", "FY2025-26", "fy 2025-26", "2025-26" or
// just its first year "2025". The second year must follow the first ("2025-27" is refused).
func ParseFY(s string) (FY, error) {
	t := s
	if len(t) >= 2 && (t[0] == 'F' || t[0] == 'f') && (t[1] == 'Y' || t[1] == 'y') {
		t = t[2:]
		if len(t) > 0 && t[0] == ' ' {
			t = t[1:]
		}
	}
	y, ok := 0, false
	switch len(t) {
	case 4:
		y, ok = digits(t)
	case 7:
		if t[4] == '-' {
			var end int
			y, ok = digits(t[:4])
			if ok {
				end, ok = digits(t[5:])
				ok = ok && (y+1)%100 == end
			}
		}
	}
	if !ok || y < 1900 || y > 2998 {
		return 0, fmt.Errorf("period: %q is not a financial year: write it like FY 2025-26", s)
	}
	return FY(y), nil
}

// String writes the year the way the wire and the screens do: "FY 2025-26".
func (f FY) String() string {
	n := (int(f) + 1) % 100
	return "FY " + strconv.Itoa(int(f)) + "-" + string([]byte{byte('0' + n/10), byte('0' + n%10)})
}

// First returns April of the year.
func (f FY) First() Month { return Month{Year: int(f), Month: time.April} }

// Last returns March of the year.
func (f FY) Last() Month { return Month{Year: int(f) + 1, Month: time.March} }

// Months lists the year's twelve return periods, April to March.
func (f FY) Months() []Month {
	out := make([]Month, 0, 12)
	for m := f.First(); len(out) < 12; m = m.Next() {
		out = append(out, m)
	}
	return out
}

// Strings writes months as YYYY-MM.
func Strings(ms []Month) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String()
	}
	return out
}

// Range lists the months to pull from month of year to toMonth (0: just the one month); a toMonth
// before month runs into the next year (11 to 2 is November to February), so at most twelve. It is
// the command line's and the pull screen's --month/--to-month, with their messages.
func Range(year, month, toMonth int) ([]Month, error) {
	if year < 2017 || year > 2100 || month < 1 || month > 12 {
		return nil, apperr.New(apperr.Invalid, "Give a year (2017 or later) and a month 1-12; GST began in July 2017.")
	}
	if toMonth == 0 {
		toMonth = month
	}
	if toMonth < 1 || toMonth > 12 {
		return nil, apperr.New(apperr.Invalid, "The last month must be 1-12, not %d.", toMonth)
	}
	var out []Month
	m := MonthOf(year, time.Month(month))
	for {
		out = append(out, m)
		if int(m.Month) == toMonth {
			break
		}
		m = m.Next()
		if len(out) > 12 {
			return nil, apperr.New(apperr.Invalid, "Pull at most twelve months at a time.")
		}
	}
	return out, nil
}

// Span lists the months from from to to, both YYYY-MM and included, refusing more than most
// months, a to before from and periods before 2017. It is the reconciliation's period choice, with
// its messages.
func Span(from, to string, most int) ([]Month, error) {
	a, err1 := parseStrict(from)
	b, err2 := parseStrict(to)
	if err1 != nil || err2 != nil {
		return nil, apperr.New(apperr.Invalid, "Choose the periods as months (YYYY-MM), not %q to %q.", from, to)
	}
	if a.Year < 2017 {
		return nil, apperr.New(apperr.Invalid, "GST began in July 2017: choose a period from then on.")
	}
	if b.Before(a) {
		return nil, apperr.New(apperr.Invalid, "The last period %s is before the first %s: swap them.", to, from)
	}
	var out []Month
	for m := a; !b.Before(m); m = m.Next() {
		out = append(out, m)
		if len(out) > most {
			return nil, apperr.New(apperr.Invalid, "A reconciliation covers at most %d months: choose a shorter range.", most)
		}
	}
	return out, nil
}

// parseStrict reads YYYY-MM only, as time.Parse("2006-01") does.
func parseStrict(s string) (Month, error) {
	if len(s) != 7 || s[4] != '-' {
		return Month{}, fmt.Errorf("period: %q is not YYYY-MM", s)
	}
	y, ok1 := digits(s[:4])
	m, ok2 := digits(s[5:])
	if !ok1 || !ok2 || m < 1 || m > 12 {
		return Month{}, fmt.Errorf("period: %q is not YYYY-MM", s)
	}
	return Month{Year: y, Month: time.Month(m)}, nil
}

// monthNames are the months as people write them, full and short (Sept too), lower case.
var monthNames = map[string]int{
	"jan": 1, "january": 1, "feb": 2, "february": 2, "mar": 3, "march": 3, "apr": 4, "april": 4,
	"may": 5, "jun": 6, "june": 6, "jul": 7, "july": 7, "aug": 8, "august": 8, "sep": 9, "sept": 9,
	"september": 9, "oct": 10, "october": 10, "nov": 11, "november": 11, "dec": 12, "december": 12,
}

// ParseMonthArg reads a month as a person writes it on a command line or in a form: 8, 08, Aug,
// August, 2025-08, 08/2025, 08-2025, Aug 2025, Aug-2025 or 082025. year is 0 when the text names
// no year. A leading zero is a decimal zero, never octal ("08" is August).
func ParseMonthArg(s string) (month, year int, err error) {
	t := strings.ToLower(strings.TrimSpace(s))
	bad := func() (int, int, error) {
		return 0, 0, fmt.Errorf("%q is not a month: write 8, 08, Aug, August, 2025-08 or 08/2025", s)
	}
	if t == "" {
		return bad()
	}
	if n, ok := digits(t); ok {
		switch {
		case len(t) <= 2 && n >= 1 && n <= 12:
			return n, 0, nil
		case len(t) == 6:
			m, err := ParseMonth(t)
			if err != nil {
				return bad()
			}
			return int(m.Month), m.Year, nil
		}
		return bad()
	}
	if m, ok := monthNames[t]; ok {
		return m, 0, nil
	}
	// Two parts: a year of four digits and a month (number or name), either way round.
	i := strings.IndexAny(t, "-/. ")
	if i < 0 {
		return bad()
	}
	a, b := strings.TrimSpace(t[:i]), strings.TrimSpace(t[i+1:])
	if len(b) == 4 {
		a, b = b, a // month first: 08/2025, Aug 2025
	}
	y, ok := digits(a)
	if !ok || len(a) != 4 || y < 1900 || y > 2999 {
		return bad()
	}
	m, ok := monthNames[b]
	if !ok {
		n, isNum := digits(b)
		if !isNum || len(b) > 2 || n < 1 || n > 12 {
			return bad()
		}
		m = n
	}
	return m, y, nil
}

// IsZero reports whether m is no month (the zero value: none chosen; the latest, where a service
// takes that).
func (m Month) IsZero() bool { return m == Month{} }

// Key is m as periods are stored and sent (YYYY-MM), "" for no month.
func (m Month) Key() string {
	if m.IsZero() {
		return ""
	}
	return m.String()
}

// ReadMonth reads a period as the window and the command line send it to a service: YYYY-MM,
// the form periods are stored in ("" is no month). Anything else is refused (apperr.Invalid)
// saying how to write it.
func ReadMonth(s string) (Month, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Month{}, nil
	}
	if _, err := Canonical(s); err == nil {
		return ParseMonth(s)
	}
	return Month{}, apperr.New(apperr.Invalid, "The period %q is not a month: write it YYYY-MM, such as 2025-04.", s)
}

// ReadMonths is ReadMonth of each.
func ReadMonths(ss []string) ([]Month, error) {
	out := make([]Month, 0, len(ss))
	for _, s := range ss {
		m, err := ReadMonth(s)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

// Keys is Key of each.
func Keys(ms []Month) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.Key()
	}
	return out
}

// ReadFY reads a financial year as the faces send it ("FY 2025-26", "2025-26"; see ParseFY),
// refused in words (apperr.Invalid).
func ReadFY(s string) (FY, error) {
	fy, err := ParseFY(strings.TrimSpace(s))
	if err != nil {
		return 0, apperr.New(apperr.Invalid, "The financial year %q should be written like FY 2025-26.", s)
	}
	return fy, nil
}
