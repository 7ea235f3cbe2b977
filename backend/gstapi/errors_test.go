package gstapi

import (
	"context"
	"strings"
	"testing"

	"gstdesk/backend/apperr"
	"gstdesk/backend/gstapi/gstapitest"
)

// TestAdviceForEachFace checks that errors a person can fix keep their window wording and tell a
// command-line user what to set or run instead of pointing at a screen.
func TestAdviceForEachFace(t *testing.T) {
	ctx := context.Background()
	const local = "http://127.0.0.1:1"
	tests := []struct {
		name        string
		err         func() error
		wantWindow  string
		wantCommand string
	}{
		{"address not a web address", func() error {
			_, err := NewClient(Config{BaseURL: "not an address", APIKey: "k"})
			return err
		}, `The service address "not an address" is not a web address (it should look like ` + TestURL + `). Correct it in Settings.`, "Correct GSTDESK_BASE_URL"},
		{"no API key", func() error {
			_, err := NewClient(Config{BaseURL: local})
			return err
		}, "No API key is set. Enter the API key in Settings.", "Set GSTDESK_API_KEY and GSTDESK_API_SECRET"},
		{"no way to sign in", func() error {
			c, err := NewClient(Config{BaseURL: local, APIKey: "k", RatePerMinute: -1})
			if err != nil {
				return err
			}
			_, err = c.Verify(ctx, "24ABKCS2033B1ZV")
			return err
		}, "gstdesk has no way to sign in to the GST service. Enter the API key and secret in Settings.", "Set GSTDESK_API_KEY and GSTDESK_API_SECRET"},
		{"authenticator without address", func() error {
			_, err := NewAuthenticator(nil, "", "k", "s").Token(ctx)
			return err
		}, "The service address or API key is missing or wrong. Correct them in Settings.", "Correct GSTDESK_BASE_URL and GSTDESK_API_KEY"},
		{"no API secret", func() error {
			_, err := NewAuthenticator(nil, local, "k", " ").Token(ctx)
			return err
		}, "No API secret is set. Enter it in Settings.", "Set GSTDESK_API_SECRET"},
		{"401", func() error {
			return &ErrorResponse{Op: "sign in", Status: 401, Message: "Unauthorized", TransactionID: "t-401"}
		}, "The GST service did not accept the API key or secret (Unauthorized). Check them in Settings.", "Check GSTDESK_API_KEY and GSTDESK_API_SECRET"},
		{"403", func() error {
			return &ErrorResponse{Op: "verify gstin", Status: 403, Message: "Insufficient credits"}
		}, "The GST service refused verify gstin (Insufficient credits). Check the API key and the account's credits in Settings, then try again.", "GSTDESK_API_KEY"},
		{"session ended", func() error {
			return &BusinessError{Op: "gstr-2a b2b", StatusCd: "0", Code: "AUTH4033", Message: "Invalid Session"}
		}, "The GST portal session has ended: Invalid Session (AUTH4033). Sign in again with an OTP.", "gstdesk gst login"},
		{"portal refused", func() error {
			return &BusinessError{Op: "gstr-2a b2b", StatusCd: "0", Code: "AUTH4034", Message: "Bad user"}
		}, "The GST portal refused gstr-2a b2b: Bad user (AUTH4034). Sign in again with an OTP.", "gstdesk gst login"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.err()
			if err == nil {
				t.Fatal("no error")
			}
			if got := apperr.Window.Public(err).Message; got != tt.wantWindow {
				t.Errorf("window message = %q, want %q", got, tt.wantWindow)
			}
			got := apperr.Command.Public(err).Message
			if !strings.Contains(got, tt.wantCommand) {
				t.Errorf("command message = %q, want it to contain %q", got, tt.wantCommand)
			}
			if strings.HasSuffix(got, "in Settings.") || strings.Contains(got, "Settings, then") {
				t.Errorf("command message = %q points at a screen", got)
			}
		})
	}
}

// TestErrorTypesArePresenters checks that apperr sees the remote errors' status and transaction id
// without importing gstapi.
func TestErrorTypesArePresenters(t *testing.T) {
	tests := []struct {
		name       string
		err        error
		wantKind   apperr.Kind
		wantStatus int
		wantTxn    string
	}{
		{"flat error", &ErrorResponse{Op: "search gstin", Status: 404, Message: "Not Found", TransactionID: "t-404"}, apperr.NotFound, 404, "t-404"},
		{"business error", &BusinessError{Op: "search gstin", StatusCd: "0", Code: "FO8000", Message: "No records found", TransactionID: "t-fo"}, apperr.NotFound, 200, "t-fo"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := apperr.Command.Public(tt.err)
			if p.Kind != tt.wantKind || p.Status != tt.wantStatus || p.TransactionID != tt.wantTxn {
				t.Errorf("got %+v, want kind %s status %d txn %q", p, tt.wantKind, tt.wantStatus, tt.wantTxn)
			}
		})
	}
}

// TestKnownCodesOverruleTheirMessage checks that a known code family decides the kind even when
// the message uses "try later" words, and that only unknown codes are read by their message.
func TestKnownCodesOverruleTheirMessage(t *testing.T) {
	tests := []struct {
		code, message string
		wantKind      apperr.Kind
		wantTemporary bool
		wantAdvice    string // in the window message
	}{
		{"AUTH4033", "Invalid Session. Please try again after some time", apperr.Unauthorised, false, "Sign in again with an OTP."},
		{"AUTH403", "Maximum session allowed exceeded, try again after 15 minutes", apperr.Unauthorised, false, "Sign in again with an OTP."},
		{"AUTH4034", "Technical error while validating the user", apperr.Unauthorised, false, "Sign in again with an OTP."},
		{"RET13509", "No data found. Please try again after some time", apperr.NotFound, false, "has nothing for"},
		{"ret13509", "Technical error: no data", apperr.NotFound, false, "has nothing for"},
		{"FO8000", "No records found, try later", apperr.NotFound, false, "has nothing for"},
		{"TEC4001", "Technical Error", apperr.Unavailable, true, "Try again in a few minutes."},
		{"TEC4001", "Invalid session", apperr.Unavailable, true, "Try again in a few minutes."},
		{"RET12501", "System Failure", apperr.Unavailable, true, "Try again in a few minutes."},
		{"XYZ1234", "Please try again after some time", apperr.Unavailable, true, "Try again in a few minutes."},
		{"", "Technical error", apperr.Unavailable, true, "Try again in a few minutes."},
		{"XYZ1234", "No records found", apperr.NotFound, false, "has nothing for"},
		{"RET11405", "Invalid API Request Parameters", apperr.Invalid, false, "rejected"},
	}
	for _, tt := range tests {
		t.Run(tt.code+" "+tt.message, func(t *testing.T) {
			e := &BusinessError{Op: "gstr-2a b2b", StatusCd: "0", Code: tt.code, Message: tt.message}
			if got := e.Kind(); got != tt.wantKind {
				t.Errorf("Kind = %q, want %q", got, tt.wantKind)
			}
			if got := e.Temporary(); got != tt.wantTemporary {
				t.Errorf("Temporary = %v, want %v", got, tt.wantTemporary)
			}
			if got := apperr.Window.Public(e).Message; !strings.Contains(got, tt.wantAdvice) {
				t.Errorf("window message = %q, want it to contain %q", got, tt.wantAdvice)
			}
		})
	}
}

// TestKnownCodeWithTryLaterWordsIsNotRetried checks through the simulator that an ended session
// whose message asks to try again later is not retried and reads as an ended session.
func TestKnownCodeWithTryLaterWordsIsNotRetried(t *testing.T) {
	c, s := simClient(t, gstapitest.Options{})
	tests := []struct {
		code, message string
		wantKind      apperr.Kind
	}{
		{"AUTH4033", "Invalid Session, try again after some time", apperr.Unauthorised},
		{"RET13509", "No data found due to a technical error", apperr.NotFound},
	}
	for _, tt := range tests {
		t.Run(tt.code, func(t *testing.T) {
			s.ResetCounts()
			s.SetFaults(gstapitest.Faults{BusinessError: 10, BusinessCode: tt.code, BusinessMessage: tt.message})
			defer s.SetFaults(gstapitest.Faults{})
			_, err := c.Verify(context.Background(), "24ABKCS2033B1ZV")
			if got := apperr.KindOf(err); got != tt.wantKind {
				t.Errorf("err = %v, kind %q, want %q", err, got, tt.wantKind)
			}
			if got := s.Count("/gst/compliance/public/gstin/verify"); got != 1 {
				t.Errorf("calls = %d, want 1 (not retried)", got)
			}
		})
	}
}
