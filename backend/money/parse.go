package money

import (
	"errors"
	"strconv"
)

// The reasons Parse refuses a text; a *ParseError wraps one of them.
var (
	ErrSyntax = errors.New("is not an amount")
	ErrRange  = errors.New("is too large")
)

// ParseError is the error of Parse: the text as given and why it was refused (ErrSyntax or
// ErrRange, for errors.Is).
type ParseError struct {
	// Text is the text as given.
	Text string
	// Err is ErrSyntax or ErrRange.
	Err error
}

// Error says which text was refused and why.
func (e *ParseError) Error() string { return "money: " + strconv.Quote(e.Text) + " " + e.Err.Error() }

// Unwrap returns ErrSyntax or ErrRange.
func (e *ParseError) Unwrap() error { return e.Err }

// Parse reads rupees as people, spreadsheets, purchase registers and the GST service write them,
// into paise. It accepts the union of what gstdesk's amount readers accepted:
//
//   - plain decimals: "150000", "1234.5", "-12.50", "+7", ".5", "5.", "000123";
//   - exponents, as spreadsheets store large numbers: "1.5E+3", "25e-1";
//   - digit grouping, Indian or international, checked: "1,23,456.78", "1,234,567" (not "1,5");
//   - a currency prefix ₹, Rs, Rs. or INR (any case) with or without a space: "₹ 1,234", "Rs.500";
//   - negatives as "-500", "- 500", "₹-3.10", "-₹3.10", "(500.00)" (accounting) and "500.00-" (Tally);
//   - surrounding spaces. Empty (or blank) text is zero, as a blank spreadsheet cell is.
//
// More than two decimals round to the nearest paisa, halves away from zero ("1.005" is 101 paise).
// Amounts beyond ±Max, spaces inside the digits, two signs and anything else are refused with a
// *ParseError.
func Parse(s string) (Paise, error) {
	v, err := scan(s)
	if err != nil {
		return 0, &ParseError{Text: s, Err: err}
	}
	return v, nil
}

// ParseBytes is Parse over bytes, without allocating unless the text is refused.
func ParseBytes(b []byte) (Paise, error) {
	v, err := scan(b)
	if err != nil {
		return 0, &ParseError{Text: string(b), Err: err}
	}
	return v, nil
}

// maxExp bounds exponents; anything beyond is out of range (or zero) either way.
const maxExp = 1000

func scan[T string | []byte](s T) (Paise, error) {
	if v, ok := plain(s); ok {
		return v, nil
	}
	return general(s)
}

// general reads every form Parse accepts.
func general[T string | []byte](s T) (Paise, error) {
	i, j := trim(s, 0, len(s))
	if i == j {
		return 0, nil
	}
	neg := false
	i, j = currency(s, i, j)
	if i < j && s[i] == '(' && s[j-1] == ')' {
		neg = true
		i, j = trim(s, i+1, j-1)
		i, j = currency(s, i, j)
	} else if i < j && (s[i] == '-' || s[i] == '+') {
		neg = s[i] == '-'
		i, j = trim(s, i+1, j)
		i, j = currency(s, i, j)
	} else if i < j && s[j-1] == '-' {
		neg = true
		i, j = trim(s, i, j-1)
	}

	// The integer part, with grouping commas checked as they come.
	intStart := i
	digits, group, commas, first := 0, 0, 0, 0
	mid2, mid3 := true, true
	for ; i < j; i++ {
		c := s[i]
		if c >= '0' && c <= '9' {
			digits++
			group++
			continue
		}
		if c != ',' {
			break
		}
		if commas == 0 {
			first = group
			if first < 1 || first > 3 {
				return 0, ErrSyntax
			}
		} else {
			mid2 = mid2 && group == 2
			mid3 = mid3 && group == 3
		}
		commas++
		group = 0
	}
	intEnd := i
	if commas > 0 {
		indian := mid2 && !(first > 2 && commas > 1)
		if group != 3 || !(indian || mid3) {
			return 0, ErrSyntax
		}
	}
	intDigits := digits

	fracStart, fracEnd := i, i
	if i < j && s[i] == '.' {
		i++
		fracStart = i
		for i < j && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		fracEnd = i
		digits += fracEnd - fracStart
	}
	if digits == 0 {
		return 0, ErrSyntax
	}

	exp := 0
	if i < j && (s[i] == 'e' || s[i] == 'E') {
		if commas > 0 {
			return 0, ErrSyntax
		}
		i++
		eneg := false
		if i < j && (s[i] == '+' || s[i] == '-') {
			eneg = s[i] == '-'
			i++
		}
		if i == j {
			return 0, ErrSyntax
		}
		for ; i < j; i++ {
			c := s[i]
			if c < '0' || c > '9' {
				return 0, ErrSyntax
			}
			if exp < maxExp {
				exp = exp*10 + int(c-'0')
			}
		}
		exp = min(exp, maxExp)
		if eneg {
			exp = -exp
		}
	}
	if i != j {
		return 0, ErrSyntax
	}

	// The first `target` digits are the paise; the next one rounds.
	target := intDigits + exp + 2
	var v int64
	k := 0
	round := false
	for seg := 0; seg < 2; seg++ {
		a, b := intStart, intEnd
		if seg == 1 {
			a, b = fracStart, fracEnd
		}
		for p := a; p < b; p++ {
			c := s[p]
			if c == ',' {
				continue
			}
			if k >= target {
				round = k == target && c >= '5'
				goto done
			}
			d := int64(c - '0')
			if v > (int64(Max)-d)/10 {
				return 0, ErrRange
			}
			v = v*10 + d
			k++
		}
	}
	if v != 0 {
		for ; k < target; k++ {
			if v > int64(Max)/10 {
				return 0, ErrRange
			}
			v *= 10
		}
	}
done:
	if round {
		v++
		if v > int64(Max) {
			return 0, ErrRange
		}
	}
	if neg {
		v = -v
	}
	return Paise(v), nil
}

// plain reads the common case in one pass: [-]digits[.d[d]] with at most 13 digits before the
// point (so within Max). Anything else is left to the general reader.
func plain[T string | []byte](s T) (Paise, bool) {
	i, neg := 0, false
	if len(s) > 0 && s[0] == '-' {
		i, neg = 1, true
	}
	start := i
	var v int64
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		v = v*10 + int64(s[i]-'0')
	}
	if i == start || i-start > 13 {
		return 0, false
	}
	v *= 100
	if i < len(s) {
		if s[i] != '.' || len(s)-i > 3 {
			return 0, false
		}
		for k, mul := i+1, int64(10); k < len(s); k, mul = k+1, mul/10 {
			if s[k] < '0' || s[k] > '9' {
				return 0, false
			}
			v += int64(s[k]-'0') * mul
		}
	}
	if neg {
		v = -v
	}
	return Paise(v), true
}

// trim narrows s[i:j] past spaces, tabs, line ends and no-break spaces (U+00A0) at both ends.
func trim[T string | []byte](s T, i, j int) (int, int) {
	for i < j {
		if c := s[i]; c == ' ' || c == '\t' || c == '\r' || c == '\n' {
			i++
		} else if c == 0xC2 && i+1 < j && s[i+1] == 0xA0 {
			i += 2
		} else {
			break
		}
	}
	for j > i {
		if c := s[j-1]; c == ' ' || c == '\t' || c == '\r' || c == '\n' {
			j--
		} else if c == 0xA0 && j-2 >= i && s[j-2] == 0xC2 {
			j -= 2
		} else {
			break
		}
	}
	return i, j
}

// currency skips a leading ₹, INR, Rs. or Rs (any case) and the spaces after it.
func currency[T string | []byte](s T, i, j int) (int, int) {
	if i == j || (s[i] >= '0' && s[i] <= '9') || s[i] == '-' {
		return i, j // the common case, at once
	}
	switch {
	case j-i >= 3 && s[i] == 0xE2 && s[i+1] == 0x82 && s[i+2] == 0xB9: // ₹
		i += 3
	case j-i >= 3 && lower(s[i]) == 'i' && lower(s[i+1]) == 'n' && lower(s[i+2]) == 'r':
		i += 3
	case j-i >= 2 && lower(s[i]) == 'r' && lower(s[i+1]) == 's':
		i += 2
		if i < j && s[i] == '.' {
			i++
		}
	default:
		return i, j
	}
	return trim(s, i, j)
}

func lower(c byte) byte { return c | 0x20 }
