package apperr_test

import (
	"fmt"
	"testing"

	"gstdesk/backend/apperr"
	"gstdesk/backend/gstapi"
	"gstdesk/backend/gstin"
)

// TestPublicOfOtherPackagesErrors maps the real remote and GSTIN error types, which apperr knows
// only as Presenters.
func TestPublicOfOtherPackagesErrors(t *testing.T) {
	_, gerr := gstin.Parse("41AAPFU0939F1ZV")
	tests := []struct {
		name string
		err  error
		face apperr.Face
		want apperr.Error
	}{
		{"gstin error", fmt.Errorf("verify: %w", gerr), apperr.Command,
			apperr.Error{Kind: apperr.Invalid, Message: "Invalid GSTIN pattern: state code 41 does not exist", Status: 422}},
		{"remote error keeps status and transaction id", &gstapi.ErrorResponse{Op: "search gstin", Status: 503, Message: "Service Unavailable", TransactionID: "t-503"}, apperr.Window,
			apperr.Error{Kind: apperr.Unavailable, Message: "The GST service is unavailable for search gstin (503 Service Unavailable). Try again in a few minutes.", Status: 503, TransactionID: "t-503"}},
		{"remote 401 on the window", &gstapi.ErrorResponse{Op: "sign in", Status: 401, Message: "Unauthorized", TransactionID: "t-401"}, apperr.Window,
			apperr.Error{Kind: apperr.Unauthorised, Message: "The GST service did not accept the API key or secret (Unauthorized). Check them in Settings.", Status: 401, TransactionID: "t-401"}},
		{"remote 401 on the command line", &gstapi.ErrorResponse{Op: "sign in", Status: 401, Message: "Unauthorized", TransactionID: "t-401"}, apperr.Command,
			apperr.Error{Kind: apperr.Unauthorised, Message: "The GST service did not accept the API key or secret (Unauthorized). Check GSTDESK_API_KEY and GSTDESK_API_SECRET, or the key and secret saved in the window's Settings.", Status: 401, TransactionID: "t-401"}},
		{"business error", &gstapi.BusinessError{Op: "search gstin", StatusCd: "0", Code: "FO8000", Message: "No records found", TransactionID: "t-fo"}, apperr.Window,
			apperr.Error{Kind: apperr.NotFound, Message: "The GST network has nothing for search gstin: No records found (FO8000).", Status: 200, TransactionID: "t-fo"}},
		{"business error with advice on the command line", &gstapi.BusinessError{Op: "gstr-2a b2b", StatusCd: "0", Code: "AUTH4033", Message: "Invalid Session", TransactionID: "t-a"}, apperr.Command,
			apperr.Error{Kind: apperr.Unauthorised, Message: "The GST portal session has ended: Invalid Session (AUTH4033). Sign in again with an OTP: gstdesk gst login --username U --gstin G.", Status: 200, TransactionID: "t-a"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.face.Public(tt.err); *got != tt.want {
				t.Errorf("%s.Public = %+v, want %+v", tt.face, *got, tt.want)
			}
		})
	}
}
