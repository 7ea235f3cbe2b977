package main

import (
	"gstdesk/backend/desk/returns"
	"gstdesk/backend/gstr2a"
)

// Returns binds the returns area: GST portal sign-in, GSTR-2A pulls and their review.
type Returns struct{ *shell }

// SessionStatus describes the stored GST portal session of a GSTIN ("" = the workspace's).
func (b *Returns) SessionStatus(gstin string) (returns.SessionView, error) {
	return b.d.Returns.SessionStatus(b.ctx, gstin)
}

// RequestOTP asks the GST portal to send the taxpayer an OTP.
func (b *Returns) RequestOTP(username, gstin string) error {
	return b.d.Returns.RequestOTP(b.ctx, username, gstin)
}

// VerifyOTP opens the taxpayer's GST portal session with the OTP.
func (b *Returns) VerifyOTP(username, gstin, otp string) (returns.SessionView, error) {
	return b.d.Returns.VerifyOTP(b.ctx, username, gstin, otp)
}

// Logout ends the taxpayer's GST portal session.
func (b *Returns) Logout(gstin string) error { return b.d.Returns.Logout(b.ctx, gstin) }

// StartPull pulls GSTR-2A periods as a job; progress comes as job events.
func (b *Returns) StartPull(req returns.PullRequest) (string, error) {
	return b.d.Returns.StartPull(b.ctx, req)
}

// PullResults returns how each period of a finished pull went.
func (b *Returns) PullResults(id string) ([]returns.PullResult, error) {
	return b.d.Returns.PullResults(id)
}

// GSTR2APeriods lists the pulled periods.
func (b *Returns) GSTR2APeriods() ([]gstr2a.PeriodInfo, error) {
	return b.d.Returns.GSTR2APeriods(b.ctx)
}

// GSTR2ATotals are the summary cards of the chosen periods.
func (b *Returns) GSTR2ATotals(sc gstr2a.Scope) (gstr2a.Totals, error) {
	return b.d.Returns.GSTR2ATotals(b.ctx, sc)
}

// GSTR2ASuppliers is the supplier summary of the chosen periods.
func (b *Returns) GSTR2ASuppliers(sc gstr2a.Scope) ([]gstr2a.SupplierSummary, error) {
	return b.d.Returns.GSTR2ASuppliers(b.ctx, sc)
}

// GSTR2AInvoices is one page of the invoice table.
func (b *Returns) GSTR2AInvoices(sc gstr2a.Scope, q gstr2a.InvoiceQuery) (gstr2a.InvoicePage, error) {
	return b.d.Returns.GSTR2AInvoices(b.ctx, sc, q)
}

// GSTR2ADocuments is one page of the documents of the sections besides B2B.
func (b *Returns) GSTR2ADocuments(sc gstr2a.Scope, q gstr2a.DocumentQuery) (gstr2a.DocumentPage, error) {
	return b.d.Returns.GSTR2ADocuments(b.ctx, sc, q)
}

// GSTR2ADocumentItems are a document's line items.
func (b *Returns) GSTR2ADocumentItems(snapshotID string, seq int64) ([]gstr2a.LineItem, error) {
	return b.d.Returns.GSTR2ADocumentItems(b.ctx, snapshotID, seq)
}

// GSTR2ADocumentsExport writes the documents matching q to the exports folder.
func (b *Returns) GSTR2ADocumentsExport(sc gstr2a.Scope, q gstr2a.DocumentQuery, format string) (string, error) {
	return b.d.Returns.GSTR2ADocumentsExport(b.ctx, sc, q, format)
}

// GSTR2AItems are an invoice's line items.
func (b *Returns) GSTR2AItems(invoiceID int64) ([]gstr2a.LineItem, error) {
	return b.d.Returns.GSTR2AItems(b.ctx, invoiceID)
}

// GSTR2ATaxBySupplier is the top suppliers by tax.
func (b *Returns) GSTR2ATaxBySupplier(sc gstr2a.Scope, n int) ([]gstr2a.SupplierTax, error) {
	return b.d.Returns.GSTR2ATaxBySupplier(b.ctx, sc, n)
}

// GSTR2ATaxByMonth is the tax per period.
func (b *Returns) GSTR2ATaxByMonth(sc gstr2a.Scope) ([]gstr2a.MonthTax, error) {
	return b.d.Returns.GSTR2ATaxByMonth(b.ctx, sc)
}

// GSTR2ASnapshots lists every pull of a period.
func (b *Returns) GSTR2ASnapshots(period string) ([]gstr2a.Snapshot, error) {
	return b.d.Returns.GSTR2ASnapshots(b.ctx, period)
}

// GSTR2ADefaultComparison picks the two pulls of a period to compare like with like.
func (b *Returns) GSTR2ADefaultComparison(period string) (returns.Comparison, error) {
	return b.d.Returns.GSTR2ADefaultComparison(b.ctx, period)
}

// GSTR2ADiff says what changed between two pulls.
func (b *Returns) GSTR2ADiff(fromID, toID string) (gstr2a.Diff, error) {
	return b.d.Returns.GSTR2ADiff(b.ctx, fromID, toID)
}

// GSTR2AExport writes the current view to the exports folder.
func (b *Returns) GSTR2AExport(sc gstr2a.Scope, q gstr2a.InvoiceQuery, level, format string) (string, error) {
	return b.d.Returns.GSTR2AExport(b.ctx, sc, q, level, format)
}

// StartSupplierLookup looks up the suppliers without a name, as a bulk job.
func (b *Returns) StartSupplierLookup(sc gstr2a.Scope) (string, error) {
	return b.d.Returns.StartSupplierLookup(b.ctx, sc)
}
