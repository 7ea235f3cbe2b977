package gstapi

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"gstdesk/backend/apperr"
	"gstdesk/backend/gstapi/gstapitest"
	"gstdesk/backend/simulator"
)

// recorder is a second loopback listener standing for another host: it records every request and
// the credential headers it carried.
type recorder struct {
	mu          sync.Mutex
	requests    int
	credentials []string // "header: value" of every credential header received
}

func (r *recorder) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.requests++
	for _, h := range []string{"X-Api-Key", "X-Api-Secret", "Authorization", "Cookie"} {
		if v := req.Header.Get(h); v != "" {
			r.credentials = append(r.credentials, h+": "+v)
		}
	}
	io.WriteString(w, okVerify)
}

func (r *recorder) seen() (int, []string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.requests, append([]string(nil), r.credentials...)
}

// TestRedirectsAreNotFollowed checks item 2 of issue 13: a redirect, to another host, to a weaker
// scheme or even to the same address, is never followed by the client or by its authenticator; no
// key, secret or token reaches the target; the error names the host it pointed to.
func TestRedirectsAreNotFollowed(t *testing.T) {
	evil := &recorder{}
	evilSrv := httptest.NewServer(evil)
	defer evilSrv.Close()
	evilHost := strings.TrimPrefix(evilSrv.URL, "http://")

	tests := []struct {
		name     string
		tls      bool // the service is https; the redirect goes to plain http
		status   int
		self     bool // redirect to the service's own address
		signIn   bool // redirect the sign-in (the authenticator's client) rather than the call
		wantHost string
	}{
		{"307 to another host", false, 307, false, false, evilHost},
		{"308 to another host", false, 308, false, false, evilHost},
		{"302 to another host", false, 302, false, false, evilHost},
		{"301 to another host", false, 301, false, false, evilHost},
		{"https to http", true, 307, false, false, evilHost},
		{"same address", false, 307, true, false, ""},
		{"sign-in redirected", false, 307, false, true, evilHost},
		{"sign-in redirected from https to http", true, 308, false, true, evilHost},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sim := simulator.New(simulator.Options{})
			var ts *httptest.Server
			if tt.tls {
				ts = httptest.NewTLSServer(sim)
			} else {
				ts = httptest.NewServer(sim)
			}
			defer func() { sim.Close(); ts.Close() }()
			hc := ts.Client()
			c, err := NewClient(Config{HTTPClient: hc, BaseURL: ts.URL, APIKey: gstapitest.DefaultAPIKey,
				Tokens:        NewAuthenticator(hc, ts.URL, gstapitest.DefaultAPIKey, gstapitest.DefaultAPISecret),
				RatePerMinute: -1, Sleep: func(ctx context.Context, d time.Duration) error { return ctx.Err() }})
			if err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			if !tt.signIn {
				if _, err := c.Verify(ctx, "24ABKCS2033B1ZV"); err != nil { // signs in
					t.Fatal(err)
				}
			}
			target := evilSrv.URL
			if tt.self {
				target = ts.URL
			}
			before, _ := evil.seen()
			sim.ResetCounts()
			sim.SetFaults(simulator.Faults{Redirect: 1, RedirectTo: target, RedirectStatus: tt.status, IncludeAuth: tt.signIn})
			_, err = c.Verify(ctx, "24ABKCS2033B1ZV")
			var re *RedirectError
			if apperr.KindOf(err) != apperr.Unavailable || !errors.As(err, &re) {
				t.Fatalf("err = %v, want an Unavailable *RedirectError", err)
			}
			want := tt.wantHost
			if tt.self {
				want = strings.TrimPrefix(strings.TrimPrefix(ts.URL, "https://"), "http://")
			}
			if msg := apperr.Command.Public(err).Message; !strings.Contains(msg, want) || !strings.Contains(msg, "does not follow redirects") {
				t.Errorf("message %q does not name %s", msg, want)
			}
			after, creds := evil.seen()
			if after != before || len(creds) != 0 {
				t.Errorf("the redirect target received %d requests with credentials %v", after-before, creds)
			}
			// Not retried: a redirect would only redirect again.
			path := "/gst/compliance/public/gstin/verify"
			if tt.signIn {
				path = "/authenticate"
			}
			if got := sim.Count(path); got != 1 {
				t.Errorf("%s was sent %d times, want 1", path, got)
			}
			if tt.self && sim.Count("/gst/compliance/public/gstin/verify") != 1 {
				t.Errorf("a redirect to the same address was followed: %v", sim.Counts())
			}
			assertNoSecrets(t, err)
		})
	}
}

// TestNewClientKeepsTheCallersHTTPClient checks that refusing redirects does not change the
// http.Client the caller passed in.
func TestNewClientKeepsTheCallersHTTPClient(t *testing.T) {
	hc := &http.Client{}
	if _, err := NewClient(Config{HTTPClient: hc, BaseURL: TestURL, APIKey: "k"}); err != nil {
		t.Fatal(err)
	}
	if hc.CheckRedirect != nil {
		t.Error("NewClient changed the caller's http.Client")
	}
}

// TestOneDeadlineForTheWholeCall checks item 7: a server that hangs, or keeps failing while the
// back-off would outlast the time allowed, ends the call within its one deadline, with a timeout
// (Unavailable whose cause is context.DeadlineExceeded) and few requests.
func TestOneDeadlineForTheWholeCall(t *testing.T) {
	tests := []struct {
		name      string
		faults    simulator.Faults
		backoff   time.Duration
		path      string
		wantMax   int
		wantCause error
	}{
		{"hanging call", simulator.Faults{Hang: 100}, time.Millisecond, "/gst/compliance/public/gstin/verify", 1, context.DeadlineExceeded},
		{"hanging sign-in", simulator.Faults{Hang: 100, IncludeAuth: true}, time.Millisecond, "/authenticate", 1, context.DeadlineExceeded},
		{"back-off past the deadline", simulator.Faults{ServerErrors: 100}, time.Hour, "/gst/compliance/public/gstin/verify", 1, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sim, ts := gstapitest.NewServer(t, gstapitest.Options{})
			hc := ts.Client()
			c, err := NewClient(Config{HTTPClient: hc, BaseURL: ts.URL, APIKey: gstapitest.DefaultAPIKey,
				Tokens:        NewAuthenticator(hc, ts.URL, gstapitest.DefaultAPIKey, gstapitest.DefaultAPISecret),
				RatePerMinute: -1, Timeout: 300 * time.Millisecond, MaxAttempts: 4,
				Backoff: func(int) time.Duration { return tt.backoff }})
			if err != nil {
				t.Fatal(err)
			}
			sim.SetFaults(tt.faults)
			_, err = c.Verify(context.Background(), "24ABKCS2033B1ZV")
			if apperr.KindOf(err) != apperr.Unavailable {
				t.Fatalf("err = %v, want Unavailable", err)
			}
			if tt.wantCause != nil && !errors.Is(err, tt.wantCause) {
				t.Errorf("err = %v, want its cause to be %v", err, tt.wantCause)
			}
			if tt.wantCause != nil && !strings.Contains(err.Error(), "within 300ms") {
				t.Errorf("err = %q, want it to state the deadline", err)
			}
			if got := sim.Count(tt.path); got < 1 || got > tt.wantMax {
				t.Errorf("%s requests = %d, want 1..%d", tt.path, got, tt.wantMax)
			}
		})
	}
}

// TestCallerDeadlineStillCancels checks that a caller's own, shorter deadline ends the call as the
// caller's, not as gstdesk's timeout.
func TestCallerDeadlineStillCancels(t *testing.T) {
	sim, ts := gstapitest.NewServer(t, gstapitest.Options{})
	hc := ts.Client()
	c, _ := NewClient(Config{HTTPClient: hc, BaseURL: ts.URL, APIKey: gstapitest.DefaultAPIKey,
		Tokens: NewAuthenticator(hc, ts.URL, gstapitest.DefaultAPIKey, gstapitest.DefaultAPISecret), RatePerMinute: -1})
	sim.SetFaults(simulator.Faults{Hang: 10})
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(50 * time.Millisecond); cancel() }()
	_, err := c.Verify(ctx, "24ABKCS2033B1ZV")
	if apperr.KindOf(err) != apperr.Canceled {
		t.Errorf("err = %v, want Canceled", err)
	}
}

// TestCallsWithSideEffectsAreSentOnce checks item 8: the OTP request, the OTP verification, the
// session refresh and the sign-out are never sent twice, whatever the failure, while a lookup
// under the same failure is retried.
func TestCallsWithSideEffectsAreSentOnce(t *testing.T) {
	faults := []struct {
		name   string
		faults simulator.Faults
	}{
		{"503", simulator.Faults{ServerErrors: 10}},
		{"429", simulator.Faults{RateLimit: 10}},
		{"cut off", simulator.Faults{Truncate: 10}},
		{"try later", simulator.Faults{BusinessError: 10, BusinessCode: "TEC4001", BusinessMessage: "Technical Error"}},
	}
	for _, f := range faults {
		t.Run(f.name, func(t *testing.T) {
			c, s := simClient(t, gstapitest.Options{})
			ctx := context.Background()
			sess := openSession(t, c, s)
			ops := []struct {
				path string
				call func() error
			}{
				{"/gst/compliance/tax-payer/otp", func() error { return c.RequestOTP(ctx, "demo.user", s.DemoTaxpayer()) }},
				{"/gst/compliance/tax-payer/otp/verify", func() error {
					_, err := c.VerifyOTP(ctx, "demo.user", s.DemoTaxpayer(), gstapitest.DefaultOTP)
					return err
				}},
				{"/gst/compliance/tax-payer/session/refresh", func() error { _, err := c.RefreshSession(ctx, sess.Token); return err }},
				{"/gst/compliance/tax-payer/logout", func() error { return c.Logout(ctx, sess.Token) }},
			}
			for _, op := range ops {
				s.ResetCounts()
				s.SetFaults(f.faults)
				err := op.call()
				if err == nil {
					t.Errorf("%s: no error under the fault", op.path)
				}
				if got := s.Count(op.path); got != 1 {
					t.Errorf("%s sent %d times, want once", op.path, got)
				}
			}
			// The same failure is retried for a lookup, which only reads.
			s.ResetCounts()
			s.SetFaults(f.faults)
			c.Verify(ctx, "24ABKCS2033B1ZV")
			if got := s.Count("/gst/compliance/public/gstin/verify"); got != 4 {
				t.Errorf("verify sent %d times, want 4 (retried)", got)
			}
			s.SetFaults(simulator.Faults{})
		})
	}
}

// TestTryLaterIsTemporary checks item 6: status_cd "0" with a "try later" code is Unavailable
// (never "invalid input"), retried for a read, and the retried answer is used.
func TestTryLaterIsTemporary(t *testing.T) {
	tests := []struct {
		code, message string
		temporary     bool
	}{
		{"TEC4001", "Technical Error", true},
		{"RET12501", "System Failure", true},
		{"OTP0007", "OTP generation failed as the OTP server is down. Contact Support", true},
		{"RET11416", "Please try after sometime", true},
		{"GEN5001", "Service temporarily unavailable", true},
		{"RET191106", "Invalid return period", false},
		{"AUTH_9002", "Invalid User ID or Password. Please try again", false},
		{"FO8000", "No records found", false},
	}
	for _, tt := range tests {
		be := &BusinessError{Op: "verify GSTIN", StatusCd: "0", Code: tt.code, Message: tt.message}
		if be.Temporary() != tt.temporary {
			t.Errorf("%s %q: Temporary = %v, want %v", tt.code, tt.message, be.Temporary(), tt.temporary)
		}
		if tt.temporary && be.Kind() != apperr.Unavailable {
			t.Errorf("%s: kind %s, want Unavailable", tt.code, be.Kind())
		}
	}
	c, s := simClient(t, gstapitest.Options{})
	s.SetFaults(simulator.Faults{BusinessError: 2, BusinessCode: "RET12502", BusinessMessage: "System Failure"})
	v, err := c.Verify(context.Background(), "24ABKCS2033B1ZV")
	if err != nil || v.GSTIN != "24ABKCS2033B1ZV" {
		t.Errorf("verify after two try-laters = %v, %v", v, err)
	}
	if got := s.Count("/gst/compliance/public/gstin/verify"); got != 3 {
		t.Errorf("verify sent %d times, want 3", got)
	}
}

// TestContractViolationsAreErrors checks item 4 in the client: a success whose payload lacks what
// interface.md requires is an error naming what is missing, never data.
func TestContractViolationsAreErrors(t *testing.T) {
	c, s := simClient(t, gstapitest.Options{EmptyPeriods: []string{"082025"}})
	ctx := context.Background()
	g := "24ABKCS2033B1ZV"
	ops := []struct {
		name string
		path string
		call func() error
		want string
	}{
		{"verify", "/gst/compliance/public/gstin/verify", func() error { _, err := c.Verify(ctx, g); return err }, "has no legalName, bussNature, stateName, validGstin"},
		{"search", "/gst/compliance/public/gstin/search", func() error { _, err := c.Search(ctx, g); return err }, "has no gstin"},
		{"preference", "/gst/compliance/public/gstrs/preference", func() error { _, err := c.Preference(ctx, g, "2025-26"); return err }, "has no response"},
		{"changed", "/gst/compliance/public/gstin/changed-list", func() error {
			_, err := c.ChangedList(ctx, ChangedListRequest{Date: "10-11-2025", StateCode: "27"})
			return err
		}, "has no tpgcnt, cpgnum, ismpg, cnt, totalCount, gstLst"},
		{"applicant", "/gst/compliance/public/unregistered-applicants", func() error {
			_, err := c.UnregisteredApplicant(ctx, s.Applicants()[0].EnrolmentNumber)
			return err
		}, "has no name, pan, state, authstatus, regdt, addtls"},
		{"applicant validation", "/gst/compliance/public/unregistered-applicants/validation", func() error {
			_, err := c.ValidateApplicant(ctx, ApplicantContact{EnrolmentNumber: s.Applicants()[0].EnrolmentNumber, Mobile: "9876543210"})
			return err
		}, "has no Enrolment Number"},
	}
	for _, op := range ops {
		t.Run(op.name, func(t *testing.T) {
			s.SetFaults(simulator.Faults{EmptyData: 1})
			err := op.call()
			var ce *ContractError
			if !errors.As(err, &ce) || apperr.KindOf(err) != apperr.Unavailable {
				t.Fatalf("err = %v, want an Unavailable *ContractError", err)
			}
			if p := apperr.Window.Public(err); !strings.Contains(p.Message, op.want) || p.TransactionID == "" || p.Status != 200 {
				t.Errorf("public error = %+v, want it to say %q with the transaction id", p, op.want)
			}
			if err := op.call(); err != nil {
				t.Errorf("after the fault: %v", err)
			}
		})
	}
	// GSTR-2A's listing is checked where it is read, by package gstr2a.
	ts := openSession(t, c, s)
	s.SetFaults(simulator.Faults{EmptyB2B: 1})
	got, err := c.GSTR2AB2B(ctx, ts.Token, GSTR2ARequest{Year: 2025, Month: 9})
	if err != nil || got.Empty || string(got.Raw) != `{"b2b":[]}` {
		t.Errorf("2A with b2b [] = %+v, %v; want a listing without invoices", got, err)
	}
	s.SetFaults(simulator.Faults{})
	if e, err := c.GSTR2AB2B(ctx, ts.Token, GSTR2ARequest{Year: 2025, Month: 8}); err != nil || !e.Empty {
		t.Errorf("2A with no data = %+v, %v; want Empty", e, err)
	}
}

// TestContractFields checks payloads field by field against a fake service.
func TestContractFields(t *testing.T) {
	full := map[string]any{"legalName": "X", "bussNature": "", "stateName": "Gujarat", "validGstin": true, "stateCode": "24",
		"pan": "ABKCS2033B", "gstin": "24ABKCS2033B1ZV", "regStartDate": "06/02/2023", "status": "Active"}
	without := func(k string) map[string]any {
		m := map[string]any{}
		for kk, v := range full {
			if kk != k {
				m[kk] = v
			}
		}
		return m
	}
	with := func(k string, v any) map[string]any {
		m := without(k)
		m[k] = v
		return m
	}
	tests := []struct {
		name    string
		payload any
		want    string // "" = accepted
	}{
		{"complete", full, ""},
		{"empty business nature is fine", with("bussNature", ""), ""},
		{"no pan", without("pan"), "has no pan"},
		{"null legal name", with("legalName", nil), "has no legalName"},
		{"validGstin as text", with("validGstin", "yes"), "validGstin is not true or false"},
		{"another GSTIN", with("gstin", "27AAPFU0939F1ZV"), `about GSTIN "27AAPFU0939F1ZV"`},
		{"a list", []any{full}, "the answer is not an object"},
		{"null", nil, "has no data"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, _ := json.Marshal(map[string]any{"code": 200, "timestamp": 1, "transaction_id": "t-c",
				"data": map[string]any{"data": tt.payload, "status_cd": "1"}})
			f := &fakeService{handle: func(w http.ResponseWriter, r *http.Request, n int) { w.Write(b) }}
			srv := httptest.NewServer(f)
			defer srv.Close()
			c, _ := newTestClient(t, srv.URL, nil)
			v, err := c.Verify(context.Background(), "24ABKCS2033B1ZV")
			if tt.want == "" {
				if err != nil || v.LegalName != "X" {
					t.Errorf("got %+v, %v", v, err)
				}
				return
			}
			if err == nil || !strings.Contains(apperr.Window.Public(err).Message, tt.want) {
				t.Errorf("err = %v, want it to say %q", err, tt.want)
			}
			if f.count() != 1 {
				t.Errorf("a contract violation was sent %d times, want once (it is not temporary)", f.count())
			}
		})
	}
}

// TestInvalidUTF8IsRefused checks item 5: an answer with bytes that are not UTF-8 is an error
// (not retried, not returned as data) whose own text is valid UTF-8.
func TestInvalidUTF8IsRefused(t *testing.T) {
	c, s := simClient(t, gstapitest.Options{})
	ctx := context.Background()
	s.SetFaults(simulator.Faults{InvalidUTF8: 1})
	v, err := c.Verify(ctx, "24ABKCS2033B1ZV")
	var ce *ContractError
	if v != nil || !errors.As(err, &ce) || !strings.Contains(err.Error(), "not UTF-8") {
		t.Fatalf("got %+v, %v; want a contract error about UTF-8", v, err)
	}
	for _, msg := range []string{err.Error(), apperr.Window.Public(err).Message, apperr.Command.Public(err).Message} {
		if !utf8.ValidString(msg) {
			t.Errorf("error text is not UTF-8: %q", msg)
		}
	}
	if got := s.Count("/gst/compliance/public/gstin/verify"); got != 1 {
		t.Errorf("sent %d times, want once", got)
	}
	// The same for GSTR-2A.
	ts := openSession(t, c, s)
	s.SetFaults(simulator.Faults{InvalidUTF8: 1})
	if _, err := c.GSTR2AB2B(ctx, ts.Token, GSTR2ARequest{Year: 2025, Month: 9}); !errors.As(err, &ce) {
		t.Errorf("2A with bad UTF-8: %v", err)
	}
}

// FuzzEnvelope feeds any body to every reader of an answer: the envelope, the tax-network payload,
// the contract checks, the flat error and the sign-in token's expiry. None may panic; a payload
// returned as data is valid UTF-8 JSON.
func FuzzEnvelope(f *testing.F) {
	for _, seed := range []string{
		okVerify,
		`{"code":200,"data":{"data":{},"status_cd":"1"},"timestamp":1,"transaction_id":"t"}`,
		`{"code":200,"data":{"data":{"b2b":[]},"status_cd":"1"},"timestamp":"17","transaction_id":"t"}`,
		`{"code":200,"data":{"error":{"error_cd":"RET13509","message":"No data found"},"status_cd":"0"},"timestamp":1,"transaction_id":"t"}`,
		`{"code":200,"data":{"error_code":"TEC4001","message":"Technical Error","status_cd":0}}`,
		`{"code":422,"message":"Invalid GSTIN pattern","timestamp":1,"transaction_id":"t"}`,
		`{"code":200,"data":{"access_token":"a.eyJleHAiOjE3NTA3NzQwNTl9.c"},"timestamp":1}`,
		`{"code":200,"data":{"data":{"legalName":"\xff\xfe"},"status_cd":"1"}}`,
		`{"code":200,"data":{"data":{"tpgcnt":1,"cpgnum":1,"ismpg":"N","cnt":1,"totalCount":1,"gstLst":[{"state_cd":"27","gstdtls":[{"chng_typ":"U"}]}]},"status_cd":"1"}}`,
		`{"data":null}`, `[]`, `null`, ``, `{"code":200,"data":{"data":{"b2b":[{"inv":[]}],"b2b":null},"status_cd":"1"}}`,
	} {
		f.Add([]byte(seed))
	}
	contracts := [][]field{changedContract, preferenceContract, verifyContract, applicantContract, validationContract, searchContract}
	f.Fuzz(func(t *testing.T, body []byte) {
		c := &Client{cfg: Config{Timeout: time.Second}}
		cl := call{op: "fuzz", method: http.MethodPost, path: "/x"}
		r, err := c.decode(cl, 200, body)
		if err != nil {
			if utf8.Valid(body) {
				t.Fatalf("decode refused valid UTF-8: %v", err)
			}
			return
		}
		if env, err := r.envelope(); err == nil {
			var d struct {
				AccessToken string `json:"access_token"`
			}
			if json.Unmarshal(env.Data, &d) == nil {
				TokenExpiry(d.AccessToken)
			}
		}
		raw, _, err := r.payload(cl)
		if err == nil {
			if raw != nil && !json.Valid(raw) {
				t.Fatalf("payload %q is not JSON", raw)
			}
			for _, k := range contracts {
				checkContract(cl, Meta{}, raw, k, "24ABKCS2033B1ZV")
			}
			DecodeSearch(raw)
		}
		newErrorResponse(cl, 500, body).AppError()
	})
}
