package gstr2a

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"gstdesk/backend/apperr"
)

// FieldError says where a listing is malformed: 1-based supplier, invoice and item positions
// (0 when not inside one), the field and the problem. Parse and Validate return it wrapped in an
// *apperr.Error of kind Invalid.
type FieldError struct {
	Supplier int    `json:"supplier,omitempty"`
	CTIN     string `json:"ctin,omitempty"`
	Invoice  int    `json:"invoice,omitempty"`
	INum     string `json:"inum,omitempty"`
	Item     int    `json:"item,omitempty"`
	Field    string `json:"field"`
	Problem  string `json:"problem"`
}

// Where describes the position, such as `supplier 2 (27AAPFU0939F1ZV), invoice 5 ("INV-9"), item 1`.
func (e *FieldError) Where() string {
	var parts []string
	if e.Supplier > 0 {
		s := fmt.Sprintf("supplier %d", e.Supplier)
		if e.CTIN != "" {
			s += " (" + e.CTIN + ")"
		}
		parts = append(parts, s)
	}
	if e.Invoice > 0 {
		s := fmt.Sprintf("invoice %d", e.Invoice)
		if e.INum != "" {
			s += fmt.Sprintf(" (%q)", e.INum)
		}
		parts = append(parts, s)
	}
	if e.Item > 0 {
		parts = append(parts, fmt.Sprintf("item %d", e.Item))
	}
	if len(parts) == 0 {
		return "top level"
	}
	return strings.Join(parts, ", ")
}

// Error describes the place and problem for the log.
func (e *FieldError) Error() string {
	return fmt.Sprintf("gstr2a: %s: %s %s", e.Where(), e.Field, e.Problem)
}

func malformed(fe *FieldError) error {
	return apperr.Wrap(apperr.Invalid, fe,
		"The GSTR-2A answer is malformed at %s: %s %s. Nothing was saved; pull the period again, and report it if it repeats.",
		fe.Where(), fe.Field, fe.Problem)
}

// Parse reads the `data.data` of a GSTR-2A B2B answer ({"b2b":[...]}) and checks every field.
// An empty object or an empty b2b list is a valid listing with no suppliers. A malformed answer
// gives an *apperr.Error of kind Invalid wrapping a *FieldError that names the supplier, invoice,
// item and field (or, for broken JSON, the byte offset).
func Parse(raw []byte) (Listing, error) {
	raw = bytes.TrimSpace(raw)
	l, err := decodeListing(raw, nil)
	if err != nil {
		return Listing{}, err
	}
	l.raw = bytes.Clone(raw)
	return l, nil
}

// maxHundredths bounds every amount (₹10 lakh crore) so sums of a period cannot overflow.
const maxHundredths = 1e15

var (
	errNotNumber = errors.New("is not a number")
	errTooLarge  = errors.New("is too large")
)

// parseHundredths reads a JSON number as hundredths, exactly; digits beyond the second decimal
// are rounded half away from zero.
func parseHundredths(s string) (int64, error) { return hundredths([]byte(s)) }

// hundredths is parseHundredths over bytes, without allocating.
func hundredths(s []byte) (int64, error) {
	if len(s) == 0 {
		return 0, errNotNumber
	}
	neg := false
	if s[0] == '-' {
		neg = true
		s = s[1:]
	}
	mant, exp := s, 0
	for i, c := range s {
		if c == 'e' || c == 'E' {
			mant = s[:i]
			es := s[i+1:]
			eneg := false
			if len(es) > 0 && (es[0] == '+' || es[0] == '-') {
				eneg = es[0] == '-'
				es = es[1:]
			}
			if len(es) == 0 || !allDigits(es) {
				return 0, errNotNumber
			}
			if len(es) > 3 {
				return 0, errTooLarge
			}
			if false {
				return 0, errNotNumber
			}
			for _, c := range es {
				exp = exp*10 + int(c-'0')
			}
			if eneg {
				exp = -exp
			}
			break
		}
	}
	ip, fp := mant, mant[:0]
	for i, c := range mant {
		if c == '.' {
			ip, fp = mant[:i], mant[i+1:]
			if len(fp) == 0 {
				return 0, errNotNumber
			}
			break
		}
	}
	if len(ip) == 0 || !allDigits(ip) || !allDigits(fp) {
		return 0, errNotNumber
	}
	// The value times 100 has its point after `point` digits of ip+fp.
	point := len(ip) + exp + 2
	n := len(ip) + len(fp)
	digit := func(i int) int64 {
		if i < len(ip) {
			return int64(ip[i] - '0')
		}
		return int64(fp[i-len(ip)] - '0')
	}
	var v int64
	for i := 0; i < point; i++ {
		var c int64
		if i < n {
			c = digit(i)
		}
		if v == 0 && c == 0 {
			continue
		}
		if v >= maxHundredths {
			return 0, errTooLarge
		}
		v = v*10 + c
	}
	if point >= 0 && point < n && digit(point) >= 5 {
		v++
	}
	if v >= maxHundredths {
		return 0, errTooLarge
	}
	if neg {
		v = -v
	}
	return v, nil
}

func allDigits(s []byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
