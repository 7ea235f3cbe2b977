package reconcile

import (
	"fmt"
	"slices"
	"strings"

	"gstdesk/backend/figure"
	"gstdesk/backend/gstr3b"
	"gstdesk/backend/ims"
	"gstdesk/backend/money"
	"gstdesk/backend/period"
	"gstdesk/backend/recon"
)

// Keys of the figures of a run's summary strip (ThreeWaySummary.Figures), in the strip's order.
const (
	Fig2B         = "gstr2b_itc"
	FigBooks      = "books_itc"
	FigDifference = "difference"
	FigClaimNow   = "claim_now"
	FigHeld       = "held"
	FigAtRisk     = "at_risk"
)

// StripFigure is one figure of a run's summary strip: its tax by head and in total (rupees with
// two decimals), how many documents it counts, and one line on what it counts.
type StripFigure struct {
	Key string `json:"key"`
	// Figure is the figure's id in package figure (the data-figure of the window).
	Figure  string       `json:"figure"`
	Title   string       `json:"title"`
	Explain string       `json:"explain"`
	Count   int          `json:"count"`
	Tax     gstr3b.Heads `json:"tax"`
	Rupees  recon.Paise  `json:"rupees"`
}

// ThreeWaySummary is the ₹ summary of a run against GSTR-2B, with the definitions of the month's
// GSTR-3B Table 4 worksheet (gstr3b.Build), read from the run's rows alone:
//
//   - 2B ITC: the tax of the run's 2B documents in the credit (not marked ITC not available;
//     credit notes less). It is claim now + held, to the paisa, head by head.
//   - Claim now: the 2B documents Table 4 keeps in 4(A): paired exactly, or paired and the
//     difference accepted, and every credit note (a note reduces the credit, it is never held).
//   - Held: the 2B documents Table 4 takes out of 4(A) or reverses in 4(B)(2): not booked,
//     a mismatch or a suggested pair not confirmed, or pending or rejected in IMS.
//   - Books ITC: the tax of the register documents of the run (repeated rows aside). It is the
//     books side of the pairs + NotIn2B (Table 4's "In the books, not in the 2B").
//   - At risk: the books tax the 2B does not back, as the reconciliation's summary and the
//     dashboard's "ITC at risk" of the run count it (recon.Summarise): not in any 2B of the run,
//     the supplier cancelled or not filed, what an accepted pair claims beyond the 2B, ISD credit
//     marked not eligible. Its parts are AtRiskParts; it is given in total only (no heads).
//   - Difference: 2B ITC - books ITC.
//
// What the run does not know (a person's hold or claim period, blocked credit, Rule 37 and 37A)
// the Table 4 worksheet adds on top: NotInTable4 says so.
type ThreeWaySummary struct {
	Figures []StripFigure `json:"figures"`
	// NotAvailable is the tax of the 2B documents marked ITC not available (itcavl N), left out
	// of 2B ITC (Table 4 puts them in 4(D)(2)); NotAvailableCount how many.
	NotAvailable      recon.Paise `json:"not_available"`
	NotAvailableCount int         `json:"not_available_count"`
	// Held split by why: not booked, mismatch or pair not confirmed, pending or rejected in IMS.
	HeldNotBooked recon.Paise `json:"held_not_booked"`
	HeldMismatch  recon.Paise `json:"held_mismatch"`
	HeldIMS       recon.Paise `json:"held_ims"`
	// NotIn2B is the tax of the books documents in no GSTR-2B of the run (the first part of at
	// risk); AtRiskParts the at-risk figure by why, as the reconciliation's summary splits it.
	NotIn2B     recon.Paise            `json:"not_in_2b"`
	AtRiskParts map[string]recon.Paise `json:"at_risk_parts"`
	NotInTable4 string                 `json:"not_in_table4"`
}

// Figure returns the figure of a key (the zero figure when there is none).
func (s *ThreeWaySummary) Figure(key string) StripFigure {
	for _, f := range s.Figures {
		if f.Key == key {
			return f
		}
	}
	return StripFigure{Key: key}
}

// stripFigure is each figure of the strip in package figure's words (one name, one definition).
var stripFigure = map[string]figure.ID{
	Fig2B: figure.RunITC2B, FigBooks: figure.BooksITC, FigDifference: figure.Difference,
	FigClaimNow: figure.ClaimNow, FigHeld: figure.RunHeld, FigAtRisk: figure.NotBacked,
}

// stripOrder is the order of the strip.
var stripOrder = []string{Fig2B, FigBooks, FigDifference, FigClaimNow, FigHeld, FigAtRisk}

// headsOfInvoice is an invoice's tax by head (as signed in the run: credit notes negative).
func headsOfInvoice(in *recon.Invoice) gstr3b.Heads {
	return gstr3b.HeadsOf(in.IGST, in.CGST, in.SGST, in.Cess)
}

// Bucket is where a row's 2B document falls in the summary (Table 4's definitions): claim now,
// held, or "" when the row has no 2B document in the credit.
func (r *ThreeWayRow) Bucket() string {
	d := r.GSTR2A
	if d == nil || d.ITCEligible == "N" {
		return ""
	}
	switch r.IMSStatus {
	case ims.Rejected, ims.Pending:
		return FigHeld
	}
	if headsOfInvoice(d).Total() <= 0 {
		return FigClaimNow // a credit note is never held
	}
	switch r.Status {
	case recon.MissingInBooks:
		return FigHeld
	case recon.Suggested, recon.Mismatch:
		if r.Action != recon.Accept {
			return FigHeld
		}
	}
	return FigClaimNow
}

// TotalOf is the reconciliation summary's totals of a run's rows (recon.Summarise): its at-risk
// figures, and the figures the command line says after a run.
func TotalOf(rows []ThreeWayRow) recon.PeriodSummary {
	res := recon.Result{Rows: make([]recon.Row, len(rows))}
	for i := range rows {
		res.Rows[i] = rows[i].Row
	}
	return recon.Summarise(res).Total
}

// SummaryOf works out a run's summary strip from its rows (ThreeWaySummary).
func SummaryOf(rows []ThreeWayRow) ThreeWaySummary {
	figs := map[string]*StripFigure{}
	for _, k := range stripOrder {
		w := figure.Of(stripFigure[k])
		figs[k] = &StripFigure{Key: k, Figure: string(w.ID), Title: w.Name, Explain: w.Definition}
	}
	add := func(k string, h gstr3b.Heads) {
		f := figs[k]
		f.Tax = f.Tax.Add(h)
		f.Count++
	}
	var s ThreeWaySummary
	for i := range rows {
		r := &rows[i]
		if b := r.Books; b != nil && r.Status != recon.DuplicateInBooks && b.DuplicateOf == "" {
			h := headsOfInvoice(b)
			add(FigBooks, h)
			if r.GSTR2A == nil {
				s.NotIn2B += recon.Paise(h.Total())
			}
		}
		d := r.GSTR2A
		if d == nil {
			continue
		}
		h := headsOfInvoice(d)
		if d.ITCEligible == "N" {
			s.NotAvailable += recon.Paise(h.Total())
			s.NotAvailableCount++
			continue
		}
		add(Fig2B, h)
		k := r.Bucket()
		add(k, h)
		if k != FigHeld {
			continue
		}
		switch {
		case r.IMSStatus == ims.Rejected || r.IMSStatus == ims.Pending:
			s.HeldIMS += recon.Paise(h.Total())
		case r.Status == recon.MissingInBooks:
			s.HeldNotBooked += recon.Paise(h.Total())
		default:
			s.HeldMismatch += recon.Paise(h.Total())
		}
	}
	// At risk is the reconciliation summary's own figure (the dashboard shows the same).
	t := TotalOf(rows)
	s.AtRiskParts = map[string]recon.Paise{"not_in_2b": t.RiskMissing, "supplier_not_filed": t.RiskNotFiled, "supplier_cancelled": t.RiskCancelled,
		"claimed_beyond_2b": t.RiskOverClaim, "isd_not_eligible": t.RiskNotEligible}
	diff := figs[FigDifference]
	diff.Tax = figs[Fig2B].Tax.Sub(figs[FigBooks].Tax) // it counts no documents of its own
	for _, k := range stripOrder {
		f := figs[k]
		f.Rupees = recon.Paise(f.Tax.Total())
		if k == FigAtRisk {
			f.Rupees = t.ITCAtRisk // a total (the summary splits it by why, not by head or document)
		}
		s.Figures = append(s.Figures, *f)
	}
	if s.NotAvailableCount > 0 {
		s.Figures[0].Explain += fmt.Sprintf(" %s document(s) marked ITC not available (₹%s) are in 4(D)(2), not here.", money.Count(s.NotAvailableCount), money.Paise(s.NotAvailable).Indian())
	}
	s.NotInTable4 = "The month's Table 4 worksheet starts from the same documents and adds what a run does not hold: a person's hold or claim period, blocked credit (s.17(5)), Rule 37 and Rule 37A."
	return s
}

// StripLines are the summary as the command line prints it: one line per figure.
func (s *ThreeWaySummary) StripLines() []string {
	out := make([]string, 0, len(s.Figures)+1)
	for _, f := range s.Figures {
		n := ""
		if f.Key != FigDifference && f.Key != FigAtRisk {
			n = fmt.Sprintf(" (%s documents)", money.Count(f.Count))
		}
		out = append(out, fmt.Sprintf("%s ₹%s%s: %s", f.Title, money.Paise(f.Rupees).Indian(), n, f.Explain))
	}
	return out
}

// imsOpenPeriod is the ITC period IMS is open for on day now (YYYY-MM): the month before now,
// whose GSTR-3B is being prepared. IMS lists the documents of that period (and those of earlier
// periods still kept pending); a 2B of an earlier period is closed in IMS: its GSTR-3B is due and
// its documents can no longer be acted on.
func imsOpenPeriod(now period.Month) string {
	return prevMonth(now).String()
}

// closedMonths are the 2B periods of a run's rows closed in IMS on day now, oldest first, with
// the rows of each that have an IMS action to send and that IMS no longer lists.
func closedMonths(rows []ThreeWayRow, nowMonth period.Month) []ClosedMonth {
	open := imsOpenPeriod(nowMonth)
	by := map[string]*ClosedMonth{}
	var order []string
	for i := range rows {
		r := &rows[i]
		if r.GSTR2A == nil || r.IMSSection == "" || r.Period2B == "" || r.Period2B >= open {
			continue
		}
		c := by[r.Period2B]
		if c == nil {
			c = &ClosedMonth{Period: r.Period2B, Label: period.LabelOf(r.Period2B)}
			by[r.Period2B] = c
			order = append(order, r.Period2B)
		}
		c.Documents++
		if r.InIMS {
			c.StillListed++
		} else if r.send() != "" {
			c.Actions++
		}
	}
	out := make([]ClosedMonth, 0, len(order))
	slices.Sort(order)
	for _, p := range order {
		out = append(out, *by[p])
	}
	return out
}

// ClosedMonth is a 2B period of a run whose IMS is closed: its documents, how many IMS still
// lists (kept pending there, still actionable), and the actions that can no longer be sent.
type ClosedMonth struct {
	Period      string `json:"period"`
	Label       string `json:"label"`
	Documents   int    `json:"documents"`
	StillListed int    `json:"still_listed"`
	Actions     int    `json:"actions"`
}

// ClosedWords says the closed months in one sentence for the command line and the notices.
func ClosedWords(cs []ClosedMonth) string {
	if len(cs) == 0 {
		return ""
	}
	labels := make([]string, len(cs))
	actions := 0
	for i, c := range cs {
		labels[i] = c.Label
		actions += c.Actions
	}
	return fmt.Sprintf("IMS is closed for %s (its GSTR-3B period is over): %s IMS action(s) of the run cannot be sent and are not listed afresh; only documents IMS still lists as pending can be acted on.",
		strings.Join(labels, ", "), money.Count(actions))
}

// finish works out what a run shows beyond its rows: the summary strip and the months closed in
// IMS today.
func (s *Service) finish(tw *ThreeWayResult) {
	sum := SummaryOf(tw.Rows)
	s.finishWith(tw, &sum)
}

// finishWith is finish with the rows' summary worked out already (SummaryOf of the same rows).
func (s *Service) finishWith(tw *ThreeWayResult, sum *ThreeWaySummary) {
	tw.Summary = sum
	tw.IMSClosed = closedMonths(tw.Rows, s.nowMonth())
	tw.ListCalls = applyCalls(tw.Rows, s.openIMSPeriod())
}
