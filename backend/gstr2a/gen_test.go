package gstr2a

import "gstdesk/backend/gstr2a/gstr2atest"

// genListing and genGSTIN are gstr2atest's generators under the names this package's tests use.
var (
	genListing = gstr2atest.Listing
	genGSTIN   = gstr2atest.GSTIN
)
