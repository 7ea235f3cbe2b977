package desk

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestJobsPanelList: the jobs panel lists running and finished jobs, newest first, with their
// state, and forgets finished jobs after jobKeep.
func TestJobsPanelList(t *testing.T) {
	s := openService(t)
	w := watchJobs(s)
	release := make(chan struct{})
	slow := s.startJob("gstr2a", func(ctx context.Context, progress func(int, int)) (any, error) {
		progress(1, 3)
		<-ctx.Done()
		return nil, ctx.Err()
	})
	ok := s.startJob("lookup", func(ctx context.Context, progress func(int, int)) (any, error) {
		<-release
		progress(2, 2)
		return "fine", nil
	})
	bad := s.startJob("tds:run", func(ctx context.Context, progress func(int, int)) (any, error) {
		return nil, errors.New("the file went away")
	})
	if ev := <-w.done; ev.ID != bad || ev.State != JobFailed || ev.Finished == nil || ev.Error == nil {
		t.Fatalf("failed job ended as %+v", ev)
	}
	list := s.Jobs()
	states := map[string]string{}
	for _, j := range list {
		states[j.ID] = j.State
	}
	if len(list) != 3 || states[slow] != JobRunning || states[ok] != JobRunning || states[bad] != JobFailed {
		t.Fatalf("jobs = %+v", list)
	}
	for i := 1; i < len(list); i++ {
		if list[i].Started.After(list[i-1].Started) {
			t.Errorf("jobs not newest first: %+v", list)
		}
	}
	close(release)
	if ev := <-w.done; ev.ID != ok || ev.State != JobDone || ev.Done != 2 || ev.Error != nil {
		t.Fatalf("finished job ended as %+v", ev)
	}
	s.CancelJob(slow)
	if ev := <-w.done; ev.ID != slow || ev.State != JobCancelled || ev.Done != 1 {
		t.Fatalf("cancelled job ended as %+v", ev)
	}

	// Finished jobs are forgotten once jobKeep has passed; a running one never is.
	running := s.startJob("changed", func(ctx context.Context, progress func(int, int)) (any, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	})
	s.jobs.mu.Lock()
	s.jobs.prune(time.Now().Add(jobKeep + time.Minute))
	left := len(s.jobs.byID)
	s.jobs.mu.Unlock()
	if left != 1 {
		t.Errorf("%d jobs left after pruning, want only the running one", left)
	}
	if _, _, err := s.Job(running); err != nil {
		t.Errorf("running job pruned: %v", err)
	}
	s.CancelJob(running)
	<-w.done
}
