// Package gstapitest starts the simulator of the remote GST/TDS service (package simulator) on an
// httptest server for tests. The simulator itself lives in backend/simulator so that the app, which
// runs it for the demo workspace and `gstdesk simulate`, does not link testing or httptest.
package gstapitest

import (
	"net/http/httptest"
	"testing"

	"gstdesk/backend/simulator"
)

// Defaults of Options, as in package simulator.
const (
	DefaultAPIKey    = simulator.DefaultAPIKey
	DefaultAPISecret = simulator.DefaultAPISecret
	DefaultOTP       = simulator.DefaultOTP
	DefaultTaxpayers = simulator.DefaultTaxpayers
	DefaultInvoices  = simulator.DefaultInvoices
	DefaultPageSize  = simulator.DefaultPageSize
)

// Options configures a simulator; see simulator.Options.
type Options = simulator.Options

// Faults are the simulator's fault knobs; see simulator.Faults.
type Faults = simulator.Faults

// Server is the simulator; see simulator.Server.
type Server = simulator.Server

// RecordedRequest is a request the simulator received; see simulator.RecordedRequest.
type RecordedRequest = simulator.RecordedRequest

// New returns a simulator for opts without starting a listener; see simulator.New.
var New = simulator.New

// NewServer starts the simulator on an httptest server that is closed, with the simulator, at the
// end of the test.
func NewServer(t testing.TB, opts Options) (*Server, *httptest.Server) {
	t.Helper()
	s := simulator.New(opts)
	ts := httptest.NewServer(s)
	t.Cleanup(func() {
		s.Close()
		ts.Close()
	})
	return s, ts
}
