package backup

import (
	"testing"
	"time"
	"unicode/utf8"
)

func TestParseWhen(t *testing.T) {
	ist := time.FixedZone("IST", 5*3600+1800)
	tests := []struct {
		in   string
		want time.Time // zero for an error
	}{
		{"24/11/2025 14:05", time.Date(2025, 11, 24, 14, 6, 0, 0, ist)},
		{" 24/11/2025   14:05 ", time.Date(2025, 11, 24, 14, 6, 0, 0, ist)},
		{"24/11/2025 14:05:37", time.Date(2025, 11, 24, 14, 5, 38, 0, ist)},
		{"24/11/2025 23:59", time.Date(2025, 11, 25, 0, 0, 0, 0, ist)},
		{"2025-11-24 14:05", time.Time{}},
		{"31/02/2025 10:00", time.Time{}},
		{"24/11/2025", time.Time{}},
		{"", time.Time{}},
	}
	for _, tc := range tests {
		got, err := ParseWhen(tc.in, ist)
		if tc.want.IsZero() {
			if err == nil {
				t.Errorf("ParseWhen(%q) = %v, want an error", tc.in, got)
			}
			continue
		}
		if err != nil || !got.Equal(tc.want) {
			t.Errorf("ParseWhen(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}

// FuzzParseWhen: any text gives a time or an error with readable text, never a panic.
func FuzzParseWhen(f *testing.F) {
	for _, s := range []string{"24/11/2025 14:05", "24/11/2025 14:05:37", "", "31/02/2025 10:00", "\xff\xfe", "99/99/9999 99:99"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ParseWhen(s, time.UTC)
		if err == nil && got.IsZero() {
			t.Errorf("ParseWhen(%q) gave the zero time without an error", s)
		}
		if err != nil && !utf8.ValidString(err.Error()) && utf8.ValidString(s) {
			t.Errorf("error text is not UTF-8: %q", err.Error())
		}
	})
}
