package main

import "gstdesk/backend/desk/reconcile"

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
	return b.d.Recon.ApplyThreeWay(b.ctx, "", "", "", runID, dryRun)
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
	return b.d.Recon.ThreeWayRunAsOf(b.ctx, runID, p)
}

// StartReconAgainst2B reconciles an imported register (token) with GSTR-2B and IMS as a job
// (cancellable, with progress); ReconAgainst2BResult collects the saved run.
func (b *Recon) StartReconAgainst2B(token, from, to string) (string, error) {
	return b.d.Recon.StartReconAgainst2B(b.ctx, token, from, to)
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
