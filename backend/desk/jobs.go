package desk

import (
	"context"
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
}

// Job states.
const (
	JobRunning   = "running"
	JobDone      = "done"
	JobFailed    = "failed"
	JobCancelled = "cancelled"
)

// jobKeep is how long a finished job (and its result) is kept for the jobs panel and for the
// screen that started it to collect.
const jobKeep = 30 * time.Minute

type job struct {
	cancel context.CancelFunc
	result any
	ev     JobEvent
	done   bool
}

type jobs struct {
	mu   sync.Mutex
	byID map[string]*job
}

// startJob runs fn in the background as a cancellable job; fn reports progress and returns its
// result, which JobResult hands out later. Progress events are throttled to about 20 a second.
func (s *Service) startJob(kind string, fn func(ctx context.Context, progress func(done, total int)) (any, error)) string {
	id := uuid.NewString()
	ctx, cancel := context.WithCancel(context.Background())
	j := &job{cancel: cancel, ev: JobEvent{ID: id, Kind: kind, State: JobRunning, Started: time.Now()}}
	s.jobs.mu.Lock()
	if s.jobs.byID == nil {
		s.jobs.byID = map[string]*job{}
	}
	s.jobs.prune(time.Now())
	s.jobs.byID[id] = j
	first := j.ev
	s.jobs.mu.Unlock()
	s.Emit("job:progress", first) // the jobs panel shows it at once
	go func() {
		var last time.Time
		progress := func(done, total int) {
			s.jobs.mu.Lock()
			j.ev.Done, j.ev.Total = done, total
			ev := j.ev
			s.jobs.mu.Unlock()
			if now := time.Now(); now.Sub(last) > 50*time.Millisecond || done == total {
				last = now
				s.Emit("job:progress", ev)
			}
		}
		res, err := fn(ctx, progress)
		s.jobs.mu.Lock()
		j.result, j.done = res, true
		end := time.Now()
		j.ev.Finished, j.ev.State = &end, JobDone
		if err != nil {
			j.ev.Error = apperr.Public(err)
			j.ev.State = JobFailed
			if j.ev.Error.Kind == apperr.Canceled {
				j.ev.State = JobCancelled
			}
		}
		ev := j.ev
		s.jobs.mu.Unlock()
		cancel()
		s.Emit("job:done", ev)
	}()
	return id
}

// prune forgets the jobs that finished more than jobKeep before now (s.jobs.mu held).
func (js *jobs) prune(now time.Time) {
	for id, j := range js.byID {
		if j.done && j.ev.Finished != nil && now.Sub(*j.ev.Finished) > jobKeep {
			delete(js.byID, id)
		}
	}
}

// Jobs lists the running jobs and those finished in the last half hour, newest first.
func (s *Service) Jobs() []JobEvent {
	s.jobs.mu.Lock()
	defer s.jobs.mu.Unlock()
	s.jobs.prune(time.Now())
	out := make([]JobEvent, 0, len(s.jobs.byID))
	for _, j := range s.jobs.byID {
		out = append(out, j.ev)
	}
	sort.Slice(out, func(i, k int) bool { return out[i].Started.After(out[k].Started) })
	return out
}

// CancelJob stops a running job; what it finished is kept.
func (s *Service) CancelJob(id string) {
	s.jobs.mu.Lock()
	j := s.jobs.byID[id]
	s.jobs.mu.Unlock()
	if j != nil {
		j.cancel()
	}
}

// Job returns a job's state.
func (s *Service) Job(id string) (JobEvent, bool, error) {
	s.jobs.mu.Lock()
	defer s.jobs.mu.Unlock()
	j := s.jobs.byID[id]
	if j == nil {
		return JobEvent{}, false, apperr.New(apperr.NotFound, "There is no job %s.", id)
	}
	return j.ev, j.done, nil
}

// jobResult returns a finished job's result.
func (s *Service) jobResult(id string) (any, error) {
	s.jobs.mu.Lock()
	defer s.jobs.mu.Unlock()
	j := s.jobs.byID[id]
	if j == nil {
		return nil, apperr.New(apperr.NotFound, "There is no job %s.", id)
	}
	if !j.done {
		return nil, apperr.New(apperr.Conflict, "The job is still running.")
	}
	return j.result, nil
}
