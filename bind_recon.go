package main

import (
	"gstdesk/backend/desk/core"
	"gstdesk/backend/desk/reconcile"
	"gstdesk/backend/period"
	"gstdesk/backend/recon"
)

// Recon binds the reconciliation area: registers, runs, decisions, supplier packs and the watch.
type Recon struct{ *shell }

// ReconFields lists the fields of a purchase register, for the mapping table.
func (b *Recon) ReconFields() []recon.RegisterField { return b.d.Recon.Fields() }

// ReconImportPath reads a purchase register from its path (chosen with Files.ChooseFile, or typed).
func (b *Recon) ReconImportPath(path string) (reconcile.RegisterImport, error) {
	return b.d.Recon.ImportPath(b.ctx, path)
}

// ReconSampleRegister makes a demo register from the stored GSTR-2A of the periods.
func (b *Recon) ReconSampleRegister(from, to string) (reconcile.RegisterImport, error) {
	return withSpan(from, to, func(fm, tm period.Month) (reconcile.RegisterImport, error) {
		return b.d.Recon.SampleRegister(b.ctx, fm, tm)
	})
}

// ReconConfirmMapping reads an import with the chosen mapping and saves the mapping.
func (b *Recon) ReconConfirmMapping(token string, mapping map[string]string) (reconcile.RegisterImport, error) {
	return b.d.Recon.ConfirmMapping(b.ctx, token, mapping)
}

// ReconStartRun reconciles an imported register with the stored GSTR-2A as a job; combine adds
// up rows that repeat an invoice (the person ticked it), else they are listed as duplicates.
func (b *Recon) ReconStartRun(token, from, to string, combine bool) (string, error) {
	return withSpan(from, to, func(fm, tm period.Month) (string, error) { return b.d.Recon.StartRun(b.ctx, token, fm, tm, combine) })
}

// ReconPinRun keeps a run however many newer runs of its periods are saved (or lets it go).
func (b *Recon) ReconPinRun(runID string, pinned bool) error {
	return b.d.Recon.PinRun(b.ctx, runID, pinned)
}

// ReconRerun runs a stored run again with the decisions made since, as a job.
func (b *Recon) ReconRerun(runID string) (string, error) { return b.d.Recon.Rerun(b.ctx, runID) }

// ReconRunResult returns the run a finished reconciliation job stored.
func (b *Recon) ReconRunResult(id string) (recon.Run, error) {
	return b.d.Recon.RunResult(id)
}

// ReconRuns lists the workspace's reconciliation runs, newest first.
func (b *Recon) ReconRuns() ([]recon.Run, error) { return b.d.Recon.Runs(b.ctx) }

// ReconDeleteRun removes a reconciliation run.
func (b *Recon) ReconDeleteRun(runID string) error { return b.d.Recon.DeleteRun(b.ctx, runID) }

// ReconRows returns a page of a run's rows of one status with the counts of all.
func (b *Recon) ReconRows(runID, status, filter string, offset, limit int) (recon.RowsView, error) {
	return b.d.Recon.Rows(b.ctx, runID, status, filter, offset, limit)
}

// ReconExplain explains one row of a run.
func (b *Recon) ReconExplain(runID, key string) (recon.Explanation, error) {
	return b.d.Recon.Explain(b.ctx, runID, key)
}

// ReconSetAction records accept, pending, ignore or clear on one row.
func (b *Recon) ReconSetAction(key, action string) error {
	return b.d.Recon.SetAction(b.ctx, key, action)
}

// ReconSetActions records one decision on many rows.
func (b *Recon) ReconSetActions(keys []string, action string) error {
	return b.d.Recon.SetActions(b.ctx, keys, action)
}

// ReconLink pairs a register invoice with a GSTR-2A invoice by hand.
func (b *Recon) ReconLink(booksID, gstr2aID string) error {
	return b.d.Recon.Link(b.ctx, booksID, gstr2aID)
}

// ReconUnlink keeps a register invoice and a GSTR-2A invoice apart.
func (b *Recon) ReconUnlink(booksID, gstr2aID string) error {
	return b.d.Recon.Unlink(b.ctx, booksID, gstr2aID)
}

// ReconSummary summarises a run per period.
func (b *Recon) ReconSummary(runID string) (recon.Summary, error) {
	return b.d.Recon.Summary(b.ctx, runID)
}

// ReconSuppliers summarises a run per supplier with risk marks.
func (b *Recon) ReconSuppliers(runID string) ([]recon.SupplierSummary, error) {
	return b.d.Recon.Suppliers(b.ctx, runID)
}

// ReconSupplierPack writes one supplier's pack of what to fix.
func (b *Recon) ReconSupplierPack(runID, gstin, format string) (string, error) {
	return b.d.Recon.SupplierPack(b.ctx, runID, gstin, format)
}

// ReconExport writes a run's rows, summary or suppliers.
func (b *Recon) ReconExport(runID, what, status, format string) (string, error) {
	return b.d.Recon.Export(b.ctx, runID, what, status, format)
}

// ReconPlanWatch says what a supplier watch over a date range would spend, before it starts.
func (b *Recon) ReconPlanWatch(from, to string) (core.CallPlan, error) {
	return b.d.Recon.PlanWatch(b.ctx, from, to)
}

// ReconStartWatch checks the changed list for the workspace's suppliers over a date range, as a job.
func (b *Recon) ReconStartWatch(from, to string) string {
	return b.d.Recon.StartWatch(b.ctx, from, to)
}

// ReconWatchResult returns a finished supplier watch.
func (b *Recon) ReconWatchResult(id string) (recon.WatchView, error) {
	return b.d.Recon.WatchResult(id)
}

// ReconWatchExport writes a supplier watch's alerts.
func (b *Recon) ReconWatchExport(v recon.WatchView, format string) (string, error) {
	return b.d.Recon.WatchExport(v, format)
}

// ITCRisk is the calendar of credit at risk of a financial year ("FY 2025-26"), from what is
// stored and, when token names one, the purchase register imported in the window; each month
// keeps at most perMonth items (0: 500) and says how many more it has.
func (b *Recon) ITCRisk(fy, token string, perMonth int) (reconcile.ITCRiskCalendar, error) {
	return withYear(fy, func(y period.FY) (reconcile.ITCRiskCalendar, error) {
		return b.d.Recon.ITCRiskView(b.ctx, y, reconcile.Register{Token: token}, perMonth)
	})
}

// StartITCRisk builds ITCRisk's calendar as a cancellable job with progress (the window's road:
// a large year takes seconds); ITCRiskResult gives it.
func (b *Recon) StartITCRisk(fy, token string, perMonth int) (string, error) {
	return withYear(fy, func(y period.FY) (string, error) {
		return b.d.Recon.StartITCRisk(b.ctx, y, reconcile.Register{Token: token}, perMonth)
	})
}

// ITCRiskResult returns the calendar a finished StartITCRisk job built.
func (b *Recon) ITCRiskResult(id string) (reconcile.ITCRiskCalendar, error) {
	return b.d.Recon.ITCRiskResult(id)
}

// ITCRiskExport writes the whole calendar (CSV, XLSX or JSON) to the exports folder.
func (b *Recon) ITCRiskExport(fy, token, format string) (string, error) {
	return withYear(fy, func(y period.FY) (string, error) {
		return b.d.Recon.ITCRiskExport(b.ctx, y, reconcile.Register{Token: token}, format)
	})
}

// Scorecard scores the suppliers of a financial year, worst first (the window sorts further).
func (b *Recon) Scorecard(fy, token string) (reconcile.SupplierScorecard, error) {
	return withYear(fy, func(y period.FY) (reconcile.SupplierScorecard, error) {
		return b.d.Recon.Scorecard(b.ctx, y, reconcile.Register{Token: token})
	})
}

// ScorecardExport writes the scorecard (CSV, XLSX or JSON) to the exports folder.
func (b *Recon) ScorecardExport(fy, token, format string) (string, error) {
	return withYear(fy, func(y period.FY) (string, error) {
		return b.d.Recon.ScorecardExport(b.ctx, y, reconcile.Register{Token: token}, format)
	})
}

// StartChaserPack writes one XLSX per supplier to chase (supplier "" for all) into a new folder of
// the exports folder, as a cancellable job.
func (b *Recon) StartChaserPack(fy, token, supplier string) (string, error) {
	return withYear(fy, func(y period.FY) (string, error) {
		return b.d.Recon.StartChaserPack(b.ctx, y, reconcile.Register{Token: token}, supplier)
	})
}

// ChaserPackResult returns what a finished chaser pack job wrote.
func (b *Recon) ChaserPackResult(id string) (reconcile.ChaserPackDone, error) {
	return b.d.Recon.ChaserPackResult(id)
}

// ReconAgainst2B reconciles the register at path with GSTR-2B and IMS for periods from-to, with a
// recommended IMS action and its reason on every row.
func (b *Recon) ReconAgainst2B(path, from, to string) (reconcile.ThreeWayResult, error) {
	return withSpan(from, to, func(fm, tm period.Month) (reconcile.ThreeWayResult, error) {
		return b.d.Recon.Against2B(b.ctx, path, fm, tm)
	})
}

// ReconApplyRecommendations sends (or, dryRun, lists) the recommended IMS actions.
func (b *Recon) ReconApplyRecommendations(path, from, to string, dryRun bool) ([]reconcile.ApplyLine, error) {
	return withSpan(from, to, func(fm, tm period.Month) ([]reconcile.ApplyLine, error) {
		return b.d.Recon.ApplyRecommendations(b.ctx, path, fm, tm, dryRun)
	})
}

// ReconDefaultAgainst is "2b" when a GSTR-2B is stored for every period from-to, "2a" when one
// is not, or the error that kept it from telling (the command line's rule, reconcile.ChooseAgainst).
func (b *Recon) ReconDefaultAgainst(from, to string) (string, error) {
	c, err := withSpan(from, to, func(fm, tm period.Month) (reconcile.AgainstChoice, error) {
		return b.d.Recon.ChooseAgainst(b.ctx, fm, tm)
	})
	return c.Against, err
}

// ReconAgainst2BToken reconciles an imported register (token) with GSTR-2B and IMS.
func (b *Recon) ReconAgainst2BToken(token, from, to string) (reconcile.ThreeWayResult, error) {
	return withSpan(from, to, func(fm, tm period.Month) (reconcile.ThreeWayResult, error) {
		return b.d.Recon.Against2BToken(b.ctx, token, fm, tm)
	})
}

// ThreeWayRuns lists the saved reconciliations against GSTR-2B and IMS, newest first.
func (b *Recon) ThreeWayRuns() ([]reconcile.ThreeWayRunInfo, error) {
	return b.d.Recon.ThreeWayRuns(b.ctx)
}

// ThreeWayRun reopens a saved reconciliation against GSTR-2B with the IMS actions chosen on it.
func (b *Recon) ThreeWayRun(runID string) (reconcile.ThreeWayResult, error) {
	return b.d.Recon.ThreeWayRun(b.ctx, runID)
}

// SetThreeWayAction chooses the IMS action of one row of a saved run (accept, reject, pending,
// reset, leave; "" or clear for the recommendation again).
func (b *Recon) SetThreeWayAction(runID, rowKey, action string) error {
	return b.d.Recon.SetThreeWayAction(b.ctx, runID, rowKey, action)
}

// SetThreeWayActions chooses one IMS action for many rows of a saved run, all or none.
func (b *Recon) SetThreeWayActions(runID string, rowKeys []string, action string) error {
	return b.d.Recon.SetThreeWayActions(b.ctx, runID, rowKeys, action)
}

// ApplyThreeWayRun sends (or, dryRun, lists) the IMS actions of a saved run as the person left them.
func (b *Recon) ApplyThreeWayRun(runID string, dryRun bool) (reconcile.ThreeWayApply, error) {
	return b.d.Recon.ApplyThreeWay(b.ctx, "", period.Month{}, period.Month{}, runID, dryRun)
}

// StartApplyThreeWayRun sends the IMS actions of a saved run as the person left them, as a job.
func (b *Recon) StartApplyThreeWayRun(runID string) (string, error) {
	return b.d.Recon.StartApplyThreeWay(b.ctx, runID)
}

// ApplyThreeWayRunResult is how each line of a finished StartApplyThreeWayRun job went.
func (b *Recon) ApplyThreeWayRunResult(id string) (reconcile.ThreeWayApply, error) {
	return b.d.Recon.ApplyThreeWayResult(id)
}

// ThreeWayRunNow reopens a saved run with the IMS status of its documents as last listed.
func (b *Recon) ThreeWayRunNow(runID string) (reconcile.ThreeWayResult, error) {
	return b.d.Recon.ThreeWayRunNow(b.ctx, runID)
}

// ThreeWayRunAsOf reopens a saved run as it stood at period p (YYYY-MM): what a later 2B brought
// shows as missing in 2B there.
func (b *Recon) ThreeWayRunAsOf(runID, p string) (reconcile.ThreeWayResult, error) {
	return withMonth(p, func(m period.Month) (reconcile.ThreeWayResult, error) {
		return b.d.Recon.ThreeWayRunAsOf(b.ctx, runID, m)
	})
}

// StartReconAgainst2B reconciles an imported register (token) with GSTR-2B and IMS as a job
// (cancellable, with progress); ReconAgainst2BResult collects the saved run.
func (b *Recon) StartReconAgainst2B(token, from, to string) (string, error) {
	return withSpan(from, to, func(fm, tm period.Month) (string, error) { return b.d.Recon.StartReconAgainst2B(b.ctx, token, fm, tm) })
}

// ReconAgainst2BResult is a finished StartReconAgainst2B job's run.
func (b *Recon) ReconAgainst2BResult(id string) (reconcile.ThreeWayResult, error) {
	return b.d.Recon.Against2BResult(id)
}

// PlanApplyThreeWayRun says, before a preview or apply of a saved run, the paid calls it makes
// (none when every action is of a month closed in IMS) and the months closed in IMS.
func (b *Recon) PlanApplyThreeWayRun(runID string) (reconcile.ApplyPlan, error) {
	return b.d.Recon.PlanApplyThreeWay(b.ctx, runID)
}
