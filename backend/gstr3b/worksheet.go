package gstr3b

import (
	"fmt"
	"slices"
	"strings"

	"gstdesk/backend/money"

	"gstdesk/backend/gstr2b"
	"gstdesk/backend/period"
)

// Row codes of GSTR-3B Table 4, in the portal's order.
const (
	R4A1 = "4A1"
	R4A2 = "4A2"
	R4A3 = "4A3"
	R4A4 = "4A4"
	R4A5 = "4A5"
	R4B1 = "4B1"
	R4B2 = "4B2"
	R4C  = "4C"
	R4D1 = "4D1"
	R4D2 = "4D2"
)

// RowInfo names a row of Table 4 as the portal does.
type RowInfo struct {
	Code  string `json:"code"`
	Label string `json:"label"`
	Title string `json:"title"`
}

// Rows lists the rows of Table 4 in the portal's order.
var Rows = []RowInfo{
	{R4A1, "4(A)(1)", "Import of goods"},
	{R4A2, "4(A)(2)", "Import of services"},
	{R4A3, "4(A)(3)", "Inward supplies liable to reverse charge (other than 1 and 2)"},
	{R4A4, "4(A)(4)", "Inward supplies from ISD"},
	{R4A5, "4(A)(5)", "All other ITC"},
	{R4B1, "4(B)(1)", "ITC reversed: as per rules 38, 42 and 43 of CGST Rules and section 17(5)"},
	{R4B2, "4(B)(2)", "ITC reversed: others"},
	{R4C, "4(C)", "Net ITC available (A) - (B)"},
	{R4D1, "4(D)(1)", "ITC reclaimed which was reversed under Table 4(B)(2) in an earlier tax period"},
	{R4D2, "4(D)(2)", "Ineligible ITC under section 16(4) and ITC restricted due to PoS rules"},
}

func rowIndex(code string) int {
	for i, r := range Rows {
		if r.Code == code {
			return i
		}
	}
	return -1
}

// isA reports whether a row is one of 4(A); isB one of 4(B).
func isA(code string) bool { return strings.HasPrefix(code, "4A") }
func isB(code string) bool { return strings.HasPrefix(code, "4B") }

// RowOf is the 4(A) row of a document: imports of goods (bills of entry) 4(A)(1), ISD 4(A)(4),
// reverse charge 4(A)(3), everything else 4(A)(5).
func RowOf(section, kind string, reverseCharge bool) string {
	switch {
	case section == "impg" || section == "impgsez" || kind == gstr2b.KindBillOfEntry:
		return R4A1
	case section == "isd" || section == "isda" || kind == gstr2b.KindISDInvoice || kind == gstr2b.KindISDCreditNote:
		return R4A4
	case reverseCharge:
		return R4A3
	}
	return R4A5
}

// Claim is a document's claim decision as stored: claim now (in Period) or hold, who decided and
// when. The zero Claim is "no decision": the worksheet's rules decide.
type Claim struct {
	// State is "claim" or "hold" ("" for no decision).
	State string `json:"state,omitempty"`
	// Period is the GSTR-3B period (YYYY-MM) the credit is claimed in, when State is "claim".
	Period    string `json:"claim_period,omitempty"`
	DecidedBy string `json:"decided_by,omitempty"` // auto or person
	Who       string `json:"who,omitempty"`
	At        string `json:"decided_at,omitempty"`
	Reason    string `json:"reason,omitempty"`
}

// Claim states.
const (
	StateClaim = "claim"
	StateHold  = "hold"
	ByAuto     = "auto"
	ByPerson   = "person"
)

// Doc is one document as the worksheet reads it: where it is, what it is, its tax by head
// (credit notes negative) and the facts that decide its place in Table 4.
type Doc struct {
	Face         string `json:"face"`
	Period2B     string `json:"period_2b,omitempty"`
	Section      string `json:"section,omitempty"`
	Kind         string `json:"kind"`
	Supplier     string `json:"supplier_gstin"`
	SupplierName string `json:"supplier_name,omitempty"`
	Number       string `json:"document_number"`
	// Date is the document date, YYYY-MM-DD.
	Date          string `json:"document_date"`
	ReverseCharge bool   `json:"reverse_charge,omitempty"`
	// ITCAvailable is the 2B's itcavl (Y, N, T); "" for a books document.
	ITCAvailable string `json:"itc_available,omitempty"`
	Tax          Heads  `json:"tax"`
	// Ref says where it was read ("GSTR-2B Oct 2025 b2b", the register row).
	Ref string `json:"ref,omitempty"`
	// BooksRef is the register row a 2B document was paired with ("" when none or not known).
	BooksRef string `json:"books_ref,omitempty"`
	// Match is the reconciliation's status of the row holding it (exact, suggested, mismatch,
	// missing_in_books, missing_in_2a), "" when no saved run covers it; Confirmed says a person
	// accepted the pair.
	Match     string `json:"match,omitempty"`
	Confirmed bool   `json:"confirmed,omitempty"`
	// IMS is the IMS action now (A, R, P, N; "" when IMS does not list it).
	IMS string `json:"ims,omitempty"`
	// Blocked marks credit blocked under s.17(5).
	Blocked bool  `json:"blocked,omitempty"`
	Claim   Claim `json:"claim"`
}

// Identity is the document's claim identity.
func (d *Doc) Identity() Identity {
	return IdentityOf(d.Face, d.Supplier, d.Kind, d.Number, d.Period2B, d.Section)
}

func (d *Doc) key() string { return docKey(d.Supplier, d.Kind, d.Number) }

// Reversal is a document whose credit a rule reverses (Rule 37, Rule 37A) or gives back (a
// Rule 37 invoice paid late) in the month, with why in words.
type Reversal struct {
	Rule string `json:"rule"`
	Doc  Doc    `json:"document"`
	Why  string `json:"why"`
}

// Input is what a month's worksheet is built from.
type Input struct {
	// Period is the GSTR-3B period, YYYY-MM.
	Period string
	// Proposal is the itcsumm of the month's GSTR-2B (latest snapshot); Have2B says one is stored.
	Proposal gstr2b.ITCSummary
	Have2B   bool
	// Docs are the month's 2B documents in the credit (docdata), with their facts.
	Docs []Doc
	// Reconciled says a saved reconciliation against GSTR-2B covers the month (RunID): without
	// one, "not booked" and "held" are not worked out.
	Reconciled bool
	// BooksOnly are register documents of the month in no GSTR-2B (shown, not claimable).
	BooksOnly []Doc
	// Reversals are the Rule 37 and Rule 37A documents to reverse in this month's GSTR-3B;
	// Reclaims the Rule 37 documents paid late whose credit comes back in it.
	Reversals []Reversal
	Reclaims  []Reversal
	// Earlier are documents of earlier 2Bs held then and claimed now (claim period = Period).
	Earlier []Doc
}

// Kinds of bridge lines, in the order the bridge lists them.
const (
	LineSummary        = "summary_vs_documents"
	LineNotAvailable   = "itc_not_available"
	LineRejected       = "rejected_in_ims"
	LinePending        = "pending_in_ims"
	LineClaimedEarlier = "claimed_earlier"
	LineBlocked        = "blocked"
	LineNotBooked      = "not_booked"
	LineHeld           = "held"
	LineHeldByPerson   = "held_by_person"
	LineRule37         = "rule_37"
	LineRule37A        = "rule_37a"
	LineReclaimed      = "reclaimed"
	LineBooksNotIn2B   = "books_not_in_2b"
)

// lineInfo is a line's title and what it does.
var lineInfo = map[string][2]string{
	LineSummary:        {"2B summary differs from its documents", "The difference between the documents of the 2B and its ITC summary (itcsumm), row by row, so the figures follow the documents."},
	LineNotAvailable:   {"ITC not available", "Documents the 2B marks ITC not available: already in 4(D)(2) of the proposal, never in 4(A). Shown so the 2B's document total can be followed; no change."},
	LineRejected:       {"Rejected in IMS", "Rejected in IMS after the 2B was made: the 2B, regenerated, leaves them out. Taken out of their 4(A) row."},
	LinePending:        {"Pending in IMS", "Kept pending in IMS after the 2B was made: not in the credit until accepted. Taken out of their 4(A) row."},
	LineClaimedEarlier: {"Claimed in an earlier GSTR-3B", "Claimed in an earlier month's GSTR-3B (the claim period says so): taken out of their 4(A) row."},
	LineBlocked:        {"Blocked credit (s.17(5))", "Marked blocked under section 17(5): reversed for good in 4(B)(1)."},
	LineNotBooked:      {"Not booked", "In the 2B, not in the books (no register invoice paired): reversed in 4(B)(2) until booked, then reclaimed."},
	LineHeld:           {"Held: mismatch or pair not confirmed", "Paired with a register invoice that differs (mismatch) or only suggested and not confirmed: reversed in 4(B)(2) until settled."},
	LineHeldByPerson:   {"Held by a person", "A person chose to hold the credit (or to claim it in a later month): reversed in 4(B)(2) until claimed."},
	LineRule37:         {"Rule 37 (unpaid 180 days)", "Invoices unpaid 180 days after their date: reversed in 4(B)(2) in this GSTR-3B, with interest; reclaimed once paid."},
	LineRule37A:        {"Rule 37A (supplier's GSTR-3B not filed)", "The supplier had not filed the GSTR-3B of the period by 30 September: reversed in 4(B)(2) by 30 November; reclaimed once they file."},
	LineReclaimed:      {"Reclaimed (4(D)(1))", "Credit reversed in 4(B)(2) in an earlier month and claimed now: added to 4(A)(5) and shown in 4(D)(1)."},
	LineBooksNotIn2B:   {"In the books, not in the 2B", "Register invoices of the month in no GSTR-2B: not claimable until the supplier reports them (s.16(2)(aa)). No change."},
}

var lineOrder = []string{LineSummary, LineNotAvailable, LineRejected, LinePending, LineClaimedEarlier, LineBlocked, LineNotBooked,
	LineHeld, LineHeldByPerson, LineRule37, LineRule37A, LineReclaimed, LineBooksNotIn2B}

// Effect is what a bridge line does to one row, per head (signed).
type Effect struct {
	Row string `json:"row"`
	Tax Heads  `json:"tax"`
}

// DocLine is one document of a bridge line: the document, the 4(A) row it belongs to and why it
// is on the line.
type DocLine struct {
	Doc
	Row string `json:"row"`
	Why string `json:"why,omitempty"`
}

// BridgeLine is one named adjustment of the bridge from the 2B's proposal to the figures.
type BridgeLine struct {
	Kind    string `json:"kind"`
	Title   string `json:"title"`
	Explain string `json:"explain"`
	// Effects is what the line does to each row; none for a line shown for information.
	Effects []Effect `json:"effects"`
	// Tax is the tax of its documents; Count how many.
	Tax   Heads     `json:"tax"`
	Count int       `json:"count"`
	Docs  []DocLine `json:"documents"`
}

// Informational reports whether the line changes no figure.
func (l *BridgeLine) Informational() bool { return len(l.Effects) == 0 }

// TableRow is one row of the worksheet: the 2B's proposal, the adjustments and the figure to type.
type TableRow struct {
	RowInfo
	Proposal    Heads `json:"proposal"`
	Adjustments Heads `json:"adjustments"`
	Figure      Heads `json:"figure"`
	// Gross and CreditNotes are, for a 4(A) row, the proposal before and the credit notes it
	// nets (the portal's netting is unconfirmed: both shown, Proposal is the net).
	Gross       *Heads `json:"gross,omitempty"`
	CreditNotes *Heads `json:"credit_notes,omitempty"`
}

// Warning is something that would stop the GSTR-3B or needs a person, with the documents.
type Warning struct {
	Kind    string    `json:"kind"`
	Message string    `json:"message"`
	Docs    []DocLine `json:"documents,omitempty"`
}

// Worksheet is the month's GSTR-3B Table 4: rows, the bridge from the 2B's proposal, warnings
// and notes.
type Worksheet struct {
	Period   string       `json:"period"`
	Label    string       `json:"label"`
	Rows     []TableRow   `json:"rows"`
	Bridge   []BridgeLine `json:"bridge"`
	Warnings []Warning    `json:"warnings"`
	Notes    []string     `json:"notes"`
}

// Row returns the worksheet's row of a code.
func (w *Worksheet) Row(code string) *TableRow {
	if i := rowIndex(code); i >= 0 && i < len(w.Rows) && w.Rows[i].Code == code {
		return &w.Rows[i]
	}
	return nil
}

// Line returns the bridge line of a kind, nil when it has none.
func (w *Worksheet) Line(kind string) *BridgeLine {
	for i := range w.Bridge {
		if w.Bridge[i].Kind == kind {
			return &w.Bridge[i]
		}
	}
	return nil
}

// headsOfAmounts reads a summary's amounts as Heads.
func headsOfAmounts(a gstr2b.Amounts) Heads { return HeadsOf(a.IGST, a.CGST, a.SGST, a.Cess) }

// ProposalRows reads the 2B's itcsumm as Table 4 rows (the portal's auto-drafted 3B): itcavl
// imports 4(A)(1), revsup 4(A)(3), isdsup 4(A)(4), nonrevsup 4(A)(5), othersup (credit notes,
// given positive) netted from 4(A)(4) for its ISD sections and 4(A)(5) for the rest; itcunavl
// 4(D)(2) (othersup netted); itcrev 4(B)(2). gross and notes are the 4(A) rows' parts.
func ProposalRows(s gstr2b.ITCSummary) (rows map[string]Heads, gross, notes map[string]Heads) {
	rows, gross, notes = map[string]Heads{}, map[string]Heads{}, map[string]Heads{}
	avl := s["itcavl"]
	for g, sg := range avl {
		h := headsOfAmounts(sg.Total)
		switch g {
		case "imports":
			gross[R4A1] = gross[R4A1].Add(h)
		case "revsup":
			gross[R4A3] = gross[R4A3].Add(h)
		case "isdsup":
			gross[R4A4] = gross[R4A4].Add(h)
		case "nonrevsup":
			gross[R4A5] = gross[R4A5].Add(h)
		case "othersup":
			if len(sg.Sections) == 0 {
				notes[R4A5] = notes[R4A5].Add(h)
				continue
			}
			var isd Heads
			for sec, a := range sg.Sections {
				if strings.HasPrefix(sec, "isd") {
					isd = isd.Add(headsOfAmounts(a))
				}
			}
			notes[R4A4] = notes[R4A4].Add(isd)
			notes[R4A5] = notes[R4A5].Add(h.Sub(isd))
		}
	}
	for _, c := range []string{R4A1, R4A2, R4A3, R4A4, R4A5} {
		rows[c] = gross[c].Sub(notes[c])
	}
	for g, sg := range s["itcunavl"] {
		if g == "othersup" {
			rows[R4D2] = rows[R4D2].Sub(headsOfAmounts(sg.Total))
		} else {
			rows[R4D2] = rows[R4D2].Add(headsOfAmounts(sg.Total))
		}
	}
	for _, sg := range s["itcrev"] {
		rows[R4B2] = rows[R4B2].Add(headsOfAmounts(sg.Total))
	}
	return rows, gross, notes
}

// bridge gathers the lines as they are built.
type bridge struct {
	lines map[string]*BridgeLine
	seen  map[string]string // document key → the line that took it
}

func (b *bridge) line(kind string) *BridgeLine {
	l := b.lines[kind]
	if l == nil {
		info := lineInfo[kind]
		l = &BridgeLine{Kind: kind, Title: info[0], Explain: info[1], Effects: []Effect{}, Docs: []DocLine{}}
		b.lines[kind] = l
	}
	return l
}

// add puts d on the line kind with the effects (row, sign) given; a document already on a line
// that changes figures is not added to another (it is counted once).
func (b *bridge) add(kind string, d Doc, why string, effects ...effect) bool {
	k := d.key()
	if len(effects) > 0 {
		if _, ok := b.seen[k]; ok {
			return false
		}
		b.seen[k] = kind
	}
	l := b.line(kind)
	row := RowOf(d.Section, d.Kind, d.ReverseCharge)
	l.Docs = append(l.Docs, DocLine{Doc: d, Row: row, Why: why})
	l.Tax = l.Tax.Add(d.Tax)
	l.Count++
	for _, e := range effects {
		r := e.row
		if r == "" {
			r = row
		}
		addEffect(l, r, scale(d.Tax, e.sign))
	}
	return true
}

type effect struct {
	row  string // "" for the document's own 4(A) row
	sign int
}

func scale(h Heads, sign int) Heads {
	if sign < 0 {
		return h.Neg()
	}
	return h
}

func addEffect(l *BridgeLine, row string, h Heads) {
	for i := range l.Effects {
		if l.Effects[i].Row == row {
			l.Effects[i].Tax = l.Effects[i].Tax.Add(h)
			return
		}
	}
	l.Effects = append(l.Effects, Effect{Row: row, Tax: h})
}

// positive reports whether a document adds credit (its tax is not negative in total): credit
// notes are never held or reversed, since they reduce the credit whatever is done with them.
func positive(d *Doc) bool { return d.Tax.Total() > 0 }

// Build works out the worksheet of in.Period: the proposal's rows, then each document's place,
// each adjustment a line of the bridge with its documents, then the figures (proposal plus the
// lines' effects, row by row and head by head; 4(C) = 4(A) - 4(B)).
func Build(in Input) Worksheet {
	w := Worksheet{Period: in.Period, Label: period.LabelOf(in.Period), Rows: make([]TableRow, len(Rows)), Bridge: []BridgeLine{}, Warnings: []Warning{}, Notes: []string{}}
	prop, gross, notes := ProposalRows(in.Proposal)
	b := &bridge{lines: map[string]*BridgeLine{}, seen: make(map[string]string, len(in.Docs)/4)}

	// The 2B's documents against its summary, row by row.
	if in.Have2B {
		docRows := map[string]Heads{}
		for i := range in.Docs {
			d := &in.Docs[i]
			if d.ITCAvailable == "N" {
				docRows[R4D2] = docRows[R4D2].Add(d.Tax)
			} else {
				r := RowOf(d.Section, d.Kind, d.ReverseCharge)
				docRows[r] = docRows[r].Add(d.Tax)
			}
		}
		l := &BridgeLine{Kind: LineSummary, Title: lineInfo[LineSummary][0], Explain: lineInfo[LineSummary][1], Effects: []Effect{}, Docs: []DocLine{}}
		for _, r := range []string{R4A1, R4A2, R4A3, R4A4, R4A5, R4D2} {
			if diff := docRows[r].Sub(prop[r]); !diff.Zero() {
				l.Effects = append(l.Effects, Effect{Row: r, Tax: diff})
				l.Tax = l.Tax.Add(diff)
			}
		}
		if len(l.Effects) > 0 {
			b.lines[LineSummary] = l
		}
	} else {
		w.Notes = append(w.Notes, "No GSTR-2B is stored for "+w.Label+": the proposal is empty. Pull it (gstdesk gst 2b) or import the portal file first.")
	}
	if !in.Reconciled && in.Have2B {
		w.Notes = append(w.Notes, "No saved reconciliation against GSTR-2B covers "+w.Label+": documents not booked and mismatches are not worked out. Run one (gstdesk recon --against 2b) and build the worksheet again.")
	}

	for i := range in.Docs {
		d := in.Docs[i]
		if d.ITCAvailable == "N" {
			b.add(LineNotAvailable, d, "itcavl N")
			continue
		}
		switch d.IMS {
		case "R":
			b.add(LineRejected, d, "rejected in IMS", effect{"", -1})
			continue
		case "P":
			b.add(LinePending, d, "pending in IMS", effect{"", -1})
			continue
		}
		if d.Blocked && positive(&d) {
			b.add(LineBlocked, d, "marked blocked, s.17(5)", effect{R4B1, 1})
			continue
		}
		if d.Claim.DecidedBy == ByPerson {
			switch {
			case d.Claim.State == StateHold && positive(&d):
				b.add(LineHeldByPerson, d, "held by "+nonEmpty(d.Claim.Who, "a person"), effect{R4B2, 1})
				continue
			case d.Claim.State == StateClaim && d.Claim.Period > in.Period && positive(&d):
				b.add(LineHeldByPerson, d, "to be claimed in "+period.LabelOf(d.Claim.Period), effect{R4B2, 1})
				continue
			case d.Claim.State == StateClaim && d.Claim.Period != "" && d.Claim.Period < in.Period:
				b.add(LineClaimedEarlier, d, "claimed in "+period.LabelOf(d.Claim.Period), effect{"", -1})
				continue
			case d.Claim.State == StateClaim:
				continue // claimed now by a person's choice, whatever the match says
			}
		}
		if !in.Reconciled || !positive(&d) {
			continue
		}
		switch d.Match {
		case "missing_in_books":
			b.add(LineNotBooked, d, "no register invoice paired", effect{R4B2, 1})
		case "suggested", "mismatch":
			if !d.Confirmed {
				why := "mismatch not accepted"
				if d.Match == "suggested" {
					why = "suggested pair not confirmed"
				}
				b.add(LineHeld, d, why, effect{R4B2, 1})
			}
		}
	}
	for _, r := range in.Reversals {
		if !positive(&r.Doc) {
			continue
		}
		kind := LineRule37
		if r.Rule == "rule_37a" {
			kind = LineRule37A
		}
		b.add(kind, r.Doc, r.Why, effect{R4B2, 1})
	}
	for _, d := range in.Earlier {
		if positive(&d) {
			b.add(LineReclaimed, d, "held earlier, claimed in "+w.Label, effect{R4A5, 1}, effect{R4D1, 1})
		}
	}
	for _, r := range in.Reclaims {
		if positive(&r.Doc) {
			b.add(LineReclaimed, r.Doc, r.Why, effect{R4A5, 1}, effect{R4D1, 1})
		}
	}
	for _, d := range in.BooksOnly {
		b.add(LineBooksNotIn2B, d, "no GSTR-2B holds it")
	}

	// The rows: the proposal, the effects of every line, the figure.
	adj := map[string]Heads{}
	for _, k := range lineOrder {
		l := b.lines[k]
		if l == nil {
			continue
		}
		for _, e := range l.Effects {
			adj[e.Row] = adj[e.Row].Add(e.Tax)
		}
		w.Bridge = append(w.Bridge, *l)
	}
	var propA, propB, figA, figB Heads
	for i, info := range Rows {
		r := TableRow{RowInfo: info, Proposal: prop[info.Code], Adjustments: adj[info.Code]}
		r.Figure = r.Proposal.Add(r.Adjustments)
		if isA(info.Code) {
			g, n := gross[info.Code], notes[info.Code]
			r.Gross, r.CreditNotes = &g, &n
			propA, figA = propA.Add(r.Proposal), figA.Add(r.Figure)
		}
		if isB(info.Code) {
			propB, figB = propB.Add(r.Proposal), figB.Add(r.Figure)
		}
		w.Rows[i] = r
	}
	c := w.Row(R4C)
	c.Proposal, c.Figure = propA.Sub(propB), figA.Sub(figB)
	c.Adjustments = c.Figure.Sub(c.Proposal)
	if wn, ok := negativeNet(&w, in.Reconciled); ok {
		w.Warnings = append(w.Warnings, wn)
	}
	w.Notes = append(w.Notes,
		"4(A) rows: the figure is the net of credit notes; whether the portal nets them inside 4(A) or shows them in 4(B)(2) is unconfirmed, so each row shows the gross and the credit notes too.",
		"Credit held for a reason that can pass (not booked, mismatch, held, Rule 37, Rule 37A) is reversed in 4(B)(2) so the credit reversal statement tracks it; credit notes are never held.")
	if len(in.Reversals) == 0 {
		w.Notes = append(w.Notes, "No Rule 37 or Rule 37A reversal falls in "+w.Label+" (Rule 37 needs the register's payment date column).")
	}
	return w
}

// WarnNegativeNet is the warning of a 4(C) below nil in a head.
const WarnNegativeNet = "negative_4c"

// negativeNet explains a 4(C) below nil in any head (more reversed in 4(B) than available in
// 4(A) for that tax): the figure stays A - B, so the bridge still adds up to the paisa and the
// reversal owed is not hidden, and the warning names the heads, the amounts and the documents
// of the lines that reverse credit in them.
func negativeNet(w *Worksheet, reconciled bool) (Warning, bool) {
	c := w.Row(R4C).Figure
	var over []string
	heads := map[string]bool{}
	c.Each(func(name string, p money.Paise) {
		if p < 0 {
			over = append(over, fmt.Sprintf("%s −₹%s", headTitle(name), (-p).Indian()))
			heads[name] = true
		}
	})
	if len(over) == 0 {
		return Warning{}, false
	}
	var docs []DocLine
	var lines []string
	for _, l := range w.Bridge {
		var reverses bool
		for _, e := range l.Effects {
			if isB(e.Row) {
				e.Tax.Each(func(name string, p money.Paise) { reverses = reverses || (heads[name] && p > 0) })
			}
		}
		if reverses {
			lines = append(lines, l.Title)
			docs = append(docs, carrying(l.Docs, heads)...)
		}
	}
	msg := fmt.Sprintf("%s: 4(C) is below nil (%s): 4(B) reverses more than 4(A) makes available in that tax (%s). The figure is kept as 4(A) - 4(B) so the reversal owed is not hidden; whether the portal takes a negative 4(C) as tax payable is not confirmed here. Check the %d documents of those lines before typing it.",
		w.Label, strings.Join(over, ", "), strings.Join(lines, "; "), len(docs))
	if !reconciled {
		msg += " No reconciliation against GSTR-2B covers the month: the Rule 37A and Rule 37 reversals come from the 2A and the register, not from this month's 2B."
	}
	return Warning{Kind: WarnNegativeNet, Message: msg, Docs: docs}, true
}

func nonEmpty(s, or string) string {
	if s == "" {
		return or
	}
	return s
}

// Figures returns, for each row, the figure per head in paise: what a test or a ledger reads.
func (w *Worksheet) Figures() map[string]Heads {
	out := make(map[string]Heads, len(w.Rows))
	for _, r := range w.Rows {
		out[r.Code] = r.Figure
	}
	return out
}

// CheckBridge reports the first row and head at which the proposal plus the bridge's effects is
// not the figure, or 4(C) is not 4(A) - 4(B); "" when the bridge adds up to the paisa.
func (w *Worksheet) CheckBridge() string {
	sum := map[string]Heads{}
	for _, l := range w.Bridge {
		for _, e := range l.Effects {
			sum[e.Row] = sum[e.Row].Add(e.Tax)
		}
	}
	var a, b, pa, pb Heads
	for _, r := range w.Rows {
		if r.Code == R4C {
			continue
		}
		if got := r.Proposal.Add(sum[r.Code]); got != r.Figure {
			return r.Label + ": proposal + adjustments is not the figure"
		}
		if isA(r.Code) {
			a, pa = a.Add(r.Figure), pa.Add(r.Proposal)
		}
		if isB(r.Code) {
			b, pb = b.Add(r.Figure), pb.Add(r.Proposal)
		}
	}
	c := w.Row(R4C)
	if c.Figure != a.Sub(b) || c.Proposal != pa.Sub(pb) || c.Proposal.Add(c.Adjustments) != c.Figure {
		return "4(C): not 4(A) - 4(B)"
	}
	return ""
}

// LineDoc is a document of the bridge with the title of its line.
type LineDoc struct {
	Line string `json:"line"`
	DocLine
}

// Documents lists every document of the bridge, line by line (the documents sheet).
func (w *Worksheet) Documents() []LineDoc {
	var out []LineDoc
	for _, l := range w.Bridge {
		for _, d := range l.Docs {
			out = append(out, LineDoc{l.Title, d})
		}
	}
	return out
}

// HeldLines are the bridge lines whose credit is held (figure.Held): reversed in 4(B)(2) until
// the reason passes (booked, settled, claimed by the person).
var HeldLines = []string{LineNotBooked, LineHeld, LineHeldByPerson}

// Held is the tax of the month's documents on the held lines (figure.Held).
func (w *Worksheet) Held() Heads {
	var h Heads
	for _, l := range w.Bridge {
		if slices.Contains(HeldLines, l.Kind) {
			h = h.Add(l.Tax)
		}
	}
	return h
}

// Reversed is 4(B)(1) plus 4(B)(2) (figure.Reversed4B).
func (w *Worksheet) Reversed() Heads {
	var h Heads
	for _, c := range []string{R4B1, R4B2} {
		if r := w.Row(c); r != nil {
			h = h.Add(r.Figure)
		}
	}
	return h
}
