package overview

import (
	"context"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/desk/reconcile"
	"gstdesk/backend/gstr3b"
	"gstdesk/backend/itcrisk"
	"gstdesk/backend/money"
	"gstdesk/backend/payroll"
	"gstdesk/backend/period"
	"gstdesk/backend/store"
)

// Kinds of what is due, as the dashboard lists them.
const (
	DueGSTR3B     = "gstr3b"      // the GSTR-3B of a month, with the worksheet's claim
	DueTDS        = "tds_deposit" // TDS deducted in a month, deposited by the 7th (March: 30 April)
	DueIMSPending = "ims_pending" // documents kept pending in IMS: pending lapses at the next GSTR-3B due date
	DueGSTR9      = "gstr9"       // the annual return of the year before
	// The ITC calendar's rules (itcrisk): rule_37a, s16_4, rule_37, not_in_books, not_in_2b.
)

// DueItem is one thing to do by a date, with the money it moves.
type DueItem struct {
	Kind string `json:"kind"`
	What string `json:"what"`
	// Due is the last day (YYYY-MM-DD); Overdue says it has passed with the work not done (for
	// the calendar's items: still at risk; a return's filing is not known to gstdesk).
	Due     string        `json:"due"`
	Overdue bool          `json:"overdue"`
	Amount  gstr3b.Rupees `json:"amount_rupees"`
	Count   int           `json:"count"`
	// Note says more in words ("" when nothing).
	Note string `json:"note,omitempty"`
	// Period is the return period (YYYY-MM) or financial year ("FY 2025-26") it belongs to.
	Period string `json:"period,omitempty"`
	// Area is the screen that does it (nav id).
	Area string `json:"area"`
}

// MonthClaim is the month's claim from its GSTR-3B Table 4 worksheet.
type MonthClaim struct {
	Period string `json:"period"`
	Label  string `json:"label"`
	// Have2B says a GSTR-2B of the month is stored (the worksheet starts from its proposal).
	Have2B   bool         `json:"have_2b"`
	NetITC   gstr3b.Heads `json:"net_itc"`  // 4(C)
	Reversed gstr3b.Heads `json:"reversed"` // 4(B)(1) + 4(B)(2)
	Warnings int          `json:"warnings"` // the worksheet's warnings (ledgers that would stop the GSTR-3B, 4(C) below nil)
	// Negative says 4(C) is below nil in some head (a warning of the worksheet explains it).
	Negative bool `json:"negative_4c,omitempty"`
}

// IMSBacklog is what waits in IMS: documents with no action (deemed accepted when the GSTR-3B is
// filed) and kept pending, with their tax.
type IMSBacklog struct {
	NoAction    int           `json:"no_action"`
	NoActionTax gstr3b.Rupees `json:"no_action_rupees"`
	Pending     int           `json:"pending"`
	PendingTax  gstr3b.Rupees `json:"pending_rupees"`
}

// Week is the dashboard's "what must I do": what is due by when, the month's claim, the IMS
// backlog and notes on what could not be read.
type Week struct {
	Today string      `json:"today"` // YYYY-MM-DD (India)
	Due   []DueItem   `json:"due"`
	Claim *MonthClaim `json:"claim,omitempty"`
	IMS   IMSBacklog  `json:"ims"`
	// Rule37A is each supplier's Rule 37A risk (figure.Rule37ARisk) in the ITC calendars of this
	// year and the year before, as the calendar counts it without a register: what the dashboard's
	// "suppliers needing attention" shows beside each supplier (not its whole 2A tax).
	Rule37A map[string]gstr3b.Rupees `json:"rule37a_by_supplier"`
	// Rule37ATotal is the sum of Rule37A: the calendars' Rule 37A totals of the two years.
	Rule37ATotal gstr3b.Rupees `json:"rule37a_total"`
	// Rule37AUnread says a year's ITC calendar could not be read (a note says why): Rule37A and
	// its total are then not known, and are not shown as nil.
	Rule37AUnread bool     `json:"rule37a_unread,omitempty"`
	Notes         []string `json:"notes"`
}

// Horizon is how far ahead the dashboard lists what is due.
const Horizon = 45 * 24 * time.Hour

// monthAdd returns YYYY-MM n months after p.
func monthAdd(p string, n int) string {
	m, err := period.ParseMonth(p)
	if err != nil {
		return p
	}
	t := time.Date(m.Year, m.Month+time.Month(n), 1, 0, 0, 0, 0, time.UTC)
	return t.Format("2006-01")
}

// gstr3bDue is the GSTR-3B due date of month p for a monthly filer: the 20th of the next month.
func gstr3bDue(p string) string { return monthAdd(p, 1) + "-20" }

// tdsDue is the day TDS deducted in month p is deposited by: the 7th of the next month; for
// March, 30 April.
func tdsDue(p string) string {
	if p[5:] == "03" {
		return p[:4] + "-04-30"
	}
	return monthAdd(p, 1) + "-07"
}

// rtnMonth reads IMS's rtnprd (MMYYYY) as YYYY-MM ("" when it is not one).
func rtnMonth(s string) string {
	if len(s) != 6 {
		return ""
	}
	if _, err := strconv.Atoi(s); err != nil {
		return ""
	}
	return s[2:] + "-" + s[:2]
}

// ThisWeek gathers what is due in the next weeks and what is overdue, the claim of the GSTR-3B
// due next (its Table 4 worksheet), and the IMS backlog: from what is stored (it works offline).
// The ITC calendar is read for this year and the year before (whose Rule 37A and s.16(4) dates
// fall on 30 November) from the stored 2A, 2B and IMS without the register (the dashboard never
// reads a register file; the ITC calendar screen does).
//
// The week is kept until the database changes (any commit: its file's or its log's size or time
// moves) or the day does, so a second visit to the dashboard reads two file stats, not the month's
// documents again.
func (s *Service) ThisWeek(ctx context.Context) (Week, error) {
	key := s.weekKey()
	s.weekMu.Lock()
	defer s.weekMu.Unlock()
	if key != "" && key == s.weekAt && s.week != nil {
		return *s.week, nil
	}
	// The week kept in the database (week_derived.go): the first read after the app starts again
	// finds it there when nothing it is read from changed since.
	var digest store.DerivedKey
	persist := false
	if keepWeek && key != "" {
		digest, persist = s.weekDigest(ctx)
	}
	if persist {
		if w, ok := s.keptWeek(ctx, digest); ok {
			if key == s.weekKey() {
				s.week, s.weekAt = &w, key
			}
			s.warmParts()
			return w, nil
		}
	}
	w, err := s.thisWeek(ctx)
	if err != nil {
		return w, err
	}
	// Stat again: a write while the week was read leaves it unkept (the next visit reads again).
	// A week with a note (a calendar that could not be read) is not kept in the database: the
	// next opening tries again.
	if key != "" && key == s.weekKey() {
		s.week, s.weekAt = &w, key
		// Kept under the digest only when it is told the same after the read too: what the week
		// was read from is what the digest was told from.
		if persist && len(w.Notes) == 0 {
			if again, ok := s.weekDigest(ctx); ok && again == digest {
				s.putWeek(ctx, digest, w) // a write: the next visit stats a new key and finds this row
			}
		}
	}
	return w, nil
}

// warmDelay is how long after the week kept in the database was shown its parts start to be built.
const warmDelay = 2 * time.Second

// warmParts builds, once per opening and in the background, what the week is read from (the
// worksheets, the calendars, each pull's documents, kept in memory by their digests) after the
// week kept in the database was given: the first change after the app starts (an IMS action, a
// claim, a pull) then reads again only what it changed, not every pull (3.9 s on a 1M-document
// workspace). It runs under the week's lock, so a read meanwhile waits for it rather than building
// the same parts twice. s.weekMu is held by the caller.
func (s *Service) warmParts() {
	if s.warming {
		return
	}
	s.warming = true
	s.core.Background(func(ctx context.Context) {
		select {
		case <-ctx.Done():
			return
		case <-time.After(warmDelay):
		}
		s.weekMu.Lock()
		defer s.weekMu.Unlock()
		key := s.weekKey()
		w, err := s.thisWeek(ctx)
		if err == nil && key != "" && key == s.weekKey() {
			s.week, s.weekAt = &w, key
		}
	})
}

// weekKey says which state of the database and which day a week was read for ("" when the
// database's file cannot be stat'd: never kept).
func (s *Service) weekKey() string {
	if s.core.DB == nil || s.core.DB.Path == "" {
		return ""
	}
	st, err := os.Stat(s.core.DB.Path)
	if err != nil {
		return ""
	}
	k := fmt.Sprintf("%s|%s|%d|%d", s.core.Workspace().ID, itcrisk.Today(s.core.Now()), st.Size(), st.ModTime().UnixNano())
	if wal, err := os.Stat(s.core.DB.Path + "-wal"); err == nil {
		k += fmt.Sprintf("|%d|%d", wal.Size(), wal.ModTime().UnixNano())
	}
	return k
}

// weekInputs are the parts of the workspace the week of today (YYYY-MM-DD) is read from: the
// month whose GSTR-3B Table 4 it shows (the month before today's) and the two financial years
// whose ITC calendars it reads. The week (thisWeek) and its digest (weekDigest) both take them
// from here, so the digest never covers less than the week reads.
func weekInputs(today string) (m3b period.Month, years []period.FY, err error) {
	tm, err := period.ParseMonth(today[:7])
	if err != nil {
		return m3b, nil, err
	}
	m3b, err = period.ParseMonth(monthAdd(today[:7], -1))
	return m3b, []period.FY{tm.FY() - 1, tm.FY()}, err
}

func (s *Service) thisWeek(ctx context.Context) (Week, error) {
	now := s.core.Now()
	today := itcrisk.Today(now)
	m3bMonth, years, err := weekInputs(today)
	if err != nil {
		return Week{}, apperr.Wrap(apperr.Internal, err, "could not tell this week's months")
	}
	w := Week{Today: today, Due: []DueItem{}, Notes: []string{}, Rule37A: map[string]gstr3b.Rupees{}}
	limit := itcrisk.Today(now.Add(Horizon))
	thisMonth := today[:7]

	// GSTR-3B: the month before this one (its GSTR-2B came on the 14th), with its claim; once its
	// due date has passed it is listed as overdue (gstdesk does not know whether it was filed) and
	// this month's return is listed too.
	m3b := m3bMonth.Key()
	sheet, err := s.Recon.Table4(ctx, m3bMonth)
	item := DueItem{Kind: DueGSTR3B, What: "GSTR-3B of " + period.LabelOf(m3b), Due: gstr3bDue(m3b), Period: m3b, Area: "table4"}
	item.Overdue = today > item.Due
	switch {
	case err == nil:
		c := &MonthClaim{Period: m3b, Label: period.LabelOf(m3b), Have2B: sheet.Snapshot != "", Warnings: len(sheet.Warnings), Reversed: sheet.Reversed()}
		if r := sheet.Row(gstr3b.R4C); r != nil {
			c.NetITC = r.Figure
		}
		ledger := 0
		for _, wn := range sheet.Warnings {
			if wn.Kind == gstr3b.WarnNegativeNet {
				c.Negative = true
			} else {
				ledger++
			}
		}
		w.Claim = c
		item.Amount = gstr3b.Rupees(c.NetITC.Total())
		switch {
		case !c.Have2B:
			item.Note = "No GSTR-2B of the month is stored: pull it for the claim."
		case ledger == 1:
			item.Note = "A ledger warning would stop it: open the worksheet."
		case ledger > 1:
			item.Note = fmt.Sprintf("%d ledger warnings would stop it: open the worksheet.", ledger)
		}
		if c.Negative {
			item.Note = strings.TrimSpace(item.Note + " 4(C) is below nil in a tax: the worksheet says why.")
		}
	case apperr.KindOf(err) == apperr.NotFound || apperr.KindOf(err) == apperr.Invalid:
	default:
		return w, err
	}
	if item.Overdue {
		item.Note = strings.TrimSpace("The due date has passed: file it now if it is not filed. " + item.Note)
		w.Due = append(w.Due, DueItem{Kind: DueGSTR3B, What: "GSTR-3B of " + period.LabelOf(thisMonth), Due: gstr3bDue(thisMonth), Period: thisMonth, Area: "table4"})
	}
	w.Due = append(w.Due, item)

	// TDS deposit: this month's TDS of the latest payroll run, deposited by the 7th of the next
	// month (the month before's until its 7th).
	mTDS := monthAdd(thisMonth, -1)
	if today > tdsDue(mTDS) {
		mTDS = thisMonth
	}
	if runs, err := payroll.Runs(ctx, s.core.DB.DB, s.core.Workspace().ID); err != nil {
		return w, err
	} else if len(runs) > 0 {
		latest := runs[0]
		for _, r := range runs {
			if r.CreatedAt.After(latest.CreatedAt) {
				latest = r
			}
		}
		w.Due = append(w.Due, DueItem{Kind: DueTDS, What: "TDS on salary of " + period.LabelOf(mTDS) + " (latest payroll run, " + latest.FYLabel + ")",
			Due: tdsDue(mTDS), Amount: gstr3b.Rupees(money.Paise(latest.Totals.Monthly) * 100), Count: latest.Totals.Employees, Period: mTDS, Area: "tds"})
	}

	// IMS: the backlog, and pending documents, whose pending lapses at the GSTR-3B due date of
	// the period after theirs.
	stored, err := s.Recon.StoredIMS(ctx)
	if err != nil {
		return w, err
	}
	pend := map[string]*DueItem{}
	for i := range stored {
		r := &stored[i]
		tax := r.IGST + r.CGST + r.SGST + r.Cess
		switch r.Action {
		case "N", "":
			w.IMS.NoAction++
			w.IMS.NoActionTax += gstr3b.Rupees(tax)
		case "P":
			w.IMS.Pending++
			w.IMS.PendingTax += gstr3b.Rupees(tax)
			rp := rtnMonth(r.RtnPrd)
			if rp == "" {
				continue
			}
			due := gstr3bDue(monthAdd(rp, 1))
			it := pend[due]
			if it == nil {
				it = &DueItem{Kind: DueIMSPending, What: "Kept pending in IMS", Note: "Accept or reject them before pending lapses (one tax period only).", Due: due, Overdue: today > due, Period: monthAdd(rp, 1), Area: "ims"}
				pend[due] = it
			}
			it.Count++
			it.Amount += gstr3b.Rupees(tax)
		}
	}
	for _, it := range pend {
		if it.Due <= limit {
			w.Due = append(w.Due, *it)
		}
	}

	// The ITC calendar of this year and the year before: what falls due by the horizon or is overdue.
	fy := years[1]
	for _, y := range years {
		cal, err := s.Recon.ITCRisk(ctx, y, reconcile.Register{})
		if apperr.KindOf(err) == apperr.NotFound {
			continue
		}
		if err != nil {
			w.Notes = append(w.Notes, "The ITC calendar of "+y.String()+" could not be read: "+err.Error())
			w.Rule37AUnread = true
			continue
		}
		groups := map[string]*DueItem{}
		var order []string
		for _, g := range cal.Months {
			for _, it := range g.Items {
				if it.Rule == itcrisk.Rule37A && it.Status != itcrisk.Reclaim {
					w.Rule37A[it.Supplier] += gstr3b.Rupees(it.Amount)
					w.Rule37ATotal += gstr3b.Rupees(it.Amount)
				}
				if it.Status == itcrisk.Reclaim || (it.Status == itcrisk.Upcoming && it.Deadline > limit) {
					continue
				}
				k := it.Rule + "|" + it.Deadline + "|" + it.Status
				d := groups[k]
				if d == nil {
					d = &DueItem{Kind: it.Rule, What: ruleWhat(it.Rule, y.String()), Due: it.Deadline, Overdue: it.Status == itcrisk.Overdue, Period: y.String(), Area: "itcrisk"}
					groups[k] = d
					order = append(order, k)
				}
				d.Count++
				d.Amount += gstr3b.Rupees(it.Amount)
			}
		}
		for _, k := range order {
			w.Due = append(w.Due, *groups[k])
		}
	}

	// GSTR-9 of the year before: due 31 December (shown from October).
	prev := fy - 1
	due9 := strconv.Itoa(int(fy)) + "-12-31"
	if today >= strconv.Itoa(int(fy))+"-10-01" && today <= due9 {
		w.Due = append(w.Due, DueItem{Kind: DueGSTR9, What: "GSTR-9 of " + prev.String() + " (ITC tables 6, 8 and 13)", Due: due9, Period: prev.String(), Area: "gstr9"})
	}

	sort.SliceStable(w.Due, func(i, j int) bool {
		a, b := w.Due[i], w.Due[j]
		if a.Overdue != b.Overdue {
			return a.Overdue
		}
		return a.Due < b.Due
	})
	return w, nil
}

// ruleWhat names an ITC calendar rule as a thing to do.
func ruleWhat(rule, fy string) string {
	switch rule {
	case itcrisk.Rule37A:
		return "Rule 37A: reverse credit of suppliers who did not file GSTR-3B (" + fy + ")"
	case itcrisk.Section164:
		return "s.16(4): last day to claim credit of " + fy + " kept pending"
	case itcrisk.Rule37:
		return "Rule 37: reverse credit of invoices unpaid 180 days"
	case itcrisk.NotInBooks:
		return "In GSTR-2B, not in the books: book it, or reject it in IMS"
	case itcrisk.NotIn2B:
		return "In the books, not in any GSTR-2B: chase the supplier (" + fy + ")"
	}
	return rule
}
