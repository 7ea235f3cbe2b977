package desk

import (
	"context"
	"sort"
	"strings"

	"gstdesk/backend/apperr"
	"gstdesk/backend/gstin"
	"gstdesk/backend/tds"
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
	rows, err := s.DB.QueryContext(ctx, `SELECT DISTINCT p.ctin FROM gstr2a_suppliers p
		JOIN gstr2a_snapshots n ON n.sid = p.sid WHERE n.workspace_id = ?`, s.Workspace().ID)
	if err != nil {
		return nil, apperr.Wrap(apperr.Internal, err, "could not search the suppliers")
	}
	var all []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			rows.Close()
			return nil, apperr.Wrap(apperr.Internal, err, "could not search the suppliers")
		}
		inTwoA[c] = true
		all = append(all, c)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, apperr.Wrap(apperr.Internal, err, "could not search the suppliers")
	}
	lk, err := s.Lookups(ctx)
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
	names, err := lk.Names(ctx, all)
	if err != nil {
		return nil, apperr.Wrap(apperr.Internal, err, "could not search the supplier names")
	}
	compact := strings.ReplaceAll(up, " ", "")
	var hits []PaletteHit
	for _, g := range all {
		name := names[g]
		if !strings.Contains(g, compact) && !strings.Contains(strings.ToUpper(name), up) {
			continue
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
	like := "%" + strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(up) + "%"
	rows, err := s.DB.QueryContext(ctx, `SELECT e.run_id, e.seq, e.name, e.code, e.pan, r.fy, r.created_at
		FROM payroll_employees e JOIN payroll_runs r ON r.id = e.run_id
		WHERE r.workspace_id = ? AND (upper(e.name) LIKE ? ESCAPE '\' OR upper(e.code) LIKE ? ESCAPE '\' OR upper(e.pan) LIKE ? ESCAPE '\')
		ORDER BY r.created_at DESC, e.seq LIMIT 200`, s.Workspace().ID, like, like, like)
	if err != nil {
		return nil, apperr.Wrap(apperr.Internal, err, "could not search the employees")
	}
	defer rows.Close()
	seen := map[string]bool{}
	var hits []PaletteHit
	for rows.Next() && len(hits) < paletteMax {
		var run, name, code, pan, created string
		var seq, fy int
		if err := rows.Scan(&run, &seq, &name, &code, &pan, &fy, &created); err != nil {
			return nil, apperr.Wrap(apperr.Internal, err, "could not search the employees")
		}
		who := strings.ToUpper(code + "|" + pan + "|" + name)
		if seen[who] {
			continue
		}
		seen[who] = true
		title := name
		if title == "" {
			title = "Employee " + code
		}
		var parts []string
		for _, p := range []string{code, pan} {
			if p != "" {
				parts = append(parts, p)
			}
		}
		detail := strings.Join(append(parts, "salary TDS, "+tds.FY(fy).String()), " · ")
		hits = append(hits, PaletteHit{Kind: "employee", Title: title, Detail: detail, RunID: run, Seq: seq})
	}
	return hits, rows.Err()
}
