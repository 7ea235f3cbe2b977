// Package desk is the application service behind the window: it holds the open database, the
// current workspace and the clients of the remote API, and offers each thing the UI can do as one
// plain method. app.go binds these methods to the UI one-to-one; tests call them directly.
package desk

import (
	"context"
	"log/slog"
	"net"
	"net/url"
	"sync"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/buildinfo"
	"gstdesk/backend/config"
	"gstdesk/backend/gstapi"
	"gstdesk/backend/store"
)

// Service is gstdesk's application state.
type Service struct {
	DB    *store.DB
	Vault config.Vault
	Log   *slog.Logger
	// Emit sends an event to the UI.
	Emit func(name string, data any)
	// KnownSuppliers lists the GSTINs of suppliers in stored GSTR-2A, for matching the changed list.
	KnownSuppliers func(ctx context.Context) ([]string, error)

	mu              sync.Mutex
	ws              store.Workspace
	demoURL         string
	offline         bool
	demo            *demoServer
	client          *gstapi.Client
	clientKey       string
	sessions        gstapi.SessionStore
	sessionsWarning string
	jobs            jobs
}

// Options configure a Service.
type Options struct {
	// Dir is the data directory; empty uses store.DataDir().
	Dir string
	// Getenv reads the environment (GSTDESK_API_KEY...); nil means no environment.
	Getenv func(string) string
	Log    *slog.Logger
	// Emit sends an event to the UI (progress of long jobs); nil drops events.
	Emit func(name string, data any)
}

// Start opens the data directory and, for the demo workspace, starts the simulator the demo
// answers from. The window calls it once at startup.
func Start(ctx context.Context, opt Options) (*Service, error) {
	s, err := Open(ctx, opt)
	if err != nil {
		return nil, err
	}
	if s.Workspace().Environment == store.EnvDemo {
		if _, _, err := s.Demo(); err != nil {
			s.Close()
			return nil, err
		}
	}
	return s, nil
}

// Open opens the data directory and the last used workspace.
func Open(ctx context.Context, opt Options) (*Service, error) {
	dir := opt.Dir
	if dir == "" {
		d, err := store.DataDir()
		if err != nil {
			return nil, err
		}
		dir = d
	}
	db, err := store.Open(ctx, dir)
	if err != nil {
		return nil, err
	}
	ws, err := db.CurrentWorkspace(ctx)
	if err != nil {
		db.Close()
		return nil, err
	}
	log := opt.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	emit := opt.Emit
	if emit == nil {
		emit = func(string, any) {}
	}
	s := &Service{DB: db, Vault: config.Vault{Getenv: opt.Getenv}, Log: log, Emit: emit, ws: ws}
	s.KnownSuppliers = s.gstr2aSuppliers
	return s, nil
}

// Close stops the demo service and closes the database.
func (s *Service) Close() error {
	s.mu.Lock()
	if s.demo != nil {
		s.demo.close()
		s.demo = nil
	}
	s.mu.Unlock()
	return s.DB.Close()
}

// SetDemoURL tells the service where the demo simulator listens.
func (s *Service) SetDemoURL(u string) {
	s.mu.Lock()
	s.demoURL = u
	s.mu.Unlock()
}

// Workspace returns the current workspace.
func (s *Service) Workspace() store.Workspace {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.ws
}

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
	s.mu.Lock()
	demoURL, offline := s.demoURL, s.offline
	s.mu.Unlock()
	y, m, d := time.Now().Date()
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
	s.mu.Lock()
	s.ws = ws
	s.mu.Unlock()
	return ws, nil
}

// SwitchWorkspace makes another workspace the current one.
func (s *Service) SwitchWorkspace(ctx context.Context, id string) (store.Workspace, error) {
	ws, err := s.DB.UseWorkspace(ctx, id)
	if err != nil {
		return ws, err
	}
	s.mu.Lock()
	s.ws = ws
	s.mu.Unlock()
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
	s.mu.Lock()
	s.ws = ws
	s.mu.Unlock()
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

// SetOffline makes every lookup answer from the cache only (the user's "work offline" switch).
func (s *Service) SetOffline(off bool) {
	s.mu.Lock()
	s.offline = off
	s.mu.Unlock()
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
