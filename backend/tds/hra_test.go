package tds

import (
	"testing"

	"gstdesk/backend/money"
)

func TestHRAExemption(t *testing.T) {
	r := money.FromRupees
	tests := []struct {
		name              string
		fy                FY
		rent, salary, hra int64
		city              string
		want              int64
		limit             string
		listed            bool
	}{
		// Mumbai: least of 3,00,000; 3,60,000 − 60,000; 50% of 6,00,000.
		{"metro, HRA least", 2025, 360_000, 600_000, 300_000, "mumbai", 300_000, "the HRA received", true},
		{"metro, rent least", 2025, 200_000, 600_000, 300_000, "Bombay", 140_000, "rent paid less 10% of salary", true},
		{"Pune before Rule 279: 40%", 2025, 500_000, 600_000, 300_000, "Pune", 240_000, "40% of salary", false},
		{"Pune from tax year 2026-27: 50%", 2026, 500_000, 600_000, 400_000, "Pune", 300_000, "50% of salary", true},
		{"Bangalore is Bengaluru, listed from 2026-27", 2026, 500_000, 600_000, 400_000, "Bangalore", 300_000, "50% of salary", true},
		{"rent below a tenth of salary", 2026, 50_000, 600_000, 300_000, "Delhi", 0, "rent paid less 10% of salary", true},
		{"elsewhere", 2026, 500_000, 600_000, 400_000, "Jaipur", 240_000, "40% of salary", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, err := HRAExemption(tt.fy, r(tt.rent), r(tt.salary), r(tt.hra), tt.city)
			if err != nil {
				t.Fatal(err)
			}
			if h.Exempt != r(tt.want) || h.Limit != tt.limit || h.Listed != tt.listed {
				t.Errorf("got %+v, want %d by %q", h, tt.want, tt.limit)
			}
		})
	}
	for _, bad := range []struct {
		fy   FY
		city string
		rent int64
	}{{2025, "", 1}, {2030, "Delhi", 1}, {2025, "Delhi", -1}} {
		if _, err := HRAExemption(bad.fy, r(bad.rent), r(1), r(1), bad.city); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}
