package utf8check

import (
	"testing"
	"unicode/utf8"
)

func TestFirstInvalid(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want int
	}{
		{"empty", "", -1},
		{"ASCII", "Sharma & Sons", -1},
		{"multi-byte", "₹ 1,00,000 — वेतन", -1},
		{"encoded U+FFFD is valid", "a\uFFFDb", -1},
		{"first byte", "\xffabc", 0},
		{"after ASCII", "abc\xfe", 3},
		{"after multi-byte", "₹\xff", 3},
		{"Latin-1 é", "Caf\xe9 Ltd", 3},
		{"truncated at the end", "ab\xe2\x82", 2},
		{"surrogate", "x\xed\xa0\x80", 1},
		{"overlong", "xy\xc0\x80", 2},
		{"second of two", "ok\xe2\x82\xac\xe2", 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := FirstInvalid([]byte(tt.in)); got != tt.want {
				t.Errorf("FirstInvalid(%q) = %d, want %d", tt.in, got, tt.want)
			}
		})
	}
}

// FuzzFirstInvalid checks FirstInvalid against its definition: -1 exactly for valid UTF-8, else
// an offset before which the bytes are valid and at which no valid rune starts.
func FuzzFirstInvalid(f *testing.F) {
	for _, s := range []string{"", "abc", "₹\xff", "\xed\xa0\x80", "ab\xe2\x82"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		at := FirstInvalid(b)
		if at < 0 {
			if !utf8.Valid(b) {
				t.Fatalf("FirstInvalid(%q) = -1, but it is not UTF-8", b)
			}
			return
		}
		if at >= len(b) || !utf8.Valid(b[:at]) {
			t.Fatalf("FirstInvalid(%q) = %d: the bytes before are not valid", b, at)
		}
		if r, n := utf8.DecodeRune(b[at:]); r != utf8.RuneError || n != 1 {
			t.Fatalf("FirstInvalid(%q) = %d: a valid rune starts there", b, at)
		}
	})
}
