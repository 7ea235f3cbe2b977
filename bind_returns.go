package main

import (
	"gstdesk/backend/desk/core"
	"gstdesk/backend/desk/returns"
	"gstdesk/backend/gstapi"
	"gstdesk/backend/gstr2a"
	"gstdesk/backend/gstr2b"
	"gstdesk/backend/ims"
	"gstdesk/backend/period"
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
func (b *Returns) GSTR2ASnapshots(p string) ([]gstr2a.Snapshot, error) {
	return withMonth(p, func(m period.Month) ([]gstr2a.Snapshot, error) { return b.d.Returns.GSTR2ASnapshots(b.ctx, m) })
}

// GSTR2ADefaultComparison picks the two pulls of a period to compare like with like.
func (b *Returns) GSTR2ADefaultComparison(p string) (returns.Comparison, error) {
	return withMonth(p, func(m period.Month) (returns.Comparison, error) { return b.d.Returns.GSTR2ADefaultComparison(b.ctx, m) })
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

// StartPullGSTR2B pulls the GSTR-2B of periods (YYYY-MM) as a job; progress comes as job events.
func (b *Returns) StartPullGSTR2B(periods []string) (string, error) {
	return withMonths(periods, func(ms []period.Month) (string, error) { return b.d.Returns.StartPullGSTR2B(b.ctx, ms) })
}

// PullGSTR2BResults returns how each period of a finished 2B pull went.
func (b *Returns) PullGSTR2BResults(id string) ([]returns.Pull2BResult, error) {
	return b.d.Returns.PullGSTR2BResults(id)
}

// GSTR2BPeriods lists the periods with a GSTR-2B.
func (b *Returns) GSTR2BPeriods() ([]gstr2b.PeriodInfo, error) {
	return b.d.Returns.GSTR2BPeriods(b.ctx)
}

// GSTR2BView is one snapshot of a period for the screen ("" = the latest).
func (b *Returns) GSTR2BView(p, snapshotID string) (returns.GSTR2BView, error) {
	return withMonth(p, func(m period.Month) (returns.GSTR2BView, error) { return b.d.Returns.GSTR2BView(b.ctx, m, snapshotID) })
}

// GSTR2BDocuments is one page of a snapshot's documents.
func (b *Returns) GSTR2BDocuments(snapshotID string, q gstr2b.DocQuery) (gstr2b.DocPage, error) {
	return b.d.Returns.GSTR2BDocuments(b.ctx, snapshotID, q)
}

// GSTR2BDiff compares two snapshots of a period (both "" = the newest two).
func (b *Returns) GSTR2BDiff(p, fromID, toID string) (gstr2b.Diff, error) {
	return withMonth(p, func(m period.Month) (gstr2b.Diff, error) { return b.d.Returns.GSTR2BDiff(b.ctx, m, fromID, toID) })
}

// ImportPortalPath imports a GSTR-2A or GSTR-2B JSON file from the GST portal (its path, chosen
// with Files.ChooseFile).
func (b *Returns) ImportPortalPath(path string) (returns.ImportResult, error) {
	return b.d.Returns.ImportPortalPath(b.ctx, path)
}

// IMSCount is the IMS counts by section and action.
func (b *Returns) IMSCount() (*gstapi.IMSCounts, error) { return b.d.Returns.IMSCount(b.ctx) }

// IMSList lists IMS documents from the service (section/status "" for all) and keeps them.
func (b *Returns) IMSList(section, status string) ([]ims.Record, error) {
	return b.d.Returns.IMSList(b.ctx, section, status)
}

// IMSStored is the IMS documents as last listed.
func (b *Returns) IMSStored(section, status string) ([]ims.Record, error) {
	return b.d.Returns.IMSStored(b.ctx, section, status)
}

// StartIMSApply sends IMS actions as a job.
func (b *Returns) StartIMSApply(reqs []returns.IMSChangeRequest) (string, error) {
	return b.d.Returns.StartIMSApply(b.ctx, reqs)
}

// IMSApplyResults is how a finished IMS job's actions ended.
func (b *Returns) IMSApplyResults(id string) (returns.IMSApplyResult, error) {
	return b.d.Returns.IMSApplyResults(id)
}

// IMSLog is the IMS actions sent from this workspace, newest first.
func (b *Returns) IMSLog() ([]ims.LogEntry, error) { return b.d.Returns.IMSLog(b.ctx) }

// StartRegenerateGSTR2B regenerates a period's 2B and pulls it, as a job.
func (b *Returns) StartRegenerateGSTR2B(p string) (string, error) {
	return withMonth(p, func(m period.Month) (string, error) { return b.d.Returns.StartRegenerateGSTR2B(b.ctx, m) })
}

// RegenerateResults is how a finished regeneration went.
func (b *Returns) RegenerateResults(id string) (returns.RegenerateResult, error) {
	return b.d.Returns.RegenerateResults(id)
}

// PlanPullGSTR2B says what a 2B pull of periods would spend, before it starts.
func (b *Returns) PlanPullGSTR2B(periods []string) (core.CallPlan, error) {
	return withMonths(periods, func(ms []period.Month) (core.CallPlan, error) { return b.d.Returns.PlanPullGSTR2B(b.ctx, ms) })
}

// GSTR2BExport writes a snapshot's documents matching q to the exports folder; returns the path.
func (b *Returns) GSTR2BExport(snapshotID string, q gstr2b.DocQuery, format string) (string, error) {
	return b.d.Returns.GSTR2BExport(b.ctx, snapshotID, q, format)
}

// IMSStoredView is the IMS documents as last listed, with suppliers' names (offline).
func (b *Returns) IMSStoredView() (returns.IMSView, error) { return b.d.Returns.IMSStoredView(b.ctx) }

// IMSRefresh reads every IMS section afresh from the service.
func (b *Returns) IMSRefresh() (returns.IMSView, error) { return b.d.Returns.IMSRefresh(b.ctx) }
