// Package apperr is the one typed error of gstdesk: a kind the UI and scripts can act on, a
// message a person can read, and advice for each face (the window, the command line). Face.Public
// is the one mapping from any error to what a person sees.
package apperr

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// Kind classifies an error so the UI can decide what to offer next.
type Kind string

// The kinds of error gstdesk reports.
const (
	Invalid      Kind = "invalid_input"
	NotFound     Kind = "not_found"
	Unauthorised Kind = "unauthorised"
	Unavailable  Kind = "remote_unavailable"
	RateLimited  Kind = "rate_limited"
	Conflict     Kind = "conflict"
	Canceled     Kind = "cancelled"
	Internal     Kind = "internal"
)

// Messages of the errors Face.Public makes itself.
const (
	MsgCanceled = "Cancelled."
	MsgDeadline = "This took longer than the time allowed and was stopped. Try again."
	MsgInternal = internalPrefix + ". The details are in the log."
)

const internalPrefix = "Something went wrong inside gstdesk"

// Error is an error with a kind and a message fit to show a person. Status is the HTTP status of a
// remote answer when there was one; TransactionID the remote service's id for it. Hint is what the
// person can do about it, worded for each face; Face.Public appends the face's hint to Message.
type Error struct {
	Kind          Kind   `json:"kind"`
	Message       string `json:"message"`
	Status        int    `json:"status,omitempty"`
	TransactionID string `json:"transaction_id,omitempty"`
	Hint          Hint   `json:"-"`
	Err           error  `json:"-"`
}

// Hint is advice worded for each face: Window speaks of screens and buttons, Command of flags,
// environment variables and commands. An empty field gives no advice on that face.
type Hint struct {
	Window  string
	Command string
}

// For returns the advice for face.
func (h Hint) For(face Face) string {
	if face == Command {
		return h.Command
	}
	return h.Window
}

// Face is where a person meets an error: the window or the command line. The zero Face is Window.
type Face int

// The faces of gstdesk.
const (
	Window Face = iota
	Command
)

// String returns "window" or "command".
func (f Face) String() string {
	if f == Command {
		return "command"
	}
	return "window"
}

// Presenter is an error of another package (gstapi, gstin) that knows how it should be shown as a
// typed error; Face.Public asks it, so apperr need not import those packages.
type Presenter interface {
	error
	AppError() *Error
}

func (e *Error) Error() string {
	if e.Err != nil && e.Kind == Internal {
		return Redact(e.Message + ": " + e.Err.Error())
	}
	return Redact(e.Message)
}

// Unwrap returns the underlying cause.
func (e *Error) Unwrap() error { return e.Err }

// New returns an error of the given kind with a formatted message.
func New(kind Kind, format string, args ...any) *Error {
	return &Error{Kind: kind, Message: Redact(fmt.Sprintf(format, args...))}
}

// Wrap returns an error of the given kind that keeps err as its cause.
func Wrap(kind Kind, err error, format string, args ...any) *Error {
	return &Error{Kind: kind, Message: Redact(fmt.Sprintf(format, args...)), Err: err}
}

// WithHint returns a copy of e that carries hint.
func (e *Error) WithHint(hint Hint) *Error {
	out := *e
	out.Hint = hint
	return &out
}

// KindOf returns the kind of err: that of the first *Error in its chain (or of a Presenter's
// error), Internal otherwise.
func KindOf(err error) Kind {
	if e := typed(err); e != nil {
		return e.Kind
	}
	return Internal
}

// typed returns the first *Error in err's chain, or else the error of the first Presenter in it,
// with Status and TransactionID filled from a Presenter below the *Error when it has none.
func typed(err error) *Error {
	var e *Error
	var p Presenter
	hasE, hasP := errors.As(err, &e), errors.As(err, &p)
	switch {
	case hasE:
		if hasP && (e.Status == 0 || e.TransactionID == "") {
			if pe := p.AppError(); pe != nil {
				c := *e
				if c.Status == 0 {
					c.Status = pe.Status
				}
				if c.TransactionID == "" {
					c.TransactionID = pe.TransactionID
				}
				return &c
			}
		}
		return e
	case hasP:
		return p.AppError()
	}
	return nil
}

// Public returns what face may show a person of err, or nil for a nil err. A typed error keeps
// its kind, message, Status and TransactionID, and gains the face's hint; an internal error shows
// only its short message (its cause belongs in the log, which the caller writes); a cancelled
// context becomes Canceled and a missed deadline Unavailable; anything else is a short internal
// message. The result has no cause and no hint left, so Public of it gives it back unchanged.
func (face Face) Public(err error) *Error {
	if err == nil {
		return nil
	}
	e := typed(err)
	if e != nil && e.Kind != Internal {
		return face.show(e, e.Message)
	}
	switch {
	case errors.Is(err, context.Canceled):
		return &Error{Kind: Canceled, Message: MsgCanceled}
	case errors.Is(err, context.DeadlineExceeded):
		return &Error{Kind: Unavailable, Message: MsgDeadline}
	case e != nil && strings.HasPrefix(e.Message, internalPrefix):
		return face.show(e, e.Message) // already public
	case e != nil:
		return face.show(e, internalPrefix+" ("+e.Message+"). The details are in the log.")
	}
	return &Error{Kind: Internal, Message: MsgInternal}
}

// show is e as face shows it, with msg in place of its message.
func (face Face) show(e *Error, msg string) *Error {
	if h := e.Hint.For(face); h != "" {
		msg += " " + h
	}
	return &Error{Kind: e.Kind, Message: Redact(msg), Status: e.Status, TransactionID: e.TransactionID}
}

// WithTransaction gives an *Error in err the remote answer's transaction id txn, for the person
// who reports it (a copy; err as it is when txn is empty, err holds no *Error, or it has an id).
func WithTransaction(err error, txn string) error {
	var e *Error
	if txn == "" || !errors.As(err, &e) || e.TransactionID != "" {
		return err
	}
	c := *e
	c.TransactionID = txn
	return &c
}
