package main

import (
	"gstdesk/backend/desk/core"
	"gstdesk/backend/desk/lookups"
)

// Lookups binds the lookups area: one GSTIN, bulk checks, the changed list and applicants.
type Lookups struct{ *shell }

// LookupGSTIN checks one GSTIN locally, then searches it (cache first unless fresh).
func (b *Lookups) LookupGSTIN(gstin string, fresh bool) (lookups.LookupDetail, error) {
	return b.d.Lookups.LookupGSTIN(b.ctx, gstin, fresh)
}

// Preference looks up a GSTIN's return-filing preference for a financial year.
func (b *Lookups) Preference(gstin, fy string) (lookups.PreferenceView, error) {
	return b.d.Lookups.Preference(b.ctx, gstin, fy)
}

// PlanBulkText says what a bulk check of a pasted list would spend, before it starts.
func (b *Lookups) PlanBulkText(text string, fresh bool) (core.CallPlan, error) {
	return b.d.Lookups.PlanBulkText(b.ctx, text, fresh)
}

// PlanBulkPath says what a bulk check of a file's GSTIN column would spend (its path, chosen with
// Files.ChooseFile).
func (b *Lookups) PlanBulkPath(path, column string, fresh bool) (core.CallPlan, error) {
	return b.d.Lookups.PlanBulkPath(b.ctx, path, column, fresh)
}

// StartBulkText starts a bulk check of a pasted list of GSTINs; progress comes as job events.
func (b *Lookups) StartBulkText(text string, fresh bool) (string, error) {
	return b.d.Lookups.StartBulkText(b.ctx, text, fresh)
}

// StartBulkPath starts a bulk check of a file's GSTIN column (its path, chosen with Files.ChooseFile).
func (b *Lookups) StartBulkPath(path, column string, fresh bool) (string, error) {
	return b.d.Lookups.StartBulkPath(b.ctx, path, column, fresh)
}

// BulkResult returns a finished bulk check.
func (b *Lookups) BulkResult(id string) (lookups.BulkView, error) { return b.d.Lookups.BulkResult(id) }

// ExportLookups writes lookup rows (the current view) to the exports folder.
func (b *Lookups) ExportLookups(rows []lookups.LookupRow, format string) (string, error) {
	return b.d.Lookups.ExportRows(rows, format)
}

// StartChanged fetches every page of the changed list for a date and state as a job.
func (b *Lookups) StartChanged(date, state string, fresh bool) string {
	return b.d.Lookups.StartChanged(date, state, fresh)
}

// ChangedResult returns a finished changed-list job.
func (b *Lookups) ChangedResult(id string) (lookups.ChangedView, error) {
	return b.d.Lookups.ChangedResult(id)
}

// Applicant looks up an unregistered applicant by enrolment number.
func (b *Lookups) Applicant(enrolment string) (lookups.ApplicantView, error) {
	return b.d.Lookups.Applicant(b.ctx, enrolment)
}

// ApplicantCheck checks an applicant's e-mail and/or mobile number.
func (b *Lookups) ApplicantCheck(enrolment, email, mobile string) (lookups.ContactCheckView, error) {
	return b.d.Lookups.ApplicantCheck(b.ctx, enrolment, email, mobile)
}
