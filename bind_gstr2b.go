package main

import (
	"encoding/base64"

	"gstdesk/backend/apperr"
	"gstdesk/backend/desk/core"
	"gstdesk/backend/desk/reconcile"
	"gstdesk/backend/desk/returns"
	"gstdesk/backend/gstapi"
	"gstdesk/backend/gstr2b"
	"gstdesk/backend/ims"
)

// StartPullGSTR2B pulls the GSTR-2B of periods (YYYY-MM) as a job; progress comes as job events.
func (b *Returns) StartPullGSTR2B(periods []string) (string, error) {
	return b.d.Returns.StartPullGSTR2B(b.ctx, periods)
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
func (b *Returns) GSTR2BView(period, snapshotID string) (returns.GSTR2BView, error) {
	return b.d.Returns.GSTR2BView(b.ctx, period, snapshotID)
}

// GSTR2BDocuments is one page of a snapshot's documents.
func (b *Returns) GSTR2BDocuments(snapshotID string, q gstr2b.DocQuery) (gstr2b.DocPage, error) {
	return b.d.Returns.GSTR2BDocuments(b.ctx, snapshotID, q)
}

// GSTR2BDiff compares two snapshots of a period (both "" = the newest two).
func (b *Returns) GSTR2BDiff(period, fromID, toID string) (gstr2b.Diff, error) {
	return b.d.Returns.GSTR2BDiff(b.ctx, period, fromID, toID)
}

// ImportPortalFile imports a GSTR-2A or GSTR-2B JSON file from the GST portal (read by the window).
func (b *Returns) ImportPortalFile(name, base64Data string) (returns.ImportResult, error) {
	raw, err := base64.StdEncoding.DecodeString(base64Data)
	if err != nil {
		return returns.ImportResult{}, apperr.New(apperr.Invalid, "%s could not be read by the window; choose it again.", name)
	}
	return b.d.Returns.ImportPortalFile(b.ctx, name, raw)
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
func (b *Returns) StartRegenerateGSTR2B(period string) (string, error) {
	return b.d.Returns.StartRegenerateGSTR2B(b.ctx, period)
}

// RegenerateResults is how a finished regeneration went.
func (b *Returns) RegenerateResults(id string) (returns.RegenerateResult, error) {
	return b.d.Returns.RegenerateResults(id)
}

// ReconAgainst2B reconciles the register at path with GSTR-2B and IMS for periods from-to, with a
// recommended IMS action and its reason on every row.
func (b *Recon) ReconAgainst2B(path, from, to string) (reconcile.ThreeWayResult, error) {
	return b.d.Recon.Against2B(b.ctx, path, from, to)
}

// ReconApplyRecommendations sends (or, dryRun, lists) the recommended IMS actions.
func (b *Recon) ReconApplyRecommendations(path, from, to string, dryRun bool) ([]reconcile.ApplyLine, error) {
	return b.d.Recon.ApplyRecommendations(b.ctx, path, from, to, dryRun)
}

// PlanPullGSTR2B says what a 2B pull of periods would spend, before it starts.
func (b *Returns) PlanPullGSTR2B(periods []string) (core.CallPlan, error) {
	return b.d.Returns.PlanPullGSTR2B(b.ctx, periods)
}

// GSTR2BExport writes a snapshot's documents matching q to the exports folder; returns the path.
func (b *Returns) GSTR2BExport(snapshotID string, q gstr2b.DocQuery, format string) (string, error) {
	return b.d.Returns.GSTR2BExport(b.ctx, snapshotID, q, format)
}

// IMSStoredView is the IMS documents as last listed, with suppliers' names (offline).
func (b *Returns) IMSStoredView() (returns.IMSView, error) { return b.d.Returns.IMSStoredView(b.ctx) }

// IMSRefresh reads every IMS section afresh from the service.
func (b *Returns) IMSRefresh() (returns.IMSView, error) { return b.d.Returns.IMSRefresh(b.ctx) }

// ReconDefaultAgainst is "2b" when a GSTR-2B is stored for every period from-to, "2a" when one
// is not, or the error that kept it from telling (the command line's rule, reconcile.ChooseAgainst).
func (b *Recon) ReconDefaultAgainst(from, to string) (string, error) {
	c, err := b.d.Recon.ChooseAgainst(b.ctx, from, to)
	return c.Against, err
}

// ReconAgainst2BToken reconciles an imported register (token) with GSTR-2B and IMS.
func (b *Recon) ReconAgainst2BToken(token, from, to string) (reconcile.ThreeWayResult, error) {
	return b.d.Recon.Against2BToken(b.ctx, token, from, to)
}
