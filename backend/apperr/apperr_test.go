package apperr

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// remote stands for a remote error type of another package (gstapi.ErrorResponse, gstin.Error).
type remote struct {
	status int
	txn    string
	hint   Hint
}

func (r *remote) Error() string { return fmt.Sprintf("remote: %d", r.status) }

func (r *remote) AppError() *Error {
	return &Error{Kind: Unavailable, Message: "The service is down.", Status: r.status, TransactionID: r.txn, Hint: r.hint, Err: r}
}

var keyHint = Hint{Window: "Add the API key in Settings.", Command: "Set GSTDESK_API_KEY and GSTDESK_API_SECRET."}

func TestPublic(t *testing.T) {
	tests := []struct {
		name string
		err  error
		face Face
		want *Error
	}{
		{"nil", nil, Window, nil},
		{"typed", New(Invalid, "GSTIN %s is too short.", "27AB"), Window,
			&Error{Kind: Invalid, Message: "GSTIN 27AB is too short."}},
		{"wrapped typed", fmt.Errorf("store: %w", New(NotFound, "No such workspace.")), Command,
			&Error{Kind: NotFound, Message: "No such workspace."}},
		{"plain error masked", errors.New("disk I/O error at page 7"), Window,
			&Error{Kind: Internal, Message: MsgInternal}},
		{"internal keeps its short message, not its cause", Wrap(Internal, errors.New("open /root/secret: denied"), "could not save"), Command,
			&Error{Kind: Internal, Message: "Something went wrong inside gstdesk (could not save). The details are in the log."}},
		{"canceled", fmt.Errorf("pull: %w", context.Canceled), Window,
			&Error{Kind: Canceled, Message: MsgCanceled}},
		{"canceled under an internal error", Wrap(Internal, context.Canceled, "could not save"), Command,
			&Error{Kind: Canceled, Message: MsgCanceled}},
		{"deadline", fmt.Errorf("pull: %w", context.DeadlineExceeded), Command,
			&Error{Kind: Unavailable, Message: MsgDeadline}},
		{"typed deadline keeps its message", Wrap(Unavailable, context.DeadlineExceeded, "The GST service did not answer in time."), Window,
			&Error{Kind: Unavailable, Message: "The GST service did not answer in time."}},
		{"typed cancel keeps its message", New(Canceled, "Not looked up: the check was cancelled."), Window,
			&Error{Kind: Canceled, Message: "Not looked up: the check was cancelled."}},
		{"remote keeps status and transaction id", &Error{Kind: RateLimited, Message: "Too many requests.", Status: 429, TransactionID: "t-1", Err: errors.New("x")}, Command,
			&Error{Kind: RateLimited, Message: "Too many requests.", Status: 429, TransactionID: "t-1"}},
		{"presenter", fmt.Errorf("lookup: %w", &remote{status: 503, txn: "t-503"}), Window,
			&Error{Kind: Unavailable, Message: "The service is down.", Status: 503, TransactionID: "t-503"}},
		{"business error (HTTP 200) through a presenter", &remote{status: 200, txn: "t-fo"}, Command,
			&Error{Kind: Unavailable, Message: "The service is down.", Status: 200, TransactionID: "t-fo"}},
		{"typed over a presenter gains its status and transaction id", Wrap(NotFound, &remote{status: 404, txn: "t-404"}, "Nothing for that GSTIN."), Window,
			&Error{Kind: NotFound, Message: "Nothing for that GSTIN.", Status: 404, TransactionID: "t-404"}},
		{"hint on the window", New(Unauthorised, "No API key is set.").WithHint(keyHint), Window,
			&Error{Kind: Unauthorised, Message: "No API key is set. Add the API key in Settings."}},
		{"hint on the command line", New(Unauthorised, "No API key is set.").WithHint(keyHint), Command,
			&Error{Kind: Unauthorised, Message: "No API key is set. Set GSTDESK_API_KEY and GSTDESK_API_SECRET."}},
		{"hint of a presenter", &remote{status: 401, hint: keyHint}, Command,
			&Error{Kind: Unavailable, Message: "The service is down. Set GSTDESK_API_KEY and GSTDESK_API_SECRET.", Status: 401}},
		{"hint for one face only", New(Invalid, "Bad file.").WithHint(Hint{Command: "Pass --in FILE."}), Window,
			&Error{Kind: Invalid, Message: "Bad file."}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.face.Public(tt.err)
			if (got == nil) != (tt.want == nil) || got != nil && *got != *tt.want {
				t.Errorf("%s.Public = %+v, want %+v", tt.face, got, tt.want)
			}
			if got != nil {
				if again := tt.face.Public(got); *again != *got {
					t.Errorf("Public of the public error = %+v, want it unchanged %+v", again, got)
				}
			}
		})
	}
}

func TestKindOf(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want Kind
	}{
		{"typed", New(Invalid, "x"), Invalid},
		{"wrapped typed", fmt.Errorf("store: %w", New(NotFound, "x")), NotFound},
		{"presenter", &remote{status: 503}, Unavailable},
		{"plain", errors.New("x"), Internal},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := KindOf(tt.err); got != tt.want {
				t.Errorf("KindOf = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestWrapKeepsCauseOutOfPublic(t *testing.T) {
	cause := errors.New("secret path /root/x")
	err := Wrap(Internal, cause, "could not save")
	if !errors.Is(err, cause) {
		t.Error("Wrap must keep its cause")
	}
	if !strings.Contains(err.Error(), "/root/x") {
		t.Errorf("Error() = %q, want the cause for the log", err.Error())
	}
	for _, face := range []Face{Window, Command} {
		if p := face.Public(err); strings.Contains(p.Message, "/root/x") || p.Err != nil {
			t.Errorf("%s.Public leaks the cause: %+v", face, p)
		}
	}
}
