package gstr2a

import (
	"fmt"
	"strings"
	"time"

	"gstdesk/backend/docid"
	"gstdesk/backend/period"
)

// screen takes out of a stored GSTR-2A's figures the documents that cannot be figures as they
// stand, and names each in a notice (the answer is stored compressed as given, so nothing is
// lost). It is the GSTR-2A side of the rule package gstr2b's screen keeps for GSTR-2B
// (docs/RELIABILITY.md, "Hostile documents"):
//   - the same document twice (same section, supplier, kind, number as docid.Number reads it,
//     date, port code and eligibility): the copies after the first would count its credit again;
//   - amounts below zero on a document that does not reduce the credit (a B2B invoice, a debit
//     note, an ISD invoice, a bill of entry): a negative invoice is not a figure a return can mean.
//
// A document dated more than a month after the end of the return's period is kept in the figures
// (returns do list such documents) and named in a notice of its own, never summed silently.
//
// Every stored GSTR-2A goes through it: save screens each supplier's invoices and each batch of
// documents before their rows are made.
type screen struct {
	period string // YYYY-MM
	end    string // ISO date a month after the period's end; "" when the period is not a month
	seen   map[string]struct{}

	out, late           int
	outNotes, lateNotes []string
}

func newScreen(month string) *screen {
	s := &screen{period: month, seen: map[string]struct{}{}}
	if m, err := period.ParseMonth(month); err == nil {
		t := time.Date(m.Year, m.Month+1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 1, -1) // a month of grace
		s.end = t.Format("2006-01-02")
	}
	return s
}

const screenNoteMax = 20

func (s *screen) drop(what string) {
	s.out++
	if len(s.outNotes) < screenNoteMax {
		s.outNotes = append(s.outNotes, what)
	} else if len(s.outNotes) == screenNoteMax {
		s.outNotes = append(s.outNotes, "…")
	}
}

func (s *screen) lateDate(iso, what string) {
	if s.end == "" || iso == "" || iso <= s.end {
		return
	}
	s.late++
	if len(s.lateNotes) < 10 {
		s.lateNotes = append(s.lateNotes, what)
	}
}

// once reports whether key is seen for the first time, and records it.
func (s *screen) once(key string) bool {
	if _, dup := s.seen[key]; dup {
		return false
	}
	s.seen[key] = struct{}{}
	return true
}

// invoices screens one supplier's B2B invoices and returns those kept (invs itself when all
// are; the caller's slice is never written).
func (s *screen) invoices(ctin string, invs []Invoice) []Invoice {
	var kept []Invoice
	dropped := false
	for i := range invs {
		inv := invs[i]
		what := fmt.Sprintf("invoice %s of %s (b2b, %s)", inv.Number, ctin, inv.Date)
		iso, _ := parseDDMMYYYY(inv.Date, '-')
		a := inv.Amounts()
		switch {
		case !s.once("b2b|" + ctin + "|" + docid.Number(inv.Number) + "|" + iso):
			s.drop(what + ": listed twice; counted once")
		case a.negative():
			s.drop(what + ": amounts below zero on an invoice")
		default:
			s.lateDate(iso, what)
			if dropped {
				kept = append(kept, inv)
			}
			continue
		}
		if !dropped {
			dropped, kept = true, append(make([]Invoice, 0, len(invs)-1), invs[:i]...)
		}
	}
	if !dropped {
		return invs
	}
	return kept
}

// documents screens a batch of other sections' documents and returns those kept (docs itself
// when all are; the caller's slice is never written).
func (s *screen) documents(docs []Document) []Document {
	var kept []Document
	dropped := false
	for i := range docs {
		d := docs[i]
		who := d.SupplierGSTIN
		if who == "" {
			who = "port " + d.PortCode
		}
		what := fmt.Sprintf("%s %s of %s (%s, %s)", docWord(d.Section), d.Number, who, d.Section, d.Date)
		iso, _ := parseAnyDate(d.Date)
		switch {
		case !s.once(strings.Join([]string{d.Section, d.Kind, d.SupplierGSTIN, docid.Number(d.Number), iso, d.PortCode, d.ITCEligible, d.Month}, "|")):
			s.drop(what + ": listed twice; counted once")
		case d.Kind != KindTDS && d.Kind != KindTCS && KindSign(d.Kind) > 0 && d.Amounts.negative():
			s.drop(what + ": amounts below zero on a document that is not a credit note")
		default:
			if d.Kind != KindTDS && d.Kind != KindTCS {
				s.lateDate(iso, what)
			}
			if dropped {
				kept = append(kept, d)
			}
			continue
		}
		if !dropped {
			dropped, kept = true, append(make([]Document, 0, len(docs)-1), docs[:i]...)
		}
	}
	if !dropped {
		return docs
	}
	return kept
}

// sentences are the notices of what was screened, "" parts left out.
func (s *screen) sentences() []string {
	var out []string
	if s.late > 0 {
		out = append(out, fmt.Sprintf("GSTR-2A: %d document(s) are dated more than a month after the return's period %s, as the return lists them: %s. They are counted as the return counts them; check them with the supplier before claiming.",
			s.late, monthYear(s.period), strings.Join(s.lateNotes, "; ")))
	}
	if s.out > 0 {
		out = append(out, fmt.Sprintf("GSTR-2A: %d document(s) are not in gstdesk's figures of this return (the answer is kept as given): %s. Ask the supplier to correct its return if they are its slips.",
			s.out, strings.Join(s.outNotes, "; ")))
	}
	return out
}

// negative reports whether any amount is below zero.
func (a Amounts) negative() bool {
	return a.Value < 0 || a.Taxable < 0 || a.IGST < 0 || a.CGST < 0 || a.SGST < 0 || a.Cess < 0
}
