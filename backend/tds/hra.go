package tds

import (
	"fmt"
	"strings"

	"gstdesk/backend/apperr"
	"gstdesk/backend/money"
)

// HRA is the house rent allowance exempt for one period (a month or a year: every amount is of
// the same period): the least of the HRA received, the rent paid less 10% of salary, and 50% of
// salary in the year's listed cities or 40% elsewhere. It counts in the old regime only.
type HRA struct {
	Exempt   money.Paise `json:"exempt"`
	Received money.Paise `json:"hra_received"`
	// RentOverTenth is the rent paid less 10% of salary (never below 0).
	RentOverTenth money.Paise `json:"rent_less_10_percent_of_salary"`
	// SalaryShare is 50% (or 40%) of salary.
	SalaryShare money.Paise `json:"salary_share"`
	SharePct    int         `json:"salary_share_pct"`
	City        string      `json:"city"`
	Listed      bool        `json:"listed_city"` // one of the year's 50% cities
	Rule        string      `json:"rule"`        // the provision applied
	Limit       string      `json:"limit"`       // which of the three is the least
}

// The cities where the HRA exemption is 50% of salary: the four metros of Rule 2A(b) of the
// Income-tax Rules 1962, and from tax year 2026-27 the eight cities of Rule 279 of the Income-tax
// Rules 2026 ("Mumbai, Kolkata, Delhi, Chennai, Hyderabad, Pune, Ahmedabad and Bengaluru").
var (
	metros4 = []string{"Mumbai", "Kolkata", "Delhi", "Chennai"}
	cities8 = []string{"Mumbai", "Kolkata", "Delhi", "Chennai", "Hyderabad", "Pune", "Ahmedabad", "Bengaluru"}
)

// cityNames maps how people write a city to the name the rules use.
var cityNames = map[string]string{
	"bombay": "Mumbai", "calcutta": "Kolkata", "new delhi": "Delhi", "madras": "Chennai", "bangalore": "Bengaluru",
}

// HRACities lists the year's 50% cities, and the rule that lists them.
func HRACities(fy FY) ([]string, string) {
	if fy >= 2026 {
		return cities8, "Sch. III Sl. 11 (s.11), Rule 279 of the Income-tax Rules 2026"
	}
	return metros4, "s.10(13A), Rule 2A of the Income-tax Rules 1962"
}

// HRAExemption works out the exempt HRA from the rent paid, the salary (basic + DA, and
// commission at a fixed share of turnover) and the HRA received for the same period, and the
// city the employee lives in.
func HRAExemption(fy FY, rent, salary, received money.Paise, city string) (HRA, error) {
	if _, ok := rulesFor(fy); !ok {
		return HRA{}, apperr.New(apperr.Invalid, "Invalid financial year %q: gstdesk knows %s.", fy.String(), SupportedList())
	}
	for _, a := range []struct {
		name string
		v    money.Paise
	}{{"rent paid", rent}, {"salary", salary}, {"HRA received", received}} {
		if a.v < 0 || a.v > MaxAmount {
			return HRA{}, apperr.New(apperr.Invalid, "The %s must be 0 to %s, not %s.", a.name, MaxAmount, a.v)
		}
	}
	c := strings.TrimSpace(city)
	if c == "" {
		return HRA{}, apperr.New(apperr.Invalid, "Give the city the employee lives in: the exemption is 50%% of salary in some cities, 40%% elsewhere.")
	}
	if n, ok := cityNames[strings.ToLower(c)]; ok {
		c = n
	}
	cities, rule := HRACities(fy)
	h := HRA{Received: received, City: c, SharePct: 40, Rule: rule}
	for _, x := range cities {
		if strings.EqualFold(x, c) {
			h.City, h.Listed, h.SharePct = x, true, 50
		}
	}
	h.RentOverTenth = max(0, rent-pctPaise(salary, 10))
	h.SalaryShare = pctPaise(salary, int64(h.SharePct))
	h.Exempt, h.Limit = received, "the HRA received"
	if h.RentOverTenth < h.Exempt {
		h.Exempt, h.Limit = h.RentOverTenth, "rent paid less 10% of salary"
	}
	if h.SalaryShare < h.Exempt {
		h.Exempt, h.Limit = h.SalaryShare, fmt.Sprintf("%d%% of salary", h.SharePct)
	}
	return h, nil
}

// pctPaise is p × n / 100, rounded half up to the paisa.
func pctPaise(p money.Paise, n int64) money.Paise { return money.Paise((int64(p)*n + 50) / 100) }
