package core

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/config"
	"gstdesk/backend/gstapi"
	"gstdesk/backend/simulator"
	"gstdesk/backend/store"
	"gstdesk/backend/tds"
	"gstdesk/backend/workbook"
)

// DemoSeed is the seed of the demo workspace's simulated service: the same made-up taxpayers on
// every start.
const DemoSeed = 2026

// demoServer is the simulator the demo workspace talks to, on a loopback port of its own.
type demoServer struct {
	sim *simulator.Server
	srv *http.Server
	url string
}

func startDemo(now func() time.Time) (*demoServer, error) {
	// The demo speaks the files real clients see: every section of GSTR-2A and GSTR-2B (imports, ISD,
	// reverse charge, amendments, credit notes, an amendment without its original).
	sim := simulator.New(simulator.Options{Seed: DemoSeed, TDS: LocalTDS, Now: now, AllSections: true})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, apperr.Wrap(apperr.Internal, err, "could not start the demo service")
	}
	srv := &http.Server{Handler: sim, ReadHeaderTimeout: 10 * time.Second}
	go srv.Serve(ln)
	return &demoServer{sim: sim, srv: srv, url: "http://" + ln.Addr().String()}, nil
}

func (d *demoServer) close() {
	d.sim.Close()
	d.srv.Close()
}

// LocalTDS answers the simulated salary calculator (4.8) with gstdesk's own engine, so the demo's
// cross-check agrees with the local computation.
func LocalTDS(fy string, body json.RawMessage) (json.RawMessage, error) {
	y, err := tds.ParseFY(fy)
	if err != nil {
		return nil, err
	}
	wb, err := workbook.Parse(body)
	if err != nil {
		return nil, err
	}
	resp, _, _, err := workbook.Calculate(&wb, y)
	if err != nil {
		return nil, err
	}
	return json.Marshal(resp)
}

// Demo returns the simulator behind the demo workspace, starting it on first use.
func (s *Core) Demo() (*simulator.Server, string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.demo == nil {
		now, err := s.demoClock()
		if err != nil {
			return nil, "", err
		}
		d, err := startDemo(now)
		if err != nil {
			return nil, "", err
		}
		s.demo = d
		s.demoURL = d.url
	}
	return s.demo.sim, s.demo.url, nil
}

// DemoDateVar names the environment variable that sets the demo service's date (DD/MM/YYYY, at
// the time of day it is now; the demo's clock runs on from there): the demo's made-up returns
// depend on the day (a GSTR-2B appears on the 14th of the next month), so tests and walkthroughs
// fix it. Only the demo's made-up answers follow it; nothing real does. A date before today
// makes the demo's sign-in sessions look expired to gstdesk: use today or a later day.
const DemoDateVar = "GSTDESK_DEMO_DATE"

// demoClock is the demo service's clock: the Core's, or one that starts at GSTDESK_DEMO_DATE.
func (s *Core) demoClock() (func() time.Time, error) {
	v := s.Getenv(DemoDateVar)
	if v == "" {
		return s.now, nil
	}
	day, err := time.ParseInLocation("02/01/2006", v, time.UTC)
	if err != nil {
		return nil, apperr.New(apperr.Invalid, "%s is %q: write the demo's date as DD/MM/YYYY, or leave it unset.", DemoDateVar, v)
	}
	base := s.now()
	start := time.Date(day.Year(), day.Month(), day.Day(), base.Hour(), base.Minute(), base.Second(), base.Nanosecond(), base.Location())
	return func() time.Time { return start.Add(s.now().Sub(base)) }, nil
}

// Connection says where calls of the current workspace go and with which credentials; the
// credentials never leave this package except into the client.
type Connection struct {
	Environment string
	BaseURL     string
	creds       config.Credentials
	Rate        int
}

// Connection resolves the current workspace's base URL and credentials: GSTDESK_BASE_URL and the
// GSTDESK_API_* variables override the settings; the demo workspace uses its simulator.
func (s *Core) Connection(ctx context.Context) (Connection, error) {
	if err := s.RefuseRemote(); err != nil {
		return Connection{}, err // counted: the command line exits 2
	}
	ws := s.Workspace()
	set, err := config.Load(ctx, s.DB, ws)
	if err != nil {
		return Connection{}, err
	}
	c := Connection{Environment: ws.Environment, Rate: set.DefaultRate()}
	if u := s.Getenv("GSTDESK_BASE_URL"); u != "" {
		if err := config.ValidateBaseURL(u); err != nil {
			return c, err
		}
		set.BaseURL = u
	}
	if ws.Environment == store.EnvDemo && set.BaseURL == "" {
		if s.face == apperr.Command {
			if err := s.CheckDemoSource(); err != nil {
				return c, err
			}
		}
		_, url, err := s.Demo()
		if err != nil {
			return c, err
		}
		c.BaseURL = url
		c.creds = config.Credentials{APIKey: simulator.DefaultAPIKey, APISecret: simulator.DefaultAPISecret}
		c.Rate = -1 // the local simulator needs no pacing
		return c, nil
	}
	c.BaseURL = set.EffectiveBaseURL(s.DemoURL())
	creds, src := s.Vault.Load(ws.Environment)
	if ws.Environment == store.EnvDemo {
		// A demo workspace pointed at a standalone simulator (gstdesk simulate).
		if src == config.SourceNone {
			creds = config.Credentials{APIKey: simulator.DefaultAPIKey, APISecret: simulator.DefaultAPISecret}
		}
	} else if src == config.SourceNone {
		return c, apperr.New(apperr.Unauthorised, "No API key for the %s environment.", ws.Environment).
			WithHint(apperr.Hint{Window: "Add the key and secret in Settings.", Command: "Set GSTDESK_API_KEY and GSTDESK_API_SECRET, or add them in the window's Settings (kept in the keychain)."})
	}
	c.creds = creds
	return c, nil
}

// RefuseRemote is why this desk calls no remote service, counted as a refused write, and nil when
// it may: a read-only desk makes no call, as calls are paid for and recorded (and portal actions
// taken) on the desk that writes.
func (s *Core) RefuseRemote() error {
	return s.DB.RefuseWith("It calls no GST service either: calls are made, paid for and recorded on the writer desk.")
}

// DemoAnswers reports whether the current workspace's answers come from the built-in demo service
// (the demo workspace with no base URL of its own and no GSTDESK_BASE_URL): they are made up and
// are labelled "demo" wherever they are shown.
func (s *Core) DemoAnswers() bool {
	ws := s.Workspace()
	return ws.Environment == store.EnvDemo && ws.BaseURL == "" && s.Getenv("GSTDESK_BASE_URL") == ""
}

// CheckDemoSource refuses to answer a command from the built-in demo service when the person gave
// real credentials (GSTDESK_API_KEY or a key in the keychain) and no GSTDESK_BASE_URL: they meant a
// real service, and a made-up "not found" would read as a real supplier being unregistered.
// The answer is kept for the workspace: credentials do not change within a command, and a bulk
// lookup must not read the keychain once per GSTIN.
func (s *Core) CheckDemoSource() error {
	ws := s.Workspace()
	s.mu.Lock()
	if s.demoCheckedFor == ws.ID {
		err := s.demoCheck
		s.mu.Unlock()
		return err
	}
	s.mu.Unlock()
	err := s.checkDemoSource(ws)
	s.mu.Lock()
	s.demoCheckedFor, s.demoCheck = ws.ID, err
	s.mu.Unlock()
	return err
}

func (s *Core) checkDemoSource(ws store.Workspace) error {
	if !s.DemoAnswers() {
		return nil
	}
	given := ""
	if s.Getenv("GSTDESK_API_KEY") != "" || s.Getenv("GSTDESK_API_SECRET") != "" {
		given = "GSTDESK_API_KEY and GSTDESK_API_SECRET are set"
	} else {
		for _, env := range []string{store.EnvTest, store.EnvProduction} {
			if _, src := s.Vault.Load(env); src == config.SourceKeychain {
				given = "the keychain holds an API key for the " + env + " environment"
				break
			}
		}
	}
	if given == "" {
		return nil
	}
	return apperr.New(apperr.Conflict, "Workspace %q is the demo: it answers from gstdesk's built-in demo service with made-up data, but %s. Nothing was sent.", ws.Name, given).
		WithHint(apperr.Hint{
			Window:  "Create or open a Test or Production workspace for the client in Settings.",
			Command: "Create a real client's workspace: gstdesk workspace create --name CLIENT --gstin GSTIN --env test (or production); or select one: gstdesk workspace use NAME, --workspace NAME, or GSTDESK_WORKSPACE=NAME.",
		})
}

// BaseURL is where the current workspace's calls go, as the status bar shows it: GSTDESK_BASE_URL
// when set, else the workspace's own address, else its environment's (the demo's simulator).
func (s *Core) BaseURL(set config.Settings) string {
	if u := s.Getenv("GSTDESK_BASE_URL"); u != "" {
		set.BaseURL = u
	}
	return set.EffectiveBaseURL(s.DemoURL())
}

// Client returns the API client of the current workspace, reusing it (and its access token) while
// the connection stays the same.
func (s *Core) Client(ctx context.Context) (*gstapi.Client, error) {
	conn, err := s.Connection(ctx)
	if err != nil {
		return nil, err
	}
	key := conn.BaseURL + "\x00" + conn.creds.APIKey
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.client != nil && s.clientKey == key {
		return s.client, nil
	}
	hc := &http.Client{}
	cl, err := gstapi.NewClient(gstapi.Config{
		HTTPClient:    hc,
		BaseURL:       conn.BaseURL,
		APIKey:        conn.creds.APIKey,
		Tokens:        gstapi.NewAuthenticator(hc, conn.BaseURL, conn.creds.APIKey, conn.creds.APISecret),
		RatePerMinute: conn.Rate,
		Logger:        s.Log,
	})
	if err != nil {
		return nil, err
	}
	s.client, s.clientKey = cl, key
	return cl, nil
}

// Sessions returns where taxpayer sessions are kept (the keychain, else a 0600 file in the data
// folder) and a warning to show when it is the file.
func (s *Core) Sessions() (gstapi.SessionStore, string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.sessions == nil {
		s.sessions, s.sessionsWarning = gstapi.OpenSessionStore(s.DB.Dir)
	}
	return s.sessions, s.sessionsWarning
}

// InProcessDemo reports whether calls go to the simulator inside this process (the demo workspace
// with no base URL of its own).
func (s *Core) InProcessDemo(ctx context.Context) bool {
	conn, err := s.Connection(ctx)
	if err != nil {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.demo != nil && conn.BaseURL == s.demo.url
}

// StopDemo stops the demo simulator of this process (the next call that needs it starts it
// again): what a lost network looks like to the demo workspace.
func (s *Core) StopDemo() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.demo != nil {
		s.demo.close()
		s.demo = nil
	}
}
