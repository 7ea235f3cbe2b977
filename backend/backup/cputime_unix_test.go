//go:build unix

package backup

import (
	"syscall"
	"time"
)

// cpuTime is the process's CPU time so far, user and system, every thread (Litestream's
// goroutines and the collector included): on a machine shared with other work it is steadier
// than wall time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
