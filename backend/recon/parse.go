package recon

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"time"

	spreadsheet "gstdesk/backend/sheet"
)

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

var dateLayouts = []string{
	"02-01-2006", "02/01/2006", "02.01.2006", "2006-01-02", "2006/01/02",
	"02-Jan-2006", "02 Jan 2006", "02/Jan/2006", "02-Jan-06", "02 Jan 06", "02-January-2006", "02 January 2006",
	"2006-01-02T15:04:05", "2006-01-02 15:04:05", "02-01-2006 15:04:05", "02/01/2006 15:04:05",
}

// ParseDate reads a date as registers write it: DD-MM-YYYY, DD/MM/YYYY, DD.MM.YYYY, YYYY-MM-DD,
// DD-Mon-YYYY, DD-Mon-YY (Tally), with one-digit days and months too ("1-4-2024", "1-Apr-24"), and
// returns it as YYYY-MM-DD. Years outside 1990-2100 are refused as typing slips.
func ParseDate(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", errors.New("recon: empty date")
	}
	s = padDate(s)
	for _, l := range dateLayouts {
		if t, err := time.Parse(l, s); err == nil {
			if t.Year() < 1990 || t.Year() > 2100 {
				return "", errors.New("recon: year out of range")
			}
			return t.Format("2006-01-02"), nil
		}
	}
	return "", errors.New("recon: not a date")
}

// padDate writes one-digit day and month fields with two digits ("1-4-2024" → "01-04-2024") and
// title-cases month names ("APR" → "Apr") so the layouts above apply.
func padDate(s string) string {
	seps := "-/. "
	var parts []string
	var sepUsed []byte
	start := 0
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(seps, s[i]) >= 0 {
			parts = append(parts, s[start:i])
			sepUsed = append(sepUsed, s[i])
			start = i + 1
		}
	}
	parts = append(parts, s[start:])
	if len(parts) != 3 {
		return s
	}
	for i, p := range parts {
		if len(p) == 1 && p[0] >= '0' && p[0] <= '9' {
			parts[i] = "0" + p
		} else if len(p) >= 3 && !allDigits(p) {
			parts[i] = strings.ToUpper(p[:1]) + strings.ToLower(p[1:])
		}
	}
	return parts[0] + string(sepUsed[0]) + parts[1] + string(sepUsed[1]) + parts[2]
}

// The dates a serial number in a register may stand for; outside them it is not taken for a date.
var (
	firstSerialDate = time.Date(1990, 1, 1, 0, 0, 0, 0, time.UTC)
	lastSerialDate  = time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC)
)

// parseSerialDate reads an Excel serial date ("45383" or "45383.5") as YYYY-MM-DD, counting days
// from 1900 or, in a workbook that says so (date1904, Excel for Mac's older workbooks), from 1904.
// The time of day is dropped.
func parseSerialDate(s string, date1904 bool) (string, error) {
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil {
		return "", errors.New("recon: not a serial date")
	}
	t, ok := spreadsheet.SerialTime(math.Floor(f), date1904)
	if !ok || t.Before(firstSerialDate) || t.After(lastSerialDate) {
		return "", errors.New("recon: not a serial date")
	}
	return t.Format("2006-01-02"), nil
}
