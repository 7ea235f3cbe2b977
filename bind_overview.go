package main

import (
	"gstdesk/backend/desk/overview"
	"gstdesk/backend/figure"
)

// Overview binds the overview area: the dashboard and the command palette.
type Overview struct{ *shell }

// Dashboard is the workspace at a glance (SQLite only: works offline).
func (b *Overview) Dashboard() (overview.Dashboard, error) { return b.d.Overview.Dashboard(b.ctx) }

// PaletteSearch finds GSTINs, suppliers and employees for the command palette (Ctrl+K).
func (b *Overview) PaletteSearch(q string) ([]overview.PaletteHit, error) {
	return b.d.Overview.PaletteSearch(b.ctx, q)
}

// DashboardWeek is the dashboard's "what must I do": what is due by when (GSTR-3B with the
// month's claim, TDS deposit, IMS pending lapsing, Rule 37A, s.16(4), GSTR-9), what is overdue
// and the IMS backlog, from what is stored (works offline).
func (b *Overview) DashboardWeek() (overview.Week, error) { return b.d.Overview.ThisWeek(b.ctx) }

// Figures is the name and one-line definition of every ITC figure (backend/figure): the screens
// take their labels from it, so each figure has one name everywhere.
func (b *Overview) Figures() []figure.Figure { return figure.All() }
