package gstapi

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"time"

	"gstdesk/backend/apperr"
)

// TokenSource gives the access token sent in the authorization header.
type TokenSource interface {
	// Token returns a token valid for a while yet, signing in when needed.
	Token(ctx context.Context) (string, error)
	// Invalidate drops token after the service refused it, so the next Token signs in again.
	Invalidate(token string)
}

// StaticToken is a TokenSource that always gives the same token (for tests and scripts).
type StaticToken string

// Token returns the token.
func (s StaticToken) Token(context.Context) (string, error) { return string(s), nil }

// Invalidate does nothing: a static token cannot be renewed.
func (StaticToken) Invalidate(string) {}

// renewBefore is how long before its expiry a token is renewed.
const renewBefore = 5 * time.Minute

// tokenLifetime is assumed when a token's exp cannot be read.
const tokenLifetime = 24 * time.Hour

// Authenticator signs in with POST /authenticate and caches the access token in memory until
// shortly before its exp. It is the only holder of the API secret. Safe for concurrent use.
type Authenticator struct {
	mu      sync.Mutex
	client  *Client
	secret  string
	token   string
	expiry  time.Time
	signIns int
}

// NewAuthenticator returns a TokenSource that signs in to baseURL with the API key and secret.
func NewAuthenticator(httpClient *http.Client, baseURL, apiKey, apiSecret string) *Authenticator {
	apperr.RememberSecret(apiSecret)
	a := &Authenticator{secret: apiSecret}
	a.adopt(Config{HTTPClient: httpClient, BaseURL: baseURL, APIKey: apiKey})
	return a
}

// adopt takes a client's settings for the sign-in calls (no limiter: the client limits its calls).
func (a *Authenticator) adopt(cfg Config) {
	cfg.Tokens = nil
	cfg.RatePerMinute = -1
	c, err := NewClient(cfg)
	a.mu.Lock()
	defer a.mu.Unlock()
	if err != nil {
		a.client = nil
		return
	}
	a.client = c
}

// Token returns the cached token, signing in when there is none or it expires within 5 minutes.
func (a *Authenticator) Token(ctx context.Context) (string, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.client == nil {
		return "", apperr.New(apperr.Invalid, "The service address or API key is missing or wrong.").WithHint(apperr.Hint{
			Window:  "Correct them in Settings.",
			Command: "Correct GSTDESK_BASE_URL and GSTDESK_API_KEY, or the address and key saved in the window's Settings.",
		})
	}
	if a.token != "" && a.client.cfg.Now().Before(a.expiry.Add(-renewBefore)) {
		return a.token, nil
	}
	if strings.TrimSpace(a.secret) == "" {
		return "", apperr.New(apperr.Unauthorised, "No API secret is set.").WithHint(apperr.Hint{
			Window:  "Enter it in Settings.",
			Command: "Set GSTDESK_API_SECRET, or save the secret in the window's Settings.",
		})
	}
	// Signing in again only gives another token: it may be retried.
	cl := call{op: "sign in", method: http.MethodPost, path: "/authenticate", noAuth: true, retry: true,
		header: http.Header{"X-Api-Secret": {a.secret}}}
	resp, err := a.client.do(ctx, cl)
	if err != nil {
		return "", err
	}
	env, err := resp.envelope()
	if err != nil {
		return "", err
	}
	var d struct {
		AccessToken string `json:"access_token"`
	}
	if err := json.Unmarshal(env.Data, &d); err != nil || d.AccessToken == "" {
		return "", apperr.New(apperr.Unavailable, "The GST service's sign-in answer has no access token. Try again later.")
	}
	a.signIns++
	apperr.RememberSecret(d.AccessToken)
	a.token = d.AccessToken
	now := a.client.cfg.Now()
	a.expiry = TokenExpiry(d.AccessToken)
	switch {
	case a.expiry.IsZero():
		a.expiry = now.Add(tokenLifetime)
	case a.expiry.Before(now.Add(2 * renewBefore)):
		// A fresh token that looks (nearly) expired means our clock and the service's differ:
		// keep it an hour rather than signing in on every call; a 403 still renews it.
		a.expiry = now.Add(time.Hour)
	}
	return a.token, nil
}

// Invalidate forgets token if it is the cached one.
func (a *Authenticator) Invalidate(token string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if token == a.token {
		a.token, a.expiry = "", time.Time{}
	}
}

// Expiry returns when the cached token expires (zero when there is none).
func (a *Authenticator) Expiry() time.Time {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.expiry
}

// SignIns returns how many times the authenticator has signed in (for tests and the status bar).
func (a *Authenticator) SignIns() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.signIns
}

// TokenExpiry reads the exp claim of a JWT without verifying it; zero when there is none.
func TokenExpiry(jwt string) time.Time {
	parts := strings.Split(jwt, ".")
	if len(parts) < 2 {
		return time.Time{}
	}
	seg := strings.TrimRight(parts[1], "=")
	b, err := base64.RawURLEncoding.DecodeString(seg)
	if err != nil {
		if b, err = base64.RawStdEncoding.DecodeString(seg); err != nil {
			return time.Time{}
		}
	}
	var claims struct {
		Exp flexInt `json:"exp"`
	}
	if json.Unmarshal(b, &claims) != nil || claims.Exp <= 0 {
		return time.Time{}
	}
	exp := int64(claims.Exp)
	if exp > 1e12 { // milliseconds
		return time.UnixMilli(exp)
	}
	return time.Unix(exp, 0)
}
