// Package workspaces is the area service for client workspaces and their settings: which
// workspace is open, its environment and credentials, and what the status bar shows.
package workspaces

import (
	"context"
	"net"
	"net/url"
	"strings"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/buildinfo"
	"gstdesk/backend/config"
	"gstdesk/backend/desk/core"
	"gstdesk/backend/money"
	"gstdesk/backend/store"
)

// Service is the workspaces area over the shared core.
type Service struct {
	core *core.Core
}

// New returns the workspaces service over c.
func New(c *core.Core) *Service { return &Service{core: c} }

// Info is what the status bar shows.
type Info struct {
	Version     string          `json:"version"`
	Workspace   store.Workspace `json:"workspace"`
	Environment string          `json:"environment"`
	Demo        bool            `json:"demo"`
	// BuiltInDemo is true when the answers come from the demo service inside gstdesk (the demo
	// workspace with no address of its own): no call leaves this computer.
	BuiltInDemo bool                    `json:"built_in_demo"`
	BaseURL     string                  `json:"base_url"`
	DataDir     string                  `json:"data_dir"`
	Offline     bool                    `json:"offline"`
	Credentials config.CredentialStatus `json:"credentials"`
	// CallsToday counts the calls made to the remote service since local midnight by the
	// workspaces of the current environment.
	CallsToday int `json:"calls_today"`
	// Notices are what opening the data folder changed (a client's data moved to its own workspace).
	Notices []string `json:"notices"`
}

// Info describes the running app and the current workspace.
func (s *Service) Info(ctx context.Context) (Info, error) {
	ws := s.core.Workspace()
	set, err := config.Load(ctx, s.core.DB, ws)
	if err != nil {
		return Info{}, err
	}
	if ws.Environment == store.EnvDemo && set.BaseURL == "" {
		if _, _, err := s.core.Demo(); err != nil {
			return Info{}, err
		}
	}
	offline := s.core.IsOffline()
	y, m, d := s.core.Now().Date()
	midnight := store.FormatTime(time.Date(y, m, d, 0, 0, 0, 0, time.Local))
	var calls int
	// Calls of this environment's workspaces: another environment's calls spend another key's credits.
	if err := s.core.DB.QueryRowContext(ctx, `SELECT count(*) FROM audit_log WHERE at >= ?
		AND workspace_id IN (SELECT id FROM workspaces WHERE environment = ?)`, midnight, ws.Environment).Scan(&calls); err != nil {
		return Info{}, err
	}
	return Info{
		CallsToday:  calls,
		Version:     buildinfo.Version,
		Workspace:   ws,
		Environment: ws.Environment,
		Demo:        ws.Environment == store.EnvDemo,
		BuiltInDemo: s.core.DemoAnswers(),
		BaseURL:     s.core.BaseURL(set),
		DataDir:     s.core.DB.Dir,
		Offline:     offline,
		Credentials: s.core.Vault.Status(ws.Environment),
		Notices:     append([]string{}, s.core.Notices()...),
	}, nil
}

// List lists the workspaces, most recently used first.
func (s *Service) List(ctx context.Context) ([]store.Workspace, error) {
	return s.core.DB.Workspaces(ctx)
}

// Spec is a workspace as a person describes it: a client's name and GSTIN, the environment it
// talks to, and optionally its own base URL (a gateway, or a standalone gstdesk simulate).
type Spec struct {
	Name        string `json:"name"`
	GSTIN       string `json:"gstin"`
	Environment string `json:"environment"`
	BaseURL     string `json:"base_url"`
}

// Create adds a workspace for a client and switches to it. A real client's workspace
// (test or production) needs its GSTIN; two workspaces with one GSTIN and environment are refused.
func (s *Service) Create(ctx context.Context, spec Spec) (store.Workspace, error) {
	if err := checkSpec(&spec); err != nil {
		return store.Workspace{}, err
	}
	ws, err := s.core.DB.CreateWorkspace(ctx, store.Workspace{Name: spec.Name, GSTIN: spec.GSTIN, Environment: spec.Environment, BaseURL: spec.BaseURL})
	if err != nil {
		return ws, err
	}
	s.core.SetWorkspace(ws)
	return ws, nil
}

func checkSpec(spec *Spec) error {
	spec.Environment = strings.ToLower(strings.TrimSpace(spec.Environment))
	spec.BaseURL = strings.TrimRight(strings.TrimSpace(spec.BaseURL), "/")
	if spec.Environment == "" {
		return apperr.New(apperr.Invalid, "Choose the environment: demo (made-up data), test (the service's sandbox) or production.")
	}
	if spec.BaseURL != "" {
		if err := config.ValidateBaseURL(spec.BaseURL); err != nil {
			return err
		}
	}
	return nil
}

// Find returns the workspace named ref (or with id ref); an unknown one is NotFound and lists the
// workspaces there are.
func (s *Service) Find(ctx context.Context, ref string) (store.Workspace, error) {
	return s.core.DB.FindWorkspace(ctx, ref)
}

// Switch makes another workspace (by id or name) the current one, and the one the next
// start opens.
func (s *Service) Switch(ctx context.Context, ref string) (store.Workspace, error) {
	ws, err := s.core.DB.FindWorkspace(ctx, ref)
	if err != nil {
		return ws, err
	}
	ws, err = s.core.DB.UseWorkspace(ctx, ws.ID)
	if err != nil {
		return ws, err
	}
	s.core.SetWorkspace(ws)
	return ws, nil
}

// Change is what `workspace set` changes; empty fields stay as they are.
type Change struct {
	Name        string `json:"name"`
	GSTIN       string `json:"gstin"`
	Environment string `json:"environment"`
	BaseURL     string `json:"base_url"`
	// ClearBaseURL goes back to the environment's own address.
	ClearBaseURL bool `json:"clear_base_url"`
}

// Update changes a workspace (by id or name). Its GSTIN cannot change while it holds that
// client's returns: those belong to the client, so a new client gets a new workspace.
func (s *Service) Update(ctx context.Context, ref string, ch Change) (store.Workspace, error) {
	ws, err := s.core.DB.FindWorkspace(ctx, ref)
	if err != nil {
		return ws, err
	}
	if ch.Name != "" {
		ws.Name = ch.Name
	}
	before := ws
	if ch.GSTIN != "" {
		ws.GSTIN = ch.GSTIN
	}
	if ch.Environment != "" {
		ws.Environment = strings.ToLower(strings.TrimSpace(ch.Environment))
	}
	if ch.ClearBaseURL {
		ws.BaseURL = ""
	} else if ch.BaseURL != "" {
		ws.BaseURL = strings.TrimRight(strings.TrimSpace(ch.BaseURL), "/")
		if err := config.ValidateBaseURL(ws.BaseURL); err != nil {
			return ws, err
		}
	}
	if err := s.checkChange(ctx, before, ws); err != nil {
		return before, err
	}
	ws, err = s.core.DB.UpdateWorkspace(ctx, ws)
	if err != nil {
		return ws, err
	}
	if ws.ID == s.core.Workspace().ID {
		s.core.SetWorkspace(ws)
	}
	return ws, nil
}

// checkChange refuses a change of GSTIN or environment on a workspace that holds a taxpayer's
// returns (GSTR-2A or GSTR-2B pulls, IMS documents): they belong to that client and came from
// that environment's service (the demo's are made up), so another client or another service gets
// a new workspace.
func (s *Service) checkChange(ctx context.Context, before, after store.Workspace) error {
	gstinChanged := !strings.EqualFold(strings.TrimSpace(after.GSTIN), before.GSTIN) && before.GSTIN != ""
	envChanged := after.Environment != before.Environment
	if !gstinChanged && !envChanged {
		return nil
	}
	u, err := s.Usage(ctx, before.ID)
	if err != nil {
		return err
	}
	held := u.Returns()
	if held == "" {
		return nil
	}
	hint := apperr.Hint{Window: "Use New workspace in Settings.", Command: "Run: gstdesk workspace create --name NAME --gstin GSTIN --env test|production"}
	if gstinChanged {
		return apperr.New(apperr.Conflict, "Workspace %q holds %s of %s, which belong to that client. Create a new workspace for the other GSTIN.", before.Name, held, before.GSTIN).WithHint(hint)
	}
	return apperr.New(apperr.Conflict, "Workspace %q holds %s from the %s service; in a %s workspace they would pass for that service's answers. Create a new workspace for the %s environment.",
		before.Name, held, before.Environment, after.Environment, after.Environment).WithHint(hint)
}

// Returns says which of the taxpayer's returns the workspace holds ("2 GSTR-2A pulls and 1
// GSTR-2B pull"), or "" when none.
func (u Usage) Returns() string {
	held := u.phrases(true)
	switch len(held) {
	case 0:
		return ""
	case 1:
		return held[0]
	}
	return strings.Join(held[:len(held)-1], ", ") + " and " + held[len(held)-1]
}

// Held says everything the workspace holds, a phrase per kind it has any of ("1 GSTR-2B pull",
// "2 payroll runs").
func (u Usage) Held() []string { return u.phrases(false) }

// held is a count of one kind of record, with its noun.
type held struct {
	n         int
	one, many string
}

func (u Usage) phrases(returnsOnly bool) []string {
	kinds := []held{
		{u.GSTR2APulls, "GSTR-2A pull", "GSTR-2A pulls"},
		{u.GSTR2BPulls, "GSTR-2B pull", "GSTR-2B pulls"},
		{u.IMSDocuments, "IMS document", "IMS documents"},
	}
	if !returnsOnly {
		kinds = append(kinds, []held{
			{u.ReconRuns, "reconciliation run", "reconciliation runs"},
			{u.PayrollRuns, "payroll run", "payroll runs"},
			{u.TDSYearMonths, "TDS-year month", "TDS-year months"},
			{u.Decisions, "decision or link", "decisions and links"},
			{u.StoredValues, "setting", "settings"},
		}...)
	}
	var out []string
	for _, k := range kinds {
		switch {
		case k.n == 1:
			out = append(out, "1 "+k.one)
		case k.n > 1:
			out = append(out, money.Count(k.n)+" "+k.many)
		}
	}
	return out
}

// Usage is what a workspace holds (counted by package store, which knows every table).
type Usage store.Holdings

// Usage counts what a workspace holds (for `workspace show` and before removing one).
func (s *Service) Usage(ctx context.Context, id string) (Usage, error) {
	h, err := s.core.DB.Holdings(ctx, id)
	if err != nil {
		return Usage(h), apperr.Wrap(apperr.Internal, err, "could not count what the workspace holds")
	}
	return Usage(h), nil
}

// Remove deletes a workspace (by id or name) and everything it holds, and returns what
// was deleted. The current workspace cannot be removed, nor the last one.
func (s *Service) Remove(ctx context.Context, ref string) (store.Workspace, Usage, error) {
	ws, err := s.core.DB.FindWorkspace(ctx, ref)
	if err != nil {
		return ws, Usage{}, err
	}
	if ws.ID == s.core.Workspace().ID {
		return ws, Usage{}, apperr.New(apperr.Conflict, "Workspace %q is the one in use. Switch to another workspace first.", ws.Name).
			WithHint(apperr.Hint{Window: "Open another workspace in Settings first.", Command: "Run gstdesk workspace use OTHER first."})
	}
	u, err := s.Usage(ctx, ws.ID)
	if err != nil {
		return ws, u, err
	}
	// One transaction: every table that holds the workspace's rows, or nothing at all.
	if err := s.core.DB.DeleteWorkspace(ctx, ws.ID); err != nil {
		return ws, u, err
	}
	return ws, u, nil
}

// Settings returns the current workspace's settings.
func (s *Service) Settings(ctx context.Context) (config.Settings, error) {
	return config.Load(ctx, s.core.DB, s.core.Workspace())
}

// SaveSettings validates and stores the current workspace's settings (and its name and GSTIN).
func (s *Service) SaveSettings(ctx context.Context, name, gstin string, set config.Settings) (store.Workspace, error) {
	ws := s.core.Workspace()
	after := ws
	after.GSTIN, after.Environment = gstin, set.Environment
	if err := s.checkChange(ctx, ws, after); err != nil {
		return ws, err
	}
	ws.Name, ws.GSTIN = name, gstin
	ws, err := config.Save(ctx, s.core.DB, ws, set)
	if err != nil {
		return ws, err
	}
	s.core.SetWorkspace(ws)
	return ws, nil
}

// SaveCredentials stores the API key and secret of the current environment in the keychain.
func (s *Service) SaveCredentials(env, key, secret string) (config.CredentialStatus, error) {
	if env == store.EnvDemo {
		return config.CredentialStatus{}, apperr.New(apperr.Invalid, "The demo workspace needs no API key: choose the test or production environment first.")
	}
	if err := s.core.Vault.Save(env, config.Credentials{APIKey: key, APISecret: secret}); err != nil {
		return s.core.Vault.Status(env), err
	}
	return s.core.Vault.Status(env), nil
}

// DeleteCredentials removes the environment's API key and secret from the keychain.
func (s *Service) DeleteCredentials(env string) (config.CredentialStatus, error) {
	err := s.core.Vault.Delete(env)
	return s.core.Vault.Status(env), err
}

// Online reports whether the remote service's host answers a TCP connection within two seconds.
func (s *Service) Online(ctx context.Context) bool {
	set, err := config.Load(ctx, s.core.DB, s.core.Workspace())
	if err != nil || s.core.IsOffline() {
		return false
	}
	u, err := url.Parse(s.core.BaseURL(set))
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
func (s *Service) DataDir() string { return s.core.DB.Dir }

// DataUsage is what the data folder holds: the database, its parts, exports and logs.
func (s *Service) DataUsage(ctx context.Context) (store.Usage, error) { return s.core.DB.Usage(ctx) }

// Compact gives the database's free pages back to the disk and returns how many bytes it saved.
func (s *Service) Compact(ctx context.Context) (int64, error) { return s.core.DB.Compact(ctx) }

// WritesRefused counts the changes this desk refused because it only reads (it follows a
// replica, or another desk took its replica over).
func (s *Service) WritesRefused() int64 { return s.core.DB.Refused() }
