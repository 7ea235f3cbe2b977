// Package workspaces is the area service for client workspaces and their settings: which
// workspace is open, its environment and credentials, and what the status bar shows.
package workspaces

import (
	"context"
	"net"
	"net/url"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/buildinfo"
	"gstdesk/backend/config"
	"gstdesk/backend/desk/core"
	"gstdesk/backend/store"
)

// Service is the workspaces area over the shared core.
type Service struct {
	*core.Core
}

// New returns the workspaces service over c.
func New(c *core.Core) *Service { return &Service{Core: c} }

// Info is what the status bar shows.
type Info struct {
	Version     string                  `json:"version"`
	Workspace   store.Workspace         `json:"workspace"`
	Environment string                  `json:"environment"`
	Demo        bool                    `json:"demo"`
	BaseURL     string                  `json:"base_url"`
	DataDir     string                  `json:"data_dir"`
	Offline     bool                    `json:"offline"`
	Credentials config.CredentialStatus `json:"credentials"`
	// CallsToday counts the calls made to the remote service since local midnight.
	CallsToday int `json:"calls_today"`
}

// Info describes the running app and the current workspace.
func (s *Service) Info(ctx context.Context) (Info, error) {
	ws := s.Workspace()
	set, err := config.Load(ctx, s.DB, ws)
	if err != nil {
		return Info{}, err
	}
	if ws.Environment == store.EnvDemo && set.BaseURL == "" {
		if _, _, err := s.Demo(); err != nil {
			return Info{}, err
		}
	}
	demoURL, offline := s.DemoURL(), s.IsOffline()
	y, m, d := s.Now().Date()
	midnight := store.FormatTime(time.Date(y, m, d, 0, 0, 0, 0, time.Local))
	var calls int
	if err := s.DB.QueryRowContext(ctx, `SELECT count(*) FROM audit_log WHERE at >= ?`, midnight).Scan(&calls); err != nil {
		return Info{}, err
	}
	return Info{
		CallsToday:  calls,
		Version:     buildinfo.Version,
		Workspace:   ws,
		Environment: ws.Environment,
		Demo:        ws.Environment == store.EnvDemo,
		BaseURL:     set.EffectiveBaseURL(demoURL),
		DataDir:     s.DB.Dir,
		Offline:     offline,
		Credentials: s.Vault.Status(ws.Environment),
	}, nil
}

// Workspaces lists the workspaces, most recently used first.
func (s *Service) Workspaces(ctx context.Context) ([]store.Workspace, error) {
	return s.DB.Workspaces(ctx)
}

// CreateWorkspace adds a workspace for a client and switches to it.
func (s *Service) CreateWorkspace(ctx context.Context, name, gstin, env string) (store.Workspace, error) {
	ws, err := s.DB.CreateWorkspace(ctx, store.Workspace{Name: name, GSTIN: gstin, Environment: env})
	if err != nil {
		return ws, err
	}
	s.SetWorkspace(ws)
	return ws, nil
}

// SwitchWorkspace makes another workspace the current one.
func (s *Service) SwitchWorkspace(ctx context.Context, id string) (store.Workspace, error) {
	ws, err := s.DB.UseWorkspace(ctx, id)
	if err != nil {
		return ws, err
	}
	s.SetWorkspace(ws)
	return ws, nil
}

// Settings returns the current workspace's settings.
func (s *Service) Settings(ctx context.Context) (config.Settings, error) {
	return config.Load(ctx, s.DB, s.Workspace())
}

// SaveSettings validates and stores the current workspace's settings (and its name and GSTIN).
func (s *Service) SaveSettings(ctx context.Context, name, gstin string, set config.Settings) (store.Workspace, error) {
	ws := s.Workspace()
	ws.Name, ws.GSTIN = name, gstin
	ws, err := config.Save(ctx, s.DB, ws, set)
	if err != nil {
		return ws, err
	}
	s.SetWorkspace(ws)
	return ws, nil
}

// SaveCredentials stores the API key and secret of the current environment in the keychain.
func (s *Service) SaveCredentials(env, key, secret string) (config.CredentialStatus, error) {
	if env == store.EnvDemo {
		return config.CredentialStatus{}, apperr.New(apperr.Invalid, "The demo workspace needs no API key: choose the test or production environment first.")
	}
	if err := s.Vault.Save(env, config.Credentials{APIKey: key, APISecret: secret}); err != nil {
		return s.Vault.Status(env), err
	}
	return s.Vault.Status(env), nil
}

// DeleteCredentials removes the environment's API key and secret from the keychain.
func (s *Service) DeleteCredentials(env string) (config.CredentialStatus, error) {
	err := s.Vault.Delete(env)
	return s.Vault.Status(env), err
}

// Online reports whether the remote service's host answers a TCP connection within two seconds.
func (s *Service) Online(ctx context.Context) bool {
	info, err := s.Info(ctx)
	if err != nil || info.Offline {
		return false
	}
	u, err := url.Parse(info.BaseURL)
	if err != nil || u.Host == "" {
		return false
	}
	host := u.Host
	if u.Port() == "" {
		host = net.JoinHostPort(u.Hostname(), map[bool]string{true: "443", false: "80"}[u.Scheme == "https"])
	}
	d := net.Dialer{Timeout: 2 * time.Second}
	c, err := d.DialContext(ctx, "tcp", host)
	if err != nil {
		return false
	}
	c.Close()
	return true
}

// DataDir is the data folder, for "Open folder".
func (s *Service) DataDir() string { return s.DB.Dir }
