// Package gstin parses and checks GSTINs and PANs locally, before any call to the remote service:
// the families of GSTIN, the check character, state codes, PAN holder types, and the MD5 form the
// changed-GSTIN list uses.
package gstin

import (
	"crypto/md5"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"gstdesk/backend/apperr"
)

// Family is the kind of registration a GSTIN belongs to, read from its shape.
type Family string

// The GSTIN families.
const (
	// Regular is a normal taxpayer: state code, PAN, entity number, Z, check character.
	Regular Family = "regular"
	// UIN is a Unique Identity Number of a UN body or embassy (0717UNO00157UNO).
	UIN Family = "uin"
	// NonResident is a non-resident taxable person (NR) or an online services provider, OIDAR (OS).
	NonResident Family = "non_resident"
	// TaxDeductor is a government tax deductor registered on its TAN, 14th character D.
	TaxDeductor Family = "tax_deductor"
	// ECommerce is an e-commerce operator collecting tax at source, 14th character C.
	ECommerce Family = "ecommerce"
)

// Label returns a readable name of the family.
func (f Family) Label() string {
	switch f {
	case Regular:
		return "Regular taxpayer"
	case UIN:
		return "UN body / embassy (UIN)"
	case NonResident:
		return "Non-resident / online services (OIDAR)"
	case TaxDeductor:
		return "Tax deductor (TDS)"
	case ECommerce:
		return "E-commerce operator (TCS)"
	}
	return ""
}

// GSTIN is a parsed GSTIN. Value is the normalised form: upper case, without spaces.
type GSTIN struct {
	Value     string `json:"value"`
	StateCode string `json:"state_code"`
	StateName string `json:"state_name"`
	Family    Family `json:"family"`
	// PAN is the holder's PAN for regular and e-commerce GSTINs, "" otherwise.
	PAN string `json:"pan,omitempty"`
	// Holder is the PAN's holder type when PAN is set.
	Holder HolderType `json:"holder,omitempty"`
	// TAN is the tax deduction account number of a tax deductor.
	TAN string `json:"tan,omitempty"`
	// Identity is characters 3-12: the PAN, TAN, or the UIN/non-resident identity.
	Identity string `json:"identity"`
	// EntityNumber is the 13th character: the registration's number under the same PAN (1-9, A-Z).
	EntityNumber string `json:"entity_number"`
	// CheckChar is the 15th character.
	CheckChar string `json:"check_char"`
	// LegacyState is set for state codes 25 and 28, valid but no longer issued.
	LegacyState bool `json:"legacy_state,omitempty"`
}

// String returns the normalised GSTIN.
func (g GSTIN) String() string { return g.Value }

// Reason classifies why a GSTIN or PAN was rejected.
type Reason string

// The reasons a GSTIN or PAN is rejected.
const (
	ReasonEmpty     Reason = "empty"
	ReasonLength    Reason = "length"
	ReasonCharacter Reason = "character"
	ReasonState     Reason = "state_code"
	ReasonPattern   Reason = "pattern"
	ReasonHolder    Reason = "pan_holder"
	ReasonEntity    Reason = "entity_number"
	ReasonCheckChar Reason = "check_character"
)

// Error says precisely why a GSTIN or PAN is not valid.
type Error struct {
	Input  string // what was given, as given
	Code   Reason // the class of fault
	Reason string // readable detail, e.g. "check character should be V, not X"
}

// Error is a GSTIN error as apperr.Window.Public and apperr.Command.Public show it.
var _ apperr.Presenter = (*Error)(nil)

func (e *Error) Error() string { return e.Reason }

// AppError returns the error the remote service would give for this GSTIN: apperr Invalid,
// status 422, "Invalid GSTIN pattern: <reason>". It makes e an apperr.Presenter.
func (e *Error) AppError() *apperr.Error {
	a := apperr.New(apperr.Invalid, "Invalid GSTIN pattern: %s", e.Reason)
	a.Status = 422
	a.Err = e
	return a
}

// ToAPIError turns a *Error (anywhere in err's chain) into its AppError and returns other errors unchanged.
func ToAPIError(err error) error {
	var e *Error
	if errors.As(err, &e) {
		return e.AppError()
	}
	return err
}

// Normalize returns s in upper case without any white space (so "27 aapfu0939f 1z v" works).
func Normalize(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return unicode.ToUpper(r)
	}, s)
}

const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"

func charValue(c byte) int {
	switch {
	case isDigit(c):
		return int(c - '0')
	case isLetter(c):
		return int(c-'A') + 10
	}
	return -1
}

// CheckChar computes the check character of a GSTIN from its first 14 characters (upper case
// letters and digits): weights 1, 2, 1, 2... from the left, each product contributing p/36 + p%36.
func CheckChar(first14 string) (byte, error) {
	if len(first14) != 14 {
		return 0, fmt.Errorf("gstin: check character needs 14 characters, got %d", len(first14))
	}
	sum := 0
	for i := 0; i < 14; i++ {
		v := charValue(first14[i])
		if v < 0 {
			return 0, fmt.Errorf("gstin: check character: character %d (%s) is not a letter or digit", i+1, quoteChar(first14[i]))
		}
		p := v * (1 + i%2)
		sum += p/36 + p%36
	}
	return alphabet[(36-sum%36)%36], nil
}

// Make builds a regular GSTIN from a state code, a PAN and an entity number, with 'Z' and the right
// check character: a helper for tests and the simulator. Bad parts give a string Parse rejects.
func Make(stateCode, pan string, entity byte) string {
	return Complete(stateCode + pan + string(entity) + "Z")
}

// Complete appends the check character to the first 14 characters of a GSTIN of any family.
// When first14 cannot carry a check character it is returned with '?' appended.
func Complete(first14 string) string {
	c, err := CheckChar(first14)
	if err != nil {
		return first14 + "?"
	}
	return first14 + string(c)
}

// MD5 returns the lowercase hexadecimal MD5 of the GSTIN as the changed-GSTIN list writes it
// (the hash of the normalised, upper-case GSTIN).
func MD5(gstin string) string {
	sum := md5.Sum([]byte(Normalize(gstin)))
	return hex.EncodeToString(sum[:])
}

// Valid reports whether s is a valid GSTIN of any family.
func Valid(s string) bool {
	_, err := Parse(s)
	return err == nil
}

// Parse checks s (trimmed, spaces removed, upper-cased) as a GSTIN of any family. A failure is
// a *Error naming the fault. When only the check character is wrong (ReasonCheckChar) the
// returned GSTIN is still filled in, so imported data can be kept with a warning.
func Parse(s string) (GSTIN, error) {
	v := Normalize(s)
	fail := func(code Reason, format string, args ...any) (GSTIN, error) {
		return GSTIN{}, &Error{Input: s, Code: code, Reason: fmt.Sprintf(format, args...)}
	}
	if v == "" {
		return fail(ReasonEmpty, "GSTIN is empty")
	}
	if n := utf8.RuneCountInString(v); n != 15 {
		return fail(ReasonLength, "length is %d, a GSTIN has 15 characters", n)
	}
	for i, r := range []rune(v) {
		if r > unicode.MaxASCII || charValue(byte(r)) < 0 {
			return fail(ReasonCharacter, "character %d (%q) is not a letter or digit", i+1, r)
		}
	}
	g := GSTIN{Value: v, StateCode: v[:2], Identity: v[2:12], EntityNumber: v[12:13], CheckChar: v[14:15]}
	if !isDigit(v[0]) || !isDigit(v[1]) {
		return fail(ReasonState, "state code %s should be two digits", v[:2])
	}
	if g.StateCode == OtherCountries {
		return fail(ReasonState, "state code 96 (Other Countries) is a place of supply, never part of a GSTIN")
	}
	if !ValidStateCode(g.StateCode) {
		return fail(ReasonState, "state code %s does not exist", g.StateCode)
	}
	g.StateName = StateName(g.StateCode)
	g.LegacyState = IsLegacyState(g.StateCode)

	switch kind := v[12:14]; {
	case kind == "UN" && foreignShape(g.Identity):
		g.Family = UIN
	case (kind == "OS" || kind == "NR") && foreignShape(g.Identity):
		g.Family = NonResident
	default:
		if reason, code := g.panFamily(); reason != "" {
			return fail(code, "%s", reason)
		}
	}
	want, _ := CheckChar(v[:14]) // all 14 are letters or digits by now
	if v[14] != want {
		return g, &Error{Input: s, Code: ReasonCheckChar, Reason: fmt.Sprintf("check character should be %c, not %c", want, v[14])}
	}
	return g, nil
}

// panFamily classifies the regular, e-commerce and tax-deductor shapes; it returns a reason when
// the GSTIN fits none of them.
func (g *GSTIN) panFamily() (string, Reason) {
	v := g.Value
	switch v[13] {
	case 'Z', 'C':
		if reason := panShape(g.Identity); reason != "" {
			return "characters 3-12 should be a PAN: " + reason, ReasonPattern
		}
		h := HolderType(v[5:6])
		if !h.Valid() {
			return fmt.Sprintf("character 6 (%c) should be a PAN holder type (P, C, H, F, A, T, B, L, J or G)", v[5]), ReasonHolder
		}
		g.Family, g.PAN, g.Holder = Regular, g.Identity, h
		if v[13] == 'C' {
			g.Family = ECommerce
		}
	case 'D':
		switch {
		case tanShape(g.Identity):
			g.TAN = g.Identity
		case panShape(g.Identity) == "":
			g.PAN, g.Holder = g.Identity, HolderType(v[5:6])
		default:
			return "characters 3-12 of a tax deductor's GSTIN should be a TAN (4 letters, 5 digits, 1 letter)", ReasonPattern
		}
		g.Family = TaxDeductor
	default:
		if foreignShape(g.Identity) {
			return fmt.Sprintf("characters 13-14 (%s) should be UN, OS or NR for this kind of GSTIN", v[12:14]), ReasonPattern
		}
		return fmt.Sprintf("character 14 should be Z (D for a tax deductor, C for an e-commerce operator), not %c", v[13]), ReasonPattern
	}
	if v[12] == '0' {
		return "entity number (character 13) should be 1-9 or A-Z, not 0", ReasonEntity
	}
	return "", ""
}

// foreignShape reports whether id (characters 3-12) has the UIN / non-resident shape:
// 2 digits (year), 3 letters (country or UNO), 5 digits.
func foreignShape(id string) bool {
	for i := 0; i < 10; i++ {
		c := id[i]
		if (i >= 2 && i <= 4) != isLetter(c) || (!(i >= 2 && i <= 4) && !isDigit(c)) {
			return false
		}
	}
	return true
}

// Shape reports whether s looks like a GSTIN as returns carry it: 15 capital letters and digits
// (the check character is not checked: returns carry what suppliers filed).
func Shape(s string) bool {
	if len(s) != 15 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

// StateShape reports whether s is two digits, as a place of supply is written.
func StateShape(s string) bool {
	return len(s) == 2 && s[0] >= '0' && s[0] <= '9' && s[1] >= '0' && s[1] <= '9'
}
