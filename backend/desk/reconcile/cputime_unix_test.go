//go:build unix

package reconcile

import (
	"syscall"
	"testing"
	"time"
)

// reportCPU adds the process CPU time per operation (all threads, the collector included) to a
// benchmark: on a machine shared with other work it is steadier than wall time.
func reportCPU(b *testing.B, run func()) {
	var before, after syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &before)
	start := time.Now()
	run()
	wall := time.Since(start)
	syscall.Getrusage(syscall.RUSAGE_SELF, &after)
	cpu := time.Duration(after.Utime.Nano()-before.Utime.Nano()) + time.Duration(after.Stime.Nano()-before.Stime.Nano())
	b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(wall.Milliseconds())/float64(b.N), "wall-ms/op")
}
