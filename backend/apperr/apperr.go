// Package apperr is the one typed error of gstdesk: a kind the UI and scripts can act on and a
// message a person can read.
package apperr

import (
	"context"
	"errors"
	"fmt"
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

// Error is an error with a kind and a message fit to show a person. Status is the HTTP status of a
// remote answer when there was one; TransactionID the remote service's id for it.
type Error struct {
	Kind          Kind   `json:"kind"`
	Message       string `json:"message"`
	Status        int    `json:"status,omitempty"`
	TransactionID string `json:"transaction_id,omitempty"`
	Err           error  `json:"-"`
}

func (e *Error) Error() string {
	if e.Err != nil && e.Kind == Internal {
		return e.Message + ": " + e.Err.Error()
	}
	return e.Message
}

// Unwrap returns the underlying cause.
func (e *Error) Unwrap() error { return e.Err }

// New returns an error of the given kind with a formatted message.
func New(kind Kind, format string, args ...any) *Error {
	return &Error{Kind: kind, Message: fmt.Sprintf(format, args...)}
}

// Wrap returns an error of the given kind that keeps err as its cause.
func Wrap(kind Kind, err error, format string, args ...any) *Error {
	return &Error{Kind: kind, Message: fmt.Sprintf(format, args...), Err: err}
}

// KindOf returns the kind of err: that of the first *Error in its chain, Internal otherwise.
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return Internal
}

// Public is what may be shown to a person: the kind and message of a typed error; for anything
// else a short internal message (the detail belongs in the log, not the UI).
func Public(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		out := *e
		if out.Kind == Internal {
			out.Message = "Something went wrong inside gstdesk (" + out.Message + "). The details are in the log."
		}
		out.Err = nil
		return &out
	}
	if errors.Is(err, context.Canceled) {
		return &Error{Kind: Canceled, Message: "Cancelled."}
	}
	return &Error{Kind: Internal, Message: "Something went wrong inside gstdesk. The details are in the log."}
}
