package recon

import (
	"slices"

	"gstdesk/backend/docid"
)

// NormaliseInvoiceNumber is docid.Number, the one rule by which two invoice numbers are the same
// document's (see there); fy hints are the starting years of financial years whose bare year
// pairs may be dropped.
func NormaliseInvoiceNumber(s string, fy ...int) string { return docid.Number(s, fy...) }

// DigitSeparator is docid.DigitSeparator.
const DigitSeparator = docid.DigitSeparator

// SeparatorBlind is docid.SeparatorBlind.
func SeparatorBlind(norm string) string { return docid.SeparatorBlind(norm) }

// MinFuzzyLength is the shortest normalised invoice number that takes part in near-miss matching:
// below it one character is too large a share of the number ("1" and "2", "42" and "43" are different
// invoices, not typing slips).
const MinFuzzyLength = 4

// NearMiss reports whether two normalised invoice numbers differ by exactly one typing slip: one
// character inserted, deleted or replaced, or two adjacent characters swapped (optimal string
// alignment distance 1). Both numbers must have at least MinFuzzyLength characters; equal numbers are
// not a near miss.
func NearMiss(a, b string) bool {
	if len(a) < MinFuzzyLength || len(b) < MinFuzzyLength || a == b {
		return false
	}
	ra, rb := []rune(a), []rune(b)
	if len(ra) < MinFuzzyLength || len(rb) < MinFuzzyLength {
		return false
	}
	switch len(ra) - len(rb) {
	case 0:
		i := 0
		for i < len(ra) && ra[i] == rb[i] {
			i++
		}
		if i == len(ra) {
			return false // equal once invalid UTF-8 is read as U+FFFD
		}
		// one substitution at i, or a swap of i and i+1
		if equalRunes(ra[i+1:], rb[i+1:]) {
			return true
		}
		return i+1 < len(ra) && ra[i] == rb[i+1] && ra[i+1] == rb[i] && equalRunes(ra[i+2:], rb[i+2:])
	case 1:
		return oneDeletion(ra, rb)
	case -1:
		return oneDeletion(rb, ra)
	}
	return false
}

// oneDeletion reports whether removing one rune of long gives short.
func oneDeletion(long, short []rune) bool {
	i := 0
	for i < len(short) && long[i] == short[i] {
		i++
	}
	return equalRunes(long[i+1:], short[i:])
}

func equalRunes(a, b []rune) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// EditDistance is the optimal string alignment distance of a and b (insertions, deletions,
// substitutions and swaps of adjacent characters, each costing one), used to rank candidates.
func EditDistance(a, b string) int {
	var ba, bb [64]rune
	ra, rb := appendRunes(ba[:0], a), appendRunes(bb[:0], b)
	n, m := len(ra), len(rb)
	if n == 0 {
		return m
	}
	if m == 0 {
		return n
	}
	var rows [3][65]int
	prev2, prev, cur := rows[0][:], rows[1][:], rows[2][:]
	if m+1 > len(prev) {
		prev2, prev, cur = make([]int, m+1), make([]int, m+1), make([]int, m+1)
	}
	for j := 0; j <= m; j++ {
		prev[j] = j
	}
	for i := 1; i <= n; i++ {
		cur[0] = i
		for j := 1; j <= m; j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[m]
}

func appendRunes(dst []rune, s string) []rune {
	for _, r := range s {
		dst = append(dst, r)
	}
	return dst
}

// deletionHashes appends the hashes of s and of every string made by deleting one rune of s,
// without repeats: two strings within one typing slip of each other (NearMiss) always share one,
// so near misses are found by looking hashes up instead of comparing every pair. A shared hash is
// only a lead; NearMiss confirms it.
func deletionHashes(dst []uint64, s string) []uint64 {
	var buf [64]rune
	rs := appendRunes(buf[:0], s)
	start := len(dst)
	for skip := -1; skip < len(rs); skip++ {
		h := uint64(14695981039346656037)
		for i, c := range rs {
			if i == skip {
				continue
			}
			v := uint32(c)
			for k := 0; k < 4; k++ {
				h ^= uint64(byte(v))
				h *= 1099511628211
				v >>= 8
			}
		}
		if !slices.Contains(dst[start:], h) {
			dst = append(dst, h)
		}
	}
	return dst
}

func containsInt(xs []int, x int) bool { return slices.Contains(xs, x) }
