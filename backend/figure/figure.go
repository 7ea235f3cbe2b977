// Package figure owns the name and the one-line definition of every ITC figure gstdesk shows:
// the dashboard, the GSTR-2B screen, the reconciliation's strip, the ITC calendar and scorecard,
// Table 4 and the command line all take a figure's words from here (the window through
// Overview.Figures), so one thing has one name and a name means one thing.
//
// Three measures of "at risk" are different things and carry different names: Rule 37 (unpaid
// after 180 days), Rule 37A (the supplier's GSTR-3B not filed) and the reconciliation's "not
// backed" (books tax the 2A or 2B does not back). None of them is called plainly "ITC at risk".
package figure

// ID names a figure; it is the data-figure attribute of the figure on every screen.
type ID string

// The figures.
const (
	// ITCAvailable2B is gstr2b.Snapshot.ITCAvailable.
	ITCAvailable2B ID = "itc_available_2b"
	// Claimable is recon.PeriodSummary.ITCConfident.
	Claimable ID = "itc_claimable"
	// ToReview is recon.PeriodSummary.ITCReview.
	ToReview ID = "itc_to_review"
	// NotBacked is recon.PeriodSummary.ITCAtRisk: the reconciliation's mismatch risk.
	NotBacked ID = "itc_not_backed"
	// NotBooked is recon.PeriodSummary.UnclaimedIn2A.
	NotBooked ID = "itc_not_booked"
	// Rule37Risk is the ITC calendar's Rule 37 total.
	Rule37Risk ID = "rule37_risk"
	// Rule37ARisk is the ITC calendar's Rule 37A total.
	Rule37ARisk ID = "rule37a_risk"
	// S164Risk is the ITC calendar's s.16(4) total.
	S164Risk ID = "s16_4_risk"
	// CalendarAtRisk is itcrisk.Calendar.AtRisk: every rule, each document once.
	CalendarAtRisk ID = "calendar_at_risk"
	// Reclaimable is itcrisk.Calendar.Reclaim.
	Reclaimable ID = "itc_reclaimable"
	// NetITC is Table 4's 4(C) figure.
	NetITC ID = "net_itc_4c"
	// Reversed4B is Table 4's 4(B)(1) + 4(B)(2) figures.
	Reversed4B ID = "reversed_4b"
	// Held is the worksheet's bridge lines that reverse credit in 4(B)(2) until settled.
	Held ID = "itc_held"
	// IMSNoAction and IMSPending are the IMS backlog.
	IMSNoAction ID = "ims_no_action"
	IMSPending  ID = "ims_pending"
	// IMSBacklog is IMSNoAction + IMSPending.
	IMSBacklog ID = "ims_backlog"
	// Tax2A is a supplier's (or a period's) tax in the latest GSTR-2A pulls.
	Tax2A ID = "tax_2a"
	// Tax2B is a supplier's tax in the year's GSTR-2B documents.
	Tax2B ID = "tax_2b"
	// The ₹ strip of a reconciliation against GSTR-2B (desk/reconcile.SummaryOf): its at-risk
	// figure is NotBacked. Its held figure is RunHeld, not Held: it counts the documents pending
	// or rejected in IMS too, which Table 4 puts on lines of their own.
	RunHeld    ID = "itc_held_run"
	RunITC2B   ID = "itc_2b_run"
	BooksITC   ID = "itc_books"
	Difference ID = "itc_difference"
	ClaimNow   ID = "itc_claim_now"
)

// Figure is one figure's words: what the screens and the command line call it and what it
// counts, in one line.
type Figure struct {
	ID         ID     `json:"id"`
	Name       string `json:"name"`
	Definition string `json:"definition"`
}

var all = []Figure{
	{ITCAvailable2B, "ITC available (2B)", "Tax of the GSTR-2B's documents the portal marks ITC available (itcavl Y), credit notes subtracting; documents rejected in IMS, ITC not available and the reversal section (itcrev) are left out."},
	{Claimable, "ITC claimable", "Books tax of register invoices matched exactly (or accepted) with a 2A/2B document, up to that document's tax, from suppliers who filed and were not cancelled before the invoice; ITC the 2B marks not available is never in it."},
	{ToReview, "To review", "Books tax of register invoices paired with a 2A/2B document that differs (mismatch) or only suggested, not yet accepted."},
	{NotBacked, "Not backed by 2A/2B", "Books tax the 2A/2B does not back: missing from it, supplier did not file or was cancelled before the invoice, claimed beyond the document's tax, or marked ITC not available (the reconciliation's mismatch risk)."},
	{NotBooked, "In 2A/2B, not booked", "Tax of 2A/2B documents no register invoice is paired with."},
	{Rule37Risk, "Rule 37: unpaid 180 days", "Books tax of invoices not paid to the supplier within 180 days of their date (needs the register's payment date): reverse it, take it back once paid."},
	{Rule37ARisk, "Rule 37A: supplier's GSTR-3B not filed", "Tax of the year's 2A documents of periods whose GSTR-3B the supplier had not filed (with a register, only those booked): reverse by 30 November unless the supplier files by 30 September."},
	{S164Risk, "s.16(4): last day to claim", "Tax of the year's documents kept pending in IMS: their credit is lost unless accepted and claimed by 30 November after the year."},
	{CalendarAtRisk, "ITC calendar: at risk", "Tax of every document under any rule of the ITC calendar (Rule 37, Rule 37A, s.16(4), books against 2B), each document counted once."},
	{Reclaimable, "To take back", "Credit reversed under Rule 37 or Rule 37A whose reason has passed (paid, or the supplier filed): it can be reclaimed in 4(D)(1)."},
	{NetITC, "Net ITC, 4(C)", "GSTR-3B Table 4(C) of the month's worksheet: 4(A) ITC available less 4(B) ITC reversed, after the bridge from the 2B's proposal."},
	{Reversed4B, "Reversed, 4(B)", "GSTR-3B Table 4(B)(1) (blocked, for good) plus 4(B)(2) (held, Rule 37, Rule 37A, not booked: reclaimable) of the month's worksheet."},
	{Held, "Held in 4(B)(2)", "Credit of the month's 2B reversed in 4(B)(2) until settled: not booked, mismatch or pair not confirmed, held by a person."},
	{RunHeld, "Held", "2B documents of a reconciliation against 2B not claimed now: not booked, mismatch or pair not confirmed, or pending or rejected in IMS."},
	{IMSNoAction, "IMS: no action", "Tax of documents in IMS with no action taken: deemed accepted, and in the credit, when the GSTR-3B is filed."},
	{IMSPending, "IMS: pending", "Tax of documents kept pending in IMS: out of the month's credit until accepted; pending lapses after one tax period."},
	{IMSBacklog, "IMS backlog", "IMS: no action plus IMS: pending."},
	{Tax2A, "2A tax", "Tax of the documents in the latest GSTR-2A pulls (credit notes subtracting): what suppliers reported, not what is claimable."},
	{Tax2B, "2B tax", "Tax of the supplier's documents in the year's GSTR-2B."},
	{RunITC2B, "2B ITC", "Tax of the GSTR-2B documents in a reconciliation against 2B that the 2B gives credit for (ITC not available left out; credit notes less)."},
	{BooksITC, "Books ITC", "Tax of the purchase register's documents in a reconciliation against 2B (repeated register rows left out; credit notes less)."},
	{Difference, "Difference", "2B ITC less books ITC: above nil, the 2B gives more credit than the books hold; below, less."},
	{ClaimNow, "Claim now", "2B documents matched with the books (exact, or the difference accepted), and every credit note: Table 4's 4(A)."},
}

var byID = func() map[ID]Figure {
	m := make(map[ID]Figure, len(all))
	for _, f := range all {
		m[f.ID] = f
	}
	return m
}()

// All lists every figure, in the order the screens' legends show them.
func All() []Figure { return append([]Figure(nil), all...) }

// Of returns the words of a figure; an unknown id is its own name, with no definition.
func Of(id ID) Figure {
	if f, ok := byID[id]; ok {
		return f
	}
	return Figure{ID: id, Name: string(id)}
}

// Name returns what a figure is called.
func Name(id ID) string { return Of(id).Name }
