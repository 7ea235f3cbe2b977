package gstr2b

import (
	"fmt"
	"strings"
	"time"

	"gstdesk/backend/docid"
	"gstdesk/backend/period"
)

// screen takes out of a return's figures the documents that cannot be figures as they stand, and
// names each in a notice (the answer is stored as given, so nothing is lost):
//   - the same document twice in one part and section (same supplier, kind, number and date): the
//     copies after the first would count its credit again;
//   - amounts below zero on a document that is not a credit note (an invoice, a debit note, an ISD
//     invoice, a bill of entry): a negative invoice is not a figure the return can mean;
//
// A document dated more than a month after the end of the return's period is kept in the figures
// (GSTN's own sample has them) and named in a notice of its own.
//
// It is the one screen every GSTR-2B read goes through (Parse, hence pulls, files, parts).
func screen(r *Return) {
	m, err := period.ParseMonth(r.Period)
	if err != nil {
		return
	}
	end := time.Date(m.Year, m.Month+1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 1, -1).Format("2006-01-02") // a month of grace
	seen := make(map[string]int, len(r.Documents))
	kept := r.Documents[:0]
	var notes []string
	add := func(d *Document, why string) {
		if len(notes) < 20 {
			who := d.Supplier
			if who == "" {
				who = "port " + d.PortCode
			}
			notes = append(notes, fmt.Sprintf("%s %s of %s (%s, %s)", kindWord(d.Kind), d.Number, who, d.Part()+"."+d.Section, why))
		} else if len(notes) == 20 {
			notes = append(notes, "…")
		}
	}
	out, late := 0, 0
	var lateNotes []string
	for i := range r.Documents {
		d := r.Documents[i]
		// One ISD number may be listed once eligible and once not: two documents (itc-2026.md §1).
		key := fmt.Sprintf("%t|%t|%s|%s|%s|%s|%s|%s|%s", d.Rejected, d.Reversed, d.Section, d.Supplier, d.Kind, docid.Number(d.Number), d.DateISO, d.ITCAvailable, d.PortCode)
		switch {
		case seen[key] > 0:
			add(&d, "listed twice; counted once")
			out++
			continue
		case d.Kind != KindCreditNote && d.Kind != KindISDCreditNote && (d.Value < 0 || d.Taxable < 0 || d.IGST < 0 || d.CGST < 0 || d.SGST < 0 || d.Cess < 0):
			add(&d, "amounts below zero on a document that is not a credit note")
			out++
			continue
		}
		if d.DateISO != "" && d.DateISO > end {
			// Kept in the figures: GSTN's own v4.0 sample lists e-commerce documents of 2023 in a
			// return of March 2020, and a genuine return is read whole. Said, never summed silently.
			late++
			if len(lateNotes) < 10 {
				lateNotes = append(lateNotes, fmt.Sprintf("%s %s of %s (%s)", kindWord(d.Kind), d.Number, d.Supplier, d.Date))
			}
		}
		seen[key]++
		kept = append(kept, d)
	}
	r.Documents = kept
	// A GSTR-2B is generated after its month (on the 14th of the next): one that says it was
	// generated before its own month began is a file to check, not a figure to trust silently.
	if g := r.GenDate; genKey(g) != "" {
		if genKey(g) < fmt.Sprintf("%04d%02d01", m.Year, m.Month) {
			r.Notices = append(r.Notices, fmt.Sprintf("This GSTR-2B is of %s but says it was generated on %s, before that month began: a GSTR-2B is generated after its month. Check that the file is the one downloaded for %s before claiming from it.",
				m.Label(), strings.ReplaceAll(g, "-", "/"), m.Label()))
		}
	}
	if late > 0 {
		r.Notices = append(r.Notices, fmt.Sprintf("%d document(s) are dated more than a month after the return's period %s, as the return lists them: %s. They are counted as the return counts them; check them with the supplier before claiming.",
			late, m.Label(), strings.Join(lateNotes, "; ")))
	}
	if out > 0 {
		r.Notices = append(r.Notices, fmt.Sprintf("%d document(s) are not in gstdesk's figures of this GSTR-2B (the answer is kept as given): %s. Ask the supplier to correct its return if they are its slips.",
			out, strings.Join(notes, "; ")))
	}
}

func kindWord(k string) string {
	switch k {
	case KindCreditNote:
		return "Credit note"
	case KindDebitNote:
		return "Debit note"
	case KindISDInvoice:
		return "ISD invoice"
	case KindISDCreditNote:
		return "ISD credit note"
	case KindBillOfEntry:
		return "Bill of entry"
	}
	return "Invoice"
}
