//go:build !dev

package main

import "testing"

// TestNoDevSeedingInRelease: the seeding hook (devseed_dev.go, 12 lakh GSTR-2A invoices for the
// e2e test) is built into the -tags dev binary only; the release binary has no hook at all.
func TestNoDevSeedingInRelease(t *testing.T) {
	if devStartup != nil {
		t.Fatal("the release binary carries a dev startup hook")
	}
}

// TestNoOpenDialogAnswerInRelease: only the -tags dev binary answers the Open dialog from a file
// (opendialog_dev.go, for the e2e tests); the release binary always asks the person.
func TestNoOpenDialogAnswerInRelease(t *testing.T) {
	if devOpenDialog != nil {
		t.Fatal("the release binary answers the Open dialog without asking")
	}
}
