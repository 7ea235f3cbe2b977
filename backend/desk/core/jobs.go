package core

import (
	"context"
	"fmt"
	"sort"
	"sync"
	"time"

	"github.com/google/uuid"

	"gstdesk/backend/apperr"
)

// JobEvent is what the UI hears about a long job: "job:progress" while it runs, "job:done" at the end.
type JobEvent struct {
	ID    string `json:"id"`
	Kind  string `json:"kind"`
	Done  int    `json:"done"`
	Total int    `json:"total"`
	// State is "running", then "done", "failed" or "cancelled".
	State    string        `json:"state"`
	Started  time.Time     `json:"started"`
	Finished *time.Time    `json:"finished,omitempty"`
	Error    *apperr.Error `json:"error,omitempty"`
	// Summary says what a finished job did, in words: months and counts ("Apr 2025: 57 invoices").
	Summary string `json:"summary,omitempty"`
}

// Job states.
const (
	JobRunning   = "running"
	JobDone      = "done"
	JobFailed    = "failed"
	JobCancelled = "cancelled"
)

// JobKeep is how long a finished job (and its result) is kept for the jobs panel and for the
// screen that started it to collect.
const JobKeep = 30 * time.Minute

// Progress reports how much of a job is done.
type Progress func(done, total int)

type job struct {
	cancel context.CancelFunc
	result any
	ev     JobEvent
	done   bool
}

type jobTable struct {
	mu   sync.Mutex
	byID map[string]*job
}

// StartJob runs fn in the background as a cancellable job of the Core's lifetime (Close cancels it
// and waits for it); fn reports progress and returns its result, which JobResult hands out later
// with its type checked. Progress events are throttled to about 20 a second.
func StartJob[T any](c *Core, kind string, fn func(ctx context.Context, progress Progress) (T, error)) string {
	return StartJobSummarised(c, kind, fn, nil)
}

// StartJobSummarised is StartJob with summary, which words what the finished job did for the
// jobs panel (called with what fn returned, also when it failed or was cancelled part way).
func StartJobSummarised[T any](c *Core, kind string, fn func(ctx context.Context, progress Progress) (T, error), summary func(T) string) string {
	id := uuid.NewString()
	ctx, cancel := context.WithCancel(c.life)
	j := &job{cancel: cancel, ev: JobEvent{ID: id, Kind: kind, State: JobRunning, Started: c.Now()}}
	c.jobs.mu.Lock()
	if c.jobs.byID == nil {
		c.jobs.byID = map[string]*job{}
	}
	c.jobs.prune(c.Now())
	c.jobs.byID[id] = j
	first := j.ev
	c.jobs.mu.Unlock()
	c.Emit("job:progress", first) // the jobs panel shows it at once
	c.running.Add(1)
	go func() {
		defer c.running.Done()
		var last time.Time
		progress := func(done, total int) {
			c.jobs.mu.Lock()
			j.ev.Done, j.ev.Total = done, total
			ev := j.ev
			c.jobs.mu.Unlock()
			if now := time.Now(); now.Sub(last) > 50*time.Millisecond || done == total {
				last = now
				c.Emit("job:progress", ev)
			}
		}
		res, err := fn(ctx, progress)
		c.jobs.mu.Lock()
		j.result, j.done = res, true
		end := c.Now()
		j.ev.Finished, j.ev.State = &end, JobDone
		if summary != nil {
			j.ev.Summary = summary(res)
		}
		if err != nil {
			j.ev.Error = apperr.Window.Public(err)
			j.ev.State = JobFailed
			if j.ev.Error.Kind == apperr.Canceled {
				j.ev.State = JobCancelled
			}
		}
		ev := j.ev
		c.jobs.mu.Unlock()
		cancel()
		c.Emit("job:done", ev)
	}()
	return id
}

// JobResult returns a finished job's result, checking that the job made a T. When the job failed
// or was cancelled it returns what the job returned (what it finished) with the job's error.
func JobResult[T any](c *Core, id string) (T, error) {
	var zero T
	c.jobs.mu.Lock()
	defer c.jobs.mu.Unlock()
	j := c.jobs.byID[id]
	if j == nil {
		return zero, apperr.New(apperr.NotFound, "There is no job %s.", id)
	}
	if !j.done {
		return zero, apperr.New(apperr.Conflict, "The job is still running.")
	}
	res, ok := j.result.(T)
	if !ok {
		return zero, apperr.New(apperr.Invalid, "Job %s is a %s job, not the one asked for (%s).", id, j.ev.Kind, fmt.Sprintf("%T", zero))
	}
	if j.ev.Error != nil {
		return res, j.ev.Error
	}
	return res, nil
}

// prune forgets the jobs that finished more than JobKeep before now (mu held).
func (js *jobTable) prune(now time.Time) {
	for id, j := range js.byID {
		if j.done && j.ev.Finished != nil && now.Sub(*j.ev.Finished) > JobKeep {
			delete(js.byID, id)
		}
	}
}

// Jobs lists the running jobs and those finished in the last half hour, newest first.
func (c *Core) Jobs() []JobEvent {
	c.jobs.mu.Lock()
	defer c.jobs.mu.Unlock()
	c.jobs.prune(c.Now())
	out := make([]JobEvent, 0, len(c.jobs.byID))
	for _, j := range c.jobs.byID {
		out = append(out, j.ev)
	}
	sort.Slice(out, func(i, k int) bool { return out[i].Started.After(out[k].Started) })
	return out
}

// CancelJob stops a running job; what it finished is kept.
func (c *Core) CancelJob(id string) {
	c.jobs.mu.Lock()
	j := c.jobs.byID[id]
	c.jobs.mu.Unlock()
	if j != nil {
		j.cancel()
	}
}

// Job returns a job's state and whether it has ended.
func (c *Core) Job(id string) (JobEvent, bool, error) {
	c.jobs.mu.Lock()
	defer c.jobs.mu.Unlock()
	j := c.jobs.byID[id]
	if j == nil {
		return JobEvent{}, false, apperr.New(apperr.NotFound, "There is no job %s.", id)
	}
	return j.ev, j.done, nil
}

// WaitJob waits until a job ends (or ctx ends) and returns its last state: the command line's way
// of running a job in the foreground, and the tests' way of waiting without sleeping.
func (c *Core) WaitJob(ctx context.Context, id string) (JobEvent, error) {
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for {
		ev, done, err := c.Job(id)
		if err != nil || done {
			return ev, err
		}
		select {
		case <-ctx.Done():
			return ev, ctx.Err()
		case <-tick.C:
		}
	}
}

// Background runs fn under the core's lifetime, out of sight (no job in the panel): Close cancels
// its context and waits for it. For work that only makes a later answer quick (reading the
// dashboard's week at start).
func (c *Core) Background(fn func(ctx context.Context)) {
	c.running.Add(1)
	go func() {
		defer c.running.Done()
		fn(c.life)
	}()
}
