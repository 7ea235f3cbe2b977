package tds

import (
	"strings"
	"testing"
)

func TestParseFY(t *testing.T) {
	tests := []struct {
		in      string
		want    FY
		wantErr bool
	}{
		{"FY 2025-26", 2025, false},
		{"FY2025-26", 2025, false},
		{"2025-26", 2025, false},
		{" fy 2022-23 ", 2022, false},
		{"FY 2026-27", 2026, false},
		{"FY 2021-22", 0, true}, // no table
		{"FY 2027-28", 0, true}, // no table yet
		{"FY 2025-2026", 0, true},
		{"FY 2025-27", 0, true},
		{"FY 2022-2", 0, true},
		{"2025", 0, true},
		{"", 0, true},
		{"FY  2025-26", 0, true},
		{"FY 2O25-26", 0, true},
	}
	for _, tt := range tests {
		got, err := ParseFY(tt.in)
		if (err != nil) != tt.wantErr {
			t.Errorf("ParseFY(%q) error = %v, want error %v", tt.in, err, tt.wantErr)
			continue
		}
		if err != nil {
			for _, y := range []string{"FY 2022-23", "FY 2023-24", "FY 2024-25", "FY 2025-26", "FY 2026-27"} {
				if !strings.Contains(err.Error(), y) {
					t.Errorf("ParseFY(%q) error %q does not list %s", tt.in, err, y)
				}
			}
			continue
		}
		if got != tt.want {
			t.Errorf("ParseFY(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestFYString(t *testing.T) {
	for _, fy := range Supported() {
		got, err := ParseFY(fy.String())
		if err != nil || got != fy {
			t.Errorf("ParseFY(%q) = %v, %v; want %v", fy.String(), got, err, fy)
		}
	}
	if got, want := FY(2099).String(), "FY 2099-00"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

func TestTablesConsecutive(t *testing.T) {
	for i := range tables {
		if got, want := tables[i].FY, tables[0].FY+FY(i); got != want {
			t.Errorf("tables[%d].FY = %v, want %v (rulesFor indexes by year)", i, got, want)
		}
	}
}
