// Package config holds a workspace's connection settings (environment, base URL, cache age) and
// the API credentials. Settings live in SQLite; the API key and secret live only in the operating
// system's keychain, or, where there is none, in the environment for that run.
package config

import (
	"context"
	"net"
	"net/url"
	"strconv"
	"strings"

	"gstdesk/backend/apperr"
	"gstdesk/backend/store"
)

// Default base URLs of the remote service (remote-api-facts.md).
const (
	ProductionURL = "https://api.sandbox.co.in"
	TestURL       = "https://test-api.sandbox.co.in"
)

// Settings are the connection preferences of a workspace. None of them is a secret.
type Settings struct {
	Environment string `json:"environment"` // production, test or demo
	// BaseURL overrides the environment's default (self-hosted gateways); empty uses the default.
	BaseURL string `json:"base_url"`
	// CacheDays is how long a verify/search answer is reused before asking the service again.
	CacheDays int `json:"cache_days"`
	// RatePerMinute caps the calls gstdesk makes; 0 uses the environment's limit.
	RatePerMinute int `json:"rate_per_minute"`
	// AmountTolerance (rupees) and DateWindowDays are the reconciliation tolerances.
	AmountTolerance float64 `json:"amount_tolerance"`
	DateWindowDays  int     `json:"date_window_days"`
	// AskAboveCalls: an action that would spend more paid calls than this asks first (window).
	AskAboveCalls int `json:"ask_above_calls"`
}

// Defaults are the settings of a new workspace.
func Defaults(env string) Settings {
	return Settings{Environment: env, CacheDays: 7, AmountTolerance: 1, DateWindowDays: 10, AskAboveCalls: 50}
}

// EffectiveBaseURL is the URL calls go to: the override, else the environment's default. The demo
// environment has no URL of its own: the app serves its simulator and passes demoURL.
func (s Settings) EffectiveBaseURL(demoURL string) string {
	if s.BaseURL != "" {
		return strings.TrimRight(s.BaseURL, "/")
	}
	switch s.Environment {
	case store.EnvProduction:
		return ProductionURL
	case store.EnvTest:
		return TestURL
	}
	return demoURL
}

// DefaultRate is the environment's documented rate limit in calls per minute.
func (s Settings) DefaultRate() int {
	if s.RatePerMinute > 0 {
		return s.RatePerMinute
	}
	if s.Environment == store.EnvProduction {
		return 100
	}
	return 25
}

// ValidateBaseURL accepts an absolute http(s) URL, requiring https unless the host is loopback.
func ValidateBaseURL(raw string) error {
	if raw == "" {
		return nil
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return apperr.New(apperr.Invalid, "Base URL %q is not a web address such as https://api.example.in.", raw)
	}
	if u.RawQuery != "" || u.Fragment != "" || u.User != nil {
		return apperr.New(apperr.Invalid, "Base URL %q must not carry a query, fragment or user name.", raw)
	}
	if u.Scheme == "http" && !isLoopback(u.Hostname()) {
		return apperr.New(apperr.Invalid, "Base URL %q must use https: plain http is only allowed for this computer (localhost, 127.0.0.1).", raw)
	}
	return nil
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Validate checks settings typed by a person.
func (s Settings) Validate() error {
	switch s.Environment {
	case store.EnvProduction, store.EnvTest, store.EnvDemo:
	default:
		return apperr.New(apperr.Invalid, "Environment must be production, test or demo, not %q.", s.Environment)
	}
	if err := ValidateBaseURL(s.BaseURL); err != nil {
		return err
	}
	if s.CacheDays < 0 || s.CacheDays > 365 {
		return apperr.New(apperr.Invalid, "Cache age must be between 0 and 365 days, not %d.", s.CacheDays)
	}
	if s.RatePerMinute < 0 || s.RatePerMinute > 10000 {
		return apperr.New(apperr.Invalid, "Calls per minute must be between 0 (the environment's limit) and 10000.")
	}
	if s.AmountTolerance < 0 || s.AmountTolerance > 100000 {
		return apperr.New(apperr.Invalid, "The amount tolerance must be between ₹0 and ₹1,00,000.")
	}
	if s.DateWindowDays < 0 || s.DateWindowDays > 366 {
		return apperr.New(apperr.Invalid, "The date window must be between 0 and 366 days.")
	}
	if s.AskAboveCalls < 0 || s.AskAboveCalls > 1000000 {
		return apperr.New(apperr.Invalid, "Ask before spending more than this many paid calls: a number from 0 (always ask) to 10,00,000.")
	}
	return nil
}

// Load reads a workspace's settings; the environment and base URL come from the workspace row.
func Load(ctx context.Context, db *store.DB, ws store.Workspace) (Settings, error) {
	s := Defaults(ws.Environment)
	s.BaseURL = ws.BaseURL
	ints := map[string]*int{"cache_days": &s.CacheDays, "rate_per_minute": &s.RatePerMinute, "date_window_days": &s.DateWindowDays, "ask_above_calls": &s.AskAboveCalls}
	for k, p := range ints {
		v, err := db.Setting(ctx, ws.ID, k, strconv.Itoa(*p))
		if err != nil {
			return s, err
		}
		if n, err := strconv.Atoi(v); err == nil {
			*p = n
		}
	}
	v, err := db.Setting(ctx, ws.ID, "amount_tolerance", strconv.FormatFloat(s.AmountTolerance, 'f', -1, 64))
	if err != nil {
		return s, err
	}
	if f, err := strconv.ParseFloat(v, 64); err == nil {
		s.AmountTolerance = f
	}
	return s, nil
}

// Save validates and stores a workspace's settings.
func Save(ctx context.Context, db *store.DB, ws store.Workspace, s Settings) (store.Workspace, error) {
	s.BaseURL = strings.TrimRight(strings.TrimSpace(s.BaseURL), "/")
	if err := s.Validate(); err != nil {
		return ws, err
	}
	ws.Environment, ws.BaseURL = s.Environment, s.BaseURL
	ws, err := db.UpdateWorkspace(ctx, ws)
	if err != nil {
		return ws, err
	}
	kv := map[string]string{
		"cache_days":       strconv.Itoa(s.CacheDays),
		"rate_per_minute":  strconv.Itoa(s.RatePerMinute),
		"date_window_days": strconv.Itoa(s.DateWindowDays),
		"ask_above_calls":  strconv.Itoa(s.AskAboveCalls),
		"amount_tolerance": strconv.FormatFloat(s.AmountTolerance, 'f', -1, 64),
	}
	for k, v := range kv {
		if err := db.SetSetting(ctx, ws.ID, k, v); err != nil {
			return ws, err
		}
	}
	return ws, nil
}
