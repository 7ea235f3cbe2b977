package benchcpu

import (
	"os"
	"regexp"
	"strconv"
	"testing"
	"time"
)

var rssAnon = regexp.MustCompile(`RssAnon:\s+(\d+) kB`)

// PeakAnon samples the process's own memory (RssAnon on Linux: the Go heap and what cgo or SQLite
// allocate, not the pages of the binary and shared libraries) every 5 ms until the benchmark ends.
// The function it returns gives the highest so far, in MB; 0 where /proc is not there.
func PeakAnon(b testing.TB) func() int {
	var peak int
	read := func() {
		s, err := os.ReadFile("/proc/self/status")
		if err != nil {
			return
		}
		if m := rssAnon.FindSubmatch(s); m != nil {
			kb, _ := strconv.Atoi(string(m[1]))
			peak = max(peak, kb/1024)
		}
	}
	stop, done, ask := make(chan struct{}), make(chan struct{}), make(chan chan int)
	go func() {
		defer close(done)
		t := time.NewTicker(5 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case reply := <-ask:
				read()
				reply <- peak
			case <-t.C:
				read()
			}
		}
	}()
	b.Cleanup(func() { close(stop); <-done })
	return func() int {
		reply := make(chan int)
		ask <- reply
		return <-reply
	}
}
