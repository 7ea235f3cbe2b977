// Package core is what every area service of gstdesk shares: the open database, the current
// workspace and its connection to the remote service, the clock, the job runner and the event
// sink. It holds no domain rule and no feature: the area services (workspaces, lookups, returns,
// reconcile, salary, overview) sequence domain calls over it, and both faces (the window's
// bindings and the command line) reach them through package desk.
package core

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/backup"
	"gstdesk/backend/config"
	"gstdesk/backend/gstapi"
	"gstdesk/backend/store"
)

// Core is the state the area services share.
type Core struct {
	DB    *store.DB
	Vault config.Vault
	Log   *slog.Logger

	emit func(name string, data any)
	now  func() time.Time

	// life is cancelled by Close; every job runs under it and Close waits for them.
	life    context.Context
	stop    context.CancelFunc
	running sync.WaitGroup

	mu              sync.Mutex
	ws              store.Workspace
	demoURL         string
	offline         bool
	demo            *demoServer
	client          *gstapi.Client
	clientKey       string
	sessions        gstapi.SessionStore
	sessionsWarning string
	jobs            jobTable
	notices         []string
	face            apperr.Face
	// demoCheckedFor is the workspace whose CheckDemoSource answer demoCheck holds.
	demoCheckedFor string
	demoCheck      error
	// chooser asks where to save an export (SetExportChooser); chosen holds the files saved where
	// the person chose, which ExportFile accepts besides the exports folder.
	chooser ExportChooser
	chosen  map[string]bool
	// following is the replica this desk follows read-only (nil for a desk that writes).
	following *backup.Following
}

// Options configure a Core.
type Options struct {
	// Dir is the data directory; empty uses store.DataDir().
	Dir string
	// Getenv reads the environment (GSTDESK_API_KEY...); nil means no environment.
	Getenv func(string) string
	Log    *slog.Logger
	// Emit sends an event to the UI (progress of long jobs); nil drops events.
	Emit func(name string, data any)
	// Now is the clock; nil is time.Now. Tests pass a clock they move.
	Now func() time.Time
	// Workspace, when set, is the name or id of the workspace to open instead of the last used
	// one (the command line's --workspace and GSTDESK_WORKSPACE); it is not marked as used.
	Workspace string
	// Face is who opened the desk: the window (zero) or the command line, whose scripts must
	// never take the demo service's made-up answers for real ones.
	Face apperr.Face
}

// Open opens the data directory and the last used workspace.
func Open(ctx context.Context, opt Options) (*Core, error) {
	dir := opt.Dir
	if dir == "" {
		d, err := store.DataDir()
		if err != nil {
			return nil, err
		}
		dir = d
	}
	db, following, err := openDB(ctx, dir)
	if err != nil {
		return nil, err
	}
	var notices []string
	if following == nil {
		if notices, err = db.SeparateClients(ctx); err != nil {
			db.Close()
			return nil, err
		}
	}
	ws, err := db.CurrentWorkspace(ctx)
	if err == nil && opt.Workspace != "" {
		ws, err = db.FindWorkspace(ctx, opt.Workspace)
	}
	if err != nil {
		db.Close()
		return nil, err
	}
	c := &Core{DB: db, Vault: config.Vault{Getenv: opt.Getenv}, Log: opt.Log, emit: opt.Emit, now: opt.Now, ws: ws, notices: notices, face: opt.Face,
		following: following}
	if c.Log == nil {
		c.Log = slog.New(slog.DiscardHandler)
	}
	for _, n := range notices {
		c.Log.Warn("data moved to its client's workspace", "what", n)
	}
	if c.emit == nil {
		c.emit = func(string, any) {}
	}
	if c.now == nil {
		c.now = time.Now
	}
	for _, n := range db.Notices {
		c.Log.Warn("data folder", "notice", n)
	}
	c.notices = append(append([]string{}, db.Notices...), c.notices...)
	c.life, c.stop = context.WithCancel(context.Background())
	return c, nil
}

// openDB opens the data folder's database: read-only when the folder follows a replica (its
// FollowFile says which), else writable and up to date with the migrations.
func openDB(ctx context.Context, dir string) (*store.DB, *backup.Following, error) {
	f, ok, err := backup.ReadFollowing(dir)
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		db, err := store.Open(ctx, dir)
		if err != nil {
			return nil, nil, err
		}
		// A desk whose replica another desk took over only reads (backup.TakenOverFile).
		to, taken, err := backup.ReadTakenOver(dir)
		if err != nil {
			db.Close()
			return nil, nil, err
		}
		if taken {
			db.SetReadOnly(to.Refusal())
		}
		return db, nil, nil
	}
	db, err := store.OpenReadOnly(ctx, dir, f.Refusal())
	if err != nil {
		return nil, nil, err
	}
	return db, &f, nil
}

// Following is the replica this desk follows read-only; ok is false for a desk that writes.
func (c *Core) Following() (f backup.Following, ok bool) {
	if c.following == nil {
		return backup.Following{}, false
	}
	return *c.following, true
}

// ReadOnly is the refusal every write gets on this desk (it follows a replica, or another desk
// took its replica over), nil while it writes.
func (c *Core) ReadOnly() *apperr.Error { return c.DB.ReadOnly() }

// StopJobs cancels every running job and waits for them to end (the first step of closing: what
// they committed is then shipped to the backup targets before replication stops).
func (c *Core) StopJobs() {
	c.stop()
	c.running.Wait()
}

// Close cancels every running job, waits for them to end, stops the demo service and closes the
// database.
func (c *Core) Close() error {
	c.StopJobs()
	c.StopDemo()
	return c.DB.Close()
}

// Face is who opened the desk (the window or the command line): errors shown to the person are
// worded for it (Face.Public).
func (c *Core) Face() apperr.Face { return c.face }

// Notices are what opening the data folder changed and the person should read once (data moved
// to its client's workspace).
func (c *Core) Notices() []string { return c.notices }

// Now is the time on the Core's clock.
func (c *Core) Now() time.Time { return c.now() }

// Emit sends an event to the UI (nothing on the command line).
func (c *Core) Emit(name string, data any) { c.emit(name, data) }

// Workspace returns the current workspace.
func (c *Core) Workspace() store.Workspace {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.ws
}

// SetWorkspace makes ws the current workspace of this process (the caller has stored it).
func (c *Core) SetWorkspace(ws store.Workspace) {
	c.mu.Lock()
	c.ws = ws
	c.mu.Unlock()
}

// SetOffline makes every lookup answer from the cache only (the user's "work offline" switch).
func (c *Core) SetOffline(off bool) {
	c.mu.Lock()
	c.offline = off
	c.mu.Unlock()
}

// IsOffline reports whether the user chose to work offline.
func (c *Core) IsOffline() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.offline
}

// DemoURL is where the demo simulator listens ("" before it starts).
func (c *Core) DemoURL() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.demoURL
}

// Getenv reads the process environment the Core was given ("" for everything when none).
func (c *Core) Getenv(name string) string {
	if c.Vault.Getenv != nil {
		return c.Vault.Getenv(name)
	}
	return ""
}
