package recon

import (
	"testing"
	"time"
)

func TestDayNumber(t *testing.T) {
	for d := time.Date(1990, 1, 1, 0, 0, 0, 0, time.UTC); d.Year() < 2101; d = d.AddDate(0, 0, 1) {
		s := d.Format("2006-01-02")
		got, ok := dayNumber(s)
		if want := int(d.Unix() / 86400); !ok || got != want {
			t.Fatalf("dayNumber(%s) = %d, %v, want %d", s, got, ok, want)
		}
		wantFY := d.Year()
		if d.Month() < time.April {
			wantFY--
		}
		if fy := financialYear(got); fy != wantFY {
			t.Fatalf("financialYear(%s) = %d, want %d", s, fy, wantFY)
		}
	}
	for _, bad := range []string{"2024-02-30", "2023-02-29", "2024-13-01", "2024-00-10", "24-01-01", "2024/01/01", "2024-1-01", "abcd-ef-gh"} {
		if _, ok := dayNumber(bad); ok {
			t.Errorf("dayNumber(%q) ok, want refused", bad)
		}
	}
	if _, ok := dayNumber("2024-02-29"); !ok {
		t.Errorf("2024-02-29 refused")
	}
}
