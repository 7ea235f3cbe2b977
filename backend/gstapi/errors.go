package gstapi

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"gstdesk/backend/apperr"
)

// Both remote error types say how a person should see them, so apperr.Window.Public and
// apperr.Command.Public keep their status and transaction id.
var (
	_ apperr.Presenter = (*ErrorResponse)(nil)
	_ apperr.Presenter = (*BusinessError)(nil)
)

// ErrorResponse is a service-level error: a non-2xx answer with the flat body
// {code, message, timestamp, transaction_id}. It never holds request headers.
type ErrorResponse struct {
	Op            string // the operation, e.g. "search gstin"
	Method        string
	Path          string
	Status        int    // HTTP status
	Code          int    // code in the body (usually the status)
	Message       string // message in the body, or the status text when the body had none
	Timestamp     int64  // Unix ms
	TransactionID string
}

func (e *ErrorResponse) Error() string {
	return fmt.Sprintf("gstapi: %s %s: %d %s", e.Method, e.Path, e.Status, e.Message)
}

// Kind is the apperr kind of the status: 400/413/422 Invalid, 401/403 Unauthorised, 404 NotFound,
// 429 RateLimited, 5xx Unavailable.
func (e *ErrorResponse) Kind() apperr.Kind {
	switch s := e.Status; {
	case s == http.StatusUnauthorized || s == http.StatusForbidden:
		return apperr.Unauthorised
	case s == http.StatusNotFound:
		return apperr.NotFound
	case s == http.StatusTooManyRequests:
		return apperr.RateLimited
	case s >= 500:
		return apperr.Unavailable
	case s >= 400:
		return apperr.Invalid
	}
	return apperr.Unavailable
}

func (e *ErrorResponse) aboutCredits() bool {
	m := strings.ToLower(e.Message)
	return strings.Contains(m, "credit") || strings.Contains(m, "quota") || strings.Contains(m, "subscription")
}

func newErrorResponse(cl call, status int, body []byte) *ErrorResponse {
	e := &ErrorResponse{Op: cl.op, Method: cl.method, Path: cl.path, Status: status, Code: status}
	var flat struct {
		Code          flexInt    `json:"code"`
		Message       flexString `json:"message"`
		Timestamp     flexInt    `json:"timestamp"`
		TransactionID string     `json:"transaction_id"`
	}
	if json.Unmarshal(body, &flat) == nil {
		if flat.Code != 0 {
			e.Code = int(flat.Code)
		}
		e.Message = strings.TrimSpace(string(flat.Message))
		e.Timestamp = int64(flat.Timestamp)
		e.TransactionID = flat.TransactionID
	}
	if e.Message == "" {
		e.Message = http.StatusText(status)
	}
	return e
}

// AppError is the typed error a person sees for e (it makes e an apperr.Presenter).
func (e *ErrorResponse) AppError() *apperr.Error { return e.appErr(time.Time{}) }

// appErr turns e into the error a person sees; retryAt, when known, says when a rate limit ends.
func (e *ErrorResponse) appErr(retryAt time.Time) *apperr.Error {
	var msg string
	var hint apperr.Hint
	switch s := e.Status; {
	case s == http.StatusBadRequest:
		msg = fmt.Sprintf("The GST service rejected the request for %s: %s. This is likely a gstdesk fault; report it with the transaction id.", e.Op, e.Message)
	case s == http.StatusRequestEntityTooLarge:
		msg = fmt.Sprintf("The request for %s is too large for the GST service (%s). Send less at a time.", e.Op, e.Message)
	case s == http.StatusUnprocessableEntity:
		msg = fmt.Sprintf("%s. Correct the value and try again.", strings.TrimSuffix(e.Message, "."))
	case s == http.StatusUnauthorized:
		msg = fmt.Sprintf("The GST service did not accept the API key or secret (%s).", e.Message)
		hint = apperr.Hint{
			Window:  "Check them in Settings.",
			Command: "Check GSTDESK_API_KEY and GSTDESK_API_SECRET, or the key and secret saved in the window's Settings.",
		}
	case s == http.StatusForbidden:
		msg = fmt.Sprintf("The GST service refused %s (%s).", e.Op, e.Message)
		hint = apperr.Hint{
			Window:  "Check the API key and the account's credits in Settings, then try again.",
			Command: "Check the API key (GSTDESK_API_KEY, or the one saved in the window's Settings) and the account's credits, then try again.",
		}
	case s == http.StatusNotFound:
		msg = fmt.Sprintf("The GST service found nothing for %s (%s).", e.Op, e.Message)
	case s == http.StatusTooManyRequests:
		if !retryAt.IsZero() {
			msg = fmt.Sprintf("Too many requests to the GST service: its limit resets at %s. Try again then.", retryAt.Local().Format("15:04:05"))
		} else {
			msg = "Too many requests to the GST service. Wait a minute and try again."
		}
	case s == http.StatusGatewayTimeout:
		msg = fmt.Sprintf("The GST network did not answer %s in time (%s). Try again in a few minutes.", e.Op, e.Message)
	case s >= 500:
		msg = fmt.Sprintf("The GST service is unavailable for %s (%d %s). Try again in a few minutes.", e.Op, e.Status, e.Message)
	default:
		msg = fmt.Sprintf("The GST service answered %s with %d %s.", e.Op, e.Status, e.Message)
	}
	return &apperr.Error{Kind: e.Kind(), Message: msg, Status: e.Status, TransactionID: e.TransactionID, Hint: hint, Err: e}
}

// BusinessError is a tax-network error: HTTP 200 with data.status_cd "0" and an error code such as
// FO8000 (no records), RET13509 (no data), AUTH4033 (invalid session) or TEC4001 (OTP server down).
type BusinessError struct {
	Op            string
	StatusCd      string
	Code          string // error_cd or error_code
	Message       string
	TransactionID string
}

func (e *BusinessError) Error() string {
	return fmt.Sprintf("gstapi: %s: status_cd %s: %s %s", e.Op, e.StatusCd, e.Code, e.Message)
}

// fill reads data.error, which may be an object (error_cd or error_code, message) or a string.
func (e *BusinessError) fill(raw json.RawMessage) {
	if len(raw) == 0 {
		return
	}
	var obj struct {
		ErrorCd   flexString `json:"error_cd"`
		ErrorCode flexString `json:"error_code"`
		Message   flexString `json:"message"`
	}
	if json.Unmarshal(raw, &obj) == nil {
		if e.Code == "" {
			e.Code = string(obj.ErrorCd)
		}
		if e.Code == "" {
			e.Code = string(obj.ErrorCode)
		}
		if e.Message == "" {
			e.Message = string(obj.Message)
		}
		return
	}
	var s string
	if json.Unmarshal(raw, &s) == nil && e.Message == "" {
		e.Message = s
	}
}

// Kind is the apperr kind of the error code. Known code families decide first: TEC* and the
// system-failure codes Unavailable, FO8000 and RET13509 NotFound, AUTH* Unauthorised. Only an
// unknown or missing code is read by its message: a "try later" (see Temporary) Unavailable, "no
// record"/"no data" NotFound, others Invalid.
func (e *BusinessError) Kind() apperr.Kind {
	if k, ok := e.codeKind(); ok {
		return k
	}
	m := strings.ToLower(e.Message)
	switch {
	case e.Temporary():
		return apperr.Unavailable
	case strings.Contains(m, "no record") || strings.Contains(m, "no data"):
		return apperr.NotFound
	}
	return apperr.Invalid
}

// codeKind is the kind of a known code family; ok is false for an unknown or missing code, whose
// message then decides. A known code is never overruled by its message: an AUTH4033 whose text
// says "try again after some time" still ends the session, and a RET13509 "no data, technical
// error" is still nothing to return.
func (e *BusinessError) codeKind() (k apperr.Kind, ok bool) {
	c := strings.ToUpper(strings.TrimSpace(e.Code))
	switch {
	case strings.HasPrefix(c, "TEC") || temporaryCodes[c]:
		return apperr.Unavailable, true
	case c == "FO8000" || c == "RET13509":
		return apperr.NotFound, true
	case strings.HasPrefix(c, "AUTH"):
		return apperr.Unauthorised, true
	}
	return "", false
}

// temporaryCodes are the tax-network codes that mean "the network has trouble, try later" rather
// than "the request is wrong": system failures and servers down (GSTN's published codes).
var temporaryCodes = map[string]bool{
	"RET12501": true, "RET12502": true, "RET12503": true, "RET12504": true, // System Failure
	"OTP0007": true, // OTP generation failed as the OTP server is down
}

// temporaryWords are what the network says when it asks to be asked again later.
var temporaryWords = []string{"try after", "try later", "try again later", "try again after", "after some time", "after sometime",
	"temporarily", "server is down", "server down", "system failure", "technical error", "under maintenance"}

// Temporary reports whether the error is the tax network's "try later": a TEC* code (technical
// error, OTP server down), a system failure, or, for a code gstdesk does not know, a message asking
// to try again after some time. Such an error is retried where that is safe and never reads as
// invalid input. A known code of another family (AUTH*, FO8000, RET13509) is never temporary,
// whatever its message says.
func (e *BusinessError) Temporary() bool {
	if k, ok := e.codeKind(); ok {
		return k == apperr.Unavailable
	}
	m := strings.ToLower(e.Message)
	for _, w := range temporaryWords {
		if strings.Contains(m, w) {
			return true
		}
	}
	return false
}

// NoData reports whether the error only says there is nothing to return.
func (e *BusinessError) NoData() bool { return e.Kind() == apperr.NotFound }

// signInAgain is the advice after the GST portal ends or refuses a taxpayer session.
var signInAgain = apperr.Hint{
	Window:  "Sign in again with an OTP.",
	Command: "Sign in again with an OTP: gstdesk gst login --username U --gstin G.",
}

// AppError is the typed error a person sees for e (it makes e an apperr.Presenter).
func (e *BusinessError) AppError() *apperr.Error {
	what := e.Message
	if what == "" {
		what = "no reason given"
	}
	if e.Code != "" {
		what += " (" + e.Code + ")"
	}
	var msg string
	var hint apperr.Hint
	switch e.Kind() {
	case apperr.NotFound:
		msg = fmt.Sprintf("The GST network has nothing for %s: %s.", e.Op, what)
	case apperr.Unauthorised:
		hint = signInAgain
		if strings.EqualFold(e.Code, "AUTH4033") {
			msg = fmt.Sprintf("The GST portal session has ended: %s.", what)
		} else {
			msg = fmt.Sprintf("The GST portal refused %s: %s.", e.Op, what)
		}
	case apperr.Unavailable:
		msg = fmt.Sprintf("The GST network is having trouble with %s: %s. Try again in a few minutes.", e.Op, what)
	default:
		msg = fmt.Sprintf("The GST network rejected %s: %s.", e.Op, what)
	}
	return &apperr.Error{Kind: e.Kind(), Message: msg, Status: http.StatusOK, TransactionID: e.TransactionID, Hint: hint, Err: e}
}
