package cli

import "gstdesk/backend/desk"

// gstdesk recon reads the GSTR-2A that gstdesk gst 2a-b2b (or the window) stored.
func init() { LoadGSTR2A = desk.ReconGSTR2A }
