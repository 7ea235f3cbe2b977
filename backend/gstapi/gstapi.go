// Package gstapi is the client of the remote GST compliance and salary TDS service: sign-in,
// the public GSTIN operations, the taxpayer session and GSTR-2A, and the salary TDS calculator.
// Every answer is checked and decoded in one place (Client.do); every failure a person may see
// is an *apperr.Error whose cause is an *ErrorResponse or a *BusinessError.
package gstapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"golang.org/x/time/rate"

	"gstdesk/backend/apperr"
	"gstdesk/backend/utf8check"
)

// The service's base addresses.
const (
	ProductionURL = "https://api.sandbox.co.in"
	TestURL       = "https://test-api.sandbox.co.in"
)

// APIVersion is the interface version sent in x-api-version.
const APIVersion = "1.0.0"

// Defaults of Config.
const (
	DefaultTimeout          = 60 * time.Second
	DefaultMaxAttempts      = 4
	DefaultMaxResponseBytes = 64 << 20
	DefaultMaxRetryWait     = 2 * time.Minute
	TestRatePerMinute       = 25
	ProductionRatePerMinute = 100
)

// Config configures a Client. Only BaseURL, APIKey and Tokens are needed; the rest has defaults.
type Config struct {
	// HTTPClient sends the requests; nil means a new http.Client (timeouts are per call, below).
	HTTPClient *http.Client
	// BaseURL is the service address, e.g. TestURL or a simulator's URL.
	BaseURL string
	// APIKey is sent as x-api-key on every request.
	APIKey string
	// Tokens gives the access token for the authorization header (usually an *Authenticator).
	Tokens TokenSource
	// Timeout bounds a whole call: sign-in, every try, the waits between tries and reading the
	// answer (default 60 s). A call that runs out of it ends with an Unavailable error whose cause
	// is context.DeadlineExceeded.
	Timeout time.Duration
	// MaxAttempts is how many times a call that only reads is tried in all when the answer may be
	// temporary (429, 500, 502, 503, 504, network errors, a tax-network "try later"); default 4,
	// 1 means no retry. Calls that change something at the service (OTP request and verification,
	// session refresh, sign-out) are sent once whatever it says.
	MaxAttempts int
	// MaxRetryWait is the longest wait gstdesk accepts before a retry (default 2 min); a longer
	// Retry-After or X-RateLimit-Reset ends the call with a RateLimited error instead.
	MaxRetryWait time.Duration
	// RatePerMinute caps the calls sent per minute: 0 picks 25 for key_test_ keys and 100 otherwise,
	// a negative value turns the limiter off.
	RatePerMinute int
	// MaxResponseBytes caps the size of an answer (default 64 MB).
	MaxResponseBytes int64
	// Backoff gives the wait before retry number n (1, 2, ...) when the answer says nothing;
	// nil means exponential back-off from 500 ms with jitter.
	Backoff func(n int) time.Duration
	// Sleep waits d or until ctx ends; tests replace it to avoid real waiting.
	Sleep func(ctx context.Context, d time.Duration) error
	// Now is the clock (tests replace it).
	Now func() time.Time
	// Logger receives debug lines of each request with secrets redacted; nil logs nothing.
	Logger *slog.Logger
}

// Client calls the remote service. It is safe for concurrent use.
type Client struct {
	baseURL *url.URL
	apiKey  string
	tokens  TokenSource
	http    *http.Client
	cfg     Config
	limiter *rate.Limiter
}

// NewClient returns a client for cfg. When cfg.Tokens is an *Authenticator it adopts the
// client's timeout, retry, size and clock settings for its own sign-in calls.
func NewClient(cfg Config) (*Client, error) {
	u, err := url.Parse(strings.TrimRight(strings.TrimSpace(cfg.BaseURL), "/"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, apperr.New(apperr.Invalid, "The service address %q is not a web address (it should look like %s).", cfg.BaseURL, TestURL).WithHint(apperr.Hint{
			Window:  "Correct it in Settings.",
			Command: "Correct GSTDESK_BASE_URL, or the address saved in the window's Settings.",
		})
	}
	if strings.TrimSpace(cfg.APIKey) == "" {
		return nil, apperr.New(apperr.Invalid, "No API key is set.").WithHint(apperr.Hint{
			Window:  "Enter the API key in Settings.",
			Command: "Set GSTDESK_API_KEY and GSTDESK_API_SECRET, or save them in the window's Settings.",
		})
	}
	// Redirects are never followed: a copy of the HTTP client refuses them, so the API key, the
	// secret and tokens go only to the configured address.
	hc := http.Client{}
	if cfg.HTTPClient != nil {
		hc = *cfg.HTTPClient
	}
	hc.CheckRedirect = refuseRedirect
	cfg.HTTPClient = &hc
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.MaxAttempts <= 0 {
		cfg.MaxAttempts = DefaultMaxAttempts
	}
	if cfg.MaxRetryWait <= 0 {
		cfg.MaxRetryWait = DefaultMaxRetryWait
	}
	if cfg.MaxResponseBytes <= 0 {
		cfg.MaxResponseBytes = DefaultMaxResponseBytes
	}
	if cfg.Backoff == nil {
		cfg.Backoff = DefaultBackoff
	}
	if cfg.Sleep == nil {
		cfg.Sleep = sleepCtx
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	apperr.RememberSecret(cfg.APIKey) // hidden from every message, whatever a service echoes back
	c := &Client{baseURL: u, apiKey: cfg.APIKey, tokens: cfg.Tokens, http: cfg.HTTPClient, cfg: cfg}
	perMin := cfg.RatePerMinute
	if perMin == 0 {
		perMin = ProductionRatePerMinute
		if strings.HasPrefix(cfg.APIKey, "key_test_") {
			perMin = TestRatePerMinute
		}
	}
	if perMin > 0 {
		c.limiter = rate.NewLimiter(rate.Every(time.Minute/time.Duration(perMin)), min(5, perMin))
	}
	if a, ok := cfg.Tokens.(*Authenticator); ok {
		a.adopt(cfg)
	}
	return c, nil
}

// BaseURL returns the service address the client calls.
func (c *Client) BaseURL() string { return c.baseURL.String() }

// DefaultBackoff is exponential back-off with jitter: about 0.5 s, 1 s, 2 s ... capped at 30 s.
func DefaultBackoff(n int) time.Duration {
	d := 500 * time.Millisecond << min(max(n-1, 0), 6)
	d = min(d, 30*time.Second)
	return d/2 + rand.N(d/2+1)
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// Meta is what every answer carries besides its payload, kept so callers can cache the payload
// verbatim and show where an answer came from.
type Meta struct {
	// TransactionID is the service's id of the answer.
	TransactionID string `json:"transaction_id"`
	// Timestamp is when the service made the answer, Unix milliseconds.
	Timestamp int64 `json:"timestamp"`
	// Raw is the payload exactly as sent (data.data; for the TDS calculator, data).
	Raw json.RawMessage `json:"-"`
}

// Time returns Timestamp as a time (zero when the service sent none).
func (m Meta) Time() time.Time {
	if m.Timestamp == 0 {
		return time.Time{}
	}
	return time.UnixMilli(m.Timestamp)
}

// CallOption adjusts one call.
type CallOption func(*call)

// AcceptCache sets x-accept-cache: true on a public operation, letting the service answer from its
// cache (cheaper, possibly older).
func AcceptCache(ok bool) CallOption { return func(c *call) { c.acceptCache = ok } }

// call describes one request to the service.
type call struct {
	op          string // name for errors: "search gstin"
	method      string
	path        string
	query       url.Values
	body        any // marshalled to JSON; json.RawMessage passes through
	acceptCache bool
	bearer      string // a taxpayer token, used as-is instead of the TokenSource
	noAuth      bool   // no authorization header (sign-in)
	header      http.Header
	// retry marks a call that only reads: sending it again after a failure is safe.
	retry bool
	// tn marks a tax-network answer ({data, status_cd}), whose "try later" is retried.
	tn bool
}

// response is a successful (2xx) answer, parsed by its reader on first use.
type response struct {
	status int
	body   []byte
	cl     call

	parsed   bool // payload below is set
	raw      json.RawMessage
	meta     Meta
	perr     error
	statusCd string // data.status_cd of a tax-network answer ("1", or "3" for a paged GSTR-2B)
}

// envelope is the outer shape of every answer, successful or not.
type envelope struct {
	Code          flexInt         `json:"code"`
	Data          json.RawMessage `json:"data"`
	Timestamp     flexInt         `json:"timestamp"`
	TransactionID string          `json:"transaction_id"`
	Message       string          `json:"message"`
}

func (e envelope) meta(raw json.RawMessage) Meta {
	return Meta{TransactionID: e.TransactionID, Timestamp: int64(e.Timestamp), Raw: raw}
}

// NewRequest builds a request for path (relative to the base URL) with the common headers:
// x-api-key, x-api-version, and content-type when body is not nil. It sets no authorization.
func (c *Client) NewRequest(ctx context.Context, method, path string, query url.Values, body any) (*http.Request, error) {
	u := *c.baseURL
	u.Path = strings.TrimRight(u.Path, "/") + path
	u.RawPath = ""
	if len(query) > 0 {
		// The service wants %20, not +, in FY%202025-26.
		u.RawQuery = strings.ReplaceAll(query.Encode(), "+", "%20")
	}
	var rd io.Reader
	if body != nil {
		var b []byte
		switch v := body.(type) {
		case json.RawMessage:
			b = v
		case []byte:
			b = v
		default:
			var err error
			if b, err = json.Marshal(body); err != nil {
				return nil, fmt.Errorf("gstapi: encode request: %w", err)
			}
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, u.String(), rd)
	if err != nil {
		return nil, fmt.Errorf("gstapi: new request: %w", err)
	}
	req.Header.Set("x-api-key", c.apiKey)
	req.Header.Set("x-api-version", APIVersion)
	req.Header.Set("accept", "application/json")
	if body != nil {
		req.Header.Set("content-type", "application/json")
	}
	return req, nil
}

// do sends cl with rate limiting, retries and one token renewal, and returns a 2xx answer for
// its reader. Anything else becomes an *apperr.Error.
//
// The whole call, sign-in, every try and the waits between them included, keeps to one deadline,
// Config.Timeout: a wait that would pass it is not started. Only calls marked retry are sent
// again, after a network error, a 429 or 5xx, or a tax-network "try later"; the others change
// something at the service (an OTP sent, a session opened) and are sent once. The exception is a
// 403 to a token from the TokenSource: the service refused the token, not the request, so the
// token is renewed and the request sent once more.
func (c *Client) do(ctx context.Context, cl call) (*response, error) {
	cctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	deadline, _ := cctx.Deadline()
	// ended is the error of a call whose context ended: cancelled or out of time.
	ended := func(tries int) error {
		if ctx.Err() != nil {
			return ctxError(ctx, cl, ctx.Err())
		}
		return c.timeoutError(cl, tries)
	}
	// wait sleeps d before another try; false means the call must end with last instead.
	wait := func(d time.Duration) (bool, error) {
		if time.Until(deadline) <= d {
			return false, nil
		}
		if err := c.cfg.Sleep(cctx, d); err != nil {
			return false, err
		}
		return true, nil
	}
	maxAttempts := c.cfg.MaxAttempts
	if !cl.retry {
		maxAttempts = 1
	}
	renewed := false
	for attempt := 1; ; attempt++ {
		if c.limiter != nil {
			if err := c.limiter.Wait(cctx); err != nil {
				// Wait also fails at once when the next free turn is after the deadline.
				return nil, ended(attempt - 1)
			}
		}
		token := cl.bearer
		fromSource := false
		if !cl.noAuth && token == "" {
			if c.tokens == nil {
				return nil, apperr.New(apperr.Unauthorised, "gstdesk has no way to sign in to the GST service.").WithHint(apperr.Hint{
					Window:  "Enter the API key and secret in Settings.",
					Command: "Set GSTDESK_API_KEY and GSTDESK_API_SECRET, or save them in the window's Settings.",
				})
			}
			t, err := c.tokens.Token(cctx)
			if err != nil {
				if cctx.Err() != nil {
					return nil, ended(attempt - 1)
				}
				return nil, err
			}
			token, fromSource = t, true
		}
		status, header, body, err := c.attempt(cctx, cl, token)
		if err != nil {
			if cctx.Err() != nil {
				return nil, ended(attempt)
			}
			if permanent(err) || attempt >= maxAttempts {
				return nil, err
			}
			if ok, serr := wait(c.cfg.Backoff(attempt)); serr != nil {
				return nil, ended(attempt)
			} else if !ok {
				return nil, err
			}
			continue
		}
		if status >= 200 && status < 300 {
			r, err := c.decode(cl, status, body)
			if err != nil {
				return nil, err
			}
			if cl.tn && attempt < maxAttempts {
				if _, _, perr := r.payload(cl); temporary(perr) {
					if ok, serr := wait(c.cfg.Backoff(attempt)); serr != nil {
						return nil, ended(attempt)
					} else if ok {
						continue
					}
				}
			}
			return r, nil
		}
		eresp := newErrorResponse(cl, status, body)
		if status == http.StatusForbidden && fromSource && !renewed && !eresp.aboutCredits() {
			// The token may have expired early (or been revoked): renew once and try again.
			c.tokens.Invalidate(token)
			renewed = true
			attempt--
			continue
		}
		if retryable(status) && attempt < maxAttempts {
			// A wait longer than MaxRetryWait, or past the deadline, ends the call with this answer.
			if d, fromHeader := c.retryWait(header, attempt); !fromHeader || d <= c.cfg.MaxRetryWait {
				ok, serr := wait(d)
				if serr != nil {
					return nil, ended(attempt)
				}
				if ok {
					continue
				}
			}
		}
		var until time.Time
		if status == http.StatusTooManyRequests {
			if d, ok := c.retryWait(header, attempt); ok {
				until = c.cfg.Now().Add(d)
			}
		}
		return nil, eresp.appErr(until)
	}
}

// timeoutError is the error of a call that ran out of its time after tries tries.
func (c *Client) timeoutError(cl call, tries int) error {
	n := ""
	if tries > 1 {
		n = fmt.Sprintf(" (%d tries)", tries)
	}
	return apperr.Wrap(apperr.Unavailable, context.DeadlineExceeded, "The GST service did not answer %s within %s%s. Check the connection and try again.", cl.op, c.cfg.Timeout, n)
}

// permanent reports whether a failed try would fail the same way again.
func permanent(err error) bool {
	var re *RedirectError
	return errors.Is(err, errTooLarge) || errors.As(err, &re)
}

// temporary reports whether err is a tax-network "try later" answer.
func temporary(err error) bool {
	var be *BusinessError
	return errors.As(err, &be) && be.Temporary()
}

func retryable(status int) bool {
	switch status {
	case http.StatusTooManyRequests, http.StatusInternalServerError, http.StatusBadGateway,
		http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		return true
	}
	return false
}

// retryWait is how long to wait before retry n: what Retry-After or X-RateLimit-Reset asks
// (fromHeader true), else the back-off.
func (c *Client) retryWait(h http.Header, n int) (time.Duration, bool) {
	now := c.cfg.Now()
	if v := strings.TrimSpace(h.Get("Retry-After")); v != "" {
		if s, err := strconv.Atoi(v); err == nil && s >= 0 {
			return time.Duration(s) * time.Second, true
		}
		if t, err := http.ParseTime(v); err == nil {
			return max(t.Sub(now), 0), true
		}
	}
	if v := strings.TrimSpace(h.Get("X-RateLimit-Reset")); v != "" {
		if s, err := strconv.ParseInt(v, 10, 64); err == nil {
			return max(time.Unix(s, 0).Sub(now), 0), true
		}
	}
	return c.cfg.Backoff(n), false
}

// errTooLarge marks an answer over the size cap: retrying would not help.
var errTooLarge = errors.New("gstapi: answer too large")

// attempt sends one request and reads the whole answer (ctx carries the call's deadline).
func (c *Client) attempt(ctx context.Context, cl call, token string) (int, http.Header, []byte, error) {
	req, err := c.NewRequest(ctx, cl.method, cl.path, cl.query, cl.body)
	if err != nil {
		return 0, nil, nil, apperr.Wrap(apperr.Internal, err, "could not build the request to %s", cl.op)
	}
	if token != "" {
		req.Header.Set("authorization", token)
	}
	if cl.acceptCache {
		req.Header.Set("x-accept-cache", "true")
	}
	for k, vs := range cl.header {
		req.Header[k] = vs
	}
	start := c.cfg.Now()
	resp, err := c.http.Do(req)
	if err != nil {
		var re *RedirectError
		if errors.As(err, &re) {
			re.Op = cl.op
			return 0, nil, nil, re.AppError()
		}
		return 0, nil, nil, c.networkError(cl, err)
	}
	defer resp.Body.Close()
	limit := c.cfg.MaxResponseBytes
	if resp.ContentLength > limit {
		return 0, nil, nil, c.tooLarge(cl)
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, limit+1))
	if err != nil {
		return 0, nil, nil, c.networkError(cl, err)
	}
	if int64(len(body)) > limit {
		return 0, nil, nil, c.tooLarge(cl)
	}
	if c.cfg.Logger != nil {
		c.cfg.Logger.Debug("gstapi", "op", cl.op, "method", cl.method, "path", cl.path, "status", resp.StatusCode,
			"bytes", len(body), "took", c.cfg.Now().Sub(start), "request_headers", Redact(req.Header),
			"transaction_id", resp.Header.Get("x-transaction-id"))
	}
	return resp.StatusCode, resp.Header, body, nil
}

func (c *Client) tooLarge(cl call) error {
	return apperr.Wrap(apperr.Unavailable, errTooLarge, "The GST service's answer to %s is larger than %s, the most gstdesk accepts. Ask for less at a time (for example one supplier) and try again.", cl.op, sizeText(c.cfg.MaxResponseBytes))
}

// networkError describes a failure to get an answer without repeating the URL (its query may
// carry an OTP). The call's own deadline is handled by do; a deadline here is the HTTP client's.
func (c *Client) networkError(cl call, err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	if errors.Is(err, context.DeadlineExceeded) || (ue != nil && ue.Timeout()) {
		return apperr.Wrap(apperr.Unavailable, err, "The GST service did not answer %s in time. Check the connection and try again.", cl.op)
	}
	return apperr.Wrap(apperr.Unavailable, err, "Could not reach the GST service for %s (%v). Check the internet connection and try again.", cl.op, err)
}

func ctxError(ctx context.Context, cl call, err error) error {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return apperr.Wrap(apperr.Unavailable, err, "Stopped waiting for the GST service (%s): the time allowed ran out.", cl.op)
	}
	return apperr.Wrap(apperr.Canceled, context.Canceled, "Cancelled.")
}

// decode keeps a 2xx answer for its reader: envelope() for answers whose data is the payload
// itself, payload() for tax-network answers. An answer that is not UTF-8 is refused here, before
// any reader could store or show it.
func (c *Client) decode(cl call, status int, body []byte) (*response, error) {
	if at := utf8check.FirstInvalid(body); at >= 0 {
		return nil, (&ContractError{Op: cl.op, Problem: fmt.Sprintf("the answer has text that is not UTF-8 (at byte %d)", at)}).AppError()
	}
	return &response{status: status, body: body, cl: cl}, nil
}

// flatInside turns a flat error carried in a 2xx answer into the error it says it is.
func (r *response) flatInside(code int) error {
	return newErrorResponse(r.cl, code, r.body).appErr(time.Time{})
}

// envelope parses the answer as {code, data, timestamp, transaction_id}.
func (r *response) envelope() (envelope, error) {
	var env envelope
	if err := json.Unmarshal(r.body, &env); err != nil {
		return env, notJSON(r.cl, err)
	}
	if env.Data == nil && int(env.Code) >= 400 {
		return env, r.flatInside(int(env.Code))
	}
	return env, nil
}

func notJSON(cl call, err error) error {
	return apperr.Wrap(apperr.Unavailable, err, "The GST service answered %s with something that is not JSON. Try again later; if it keeps happening the service may be down.", cl.op)
}

// tnData is data of the tax-network operations: {data, status_cd, error}.
type tnData struct {
	Data     json.RawMessage `json:"data"`
	StatusCd flexString      `json:"status_cd"`
	Error    json.RawMessage `json:"error"`
	// Some answers put the error fields directly in data.
	ErrorCd   string `json:"error_cd"`
	ErrorCode string `json:"error_code"`
	Message   string `json:"message"`
}

// tnEnvelope is the envelope of a tax-network answer, decoded in one pass.
type tnEnvelope struct {
	Code          flexInt `json:"code"`
	Data          *tnData `json:"data"`
	Timestamp     flexInt `json:"timestamp"`
	TransactionID string  `json:"transaction_id"`
}

// payload extracts data.data of a tax-network answer, turning status_cd "0" into a *BusinessError
// (wrapped in an *apperr.Error). The body is parsed once, however often payload is asked.
func (r *response) payload(cl call) (json.RawMessage, Meta, error) {
	if !r.parsed {
		r.raw, r.meta, r.statusCd, r.perr = r.parsePayload(cl)
		r.parsed = true
	}
	return r.raw, r.meta, r.perr
}

func (r *response) parsePayload(cl call) (json.RawMessage, Meta, string, error) {
	var env tnEnvelope
	if err := json.Unmarshal(r.body, &env); err != nil {
		var te *json.UnmarshalTypeError
		if !errors.As(err, &te) {
			return nil, Meta{}, "", notJSON(cl, err)
		}
	}
	meta := Meta{TransactionID: env.TransactionID, Timestamp: int64(env.Timestamp)}
	if env.Data == nil {
		if int(env.Code) >= 400 {
			return nil, meta, "", r.flatInside(int(env.Code))
		}
		return nil, meta, "", apperr.New(apperr.Unavailable, "The GST service's answer to %s has no data. Try again later.", cl.op)
	}
	d := env.Data
	if string(d.StatusCd) == "0" || (string(d.StatusCd) != "1" && d.Data == nil) {
		be := &BusinessError{Op: cl.op, StatusCd: string(d.StatusCd), Code: d.ErrorCd, Message: d.Message, TransactionID: env.TransactionID}
		if be.Code == "" {
			be.Code = d.ErrorCode
		}
		be.fill(d.Error)
		return nil, meta, string(d.StatusCd), be.AppError()
	}
	meta.Raw = d.Data
	return d.Data, meta, string(d.StatusCd), nil
}

// decodeLenient fills v from raw, ignoring fields of an unexpected type (the rest still decode).
func decodeLenient(cl call, raw json.RawMessage, v any) error {
	err := json.Unmarshal(raw, v)
	var te *json.UnmarshalTypeError
	if err == nil || errors.As(err, &te) {
		return nil
	}
	return apperr.Wrap(apperr.Unavailable, err, "The GST service's answer to %s could not be read. Try again later.", cl.op)
}

// flexInt decodes a JSON number or a string of digits (the service sends both for timestamp).
type flexInt int64

func (f *flexInt) UnmarshalJSON(b []byte) error {
	s := strings.Trim(strings.TrimSpace(string(b)), `"`)
	if s == "" || s == "null" {
		*f = 0
		return nil
	}
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		*f = flexInt(n)
		return nil
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return nil // lenient: an unreadable timestamp is no timestamp
	}
	*f = flexInt(x)
	return nil
}

// flexString decodes a JSON string or number as a string ("1" or 1 for status_cd).
type flexString string

func (f *flexString) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*f = flexString(s)
		return nil
	}
	*f = flexString(strings.TrimSpace(string(b)))
	return nil
}

// Redact returns a copy of h with the values of authorization, x-api-key, x-api-secret and
// cookies replaced, for debug logs.
func Redact(h http.Header) http.Header {
	out := h.Clone()
	for k := range out {
		switch strings.ToLower(k) {
		case "authorization", "x-api-key", "x-api-secret", "cookie", "set-cookie", "proxy-authorization":
			out[k] = []string{"[redacted]"}
		}
	}
	return out
}

// sizeText writes a byte count for people: "64 MB", "1000 bytes".
func sizeText(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
