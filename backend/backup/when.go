package backup

import (
	"strings"
	"time"

	"gstdesk/backend/apperr"
)

// ParseWhen reads a restore time as a person types it, in loc: "DD/MM/YYYY HH:MM" or
// "DD/MM/YYYY HH:MM:SS". A time to the minute means the end of that minute, so that typing the
// minute a restore point shows includes that point; restore then takes the last point shipped
// before the returned time.
func ParseWhen(s string, loc *time.Location) (time.Time, error) {
	s = strings.Join(strings.Fields(s), " ")
	if t, err := time.ParseInLocation("02/01/2006 15:04:05", s, loc); err == nil {
		return t.Add(time.Second), nil
	}
	if t, err := time.ParseInLocation("02/01/2006 15:04", s, loc); err == nil {
		return t.Add(time.Minute), nil
	}
	if r := []rune(s); len(r) > 40 {
		s = string(r[:40]) + "…"
	}
	return time.Time{}, apperr.New(apperr.Invalid, "%q is not a time such as 24/11/2025 14:05 (DD/MM/YYYY HH:MM, or HH:MM:SS).", s)
}
