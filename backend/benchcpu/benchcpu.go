// Package benchcpu measures the CPU time of benchmarks. The machine the figures in the
// BENCHMARKS.md files come from is shared, so wall times swing with other work; the process's CPU
// time (user and system, every thread, the collector included) is steadier. Only tests import it.
package benchcpu

import (
	"testing"
	"time"
)

// Report runs run and adds its CPU time and wall time per operation to the benchmark
// (cpu-ms/op, wall-ms/op). Where the CPU time cannot be read it reports 0.
func Report(b *testing.B, run func()) {
	before, start := Used(), time.Now()
	run()
	wall, cpu := time.Since(start), Used()-before
	b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(wall.Milliseconds())/float64(b.N), "wall-ms/op")
}
