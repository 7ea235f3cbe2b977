package desk

import (
	"context"
	"sync"
	"time"

	"github.com/google/uuid"

	"gstdesk/backend/apperr"
)

// JobEvent is what the UI hears about a long job: "job:progress" while it runs, "job:done" at the end.
type JobEvent struct {
	ID      string        `json:"id"`
	Kind    string        `json:"kind"`
	Done    int           `json:"done"`
	Total   int           `json:"total"`
	Started time.Time     `json:"started"`
	Error   *apperr.Error `json:"error,omitempty"`
}

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
	j := &job{cancel: cancel, ev: JobEvent{ID: id, Kind: kind, Started: time.Now()}}
	s.jobs.mu.Lock()
	if s.jobs.byID == nil {
		s.jobs.byID = map[string]*job{}
	}
	s.jobs.byID[id] = j
	s.jobs.mu.Unlock()
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
		if err != nil {
			j.ev.Error = apperr.Public(err)
		}
		ev := j.ev
		s.jobs.mu.Unlock()
		cancel()
		s.Emit("job:done", ev)
	}()
	return id
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
