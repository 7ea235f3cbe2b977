package gstr3b

import (
	"fmt"
	"strings"

	"gstdesk/backend/money"
	"gstdesk/backend/period"
)

// Warning kinds the ledgers give.
const (
	WarnReclaimAboveBalance = "reclaim_above_balance"
	WarnRCMAbovePaid        = "rcm_itc_above_paid"
	WarnNoOpening           = "no_opening_balance"
)

// LedgerMonth is one month of a ledger: the balance it opened with, what came in and went out,
// the balance it closed with.
type LedgerMonth struct {
	Period  string `json:"period"`
	Label   string `json:"label"`
	Opening Heads  `json:"opening"`
	// In and Out are, for the credit reversal statement, 4(B)(2) reversed and 4(D)(1) reclaimed;
	// for the RCM statement, RCM tax paid (3.1(d)) and RCM ITC claimed (4(A)(2) + 4(A)(3)).
	In      Heads     `json:"in"`
	Out     Heads     `json:"out"`
	Closing Heads     `json:"closing"`
	Warning *Warning  `json:"warning,omitempty"`
	Docs    []DocLine `json:"-"`
}

// Ledger is a local mirror of one of the portal's two statements, month by month.
type Ledger struct {
	Kind    string `json:"ledger"`
	Title   string `json:"title"`
	InName  string `json:"in_name"`
	OutName string `json:"out_name"`
	// Opening is the balance entered (HasOpening false when none was: the statement starts at
	// nil, and a note says so).
	Opening    Opening       `json:"opening"`
	HasOpening bool          `json:"has_opening"`
	Months     []LedgerMonth `json:"months"`
	Notes      []string      `json:"notes"`
}

// LedgerMove is one month's figures for a ledger: In and Out as LedgerMonth says, and the
// documents to name when Out is above what the statement allows (the reclaims, or the RCM ITC).
type LedgerMove struct {
	Period string
	In     Heads
	Out    Heads
	Docs   []DocLine
}

// ECRSMove is a month's movement of the credit reversal statement from its worksheet: 4(B)(2)
// reversed in, 4(D)(1) reclaimed out, the reclaimed documents.
func ECRSMove(w *Worksheet) LedgerMove {
	m := LedgerMove{Period: w.Period, In: w.Row(R4B2).Figure, Out: w.Row(R4D1).Figure}
	if l := w.Line(LineReclaimed); l != nil {
		m.Docs = l.Docs
	}
	return m
}

// RCMMove is a month's movement of the RCM statement: rcmPaid the RCM tax paid in 3.1(d) (the
// books' reverse-charge invoices of the month, as the caller reads them), out the worksheet's
// 4(A)(2) + 4(A)(3), with the documents of 4(A)(3).
func RCMMove(w *Worksheet, rcmPaid Heads, rcmDocs []DocLine) LedgerMove {
	return LedgerMove{Period: w.Period, In: rcmPaid, Out: w.Row(R4A2).Figure.Add(w.Row(R4A3).Figure), Docs: rcmDocs}
}

// BuildLedger runs a statement from its opening balance through the months in order. A month
// whose Out is above the balance it opened with plus its In, in any head, carries a warning
// naming its documents: the portal would stop that GSTR-3B (GSTN advisory 643).
func BuildLedger(kind string, open Opening, hasOpening bool, moves []LedgerMove) Ledger {
	l := Ledger{Kind: kind, Opening: open, HasOpening: hasOpening, Months: []LedgerMonth{}, Notes: []string{}}
	switch kind {
	case LedgerECRS:
		l.Title, l.InName, l.OutName = "Electronic Credit Reversal and Re-claimed Statement", "Reversed in 4(B)(2)", "Reclaimed in 4(D)(1)"
	case LedgerRCM:
		l.Title, l.InName, l.OutName = "RCM liability/ITC statement", "RCM tax paid (3.1(d))", "RCM ITC claimed (4(A)(2) + 4(A)(3))"
		l.Notes = append(l.Notes, "RCM tax paid is taken from the books: the reverse-charge invoices booked in the month. Where 3.1(d) was filed with another figure, the balance here differs by it.")
	}
	if !hasOpening {
		l.Notes = append(l.Notes, "No opening balance was entered: the statement starts at nil. Enter the balance the portal shows (gstdesk gst 3b ledger --opening ...) once.")
	}
	bal := open.Balance
	for _, m := range moves {
		if hasOpening && m.Period < open.Period {
			continue
		}
		lm := LedgerMonth{Period: m.Period, Label: period.LabelOf(m.Period), Opening: bal, In: m.In, Out: m.Out}
		allowed := bal.Add(m.In)
		var over []string
		// A head warns when this month takes something out and leaves the balance below nil.
		outs := map[string]money.Paise{}
		overHead := map[string]bool{}
		m.Out.Each(func(name string, p money.Paise) { outs[name] = p })
		allowed.Sub(m.Out).Each(func(name string, p money.Paise) {
			if p < 0 && outs[name] > 0 {
				over = append(over, fmt.Sprintf("%s by ₹%s", headTitle(name), (-p).Indian()))
				overHead[name] = true
			}
		})
		if len(over) > 0 {
			w := Warning{Docs: carrying(m.Docs, overHead)}
			if kind == LedgerECRS {
				w.Kind = WarnReclaimAboveBalance
				w.Message = fmt.Sprintf("%s: the credit reclaimed in 4(D)(1) is above the credit reversal statement's balance plus this month's 4(B)(2) (%s); the portal would stop the GSTR-3B. Check the %d reclaimed documents with credit in it, or the opening balance.",
					lm.Label, strings.Join(over, ", "), len(w.Docs))
			} else {
				w.Kind = WarnRCMAbovePaid
				w.Message = fmt.Sprintf("%s: the RCM ITC in 4(A)(2) and 4(A)(3) is above the RCM tax paid plus the RCM statement's balance (%s); the portal would stop the GSTR-3B. Pay the RCM tax in 3.1(d) first, or check the %d reverse-charge documents with tax in it.",
					lm.Label, strings.Join(over, ", "), len(w.Docs))
			}
			lm.Warning = &w
		}
		bal = allowed.Sub(m.Out)
		lm.Closing, lm.Docs = bal, m.Docs
		l.Months = append(l.Months, lm)
	}
	return l
}

// carrying keeps the documents with tax in one of the heads named (the heads a warning is about):
// a document with nothing in them does not explain the warning and is not listed under it.
func carrying(docs []DocLine, heads map[string]bool) []DocLine {
	out := make([]DocLine, 0, len(docs))
	for _, d := range docs {
		var has bool
		d.Tax.Each(func(name string, p money.Paise) { has = has || (heads[name] && p != 0) })
		if has {
			out = append(out, d)
		}
	}
	return out
}

// Month returns the ledger's month of period p, nil when it has none.
func (l *Ledger) Month(p string) *LedgerMonth {
	for i := range l.Months {
		if l.Months[i].Period == p {
			return &l.Months[i]
		}
	}
	return nil
}

// headTitle is a head's name as a sentence writes it.
func headTitle(name string) string {
	if name == "cess" {
		return "cess"
	}
	return strings.ToUpper(name)
}
