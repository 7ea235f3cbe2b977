package main

import (
	"gstdesk/backend/desk/reconcile"
	"gstdesk/backend/gstr3b"
	"gstdesk/backend/period"
)

// Table4 binds the GSTR-3B Table 4 worksheet, the claim period of each document, the two credit
// ledgers and the ITC tables of GSTR-9 (reconcile.Service, table4.go).
type Table4 struct{ *shell }

// Table4Worksheet builds the month's (YYYY-MM) Table 4 worksheet: rows, bridge, warnings.
func (b *Table4) Table4Worksheet(p string) (reconcile.Table4Sheet, error) {
	return withMonth(p, func(m period.Month) (reconcile.Table4Sheet, error) { return b.d.Recon.Table4(b.ctx, m) })
}

// Table4SetClaim moves a document to "claim now" in a month, or holds it.
func (b *Table4) Table4SetClaim(req reconcile.ClaimRequest) (reconcile.ClaimResult, error) {
	return b.d.Recon.SetClaim(b.ctx, req)
}

// Table4Record stores the month's worksheet as each 2B document's claim period (automatic).
func (b *Table4) Table4Record(p string) (int, error) {
	return withMonth(p, func(m period.Month) (int, error) { return b.d.Recon.RecordTable4(b.ctx, m) })
}

// Table4ClaimLog lists the changes of a supplier's document's claim period ("" for all).
func (b *Table4) Table4ClaimLog(supplier, number string) ([]gstr3b.LogEntry, error) {
	return b.d.Recon.ClaimLog(b.ctx, supplier, number)
}

// Table4MarkBlocked marks (or unmarks) a document's credit as blocked under s.17(5).
func (b *Table4) Table4MarkBlocked(supplier, kind, number, reason string, blocked bool) error {
	return b.d.Recon.MarkBlocked(b.ctx, supplier, kind, number, reason, blocked)
}

// Table4Ledgers runs the credit reversal and RCM statements up to the month.
func (b *Table4) Table4Ledgers(p string) ([]gstr3b.Ledger, error) {
	return withMonth(p, func(m period.Month) ([]gstr3b.Ledger, error) { return b.d.Recon.CreditLedgers(b.ctx, m) })
}

// Table4SetOpening enters a ledger's opening balance (once; Replace corrects it).
func (b *Table4) Table4SetOpening(o reconcile.LedgerOpening) error {
	return b.d.Recon.SetLedgerOpening(b.ctx, o)
}

// Table4Export writes the month's worksheet as xlsx or json and returns the path.
func (b *Table4) Table4Export(p, format string) (string, error) {
	return withMonth(p, func(m period.Month) (string, error) { return b.d.Recon.Table4Export(b.ctx, m, format) })
}

// GSTR9ITC works out the ITC tables of the year's GSTR-9 ("FY 2025-26").
func (b *Table4) GSTR9ITC(fy string) (gstr3b.GSTR9, error) {
	return withYear(fy, func(y period.FY) (gstr3b.GSTR9, error) { return b.d.Recon.GSTR9(b.ctx, y) })
}

// GSTR9Export writes the year's GSTR-9 ITC tables as xlsx or json and returns the path.
func (b *Table4) GSTR9Export(fy, format string) (string, error) {
	return withYear(fy, func(y period.FY) (string, error) { return b.d.Recon.GSTR9Export(b.ctx, y, format) })
}

// Table4Figures is the month's worksheet alone (rows, bridge, warnings, notes), without where its
// inputs came from: what a screen that shows only the figures reads.
func (b *Table4) Table4Figures(p string) (gstr3b.Worksheet, error) {
	s, err := withMonth(p, func(m period.Month) (reconcile.Table4Sheet, error) { return b.d.Recon.Table4(b.ctx, m) })
	return s.Worksheet, err
}
