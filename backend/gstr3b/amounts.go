// Package gstr3b works out the input tax credit of a month's GSTR-3B (Table 4) and of a year's
// GSTR-9 (Tables 6, 8 and 13) from what gstdesk keeps: the GSTR-2B's own proposal (itcsumm), each
// document's facts (booked or not, matched, IMS action, blocked, held) and its claim period. Every
// figure is the 2B's proposal plus named adjustments, each with its documents, so that an
// accountant can go from the 2B to each figure and back (itc-2026.md §4, §5). It also keeps the
// claim period of each document, the local mirrors of the two ledgers the portal enforces (the
// Electronic Credit Reversal and Re-claimed Statement and the RCM statement) and the documents
// marked blocked under s.17(5).
//
// The functions that work figures out (Build, BuildGSTR9, the ledgers) are pure: they take plain
// inputs (the reconcile service reads them) so that each figure can be checked by hand.
//
// Decisions where the law or the spec leaves a choice (each is said in the worksheet's notes):
//   - Credit kept out of this month's claim for a reason that can pass (held for a mismatch or an
//     unconfirmed pair, not booked, Rule 37, Rule 37A, held by a person) is reversed in 4(B)(2),
//     so that the Electronic Credit Reversal and Re-claimed Statement tracks it and it can be
//     reclaimed (4(A)(5) and 4(D)(1)) in the month it is claimed. Credit the 2B would leave out
//     once regenerated (rejected or kept pending in IMS since) reduces its 4(A) row instead.
//   - Blocked credit (s.17(5)) is reversed in 4(B)(1), permanently.
//   - Rule 37 reversals fall in the GSTR-3B the ITC calendar names (the month holding the 181st
//     day); a late payment's reclaim in the month of the payment. Rule 37A reversals fall in the
//     GSTR-3B of October after the year (the last one filed by 30 November), once 30 September
//     has passed with the supplier's GSTR-3B still not filed.
//   - RCM tax paid (3.1(d)) is not stored anywhere gstdesk reads: the RCM statement takes the
//     books' reverse-charge invoices of the month as paid, and says so.
//   - GSTR-9 6A is the sum of the months' worksheets as they read now, not the GSTR-3Bs as filed.
//   - Whether the portal nets credit notes inside 4(A) or shows them in 4(B)(2) is unconfirmed
//     (itc-2026.md §4): each 4(A) row shows the gross, the credit notes and the net, and the net
//     is the row's figure.
package gstr3b

import (
	"gstdesk/backend/money"
)

// Rupees is an amount kept in paise whose JSON is a number of rupees with two decimals (1234.50):
// every amount a person or a script reads.
type Rupees money.Paise

// MarshalJSON writes rupees with two decimals.
func (r Rupees) MarshalJSON() ([]byte, error) { return money.Paise(r).AppendDecimal(nil), nil }

// UnmarshalJSON reads rupees written as a JSON number or string.
func (r *Rupees) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*r = 0
		return nil
	}
	if len(b) >= 2 && b[0] == '"' && b[len(b)-1] == '"' {
		b = b[1 : len(b)-1]
	}
	v, err := money.ParseBytes(b)
	if err != nil {
		return err
	}
	*r = Rupees(v)
	return nil
}

// Paise returns the amount as money.Paise.
func (r Rupees) Paise() money.Paise { return money.Paise(r) }

// String writes the amount as rupees with two decimals: "1234.50".
func (r Rupees) String() string { return money.Paise(r).Decimal() }

// Heads are an amount of tax split by head, as every row of Table 4 is.
type Heads struct {
	IGST Rupees `json:"igst_rupees"`
	CGST Rupees `json:"cgst_rupees"`
	SGST Rupees `json:"sgst_rupees"`
	Cess Rupees `json:"cess_rupees"`
}

// HeadsOf makes Heads of four paise amounts.
func HeadsOf(igst, cgst, sgst, cess money.Paise) Heads {
	return Heads{Rupees(igst), Rupees(cgst), Rupees(sgst), Rupees(cess)}
}

// Total is the four heads added up.
func (h Heads) Total() money.Paise {
	return money.Paise(h.IGST) + money.Paise(h.CGST) + money.Paise(h.SGST) + money.Paise(h.Cess)
}

// Add returns h + o.
func (h Heads) Add(o Heads) Heads {
	return Heads{h.IGST + o.IGST, h.CGST + o.CGST, h.SGST + o.SGST, h.Cess + o.Cess}
}

// Sub returns h - o.
func (h Heads) Sub(o Heads) Heads {
	return Heads{h.IGST - o.IGST, h.CGST - o.CGST, h.SGST - o.SGST, h.Cess - o.Cess}
}

// Neg returns -h.
func (h Heads) Neg() Heads { return Heads{-h.IGST, -h.CGST, -h.SGST, -h.Cess} }

// Zero reports whether every head is nil.
func (h Heads) Zero() bool { return h == Heads{} }

// Each calls fn with each head's name (igst, cgst, sgst, cess) and amount, in that order.
func (h Heads) Each(fn func(name string, p money.Paise)) {
	fn("igst", money.Paise(h.IGST))
	fn("cgst", money.Paise(h.CGST))
	fn("sgst", money.Paise(h.SGST))
	fn("cess", money.Paise(h.Cess))
}

// HeadNames are the heads in the portal's column order, as a person reads them.
var HeadNames = []string{"IGST", "CGST", "SGST", "Cess"}

// MarshalJSON adds the total to the four heads.
func (h Heads) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 120)
	b = append(b, `{"igst_rupees":`...)
	b = money.Paise(h.IGST).AppendDecimal(b)
	b = append(b, `,"cgst_rupees":`...)
	b = money.Paise(h.CGST).AppendDecimal(b)
	b = append(b, `,"sgst_rupees":`...)
	b = money.Paise(h.SGST).AppendDecimal(b)
	b = append(b, `,"cess_rupees":`...)
	b = money.Paise(h.Cess).AppendDecimal(b)
	b = append(b, `,"total_rupees":`...)
	b = h.Total().AppendDecimal(b)
	return append(b, '}'), nil
}

// UnmarshalJSON reads what MarshalJSON writes (the total is worked out again, not read).
func (h *Heads) UnmarshalJSON(b []byte) error {
	var v struct {
		IGST Rupees `json:"igst_rupees"`
		CGST Rupees `json:"cgst_rupees"`
		SGST Rupees `json:"sgst_rupees"`
		Cess Rupees `json:"cess_rupees"`
	}
	if err := jsonUnmarshal(b, &v); err != nil {
		return err
	}
	*h = Heads{v.IGST, v.CGST, v.SGST, v.Cess}
	return nil
}
