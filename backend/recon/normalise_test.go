package recon

import (
	"testing"
)

func TestNormaliseInvoiceNumber(t *testing.T) {
	tests := []struct {
		in   string
		fy   []int
		want string
	}{
		// case, spaces, separators, leading zeros
		{"inv42", nil, "INV42"},
		{"INV 42", nil, "INV42"},
		{"INV/42", nil, "INV42"},
		{"INV-42", nil, "INV42"},
		{"INV_42", nil, "INV42"},
		{"INV.42", nil, "INV42"},
		{"INV/0042", nil, "INV42"},
		{"INV0042", nil, "INV42"},
		{"0042", nil, "42"},
		{"000", nil, "0"},
		{"  in v - 00 42 ", nil, "INV0/42"}, // each digit run loses its own zeros; a separator between digits stays
		{"2024/0042", nil, "2024/42"},
		{"2024/42", nil, "2024/42"},
		{"2024-42", nil, "2024/42"},
		{"2024 / 42", nil, "2024/42"},
		{"202442", nil, "202442"}, // not the same number as 2024/42
		{"1/234", nil, "1/234"},
		{"12/34", nil, "12/34"},
		{"INV-42A", nil, "INV42A"},
		{"INV42-A", nil, "INV42A"},
		{"A#12(3)", nil, "A12/3"},
		// financial year, every spelling
		{"INV/2024-25/0042", nil, "INV42"},
		{"INV/2024/25/0042", nil, "INV42"},
		{"INV/24-25/0042", nil, "INV42"},
		{"INV/2024-2025/0042", nil, "INV42"},
		{"inv-42/24-25", nil, "INV42"},
		{"INV_42_24_25", nil, "INV42"},
		{"INV.42.2024.25", nil, "INV42"},
		{"INV 42 24 25", nil, "INV42"},
		{"FY24-25/42", nil, "42"},
		{"FY 24-25/42", nil, "42"},
		{"FY-2024-25/42", nil, "42"},
		{"FY2024-25/42", nil, "42"},
		{"FY2425/42", nil, "42"},
		{"FY202425-42", nil, "42"},
		{"FY20242025-42", nil, "42"},
		{"fy24-25/42", nil, "42"},
		{"42/2024-2025", nil, "42"},
		{"INV 42 FY2024-25", nil, "INV42"},
		{"INV-42-FY-24-25", nil, "INV42"},
		// not a financial year
		{"INV/2024/0042", nil, "INV2024/42"},         // a calendar year stays
		{"INV/24-26/42", nil, "INV24/26/42"},         // not consecutive
		{"INV/1999-00/42", nil, "INV1999/0/42"},      // years 2000-2099 only ("00" is a run of zeros: "0")
		{"INV/2024--25/42", nil, "INV2024/25/42"},    // "--" is not one separator: 2024 and 25 stay
		{"INV/202425/42", nil, "INV202425/42"},       // compact pair needs FY in front
		{"CERTIFY24-25/42", nil, "CERTIFY42"},        // the bare pair still goes; the letters stay
		{"INV/2024-25", nil, "INV2024/25"},           // the year is the only number: kept
		{"24-25", nil, "24/25"},                      // same
		{"23/24-25", nil, "23"},                      // overlap: the hyphenated pair wins
		{"2023/24-2025", nil, "2023"},                // overlap: the hyphenated pair beats the four-digit one
		{"INV/23-24/42", []int{2024}, "INV23/24/42"}, // hint excludes FY 2023-24
		{"INV/24-25/42", []int{2024}, "INV42"},
		{"INV/24-25/42", []int{2023, 2024}, "INV42"},
		{"FY23-24/42", []int{2024}, "42"}, // an explicit FY is always removed
		{"", nil, ""},
		{"---", nil, ""},
		{"ÎNV/42", nil, "ÎNV42"},
	}
	for _, tt := range tests {
		got := NormaliseInvoiceNumber(tt.in, tt.fy...)
		if got != tt.want {
			t.Errorf("NormaliseInvoiceNumber(%q, %v) = %q, want %q", tt.in, tt.fy, got, tt.want)
		}
	}
}

func TestNearMiss(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"INV42", "INV43", true},    // one substitution
		{"INV42", "INV24", true},    // adjacent swap
		{"INV42", "INV420", true},   // one insertion
		{"INV420", "INV42", true},   // one deletion
		{"1234", "2134", true},      // swap at the start
		{"1234", "1243", true},      // swap at the end
		{"INV42", "INV42", false},   // equal is not a near miss
		{"INV42", "INV53", false},   // two substitutions
		{"INV42", "INV4321", false}, // two insertions
		{"1234", "4231", false},     // not adjacent
		{"1", "2", false},           // length floor
		{"123", "124", false},       // length floor
		{"123", "1234", false},      // length floor on the shorter
		{"ABCD", "ABCE", true},
		{"ÅBCD", "ÅBCE", true},
	}
	for _, tt := range tests {
		if got := NearMiss(tt.a, tt.b); got != tt.want {
			t.Errorf("NearMiss(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
		if tt.want {
			if d := EditDistance(tt.a, tt.b); d != 1 {
				t.Errorf("EditDistance(%q, %q) = %d, want 1", tt.a, tt.b, d)
			}
			if !shareKey(tt.a, tt.b) {
				t.Errorf("%q and %q share no deletion hash", tt.a, tt.b)
			}
		}
	}
}

func TestEditDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"", "abc", 3}, {"abc", "", 3}, {"kitten", "sitting", 3},
		{"ab", "ba", 1}, {"INV42", "INV42", 0}, {"CA", "ABC", 3},
	}
	for _, tt := range tests {
		if got := EditDistance(tt.a, tt.b); got != tt.want {
			t.Errorf("EditDistance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

func shareKey(a, b string) bool {
	ka := map[uint64]bool{}
	for _, k := range deletionHashes(nil, a) {
		ka[k] = true
	}
	for _, k := range deletionHashes(nil, b) {
		if ka[k] {
			return true
		}
	}
	return false
}

// FuzzNearMiss checks NearMiss against the edit distance and the deletion keys on any input.
func FuzzNearMiss(f *testing.F) {
	f.Add("INV42", "INV24")
	f.Add("ABCDE", "ABDE")
	f.Add("1234", "1234")
	f.Add("\xf7\xf7000000", "\xb3\x9a1000000") // invalid UTF-8 reads as U+FFFD
	f.Fuzz(func(t *testing.T, a, b string) {
		got := NearMiss(a, b)
		ra, rb := []rune(a), []rune(b)
		want := string(ra) != string(rb) && len(ra) >= MinFuzzyLength && len(rb) >= MinFuzzyLength && EditDistance(a, b) == 1
		if got != want {
			t.Fatalf("NearMiss(%q, %q) = %v, want %v", a, b, got, want)
		}
		if got && !shareKey(a, b) {
			t.Fatalf("%q and %q share no deletion hash", a, b)
		}
		_ = NormaliseInvoiceNumber(a, 2024)
	})
}
