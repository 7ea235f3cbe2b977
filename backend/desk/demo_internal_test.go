package desk

import (
	"slices"
	"testing"
	"time"

	"gstdesk/backend/period"
)

// TestDemoMonths: three months up to the IMS month (the month before), or the month before that
// until the 14th (when the IMS month's GSTR-2B appears); across a year's turn.
func TestDemoMonths(t *testing.T) {
	for _, c := range []struct {
		day  string
		want []string
	}{
		{"2026-11-27", []string{"2026-08", "2026-09", "2026-10"}},
		{"2026-11-14", []string{"2026-08", "2026-09", "2026-10"}},
		{"2026-11-13", []string{"2026-07", "2026-08", "2026-09"}},
		{"2027-01-20", []string{"2026-10", "2026-11", "2026-12"}},
		{"2027-02-01", []string{"2026-10", "2026-11", "2026-12"}},
		{"2027-03-31", []string{"2026-12", "2027-01", "2027-02"}},
	} {
		now, _ := time.Parse("2006-01-02", c.day)
		if got := period.Strings(demoMonths(now)); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.day, got, c.want)
		}
	}
}
