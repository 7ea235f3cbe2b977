package gstr2a

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"gstdesk/backend/apperr"
	"gstdesk/backend/money"
)

// FieldError says where a listing is malformed: 1-based supplier, invoice and item positions
// (0 when not inside one), the field and the problem. Parse and Validate return it wrapped in an
// *apperr.Error of kind Invalid; Ingest too, except for an answer that is not an object with one
// b2b list, whose error is of kind Unavailable (the service broke its contract).
type FieldError struct {
	// Section is the GSTR-2A section (cdn, impg, ...), empty for B2B.
	Section  string `json:"section,omitempty"`
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
	if e.Section != "" {
		parts = append(parts, "section "+e.Section)
	}
	if e.Supplier > 0 {
		s := fmt.Sprintf("supplier %d", e.Supplier)
		if e.CTIN != "" {
			s += " (" + e.CTIN + ")"
		}
		parts = append(parts, s)
	}
	if e.Invoice > 0 {
		s := fmt.Sprintf("%s %d", docWord(e.Section), e.Invoice)
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
	if fe.Section != "" {
		return apperr.Wrap(apperr.Invalid, fe,
			"The GSTR-2A return cannot be read at %s: %s %s. Nothing was saved; download the return from the GST portal again (or pull it again), and report it with this message if it repeats.",
			fe.Where(), fe.Field, fe.Problem)
	}
	return apperr.Wrap(apperr.Invalid, fe,
		"The GSTR-2A answer is malformed at %s: %s %s. Nothing was saved; pull the period again, and report it if it repeats.",
		fe.Where(), fe.Field, fe.Problem)
}

// brokenAnswer is the error of an answer of the service that is not the listing the contract
// promises (an object with one b2b list): the service's fault, not the user's, so of kind
// Unavailable like gstapi's contract errors. Ingest adds the answer's transaction id.
func brokenAnswer(fe *FieldError) error {
	return apperr.Wrap(apperr.Unavailable, fe,
		"The GST service's GSTR-2A answer is not what the service promises: %s %s. Nothing was saved; pull the period again, and report it with the transaction id if it repeats.",
		fe.Field, fe.Problem)
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

var (
	errNotNumber = errors.New("is not a number")
	errTooLarge  = errors.New("is too large")
)

// parseHundredths reads a JSON number as hundredths, exactly; digits beyond the second decimal
// are rounded half away from zero.
func parseHundredths(s string) (int64, error) {
	if n := scanNumber([]byte(s)); n == 0 || n != len(s) {
		return 0, errNotNumber
	}
	return hundredths([]byte(s))
}

// hundredths reads a number already checked to be a JSON number as hundredths (paise, or a rate
// in hundredths), through money.ParseBytes, without allocating. Amounts are bounded by money.Max
// (just under ₹10 lakh crore) so sums of a period cannot overflow.
func hundredths(s []byte) (int64, error) {
	v, err := money.ParseBytes(s)
	switch {
	case errors.Is(err, money.ErrRange):
		return 0, errTooLarge
	case err != nil:
		return 0, errNotNumber
	}
	return int64(v), nil
}

func allDigits(s []byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
