// Package buildinfo carries the version of gstdesk, set at build time with
// -ldflags "-X gstdesk/backend/buildinfo.Version=...".
package buildinfo

// Version is the version of this build of gstdesk.
var Version = "0.1.0-dev"
