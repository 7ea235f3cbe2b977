package core_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"gstdesk/backend/desk/core"
	"gstdesk/backend/desk/core/coretest"
)

// TestJobsPanelList: the jobs panel lists running and finished jobs, newest first, with their
// state, and forgets finished jobs after JobKeep on the Core's clock.
func TestJobsPanelList(t *testing.T) {
	clock := coretest.NewClock(time.Date(2026, 11, 24, 10, 0, 0, 0, time.Local))
	c, w := coretest.OpenAt(t, t.TempDir(), nil, clock.Now)
	release := make(chan struct{})
	slow := core.StartJob(c, "gstr2a", func(ctx context.Context, progress core.Progress) (int, error) {
		progress(1, 3)
		<-ctx.Done()
		return 0, ctx.Err()
	})
	clock.Advance(time.Second)
	ok := core.StartJob(c, "lookup", func(ctx context.Context, progress core.Progress) (string, error) {
		<-release
		progress(2, 2)
		return "fine", nil
	})
	clock.Advance(time.Second)
	bad := core.StartJob(c, "tds:run", func(ctx context.Context, progress core.Progress) (string, error) {
		return "", errors.New("the file went away")
	})
	if ev := <-w.Done; ev.ID != bad || ev.State != core.JobFailed || ev.Finished == nil || ev.Error == nil {
		t.Fatalf("failed job ended as %+v", ev)
	}
	list := c.Jobs()
	states := map[string]string{}
	for _, j := range list {
		states[j.ID] = j.State
	}
	if len(list) != 3 || states[slow] != core.JobRunning || states[ok] != core.JobRunning || states[bad] != core.JobFailed {
		t.Fatalf("jobs = %+v", list)
	}
	if list[0].ID != bad || list[2].ID != slow {
		t.Errorf("jobs not newest first: %+v", list)
	}
	close(release)
	if ev := <-w.Done; ev.ID != ok || ev.State != core.JobDone || ev.Done != 2 || ev.Error != nil {
		t.Fatalf("finished job ended as %+v", ev)
	}
	if got, err := core.JobResult[string](c, ok); err != nil || got != "fine" {
		t.Errorf("JobResult = %q, %v", got, err)
	}
	c.CancelJob(slow)
	if ev := <-w.Done; ev.ID != slow || ev.State != core.JobCancelled || ev.Done != 1 {
		t.Fatalf("cancelled job ended as %+v", ev)
	}

	// Finished jobs are forgotten once JobKeep has passed; a running one never is.
	running := core.StartJob(c, "changed", func(ctx context.Context, progress core.Progress) (int, error) {
		<-ctx.Done()
		return 0, ctx.Err()
	})
	clock.Advance(core.JobKeep + time.Minute)
	if left := c.Jobs(); len(left) != 1 || left[0].ID != running {
		t.Errorf("jobs left after JobKeep = %+v, want only the running one", left)
	}
	c.CancelJob(running)
	<-w.Done
}

// TestJobResultTyped: a result asked for as another type is an error, not a panic; a running job
// has no result yet.
func TestJobResultTyped(t *testing.T) {
	c, w := coretest.Open(t, nil)
	release := make(chan struct{})
	id := core.StartJob(c, "lookup", func(ctx context.Context, progress core.Progress) ([]string, error) {
		<-release
		return []string{"a"}, nil
	})
	if _, err := core.JobResult[[]string](c, id); err == nil {
		t.Error("a running job handed out a result")
	}
	close(release)
	<-w.Done
	if _, err := core.JobResult[int](c, id); err == nil {
		t.Error("a []string result was handed out as an int")
	}
	if got, err := core.JobResult[[]string](c, id); err != nil || len(got) != 1 {
		t.Errorf("JobResult = %v, %v", got, err)
	}
	if _, err := core.JobResult[int](c, "no-such-job"); err == nil {
		t.Error("an unknown job had a result")
	}
}

// TestCloseCancelsAndWaits: Close cancels every running job and returns only when they have
// ended, so no job writes to a closed database.
func TestCloseCancelsAndWaits(t *testing.T) {
	c, err := core.Open(context.Background(), core.Options{Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	ended := make(chan struct{})
	started := make(chan struct{})
	core.StartJob(c, "gstr2a", func(ctx context.Context, progress core.Progress) (int, error) {
		close(started)
		<-ctx.Done()
		close(ended)
		return 0, ctx.Err()
	})
	<-started
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-ended:
	default:
		t.Fatal("Close returned while a job was still running")
	}
}
