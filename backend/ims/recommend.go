package ims

import (
	"fmt"
	"strings"

	"gstdesk/backend/apperr"
	"gstdesk/backend/gstr2b"
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
}

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
}

// Recommend applies the rules of issue 14 (gstr2b-ims.md §4.4):
//   - matched (exact, or suggested on the same GSTIN) → Accept;
//   - booked in a later period than the supplier's → keep Pending;
//   - in 2B but not in the books → Pending while it is checked (Reject once reviewed), never Accept;
//   - amounts, details or GSTIN differ → Pending, naming each difference;
//   - not in 2B → nothing to do in IMS;
//   - Pending where the portal blocks it → no action: the person decides after review.
//
// itcavl N or T, or a reason code, is shown with its meaning in ITCNote.
func Recommend(in RecommendInput) Recommendation {
	var r Recommendation
	if in.ITCAvailable != "" && (in.ITCAvailable != "Y" || in.ITCReason != "") {
		r.ITCNote = gstr2b.ITCAvailableText(in.ITCAvailable, in.ITCReason) + "."
	}
	switch in.Status {
	case recon.MissingIn2A, recon.DuplicateInBooks:
		r.Reason = "Not in GSTR-2B: the credit cannot be claimed until the supplier reports it. Ask the supplier to file it."
		if in.Status == recon.DuplicateInBooks {
			r.Reason = "A repeated row of the books: nothing to do in IMS."
		}
		return r
	case recon.MissingInBooks:
		r.Action, r.Reason = Pending, "In GSTR-2B but not in your books: keep it pending while you check; reject it once reviewed if it is not yours. Never accept what is not booked."
	case recon.Mismatch:
		r.Action, r.Reason = Pending, "Keep pending until the supplier corrects it: "+differences(in.Differences)+"."
	default: // exact or suggested
		switch {
		case in.RuleID == recon.RuleWrongBranch:
			r.Action, r.Reason = Pending, "Booked under another GSTIN of the same supplier (wrong branch): keep pending until the books or the supplier are corrected."
		case in.BooksPeriod != "" && in.SupplierPeriod != "" && in.BooksPeriod > in.SupplierPeriod:
			r.Action, r.Reason = Pending, fmt.Sprintf("Booked in %s, after the supplier's %s: keep pending and accept it in the month the credit is taken.", in.BooksPeriod, in.SupplierPeriod)
		case in.Status == recon.Exact:
			r.Action, r.Reason = Accepted, "Matched with the books: same supplier, number, date and amounts."
		default:
			r.Action, r.Reason = Accepted, "Matched with the books (suggested: "+differencesOr(in.Differences, "number or date close")+")."
		}
	}
	if r.Action == Pending && in.PendingBlocked {
		r.Action = ""
		r.Reason += " The portal does not allow pending for this document: accept or reject it after review."
	}
	return r
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
