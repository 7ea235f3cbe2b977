// Package civil does calendar arithmetic on plain year, month and day numbers, without time.Time,
// for the hot paths of the GSTR-2A parser and the reconciliation.
package civil

import (
	"fmt"
	"strings"
)

// DaysIn returns the number of days in month m (1-12) of year y (proleptic Gregorian).
func DaysIn(y, m int) int {
	switch m {
	case 2:
		if y%4 == 0 && (y%100 != 0 || y%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}

// DaysFromCivil returns the number of days from 1970-01-01 to y-m-d (Howard Hinnant's algorithm).
func DaysFromCivil(y, m, d int) int {
	if m <= 2 {
		y--
	}
	era := y / 400
	if y < 0 && y%400 != 0 {
		era = (y - 399) / 400
	}
	yoe := y - era*400
	mp := (m + 9) % 12
	doy := (153*mp+2)/5 + d - 1
	doe := yoe*365 + yoe/4 - yoe/100 + doy
	return era*146097 + doe - 719468
}

// CivilFromDays is the inverse of DaysFromCivil.
func CivilFromDays(z int) (y, m, d int) {
	z += 719468
	era := z / 146097
	if z < 0 && z%146097 != 0 {
		era = (z - 146096) / 146097
	}
	doe := z - era*146097
	yoe := (doe - doe/1460 + doe/36524 - doe/146096) / 365
	y = yoe + era*400
	doy := doe - (365*yoe + yoe/4 - yoe/100)
	mp := (5*doy + 2) / 153
	d = doy - (153*mp+2)/5 + 1
	m = mp + 3
	if m > 12 {
		m -= 12
	}
	if m <= 2 {
		y++
	}
	return y, m, d
}

// Num2 reads two digits.
func Num2(s string) (int, bool) {
	if len(s) != 2 || s[0] < '0' || s[0] > '9' || s[1] < '0' || s[1] > '9' {
		return 0, false
	}
	return int(s[0]-'0')*10 + int(s[1]-'0'), true
}

// ISODate writes y-m-d as YYYY-MM-DD when it is a date of the years 1900-2999.
func ISODate(y, m, d int) (string, bool) {
	if y < 1900 || y > 2999 || m < 1 || m > 12 || d < 1 || d > DaysIn(y, m) {
		return "", false
	}
	b := []byte("0000-00-00")
	b[0], b[1], b[2], b[3] = byte('0'+y/1000), byte('0'+y/100%10), byte('0'+y/10%10), byte('0'+y%10)
	b[5], b[6] = byte('0'+m/10), byte('0'+m%10)
	b[8], b[9] = byte('0'+d/10), byte('0'+d%10)
	return string(b), true
}

// ParseDDMMYYYY reads DD-MM-YYYY (or with sep), the returns' date, and returns YYYY-MM-DD.
func ParseDDMMYYYY(s string, sep byte) (string, bool) {
	if len(s) != 10 || s[2] != sep || s[5] != sep {
		return "", false
	}
	d, ok1 := Num2(s[0:2])
	m, ok2 := Num2(s[3:5])
	yh, ok3 := Num2(s[6:8])
	yl, ok4 := Num2(s[8:10])
	if !ok1 || !ok2 || !ok3 || !ok4 {
		return "", false
	}
	return ISODate(yh*100+yl, m, d)
}

var months = []string{"JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"}

func monthOf(s string) (int, bool) {
	u := strings.ToUpper(s)
	for i, m := range months {
		if u == m {
			return i + 1, true
		}
	}
	return 0, false
}

// ParseDDMonYY reads DD-Mon-YY (10-Jan-24) and returns YYYY-MM-DD.
func ParseDDMonYY(s string) (string, bool) {
	if len(s) != 9 || s[2] != '-' || s[6] != '-' {
		return "", false
	}
	d, ok1 := Num2(s[0:2])
	m, ok2 := monthOf(s[3:6])
	y, ok3 := Num2(s[7:9])
	if !ok1 || !ok2 || !ok3 {
		return "", false
	}
	return ISODate(2000+y, m, d)
}

// ParseMonYY reads Mon-YY (Dec-23) and returns YYYY-MM.
func ParseMonYY(s string) (string, bool) {
	if len(s) != 6 || s[3] != '-' {
		return "", false
	}
	m, ok1 := monthOf(s[0:3])
	y, ok2 := Num2(s[4:6])
	if !ok1 || !ok2 {
		return "", false
	}
	return fmt.Sprintf("%04d-%02d", 2000+y, m), true
}

// ParseReturnDate reads the date forms the GST service uses (DD-MM-YYYY, DD/MM/YYYY, DD-Mon-YY).
func ParseReturnDate(s string) (string, bool) {
	if d, ok := ParseDDMMYYYY(s, '-'); ok {
		return d, true
	}
	if d, ok := ParseDDMMYYYY(s, '/'); ok {
		return d, true
	}
	return ParseDDMonYY(s)
}
