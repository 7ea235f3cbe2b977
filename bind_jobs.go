package main

import (
	"gstdesk/backend/desk/core"
)

// Jobs binds the job runner: the jobs panel, a job's state and Cancel.
type Jobs struct{ *shell }

// JobState returns a long job's progress.
func (b *Jobs) JobState(id string) (core.JobEvent, error) {
	ev, _, err := b.d.Core.Job(id)
	return ev, err
}

// CancelJob stops a long job; what it finished is kept.
func (b *Jobs) CancelJob(id string) { b.d.Core.CancelJob(id) }

// Jobs lists the running jobs and those finished in the last half hour, for the jobs panel.
func (b *Jobs) Jobs() []core.JobEvent { return b.d.Core.Jobs() }
