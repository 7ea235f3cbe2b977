package main

import (
	"encoding/base64"

	"gstdesk/backend/apperr"
	"gstdesk/backend/desk/returns"
	"gstdesk/backend/gstr2b"
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
func (b *Returns) GSTR2BPeriods() ([]gstr2b.PeriodInfo, error) { return b.d.Returns.GSTR2BPeriods(b.ctx) }

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
