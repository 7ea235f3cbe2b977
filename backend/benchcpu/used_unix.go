//go:build unix

package benchcpu

import (
	"syscall"
	"time"
)

// Used is the CPU time the process has used so far, user and system.
func Used() time.Duration {
	var r syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &r)
	return time.Duration(r.Utime.Nano() + r.Stime.Nano())
}
