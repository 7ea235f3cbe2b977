package civil

import (
	"testing"
	"time"
)

func TestDaysIn(t *testing.T) {
	for _, tc := range []struct{ y, m, want int }{
		{2024, 2, 29}, {2023, 2, 28}, {1900, 2, 28}, {2000, 2, 29}, {2025, 4, 30}, {2025, 12, 31}, {2025, 1, 31},
	} {
		if got := DaysIn(tc.y, tc.m); got != tc.want {
			t.Errorf("DaysIn(%d, %d) = %d, want %d", tc.y, tc.m, got, tc.want)
		}
	}
}

// TestDaysMatchTime checks both conversions against the time package, day by day over 1899-2101.
func TestDaysMatchTime(t *testing.T) {
	epoch := time.Date(1970, 1, 1, 0, 0, 0, 0, time.UTC)
	for d := time.Date(1899, 1, 1, 0, 0, 0, 0, time.UTC); d.Year() < 2102; d = d.AddDate(0, 0, 1) {
		want := int(d.Sub(epoch).Hours() / 24)
		if got := DaysFromCivil(d.Year(), int(d.Month()), d.Day()); got != want {
			t.Fatalf("DaysFromCivil(%s) = %d, want %d", d.Format(time.DateOnly), got, want)
		}
		if y, m, dd := CivilFromDays(want); y != d.Year() || m != int(d.Month()) || dd != d.Day() {
			t.Fatalf("CivilFromDays(%d) = %d-%d-%d, want %s", want, y, m, dd, d.Format(time.DateOnly))
		}
		if d.Day() == 1 {
			if last := d.AddDate(0, 1, -1).Day(); DaysIn(d.Year(), int(d.Month())) != last {
				t.Fatalf("DaysIn(%d, %d) = %d, want %d", d.Year(), d.Month(), DaysIn(d.Year(), int(d.Month())), last)
			}
		}
	}
}
