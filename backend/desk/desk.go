// Package desk is gstdesk's application: the area services over one shared core. Both faces open
// it — the window's bindings (main package) and the command line (package cli) — and call the same
// area-service method for the same user action, so a script and a click cannot behave differently.
//
//	core        the database, the clock, the job runner, the event sink, the remote connection
//	workspaces  client workspaces, settings, credentials, the status bar
//	lookups     GSTIN lookups, bulk checks, the changed list, applicants
//	returns     taxpayer sign-in, GSTR-2A pulls and their review
//	reconcile   the purchase register against GSTR-2A, decisions, supplier watch
//	salary      payroll TDS runs, computation sheets, exports
//	overview    the dashboard and the command palette
//	backup      backup targets, replication, restore, verify, the writer hand-over
package desk

import (
	"context"

	"gstdesk/backend/apperr"
	"gstdesk/backend/desk/backup"
	"gstdesk/backend/desk/core"
	"gstdesk/backend/desk/lookups"
	"gstdesk/backend/desk/overview"
	"gstdesk/backend/desk/reconcile"
	"gstdesk/backend/desk/returns"
	"gstdesk/backend/desk/salary"
	"gstdesk/backend/desk/workspaces"
	"gstdesk/backend/store"
)

// Options configure the desk (see core.Options). An alias, so that the faces open the desk
// (desk.Open) without reaching into its core.
type Options = core.Options

// Desk is the application: one core and the area services over it.
type Desk struct {
	Core       *core.Core
	Workspaces *workspaces.Service
	Lookups    *lookups.Service
	Returns    *returns.Service
	Recon      *reconcile.Service
	Salary     *salary.Service
	Overview   *overview.Service
	Backup     *backup.Service
}

// New builds the area services over an open core.
func New(c *core.Core) *Desk {
	d := &Desk{Core: c, Workspaces: workspaces.New(c), Lookups: lookups.New(c), Salary: salary.New(c)}
	d.Returns = returns.New(c, d.Lookups)
	d.Recon = reconcile.New(c, d.Lookups, d.Returns)
	d.Overview = overview.New(c, d.Lookups, d.Returns, d.Recon)
	d.Backup = backup.New(c)
	return d
}

// Open opens the data directory and the last used workspace (the command line's start).
func Open(ctx context.Context, opt Options) (*Desk, error) {
	c, err := core.Open(ctx, opt)
	if err != nil {
		return nil, err
	}
	return New(c), nil
}

// Start is Open, and for the demo workspace it starts the simulator the demo answers from (the
// window's start).
func Start(ctx context.Context, opt Options) (*Desk, error) {
	d, err := Open(ctx, opt)
	if err != nil {
		return nil, err
	}
	if d.Core.Workspace().Environment == store.EnvDemo {
		if _, _, err := d.Core.Demo(); err != nil {
			d.Close()
			return nil, err
		}
	}
	return d, nil
}

// Close cancels and waits for the running jobs, then ships what they and the person committed
// (a command that wrote syncs once, see backup.AfterCommand; the window's continuous replication
// makes its last sync as it stops), and closes the database. Jobs end first, so that what they
// commit as they stop is in the last sync.
func (d *Desk) Close() error {
	d.Core.StopJobs()
	if d.Core.Face() == apperr.Command {
		d.Backup.AfterCommand(context.Background())
	}
	d.Backup.Stop()
	return d.Core.Close()
}
