package ims

import (
	"fmt"
	"strconv"
	"strings"

	"gstdesk/backend/apperr"
	"gstdesk/backend/gstr2b"
	"gstdesk/backend/money"
	"gstdesk/backend/period"
	"gstdesk/backend/recon"
)

// Recommendation is the IMS action gstdesk recommends for a row of the reconciliation against
// GSTR-2B, with its reason. Action is A, P, R, or "" when there is nothing to do in IMS (the
// document is not in 2B) or no action can be recommended (pending blocked by the portal for a
// document that needs review).
type Recommendation struct {
	Action string `json:"action"`
	Reason string `json:"reason"`
	// ITCNote says what the 2B's itcavl and rsn mean, when ITC is not simply available.
	ITCNote string `json:"itc_note,omitempty"`
	// Rule names the rule the recommendation follows (RuleAccept, RuleConfirmNumber, ...).
	Rule string `json:"rule,omitempty"`
	// Figures are the amounts the advice rests on, in rupees: taxable value and tax of the books
	// and of the 2B document.
	Figures string `json:"figures,omitempty"`
}

// The rules a recommendation follows (Recommendation.Rule).
const (
	RuleAccept         = "accept_matched"        // matched with the books: accept
	RuleAcceptLate     = "accept_reported_late"  // matched, reported by the supplier after the books' month: accept
	RuleConfirmNumber  = "confirm_number"        // paired on amounts or a near number: pending until the number is confirmed
	RuleBookedLater    = "pending_booked_later"  // booked after the supplier's month: pending until the credit is taken
	RuleWrongBranch    = "pending_wrong_branch"  // booked under another GSTIN of the same PAN
	RuleMismatch       = "pending_mismatch"      // amounts or details differ
	RuleBooksHoldIt    = "pending_books_hold_it" // not paired, but the books hold a document like it
	RuleNotInBooks     = "pending_not_in_books"  // in 2B, not in the books at all
	RuleNotIn2B        = "not_in_2b"             // books only: nothing to do in IMS
	RuleDuplicate      = "duplicate_in_books"    // a repeated row of the books
	RulePendingBlocked = "pending_blocked"       // pending advised but the portal blocks it
	RuleClaimedEarlier = "accept_claimed_earlier"
)

// RecommendInput is what the rules look at: the reconciliation's row (status, rule, differences),
// the periods of the books and of the supplier's return, and the 2B document's flags.
type RecommendInput struct {
	Status      recon.Status
	RuleID      recon.RuleID
	Differences []recon.Difference
	// BooksPeriod is the period the books carry the invoice in (YYYY-MM); SupplierPeriod the 2B's.
	BooksPeriod    string
	SupplierPeriod string
	PendingBlocked bool
	ITCAvailable   string
	ITCReason      string
	// Books and TwoB are the row's two documents (nil for the side it lacks): their numbers, date
	// and amounts are named in the advice.
	Books, TwoB *recon.Invoice
	// BooksHold names a document of the books like the 2B document of a row not paired (same
	// supplier and number but for spelling, type or period; "" when the books hold none): such a
	// document is never advised reject.
	BooksHold string
	// ClaimedIn is the GSTR-3B period the books document's credit was claimed in, when before
	// the run ("" otherwise).
	ClaimedIn string
	// RunTo is the last month of the run: a document booked after the supplier's month is
	// accepted once the run reaches the month it was booked in.
	RunTo string
}

// NumbersDiffer says whether two document numbers are not the same number under the one
// invoice-number rule (recon.NormaliseInvoiceNumber): such a pair is never accepted unconfirmed.
func NumbersDiffer(a, b string) bool {
	return recon.NormaliseInvoiceNumber(a) != recon.NormaliseInvoiceNumber(b)
}

// Recommend applies the rules of issue 14 (gstr2b-ims.md §4.4) and issue 23:
//   - matched (exact, or suggested on the same number) → Accept; reported late by the supplier
//     (the books hold it in an earlier month) → Accept, saying so;
//   - paired on amounts alone, or on a number that differs → Pending, "confirm the number";
//   - booked in a later period than the supplier's → keep Pending;
//   - in 2B but not in the books → Pending while it is checked, never Accept; "reject once
//     reviewed" only when the books hold nothing like it (another spelling, type or period);
//   - amounts, details or GSTIN differ → Pending, naming each difference;
//   - not in 2B → nothing to do in IMS;
//   - Pending where the portal blocks it → no action: the person decides after review.
//
// Reject is never recommended. itcavl N or T, or a reason code, is shown with its meaning in
// ITCNote; Rule names the rule and Figures the amounts.
func Recommend(in RecommendInput) Recommendation {
	var r Recommendation
	if in.ITCAvailable != "" && (in.ITCAvailable != "Y" || in.ITCReason != "") {
		r.ITCNote = gstr2b.ITCAvailableText(in.ITCAvailable, in.ITCReason) + "."
	}
	r.Figures = figures(in.Books, in.TwoB)
	switch in.Status {
	case recon.MissingIn2A, recon.DuplicateInBooks:
		r.Rule, r.Reason = RuleNotIn2B, "Not in GSTR-2B: the credit cannot be claimed until the supplier reports it. Ask the supplier to file it."
		if in.Status == recon.DuplicateInBooks {
			r.Rule, r.Reason = RuleDuplicate, "A repeated row of the books: nothing to do in IMS."
		}
		return r
	case recon.MissingInBooks:
		if in.BooksHold != "" {
			r.Action, r.Rule = Pending, RuleBooksHoldIt
			r.Reason = "In GSTR-2B and not paired, but your books hold " + in.BooksHold + ": keep it pending and confirm with the supplier which document it is. Do not reject a document you hold."
		} else {
			r.Action, r.Rule, r.Reason = Pending, RuleNotInBooks, "In GSTR-2B but not in your books under any number, type or month: keep it pending while you check; reject it once reviewed if it is not yours. Never accept what is not booked."
		}
	case recon.Mismatch:
		r.Action, r.Rule, r.Reason = Pending, RuleMismatch, "Keep pending until the supplier corrects it: "+differences(in.Differences)+"."
	default: // exact or suggested
		differ := in.Books != nil && in.TwoB != nil && NumbersDiffer(in.Books.Number, in.TwoB.Number)
		switch {
		case in.RuleID == recon.RuleWrongBranch:
			r.Action, r.Rule, r.Reason = Pending, RuleWrongBranch, "Booked under another GSTIN of the same supplier (wrong branch): keep pending until the books or the supplier are corrected."
		case in.RuleID == recon.RuleSameAmounts || differ:
			bn, tn := "", ""
			if in.Books != nil && in.TwoB != nil {
				bn, tn = in.Books.Number, in.TwoB.Number
			}
			how := "the same supplier and amounts within tolerance, dates close"
			if in.RuleID != recon.RuleSameAmounts {
				how = differencesOr(in.Differences, "a number close to it")
			}
			r.Action, r.Rule = Pending, RuleConfirmNumber
			r.Reason = fmt.Sprintf("Confirm the number: the books have %q, GSTR-2B has %q, paired on %s (rule %s). Keep pending until you confirm it is the same document; you may then accept it.", bn, tn, how, in.RuleID)
		case in.BooksPeriod != "" && in.SupplierPeriod != "" && in.BooksPeriod > in.SupplierPeriod && in.RunTo != "" && in.BooksPeriod <= in.RunTo:
			r.Action, r.Rule, r.Reason = Accepted, RuleAccept, fmt.Sprintf("Matched with the books: in the 2B of %s, booked in %s, the month its credit is taken: accept it now.", MonthLabel(in.SupplierPeriod), MonthLabel(in.BooksPeriod))
		case in.BooksPeriod != "" && in.SupplierPeriod != "" && in.BooksPeriod > in.SupplierPeriod:
			r.Action, r.Rule, r.Reason = Pending, RuleBookedLater, fmt.Sprintf("Booked in %s, after the supplier's %s: keep pending and accept it in the month the credit is taken.", in.BooksPeriod, in.SupplierPeriod)
		case in.BooksPeriod != "" && in.SupplierPeriod != "" && in.BooksPeriod < in.SupplierPeriod:
			r.Action, r.Rule, r.Reason = Accepted, RuleAcceptLate, "Matched with the books: "+LateNote(in.Books, in.SupplierPeriod)+". Accept it; its credit is claimed in the GSTR-3B of "+MonthLabel(in.SupplierPeriod)+"."
		case in.Status == recon.Exact && withinTolerance(in.Differences) != "":
			r.Action, r.Rule, r.Reason = Accepted, RuleAccept, "Matched with the books: same supplier, number and date; amounts within tolerance ("+withinTolerance(in.Differences)+")."
		case in.Status == recon.Exact:
			r.Action, r.Rule, r.Reason = Accepted, RuleAccept, "Matched with the books: same supplier, number, date and amounts."
		default:
			r.Action, r.Rule, r.Reason = Accepted, RuleAccept, "Matched with the books (suggested: "+differencesOr(in.Differences, "number or date close")+")."
		}
		if in.ClaimedIn != "" && r.Action == Accepted {
			r.Rule = RuleClaimedEarlier
			r.Reason += " Its credit was already claimed in the GSTR-3B of " + MonthLabel(in.ClaimedIn) + ": do not claim it again."
		}
	}
	if r.Action == Pending && in.PendingBlocked {
		r.Action = ""
		r.Rule = RulePendingBlocked
		if in.BooksHold != "" {
			r.Reason += " The portal does not allow pending for this document: confirm it with the supplier and accept it once confirmed."
		} else {
			r.Reason += " The portal does not allow pending for this document: accept or reject it after review."
		}
	}
	return r
}

// LateNote says a document the supplier reported late: "reported late by the supplier: invoice
// of 13/01/2025 in the 2B of March 2025" (the books' document and the 2B's period).
func LateNote(books *recon.Invoice, period2B string) string {
	what, date := "invoice", ""
	if books != nil {
		date = DayMonthYear(books.Date)
		switch books.DocType {
		case recon.DocCreditNote:
			what = "credit note"
		case recon.DocDebitNote:
			what = "debit note"
		}
	}
	return fmt.Sprintf("reported late by the supplier: %s of %s in the 2B of %s", what, date, MonthLabel(period2B))
}

// MonthLabel writes a period (YYYY-MM) as "March 2025"; anything else as it is.
func MonthLabel(p string) string {
	m, err := period.ParseMonth(p)
	if err != nil {
		return p
	}
	return m.Month.String() + " " + strconv.Itoa(m.Year)
}

// DayMonthYear writes an ISO date (YYYY-MM-DD) as DD/MM/YYYY; anything else as it is.
func DayMonthYear(iso string) string {
	if len(iso) == 10 && iso[4] == '-' && iso[7] == '-' {
		return iso[8:10] + "/" + iso[5:7] + "/" + iso[:4]
	}
	return iso
}

// figures names the amounts of the row's documents in rupees: "books INV/1: taxable ₹1000.00,
// tax ₹180.00; 2B INV/1: taxable ₹1000.00, tax ₹180.00" (one string made per row: a run has
// hundreds of thousands).
func figures(books, twoB *recon.Invoice) string {
	var buf [192]byte
	b := buf[:0]
	one := func(side string, in *recon.Invoice) {
		if len(b) > 0 {
			b = append(b, "; "...)
		}
		b = append(append(append(b, side...), ' '), in.Number...)
		b = append(b, ": taxable ₹"...)
		b = money.Paise(in.Taxable).AppendDecimal(b)
		b = append(b, ", tax ₹"...)
		b = money.Paise(in.IGST + in.CGST + in.SGST + in.Cess).AppendDecimal(b)
	}
	if books != nil {
		one("books", books)
	}
	if twoB != nil {
		one("2B", twoB)
	}
	return string(b)
}

func differences(ds []recon.Difference) string {
	var parts []string
	for _, d := range ds {
		if d.WithinTolerance {
			continue
		}
		s := fmt.Sprintf("%s %s in the books, %s in 2B", strings.ReplaceAll(d.Field, "_", " "), d.Books, d.GSTR2A)
		if d.Diff != "" {
			s += " (" + d.Diff + ")"
		}
		parts = append(parts, s)
	}
	if len(parts) == 0 {
		return "the details differ"
	}
	return strings.Join(parts, "; ")
}

// withinTolerance names the differences within the tolerance ("" when there are none): a pair
// that differs by a paisa does not have "the same amounts".
func withinTolerance(ds []recon.Difference) string {
	var parts []string
	for _, d := range ds {
		if d.WithinTolerance {
			parts = append(parts, fmt.Sprintf("%s %s in the books, %s in 2B", strings.ReplaceAll(d.Field, "_", " "), d.Books, d.GSTR2A))
		}
	}
	return strings.Join(parts, "; ")
}

func differencesOr(ds []recon.Difference, none string) string {
	if s := differences(ds); s != "the details differ" {
		return s
	}
	return none
}

// Leave is the choice to send nothing to IMS for a row (the document stays as the portal has it).
const Leave = "-"

// ParseChoice reads the IMS action a person chose for a row of a three-way run: accept, reject,
// pending, reset (to no action), leave (send nothing); "", "clear" or "recommended" give "" (the
// recommended action applies again).
func ParseChoice(s string) (string, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "clear", "recommended":
		return "", nil
	case "leave", "none", "skip", Leave:
		return Leave, nil
	}
	code, err := ActionCode(s)
	if err != nil {
		return "", apperr.New(apperr.Invalid, "The IMS action %q is none of accept, reject, pending, reset, leave, clear.", s)
	}
	return code, nil
}

// ChoiceInput is what a choice on a row is checked against: the row's status, whether it has a
// GSTR-2B document, and whether the portal blocks pending for it.
type ChoiceInput struct {
	Status         recon.Status
	In2B           bool
	PendingBlocked bool
}

// CheckChoice refuses a choice the rules forbid: any action on a row with no GSTR-2B document
// (there is nothing in IMS to act on), Accept of a document not in the books (never accept what
// is not booked), Pending where the portal blocks it.
func CheckChoice(choice string, in ChoiceInput) error {
	switch {
	case choice == "" || choice == Leave:
		return nil
	case !in.In2B:
		return apperr.New(apperr.Invalid, "This row is not in GSTR-2B: there is no IMS document to act on.")
	case choice == Accepted && in.Status == recon.MissingInBooks:
		return apperr.New(apperr.Invalid, "This document is in GSTR-2B but not in your books: it cannot be accepted. Book it and reconcile again, or keep it pending or reject it.")
	case choice == Pending && in.PendingBlocked:
		return apperr.New(apperr.Invalid, "The portal does not allow pending for this document (ispendactblocked): accept or reject it.")
	}
	return nil
}

// ChoiceRow is a row of a new three-way run as the carry-over of choices reads it: its key, its
// fingerprint (what it reads) and what a choice on it is checked against.
type ChoiceRow struct {
	Key         string
	Fingerprint string
	In          ChoiceInput
}

// CarryChoices is the choices of an earlier run (by row key) that a new run takes over: of the
// rows with the same key that read the same (fingerprint), where the choice still holds
// (CheckChoice: pending may have been blocked since), in the new run's row order.
func CarryChoices(old map[string]recon.RowChoice, rows []ChoiceRow) []recon.RowChoice {
	var out []recon.RowChoice
	for _, r := range rows {
		c, ok := old[r.Key]
		if !ok || c.Fingerprint != r.Fingerprint || CheckChoice(c.Choice, r.In) != nil {
			continue
		}
		out = append(out, c)
	}
	return out
}
