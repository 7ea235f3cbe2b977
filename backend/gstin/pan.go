package gstin

import (
	"fmt"
	"strings"
)

// HolderType is the kind of holder a PAN belongs to, written as the PAN's 4th character.
type HolderType string

// The PAN holder types, by their letter.
const (
	Individual                HolderType = "P"
	Company                   HolderType = "C"
	HUF                       HolderType = "H"
	Firm                      HolderType = "F"
	AOP                       HolderType = "A"
	Trust                     HolderType = "T"
	BOI                       HolderType = "B"
	LocalAuthority            HolderType = "L"
	ArtificialJuridicalPerson HolderType = "J"
	Government                HolderType = "G"
)

var holderLabels = map[HolderType]string{
	Individual:                "Individual",
	Company:                   "Company",
	HUF:                       "Hindu Undivided Family",
	Firm:                      "Firm / LLP",
	AOP:                       "Association of Persons",
	Trust:                     "Trust",
	BOI:                       "Body of Individuals",
	LocalAuthority:            "Local Authority",
	ArtificialJuridicalPerson: "Artificial Juridical Person",
	Government:                "Government",
}

// Label returns a readable name of the holder type ("Company"), or "" for an unknown letter.
func (h HolderType) Label() string { return holderLabels[h] }

// Valid reports whether h is one of the ten holder letters.
func (h HolderType) Valid() bool { _, ok := holderLabels[h]; return ok }

// PAN is a parsed Permanent Account Number.
type PAN struct {
	Value  string     `json:"value"`
	Holder HolderType `json:"holder"`
	// HolderLabel is Holder.Label(), carried for the UI.
	HolderLabel string `json:"holder_label"`
}

// ParsePAN checks a PAN (5 letters, 4 digits, 1 letter; 4th letter the holder type), after
// trimming and upper-casing. Errors are *Error with a reason naming the fault.
func ParsePAN(s string) (PAN, error) {
	v := strings.ToUpper(strings.TrimSpace(s))
	if v == "" {
		return PAN{}, &Error{Input: s, Code: ReasonEmpty, Reason: "PAN is empty"}
	}
	if n := len(v); n != 10 {
		return PAN{}, &Error{Input: s, Code: ReasonLength, Reason: fmt.Sprintf("length is %d, a PAN has 10 characters", n)}
	}
	if reason := panShape(v); reason != "" {
		return PAN{}, &Error{Input: s, Code: ReasonPattern, Reason: reason}
	}
	h := HolderType(v[3:4])
	if !h.Valid() {
		return PAN{}, &Error{Input: s, Code: ReasonHolder, Reason: fmt.Sprintf("4th character %s of the PAN is not a holder type (P, C, H, F, A, T, B, L, J or G)", v[3:4])}
	}
	return PAN{Value: v, Holder: h, HolderLabel: h.Label()}, nil
}

// panShape returns "" when v (10 characters) is shaped like a PAN, else what is wrong.
func panShape(v string) string {
	for i := 0; i < 10; i++ {
		c := v[i]
		wantDigit := i >= 5 && i <= 8
		if wantDigit && !isDigit(c) {
			return fmt.Sprintf("character %d of the PAN (%s) should be a digit: a PAN is 5 letters, 4 digits, 1 letter", i+1, quoteChar(c))
		}
		if !wantDigit && !isLetter(c) {
			return fmt.Sprintf("character %d of the PAN (%s) should be a letter: a PAN is 5 letters, 4 digits, 1 letter", i+1, quoteChar(c))
		}
	}
	return ""
}

// tanShape reports whether v (10 characters) is shaped like a TAN: 4 letters, 5 digits, 1 letter.
func tanShape(v string) bool {
	if len(v) != 10 {
		return false
	}
	for i := 0; i < 10; i++ {
		wantDigit := i >= 4 && i <= 8
		if wantDigit != isDigit(v[i]) || (!wantDigit && !isLetter(v[i])) {
			return false
		}
	}
	return true
}

func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isLetter(c byte) bool { return c >= 'A' && c <= 'Z' }

func quoteChar(c byte) string {
	if c >= 0x20 && c < 0x7f {
		return "'" + string(c) + "'"
	}
	return fmt.Sprintf("byte 0x%02x", c)
}

// ParseTAN checks a TAN (tax deduction account number: 4 letters, 5 digits, 1 letter, as
// AAAA99999A) after trimming and upper-casing, and returns it upper-cased. Errors are *Error.
func ParseTAN(s string) (string, error) {
	v := strings.ToUpper(strings.TrimSpace(s))
	switch {
	case v == "":
		return "", &Error{Input: s, Code: ReasonEmpty, Reason: "TAN is empty"}
	case len(v) != 10:
		return "", &Error{Input: s, Code: ReasonLength, Reason: fmt.Sprintf("length is %d, a TAN has 10 characters (4 letters, 5 digits, 1 letter, like MUMA12345B)", len(v))}
	case !tanShape(v):
		return "", &Error{Input: s, Code: ReasonPattern, Reason: "a TAN is 4 letters, 5 digits and 1 letter, like MUMA12345B"}
	}
	return v, nil
}
