// Package docid is the one identity of a document's number: the rule by which gstdesk decides that
// two invoice numbers (books, GSTR-2A, GSTR-2B, IMS, the ITC calendar, the scorecard, claim
// periods) are the same document's. It is a leaf: every package that keys or compares numbers
// calls it, and stored keys are made by it (store.Renormalise brings keys stored under an older
// rule to it).
package docid

import (
	"strings"
	"unicode"
)

// Number reduces an invoice number to the form in which a supplier's copy and the
// buyer's booking are compared. The rules, applied in this order:
//
//  1. Letters are upper-cased.
//  2. The number is cut into runs of digits, runs of letters and runs of anything else (separators:
//     spaces, / - _ . and any other punctuation).
//  3. A financial-year token is removed:
//     - "FY" (a letter run of exactly FY) followed, with or without one separator, by a year pair
//     (24-25, 2024-25, 2024/2025, 24 25) or by a compact pair (2425, 202425, 20242025);
//     - a bare year pair: two digit runs of 2 or 4 digits joined by exactly one separator character,
//     where the second year is the first plus one (2024-25, 2024/25, 24-25, 24_25, 2024-2025).
//     Years are 2000-2099. When fy hints are given (the starting year of a financial year: 2024 for
//     FY 2024-25), a bare pair is removed only when its first year is one of them; a pair after "FY" is
//     always removed. When several bare pairs overlap ("23/24-25") the one joined by "-" wins, then the
//     one with a four-digit first year, then the leftmost. A token is never removed when that would leave
//     no digit at all ("INV/2024-25" stays "INV202425"), because then the year is the number.
//  4. Leading zeros of every remaining digit run are removed ("0042" → "42", a run of zeros becomes
//     "0"). Runs are the runs of the original text, so "2024/0042" and "2024/42" agree.
//  5. Separators are dropped, except between two runs of digits, where one DigitSeparator ("/")
//     stands for any separators (or dropped year) there: "1/234", "1-234" and "1 234" agree, but
//     "1/234", "12/34" and "1234" are three numbers. Between a letter and a digit a separator is
//     dropped ("INV-42" and "INV42" agree).
//
// This is the one rule by which gstdesk decides that two invoice numbers are the same document's;
// every package that compares numbers calls it (see SeparatorBlind for a suggestion that ignores
// separators between digits).
//
// Examples: "INV/2024-25/0042", "inv-42/24-25", "INV 42 FY2024-25" → "INV42"; "FY24-25/42",
// "42/2024-2025", "0042" → "42"; "2024/0042" → "2024/42"; "1/234" → "1/234".
func Number(s string, fy ...int) string {
	var buf [24]run
	toks := tokenise(buf[:0], s)
	var dbuf [24]bool
	drop := dbuf[:0]
	if len(toks) > len(dbuf) {
		drop = make([]bool, 0, len(toks))
	}
	drop = fyTokens(toks, fy, drop)
	var b strings.Builder
	b.Grow(len(s) + 2)
	// lastDigits: the last run written is digits; gap: a separator (or a dropped year) lies
	// between it and the run being read. Digits on both sides of a gap keep a "/" between them.
	lastDigits, gap := false, false
	for i, t := range toks {
		if drop != nil && drop[i] {
			gap = true
			continue
		}
		switch t.kind {
		case runLetters:
			writeUpper(&b, t.text)
			lastDigits, gap = false, false
		case runDigits:
			d := strings.TrimLeft(t.text, "0")
			if d == "" {
				d = "0"
			}
			if lastDigits && gap {
				b.WriteByte(DigitSeparator)
			}
			b.WriteString(d)
			lastDigits, gap = true, false
		default:
			gap = true
		}
	}
	return b.String()
}

// DigitSeparator is what a normalised number keeps of a separator between two runs of digits
// ("1/234" → "1/234", "1-234" → "1/234"): the one separator that is part of a number's identity.
const DigitSeparator = '/'

// SeparatorBlind returns a normalised number (NormaliseInvoiceNumber) without the separators kept
// between digits: two numbers equal this way but not normalised ("1/234" and "12/34", "1 234"
// and "1234") differ only by where a separator stands, which a matcher may suggest but never
// takes as the same number.
func SeparatorBlind(norm string) string {
	if strings.IndexByte(norm, DigitSeparator) < 0 {
		return norm
	}
	return strings.ReplaceAll(norm, string(DigitSeparator), "")
}

// writeUpper writes s upper-cased, without allocating for ASCII.
func writeUpper(b *strings.Builder, s string) {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			b.WriteString(strings.ToUpper(s))
			return
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' {
			c -= 'a' - 'A'
		}
		b.WriteByte(c)
	}
}

type runKind uint8

const (
	runDigits runKind = iota
	runLetters
	runSep
)

type run struct {
	kind runKind
	text string
}

func kindOf(r rune) runKind {
	switch {
	case r >= '0' && r <= '9':
		return runDigits
	case unicode.IsLetter(r) || unicode.IsDigit(r):
		return runLetters
	}
	return runSep
}

func tokenise(out []run, s string) []run {
	start := 0
	var cur runKind
	for i, r := range s {
		k := kindOf(r)
		if i == 0 {
			cur = k
			continue
		}
		if k != cur {
			out = append(out, run{cur, s[start:i]})
			start, cur = i, k
		}
	}
	if len(s) > 0 {
		out = append(out, run{cur, s[start:]})
	}
	return out
}

// yearOf reads a 2- or 4-digit year run as a year 2000-2099.
func yearOf(d string) (int, bool) {
	switch len(d) {
	case 2:
		return 2000 + int(d[0]-'0')*10 + int(d[1]-'0'), true
	case 4:
		if d[0] != '2' || d[1] != '0' {
			return 0, false
		}
		return 2000 + int(d[2]-'0')*10 + int(d[3]-'0'), true
	}
	return 0, false
}

func yearPair(a, b string) (int, bool) {
	y1, ok1 := yearOf(a)
	y2, ok2 := yearOf(b)
	if !ok1 || !ok2 || y2 != y1+1 {
		return 0, false
	}
	return y1, true
}

// compactPair reads "2425", "202425" or "20242025" written after FY.
func compactPair(d string) bool {
	switch len(d) {
	case 4:
		_, ok := yearPair(d[:2], d[2:])
		return ok
	case 6:
		_, ok := yearPair(d[:4], d[4:])
		return ok
	case 8:
		_, ok := yearPair(d[:4], d[4:])
		return ok
	}
	return false
}

type fyCand struct {
	from, to int // token indices, inclusive
	rank     int // lower wins
}

// fyTokens marks the tokens of the financial-year token to drop in drop[:len(toks)] (drop has
// the capacity), or returns nil.
func fyTokens(toks []run, hints []int, drop []bool) []bool {
	var cbuf [4]fyCand
	cands := cbuf[:0]
	oneSep := func(i int) bool {
		return i < len(toks) && toks[i].kind == runSep && len([]rune(toks[i].text)) == 1
	}
	isDigits := func(i int) bool { return i < len(toks) && toks[i].kind == runDigits }
	for i, t := range toks {
		if t.kind == runLetters && strings.EqualFold(t.text, "FY") {
			j := i + 1
			if oneSep(j) {
				j++
			}
			if !isDigits(j) {
				continue
			}
			if oneSep(j+1) && isDigits(j+2) {
				if _, ok := yearPair(toks[j].text, toks[j+2].text); ok {
					cands = append(cands, fyCand{i, j + 2, 0})
					continue
				}
			}
			if compactPair(toks[j].text) {
				cands = append(cands, fyCand{i, j, 0})
			}
			continue
		}
		if t.kind != runDigits || !oneSep(i+1) || !isDigits(i+2) {
			continue
		}
		y, ok := yearPair(t.text, toks[i+2].text)
		if !ok || (len(hints) > 0 && !containsInt(hints, y)) {
			continue
		}
		rank := 3
		if toks[i+1].text == "-" {
			rank = 1
		} else if len(t.text) == 4 {
			rank = 2
		}
		cands = append(cands, fyCand{i, i + 2, rank})
	}
	if len(cands) == 0 {
		return nil
	}
	drop = drop[:len(toks)]
	clear(drop)
	for rank := 0; rank <= 3; rank++ {
		for _, c := range cands {
			if c.rank != rank {
				continue
			}
			free := true
			for k := c.from; k <= c.to; k++ {
				free = free && !drop[k]
			}
			if free {
				for k := c.from; k <= c.to; k++ {
					drop[k] = true
				}
			}
		}
	}
	for i, t := range toks {
		if !drop[i] && t.kind == runDigits {
			return drop
		}
	}
	return nil // the year is all the digits there are: keep it
}

func containsInt(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}
