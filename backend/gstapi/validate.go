package gstapi

import (
	"fmt"
	"net/mail"
	"regexp"
	"strconv"
	"strings"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/gstin"
)

// invalid is the error of a value checked before any call: kind Invalid, status 422 like the service.
func invalid(format string, args ...any) *apperr.Error {
	e := apperr.New(apperr.Invalid, format, args...)
	e.Status = 422
	return e
}

// checkGSTIN parses a GSTIN for a request and returns its normalised form.
func checkGSTIN(s string) (string, error) {
	g, err := gstin.Parse(s)
	if err != nil {
		return "", gstin.ToAPIError(err)
	}
	return g.Value, nil
}

var fyPattern = regexp.MustCompile(`^(?:FY)?\s*(\d{4})\s*[-/]\s*(\d{2}|\d{4})$`)

// NormalizeFinancialYear writes a financial year the way the service wants it, "FY 2025-26",
// accepting "2025-26", "FY2025-26", "fy 2025-2026". The two years must follow each other.
func NormalizeFinancialYear(s string) (string, error) {
	v := strings.ToUpper(strings.TrimSpace(s))
	m := fyPattern.FindStringSubmatch(v)
	if m == nil {
		return "", invalid("Invalid financial year: %q. Write it like FY 2025-26.", s)
	}
	start, _ := strconv.Atoi(m[1])
	end, _ := strconv.Atoi(m[2])
	if len(m[2]) == 4 {
		if end != start+1 {
			return "", invalid("Invalid financial year: %q. The second year must follow the first, like FY %d-%02d.", s, start, (start+1)%100)
		}
	} else if end != (start+1)%100 {
		return "", invalid("Invalid financial year: %q. The second year must follow the first, like FY %d-%02d.", s, start, (start+1)%100)
	}
	if start < 2017 || start > 2099 {
		return "", invalid("Invalid financial year: %q. GST started in FY 2017-18.", s)
	}
	return fmt.Sprintf("FY %d-%02d", start, (start+1)%100), nil
}

// checkDate checks a date written with sep ("-" for DD-MM-YYYY, "/" for DD/MM/YYYY) and that it exists.
func checkDate(field, s, sep string) (string, error) {
	v := strings.TrimSpace(s)
	layout := "02" + sep + "01" + sep + "2006"
	if len(v) != 10 {
		return "", invalid("Invalid %s: %q. Write it as DD%sMM%sYYYY.", field, s, sep, sep)
	}
	if _, err := time.Parse(layout, v); err != nil {
		return "", invalid("Invalid %s: %q is not a date. Write it as DD%sMM%sYYYY.", field, s, sep, sep)
	}
	return v, nil
}

// checkStateCode checks a two-digit state code that exists.
func checkStateCode(s string) (string, error) {
	v := strings.TrimSpace(s)
	if len(v) == 1 && v[0] >= '1' && v[0] <= '9' {
		v = "0" + v
	}
	if len(v) != 2 || v[0] < '0' || v[0] > '9' || v[1] < '0' || v[1] > '9' {
		return "", invalid("Invalid state code: %q. It is two digits, for example 27 for Maharashtra.", s)
	}
	if !gstin.ValidStateCode(v) {
		return "", invalid("Invalid state code: %s does not exist.", v)
	}
	return v, nil
}

func checkEnrolment(s string) (string, error) {
	v := strings.ToUpper(strings.TrimSpace(s))
	if v == "" {
		return "", invalid("The enrolment number is empty. Enter the applicant's enrolment number.")
	}
	if len(v) > 15 {
		return "", invalid("Invalid enrolment number: %q has %d characters, at most 15 are allowed.", s, len(v))
	}
	return v, nil
}

// checkMobile accepts a mobile number as people type it ("98765 43210", "+91 98765-43210",
// "098765 43210") and returns its digits without the country code or trunk 0, as the service wants.
func checkMobile(s string) (string, error) {
	v := strings.Map(func(r rune) rune {
		switch r {
		case ' ', '-', '.', '(', ')', '\u00a0':
			return -1
		}
		return r
	}, strings.TrimSpace(s))
	switch {
	case strings.HasPrefix(v, "+91"):
		v = v[3:]
	case len(v) == 12 && strings.HasPrefix(v, "91"):
		v = v[2:]
	case len(v) == 11 && strings.HasPrefix(v, "0"):
		v = v[1:]
	}
	for _, r := range v {
		if r < '0' || r > '9' {
			return "", invalid("Invalid mobile number: %q must be digits only.", s)
		}
	}
	if len(v) > 10 {
		return "", invalid("Invalid mobile number: %q has %d digits; a mobile number has 10 (the +91 may be left out).", s, len(v))
	}
	return v, nil
}

func checkEmail(s string) (string, error) {
	v := strings.TrimSpace(s)
	if len(v) > 254 {
		return "", invalid("Invalid e-mail address: it has %d characters, at most 254 are allowed.", len(v))
	}
	a, err := mail.ParseAddress(v)
	if err != nil || a.Address != v || a.Name != "" || !strings.Contains(v[strings.LastIndex(v, "@")+1:], ".") {
		return "", invalid("Invalid e-mail address: %q. Write it like name@example.com.", s)
	}
	return v, nil
}
