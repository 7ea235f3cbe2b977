package reconcile

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"gstdesk/backend/apperr"
	"gstdesk/backend/desk/core"
	"gstdesk/backend/desk/returns"
	"gstdesk/backend/gstr2a"
	"gstdesk/backend/gstr2b"
	"gstdesk/backend/ims"
	"gstdesk/backend/recon"
)

// Against says what the books are reconciled with: GSTR-2A or GSTR-2B.
const (
	Against2A = "2a"
	Against2B = "2b"
)

// DefaultAgainst is 2b when a GSTR-2B is stored for every period from-to, else 2a.
func (s *Service) DefaultAgainst(ctx context.Context, from, to string) string {
	periods, err := ReconPeriods(from, to)
	if err != nil {
		return Against2A
	}
	for _, p := range periods {
		if _, err := gstr2b.LatestSnapshot(ctx, s.DB.DB, s.Workspace().ID, p); err != nil {
			return Against2A
		}
	}
	return Against2B
}

// twoBDoc is a GSTR-2B document as the matcher sees it, with what the IMS side needs.
type twoBDoc struct {
	doc        gstr2b.DocumentRow
	period     string
	imsSection string
}

// ReconGSTR2B lists the documents of the latest GSTR-2B of each period as the matcher's 2A side
// (the matcher compares any return with the books): invoices, credit and debit notes of the
// B2B and e-commerce sections and their amendments, credit notes negative as in the books.
// Rejected documents (docRejdata) are left out: they are not in the 2B's credit.
func ReconGSTR2B(ctx context.Context, db *sql.DB, workspaceID string, periods []string) ([]recon.Invoice, map[string]twoBDoc, []gstr2b.Snapshot, error) {
	var out []recon.Invoice
	docs := map[string]twoBDoc{}
	var snaps []gstr2b.Snapshot
	for _, p := range periods {
		snap, err := gstr2b.LatestSnapshot(ctx, db, workspaceID, p)
		if apperr.KindOf(err) == apperr.NotFound {
			continue
		}
		if err != nil {
			return nil, nil, nil, err
		}
		snaps = append(snaps, snap)
		page, err := gstr2b.Documents(ctx, db, snap, gstr2b.DocQuery{Rejected: "no", Limit: -1})
		if err != nil {
			return nil, nil, nil, err
		}
		for _, d := range page.Rows {
			sec := imsSectionOf(&d.Document)
			if sec == "" {
				continue
			}
			in := twoBInvoice(&d, p)
			out = append(out, in)
			docs[in.RowRef] = twoBDoc{doc: d, period: p, imsSection: sec}
		}
	}
	return out, docs, snaps, nil
}

// twoBInvoice is a 2B document of period p as the matcher's invoice, credit notes negative.
func twoBInvoice(d *gstr2b.DocumentRow, p string) recon.Invoice {
	in := recon.Invoice{Source: recon.GSTR2A, RowRef: fmt.Sprintf("2b:%s:%d", p, d.ID), SupplierGSTIN: d.Supplier, SupplierName: d.TradeName,
		Number: d.Number, Date: d.DateISO, PlaceOfSupply: d.POS, ReverseCharge: d.ReverseCharge == "Y", DocType: recon.DocInvoice,
		InvType: d.Type, Value: recon.Paise(d.Value), Taxable: recon.Paise(d.Taxable), IGST: recon.Paise(d.IGST), CGST: recon.Paise(d.CGST),
		SGST: recon.Paise(d.SGST), Cess: recon.Paise(d.Cess), Period: p}
	switch d.Kind {
	case gstr2b.KindCreditNote:
		in.DocType = recon.DocCreditNote
		for _, a := range []*recon.Paise{&in.Value, &in.Taxable, &in.IGST, &in.CGST, &in.SGST, &in.Cess} {
			*a = -*a
		}
	case gstr2b.KindDebitNote:
		in.DocType = recon.DocDebitNote
	}
	return in
}

// imsSectionOf is the IMS section of a 2B document ("" when IMS does not hold its kind).
func imsSectionOf(d *gstr2b.Document) string {
	switch d.Section {
	case "b2b", "b2ba", "ecom", "ecoma":
		return d.Section
	case "cdnr", "cdnra":
		base := "b2bcn"
		if d.Kind == gstr2b.KindDebitNote {
			base = "b2bdn"
		}
		if d.Section == "cdnra" {
			base += "a"
		}
		return base
	}
	return ""
}

// ThreeWayRow is one row of the reconciliation against GSTR-2B: the matcher's row and
// explanation, the IMS status of the 2B document now, and the recommended IMS action with why.
type ThreeWayRow struct {
	recon.Row
	// Period2B is the 2B's period; Section the 2B section of the document.
	Period2B string `json:"period_2b,omitempty"`
	Section  string `json:"section,omitempty"`
	// IMSSection is the document's IMS section; InIMS says IMS lists it now (as last listed).
	IMSSection string `json:"ims_section,omitempty"`
	InIMS      bool   `json:"in_ims"`
	// IMSStatus is the action on the portal (IMS list, else the 2B's imsStatus): A, R, P, N or "".
	IMSStatus      string `json:"ims_status,omitempty"`
	PendingBlocked bool   `json:"pending_blocked,omitempty"`
	// Recommended is the recommended IMS action (A, P, R or "") and its reason.
	Recommended ims.Recommendation `json:"recommended"`
}

// ThreeWayResult is the books against GSTR-2B against IMS for periods from-to.
type ThreeWayResult struct {
	From      string            `json:"from"`
	To        string            `json:"to"`
	Rows      []ThreeWayRow     `json:"rows"`
	Snapshots []gstr2b.Snapshot `json:"snapshots"`
	// LeftOut counts register invoices neither dated in the periods nor matched to their 2B.
	LeftOut int `json:"left_out"`
	// NoGSTR2B lists the periods with no GSTR-2B stored: every register invoice of them shows as
	// missing in 2B until it is pulled or imported.
	NoGSTR2B []string `json:"no_gstr2b,omitempty"`
	// Counts are rows by recommended action (accept, pending, reject, none).
	Counts map[string]int `json:"counts"`
}

// ReconAgainst2B reconciles the register at path with the GSTR-2B of periods from-to and the IMS
// status of each document, with the matcher, tolerances and explanations of the 2A reconciliation,
// and recommends an IMS action for every row (ims.Recommend). Nothing is stored but the register.
// Invoices booked in a later month are taken too, so an invoice the supplier reported earlier is
// found (and recommended pending) rather than called missing.
func (s *Service) ReconAgainst2B(ctx context.Context, path, from, to string) (ThreeWayResult, error) {
	periods, err := ReconPeriods(from, to)
	if err != nil {
		return ThreeWayResult{}, err
	}
	// The register is read once: kept, checked and mapped as an import is.
	_, books, err := s.booksAt(ctx, path)
	if err != nil {
		return ThreeWayResult{}, err
	}
	return s.againstTwoB(ctx, books, periods)
}

// ReconAgainst2BToken is ReconAgainst2B of a register already imported (the window's import
// token, as the 2A run takes it).
func (s *Service) ReconAgainst2BToken(ctx context.Context, token, from, to string) (ThreeWayResult, error) {
	periods, err := ReconPeriods(from, to)
	if err != nil {
		return ThreeWayResult{}, err
	}
	name, data, err := s.register(token)
	if err != nil {
		return ThreeWayResult{}, err
	}
	v, books, err := s.readRegister(ctx, token, name, data, nil)
	if err != nil {
		return ThreeWayResult{}, err
	}
	if len(v.Missing) > 0 {
		return ThreeWayResult{}, apperr.New(apperr.Invalid, "Confirm the column mapping of %s first: %s not chosen.", name, strings.Join(v.Missing, ", "))
	}
	if v.ErrorCount > 0 {
		return ThreeWayResult{}, apperr.New(apperr.Invalid, "%s has %d problems: fix them in the file and import it again.", name, v.ErrorCount)
	}
	return s.againstTwoB(ctx, books, periods)
}

// againstTwoB matches the register's invoices with the stored 2B of the periods and IMS.
func (s *Service) againstTwoB(ctx context.Context, books []recon.Invoice, periods []string) (ThreeWayResult, error) {
	out := ThreeWayResult{From: periods[0], To: periods[len(periods)-1], Rows: []ThreeWayRow{}, Counts: map[string]int{}}
	ws := s.Workspace().ID
	twoB, docs, snaps, err := ReconGSTR2B(ctx, s.DB.DB, ws, periods)
	if err != nil {
		return out, err
	}
	if len(snaps) == 0 {
		return out, apperr.New(apperr.NotFound, "No GSTR-2B is stored for %s to %s. Pull it (gstdesk gst 2b) or import the portal file (gstdesk gst import FILE) first.", out.From, out.To)
	}
	out.Snapshots = snaps
	opt, err := s.reconOptions(ctx)
	if err != nil {
		return out, err
	}
	// The person's links, unlinks and decisions hold here as in the 2A reconciliation: a pair they
	// took apart is never paired again and recommended Accept.
	if opt, err = recon.WithDecisions(ctx, s.DB.DB, ws, opt); err != nil {
		return out, err
	}
	if len(snaps) < len(periods) {
		have := map[string]bool{}
		for _, sn := range snaps {
			have[sn.Period] = true
		}
		for _, p := range periods {
			if !have[p] {
				out.NoGSTR2B = append(out.NoGSTR2B, p) // its register invoices all read "missing in 2B"
			}
		}
	}
	var inScope []recon.Invoice
	for _, b := range books {
		if b.Period >= out.From {
			inScope = append(inScope, b)
		} else {
			out.LeftOut++ // dated before the periods
		}
	}
	res := recon.Match(inScope, twoB, opt)
	stored, err := ims.Stored(ctx, s.DB.DB, ws, "", "")
	if err != nil {
		return out, err
	}
	byKey := make(map[string]ims.Record, len(stored))
	for _, r := range stored {
		byKey[r.Key()] = r
	}
	for _, row := range res.Rows {
		if row.GSTR2A == nil && row.Books != nil && row.Books.Period > out.To {
			out.LeftOut++ // booked after the periods and not in their 2B: another month's business
			continue
		}
		tr := ThreeWayRow{Row: row}
		in := ims.RecommendInput{Status: row.Status, RuleID: row.RuleID, Differences: row.Differences}
		if row.Books != nil {
			in.BooksPeriod = row.Books.Period
		}
		if row.GSTR2A != nil {
			d := docs[row.GSTR2A.RowRef]
			tr.Period2B, tr.Section, tr.IMSSection = d.period, d.doc.Section, d.imsSection
			in.SupplierPeriod, in.ITCAvailable, in.ITCReason = d.period, d.doc.ITCAvailable, d.doc.Reason
			tr.IMSStatus = d.doc.IMSStatus
			key := (&ims.Record{Section: d.imsSection, STIN: d.doc.Supplier, Number: d.doc.Number}).Key()
			if r, ok := byKey[key]; ok {
				tr.InIMS, tr.IMSStatus, tr.PendingBlocked = true, r.Action, r.PendingBlocked
				in.PendingBlocked = r.PendingBlocked
			}
		}
		tr.Recommended = ims.Recommend(in)
		out.Counts[actionKey(tr.Recommended.Action)]++
		out.Rows = append(out.Rows, tr)
	}
	return out, nil
}

func actionKey(a string) string {
	switch a {
	case ims.Accepted:
		return "accept"
	case ims.Pending:
		return "pending"
	case ims.Rejected:
		return "reject"
	}
	return "none"
}

// ApplyLine is one line of applying recommendations: the document, the action, the reason and
// how it went (dry_run, applied, refused, failed, unknown, already, not_in_ims).
type ApplyLine struct {
	Supplier string `json:"supplier"`
	Document string `json:"document"`
	Section  string `json:"section"`
	From     string `json:"from,omitempty"`
	Action   string `json:"action"`
	Reason   string `json:"reason"`
	Result   string `json:"result"`
	Message  string `json:"message,omitempty"`
}

// ActionChoice is the person's choice of IMS action for one row of the reconciliation against
// 2B, in place of the recommended one: the document (IMS section, supplier GSTIN, number) and
// accept, pending, reject, or skip (send nothing for it).
type ActionChoice struct {
	Section  string `json:"section"`
	Supplier string `json:"supplier"`
	Document string `json:"document"`
	Action   string `json:"action"`
}

func choiceKey(section, supplier, number string) string {
	return section + "|" + strings.ToUpper(strings.TrimSpace(supplier)) + "|" + gstr2a.NormaliseInvoiceNumber(number)
}

// ApplyRecommendations reconciles the register with GSTR-2B (ReconAgainst2B) and sends each row's
// recommended IMS action where it differs from the document's status now; dryRun only says what
// would be sent. Documents IMS does not list (another period, or not listed yet) are reported.
func (s *Service) ApplyRecommendations(ctx context.Context, path, from, to string, dryRun bool) ([]ApplyLine, error) {
	if _, err := ReconPeriods(from, to); err != nil {
		return nil, err
	}
	im, err := s.ReconImportPath(ctx, path)
	if err != nil {
		return nil, err
	}
	return s.ApplyActions(ctx, im.Token, from, to, nil, dryRun)
}

// ApplyActions is ApplyRecommendations of an imported register (token) with the person's choices
// in place of the recommendations where given: the window's preview (dryRun) and apply, and the
// command line's gst ims apply, take this one road.
func (s *Service) ApplyActions(ctx context.Context, token, from, to string, choices []ActionChoice, dryRun bool) ([]ApplyLine, error) {
	chosen := map[string]string{}
	for _, c := range choices {
		a := strings.ToLower(strings.TrimSpace(c.Action))
		switch a {
		case "skip", "":
			a = "skip"
		default:
			code, err := ims.ActionCode(a)
			if err != nil || code == ims.NoAction {
				return nil, apperr.New(apperr.Invalid, "The action %q for %s of %s is none of accept, pending, reject, skip.", c.Action, c.Document, c.Supplier)
			}
			a = code
		}
		chosen[choiceKey(c.Section, c.Supplier, c.Document)] = a
	}
	// The IMS lists are read afresh, so what is compared is the portal's status now; a dry run
	// without a session answers from the lists as last read.
	if _, err := s.Returns.IMSList(ctx, "", ""); err != nil && !dryRun {
		return nil, err
	}
	tw, err := s.ReconAgainst2BToken(ctx, token, from, to)
	if err != nil {
		return nil, err
	}
	lines := []ApplyLine{}
	var reqs []returns.IMSChangeRequest
	idx := map[string]int{}
	for _, r := range tw.Rows {
		if r.GSTR2A == nil {
			continue
		}
		d := r.GSTR2A
		action, reason := r.Recommended.Action, r.Recommended.Reason
		if c, ok := chosen[choiceKey(r.IMSSection, d.SupplierGSTIN, d.Number)]; ok {
			if c == "skip" {
				continue
			}
			if c != action {
				action, reason = c, "Chosen by the accountant (recommended: "+recommendedWords(r.Recommended)+")."
			}
		}
		if action == "" {
			continue
		}
		l := ApplyLine{Supplier: d.SupplierGSTIN, Document: d.Number, Section: r.IMSSection, From: r.IMSStatus, Action: actionKey(action), Reason: reason}
		switch {
		case !r.InIMS:
			l.Result, l.Message = "not_in_ims", "IMS does not list this document (its period is not open in IMS, or IMS was not listed yet)."
		case r.IMSStatus == action:
			l.Result = "already"
		case action == ims.Pending && r.PendingBlocked:
			l.Result, l.Message = ims.ResultRefused, "The portal does not allow pending for this document: accept or reject it."
		case dryRun:
			l.Result = "dry_run"
		default:
			reqs = append(reqs, returns.IMSChangeRequest{Section: r.IMSSection, STIN: d.SupplierGSTIN, Number: d.Number,
				Action: actionKey(action), Reason: reason})
			idx[choiceKey(r.IMSSection, d.SupplierGSTIN, d.Number)] = len(lines)
			l.Result = "sent"
		}
		lines = append(lines, l)
	}
	if len(reqs) > 0 {
		res, err := s.Returns.IMSApply(ctx, reqs)
		if err != nil {
			return lines, err
		}
		for _, r := range res.Results {
			if i, ok := idx[choiceKey(r.Section, r.STIN, r.Number)]; ok {
				lines[i].Result, lines[i].Message = r.Result, r.Message
			}
		}
	}
	return lines, nil
}

// recommendedWords says a recommendation in a few words: "accept", "pending", "no action".
func recommendedWords(r ims.Recommendation) string {
	if r.Action == "" {
		return "no action"
	}
	return actionKey(r.Action)
}

// StartApplyActions runs ApplyActions (not a dry run) as a job; its result is the []ApplyLine.
func (s *Service) StartApplyActions(ctx context.Context, token, from, to string, choices []ActionChoice) (string, error) {
	if _, err := ReconPeriods(from, to); err != nil {
		return "", err
	}
	if _, _, err := s.register(token); err != nil {
		return "", err
	}
	return core.StartJob(s.Core, "recon:ims", func(ctx context.Context, progress core.Progress) ([]ApplyLine, error) {
		progress(0, 1)
		lines, err := s.ApplyActions(ctx, token, from, to, choices, false)
		progress(1, 1)
		return lines, err
	}), nil
}

// ApplyActionsResult returns a finished StartApplyActions job's lines.
func (s *Service) ApplyActionsResult(id string) ([]ApplyLine, error) {
	return core.JobResult[[]ApplyLine](s.Core, id)
}
