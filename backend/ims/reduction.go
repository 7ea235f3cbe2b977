package ims

import (
	"fmt"
	"strings"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/money"
	"gstdesk/backend/period"
)

// Claim is the input tax credit claimed on the original document of a credit note or an
// amendment: per head, in paise, and where (the GSTR-3B of Period). Known false means gstdesk
// does not know what was claimed (the original is not in the books, or its claim period is not
// recorded).
type Claim struct {
	Known bool `json:"known"`
	// Number is the original document's number as the books have it ("" to use the record's).
	Number string `json:"number,omitempty"`
	// Period is the GSTR-3B period of the claim, YYYY-MM ("" when not known).
	Period string      `json:"period,omitempty"`
	IGST   money.Paise `json:"igst"`
	CGST   money.Paise `json:"cgst"`
	SGST   money.Paise `json:"sgst"`
	Cess   money.Paise `json:"cess"`
}

// Reduction is the itcRedReq gstdesk proposes for accepting a record, with its working.
type Reduction struct {
	// ITCRedReq is "Y", "N", or "" when nothing is to be sent (the record takes no itcRedReq,
	// or the portal decides it).
	ITCRedReq string `json:"itc_red_req"`
	// Declared is the reduction to declare with "Y"; nil with "Y" is the whole tax of the note.
	Declared *Declared `json:"declared,omitempty"`
	// Working says how the proposal follows from the claim, in rupees.
	Working string `json:"working"`
}

// Apply sets the proposal on a change (an accept).
func (p Reduction) Apply(c *Change) {
	c.ITCRedReq, c.Declared = p.ITCRedReq, p.Declared
}

// ProposeReduction proposes itcRedReq and the declared reduction for accepting r, from the
// credit claimed on its original (IMS 2.0, itc-2026.md §3):
//   - a credit note (b2bcn, b2bcna) reduces, head by head, what was claimed, at most the note's
//     own tax: nothing claimed gives N; the whole tax of the note gives Y without amounts; less
//     gives Y with the amounts; an unknown claim gives Y without amounts (the whole tax), the
//     safe answer, saying that the claim is not known;
//   - an amendment of an invoice or a debit note (b2ba, b2bdna) reduces what was claimed above
//     its new tax: nothing above gives N, else Y with the amounts; an unknown claim gives Y
//     without amounts, saying so;
//   - a record that takes no itcRedReq, or whose reduction the portal decides
//     (isItcRedReqBlocked), gives "" (nothing is sent).
func ProposeReduction(r Record, claimed Claim) Reduction {
	if !TakesITCRedReq(r.Section) {
		return Reduction{Working: fmt.Sprintf("%s takes no itcRedReq: nothing to declare.", docWord(r.Section))}
	}
	if r.ITCRedReqBlocked {
		return Reduction{Working: "The portal decides the reduction of credit for this document itself (isItcRedReqBlocked): nothing is sent."}
	}
	orig := claimed.Number
	if orig == "" {
		orig = r.OrigNumber
	}
	if orig == "" {
		orig = "the original"
	} else {
		orig = "original " + orig
	}
	note := isCreditNote(r.Section)
	tax := Declared{IGST: absP(r.IGST), CGST: absP(r.CGST), SGST: absP(r.SGST), Cess: absP(r.Cess)}
	if !claimed.Known {
		if note {
			return Reduction{ITCRedReq: "Y", Working: fmt.Sprintf("The ITC claimed on %s is not known to gstdesk: the whole tax of the note, ₹%s, is declared as reduced (itcRedReq Y). Give the claim to declare less.", orig, tax.Total().Indian())}
		}
		return Reduction{ITCRedReq: "Y", Working: fmt.Sprintf("The ITC claimed on %s is not known to gstdesk: the reduction is declared (itcRedReq Y) and the portal reduces the whole fall in tax. Give the claim to declare the amounts.", orig)}
	}
	have := Declared{IGST: claimed.IGST, CGST: claimed.CGST, SGST: claimed.SGST, Cess: claimed.Cess}
	working := fmt.Sprintf("%s claimed %s", orig, heads(have))
	if claimed.Period != "" {
		working += " in the GSTR-3B of " + slashPeriod(claimed.Period)
	}
	var red Declared
	if note {
		red = Declared{IGST: min(tax.IGST, max(have.IGST, 0)), CGST: min(tax.CGST, max(have.CGST, 0)),
			SGST: min(tax.SGST, max(have.SGST, 0)), Cess: min(tax.Cess, max(have.Cess, 0))}
	} else {
		red = Declared{IGST: max(have.IGST-tax.IGST, 0), CGST: max(have.CGST-tax.CGST, 0),
			SGST: max(have.SGST-tax.SGST, 0), Cess: max(have.Cess-tax.Cess, 0)}
	}
	switch {
	case red.Total() == 0 && note:
		return Reduction{ITCRedReq: "N", Working: working + fmt.Sprintf("; the note's ₹%s finds no credit to reduce (itcRedReq N).", tax.Total().Indian())}
	case red.Total() == 0:
		return Reduction{ITCRedReq: "N", Working: working + fmt.Sprintf("; the amendment's tax, %s, does not lower it (itcRedReq N).", heads(tax))}
	case note && red == tax:
		return Reduction{ITCRedReq: "Y", Working: working + fmt.Sprintf("; the note reduces ₹%s, its whole tax (itcRedReq Y).", red.Total().Indian())}
	case note:
		return Reduction{ITCRedReq: "Y", Declared: &red, Working: working + fmt.Sprintf("; the note's tax is %s, more than was claimed: the note reduces %s (itcRedReq Y, declared).", heads(tax), heads(red))}
	}
	return Reduction{ITCRedReq: "Y", Declared: &red, Working: working + fmt.Sprintf("; the amendment lowers the tax to %s: it reduces %s (itcRedReq Y, declared).", heads(tax), heads(red))}
}

// heads writes the non-zero heads of an amount in words: "₹1,800.00 IGST", "₹900.00 CGST and
// ₹900.00 SGST"; "₹0.00" when all are zero.
func heads(d Declared) string {
	var parts []string
	for _, h := range []struct {
		name string
		v    money.Paise
	}{{"IGST", d.IGST}, {"CGST", d.CGST}, {"SGST", d.SGST}, {"cess", d.Cess}} {
		if h.v != 0 {
			parts = append(parts, "₹"+h.v.Indian()+" "+h.name)
		}
	}
	switch len(parts) {
	case 0:
		return "₹0.00"
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// slashPeriod writes a period (YYYY-MM or MMYYYY) as MM/YYYY; other text as given.
func slashPeriod(p string) string {
	m, err := period.ParseMonth(p)
	if err != nil || m.Year == 0 {
		return p
	}
	return fmt.Sprintf("%02d/%04d", int(m.Month), m.Year)
}

// DeemedAcceptedOn is the date a document of a return period (MMYYYY or YYYY-MM) kept pending in
// IMS is deemed accepted (IMS 2.0, from the October 2025 period): a credit note may stay pending
// for one tax period only, to the GSTR-3B due date of the following period, the 20th of the
// month after it for monthly filers (October 2025 → 20 December 2025). Quarterly (QRMP) filers
// have a quarter; this date is the monthly one.
func DeemedAcceptedOn(rtnprd string) (time.Time, error) {
	m, err := period.ParseMonth(strings.TrimSpace(rtnprd))
	if err != nil || m.Year == 0 {
		return time.Time{}, apperr.New(apperr.Invalid, "%q is not a return period (MMYYYY or YYYY-MM).", rtnprd)
	}
	due := m.Next().Next()
	return time.Date(due.Year, due.Month, 20, 0, 0, 0, 0, time.UTC), nil
}

// IMS20 is the first return period of IMS 2.0 (itcRedReq, the one-period limit of pending).
var IMS20 = period.MonthOf(2025, time.October)

// DeemedAcceptance is the day a credit note (or its amendment) not accepted or rejected is deemed
// accepted, and whether the rule applies to it: IMS 2.0 periods only (DeemedAcceptedOn). The one
// place that says which records the one-period limit binds.
func DeemedAcceptance(r Record) (time.Time, bool) {
	if !isCreditNote(r.Section) || r.Action == Accepted || r.Action == Rejected {
		return time.Time{}, false
	}
	m, err := period.ParseMonth(r.RtnPrd)
	if err != nil || m.Before(IMS20) {
		return time.Time{}, false
	}
	d, err := DeemedAcceptedOn(r.RtnPrd)
	return d, err == nil
}
