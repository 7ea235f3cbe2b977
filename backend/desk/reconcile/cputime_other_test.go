//go:build !unix

package reconcile

import "testing"

func reportCPU(b *testing.B, run func()) { run() }
