package reconcile

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/desk/core"
	"gstdesk/backend/desk/returns"
	"gstdesk/backend/gstapi"
	"gstdesk/backend/gstr2b"
	"gstdesk/backend/gstr3b"
	"gstdesk/backend/ims"
	"gstdesk/backend/money"
	"gstdesk/backend/period"
	"gstdesk/backend/recon"
)

// Against says what the books are reconciled with: GSTR-2A or GSTR-2B.
const (
	Against2A = "2a"
	Against2B = "2b"
)

// twoBDoc is a GSTR-2B document as the matcher sees it, with what the IMS side needs.
type twoBDoc struct {
	doc        *gstr2b.MatchDoc
	period     string
	imsSection string
}

// MatchGSTR2B lists the documents of the latest GSTR-2B of each period as the matcher's 2A side
// (the matcher compares any return with the books): invoices, credit and debit notes of the
// B2B and e-commerce sections and their amendments, bills of entry (impg, impgsez) and ISD
// invoices and credit notes (isd, isda), credit notes negative as in the books. Every document of
// docdata is listed; only bills of entry and ISD documents have no IMS section (IMS does not hold
// them). Rejected documents (docRejdata) are left out: they are not in the 2B's credit (the run's
// notices count them). Each period's documents are read in one query (gstr2b.MatchDocs).
func MatchGSTR2B(ctx context.Context, db *sql.DB, workspaceID string, periods []string) ([]recon.Invoice, map[string]twoBDoc, []gstr2b.Snapshot, error) {
	var snaps []gstr2b.Snapshot
	var read [][]gstr2b.MatchDoc
	n := 0
	for _, p := range periods {
		snap, err := gstr2b.LatestSnapshot(ctx, db, workspaceID, p)
		if apperr.KindOf(err) == apperr.NotFound {
			continue
		}
		if err != nil {
			return nil, nil, nil, err
		}
		ds, err := gstr2b.MatchDocs(ctx, db, snap, false)
		if err != nil {
			return nil, nil, nil, err
		}
		snaps, read = append(snaps, snap), append(read, ds)
		n += len(ds)
	}
	out := make([]recon.Invoice, 0, n)
	docs := make(map[string]twoBDoc, n)
	for i, ds := range read {
		p := snaps[i].Period
		for j := range ds {
			d := &ds[j]
			sec := ims.SectionOf2B(d.Section, d.Kind)
			in := twoBInvoice(d, p)
			out = append(out, in)
			docs[in.RowRef] = twoBDoc{doc: d, period: p, imsSection: sec}
		}
	}
	return out, docs, snaps, nil
}

// twoBInvoice is a 2B document of period p as the matcher's invoice, credit notes negative: a bill
// of entry with its port code (and the SEZ unit's GSTIN for impgsez), an ISD document with its
// eligibility (itcelg).
func twoBInvoice(d *gstr2b.MatchDoc, p string) recon.Invoice {
	in := recon.Invoice{Source: recon.GSTR2A, RowRef: "2b:" + p + ":" + strconv.FormatInt(d.ID, 10), SupplierGSTIN: d.Supplier, SupplierName: d.TradeName,
		Number: d.Number, Date: d.DateISO, PlaceOfSupply: d.POS, ReverseCharge: d.ReverseCharge == "Y", DocType: recon.DocInvoice,
		InvType: d.Type, Value: recon.Paise(d.Value), Taxable: recon.Paise(d.Taxable), IGST: recon.Paise(d.IGST), CGST: recon.Paise(d.CGST),
		SGST: recon.Paise(d.SGST), Cess: recon.Paise(d.Cess), Period: p}
	if d.ITCAvailable == "N" {
		// The 2B marks the credit not available (itcavl N): matched and shown, never claimable
		// (the reconciliation's "ITC claimable" counted it).
		in.ITCEligible = "N"
	}
	switch d.Kind {
	case gstr2b.KindBillOfEntry:
		in.DocType, in.PortCode = recon.DocBillOfEntry, d.PortCode
	case gstr2b.KindISDInvoice:
		in.DocType, in.ITCEligible = recon.DocISDInvoice, d.ITCAvailable
	case gstr2b.KindISDCreditNote:
		in.DocType, in.ITCEligible = recon.DocISDCreditNote, d.ITCAvailable
		for _, a := range []*recon.Paise{&in.Value, &in.Taxable, &in.IGST, &in.CGST, &in.SGST, &in.Cess} {
			if *a > 0 {
				*a = -*a
			}
		}
	case gstr2b.KindCreditNote:
		in.DocType = recon.DocCreditNote
		// Stored as sizes (gstr2b reads a credit note by its magnitude); a note stored negative
		// before that rule still reduces the credit.
		for _, a := range []*recon.Paise{&in.Value, &in.Taxable, &in.IGST, &in.CGST, &in.SGST, &in.Cess} {
			if *a > 0 {
				*a = -*a
			}
		}
	case gstr2b.KindDebitNote:
		in.DocType = recon.DocDebitNote
	}
	return in
}

// ThreeWayRow is one row of the reconciliation against GSTR-2B: the matcher's row and
// explanation, the IMS status of the 2B document now, and the recommended IMS action with why.
type ThreeWayRow struct {
	recon.Row
	// Period2B is the 2B's period; Section the 2B section of the document.
	Period2B string `json:"period_2b,omitempty"`
	Section  string `json:"section,omitempty"`
	// IMSSection is the document's IMS section and IMSPeriod its return period in IMS (rtnprd,
	// MMYYYY: the supplier's period of the 2B document); InIMS says IMS lists it now (as last
	// listed). A run saved before IMSPeriod was kept reads it from Period2B.
	IMSSection string `json:"ims_section,omitempty"`
	IMSPeriod  string `json:"ims_period,omitempty"`
	InIMS      bool   `json:"in_ims"`
	// IMSStatus is the action on the portal (IMS list, else the 2B's imsStatus): A, R, P, N or "".
	IMSStatus      string `json:"ims_status,omitempty"`
	PendingBlocked bool   `json:"pending_blocked,omitempty"`
	// Recommended is the recommended IMS action (A, P, R or "") and its reason.
	Recommended ims.Recommendation `json:"recommended"`
	// Choice is the IMS action the person chose instead (A, R, P, N for a reset, "-" to send
	// nothing; "" when the recommendation stands), kept with the run (SetThreeWayAction).
	Choice string `json:"choice,omitempty"`
	// Send is what applying the run sends: the choice, else the recommendation ("" for nothing).
	Send string `json:"send"`
	// Timing is how the document's periods stand (TimingReportedLate, TimingAwaiting,
	// TimingBookedLater, TimingClaimedEarlier; "" when books and 2B are of the same month), said
	// in TimingNote; AgeDays is, for a books document awaiting the supplier, the days from its
	// date to the end of the run's last month.
	Timing     string `json:"timing,omitempty"`
	TimingNote string `json:"timing_note,omitempty"`
	AgeDays    int    `json:"age_days,omitempty"`
	// ClaimPeriod is the GSTR-3B period the books document's credit was claimed in before the
	// run (gstr3b claims), "" when none.
	ClaimPeriod string `json:"claim_period,omitempty"`
	// RateFlags say, with the date rule, why the document's rate wants a look (rates after
	// 22/09/2025, or books and 2B at different rates). Nothing is blocked by them.
	RateFlags []string `json:"rate_flags,omitempty"`
}

// How a row's periods stand (ThreeWayRow.Timing).
const (
	TimingReportedLate   = "reported_late"
	TimingAwaiting       = "awaiting_supplier"
	TimingBookedLater    = "booked_later"
	TimingClaimedEarlier = "claimed_earlier"
)

// MissingIn2B is the status of a books document not in GSTR-2B as a run against GSTR-2B writes it
// (recon.MissingIn2A inside: the matcher's word for "not in the supplier's return").
const MissingIn2B recon.Status = "missing_in_2b"

// Status2B is a status as a run against GSTR-2B says it.
func Status2B(s recon.Status) recon.Status {
	if s == recon.MissingIn2A {
		return MissingIn2B
	}
	return s
}

// StatusLabel2B is a status as a tab of a run against GSTR-2B shows it ("Missing in 2B").
func StatusLabel2B(s recon.Status) string { return say2B(strings.Replace(s.Label(), "2A", "2B", 1)) }

// AppendJSON appends the row's JSON to dst as a three-way run's rows are stored (by
// recon.SaveRunWith, without reflection): as MarshalJSON writes it, but with the matcher's status
// (missing_in_2a), which the worksheets reading stored runs know.
func (r *ThreeWayRow) AppendJSON(dst []byte) []byte { return r.appendJSON(dst, false) }

// MarshalJSON writes the row as the window and scripts read it. A run against GSTR-2B says 2B:
// "status" missing_in_2b, the 2B document under "gstr2b" (its "source" gstr2b), "norm_gstr2b",
// and "gstr2b" in each difference. The old keys ("gstr2a", "norm_gstr2a", a difference's "gstr2a", and "status_2a"
// with the old status) are written alongside for one release, so that scripts keep working.
func (r ThreeWayRow) MarshalJSON() ([]byte, error) { return r.appendJSON(nil, true), nil }

func (r *ThreeWayRow) appendJSON(dst []byte, words2B bool) []byte {
	scratch := jsonScratch.Get().(*[]byte)
	defer jsonScratch.Put(scratch)
	dst = append(dst, `{"status":`...)
	if !words2B {
		dst = recon.AppendJSONString(dst, string(r.Status))
	} else {
		dst = recon.AppendJSONString(dst, string(Status2B(r.Status)))
	}
	if words2B && r.Status == recon.MissingIn2A {
		dst = recon.AppendJSONStringField(dst, "status_2a", string(r.Status), false)
	}
	dst = append(dst, `,"books":`...)
	dst = appendInvoiceJSON(dst, scratch, r.Books)
	dst = append(dst, `,"gstr2b":`...)
	if words2B && r.GSTR2A != nil {
		doc := *r.GSTR2A
		doc.Source = "gstr2b" // the old key below keeps the matcher's word
		dst = appendInvoiceJSON(dst, scratch, &doc)
		dst = append(dst, `,"gstr2a":`...)
		dst = appendInvoiceJSON(dst, scratch, r.GSTR2A)
	} else {
		start := len(dst)
		dst = appendInvoiceJSON(dst, scratch, r.GSTR2A)
		end := len(dst)
		dst = append(dst, `,"gstr2a":`...)
		dst = append(dst, dst[start:end]...)
	}
	dst = recon.AppendJSONStringField(dst, "rule", r.Rule, false)
	dst = recon.AppendJSONStringField(dst, "rule_id", string(r.RuleID), false)
	dst = recon.AppendJSONStringField(dst, "norm_books", r.NormBooks, false)
	dst = recon.AppendJSONStringField(dst, "norm_gstr2b", r.Norm2A, false)
	dst = recon.AppendJSONStringField(dst, "norm_gstr2a", r.Norm2A, false)
	dst = append(dst, `,"differences":`...)
	if r.Differences == nil {
		dst = append(dst, "null"...)
	} else {
		dst = append(dst, '[')
		for i := range r.Differences {
			d := &r.Differences[i]
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = append(dst, `{"field":`...)
			dst = recon.AppendJSONString(dst, d.Field)
			dst = recon.AppendJSONStringField(dst, "books", d.Books, false)
			dst = recon.AppendJSONStringField(dst, "gstr2b", d.GSTR2A, false)
			dst = recon.AppendJSONStringField(dst, "gstr2a", d.GSTR2A, false)
			dst = recon.AppendJSONStringField(dst, "diff", d.Diff, true)
			dst = recon.AppendJSONBoolField(dst, "within_tolerance", d.WithinTolerance, true)
			dst = append(dst, '}')
		}
		dst = append(dst, ']')
	}
	if len(r.Candidates) > 0 {
		dst = append(dst, `,"candidates":[`...)
		for i := range r.Candidates {
			c := &r.Candidates[i]
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = append(dst, `{"invoice":`...)
			dst = appendInvoiceJSON(dst, scratch, &c.Invoice)
			dst = recon.AppendJSONStringField(dst, "norm", c.Norm, false)
			dst = recon.AppendJSONStringField(dst, "reason", c.Reason, false)
			dst = append(dst, '}')
		}
		dst = append(dst, ']')
	}
	dst = recon.AppendJSONStringField(dst, "period", r.Period, false)
	dst = recon.AppendJSONStringField(dst, "key", r.Key, false)
	dst = recon.AppendJSONStringField(dst, "action", string(r.Action), true)
	dst = recon.AppendJSONBoolField(dst, "changed_since_action", r.Changed, true)
	dst = recon.AppendJSONStringField(dst, "period_2b", r.Period2B, true)
	dst = recon.AppendJSONStringField(dst, "section", r.Section, true)
	dst = recon.AppendJSONStringField(dst, "ims_section", r.IMSSection, true)
	dst = recon.AppendJSONStringField(dst, "ims_period", r.IMSPeriod, true)
	dst = recon.AppendJSONBoolField(dst, "in_ims", r.InIMS, false)
	dst = recon.AppendJSONStringField(dst, "ims_status", r.IMSStatus, true)
	dst = recon.AppendJSONBoolField(dst, "pending_blocked", r.PendingBlocked, true)
	dst = append(dst, `,"recommended":{"action":`...)
	dst = recon.AppendJSONString(dst, r.Recommended.Action)
	dst = recon.AppendJSONStringField(dst, "reason", r.Recommended.Reason, false)
	dst = recon.AppendJSONStringField(dst, "itc_note", r.Recommended.ITCNote, true)
	dst = recon.AppendJSONStringField(dst, "rule", r.Recommended.Rule, true)
	dst = recon.AppendJSONStringField(dst, "figures", r.Recommended.Figures, true)
	dst = append(dst, '}')
	dst = recon.AppendJSONStringField(dst, "choice", r.Choice, true)
	dst = recon.AppendJSONStringField(dst, "send", r.Send, false)
	dst = recon.AppendJSONStringField(dst, "timing", r.Timing, true)
	dst = recon.AppendJSONStringField(dst, "timing_note", r.TimingNote, true)
	if r.AgeDays != 0 {
		dst = append(dst, `,"age_days":`...)
		dst = strconv.AppendInt(dst, int64(r.AgeDays), 10)
	}
	dst = recon.AppendJSONStringField(dst, "claim_period", r.ClaimPeriod, true)
	if len(r.RateFlags) > 0 {
		dst = append(dst, `,"rate_flags":[`...)
		for i, f := range r.RateFlags {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = recon.AppendJSONString(dst, f)
		}
		dst = append(dst, ']')
	}
	return append(dst, '}')
}

// UnmarshalJSON reads a row written by AppendJSON, or by an earlier release (the 2B document
// under "gstr2a" only, status missing_in_2a).
func (r *ThreeWayRow) UnmarshalJSON(b []byte) error {
	type plain ThreeWayRow
	var p struct {
		plain
		GSTR2B *recon.Invoice `json:"gstr2b"`
	}
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	*r = ThreeWayRow(p.plain)
	if r.GSTR2A == nil && p.GSTR2B != nil {
		r.GSTR2A = p.GSTR2B
		r.GSTR2A.Source = recon.GSTR2A
	}
	if r.Status == MissingIn2B {
		r.Status = recon.MissingIn2A
	}
	return nil
}

var jsonScratch = sync.Pool{New: func() any { b := make([]byte, 0, 1024); return &b }}

// invoiceHead and invoiceTail are what recon.AppendRowFields writes around the books invoice of
// a row with nothing else set: appendInvoiceJSON takes the invoice's JSON from between them (the
// matcher's own writer, so the invoice reads the same in every run).
var invoiceHead, invoiceTail = func() (string, string) {
	empty := string(recon.AppendRowFields(nil, &recon.Row{}))
	head := `"status":"","books":`
	return head, empty[len(head)+len("null"):]
}()

// appendInvoiceJSON appends an invoice's JSON ("null" for nil), as recon writes it.
func appendInvoiceJSON(dst []byte, scratch *[]byte, in *recon.Invoice) []byte {
	if in == nil {
		return append(dst, "null"...)
	}
	buf := recon.AppendRowFields((*scratch)[:0], &recon.Row{Books: in})
	*scratch = buf
	return append(dst, buf[len(invoiceHead):len(buf)-len(invoiceTail)]...)
}

// imsID is the identity of the row's IMS document (ims.IDOf: its section, return period,
// supplier and number); false for a row not in 2B or whose document IMS does not hold.
func (r *ThreeWayRow) imsID() (ims.ID, bool) {
	if r.GSTR2A == nil || r.IMSSection == "" {
		return ims.ID{}, false
	}
	return ims.IDOf(r.IMSSection, r.imsPeriod(), r.GSTR2A.SupplierGSTIN, r.GSTR2A.Number), true
}

// imsPeriod is the return period of the row's IMS document: IMSPeriod, else (a run saved before
// it was kept) the 2B's period.
func (r *ThreeWayRow) imsPeriod() string {
	if r.IMSPeriod != "" {
		return r.IMSPeriod
	}
	return ims.RetPeriod(r.Period2B)
}

// send is what applying a row sends: the person's choice, else the recommended action.
func (r *ThreeWayRow) send() string {
	switch r.Choice {
	case "":
		return r.Recommended.Action
	case ims.Leave:
		return ""
	}
	return r.Choice
}

// ThreeWayResult is the books against GSTR-2B against IMS for periods from-to.
type ThreeWayResult struct {
	From      string            `json:"from"`
	To        string            `json:"to"`
	Rows      []ThreeWayRow     `json:"rows"`
	Snapshots []gstr2b.Snapshot `json:"snapshots"`
	// LeftOut counts register documents booked after the periods and not in their 2B, and those
	// dated before the months looked back to (LookBack: beyond the time to claim).
	LeftOut int `json:"left_out"`
	// NoGSTR2B lists the periods with no GSTR-2B stored: every register invoice of them shows as
	// missing in 2B until it is pulled or imported.
	NoGSTR2B []string `json:"no_gstr2b,omitempty"`
	// Counts are rows by recommended action (accept, pending, reject, none). Bills of entry and
	// ISD documents are not in IMS: they count under none.
	Counts map[string]int `json:"counts"`
	// Kinds are rows by document type (recon.DocType: invoice, credit_note, debit_note,
	// bill_of_entry, isd_invoice, isd_credit_note), the return's where the row has a 2B side.
	Kinds map[string]int `json:"kinds,omitempty"`
	// Notices name what the run did not take as other documents are taken: documents rejected in
	// IMS (not in the 2B's credit), bills of entry and ISD documents (reconciled, not in IMS),
	// documents of a section gstdesk does not know.
	Notices []string `json:"notices,omitempty"`
	// RunID names the saved run (ThreeWayRun reopens it); CreatedAt is when it was run, and
	// RegisterName the register's file; Pinned keeps it beyond recon.KeepRuns newer runs.
	RunID        string `json:"run_id,omitempty"`
	CreatedAt    string `json:"created_at,omitempty"`
	RegisterName string `json:"register_name,omitempty"`
	Pinned       bool   `json:"pinned,omitempty"`
	// Choices counts the rows whose IMS action the person changed.
	Choices int `json:"choices"`
	// Calendar counts what the documents' periods did to the run: books matched with an earlier
	// month's 2B or claimed in an earlier 3B (not shown), late-reported and waiting documents.
	Calendar CalendarCounts `json:"calendar"`
	// RateFlags counts the rows flagged for their rate (ThreeWayRow.RateFlags).
	RateFlags int `json:"rate_flags"`
	// AsOf is the period the run is viewed as of (AsOf), "" for the run as it was run.
	AsOf string `json:"as_of,omitempty"`
	// Summary is the run's ₹ summary strip (SummaryOf: 2B ITC, books ITC, difference, claim now,
	// held, at risk), worked out from the rows as shown.
	Summary *ThreeWaySummary `json:"summary,omitempty"`
	// IMSClosed are the run's 2B periods whose IMS is closed today (their GSTR-3B period is
	// over): one notice for the month, not one per row.
	IMSClosed []ClosedMonth `json:"ims_closed,omitempty"`
	// ListCalls is how many paid calls a preview or an apply of the run would spend listing IMS
	// afresh (0 when no action can be sent: every one is of a month closed in IMS); the window
	// says it on the button before any is spent (PlanApplyThreeWay asks when above Settings).
	ListCalls int `json:"list_calls"`
}

// CalendarCounts are the counts of a run's documents by their periods.
type CalendarCounts struct {
	// LookedBack are the earlier months whose stored GSTR-2B were read to see which books
	// documents they had already taken.
	LookedBack []string `json:"looked_back,omitempty"`
	// SettledEarlier counts books documents matched with an earlier month's 2B, ClaimedEarlier
	// books documents not in these 2Bs whose credit was claimed in an earlier GSTR-3B: neither is
	// shown again.
	SettledEarlier int `json:"settled_earlier"`
	ClaimedEarlier int `json:"claimed_earlier"`
	// ReportedLate counts rows matched with a 2B later than the books' month; Awaiting books
	// documents not yet in any 2B (with their age); BookedLater rows booked after the 2B's month.
	ReportedLate int `json:"reported_late"`
	Awaiting     int `json:"awaiting_supplier"`
	BookedLater  int `json:"booked_later"`
	// NoEarlier2B counts books documents of earlier months whose GSTR-2B is not stored
	// (NoEarlier2BMonths) and that no 2B of the run holds: they took part (a late-reported one is
	// found), but whether they are still awaiting the supplier cannot be told, so they are not shown.
	NoEarlier2B       int      `json:"no_earlier_2b"`
	NoEarlier2BMonths []string `json:"no_earlier_2b_months,omitempty"`
}

// threeWayDetail is what a saved three-way run keeps beyond recon.Run (recon_runs.detail).
type threeWayDetail struct {
	Calendar  CalendarCounts    `json:"calendar"`
	RateFlags int               `json:"rate_flags,omitempty"`
	Snapshots []gstr2b.Snapshot `json:"snapshots"`
	LeftOut   int               `json:"left_out"`
	NoGSTR2B  []string          `json:"no_gstr2b,omitempty"`
	Counts    map[string]int    `json:"counts"`
	Kinds     map[string]int    `json:"kinds,omitempty"`
	Notices   []string          `json:"notices,omitempty"`
	// Summary is the run's summary strip as run (ThreeWayRuns lists it without reading the rows);
	// nil for a run saved before it was kept.
	Summary *ThreeWaySummary `json:"summary,omitempty"`
	Rows    int              `json:"rows,omitempty"`
}

// Against2B reconciles the register at path with the GSTR-2B of periods from-to and the IMS
// status of each document, with the matcher, tolerances and explanations of the 2A reconciliation,
// recommends an IMS action for every row (ims.Recommend) and saves the run (RunID; ThreeWayRuns
// lists it), keeping the newest recon.KeepRuns runs of the periods and the pinned ones. The IMS
// actions the person chose on the newest earlier run of the same periods are taken over for the
// rows that read the same. Invoices booked in a later month are taken too, so an invoice the
// supplier reported earlier is found (and recommended pending) rather than called missing.
func (s *Service) Against2B(ctx context.Context, path string, fromM, toM period.Month) (ThreeWayResult, error) {
	from, to := fromM.Key(), toM.Key()
	periods, err := Periods(from, to)
	if err != nil {
		return ThreeWayResult{}, err
	}
	// The GSTR-2B is read from the database while the register is read (once: kept, checked and
	// mapped as an import is); each takes about a third of a second for 100,000 documents.
	twoB := s.read2B(ctx, periods)
	im, books, err := s.booksAt(ctx, path)
	if err != nil {
		twoB.wait()
		return ThreeWayResult{Rows: []ThreeWayRow{}, Counts: map[string]int{}}, err
	}
	return s.threeWayRun(ctx, im, books, periods, twoB, RunOptions{})
}

// pending2B is the GSTR-2B side of a three-way run (MatchGSTR2B) being read on its own goroutine,
// with the documents of the earlier months' 2B (LookBack) as stored.
type pending2B struct {
	done    chan struct{}
	invs    []recon.Invoice
	docs    map[string]twoBDoc
	snaps   []gstr2b.Snapshot
	earlier []earlierMonth
	err     error
}

// earlierMonth is the GSTR-2B of a month before a run's, as stored.
type earlierMonth struct {
	snap gstr2b.Snapshot
	docs []gstr2b.MatchDoc
}

// read2B starts reading the GSTR-2B of periods of the current workspace.
func (s *Service) read2B(ctx context.Context, periods []string) *pending2B {
	p := &pending2B{done: make(chan struct{})}
	ws := s.core.Workspace().ID
	go func() {
		defer close(p.done)
		p.invs, p.docs, p.snaps, p.err = MatchGSTR2B(ctx, s.core.DB.DB, ws, periods)
		// The GSTR-2B of the months before are read too: what they took of the books is not
		// this month's business (threeWay), what they left is.
		for _, m := range LookBack(periods[0]) {
			if p.err != nil {
				return
			}
			snap, err := gstr2b.LatestSnapshot(ctx, s.core.DB.DB, ws, m)
			if apperr.KindOf(err) == apperr.NotFound {
				continue
			}
			if err != nil {
				p.err = err
				return
			}
			ds, err := gstr2b.MatchDocs(ctx, s.core.DB.DB, snap, false)
			if err != nil {
				p.err = err
				return
			}
			p.earlier = append(p.earlier, earlierMonth{snap: snap, docs: ds})
		}
	}()
	return p
}

// wait returns what read2B read, once it is read.
func (p *pending2B) wait() ([]recon.Invoice, map[string]twoBDoc, []gstr2b.Snapshot, error) {
	<-p.done
	return p.invs, p.docs, p.snaps, p.err
}

// Against2BToken is Against2B of a register already imported (the window's import
// token, as the 2A run takes it); the run is saved the same way.
func (s *Service) Against2BToken(ctx context.Context, token string, fromM, toM period.Month) (ThreeWayResult, error) {
	from, to := fromM.Key(), toM.Key()
	periods, err := Periods(from, to)
	if err != nil {
		return ThreeWayResult{}, err
	}
	name, data, err := s.register(token)
	if err != nil {
		return ThreeWayResult{}, err
	}
	return s.against2BToken(ctx, token, name, data, periods, func(int, int) {})
}

// against2BToken is the run of Against2BToken and of the window's job (StartReconAgainst2B) once
// the months and the token are checked: the register and the 2B read side by side (progress 1
// and 2 of 4), matched and saved (3 and 4).
func (s *Service) against2BToken(ctx context.Context, token, name string, data []byte, periods []string, progress core.Progress) (ThreeWayResult, error) {
	progress(0, 4)
	twoB := s.read2B(ctx, periods)
	v, books, err := s.readRegister(ctx, token, name, data, nil)
	if err == nil {
		err = registerReady(v)
	}
	if err != nil {
		twoB.wait()
		return ThreeWayResult{}, err
	}
	progress(1, 4)
	if _, _, _, err := twoB.wait(); err != nil {
		return ThreeWayResult{}, err
	}
	progress(2, 4)
	return s.threeWayRunProgress(ctx, v, books, periods, twoB, RunOptions{}, progress)
}

// threeWayRun reconciles books with the GSTR-2B of periods being read (twoB) and IMS, with the
// settings changed by ro (runOptions), and saves the run.
func (s *Service) threeWayRun(ctx context.Context, im RegisterImport, books []recon.Invoice, periods []string, twoB *pending2B, ro RunOptions) (ThreeWayResult, error) {
	return s.threeWayRunProgress(ctx, im, books, periods, twoB, ro, func(int, int) {})
}

// threeWayRunProgress is threeWayRun saying when the rows are matched (3 of 4) and saved (4); a
// run whose ctx ends before the save saves nothing.
func (s *Service) threeWayRunProgress(ctx context.Context, im RegisterImport, books []recon.Invoice, periods []string, twoB *pending2B, ro RunOptions, progress core.Progress) (ThreeWayResult, error) {
	out, res, err := s.threeWay(ctx, books, periods, twoB, ro)
	if err != nil {
		return out, err
	}
	progress(3, 4)
	if err := ctx.Err(); err != nil {
		return ThreeWayResult{}, err
	}
	ws := s.core.Workspace().ID
	carried, err := s.carryChoices(ctx, ws, out)
	if err != nil {
		return out, err
	}
	sum := SummaryOf(out.Rows)
	detail, _ := money.MarshalStored(threeWayDetail{Calendar: out.Calendar, RateFlags: out.RateFlags, Snapshots: out.Snapshots, LeftOut: out.LeftOut, NoGSTR2B: out.NoGSTR2B, Counts: out.Counts,
		Kinds: out.Kinds, Notices: out.Notices, Summary: &sum, Rows: len(out.Rows)})
	run, err := recon.SaveRunWith(ctx, s.core.DB.DB, s.core.Now(), recon.Run{WorkspaceID: ws, FromPeriod: out.From, ToPeriod: out.To, RegisterName: im.File,
		RegisterSHA256: im.Token, Against: recon.AgainstGSTR2B, Detail: string(detail)}, res, func(i int) any { return &out.Rows[i] }, carried)
	if err != nil {
		return out, err
	}
	out.RunID, out.CreatedAt, out.RegisterName = run.ID, run.CreatedAt, run.RegisterName
	byKey := make(map[string]string, len(carried))
	for _, c := range carried {
		byKey[c.RowKey] = c.Choice
	}
	for i := range out.Rows {
		r := &out.Rows[i]
		r.Choice = byKey[r.Key]
		r.Send = r.send()
	}
	out.Choices = len(carried)
	s.finishWith(&out, &sum) // the choices set since do not move a row between the strip's figures
	progress(4, 4)
	return out, nil
}

// carryChoices takes over the choices of the newest earlier three-way run of the same periods,
// for the rows of out with the same key that read the same (fingerprint) and where the choice
// still holds (CheckChoice: pending may have been blocked since).
func (s *Service) carryChoices(ctx context.Context, ws string, out ThreeWayResult) ([]recon.RowChoice, error) {
	prev, ok, err := recon.LatestRun(ctx, s.core.DB.DB, ws, out.From, out.To, recon.AgainstGSTR2B)
	if err != nil || !ok {
		return nil, err
	}
	old, err := recon.Choices(ctx, s.core.DB.DB, prev.ID)
	if err != nil || len(old) == 0 {
		return nil, err
	}
	rows := make([]ims.ChoiceRow, len(out.Rows))
	for i := range out.Rows {
		r := &out.Rows[i]
		rows[i] = ims.ChoiceRow{Key: r.Key, Fingerprint: r.Fingerprint(), In: choiceInput(r)}
	}
	return ims.CarryChoices(old, rows), nil
}

func choiceInput(r *ThreeWayRow) ims.ChoiceInput {
	return ims.ChoiceInput{Status: r.Status, In2B: r.GSTR2A != nil, PendingBlocked: r.PendingBlocked}
}

// notIMSRow says whether a row's document is in GSTR-2B but not in IMS (a bill of entry or an
// ISD document): there is no IMS action to choose or send for it.
func notIMSRow(r *ThreeWayRow) bool { return r.GSTR2A != nil && r.IMSSection == "" }

// threeWay matches books with the GSTR-2B of periods (as read2B reads it) and lays the IMS status
// and the recommendation over each row; res holds the matcher's rows of out, in the same order.
func (s *Service) threeWay(ctx context.Context, books []recon.Invoice, periods []string, read *pending2B, ro RunOptions) (ThreeWayResult, recon.Result, error) {
	out := ThreeWayResult{From: periods[0], To: periods[len(periods)-1], Rows: []ThreeWayRow{}, Counts: map[string]int{}, Kinds: map[string]int{}}
	ws := s.core.Workspace().ID
	twoB, docs, snaps, err := read.wait()
	if err != nil {
		return out, recon.Result{}, err
	}
	for _, sn := range snaps {
		if sn.Period >= out.From {
			out.Snapshots = append(out.Snapshots, sn) // the earlier months' 2B were read to see what they took
		}
	}
	if len(out.Snapshots) == 0 {
		return out, recon.Result{}, apperr.New(apperr.NotFound, "No GSTR-2B is stored for %s to %s. Pull it (gstdesk gst 2b) or import the portal file (gstdesk gst import FILE) first.", out.From, out.To)
	}
	opt, err := s.runOptions(ctx, ro)
	if err != nil {
		return out, recon.Result{}, err
	}
	// The person's links, unlinks and decisions hold here as in the 2A reconciliation: a pair they
	// took apart is never paired again and recommended Accept.
	if opt, err = recon.WithDecisions(ctx, s.core.DB.DB, ws, opt); err != nil {
		return out, recon.Result{}, err
	}
	if len(out.Snapshots) < len(periods) {
		have := map[string]bool{}
		for _, sn := range out.Snapshots {
			have[sn.Period] = true
		}
		for _, p := range periods {
			if !have[p] {
				out.NoGSTR2B = append(out.NoGSTR2B, p) // its register invoices all read "missing in 2B"
			}
		}
	}
	cal := newCalendar(out.From, out.To)
	if cal.claims, err = gstr3b.Claims(ctx, s.core.DB.DB, ws); err != nil {
		return out, recon.Result{}, err
	}
	// Every books document not yet matched or claimed takes part, earlier months included: the
	// GSTR-2B of earlier months (read with the run's) take the ones their supplier reported then,
	// so that only the ones still waiting are left for this month's 2B (a late-reported invoice).
	// The earlier months' 2B take, first, the books documents they hold with the same number and
	// amounts (settled then: that month's business); what is left of both takes part below.
	settled, more := settleEarlier(books, read.earlier, out.From, opt.AmountTolerance, docs)
	twoB = append(twoB, more...)
	out.Calendar.SettledEarlier = settled.n
	inScope := books // Match copies what it is given: no copy here unless some are left out
	for i := range books {
		if books[i].Period < cal.oldest && !settled.took[i] {
			out.LeftOut++ // beyond the time to claim (s.16(4)) and before any 2B looked at
		}
	}
	if out.LeftOut > 0 || settled.n > 0 {
		inScope = make([]recon.Invoice, 0, len(books)-out.LeftOut-settled.n)
		for i := range books {
			if b := &books[i]; b.Period >= cal.oldest && !settled.took[i] {
				inScope = append(inScope, *b)
			}
		}
	}
	res := recon.Match(inScope, twoB, opt)
	stored, err := s.Returns.IMSStored(ctx, "", "")
	if err != nil {
		return out, recon.Result{}, err
	}
	listed := ims.IndexOf(stored)
	var hold *booksIndex // built for the first 2B document the books do not pair
	storedEarlier, noEarlier := map[string]bool{}, map[string]bool{}
	for _, m := range read.earlier {
		storedEarlier[m.snap.Period] = true
	}
	// The rows kept are compacted in place: row i is read before any row at i or after is written.
	kept := recon.Result{Options: res.Options, Rows: res.Rows[:0]}
	out.Rows = make([]ThreeWayRow, 0, len(res.Rows))
	for _, row := range res.Rows {
		var d twoBDoc
		if row.GSTR2A != nil {
			d = docs[row.GSTR2A.RowRef]
		}
		if d.doc != nil && d.period < out.From && (row.Books == nil || row.Books.Period < out.From) {
			if row.Books != nil {
				out.Calendar.SettledEarlier++ // matched with an earlier month's 2B: that month's business
			}
			continue
		}
		claimedIn := ""
		if row.Books != nil {
			claimedIn = cal.claimedBefore(row.Books)
		}
		if row.GSTR2A == nil && row.Books != nil {
			if row.Books.Period > out.To {
				out.LeftOut++ // booked after the periods and not in their 2B: another month's business
				continue
			}
			if claimedIn != "" {
				out.Calendar.ClaimedEarlier++ // claimed in an earlier GSTR-3B: not offered again
				continue
			}
			if p := row.Books.Period; p < out.From && !storedEarlier[p] {
				// Its month's 2B is not stored: whether the supplier reported it then cannot be
				// told, so it is counted, not called awaiting (it still took part: a late one is found).
				out.Calendar.NoEarlier2B++
				noEarlier[p] = true
				continue
			}
		}
		tr := ThreeWayRow{Row: row}
		in := ims.RecommendInput{Status: row.Status, RuleID: row.RuleID, Differences: row.Differences, Books: row.Books, TwoB: row.GSTR2A, ClaimedIn: claimedIn, RunTo: out.To}
		if row.Books != nil {
			in.BooksPeriod = row.Books.Period
		}
		if d.doc != nil {
			tr.Period2B, tr.Section, tr.IMSSection, tr.IMSPeriod = d.period, d.doc.Section, d.imsSection, ims.RtnPrdOf2B(d.doc, d.period)
			in.SupplierPeriod, in.ITCAvailable, in.ITCReason = d.period, d.doc.ITCAvailable, d.doc.Reason
			if id, ok := tr.imsID(); ok {
				tr.InIMS, tr.IMSStatus, tr.PendingBlocked = listed.Overlay(id, d.doc.IMSStatus, false)
				in.PendingBlocked = tr.PendingBlocked
			} else {
				tr.IMSStatus = d.doc.IMSStatus
			}
		}
		if row.Status == recon.MissingInBooks && row.GSTR2A != nil {
			if hold == nil {
				hold = newBooksIndex(books)
			}
			in.BooksHold = hold.holds(row.GSTR2A)
		}
		cal.label(&tr, claimedIn)
		tr.RateFlags = rateFlags(row.Books, row.GSTR2A)
		kind := rowKind(&row)
		if kind == recon.DocBillOfEntry || kind == recon.DocISDInvoice || kind == recon.DocISDCreditNote {
			tr.Recommended = notInIMS(&row, kind)
		} else {
			tr.Recommended = ims.Recommend(in)
		}
		tr.Rule = say2B(tr.Rule)
		for i := range tr.Candidates {
			tr.Candidates[i].Reason = say2B(tr.Candidates[i].Reason)
		}
		tr.Send = tr.send()
		out.count(&tr)
		out.Rows = append(out.Rows, tr)
		kept.Rows = append(kept.Rows, row)
	}
	for _, m := range read.earlier {
		out.Calendar.LookedBack = append(out.Calendar.LookedBack, m.snap.Period)
	}
	out.Calendar.NoEarlier2BMonths = slices.Sorted(maps.Keys(noEarlier))
	out.Notices = append(threeWayNotices(out.Snapshots, docs, out.Kinds), out.calendarNotices()...)
	return out, kept, nil
}

// rowKind is the document type of a row: the return's where it has a 2B side, else the books'.
func rowKind(r *recon.Row) recon.DocType {
	in := r.GSTR2A
	if in == nil {
		in = r.Books
	}
	if in == nil || in.DocType == "" {
		return recon.DocInvoice
	}
	return in.DocType
}

// notInIMS is what a row of a bill of entry or an ISD document recommends: no IMS action (IMS
// holds neither), with what the person can do instead.
func notInIMS(r *recon.Row, kind recon.DocType) ims.Recommendation {
	var rec ims.Recommendation
	boe := kind == recon.DocBillOfEntry
	what := "An ISD document: input service distributor credit is not in IMS, there is nothing to accept or reject."
	if boe {
		what = "A bill of entry: imports are not in IMS, there is nothing to accept or reject."
	}
	switch r.Status {
	case recon.MissingIn2A, recon.DuplicateInBooks:
		rec.Reason = "Not in GSTR-2B: the ISD has not distributed it yet (its GSTR-6). Ask the ISD to file it; the credit waits until then."
		if boe {
			rec.Reason = "Not in GSTR-2B: a bill of entry reaches GSTR-2B from customs (ICEGATE). Check its port code, number and date with the bill of entry; the credit waits until it is there."
		}
		if r.Status == recon.DuplicateInBooks {
			rec.Reason = "A repeated row of the books: nothing to do in IMS."
		}
	case recon.MissingInBooks:
		rec.Reason = what + " It is in GSTR-2B but not in your books: book it to claim its credit."
	case recon.Mismatch:
		rec.Reason = what + " Correct the books, or have the document corrected at its source: " + r.Rule + "."
	default:
		rec.Reason = what + " Matched with the books: its credit is in the GSTR-2B's period."
	}
	if a := r.GSTR2A; a != nil && a.ITCEligible == "N" {
		rec.ITCNote = "The ISD marks this credit not eligible (itcelg N): shown, not counted as claimable."
	}
	return rec
}

// threeWayNotices names what the run took otherwise than the B2B documents IMS holds: rejected
// documents left out, bills of entry and ISD documents reconciled without an IMS action, documents
// of a section gstdesk does not know (matched as invoices).
func threeWayNotices(snaps []gstr2b.Snapshot, docs map[string]twoBDoc, kinds map[string]int) []string {
	var out []string
	for _, sn := range snaps {
		if sn.Rejected > 0 {
			out = append(out, fmt.Sprintf("GSTR-2B %s: %d document(s) rejected in IMS are not in its credit and are left out of this reconciliation (see them in the GSTR-2B review, rejected).", sn.Period, sn.Rejected))
		}
	}
	if n := kinds[string(recon.DocBillOfEntry)]; n > 0 {
		out = append(out, fmt.Sprintf("%d row(s) of bills of entry (imports, matched by port code, bill of entry number and date): imports are not in IMS, so no IMS action is recommended or sent for them.", n))
	}
	if n := kinds[string(recon.DocISDInvoice)] + kinds[string(recon.DocISDCreditNote)]; n > 0 {
		out = append(out, fmt.Sprintf("%d row(s) of ISD invoices and credit notes (matched by ISD GSTIN, document number and type): ISD credit is not in IMS, so no IMS action is recommended or sent for them; credit the ISD marks not eligible is shown, not counted as claimable.", n))
	}
	unknown := map[string]int{}
	for _, d := range docs {
		if !slices.Contains(gstr2b.Sections, d.doc.Section) || d.doc.Kind == "" {
			unknown[d.doc.Section]++
		}
	}
	for _, sec := range slices.Sorted(maps.Keys(unknown)) {
		out = append(out, fmt.Sprintf("%d document(s) of GSTR-2B section %q, which gstdesk does not know, are matched as invoices and have no IMS action.", unknown[sec], sec))
	}
	return out
}

// ThreeWayRuns lists the workspace's saved runs against GSTR-2B, newest first.
func (s *Service) ThreeWayRuns(ctx context.Context) ([]ThreeWayRunInfo, error) {
	runs, err := recon.RunsOf(ctx, s.core.DB.DB, s.core.Workspace().ID, recon.AgainstGSTR2B)
	if err != nil {
		return nil, err
	}
	out := make([]ThreeWayRunInfo, 0, len(runs))
	for _, r := range runs {
		var d threeWayDetail
		if err := money.UnmarshalStored([]byte(r.Detail), &d); err != nil {
			// As ThreeWayRun says of the same run: no list of made-up zeros.
			return nil, fmt.Errorf("reconcile: the saved run %s cannot be read: %w", r.ID, err)
		}
		if d.Counts == nil {
			d.Counts = map[string]int{}
		}
		out = append(out, ThreeWayRunInfo{Run: r, Recommended: d.Counts, LeftOut: d.LeftOut, NoGSTR2B: d.NoGSTR2B, Calendar: d.Calendar, Summary: d.Summary, Rows: d.Rows})
	}
	return out, nil
}

// ThreeWayRunInfo is a saved run against GSTR-2B as listed: the run (periods, register, rows by
// status, pinned) with its rows by recommended action.
type ThreeWayRunInfo struct {
	recon.Run
	// Recommended counts the rows by recommended action (accept, pending, reject, none).
	Recommended map[string]int `json:"recommended"`
	LeftOut     int            `json:"left_out"`
	NoGSTR2B    []string       `json:"no_gstr2b,omitempty"`
	// Calendar counts the run's documents by their periods (late, awaiting, settled earlier).
	Calendar CalendarCounts `json:"calendar"`
	// Summary is the run's ₹ summary strip as run, and Rows its rows; nil and 0 for a run saved
	// before they were kept (reopening it works them out).
	Summary *ThreeWaySummary `json:"summary,omitempty"`
	Rows    int              `json:"rows"`
}

// threeWayRunOf returns a run of the current workspace that is against GSTR-2B.
func (s *Service) threeWayRunOf(ctx context.Context, runID string) (recon.Run, error) {
	run, err := s.reconRun(ctx, runID)
	if err != nil {
		return run, err
	}
	if run.Against != recon.AgainstGSTR2B {
		return recon.Run{}, apperr.New(apperr.Invalid, "The run %s is against GSTR-2A, not GSTR-2B: open it in the reconciliation with GSTR-2A.", runID)
	}
	return run, nil
}

// ThreeWayRun reopens a saved run against GSTR-2B: every row as it was run (IMS status and
// recommendation then), with the IMS actions the person chose since laid over (Choice, Send).
func (s *Service) ThreeWayRun(ctx context.Context, runID string) (ThreeWayResult, error) {
	out, err := s.threeWayRunRows(ctx, runID)
	if err == nil {
		s.finish(&out)
	}
	return out, err
}

// threeWayRunRows is a saved run and its rows as saved, with nothing worked out from them yet.
func (s *Service) threeWayRunRows(ctx context.Context, runID string) (ThreeWayResult, error) {
	run, err := s.threeWayRunOf(ctx, runID)
	if err != nil {
		return ThreeWayResult{}, err
	}
	var d threeWayDetail
	if err := money.UnmarshalStored([]byte(run.Detail), &d); err != nil {
		return ThreeWayResult{}, fmt.Errorf("reconcile: run %s: %w", runID, err)
	}
	out := ThreeWayResult{From: run.FromPeriod, To: run.ToPeriod, Rows: []ThreeWayRow{}, Snapshots: d.Snapshots, LeftOut: d.LeftOut,
		NoGSTR2B: d.NoGSTR2B, Counts: d.Counts, Kinds: d.Kinds, Notices: d.Notices, Calendar: d.Calendar, RateFlags: d.RateFlags, RunID: run.ID, CreatedAt: run.CreatedAt, RegisterName: run.RegisterName, Pinned: run.Pinned}
	if out.Counts == nil {
		out.Counts = map[string]int{}
	}
	choices, err := recon.Choices(ctx, s.core.DB.DB, runID)
	if err != nil {
		return out, err
	}
	err = recon.EachRunRow(ctx, s.core.DB.DB, runID, func(data []byte) error {
		var r ThreeWayRow
		if err := json.Unmarshal(data, &r); err != nil {
			return fmt.Errorf("reconcile: run %s row: %w", runID, err)
		}
		r.Choice = choices[r.Key].Choice
		r.Send = r.send()
		out.Rows = append(out.Rows, r)
		return nil
	})
	out.Choices = len(choices)
	return out, err
}

// SetThreeWayAction records the IMS action the person chose for one row of a saved run against
// GSTR-2B (accept, reject, pending, reset, leave; "" or clear for the recommendation again). It
// is kept with the run and is what applying the run sends. Accept of a document not in the books,
// pending where the portal blocks it, and any action on a row not in GSTR-2B are refused.
func (s *Service) SetThreeWayAction(ctx context.Context, runID, rowKey, action string) error {
	return s.SetThreeWayActions(ctx, runID, []string{rowKey}, action)
}

// SetThreeWayActions records one chosen IMS action on many rows of a run at once, all or none.
func (s *Service) SetThreeWayActions(ctx context.Context, runID string, rowKeys []string, action string) error {
	if _, err := s.threeWayRunOf(ctx, runID); err != nil {
		return err
	}
	choice, err := ims.ParseChoice(action)
	if err != nil {
		return err
	}
	if len(rowKeys) == 0 {
		return apperr.New(apperr.Invalid, "Choose at least one row.")
	}
	// Each row is read once: checked here, and its fingerprint kept with the choice.
	fps := make([]string, len(rowKeys))
	for i, k := range rowKeys {
		data, err := recon.RunRow(ctx, s.core.DB.DB, runID, k)
		if err != nil {
			return err
		}
		var r ThreeWayRow
		if err := json.Unmarshal(data, &r); err != nil {
			return fmt.Errorf("reconcile: run %s row: %w", runID, err)
		}
		err = ims.CheckChoice(choice, choiceInput(&r))
		if err == nil && notIMSRow(&r) && choice != "" {
			err = apperr.New(apperr.Invalid, "A %s is not in IMS: there is no IMS action to choose for it.", rowKind(&r.Row).Label())
		}
		if err != nil {
			what := k
			if d := r.GSTR2A; d != nil {
				what = d.Number + " of " + d.SupplierGSTIN
			} else if b := r.Books; b != nil {
				what = b.Number + " of " + b.SupplierGSTIN
			}
			return apperr.New(apperr.Invalid, "%s: %s", what, apperr.Command.Public(err).Message)
		}
		fps[i] = r.Fingerprint()
	}
	return recon.SetChoicesRead(ctx, s.core.DB.DB, s.core.Now(), runID, rowKeys, fps, choice)
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
	// Period is the document's return period in IMS (rtnprd, MMYYYY).
	Period  string `json:"rtnprd,omitempty"`
	From    string `json:"from,omitempty"`
	Action  string `json:"action"`
	Reason  string `json:"reason"`
	Result  string `json:"result"`
	Message string `json:"message,omitempty"`
	// Chosen says the action is the person's choice, not the recommendation.
	Chosen bool `json:"chosen,omitempty"`
}

// ThreeWayApply is what applying a three-way run did: the run applied and a line per document.
type ThreeWayApply struct {
	RunID string      `json:"run_id"`
	Lines []ApplyLine `json:"lines"`
	// Calls counts the paid calls made to list IMS afresh (0 when nothing could be sent, so IMS
	// was not listed). Closed are the run's months closed in IMS: their documents that IMS no
	// longer lists have no line (nothing can be sent for them), said once in Notice.
	Calls  int           `json:"calls"`
	Closed []ClosedMonth `json:"closed,omitempty"`
	Notice string        `json:"notice,omitempty"`
}

// ApplyRecommendations reconciles the register with GSTR-2B (Against2B, saving the run) and
// sends each row's IMS action (the person's choice taken over from the last run, else the
// recommendation) where it differs from the document's status now; dryRun only says what would
// be sent. Documents IMS does not list (another period, or not listed yet) are reported.
func (s *Service) ApplyRecommendations(ctx context.Context, path string, fromM, toM period.Month, dryRun bool) ([]ApplyLine, error) {
	out, err := s.ApplyThreeWay(ctx, path, fromM, toM, "", dryRun)
	return out.Lines, err
}

// ApplyThreeWay sends the IMS actions of a three-way reconciliation: of the saved run runID as
// the person left it (their choices, else the recommendations), or, when runID is "", of a new
// run of the register at path for periods from-to (ApplyRecommendations). IMS is listed afresh
// first, so what is compared and sent is the portal's status now; a dry run without a session
// answers from the lists as last read and sends nothing.
func (s *Service) ApplyThreeWay(ctx context.Context, path string, fromM, toM period.Month, runID string, dryRun bool) (ThreeWayApply, error) {
	return s.applyThreeWay(ctx, path, fromM, toM, runID, dryRun, func(int, int) {})
}

// applyThreeWay is ApplyThreeWay saying its progress: IMS listed (1 of 2), the actions sent (2).
// IMS is listed afresh only when some action can be sent: a run whose every action is of a month
// closed in IMS (and not listed there as pending) makes no paid call, preview or not.
func (s *Service) applyThreeWay(ctx context.Context, path string, fromM, toM period.Month, runID string, dryRun bool, progress core.Progress) (ThreeWayApply, error) {
	progress(0, 2)
	var tw ThreeWayResult
	var listed map[string][]ims.Record
	calls := 0
	if runID == "" {
		// A new run: IMS is listed first, so the run's rows are made with the portal's status now.
		var err error
		listed, err = s.Returns.IMSListAll(ctx)
		if err != nil && !dryRun {
			return ThreeWayApply{}, err
		}
		if err == nil {
			calls = len(gstapi.IMSSections)
		}
		progress(1, 2)
		if tw, err = s.Against2B(ctx, path, fromM, toM); err != nil {
			return ThreeWayApply{RunID: tw.RunID, Calls: calls}, err
		}
	} else {
		var err error
		if tw, err = s.ThreeWayRunNow(ctx, runID); err != nil {
			return ThreeWayApply{}, err
		}
		if plan := applyCalls(tw.Rows, s.openIMSPeriod()); plan > 0 {
			listed, err = s.Returns.IMSListAll(ctx)
			if err != nil && !dryRun {
				return ThreeWayApply{RunID: runID}, err
			}
			if err == nil {
				// The lists just read (and kept) are laid over the rows as they were read.
				calls = plan
				overlayIMS(&tw, indexListed(listed))
			}
		}
		progress(1, 2)
	}
	out := ThreeWayApply{RunID: tw.RunID, Calls: calls, Closed: closedMonths(tw.Rows, s.nowMonth())}
	out.Notice = ClosedWords(out.Closed)
	lines, err := s.applyRows(ctx, tw, listed, dryRun)
	progress(2, 2)
	out.Lines = lines
	return out, err
}

// nowMonth is today's month; openIMSPeriod the ITC period IMS is open for today (imsOpenPeriod).
func (s *Service) nowMonth() period.Month {
	now := s.core.Now()
	return period.MonthOf(now.Year(), now.Month())
}

func (s *Service) openIMSPeriod() string { return imsOpenPeriod(s.nowMonth()) }

// closedIn says a row's document is of a 2B period closed in IMS (before open) and IMS no longer
// lists it: no action can be sent for it.
func closedIn(r *ThreeWayRow, open string) bool {
	return r.GSTR2A != nil && r.IMSSection != "" && r.Period2B != "" && r.Period2B < open && !r.InIMS
}

// applyCalls is how many paid calls applying (or previewing) the rows would spend listing IMS
// afresh: one per IMS section when at least one row has an action that can be sent, else none.
func applyCalls(rows []ThreeWayRow, open string) int {
	for i := range rows {
		r := &rows[i]
		if r.GSTR2A == nil || r.send() == "" || notIMSRow(r) || closedIn(r, open) {
			continue
		}
		return len(gstapi.IMSSections)
	}
	return 0
}

// ApplyPlan is what applying (or previewing) a saved run would spend before it starts: the paid
// calls listing IMS afresh (core.CallPlan), the actions that may be sent, and the months closed
// in IMS (their actions cannot be sent; said once).
type ApplyPlan struct {
	core.CallPlan
	Actions int           `json:"actions"`
	Closed  []ClosedMonth `json:"closed,omitempty"`
	Notice  string        `json:"notice,omitempty"`
}

// PlanApplyThreeWay says, before a preview or an apply of the saved run runID, how many paid
// calls it will make (none when every action is of a month closed in IMS) and what is closed.
func (s *Service) PlanApplyThreeWay(ctx context.Context, runID string) (ApplyPlan, error) {
	tw, err := s.ThreeWayRunNow(ctx, runID)
	if err != nil {
		return ApplyPlan{}, err
	}
	open := s.openIMSPeriod()
	out := ApplyPlan{Closed: tw.IMSClosed, Notice: ClosedWords(tw.IMSClosed)}
	for i := range tw.Rows {
		r := &tw.Rows[i]
		if r.GSTR2A != nil && r.send() != "" && !notIMSRow(r) && !closedIn(r, open) {
			out.Actions++
		}
	}
	calls := applyCalls(tw.Rows, open)
	what := "the IMS lists, read afresh (one call per IMS section) to compare " + money.Count(out.Actions) + " action(s) with the portal now"
	if calls == 0 {
		what = "nothing: no action of this run can be sent, so IMS is not listed"
	}
	out.CallPlan, err = s.core.PlanCalls(ctx, what, calls, 0)
	return out, err
}

// ThreeWayRunNow is ThreeWayRun with the IMS lists as last read laid over its rows: whether IMS
// lists each document and its status now (the window shows a run after applying it this way).
func (s *Service) ThreeWayRunNow(ctx context.Context, runID string) (ThreeWayResult, error) {
	tw, err := s.threeWayRunRows(ctx, runID)
	if err == nil {
		err = s.refreshIMS(ctx, &tw)
		s.finish(&tw) // once, over the rows as IMS reads them now
	}
	return tw, err
}

// refreshIMS lays the IMS lists as last read over a saved run's rows: whether IMS lists each
// document, its status and whether pending is blocked, as the portal says now.
func (s *Service) refreshIMS(ctx context.Context, tw *ThreeWayResult) error {
	stored, err := s.Returns.IMSStored(ctx, "", "")
	if err != nil {
		return err
	}
	overlayIMS(tw, ims.IndexOf(stored))
	return nil
}

// overlayIMS lays IMS's word (listed) over a run's rows (ims.Index.Overlay).
func overlayIMS(tw *ThreeWayResult, listed ims.Index) {
	for i := range tw.Rows {
		r := &tw.Rows[i]
		if id, ok := r.imsID(); ok {
			r.InIMS, r.IMSStatus, r.PendingBlocked = listed.Overlay(id, r.IMSStatus, r.PendingBlocked)
		}
	}
}

// indexListed indexes the lists of every section just read (ims.IndexOf).
func indexListed(listed map[string][]ims.Record) ims.Index {
	var all []ims.Record
	for _, recs := range listed {
		all = append(all, recs...)
	}
	return ims.IndexOf(all)
}

// applyRows sends each row's action (Send) where it differs from the IMS status.
func (s *Service) applyRows(ctx context.Context, tw ThreeWayResult, listed map[string][]ims.Record, dryRun bool) ([]ApplyLine, error) {
	lines := []ApplyLine{}
	var reqs []returns.IMSChangeRequest
	idx := map[string]int{}
	now := indexListed(listed) // the IMS lists as just read, by document
	open := s.openIMSPeriod()
	for _, r := range tw.Rows {
		send := r.send()
		if r.GSTR2A == nil || send == "" || notIMSRow(&r) || closedIn(&r, open) {
			continue // a month closed in IMS is said once (ThreeWayApply.Closed), not per row
		}
		d := r.GSTR2A
		id, _ := r.imsID()
		l := ApplyLine{Supplier: d.SupplierGSTIN, Document: d.Number, Section: r.IMSSection, Period: r.imsPeriod(), From: r.IMSStatus, Action: actionKey(send),
			Reason: r.Recommended.Reason, Chosen: r.Choice != ""}
		if l.Chosen {
			l.Reason = "Your choice (gstdesk recommended " + recommendedWord(r.Recommended.Action) + ": " + r.Recommended.Reason + ")"
			if send == ims.NoAction {
				l.Action = "reset"
			}
		}
		l.Result, l.Message = ims.Hold(send, r.InIMS, r.IMSStatus, r.PendingBlocked, d, now.Get(id))
		switch {
		case l.Result != "":
		case dryRun:
			l.Result = "dry_run"
		default:
			k := id.Key()
			reqs = append(reqs, returns.IMSChangeRequest{Section: r.IMSSection, STIN: d.SupplierGSTIN, Number: d.Number,
				Period: r.imsPeriod(), Action: l.Action, Reason: l.Reason})
			idx[k] = len(lines)
			l.Result = "sent"
		}
		lines = append(lines, l)
	}
	if len(reqs) > 0 {
		res, err := s.Returns.IMSApplyListed(ctx, reqs, listed)
		if err != nil {
			return lines, err
		}
		for _, r := range res.Results {
			if i, ok := idx[ims.IDOf(r.Section, r.Period, r.STIN, r.Number).Key()]; ok {
				lines[i].Result, lines[i].Message = r.Result, r.Message
			}
		}
	}
	return lines, nil
}

// ResultChanged is an apply line not sent because the document in IMS now is not the one the run
// reconciled: the supplier changed it, or a newer GSTR-2B has it otherwise.
const ResultChanged = ims.ResultChanged

// recommendedWord says a recommended action in words ("no action" for none).
func recommendedWord(a string) string {
	if a == "" {
		return "no action"
	}
	return ims.ActionWord(a)
}

// StartApplyThreeWay runs ApplyThreeWay of the saved run runID (not a dry run) as a job: the
// window's apply, of the run on screen with the choices made on it. Its progress is IMS listed,
// then the actions sent; cancelling stops the listing, or the wait for the service's answer
// (nothing is then recorded as applied that the service did not confirm). Its result is a
// ThreeWayApply (ApplyThreeWayResult).
func (s *Service) StartApplyThreeWay(ctx context.Context, runID string) (string, error) {
	if _, err := s.threeWayRunOf(ctx, runID); err != nil {
		return "", err
	}
	return core.StartJob(s.core, "recon:ims", func(ctx context.Context, progress core.Progress) (ThreeWayApply, error) {
		return s.applyThreeWay(ctx, "", period.Month{}, period.Month{}, runID, false, progress)
	}), nil
}

// ApplyThreeWayResult returns a finished StartApplyThreeWay job's result.
func (s *Service) ApplyThreeWayResult(id string) (ThreeWayApply, error) {
	return core.JobResult[ThreeWayApply](s.core, id)
}

// lookBackMonths is how many months before a run's first the GSTR-2B are read to see which books
// documents they took: a year's credit may be claimed until 30 November after it (s.16(4)), so
// twenty months reach the April of the year before.
const lookBackMonths = 20

// LookBack lists the lookBackMonths months before from (YYYY-MM), oldest first.
func LookBack(from string) []string {
	m, err := period.ParseMonth(from)
	if err != nil {
		return nil
	}
	out := make([]string, lookBackMonths)
	for i := lookBackMonths - 1; i >= 0; i-- {
		m = prevMonth(m)
		out[i] = m.String()
	}
	return out
}

func prevMonth(m period.Month) period.Month {
	if m.Month == time.January {
		return period.MonthOf(m.Year-1, time.December)
	}
	return period.MonthOf(m.Year, m.Month-1)
}

// calendar is what a run knows of its documents' periods: the run's months, the oldest month
// looked back to and the claims stored (gstr3b).
type calendar struct {
	from, to, oldest string
	end              time.Time // the last day of the run's last month
	claims           map[string]gstr3b.StoredClaim
}

func newCalendar(from, to string) *calendar {
	c := &calendar{from: from, to: to, oldest: from}
	if lb := LookBack(from); len(lb) > 0 {
		c.oldest = lb[0]
	}
	if m, err := period.ParseMonth(to); err == nil {
		c.end = time.Date(m.Year, m.Month+1, 0, 0, 0, 0, 0, time.UTC)
	}
	return c
}

// claimedBefore is the GSTR-3B period a books document's credit was claimed in, when it is
// before the run's first month ("" otherwise).
func (c *calendar) claimedBefore(b *recon.Invoice) string {
	if len(c.claims) == 0 {
		return ""
	}
	cl, ok := c.claims[gstr3b.IdentityOf(gstr3b.FaceBooks, b.SupplierGSTIN, string(b.DocType), b.Number, "", "").Key()]
	if !ok || cl.State != gstr3b.StateClaim || cl.Period == "" || cl.Period >= c.from {
		return ""
	}
	return cl.Period
}

// label sets a row's Timing, TimingNote, AgeDays and ClaimPeriod.
func (c *calendar) label(tr *ThreeWayRow, claimedIn string) {
	b, a := tr.Books, tr.GSTR2A
	tr.ClaimPeriod = claimedIn
	switch {
	case b == nil:
	case tr.Status == recon.DuplicateInBooks:
		// A register row repeating another is not a document of its own: the row it repeats
		// carries the timing, and this one is neither awaited from the supplier nor late.
	case a == nil:
		tr.Timing = TimingAwaiting
		if d, err := time.Parse(time.DateOnly, b.Date); err == nil && !c.end.IsZero() && !d.After(c.end) {
			tr.AgeDays = int(c.end.Sub(d).Hours() / 24)
		}
		tr.TimingNote = fmt.Sprintf("awaiting the supplier: booked in %s, in no GSTR-2B up to %s (%d days old)", ims.MonthLabel(b.Period), ims.MonthLabel(c.to), tr.AgeDays)
	case tr.Period2B != "" && b.Period < tr.Period2B:
		tr.Timing, tr.TimingNote = TimingReportedLate, ims.LateNote(b, tr.Period2B)
	case tr.Period2B != "" && b.Period > tr.Period2B:
		tr.Timing = TimingBookedLater
		tr.TimingNote = fmt.Sprintf("booked later: in the 2B of %s, booked in %s", ims.MonthLabel(tr.Period2B), ims.MonthLabel(b.Period))
	}
	if claimedIn != "" {
		if tr.Timing == "" {
			tr.Timing = TimingClaimedEarlier
		}
		tr.TimingNote = strings.TrimPrefix(tr.TimingNote+"; ", "; ") + "credit already claimed in the GSTR-3B of " + ims.MonthLabel(claimedIn)
	}
}

// settledBooks are the books documents an earlier month's 2B took (by index), n of them.
type settledBooks struct {
	took map[int]bool
	n    int
}

// settleEarlier pairs the documents of the earlier months' 2B (oldest first) with the books
// documents of months before from that carry the same supplier, type and number (the one
// invoice-number rule) and amounts within tol each: those pairs were that month's business and
// are set aside. The rest of the earlier documents are returned as the matcher's invoices (and
// added to docs) to take part in the run with everything else; so a document that differs, or
// that the books hold only from this run's months, is still matched (and found reported early,
// or amended) rather than lost. Only what is cheap to tell is settled here: the matcher then
// works on this month's documents and what the earlier months left, not on a year.
func settleEarlier(books []recon.Invoice, earlier []earlierMonth, from string, tol recon.Paise, docs map[string]twoBDoc) (settledBooks, []recon.Invoice) {
	out := settledBooks{took: map[int]bool{}}
	if len(earlier) == 0 {
		return out, nil
	}
	byKey := map[string][]int{}
	for i := range books {
		b := &books[i]
		if b.Period < from && b.DuplicateOf == "" {
			k := settleKey(b.SupplierGSTIN, string(b.DocType), b.Number)
			byKey[k] = append(byKey[k], i)
		}
	}
	var more []recon.Invoice
	for _, m := range earlier {
		p := m.snap.Period
		for j := range m.docs {
			d := &m.docs[j]
			if idx := byKey[settleKey(d.Supplier, d.Kind, d.Number)]; len(idx) > 0 {
				found := -1
				for _, i := range idx {
					if !out.took[i] && sameAmounts(&books[i], d, tol) {
						found = i
						break
					}
				}
				if found >= 0 {
					out.took[found] = true
					out.n++
					continue
				}
			}
			in := twoBInvoice(d, p)
			more = append(more, in)
			docs[in.RowRef] = twoBDoc{doc: d, period: p, imsSection: ims.SectionOf2B(d.Section, d.Kind)}
		}
	}
	return out, more
}

// settleKey is a document's supplier, type and number under the one invoice-number rule.
func settleKey(supplier, kind, number string) string {
	return strings.ToUpper(strings.TrimSpace(supplier)) + "|" + gstr3b.DocType(kind) + "|" + recon.NormaliseInvoiceNumber(number)
}

// sameAmounts says a books document and a 2B document agree on every amount within tol (by size:
// the books carry a credit note negative, the 2B by its size).
func sameAmounts(b *recon.Invoice, d *gstr2b.MatchDoc, tol recon.Paise) bool {
	pairs := [][2]int64{{int64(b.Taxable), int64(d.Taxable)}, {int64(b.IGST), int64(d.IGST)}, {int64(b.CGST), int64(d.CGST)},
		{int64(b.SGST), int64(d.SGST)}, {int64(b.Cess), int64(d.Cess)}}
	for _, p := range pairs {
		if abs(abs(p[0])-abs(p[1])) > int64(tol) {
			return false
		}
	}
	return true
}

// count adds a row to the result's counts.
func (out *ThreeWayResult) count(tr *ThreeWayRow) {
	out.Counts[actionKey(tr.Recommended.Action)]++
	out.Kinds[string(rowKind(&tr.Row))]++
	switch tr.Timing {
	case TimingReportedLate:
		out.Calendar.ReportedLate++
	case TimingAwaiting:
		out.Calendar.Awaiting++
	case TimingBookedLater:
		out.Calendar.BookedLater++
	}
	if len(tr.RateFlags) > 0 {
		out.RateFlags++
	}
}

// calendarNotices say in words what the documents' periods did to the run (what the command
// line once said on its standard error only).
func (out *ThreeWayResult) calendarNotices() []string {
	var n []string
	c := out.Calendar
	if len(c.LookedBack) > 0 {
		n = append(n, fmt.Sprintf("Books of earlier months were matched with the GSTR-2B of %s to %s first: %d document(s) matched there are that month's business and not shown; the ones still waiting are matched with this run's 2B.",
			c.LookedBack[0], c.LookedBack[len(c.LookedBack)-1], c.SettledEarlier))
	}
	if c.NoEarlier2B > 0 {
		n = append(n, fmt.Sprintf("%d books document(s) of %s, months whose GSTR-2B is not stored, are in no 2B of this run: not shown, as whether the supplier reported them then cannot be told. Pull or import those months' 2B to see which are still awaiting the supplier.",
			c.NoEarlier2B, strings.Join(c.NoEarlier2BMonths, ", ")))
	}
	if c.ClaimedEarlier > 0 {
		n = append(n, fmt.Sprintf("%d books document(s) not in these 2Bs were claimed in an earlier GSTR-3B: not offered again.", c.ClaimedEarlier))
	}
	if c.ReportedLate > 0 {
		n = append(n, fmt.Sprintf("%d document(s) reported late by the supplier: booked in an earlier month, in the 2B of %s to %s; matched, recommended accept (their credit is claimed in the 2B's month).", c.ReportedLate, out.From, out.To))
	}
	if c.Awaiting > 0 {
		n = append(n, fmt.Sprintf("%d books document(s) awaiting the supplier: in no GSTR-2B up to %s (each row gives its age).", c.Awaiting, out.To))
	}
	if out.LeftOut > 0 {
		n = append(n, fmt.Sprintf("%d register document(s) left out: booked after %s and not in its 2B, or dated before %s (beyond the time to claim).", out.LeftOut, out.To, newCalendar(out.From, out.To).oldest))
	}
	if out.RateFlags > 0 {
		n = append(n, fmt.Sprintf("%d row(s) flagged for their rate (12%% or 28%% on or after 22/09/2025, or books and 2B at different rates): see each row; nothing is blocked.", out.RateFlags))
	}
	return n
}

// booksIndex finds a books document like a 2B document: same supplier, and the same number once
// every separator, case and leading zero is set aside (any type, any month).
type booksIndex map[string]*recon.Invoice

func newBooksIndex(books []recon.Invoice) *booksIndex {
	ix := make(booksIndex, len(books))
	for i := range books {
		b := &books[i]
		k := looseKey(b.SupplierGSTIN, b.Number)
		if _, ok := ix[k]; !ok {
			ix[k] = b
		}
	}
	return &ix
}

// holds names the books document like d ("" when the books hold none).
func (ix *booksIndex) holds(d *recon.Invoice) string {
	b, ok := (*ix)[looseKey(d.SupplierGSTIN, d.Number)]
	if !ok {
		return ""
	}
	what := "invoice"
	if b.DocType != "" {
		what = b.DocType.Label()
	}
	return fmt.Sprintf("%s %q of %s (%s)", what, b.Number, ims.DayMonthYear(b.Date), ims.MonthLabel(b.Period))
}

// looseKey is a supplier and a number with only its letters and digits, upper case, leading
// zeros dropped: wider than the matcher's rule on purpose (it only keeps advice from costing
// credit, it never pairs).
func looseKey(supplier, number string) string {
	buf := make([]byte, 0, len(supplier)+1+len(number))
	buf = append(buf, strings.ToUpper(strings.TrimSpace(supplier))...)
	buf = append(buf, '|')
	lead := true
	for i := 0; i < len(number); i++ {
		c := number[i]
		switch {
		case c >= 'a' && c <= 'z':
			c -= 'a' - 'A'
		case c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		default:
			continue
		}
		if lead && c == '0' {
			continue
		}
		lead = false
		buf = append(buf, c)
	}
	return string(buf)
}

// gst2Date is the day the 12% and 28% slabs were removed for most goods (rate notifications
// 9-17/2025-CTR of 17/09/2025); tobaccoDate the day tobacco and pan masala left 28% plus cess.
const (
	gst2Date    = "2025-09-22"
	tobaccoDate = "2026-02-01"
)

// rateFlags says why a row's rates want a look: a document dated on or after 22/09/2025 whose
// effective rate (tax ÷ taxable, cess aside) is 12% or 28%, and books and 2B at different rates.
func rateFlags(books, twoB *recon.Invoice) []string {
	var out []string
	for _, side := range []struct {
		name string
		in   *recon.Invoice
	}{{"books", books}, {"GSTR-2B", twoB}} {
		in := side.in
		if in == nil || in.Date < gst2Date {
			continue
		}
		r, ok := effectiveRate(in)
		if !ok || !(near(r, 12) || near(r, 28)) {
			continue
		}
		f := fmt.Sprintf("Rate: the %s have %s %q of %s at an effective rate of %.1f%%; from 22/09/2025 the 12%% and 28%% slabs were removed for most goods (rate notifications 9-17/2025-CTR).",
			side.name, docWord(in), in.Number, ims.DayMonthYear(in.Date), r)
		if near(r, 28) && in.Date < tobaccoDate {
			f += " Tobacco and pan masala kept 28% plus cess until 01/02/2026; the 2B does not say what the goods are, so check the invoice."
		}
		if in.DocType == recon.DocCreditNote || in.DocType == recon.DocDebitNote {
			f += " A note carries the rate of its original invoice: right if that invoice was dated before 22/09/2025."
		}
		out = append(out, f+" Check it with the supplier; nothing is blocked.")
	}
	if books != nil && twoB != nil {
		rb, okb := effectiveRate(books)
		ra, oka := effectiveRate(twoB)
		if okb && oka && math.Abs(rb-ra) >= 0.5 {
			out = append(out, fmt.Sprintf("Rate: the books have %.1f%% and GSTR-2B %.1f%% on %q of %s; a rate is fixed by the time of supply (a note keeps its invoice's). Check which is right; nothing is blocked.",
				rb, ra, twoB.Number, ims.DayMonthYear(twoB.Date)))
		}
	}
	return out
}

// effectiveRate is (IGST + CGST + SGST) ÷ taxable in per cent, false when the taxable value is nil.
func effectiveRate(in *recon.Invoice) (float64, bool) {
	tx, tax := abs(int64(in.Taxable)), abs(int64(in.IGST))+abs(int64(in.CGST))+abs(int64(in.SGST))
	if tx == 0 || tax == 0 {
		return 0, false
	}
	return float64(tax) * 100 / float64(tx), true
}

func abs(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// near says a rate is within a quarter of a point of a slab (rounding of the tax on each line).
func near(r, slab float64) bool { return math.Abs(r-slab) < 0.25 }

func docWord(in *recon.Invoice) string {
	if in.DocType == "" {
		return "invoice"
	}
	return in.DocType.Label()
}

// twoBWords are the words of the matcher (which speaks of GSTR-2A, the return it first compared)
// as a run against GSTR-2B says them.
var twoBWords = strings.NewReplacer("GSTR-2A", "GSTR-2B", "in 2A", "in 2B", "2A's", "2B's")

// say2B is a text of the matcher as a run against GSTR-2B says it.
func say2B(s string) string {
	if !strings.Contains(s, "2A") {
		return s
	}
	return twoBWords.Replace(s)
}

// AsOf is the run as it stood at the end of period p (YYYY-MM, before the run's last month): a
// document of a later 2B is not there yet, so a books document it matched is missing in 2B
// (awaiting the supplier) as it was then, and the books and 2B documents of later months are
// left out. Counts, kinds and notices are those of the view; choices stay with the run (a row
// that loses its 2B document has none). p at or after the run's last month gives the run as is.
func AsOf(tw ThreeWayResult, p string) (ThreeWayResult, error) {
	if _, err := period.ParseMonth(p); err != nil || len(p) != 7 {
		return tw, apperr.New(apperr.Invalid, "The period to view the run as of, %q, is not a month: write it as YYYY-MM (2025-01).", p)
	}
	if p >= tw.To {
		return tw, nil
	}
	out := tw
	out.AsOf = p
	out.Rows = make([]ThreeWayRow, 0, len(tw.Rows))
	out.Counts, out.Kinds = map[string]int{}, map[string]int{}
	out.Calendar = CalendarCounts{LookedBack: tw.Calendar.LookedBack, SettledEarlier: tw.Calendar.SettledEarlier, ClaimedEarlier: tw.Calendar.ClaimedEarlier,
		NoEarlier2B: tw.Calendar.NoEarlier2B, NoEarlier2BMonths: tw.Calendar.NoEarlier2BMonths}
	out.RateFlags, out.Choices = 0, 0
	cal := newCalendar(tw.From, p)
	for _, r := range tw.Rows {
		later2B := r.GSTR2A != nil && r.Period2B > p
		laterBooks := r.Books == nil || r.Books.Period > p
		switch {
		case later2B && laterBooks, r.GSTR2A == nil && laterBooks:
			continue
		case later2B:
			was := r.Period2B
			r = ThreeWayRow{Row: recon.Row{Status: recon.MissingIn2A, Books: r.Books, RuleID: recon.RuleNotIn2A, NormBooks: r.NormBooks, Period: r.Books.Period,
				Key: r.Key, Rule: "In the books, but the supplier had not reported it in GSTR-2B by " + ims.MonthLabel(p) + " (it is in the 2B of " + ims.MonthLabel(was) + ")"},
				ClaimPeriod: r.ClaimPeriod}
			cal.label(&r, r.ClaimPeriod)
			r.RateFlags = rateFlags(r.Books, nil)
			r.Recommended = ims.Recommend(ims.RecommendInput{Status: recon.MissingIn2A, Books: r.Books, RunTo: p})
			r.Send = r.send()
		case r.GSTR2A == nil && r.Timing == TimingAwaiting:
			cal.label(&r, r.ClaimPeriod) // its age as of p
		}
		if r.Choice != "" {
			out.Choices++
		}
		out.count(&r)
		out.Rows = append(out.Rows, r)
	}
	var snaps []gstr2b.Snapshot
	for _, sn := range tw.Snapshots {
		if sn.Period <= p {
			snaps = append(snaps, sn)
		}
	}
	out.Snapshots = snaps
	sum := SummaryOf(out.Rows)
	out.Summary = &sum
	out.Notices = append([]string{fmt.Sprintf("Viewed as of %s: documents the supplier reported in a later 2B show as missing in 2B, as they were then; the run itself reaches %s.", ims.MonthLabel(p), ims.MonthLabel(tw.To))},
		out.calendarNotices()...)
	return out, nil
}

// ThreeWayRunAsOf reopens a saved run against GSTR-2B as it stood at the end of period p (AsOf).
func (s *Service) ThreeWayRunAsOf(ctx context.Context, runID string, m period.Month) (ThreeWayResult, error) {
	p := m.Key()
	tw, err := s.ThreeWayRun(ctx, runID)
	if err != nil || p == "" {
		return tw, err
	}
	return AsOf(tw, p)
}
