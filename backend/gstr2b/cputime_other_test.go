//go:build !unix

package gstr2b

import "testing"

func reportCPU(b *testing.B, run func()) { run() }
