// Package simulator is a simulator of the remote GST/TDS service for the demo workspace,
// `gstdesk simulate`, tests and benchmarks. It answers the whole contract of interface.md and remote-api-facts.md the way the
// real service does (envelopes, status_cd "0" business errors, flat non-2xx errors), from a
// registry of taxpayers generated deterministically from a seed, and has fault knobs (latency,
// 429s, 5xx, hangs, truncated and malformed answers, forced business errors) settable at runtime.
package simulator

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Defaults of Options.
const (
	DefaultAPIKey     = "key_test_demo"
	DefaultAPISecret  = "secret_demo"
	DefaultOTP        = "575757"
	DefaultTaxpayers  = 40
	DefaultInvoices   = 60
	DefaultPageSize   = 50
	TokenLifetime     = 24 * time.Hour
	SessionLifetime   = 6 * time.Hour
	maxRecorded       = 1000
	maxRequestBodyLen = 16 << 20
)

// Options configures a simulator. The zero value is a small demo service.
type Options struct {
	// Seed makes the data: the same seed gives the same taxpayers and invoices.
	Seed int64
	// Taxpayers is the size of the registry (default 40, at least the fixed well-known ones).
	Taxpayers int
	// InvoicesPerMonth is about how many GSTR-2A B2B invoices a period has (default 60); up to
	// hundreds of thousands for benchmarks.
	InvoicesPerMonth int
	// APIKey and APISecret are the accepted credentials (default key_test_demo / secret_demo).
	APIKey, APISecret string
	// OTP is the one-time password every taxpayer "receives" (default 575757).
	OTP string
	// PageSize is the number of records per page of the changed list (default 50).
	PageSize int
	// EmptyPeriods lists periods ("MMYYYY") with no GSTR-2A data; nil picks about one month in
	// eight by the seed (see PeriodEmpty). Periods after Now are always empty.
	EmptyPeriods []string
	// TDS computes the salary TDS workbook (4.8); nil answers 503.
	TDS func(financialYear string, workbook json.RawMessage) (json.RawMessage, error)
	// Now is the clock (default time.Now).
	Now func() time.Time
	// GSTR2BFileSize is the most documents a GSTR-2B answer holds: a larger return is answered
	// with its summary and a file count (fc), and its documents by file_number. 0 never pages.
	GSTR2BFileSize int
	// AllSections makes GSTR-2A and GSTR-2B carry every section of the published files (for the
	// demo workspace): besides the B2B invoices, credit and debit notes, an amendment and a bill of
	// entry, every period then has a reverse-charge invoice, amended credit and debit notes
	// (cdnra), ISD documents (eligible and not, an ISD credit note) and an amended one (isda),
	// bills of entry (impg, one amended; impgsez from an SEZ supplier), e-commerce invoices (ecom)
	// and an amendment that does not name its original (ecoma), and in the IMS era itcrev and
	// cpSummRej; itcsumm is then grouped as published (credit notes under othersup). Off, the
	// answers are those of the simulator's first versions, so figures tests rely on stay put.
	AllSections bool
	// IMSPolls is how many status polls of an IMS save or reset, or of a 2B regeneration, answer
	// "IP" (in progress) before the outcome (default 1; negative means none).
	IMSPolls int
}

// Faults are the misbehaviours the simulator can show. Counters (RateLimit, ServerErrors, Hang,
// Truncate, Malformed, BusinessError, EmptyData, EmptyB2B, InvalidUTF8, Redirect) apply to that
// many next requests and count down; Latency stays until changed. /authenticate is spared unless
// IncludeAuth is set. The zero value is a well-behaved service.
type Faults struct {
	Latency      time.Duration
	RateLimit    int           // answer 429 with X-RateLimit-Reset
	RateReset    time.Duration // how far ahead X-RateLimit-Reset points (default 1 s)
	ServerErrors int           // answer ServerStatus
	ServerStatus int           // default 503
	Hang         int           // never answer (until the client gives up or the server closes)
	Truncate     int           // send half the answer, then close the connection
	Malformed    int           // send a complete answer that is not valid JSON
	// BusinessError answers HTTP 200 with status_cd "0" and BusinessCode / BusinessMessage
	// (default TEC4001 "OTP server down") instead of data.
	// The service's "try later" answers are business errors too: TEC4001 "Technical Error",
	// RET12501 "System Failure", or any message asking to try after some time.
	BusinessError   int
	BusinessCode    string
	BusinessMessage string
	// EmptyData answers a tax-network operation with HTTP 200, status_cd "1" and data {}: a success
	// that breaks the contract (no required field).
	EmptyData int
	// EmptyB2B answers GSTR-2A with HTTP 200, status_cd "1" and data {"b2b":[]}: a period that
	// legitimately has no invoices.
	EmptyB2B int
	// InvalidUTF8 puts bytes that are not UTF-8 into a text value of the answer.
	InvalidUTF8 int
	// Redirect answers RedirectStatus (default 307) with Location RedirectTo followed by the
	// request's path and query, as a service that moved (or was hijacked) would.
	Redirect       int
	RedirectTo     string
	RedirectStatus int
	IncludeAuth    bool
	// StuckJobs keeps every IMS save, reset and 2B regeneration "in progress" (IP) while set.
	StuckJobs bool
}

// RecordedRequest is a request the simulator received, headers and body included.
type RecordedRequest struct {
	Method string
	Path   string
	Query  url.Values
	Header http.Header
	Body   []byte
}

// Server is the simulator; it implements http.Handler and is safe for concurrent use.
type Server struct {
	opts Options
	reg  *registry

	mu         sync.Mutex
	faults     Faults
	tokens     map[string]time.Time  // API access tokens and their expiry
	sessions   map[string]*tpSession // taxpayer tokens
	otps       map[string]bool       // pending OTP requests, key username|gstin
	revisions  map[string]int        // GSTR-2A revision per period key
	counts     map[string]int        // requests per path
	paid       map[string]int        // 2xx answers per path
	recorded   []RecordedRequest
	seq        uint64
	cache      gstr2aCache
	imsActions map[string]string     // recipient|section|stin|num|rtnprd → A, R, P (absent: N)
	imsExtras  map[string]imsExtra   // recipient|section|stin|num|rtnprd → IMS 2.0 fields saved with the action
	imsEdits   map[string]int        // recipient|section|stin|num|rtnprd → supplier edits
	renumbered map[string]string     // recipient|rtnprd|stin|num → the number the supplier gave it instead
	gen2b      map[string]*gstr2bGen // recipient|YYYYMM → what the last regeneration captured
	jobs       map[string]*simJob    // reference id → asynchronous request
	closing    chan struct{}
	closeOnce  sync.Once
}

type tpSession struct {
	gstin, username string
	expiry          time.Time
}

// New returns a simulator for opts.
func New(opts Options) *Server {
	if opts.Taxpayers <= 0 {
		opts.Taxpayers = DefaultTaxpayers
	}
	if opts.InvoicesPerMonth <= 0 {
		opts.InvoicesPerMonth = DefaultInvoices
	}
	if opts.APIKey == "" {
		opts.APIKey = DefaultAPIKey
	}
	if opts.APISecret == "" {
		opts.APISecret = DefaultAPISecret
	}
	if opts.OTP == "" {
		opts.OTP = DefaultOTP
	}
	if opts.PageSize <= 0 {
		opts.PageSize = DefaultPageSize
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return &Server{
		opts:       opts,
		reg:        newRegistry(opts.Seed, opts.Taxpayers),
		tokens:     map[string]time.Time{},
		sessions:   map[string]*tpSession{},
		otps:       map[string]bool{},
		revisions:  map[string]int{},
		counts:     map[string]int{},
		paid:       map[string]int{},
		imsActions: map[string]string{},
		imsExtras:  map[string]imsExtra{},
		imsEdits:   map[string]int{},
		renumbered: map[string]string{},
		gen2b:      map[string]*gstr2bGen{},
		jobs:       map[string]*simJob{},
		closing:    make(chan struct{}),
	}
}

// Close releases requests held by the Hang fault.
func (s *Server) Close() { s.closeOnce.Do(func() { close(s.closing) }) }

// Options returns the options in effect (defaults filled in).
func (s *Server) Options() Options { return s.opts }

// SetFaults replaces the fault knobs.
func (s *Server) SetFaults(f Faults) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = f
}

// Faults returns the fault knobs as they are now (counters count down as requests arrive).
func (s *Server) Faults() Faults {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.faults
}

// Count returns how many requests arrived for path (e.g. "/gst/compliance/public/gstin/search").
func (s *Server) Count(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.counts[path]
}

// Paid returns how many 2xx answers were given for path: the calls that cost credits.
func (s *Server) Paid(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.paid[path]
}

// Counts returns the number of requests per path.
func (s *Server) Counts() map[string]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make(map[string]int, len(s.counts))
	for k, v := range s.counts {
		out[k] = v
	}
	return out
}

// ResetCounts forgets request counts and recorded requests.
func (s *Server) ResetCounts() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.counts, s.paid, s.recorded = map[string]int{}, map[string]int{}, nil
}

// Requests returns the last requests received (at most 1000), oldest first.
func (s *Server) Requests() []RecordedRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]RecordedRequest(nil), s.recorded...)
}

// LastRequest returns the last request received (zero when none).
func (s *Server) LastRequest() RecordedRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.recorded) == 0 {
		return RecordedRequest{}
	}
	return s.recorded[len(s.recorded)-1]
}

// ExpireTokens makes every API access token and taxpayer session issued so far expired.
func (s *Server) ExpireTokens() {
	s.mu.Lock()
	defer s.mu.Unlock()
	past := s.opts.Now().Add(-time.Second)
	for k := range s.tokens {
		s.tokens[k] = past
	}
	for _, ss := range s.sessions {
		ss.expiry = past
	}
}

// reply is an answer before faults that alter bodies are applied.
type reply struct {
	status int
	body   []byte
	header http.Header
	tn     bool // a tax-network answer (may be forced to status_cd "0")
}

type request struct {
	*http.Request
	body []byte
}

// ServeHTTP answers one request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(io.LimitReader(r.Body, maxRequestBodyLen))
	path := r.URL.Path
	s.mu.Lock()
	s.counts[path]++
	if len(s.recorded) >= maxRecorded {
		s.recorded = s.recorded[1:]
	}
	s.recorded = append(s.recorded, RecordedRequest{Method: r.Method, Path: path, Query: r.URL.Query(), Header: r.Header.Clone(), Body: body})
	f := &s.faults
	latency := f.Latency
	apply := path != "/authenticate" || f.IncludeAuth
	var hang, limited, serverErr, redirect, truncate, malformed, business, emptyData, emptyB2B, badUTF8 bool
	if apply {
		redirect = take(&f.Redirect)
		if !redirect {
			hang, limited, serverErr = take(&f.Hang), take(&f.RateLimit), take(&f.ServerErrors)
		}
		if !redirect && !hang && !limited && !serverErr {
			truncate, malformed, business = take(&f.Truncate), take(&f.Malformed), take(&f.BusinessError)
			if !business {
				emptyData = take(&f.EmptyData)
			}
			if !business && !emptyData && strings.HasPrefix(path, gstr2aRoot) {
				emptyB2B = take(&f.EmptyB2B)
			}
			badUTF8 = take(&f.InvalidUTF8)
		}
	}
	reset, status := f.RateReset, f.ServerStatus
	bcode, bmsg := f.BusinessCode, f.BusinessMessage
	redirectTo, redirectStatus := f.RedirectTo, f.RedirectStatus
	s.mu.Unlock()

	if latency > 0 {
		select {
		case <-time.After(latency):
		case <-r.Context().Done():
			return
		case <-s.closing:
		}
	}
	var rep reply
	switch {
	case redirect:
		if redirectStatus < 300 || redirectStatus > 399 {
			redirectStatus = http.StatusTemporaryRedirect
		}
		rep = s.flat(redirectStatus, http.StatusText(redirectStatus))
		rep.header = http.Header{"Location": {strings.TrimRight(redirectTo, "/") + r.URL.RequestURI()}}
	case hang:
		select {
		case <-r.Context().Done():
		case <-s.closing:
		}
		return
	case limited:
		if reset <= 0 {
			reset = time.Second
		}
		rep = s.flat(http.StatusTooManyRequests, "Too Many Requests")
		rep.header = http.Header{}
		rep.header.Set("X-RateLimit-Limit", "25")
		rep.header.Set("X-RateLimit-Remaining", "0")
		rep.header.Set("X-RateLimit-Reset", strconv.FormatInt(s.opts.Now().Add(reset).Unix(), 10))
	case serverErr:
		if status < 500 {
			status = http.StatusServiceUnavailable
		}
		rep = s.flat(status, http.StatusText(status))
	default:
		rep = s.route(&request{Request: r, body: body})
		if business && rep.tn && rep.status == http.StatusOK {
			if bcode == "" {
				bcode, bmsg = "TEC4001", "OTP server down"
			}
			rep = s.businessError(bcode, bmsg)
		}
		if rep.tn && rep.status == http.StatusOK {
			switch {
			case emptyData:
				rep = s.ok(map[string]any{})
			case emptyB2B:
				rep = s.ok(map[string]any{"b2b": []any{}})
			}
		}
		if badUTF8 && rep.status == http.StatusOK {
			rep.body = spoilUTF8(rep.body)
		}
	}
	if rep.status >= 200 && rep.status < 300 {
		s.mu.Lock()
		s.paid[path]++
		s.mu.Unlock()
	}
	for k, v := range rep.header {
		w.Header()[k] = v
	}
	w.Header().Set("Content-Type", "application/json")
	switch {
	case truncate:
		w.Header().Set("Content-Length", strconv.Itoa(len(rep.body)))
		w.WriteHeader(rep.status)
		w.Write(rep.body[:len(rep.body)/2])
		// Returning short of Content-Length makes the server close the connection.
	case malformed:
		cut := rep.body[:max(len(rep.body)-3, 1)]
		w.Header().Set("Content-Length", strconv.Itoa(len(cut)))
		w.WriteHeader(rep.status)
		w.Write(cut)
	default:
		w.Header().Set("Content-Length", strconv.Itoa(len(rep.body)))
		w.WriteHeader(rep.status)
		w.Write(rep.body)
	}
}

// spoilUTF8 puts two bytes that are not UTF-8 at the start of the first text value of the payload
// (data.data), or of the first text value of the answer when it has no payload.
func spoilUTF8(body []byte) []byte {
	at := bytes.Index(body, []byte(`"data":{"data":{`))
	if at < 0 {
		at = 0
	}
	i := bytes.Index(body[at:], []byte(`":"`))
	if i < 0 {
		return body
	}
	i += at + 3
	out := make([]byte, 0, len(body)+2)
	out = append(out, body[:i]...)
	out = append(out, 0xff, 0xfe)
	return append(out, body[i:]...)
}

func take(n *int) bool {
	if *n > 0 {
		*n--
		return true
	}
	return false
}

// route checks credentials and dispatches to the operation.
func (s *Server) route(r *request) reply {
	p := r.URL.Path
	if p == "/authenticate" {
		if r.Method != http.MethodPost {
			return s.flat(http.StatusMethodNotAllowed, "Method Not Allowed")
		}
		return s.authenticate(r)
	}
	if r.Header.Get("x-api-key") == "" {
		return s.flat(http.StatusForbidden, "Missing API key")
	}
	if r.Header.Get("x-api-key") != s.opts.APIKey {
		return s.flat(http.StatusForbidden, "Invalid API key")
	}
	if v := r.Header.Get("x-api-version"); v != "" && v != "1.0.0" {
		return s.flat(http.StatusBadRequest, "Unsupported API version "+v)
	}
	type op struct {
		method string
		fn     func(*request) reply
	}
	ops := map[string]op{
		"/gst/compliance/public/gstin/changed-list":                 {http.MethodPost, s.changedList},
		"/gst/compliance/public/gstrs/preference":                   {http.MethodPost, s.preference},
		"/gst/compliance/public/gstin/verify":                       {http.MethodPost, s.verify},
		"/gst/compliance/public/unregistered-applicants":            {http.MethodPost, s.applicant},
		"/gst/compliance/public/unregistered-applicants/validation": {http.MethodPost, s.validateApplicant},
		"/gst/compliance/public/gstin/search":                       {http.MethodPost, s.search},
		"/gst/compliance/tax-payer/otp":                             {http.MethodPost, s.requestOTP},
		"/gst/compliance/tax-payer/otp/verify":                      {http.MethodPost, s.verifyOTP},
		"/tds/calculator/salary/sync":                               {http.MethodPost, s.salaryTDS},
	}
	// Taxpayer-token operations check the session themselves (errors come as status_cd "0").
	switch {
	case p == "/gst/compliance/tax-payer/session/refresh" && r.Method == http.MethodPost:
		return s.refreshSession(r)
	case p == "/gst/compliance/tax-payer/logout" && r.Method == http.MethodPost:
		return s.logout(r)
	case strings.HasPrefix(p, gstr2aPrefix):
		if r.Method != http.MethodGet {
			return s.flat(http.StatusMethodNotAllowed, "Method Not Allowed")
		}
		return s.gstr2a(r)
	case strings.HasPrefix(p, gstr2aRoot):
		return s.gstr2aRoute(r)
	case strings.HasPrefix(p, gstr2bPrefix):
		return s.gstr2bRoute(r)
	case p == imsPrefix || strings.HasPrefix(p, imsPrefix+"/"):
		return s.imsRoute(r)
	}
	o, ok := ops[p]
	if !ok {
		return s.flat(http.StatusNotFound, "Not Found")
	}
	if r.Method != o.method {
		return s.flat(http.StatusMethodNotAllowed, "Method Not Allowed")
	}
	if rep, ok := s.checkToken(r); !ok {
		return rep
	}
	return o.fn(r)
}

// checkToken checks the API access token in authorization.
func (s *Server) checkToken(r *request) (reply, bool) {
	tok := r.Header.Get("authorization")
	if tok == "" {
		return s.flat(http.StatusForbidden, "Missing access token"), false
	}
	s.mu.Lock()
	exp, ok := s.tokens[tok]
	s.mu.Unlock()
	if !ok {
		return s.flat(http.StatusForbidden, "Invalid access token"), false
	}
	if !s.opts.Now().Before(exp) {
		return s.flat(http.StatusForbidden, "Access token expired"), false
	}
	return reply{}, true
}

func (s *Server) authenticate(r *request) reply {
	if r.Header.Get("x-api-key") != s.opts.APIKey || r.Header.Get("x-api-secret") != s.opts.APISecret {
		return s.flat(http.StatusUnauthorized, "Unauthorized")
	}
	now := s.opts.Now()
	exp := now.Add(TokenLifetime)
	tok := s.jwt(exp, "api")
	s.mu.Lock()
	s.tokens[tok] = exp
	s.mu.Unlock()
	return s.envelope(map[string]any{"access_token": tok}, false)
}

// jwt makes a JWT-shaped token (unsigned) expiring at exp.
func (s *Server) jwt(exp time.Time, kind string) string {
	s.mu.Lock()
	s.seq++
	n := s.seq
	s.mu.Unlock()
	enc := base64.RawURLEncoding
	head := enc.EncodeToString([]byte(`{"typ":"JWS","alg":"RSASSA_PSS_SHA_512"}`))
	claims := enc.EncodeToString([]byte(fmt.Sprintf(`{"exp":%d,"iat":%d,"jti":"%s-%d-%d","iss":"gstdesk-simulator"}`, exp.Unix(), s.opts.Now().Unix(), kind, s.opts.Seed, n)))
	return head + "." + claims + "." + enc.EncodeToString([]byte(fmt.Sprintf("sig-%d", n)))
}

// transactionID returns a fresh UUID-shaped id.
func (s *Server) transactionID() string {
	s.mu.Lock()
	s.seq++
	n := s.seq
	s.mu.Unlock()
	h := mix(uint64(s.opts.Seed), n)
	return fmt.Sprintf("%08x-%04x-4%03x-%04x-%012x", uint32(h>>32), uint16(h>>16), uint16(h)&0xfff, 0x8000|uint16(n)&0x3fff, n&0xffffffffffff)
}

func (s *Server) nowMillis() int64 { return s.opts.Now().UnixMilli() }

// flat is a service-level error: {code, message, timestamp, transaction_id}.
func (s *Server) flat(status int, msg string) reply {
	b, _ := json.Marshal(map[string]any{"code": status, "message": msg, "timestamp": s.nowMillis(), "transaction_id": s.transactionID()})
	return reply{status: status, body: b}
}

// envelope wraps data in the success envelope.
func (s *Server) envelope(data any, tn bool) reply {
	b, err := json.Marshal(map[string]any{"code": 200, "data": data, "timestamp": s.nowMillis(), "transaction_id": s.transactionID()})
	if err != nil {
		return s.flat(http.StatusInternalServerError, "Internal Server Error")
	}
	return reply{status: http.StatusOK, body: b, tn: tn}
}

// ok is a tax-network success: data = {data: payload, status_cd: "1"}.
func (s *Server) ok(payload any) reply {
	return s.envelope(map[string]any{"data": payload, "status_cd": "1"}, true)
}

// businessError is a tax-network error: HTTP 200, status_cd "0".
func (s *Server) businessError(code, msg string) reply {
	return s.envelope(map[string]any{"error": map[string]string{"error_cd": code, "message": msg}, "status_cd": "0"}, true)
}

// object decodes a JSON object body allowing only the given keys, each of the given kind
// ("string" or "integer"); required keys must be present. It returns a 400 reply when the body is
// malformed, has other keys or wrong types.
func (s *Server) object(r *request, allowed map[string]string, required ...string) (map[string]any, *reply) {
	bad := s.flat(http.StatusBadRequest, "Invalid request body")
	var m map[string]json.RawMessage
	if err := json.Unmarshal(r.body, &m); err != nil || m == nil {
		return nil, &bad
	}
	out := map[string]any{}
	for k, raw := range m {
		kind, ok := allowed[k]
		if !ok {
			return nil, &bad
		}
		switch kind {
		case "string":
			var v string
			if json.Unmarshal(raw, &v) != nil {
				return nil, &bad
			}
			out[k] = v
		case "integer":
			var v int
			if json.Unmarshal(raw, &v) != nil {
				return nil, &bad
			}
			out[k] = v
		}
	}
	for _, k := range required {
		if _, ok := out[k]; !ok {
			return nil, &bad
		}
	}
	return out, nil
}

// mix is a 64-bit hash of a few numbers (splitmix64 steps), for deterministic choices.
func mix(vs ...uint64) uint64 {
	h := uint64(0x9e3779b97f4a7c15)
	for _, v := range vs {
		h ^= v + 0x9e3779b97f4a7c15 + (h << 6) + (h >> 2)
		h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9
		h = (h ^ (h >> 27)) * 0x94d049bb133111eb
		h ^= h >> 31
	}
	return h
}

func hashString(s string) uint64 {
	h := uint64(1469598103934665603)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}
