package main

import (
	"context"
	"log/slog"
	"os"

	"github.com/wailsapp/wails/v2/pkg/runtime"

	"gstdesk/backend/config"
	"gstdesk/backend/desk"
	"gstdesk/backend/store"
)

// App is the switchboard between the window and backend/: every bound method delegates in a
// few lines to desk.Service.
type App struct {
	ctx context.Context
	log *slog.Logger
	svc *desk.Service
}

// NewApp returns the App; the backend opens in startup.
func NewApp(log *slog.Logger) *App { return &App{log: log} }

func (a *App) startup(ctx context.Context) {
	a.ctx = ctx
	svc, err := desk.Start(ctx, desk.Options{Log: a.log, Getenv: os.Getenv, Emit: func(name string, data any) { runtime.EventsEmit(ctx, name, data) }})
	if err != nil {
		a.log.Error("startup", "err", err.Error())
		runtime.MessageDialog(ctx, runtime.MessageDialogOptions{Type: runtime.ErrorDialog, Title: "gstdesk cannot open its data", Message: err.Error()})
		runtime.Quit(ctx)
		return
	}
	a.svc = svc
}

func (a *App) shutdown(context.Context) {
	if a.svc != nil {
		a.svc.Close()
	}
}

// Info describes the app and the current workspace for the status bar.
func (a *App) Info() (desk.Info, error) { return a.svc.Info(a.ctx) }

// Online reports whether the remote service can be reached.
func (a *App) Online() bool { return a.svc.Online(a.ctx) }

// SetOffline switches "work offline" on or off.
func (a *App) SetOffline(off bool) { a.svc.SetOffline(off) }

// Workspaces lists the client workspaces.
func (a *App) Workspaces() ([]store.Workspace, error) { return a.svc.Workspaces(a.ctx) }

// CreateWorkspace adds a client workspace and switches to it.
func (a *App) CreateWorkspace(name, gstin, env string) (store.Workspace, error) {
	return a.svc.CreateWorkspace(a.ctx, name, gstin, env)
}

// SwitchWorkspace opens another workspace.
func (a *App) SwitchWorkspace(id string) (store.Workspace, error) {
	return a.svc.SwitchWorkspace(a.ctx, id)
}

// Settings returns the current workspace's settings.
func (a *App) Settings() (config.Settings, error) { return a.svc.Settings(a.ctx) }

// SaveSettings stores the current workspace's name, GSTIN and settings.
func (a *App) SaveSettings(name, gstin string, s config.Settings) (store.Workspace, error) {
	return a.svc.SaveSettings(a.ctx, name, gstin, s)
}

// SaveCredentials puts the API key and secret of an environment in the keychain.
func (a *App) SaveCredentials(env, key, secret string) (config.CredentialStatus, error) {
	return a.svc.SaveCredentials(env, key, secret)
}

// DeleteCredentials removes an environment's API key and secret from the keychain.
func (a *App) DeleteCredentials(env string) (config.CredentialStatus, error) {
	return a.svc.DeleteCredentials(env)
}

// JobState returns a long job's progress.
func (a *App) JobState(id string) (desk.JobEvent, error) { ev, _, err := a.svc.Job(id); return ev, err }

// CancelJob stops a long job; what it finished is kept.
func (a *App) CancelJob(id string) { a.svc.CancelJob(id) }

// Jobs lists the running jobs and those finished in the last half hour, for the jobs panel.
func (a *App) Jobs() []desk.JobEvent { return a.svc.Jobs() }

// LookupGSTIN checks one GSTIN locally, then searches it (cache first unless fresh).
func (a *App) LookupGSTIN(gstin string, fresh bool) (desk.LookupDetail, error) {
	return a.svc.LookupGSTIN(a.ctx, gstin, fresh)
}

// Preference looks up a GSTIN's return-filing preference for a financial year.
func (a *App) Preference(gstin, fy string) (desk.PreferenceView, error) {
	return a.svc.Preference(a.ctx, gstin, fy)
}

// StartBulkText starts a bulk check of a pasted list of GSTINs; progress comes as job events.
func (a *App) StartBulkText(text string, fresh bool) (string, error) {
	return a.svc.StartBulkText(a.ctx, text, fresh)
}

// StartBulkFile starts a bulk check of the GSTIN column of a CSV or XLSX file.
func (a *App) StartBulkFile(name string, data []byte, column string, fresh bool) (string, error) {
	return a.svc.StartBulkFile(a.ctx, name, data, column, fresh)
}

// BulkResult returns a finished bulk check.
func (a *App) BulkResult(id string) (desk.BulkView, error) { return a.svc.BulkResult(id) }

// ExportLookups writes lookup rows (the current view) to the exports folder.
func (a *App) ExportLookups(rows []desk.LookupRow, format string) (string, error) {
	return a.svc.ExportRows(rows, format)
}

// StartChanged fetches every page of the changed list for a date and state as a job.
func (a *App) StartChanged(date, state string, fresh bool) string {
	return a.svc.StartChanged(date, state, fresh)
}

// ChangedResult returns a finished changed-list job.
func (a *App) ChangedResult(id string) (desk.ChangedView, error) { return a.svc.ChangedResult(id) }

// Applicant looks up an unregistered applicant by enrolment number.
func (a *App) Applicant(enrolment string) (desk.ApplicantView, error) {
	return a.svc.Applicant(a.ctx, enrolment)
}

// ApplicantCheck checks an applicant's e-mail and/or mobile number.
func (a *App) ApplicantCheck(enrolment, email, mobile string) (desk.ContactCheckView, error) {
	return a.svc.ApplicantCheck(a.ctx, enrolment, email, mobile)
}

// SessionStatus describes the stored GST portal session of a GSTIN ("" = the workspace's).
func (a *App) SessionStatus(gstin string) (desk.SessionView, error) {
	return a.svc.SessionStatus(a.ctx, gstin)
}

// RequestOTP asks the GST portal to send the taxpayer an OTP.
func (a *App) RequestOTP(username, gstin string) error {
	return a.svc.RequestOTP(a.ctx, username, gstin)
}

// VerifyOTP opens the taxpayer's GST portal session with the OTP.
func (a *App) VerifyOTP(username, gstin, otp string) (desk.SessionView, error) {
	return a.svc.VerifyOTP(a.ctx, username, gstin, otp)
}

// Logout ends the taxpayer's GST portal session.
func (a *App) Logout(gstin string) error { return a.svc.Logout(a.ctx, gstin) }

// StartPull pulls GSTR-2A periods as a job; progress comes as job events.
func (a *App) StartPull(req desk.PullRequest) (string, error) { return a.svc.StartPull(a.ctx, req) }

// PullResults returns how each period of a finished pull went.
func (a *App) PullResults(id string) ([]desk.PullResult, error) { return a.svc.PullResults(id) }

// GSTR2APeriods lists the pulled periods.
func (a *App) GSTR2APeriods() ([]desk.GSTR2APeriod, error) { return a.svc.GSTR2APeriods(a.ctx) }

// GSTR2ATotals are the summary cards of the chosen periods.
func (a *App) GSTR2ATotals(sc desk.GSTR2AScope) (desk.GSTR2ATotals, error) {
	return a.svc.GSTR2ATotals(a.ctx, sc)
}

// GSTR2ASuppliers is the supplier summary of the chosen periods.
func (a *App) GSTR2ASuppliers(sc desk.GSTR2AScope) ([]desk.GSTR2ASupplier, error) {
	return a.svc.GSTR2ASuppliers(a.ctx, sc)
}

// GSTR2AInvoices is one page of the invoice table.
func (a *App) GSTR2AInvoices(sc desk.GSTR2AScope, q desk.GSTR2AQuery) (desk.GSTR2APage, error) {
	return a.svc.GSTR2AInvoices(a.ctx, sc, q)
}

// GSTR2AItems are an invoice's line items.
func (a *App) GSTR2AItems(invoiceID int64) ([]desk.GSTR2ALineItem, error) {
	return a.svc.GSTR2AItems(a.ctx, invoiceID)
}

// GSTR2ATaxBySupplier is the top suppliers by tax.
func (a *App) GSTR2ATaxBySupplier(sc desk.GSTR2AScope, n int) ([]desk.GSTR2ASupplierTx, error) {
	return a.svc.GSTR2ATaxBySupplier(a.ctx, sc, n)
}

// GSTR2ATaxByMonth is the tax per period.
func (a *App) GSTR2ATaxByMonth(sc desk.GSTR2AScope) ([]desk.GSTR2AMonthTax, error) {
	return a.svc.GSTR2ATaxByMonth(a.ctx, sc)
}

// GSTR2ASnapshots lists every pull of a period.
func (a *App) GSTR2ASnapshots(period string) ([]desk.GSTR2ASnapshot, error) {
	return a.svc.GSTR2ASnapshots(a.ctx, period)
}

// GSTR2ADiff says what changed between two pulls.
func (a *App) GSTR2ADiff(fromID, toID string) (desk.GSTR2ADiff, error) {
	return a.svc.GSTR2ADiff(a.ctx, fromID, toID)
}

// GSTR2AExport writes the current view to the exports folder.
func (a *App) GSTR2AExport(sc desk.GSTR2AScope, q desk.GSTR2AQuery, level, format string) (string, error) {
	return a.svc.GSTR2AExport(a.ctx, sc, q, level, format)
}

// StartSupplierLookup looks up the suppliers without a name, as a bulk job.
func (a *App) StartSupplierLookup(sc desk.GSTR2AScope) (string, error) {
	return a.svc.StartSupplierLookup(a.ctx, sc)
}

// OpenDataFolder shows the data folder in the file manager.
func (a *App) OpenDataFolder() { runtime.BrowserOpenURL(a.ctx, "file://"+a.svc.DB.Dir) }

// Dashboard is the workspace at a glance (SQLite only: works offline).
func (a *App) Dashboard() (desk.Dashboard, error) { return a.svc.Dashboard(a.ctx) }

// TDSTargets lists the columns a payroll sheet may have.
func (a *App) TDSTargets() []desk.TDSTarget { return a.svc.TDSTargets() }

// TDSImportData reads a payroll file chosen in the window (base64 contents).
func (a *App) TDSImportData(name, data string) (desk.TDSImport, error) {
	return a.svc.TDSImportData(a.ctx, name, data)
}

// TDSImportPath reads a payroll file from a path on this computer.
func (a *App) TDSImportPath(path string) (desk.TDSImport, error) {
	return a.svc.TDSImportPath(a.ctx, path)
}

// TDSImportExample reads the template filled with demo employees.
func (a *App) TDSImportExample() (desk.TDSImport, error) { return a.svc.TDSImportExample(a.ctx) }

// TDSRemap reads a waiting import again with the user's header mapping.
func (a *App) TDSRemap(token string, mapping map[string]string) (desk.TDSImport, error) {
	return a.svc.TDSRemap(a.ctx, token, mapping)
}

// TDSStartRun computes and stores a waiting import as a payroll run (a job).
func (a *App) TDSStartRun(token, fy string, month int, skipBad bool) (string, error) {
	return a.svc.TDSStartRun(a.ctx, token, fy, month, skipBad)
}

// TDSRunResult returns the run a finished run job stored.
func (a *App) TDSRunResult(id string) (desk.TDSRun, error) { return a.svc.TDSRunResult(id) }

// TDSRuns lists the workspace's payroll runs.
func (a *App) TDSRuns() ([]desk.TDSRun, error) { return a.svc.TDSRuns(a.ctx) }

// TDSRun returns one payroll run.
func (a *App) TDSRun(id string) (desk.TDSRun, error) { return a.svc.TDSRun(a.ctx, id) }

// TDSDeleteRun removes a payroll run.
func (a *App) TDSDeleteRun(id string) error { return a.svc.TDSDeleteRun(a.ctx, id) }

// TDSRows returns a page of a run's table.
func (a *App) TDSRows(id string, q desk.TDSQuery) (desk.TDSPage, error) {
	return a.svc.TDSRows(a.ctx, id, q)
}

// TDSSheet returns an employee's computation sheet.
func (a *App) TDSSheet(id string, seq int) (desk.TDSSheet, error) {
	return a.svc.TDSSheet(a.ctx, id, seq)
}

// TDSCompare sets one run against an earlier one.
func (a *App) TDSCompare(from, to string) (desk.TDSComparison, error) {
	return a.svc.TDSCompare(a.ctx, from, to)
}

// TDSExport writes a run's table (filter applied) as csv, xlsx or json.
func (a *App) TDSExport(id string, q desk.TDSQuery, format string) (string, error) {
	return a.svc.TDSExport(a.ctx, id, q, format)
}

// TDSExportFull writes a run with every input item and both regimes' figures.
func (a *App) TDSExportFull(id, format string) (string, error) {
	return a.svc.TDSExportFull(a.ctx, id, format)
}

// TDSExportWorkbooks writes every employee's response workbook (JSON).
func (a *App) TDSExportWorkbooks(id string) (string, error) {
	return a.svc.TDSExportWorkbooks(a.ctx, id)
}

// TDSExportSheet writes an employee's computation sheet as html or xlsx.
func (a *App) TDSExportSheet(id string, seq int, format string) (string, error) {
	return a.svc.TDSExportSheet(a.ctx, id, seq, format)
}

// TDSTemplate writes the payroll template to the exports folder.
func (a *App) TDSTemplate() (string, error) { return a.svc.TDSTemplate() }

// TDSCrossCheck checks employees of a run against the remote calculator.
func (a *App) TDSCrossCheck(id string, seqs []int) ([]desk.TDSCheck, error) {
	return a.svc.TDSCrossCheck(a.ctx, id, seqs)
}

// ReconFields lists the fields of a purchase register, for the mapping table.
func (a *App) ReconFields() []desk.ReconField { return a.svc.ReconFields() }

// ReconImportData reads a purchase register chosen in the window (base64).
func (a *App) ReconImportData(name, base64Data string) (desk.ReconImport, error) {
	return a.svc.ReconImportData(a.ctx, name, base64Data)
}

// ReconImportPath reads a purchase register from a path on this computer.
func (a *App) ReconImportPath(path string) (desk.ReconImport, error) {
	return a.svc.ReconImportPath(a.ctx, path)
}

// ReconSampleRegister makes a demo register from the stored GSTR-2A of the periods.
func (a *App) ReconSampleRegister(from, to string) (desk.ReconImport, error) {
	return a.svc.ReconSampleRegister(a.ctx, from, to)
}

// ReconConfirmMapping reads an import with the chosen mapping and saves the mapping.
func (a *App) ReconConfirmMapping(token string, mapping map[string]string) (desk.ReconImport, error) {
	return a.svc.ReconConfirmMapping(a.ctx, token, mapping)
}

// ReconStartRun reconciles an imported register with the stored GSTR-2A as a job.
func (a *App) ReconStartRun(token, from, to string) (string, error) {
	return a.svc.ReconStartRun(a.ctx, token, from, to)
}

// ReconRerun runs a stored run again with the decisions made since, as a job.
func (a *App) ReconRerun(runID string) (string, error) { return a.svc.ReconRerun(a.ctx, runID) }

// ReconRunResult returns the run a finished reconciliation job stored.
func (a *App) ReconRunResult(id string) (desk.ReconRun, error) { return a.svc.ReconRunResult(id) }

// ReconRuns lists the workspace's reconciliation runs, newest first.
func (a *App) ReconRuns() ([]desk.ReconRun, error) { return a.svc.ReconRuns(a.ctx) }

// ReconDeleteRun removes a reconciliation run.
func (a *App) ReconDeleteRun(runID string) error { return a.svc.ReconDeleteRun(a.ctx, runID) }

// ReconRows returns a page of a run's rows of one status with the counts of all.
func (a *App) ReconRows(runID, status, filter string, offset, limit int) (desk.ReconRowsView, error) {
	return a.svc.ReconRows(a.ctx, runID, status, filter, offset, limit)
}

// ReconExplain explains one row of a run.
func (a *App) ReconExplain(runID, key string) (desk.ReconExplanation, error) {
	return a.svc.ReconExplain(a.ctx, runID, key)
}

// ReconSetAction records accept, pending, ignore or clear on one row.
func (a *App) ReconSetAction(key, action string) error {
	return a.svc.ReconSetAction(a.ctx, key, action)
}

// ReconSetActions records one decision on many rows.
func (a *App) ReconSetActions(keys []string, action string) error {
	return a.svc.ReconSetActions(a.ctx, keys, action)
}

// ReconLink pairs a register invoice with a GSTR-2A invoice by hand.
func (a *App) ReconLink(booksID, gstr2aID string) error {
	return a.svc.ReconLink(a.ctx, booksID, gstr2aID)
}

// ReconUnlink keeps a register invoice and a GSTR-2A invoice apart.
func (a *App) ReconUnlink(booksID, gstr2aID string) error {
	return a.svc.ReconUnlink(a.ctx, booksID, gstr2aID)
}

// ReconSummary summarises a run per period.
func (a *App) ReconSummary(runID string) (desk.ReconSummary, error) {
	return a.svc.ReconSummary(a.ctx, runID)
}

// ReconSuppliers summarises a run per supplier with risk marks.
func (a *App) ReconSuppliers(runID string) ([]desk.ReconSupplier, error) {
	return a.svc.ReconSuppliers(a.ctx, runID)
}

// ReconSupplierPack writes one supplier's pack of what to fix.
func (a *App) ReconSupplierPack(runID, gstin, format string) (string, error) {
	return a.svc.ReconSupplierPack(a.ctx, runID, gstin, format)
}

// ReconExport writes a run's rows, summary or suppliers.
func (a *App) ReconExport(runID, what, status, format string) (string, error) {
	return a.svc.ReconExport(a.ctx, runID, what, status, format)
}

// ReconStartWatch checks the changed list for the workspace's suppliers over a date range, as a job.
func (a *App) ReconStartWatch(from, to string) string { return a.svc.ReconStartWatch(a.ctx, from, to) }

// ReconWatchResult returns a finished supplier watch.
func (a *App) ReconWatchResult(id string) (desk.WatchView, error) { return a.svc.ReconWatchResult(id) }

// ReconWatchExport writes a supplier watch's alerts.
func (a *App) ReconWatchExport(v desk.WatchView, format string) (string, error) {
	return a.svc.ReconWatchExport(v, format)
}

// PaletteSearch finds GSTINs, suppliers and employees for the command palette (Ctrl+K).
func (a *App) PaletteSearch(q string) ([]desk.PaletteHit, error) {
	return a.svc.PaletteSearch(a.ctx, q)
}
