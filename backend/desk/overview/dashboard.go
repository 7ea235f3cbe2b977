// Package overview is the area service for the workspace at a glance: the dashboard and the
// command palette, both from SQLite only.
package overview

import (
	"cmp"
	"context"
	"sort"
	"sync"
	"time"

	"gstdesk/backend/desk/core"
	"gstdesk/backend/desk/lookups"
	"gstdesk/backend/desk/reconcile"
	"gstdesk/backend/desk/returns"
	"gstdesk/backend/gstr2a"
	"gstdesk/backend/payroll"
	"gstdesk/backend/recon"
)

// Service is the overview area over the shared core, reading what the other areas keep.
type Service struct {
	core    *core.Core
	Lookups *lookups.Service
	Returns *returns.Service
	Recon   *reconcile.Service

	// The last week read (ThisWeek) and the state of the database it was read for.
	weekMu sync.Mutex
	week   *Week
	weekAt string
	// warming says the week kept in the database was given and its parts are being built in
	// memory beside it (warmParts), once per opening.
	warming bool
}

// New returns the overview service over c.
func New(c *core.Core, lk *lookups.Service, rt *returns.Service, rc *reconcile.Service) *Service {
	return &Service{core: c, Lookups: lk, Returns: rt, Recon: rc}
}

// Attention is a supplier that needs the accountant's eye: cancelled, or not filing.
type Attention struct {
	GSTIN       string   `json:"gstin"`
	Name        string   `json:"name"`
	Reason      string   `json:"reason"` // cancelled, not_filed_gstr1, not_filed_gstr3b
	CancelledOn string   `json:"cancelled_on"`
	Periods     []string `json:"periods"`
	// Tax is the supplier's 2A tax (figure.Tax2A), for reference: what is at stake under Rule 37A
	// is the week's Rule37A of the supplier (figure.Rule37ARisk), which the dashboard shows.
	Tax gstr2a.Paise `json:"tax"` // rupees in JSON
	// Status is the registration status the GSTIN lookups give (supplier.Status; "" when none).
	Status string `json:"registration_status,omitempty"`
}

// Dashboard is the workspace at a glance.
type Dashboard struct {
	Periods []gstr2a.PeriodInfo `json:"periods"` // pulled GSTR-2A periods, last pull each
	ITC     gstr2a.Paise        `json:"itc"`     // tax in the latest pulls of every period (rupees in JSON)
	// AttentionTax is the 2A tax of the suppliers in Attention (cancelled or not filing). It is not
	// "ITC at risk": that needs the books, and comes from the latest reconciliation (Recon).
	AttentionTax gstr2a.Paise `json:"attention_tax"`
	// Recon is the latest reconciliation at a glance; nil when none was run.
	Recon       *ReconGlance  `json:"recon,omitempty"`
	Suppliers   int           `json:"suppliers"`
	Attention   []Attention   `json:"attention"`
	LatestRun   *payroll.Run  `json:"latest_run,omitempty"`
	Runs        int           `json:"runs"`
	KnownGSTINs int           `json:"known_gstins"`
	Watch       *WatchSummary `json:"watch,omitempty"` // the last supplier watch; nil when never run
}

// ReconGlance is the latest reconciliation run's ITC split, the same figures (same definition, same
// paise) as its summary strip and supplier table.
type ReconGlance struct {
	RunID     string `json:"run_id"`
	From      string `json:"from_period"`
	To        string `json:"to_period"`
	CreatedAt string `json:"created_at"`
	// Against is what the books were reconciled with: "2a" or "2b" (recon.AgainstGSTR2A/2B).
	Against   string      `json:"against"`
	Confident recon.Paise `json:"itc_confident"`
	Review    recon.Paise `json:"itc_review"`
	ITCAtRisk recon.Paise `json:"itc_at_risk"`
	Undecided int         `json:"undecided_rows"`
}

// WatchSummary is the last supplier watch at a glance.
type WatchSummary struct {
	CheckedAt string             `json:"checked_at"` // RFC 3339, when it ran
	From      string             `json:"from"`       // YYYY-MM-DD
	To        string             `json:"to"`
	Suppliers int                `json:"suppliers"`
	Changes   int                `json:"changes"`
	High      int                `json:"high"`   // cancelled
	Medium    int                `json:"medium"` // inactive or expired
	Failed    int                `json:"failed"` // day lists that could not be fetched
	Top       []recon.WatchAlert `json:"top"`    // the most severe changes, at most 5
}

func summariseWatch(v recon.WatchView, at time.Time) *WatchSummary {
	w := &WatchSummary{CheckedAt: at.UTC().Format(time.RFC3339), From: v.From, To: v.To, Suppliers: v.Suppliers,
		Changes: len(v.Alerts), Failed: len(v.Failed), Top: []recon.WatchAlert{}}
	for _, a := range v.Alerts { // already most severe first, newest first
		switch a.Severity {
		case "high":
			w.High++
		case "medium":
			w.Medium++
		}
		if len(w.Top) < 5 {
			a.After = nil // the dashboard shows counts, not the invoices
			w.Top = append(w.Top, a)
		}
	}
	return w
}

// Dashboard gathers the workspace at a glance from SQLite only (it works offline).
func (s *Service) Dashboard(ctx context.Context) (Dashboard, error) {
	ws := s.core.Workspace()
	d := Dashboard{Periods: []gstr2a.PeriodInfo{}, Attention: []Attention{}} // lists, never null, for the UI
	periods, err := gstr2a.Periods(ctx, s.core.DB.DB, ws.ID)
	if err != nil {
		return d, err
	}
	if periods != nil {
		d.Periods = periods
	}
	if len(periods) > 0 {
		sc := gstr2a.Scope{WorkspaceID: ws.ID}
		for _, p := range periods {
			sc.Periods = append(sc.Periods, p.Period)
		}
		sums, err := gstr2a.Suppliers(ctx, s.core.DB.DB, sc, s.Returns.SupplierNames(ctx))
		if err != nil {
			return d, err
		}
		d.Suppliers = len(sums)
		for _, x := range sums {
			d.ITC += x.Tax
			var a *Attention
			switch {
			case x.CancelledOn != "":
				a = &Attention{Reason: "cancelled", CancelledOn: x.CancelledOn}
			case x.FiledGSTR1 == "N":
				a = &Attention{Reason: "not_filed_gstr1"}
			case x.FiledGSTR3B == "N":
				a = &Attention{Reason: "not_filed_gstr3b"}
			}
			if a != nil {
				a.GSTIN, a.Name, a.Periods, a.Tax = x.GSTIN, x.Name, x.NotFiledPeriods, x.Tax
				d.AttentionTax += x.Tax
				d.Attention = append(d.Attention, *a)
			}
		}
		sort.SliceStable(d.Attention, func(i, j int) bool { return d.Attention[i].Tax > d.Attention[j].Tax })
		gstins := make([]string, len(d.Attention))
		for i, a := range d.Attention {
			gstins[i] = a.GSTIN
		}
		dir := s.Lookups.Directory(ctx, gstins)
		for i := range d.Attention {
			a := &d.Attention[i]
			a.Name, a.Status = dir.Name(a.GSTIN, a.Name, ""), dir.Status(a.GSTIN)
		}
	}
	if rr, err := s.Recon.Runs(ctx); err != nil {
		return d, err
	} else if len(rr) > 0 { // newest first
		sum, err := s.Recon.Summary(ctx, rr[0].ID)
		if err != nil {
			return d, err
		}
		t := sum.Total
		d.Recon = &ReconGlance{RunID: rr[0].ID, From: rr[0].FromPeriod, To: rr[0].ToPeriod, CreatedAt: rr[0].CreatedAt, Against: cmp.Or(rr[0].Against, recon.AgainstGSTR2A),
			Confident: t.ITCConfident, Review: t.ITCReview, ITCAtRisk: t.ITCAtRisk, Undecided: t.UndecidedRows}
	}
	runs, err := payroll.Runs(ctx, s.core.DB.DB, ws.ID)
	if err != nil {
		return d, err
	}
	d.Runs = len(runs)
	if len(runs) > 0 {
		latest := runs[0]
		for _, r := range runs {
			if r.CreatedAt.After(latest.CreatedAt) {
				latest = r
			}
		}
		d.LatestRun = &latest
	}
	if v, at, ok, err := s.Recon.LastWatch(ctx); err != nil {
		return d, err
	} else if ok {
		d.Watch = summariseWatch(v, at)
	}
	if lk, err := s.Lookups.ForWorkspace(ctx); err == nil {
		if known, err := lk.KnownGSTINs(ctx); err == nil {
			d.KnownGSTINs = len(known)
		}
	}
	return d, nil
}
