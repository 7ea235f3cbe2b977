// Package coretest opens a real core.Core over a temporary data folder for the area services'
// tests, with a recorder of the events the window would hear. Only tests import it.
package coretest

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/zalando/go-keyring"

	"gstdesk/backend/desk/core"
)

// Events records the job events a Core emits.
type Events struct {
	// Done receives every "job:done" event.
	Done chan core.JobEvent

	mu       sync.Mutex
	progress []core.JobEvent
}

// Progress returns the "job:progress" events heard so far.
func (e *Events) Progress() []core.JobEvent {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]core.JobEvent(nil), e.progress...)
}

func (e *Events) emit(name string, data any) {
	ev, _ := data.(core.JobEvent)
	switch name {
	case "job:progress":
		e.mu.Lock()
		e.progress = append(e.progress, ev)
		e.mu.Unlock()
	case "job:done":
		select {
		case e.Done <- ev:
		default: // nobody is listening for this many: drop rather than block the job
		}
	}
}

// Open opens a Core over a new temporary data folder with the keychain mocked (never the real
// keychain of the machine running the tests) and getenv as its environment (nil: none). The Core
// closes when the test ends.
func Open(t testing.TB, getenv func(string) string) (*core.Core, *Events) {
	return OpenAt(t, t.TempDir(), getenv, nil)
}

// DemoDate is the demo service's date (core.DemoDateVar) for tests: today from the 14th of a
// month on, else the 14th of this month, so the GSTR-2B of the demo's IMS month (the month
// before) is there whatever day the tests run. A Core opened with neither an environment nor a
// clock uses it.
func DemoDate() string {
	d := time.Now()
	if d.Day() < 14 {
		d = time.Date(d.Year(), d.Month(), 14, 0, 0, 0, 0, d.Location())
	}
	return d.Format("02/01/2006")
}

// OpenAt is Open over the given folder with the given clock (nil: time.Now).
func OpenAt(t testing.TB, dir string, getenv func(string) string, now func() time.Time) (*core.Core, *Events) {
	t.Helper()
	keyring.MockInit()
	if getenv == nil && now == nil {
		// The demo service on a fixed day after the 14th, so the GSTR-2B of the IMS month is
		// there whatever day the tests run.
		getenv = func(k string) string {
			if k == core.DemoDateVar {
				return DemoDate()
			}
			return ""
		}
	}
	ev := &Events{Done: make(chan core.JobEvent, 64)}
	c, err := core.Open(context.Background(), core.Options{Dir: dir, Getenv: getenv, Emit: ev.emit, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c, ev
}

// Clock is a clock a test moves by hand.
type Clock struct {
	mu sync.Mutex
	t  time.Time
}

// NewClock returns a clock showing t.
func NewClock(t time.Time) *Clock { return &Clock{t: t} }

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Advance moves the clock forward by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// File writes body to a file named name in a folder of the test's and returns its path: the
// imports read files from disk, as the window's Open dialog and the command line give them.
func File(t testing.TB, name, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}
