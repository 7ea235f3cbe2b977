//go:build !unix

package recon

import "testing"

func reportCPU(b *testing.B, run func()) { run() }
