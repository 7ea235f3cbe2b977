package gstapi

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"gstdesk/backend/apperr"
)

const (
	testKey    = "key_test_SECRETKEY123"
	testSecret = "secret_SUPERSECRET456"
)

// jwtWithExp builds a JWT-shaped token expiring at exp.
func jwtWithExp(exp time.Time, id string) string {
	enc := base64.RawURLEncoding
	return enc.EncodeToString([]byte(`{"alg":"none"}`)) + "." +
		enc.EncodeToString([]byte(fmt.Sprintf(`{"exp":%d,"jti":%q}`, exp.Unix(), id))) + ".c2lnbmF0dXJl"
}

// fakeService answers /authenticate itself and hands every other request to handle.
type fakeService struct {
	mu       sync.Mutex
	signIns  int
	requests []*http.Request
	bodies   []string
	handle   func(w http.ResponseWriter, r *http.Request, n int)
}

func (f *fakeService) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/authenticate" {
		f.mu.Lock()
		f.signIns++
		n := f.signIns
		f.mu.Unlock()
		if r.Header.Get("x-api-key") != testKey || r.Header.Get("x-api-secret") != testSecret {
			w.WriteHeader(401)
			io.WriteString(w, `{"code":401,"message":"Unauthorized","timestamp":1,"transaction_id":"t-401"}`)
			return
		}
		fmt.Fprintf(w, `{"code":200,"data":{"access_token":%q},"timestamp":1750687659809,"transaction_id":"t-auth"}`, jwtWithExp(time.Now().Add(24*time.Hour), strconv.Itoa(n)))
		return
	}
	b, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	f.requests = append(f.requests, r)
	f.bodies = append(f.bodies, string(b))
	n := len(f.requests)
	f.mu.Unlock()
	f.handle(w, r, n)
}

func (f *fakeService) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.requests)
}

type sleepRecorder struct {
	mu    sync.Mutex
	waits []time.Duration
}

func (s *sleepRecorder) sleep(ctx context.Context, d time.Duration) error {
	s.mu.Lock()
	s.waits = append(s.waits, d)
	s.mu.Unlock()
	return ctx.Err()
}

// newTestClient returns a client of srv with no rate limit and recorded, instant sleeps.
func newTestClient(t *testing.T, url string, mod func(*Config)) (*Client, *sleepRecorder) {
	t.Helper()
	rec := &sleepRecorder{}
	cfg := Config{BaseURL: url, APIKey: testKey, Tokens: NewAuthenticator(nil, url, testKey, testSecret),
		RatePerMinute: -1, Sleep: rec.sleep, Backoff: func(n int) time.Duration { return time.Duration(n) * time.Millisecond }}
	if mod != nil {
		mod(&cfg)
	}
	c, err := NewClient(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return c, rec
}

const okVerify = `{"code":200,"timestamp":1775824753133,"data":{"data":{"legalName":"X","bussNature":"","stateName":"Gujarat","validGstin":true,"stateCode":"24","pan":"ABKCS2033B","gstin":"24ABKCS2033B1ZV","regStartDate":"06/02/2023","status":"Active"},"status_cd":"1"},"transaction_id":"t-ok"}`

// assertNoSecrets fails when err's message or chain text carries the key, secret or a token.
func assertNoSecrets(t *testing.T, err error, tokens ...string) {
	t.Helper()
	if err == nil {
		return
	}
	texts := []string{err.Error(), fmt.Sprintf("%+v", err), apperr.Window.Public(err).Message, apperr.Command.Public(err).Message}
	for e := err; e != nil; e = errors.Unwrap(e) {
		texts = append(texts, e.Error())
	}
	for _, s := range texts {
		for _, secret := range append([]string{testKey, testSecret, "SECRETKEY", "SUPERSECRET"}, tokens...) {
			if secret != "" && strings.Contains(s, secret) {
				t.Errorf("error text %q contains a secret", s)
			}
		}
	}
}

func TestErrorClasses(t *testing.T) {
	tests := []struct {
		name       string
		status     int
		body       string
		wantKind   apperr.Kind
		wantStatus int
		wantTxn    string
		wantMsg    string
		wantCalls  int
		wantCode   string // business error code
	}{
		{"422 invalid gstin", 422, `{"code":422,"message":"Invalid GSTIN pattern","timestamp":1763446641000,"transaction_id":"t-422"}`, apperr.Invalid, 422, "t-422", "Invalid GSTIN pattern", 1, ""},
		{"400 bad body", 400, `{"code":400,"message":"Invalid request body","timestamp":1,"transaction_id":"t-400"}`, apperr.Invalid, 400, "t-400", "Invalid request body", 1, ""},
		{"404", 404, `{"code":404,"message":"Not Found","timestamp":"1","transaction_id":"t-404"}`, apperr.NotFound, 404, "t-404", "Not Found", 1, ""},
		{"401", 401, `{"code":401,"message":"Unauthorized","timestamp":1,"transaction_id":"t-401b"}`, apperr.Unauthorised, 401, "t-401b", "API key or secret", 1, ""},
		{"403 credits", 403, `{"code":403,"message":"Insufficient credits","timestamp":1,"transaction_id":"t-403"}`, apperr.Unauthorised, 403, "t-403", "credits", 1, ""},
		{"500 retried", 500, `{"code":500,"message":"Internal Server Error","timestamp":1,"transaction_id":"t-500"}`, apperr.Unavailable, 500, "t-500", "unavailable", 3, ""},
		{"503 html retried", 503, `<html>down</html>`, apperr.Unavailable, 503, "", "Service Unavailable", 3, ""},
		{"504 retried", 504, `{"code":504,"message":"Gateway Timeout","timestamp":1,"transaction_id":"t-504"}`, apperr.Unavailable, 504, "t-504", "did not answer", 3, ""},
		{"429 retried", 429, `{"code":429,"message":"Too Many Requests","timestamp":1,"transaction_id":"t-429"}`, apperr.RateLimited, 429, "t-429", "Too many requests", 3, ""},
		{"status_cd 0 error_cd", 200, `{"code":200,"data":{"error":{"error_cd":"FO8000","message":"No records found"},"status_cd":"0"},"timestamp":1763446641000,"transaction_id":"t-fo"}`, apperr.NotFound, 200, "t-fo", "No records found (FO8000)", 1, "FO8000"},
		{"status_cd 0 error_code", 200, `{"code":200,"data":{"error":{"error_code":"AUTH4033","message":"Invalid Session"},"status_cd":"0"},"timestamp":1,"transaction_id":"t-auth4033"}`, apperr.Unauthorised, 200, "t-auth4033", "Sign in again with an OTP", 1, "AUTH4033"},
		{"status_cd 0 TEC retried", 200, `{"code":200,"data":{"error":{"error_cd":"TEC4001","message":"OTP server down"},"status_cd":0},"timestamp":1,"transaction_id":"t-tec"}`, apperr.Unavailable, 200, "t-tec", "OTP server down", 3, "TEC4001"},
		{"status_cd 0 system failure retried", 200, `{"code":200,"data":{"error":{"error_cd":"RET12501","message":"System Failure"},"status_cd":"0"},"timestamp":1,"transaction_id":"t-sys"}`, apperr.Unavailable, 200, "t-sys", "Try again in a few minutes", 3, "RET12501"},
		{"status_cd 0 try after some time retried", 200, `{"code":200,"data":{"error":{"error_cd":"RET11416","message":"Please try after sometime"},"status_cd":"0"},"timestamp":1,"transaction_id":"t-later"}`, apperr.Unavailable, 200, "t-later", "Please try after sometime (RET11416)", 3, "RET11416"},
		{"status_cd 0 flat keys", 200, `{"code":200,"data":{"error_cd":"RET191106","message":"Invalid return period","status_cd":"0"},"timestamp":1,"transaction_id":"t-ret"}`, apperr.Invalid, 200, "t-ret", "Invalid return period (RET191106)", 1, "RET191106"},
		{"not json", 200, `<html>hello</html>`, apperr.Unavailable, 0, "", "not JSON", 1, ""},
		{"malformed json", 200, `{"code":200,"data":{"data":{"legalName":"X"`, apperr.Unavailable, 0, "", "not JSON", 1, ""},
		{"flat error in 200", 200, `{"code":422,"message":"Invalid GSTIN pattern","timestamp":1,"transaction_id":"t-flat"}`, apperr.Invalid, 422, "t-flat", "Invalid GSTIN pattern", 1, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &fakeService{handle: func(w http.ResponseWriter, r *http.Request, n int) {
				w.WriteHeader(tt.status)
				io.WriteString(w, tt.body)
			}}
			srv := httptest.NewServer(f)
			defer srv.Close()
			c, _ := newTestClient(t, srv.URL, func(cfg *Config) { cfg.MaxAttempts = 3 })
			_, err := c.Verify(context.Background(), "24ABKCS2033B1ZV")
			var ae *apperr.Error
			if !errors.As(err, &ae) {
				t.Fatalf("err = %v (%T), want *apperr.Error", err, err)
			}
			if ae.Kind != tt.wantKind || ae.Status != tt.wantStatus || ae.TransactionID != tt.wantTxn {
				t.Errorf("got kind %s status %d txn %q, want %s %d %q", ae.Kind, ae.Status, ae.TransactionID, tt.wantKind, tt.wantStatus, tt.wantTxn)
			}
			if msg := apperr.Window.Public(err).Message; !strings.Contains(msg, tt.wantMsg) {
				t.Errorf("message %q does not contain %q", msg, tt.wantMsg)
			}
			if got := f.count(); got != tt.wantCalls {
				t.Errorf("calls = %d, want %d", got, tt.wantCalls)
			}
			var be *BusinessError
			if tt.wantCode != "" && (!errors.As(err, &be) || be.Code != tt.wantCode) {
				t.Errorf("business error = %v, want code %s", be, tt.wantCode)
			}
			var er *ErrorResponse
			if tt.status >= 400 && (!errors.As(err, &er) || er.Status != tt.status) {
				t.Errorf("ErrorResponse = %v, want status %d", er, tt.status)
			}
			assertNoSecrets(t, err)
		})
	}
}

func TestRetryHonoursRateLimitReset(t *testing.T) {
	now := time.Unix(1_800_000_000, 0)
	f := &fakeService{handle: func(w http.ResponseWriter, r *http.Request, n int) {
		if n <= 2 {
			w.Header().Set("X-RateLimit-Reset", strconv.FormatInt(now.Unix()+7, 10))
			w.WriteHeader(429)
			io.WriteString(w, `{"code":429,"message":"Too Many Requests","timestamp":1,"transaction_id":"t"}`)
			return
		}
		io.WriteString(w, okVerify)
	}}
	srv := httptest.NewServer(f)
	defer srv.Close()
	c, rec := newTestClient(t, srv.URL, func(cfg *Config) { cfg.Now = func() time.Time { return now } })
	v, err := c.Verify(context.Background(), "24ABKCS2033B1ZV")
	if err != nil {
		t.Fatal(err)
	}
	if v.LegalName != "X" || f.count() != 3 {
		t.Errorf("got %q after %d calls, want X after 3", v.LegalName, f.count())
	}
	if got, want := fmt.Sprint(rec.waits), "[7s 7s]"; got != want {
		t.Errorf("waits = %s, want %s", got, want)
	}
}

func TestRetryAfterTooLongGivesUp(t *testing.T) {
	f := &fakeService{handle: func(w http.ResponseWriter, r *http.Request, n int) {
		w.Header().Set("Retry-After", "3600")
		w.WriteHeader(429)
		io.WriteString(w, `{"code":429,"message":"Too Many Requests","timestamp":1,"transaction_id":"t"}`)
	}}
	srv := httptest.NewServer(f)
	defer srv.Close()
	c, rec := newTestClient(t, srv.URL, nil)
	_, err := c.Verify(context.Background(), "24ABKCS2033B1ZV")
	if apperr.KindOf(err) != apperr.RateLimited || f.count() != 1 || len(rec.waits) != 0 {
		t.Errorf("err %v after %d calls and waits %v, want RateLimited after 1 call, no wait", err, f.count(), rec.waits)
	}
}

func TestBackoffOnServerErrors(t *testing.T) {
	f := &fakeService{handle: func(w http.ResponseWriter, r *http.Request, n int) {
		if n < 4 {
			w.WriteHeader([]int{502, 503, 500}[n-1])
			return
		}
		io.WriteString(w, okVerify)
	}}
	srv := httptest.NewServer(f)
	defer srv.Close()
	c, rec := newTestClient(t, srv.URL, nil)
	if _, err := c.Verify(context.Background(), "24ABKCS2033B1ZV"); err != nil {
		t.Fatal(err)
	}
	if got, want := fmt.Sprint(rec.waits), "[1ms 2ms 3ms]"; got != want {
		t.Errorf("waits = %s, want %s (the injected back-off)", got, want)
	}
}

func TestDefaultBackoffGrows(t *testing.T) {
	for n := 1; n <= 8; n++ {
		d := DefaultBackoff(n)
		base := min(500*time.Millisecond<<(n-1), 30*time.Second)
		if d < base/2 || d > base {
			t.Errorf("DefaultBackoff(%d) = %s, want within [%s, %s]", n, d, base/2, base)
		}
	}
}

func TestTokenRenewedOnceAfter403(t *testing.T) {
	tests := []struct {
		name        string
		fail        int // how many 403s before success
		wantErr     bool
		wantSignIns int
		wantCalls   int
	}{
		{"renewed then ok", 1, false, 2, 2},
		{"renewed once only", 5, true, 2, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &fakeService{handle: func(w http.ResponseWriter, r *http.Request, n int) {
				if n <= tt.fail {
					w.WriteHeader(403)
					io.WriteString(w, `{"code":403,"message":"Access token expired","timestamp":1,"transaction_id":"t"}`)
					return
				}
				io.WriteString(w, okVerify)
			}}
			srv := httptest.NewServer(f)
			defer srv.Close()
			c, _ := newTestClient(t, srv.URL, nil)
			_, err := c.Verify(context.Background(), "24ABKCS2033B1ZV")
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, want error %v", err, tt.wantErr)
			}
			if f.signIns != tt.wantSignIns || f.count() != tt.wantCalls {
				t.Errorf("sign-ins %d, calls %d; want %d, %d", f.signIns, f.count(), tt.wantSignIns, tt.wantCalls)
			}
			// The renewed token is a different one.
			if f.count() == 2 && f.requests[0].Header.Get("authorization") == f.requests[1].Header.Get("authorization") {
				t.Error("the retry used the refused token")
			}
			assertNoSecrets(t, err, f.requests[0].Header.Get("authorization"))
		})
	}
}

func TestAuthenticatorCachesAndRenewsBeforeExp(t *testing.T) {
	var exp atomic.Int64
	var signIns atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.URL.Path != "/authenticate" || r.ContentLength > 0 {
			t.Errorf("sign-in request %s %s with %d bytes", r.Method, r.URL.Path, r.ContentLength)
		}
		if r.Header.Get("x-api-key") != testKey || r.Header.Get("x-api-secret") != testSecret || r.Header.Get("authorization") != "" {
			t.Errorf("sign-in headers %v", Redact(r.Header))
		}
		n := signIns.Add(1)
		fmt.Fprintf(w, `{"code":200,"data":{"access_token":%q},"timestamp":"1750687659809","transaction_id":"t"}`, jwtWithExp(time.Unix(exp.Load(), 0), strconv.Itoa(int(n))))
	}))
	defer srv.Close()
	now := time.Unix(1_800_000_000, 0)
	exp.Store(now.Add(24 * time.Hour).Unix())
	a := NewAuthenticator(nil, srv.URL, testKey, testSecret)
	a.adopt(Config{BaseURL: srv.URL, APIKey: testKey, Now: func() time.Time { return now }})
	ctx := context.Background()
	t1, err := a.Token(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t2, _ := a.Token(ctx)
	if t1 != t2 || signIns.Load() != 1 {
		t.Errorf("second Token signed in again (%d sign-ins)", signIns.Load())
	}
	if got := a.Expiry(); !got.Equal(now.Add(24 * time.Hour)) {
		t.Errorf("Expiry = %v, want %v", got, now.Add(24*time.Hour))
	}
	now = now.Add(24*time.Hour - 4*time.Minute) // within 5 minutes of exp
	exp.Store(now.Add(24 * time.Hour).Unix())
	t3, _ := a.Token(ctx)
	if t3 == t1 || signIns.Load() != 2 {
		t.Errorf("token not renewed before exp (%d sign-ins)", signIns.Load())
	}
	a.Invalidate("some other token")
	if t4, _ := a.Token(ctx); t4 != t3 {
		t.Error("Invalidate of another token dropped the cached one")
	}
}

func TestBadCredentials(t *testing.T) {
	f := &fakeService{handle: func(w http.ResponseWriter, r *http.Request, n int) { io.WriteString(w, okVerify) }}
	srv := httptest.NewServer(f)
	defer srv.Close()
	c, _ := newTestClient(t, srv.URL, func(cfg *Config) {
		cfg.Tokens = NewAuthenticator(nil, srv.URL, testKey, "secret_WRONGSECRET")
	})
	_, err := c.Verify(context.Background(), "24ABKCS2033B1ZV")
	if apperr.KindOf(err) != apperr.Unauthorised || f.count() != 0 {
		t.Errorf("err = %v, calls %d; want Unauthorised and no operation call", err, f.count())
	}
	assertNoSecrets(t, err, "WRONGSECRET")
}

func TestTokenExpiry(t *testing.T) {
	tests := []struct {
		in   string
		want time.Time
	}{
		{"eyJ0eXAiOiJKV1MiLCJhbGciOiJSU0FTU0FfUFNTX1NIQV81MTIifQ.eyJleHAiOjE3NTA3NzQwNTl9.c2lnbmF0dXJl", time.Unix(1750774059, 0)},
		{jwtWithExp(time.Unix(1_900_000_000, 0), "x"), time.Unix(1_900_000_000, 0)},
		{"eyJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJnc3QuZ292LmluIn0.c2ln", time.Time{}},
		{"not a jwt", time.Time{}},
		{"a.!!!.c", time.Time{}},
	}
	for _, tt := range tests {
		if got := TokenExpiry(tt.in); !got.Equal(tt.want) {
			t.Errorf("TokenExpiry(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestOversizedAnswer(t *testing.T) {
	big := `{"code":200,"data":{"data":{"legalName":"` + strings.Repeat("x", 5000) + `"},"status_cd":"1"},"timestamp":1,"transaction_id":"t"}`
	for _, chunked := range []bool{false, true} {
		f := &fakeService{handle: func(w http.ResponseWriter, r *http.Request, n int) {
			if chunked {
				w.(http.Flusher).Flush()
			} else {
				w.Header().Set("Content-Length", strconv.Itoa(len(big)))
			}
			io.WriteString(w, big)
		}}
		srv := httptest.NewServer(f)
		c, _ := newTestClient(t, srv.URL, func(cfg *Config) { cfg.MaxResponseBytes = 1000 })
		_, err := c.Verify(context.Background(), "24ABKCS2033B1ZV")
		if apperr.KindOf(err) != apperr.Unavailable || !strings.Contains(err.Error(), "larger than") || f.count() != 1 {
			t.Errorf("chunked=%v: err = %v after %d calls, want 'larger than' after 1 call", chunked, err, f.count())
		}
		srv.Close()
	}
}

func TestTruncatedAnswerIsRetried(t *testing.T) {
	f := &fakeService{handle: func(w http.ResponseWriter, r *http.Request, n int) {
		if n == 1 {
			w.Header().Set("Content-Length", strconv.Itoa(len(okVerify)))
			io.WriteString(w, okVerify[:40])
			return // the server closes the connection short of Content-Length
		}
		io.WriteString(w, okVerify)
	}}
	srv := httptest.NewServer(f)
	defer srv.Close()
	c, _ := newTestClient(t, srv.URL, nil)
	v, err := c.Verify(context.Background(), "24ABKCS2033B1ZV")
	if err != nil || v.GSTIN != "24ABKCS2033B1ZV" || f.count() != 2 {
		t.Errorf("got %v, %v after %d calls; want the answer after 2", v, err, f.count())
	}
}

// TestTimeout checks that Timeout bounds the whole call: a server that never answers gets one try
// of the two allowed, not one full Timeout per try.
func TestTimeout(t *testing.T) {
	release := make(chan struct{})
	f := &fakeService{handle: func(w http.ResponseWriter, r *http.Request, n int) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}}
	srv := httptest.NewServer(f)
	defer srv.Close()
	defer close(release)
	c, _ := newTestClient(t, srv.URL, func(cfg *Config) { cfg.Timeout = 50 * time.Millisecond; cfg.MaxAttempts = 2 })
	_, err := c.Verify(context.Background(), "24ABKCS2033B1ZV")
	if apperr.KindOf(err) != apperr.Unavailable || !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "did not answer verify GSTIN within 50ms") || f.count() != 1 {
		t.Errorf("err = %v after %d calls, want a timeout after 1", err, f.count())
	}
}

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	f := &fakeService{handle: func(w http.ResponseWriter, r *http.Request, n int) {
		cancel()
		<-r.Context().Done()
	}}
	srv := httptest.NewServer(f)
	defer srv.Close()
	c, _ := newTestClient(t, srv.URL, nil)
	_, err := c.Verify(ctx, "24ABKCS2033B1ZV")
	if apperr.KindOf(err) != apperr.Canceled || f.count() != 1 {
		t.Errorf("err = %v after %d calls, want Canceled after 1", err, f.count())
	}
}

func TestRateLimiterSpacesCalls(t *testing.T) {
	f := &fakeService{handle: func(w http.ResponseWriter, r *http.Request, n int) { io.WriteString(w, okVerify) }}
	srv := httptest.NewServer(f)
	defer srv.Close()
	// 1 call per minute with a burst of 1: the second call must wait, so a short deadline ends it.
	c, _ := newTestClient(t, srv.URL, func(cfg *Config) { cfg.RatePerMinute = 1 })
	if _, err := c.Verify(context.Background(), "24ABKCS2033B1ZV"); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	_, err := c.Verify(ctx, "24ABKCS2033B1ZV")
	if err == nil || f.count() != 1 {
		t.Errorf("second call: err %v, calls %d; want it held back by the limiter", err, f.count())
	}
}

func TestNewClientChecksConfig(t *testing.T) {
	tests := []Config{{BaseURL: "", APIKey: "k"}, {BaseURL: "ftp://x", APIKey: "k"}, {BaseURL: "http://x"}}
	for _, cfg := range tests {
		if _, err := NewClient(cfg); apperr.KindOf(err) != apperr.Invalid {
			t.Errorf("NewClient(%+v) err = %v, want Invalid", cfg, err)
		}
	}
	c, err := NewClient(Config{BaseURL: "https://x/", APIKey: "key_test_x"})
	if err != nil || c.limiter == nil || c.limiter.Limit() != 25.0/60 {
		t.Errorf("test key limiter = %v, want 25/min", c.limiter.Limit())
	}
	c, _ = NewClient(Config{BaseURL: "https://x/", APIKey: "key_live_x"})
	if c.limiter.Limit() != 100.0/60 {
		t.Errorf("live key limiter = %v, want 100/min", c.limiter.Limit())
	}
}

func TestRedact(t *testing.T) {
	h := http.Header{}
	h.Set("authorization", "tok")
	h.Set("x-api-key", testKey)
	h.Set("x-api-secret", testSecret)
	h.Set("x-api-version", "1.0.0")
	got := Redact(h)
	if s := fmt.Sprint(got); strings.Contains(s, "tok") || strings.Contains(s, testKey) || strings.Contains(s, testSecret) || !strings.Contains(s, "1.0.0") {
		t.Errorf("Redact = %v", got)
	}
	if h.Get("authorization") != "tok" {
		t.Error("Redact changed its input")
	}
}

// newRawServer serves h and returns its URL (closed at the end of the test).
func newRawServer(t *testing.T, h http.HandlerFunc) string {
	t.Helper()
	f := &fakeService{handle: func(w http.ResponseWriter, r *http.Request, n int) { h(w, r) }}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	return srv.URL
}

func TestDebugLogRedactsSecrets(t *testing.T) {
	var buf strings.Builder
	var mu sync.Mutex
	logger := slog.New(slog.NewTextHandler(writerFunc(func(p []byte) (int, error) {
		mu.Lock()
		defer mu.Unlock()
		return buf.Write(p)
	}), &slog.HandlerOptions{Level: slog.LevelDebug}))
	f := &fakeService{handle: func(w http.ResponseWriter, r *http.Request, n int) { io.WriteString(w, okVerify) }}
	srv := httptest.NewServer(f)
	defer srv.Close()
	c, _ := newTestClient(t, srv.URL, func(cfg *Config) { cfg.Logger = logger })
	if _, err := c.Verify(context.Background(), "24ABKCS2033B1ZV"); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	out := buf.String()
	mu.Unlock()
	tok := f.requests[0].Header.Get("authorization")
	if !strings.Contains(out, "/authenticate") || !strings.Contains(out, "/gst/compliance/public/gstin/verify") {
		t.Errorf("log lacks the calls: %s", out)
	}
	for _, secret := range []string{testKey, testSecret, tok} {
		if strings.Contains(out, secret) {
			t.Errorf("log contains a secret: %s", out)
		}
	}
}

type writerFunc func([]byte) (int, error)

func (w writerFunc) Write(p []byte) (int, error) { return w(p) }

func TestAuthenticatorCopesWithClockSkew(t *testing.T) {
	f := &fakeService{handle: func(w http.ResponseWriter, r *http.Request, n int) { io.WriteString(w, okVerify) }}
	srv := httptest.NewServer(f)
	defer srv.Close()
	// Our clock runs two days ahead of the service's: every fresh token looks expired.
	c, _ := newTestClient(t, srv.URL, func(cfg *Config) { cfg.Now = func() time.Time { return time.Now().Add(48 * time.Hour) } })
	for i := 0; i < 3; i++ {
		if _, err := c.Verify(context.Background(), "24ABKCS2033B1ZV"); err != nil {
			t.Fatal(err)
		}
	}
	if f.signIns != 1 {
		t.Errorf("sign-ins = %d, want 1 despite the skew", f.signIns)
	}
}
