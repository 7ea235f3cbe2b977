package overview

import (
	"cmp"
	"context"
	"sort"
	"strings"

	"gstdesk/backend/apperr"
	"gstdesk/backend/gstin"
	"gstdesk/backend/gstr2a"
	"gstdesk/backend/payroll"
)

// PaletteHit is one thing the command palette (Ctrl+K) can jump to besides the screens.
type PaletteHit struct {
	// Kind is "gstin" (look it up), "supplier" (its GSTR-2A invoices) or "employee" (the
	// computation sheet in a payroll run).
	Kind   string `json:"kind"`
	Title  string `json:"title"`
	Detail string `json:"detail"`
	GSTIN  string `json:"gstin,omitempty"`
	RunID  string `json:"run_id,omitempty"`
	Seq    int    `json:"seq,omitempty"`
}

// paletteMax is the most hits of each kind.
const paletteMax = 6

// PaletteSearch finds what q (two characters or more) names in the workspace, from SQLite only:
// a GSTIN typed in full, suppliers of the stored GSTR-2A and looked-up GSTINs by GSTIN or name, and
// employees of the payroll runs by name, code or PAN (the newest run of each employee).
func (s *Service) PaletteSearch(ctx context.Context, q string) ([]PaletteHit, error) {
	q = strings.TrimSpace(q)
	out := []PaletteHit{}
	if len([]rune(q)) < 2 {
		return out, nil
	}
	up := strings.ToUpper(q)
	if g, err := gstin.Parse(q); err == nil {
		out = append(out, PaletteHit{Kind: "gstin", Title: "Look up " + g.String(), Detail: "Registration and filing preference", GSTIN: g.String()})
	}
	sups, err := s.paletteSuppliers(ctx, up)
	if err != nil {
		return nil, err
	}
	out = append(out, sups...)
	emps, err := s.paletteEmployees(ctx, up)
	if err != nil {
		return nil, err
	}
	return append(out, emps...), nil
}

// paletteSuppliers matches the workspace's GSTR-2A suppliers and looked-up GSTINs.
func (s *Service) paletteSuppliers(ctx context.Context, up string) ([]PaletteHit, error) {
	inTwoA := map[string]bool{}
	all, err := gstr2a.SupplierGSTINs(ctx, s.core.DB.DB, s.core.Workspace().ID)
	if err != nil {
		return nil, err
	}
	for _, c := range all {
		inTwoA[c] = true
	}
	lk, err := s.Lookups.ForWorkspace(ctx)
	if err != nil {
		return nil, err
	}
	known, err := lk.KnownGSTINs(ctx)
	if err != nil {
		return nil, apperr.Wrap(apperr.Internal, err, "could not search the looked-up GSTINs")
	}
	for _, g := range known {
		if !inTwoA[g] {
			all = append(all, g)
		}
	}
	names, err := lk.TaxpayerNames(ctx, all)
	if err != nil {
		return nil, apperr.Wrap(apperr.Internal, err, "could not search the supplier names")
	}
	compact := strings.ReplaceAll(up, " ", "")
	var hits []PaletteHit
	for _, g := range all {
		n := names[g]
		name := cmp.Or(n.Legal, n.Trade)
		// The trade name is what people call a shop ("DMart"); the legal name is on the invoice.
		byTrade := n.Trade != "" && strings.Contains(strings.ToUpper(n.Trade), up)
		if !strings.Contains(g, compact) && !strings.Contains(strings.ToUpper(name), up) && !byTrade {
			continue
		}
		if byTrade && !strings.Contains(strings.ToUpper(name), up) {
			name += " (" + n.Trade + ")"
		}
		h := PaletteHit{Kind: "supplier", Title: g, Detail: name, GSTIN: g}
		if name != "" {
			h.Title, h.Detail = name, g
		}
		if inTwoA[g] {
			h.Detail += " · invoices in GSTR-2A"
		} else {
			h.Kind, h.Detail = "gstin", strings.TrimPrefix(h.Detail+" · looked up", " · ")
		}
		hits = append(hits, h)
	}
	sort.SliceStable(hits, func(i, j int) bool {
		if hits[i].Kind != hits[j].Kind {
			return hits[i].Kind == "supplier"
		}
		return hits[i].Title < hits[j].Title
	})
	return hits[:min(len(hits), paletteMax)], nil
}

// paletteEmployees matches employees of the workspace's payroll runs, each in its newest run.
func (s *Service) paletteEmployees(ctx context.Context, up string) ([]PaletteHit, error) {
	found, err := payroll.FindEmployees(ctx, s.core.DB.DB, s.core.Workspace().ID, up, paletteMax)
	if err != nil {
		return nil, err
	}
	hits := []PaletteHit{}
	for _, e := range found {
		title := e.Name
		if title == "" {
			title = "Employee " + e.Code
		}
		var parts []string
		for _, p := range []string{e.Code, e.PAN} {
			if p != "" {
				parts = append(parts, p)
			}
		}
		detail := strings.Join(append(parts, "salary TDS, "+e.FY.String()), " · ")
		hits = append(hits, PaletteHit{Kind: "employee", Title: title, Detail: detail, RunID: e.RunID, Seq: e.Seq})
	}
	return hits, nil
}
