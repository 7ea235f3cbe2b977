package main

import (
	"context"
	"log/slog"
	"os"

	"github.com/wailsapp/wails/v2/pkg/runtime"

	"gstdesk/backend/desk"
	"gstdesk/backend/period"
)

// shell is what every binding shares: the window's context and the desk opened at startup. Each
// bound struct (bind_*.go) is one area; its methods are a few lines that call the area service the
// command line calls for the same action.
type shell struct {
	ctx context.Context
	log *slog.Logger
	d   *desk.Desk
}

// App owns the window's lifecycle and the bindings of every area.
type App struct {
	shell      *shell
	Workspaces *Workspaces
	Jobs       *Jobs
	Lookups    *Lookups
	Returns    *Returns
	Recon      *Recon
	Salary     *Salary
	Overview   *Overview
	Files      *Files
	Backup     *Backup
	Table4     *Table4
}

// NewApp returns the App; the backend opens in startup.
func NewApp(log *slog.Logger) *App {
	sh := &shell{log: log}
	return &App{shell: sh, Workspaces: &Workspaces{sh}, Jobs: &Jobs{sh}, Lookups: &Lookups{sh}, Returns: &Returns{sh},
		Recon: &Recon{sh}, Salary: &Salary{sh}, Overview: &Overview{sh}, Files: &Files{sh}, Backup: &Backup{sh}, Table4: &Table4{sh}}
}

// Bindings lists the structs whose methods the window calls.
func (a *App) Bindings() []any {
	return []any{a.Workspaces, a.Jobs, a.Lookups, a.Returns, a.Recon, a.Salary, a.Overview, a.Files, a.Backup, a.Table4}
}

func (a *App) startup(ctx context.Context) {
	a.shell.ctx = ctx
	d, err := desk.Start(ctx, desk.Options{Log: a.shell.log, Getenv: os.Getenv, Emit: func(name string, data any) { runtime.EventsEmit(ctx, name, data) }})
	if err != nil {
		a.shell.log.Error("startup", "err", err.Error())
		runtime.MessageDialog(ctx, runtime.MessageDialogOptions{Type: runtime.ErrorDialog, Title: "gstdesk cannot open its data", Message: err.Error()})
		runtime.Quit(ctx)
		return
	}
	a.shell.d = d
	a.Files.askWhereToSave()
	// Continuous replication while the window is open; a target that fails shows in the status bar.
	if err := d.Backup.Start(ctx, "window"); err != nil {
		a.shell.log.Error("backup: start replication", "err", err.Error())
	}
	if devStartup != nil {
		devStartup(a.shell)
	}
}

// devStartup is the dev binary's seeding hook (devseed_dev.go, -tags dev); nil in the release binary.
var devStartup func(*shell)

// devOpenDialog answers Files.ChooseFile in place of the system's Open dialog when answered is true
// (opendialog_dev.go, -tags dev: the end-to-end tests drive the window in a browser, where no system
// dialog can be answered); nil in the release binary.
var devOpenDialog func() (path string, answered bool)

// shutdown cancels and waits for the running jobs, then closes the database.
func (a *App) shutdown(context.Context) {
	if a.shell.d != nil {
		a.shell.d.Close()
	}
}

// The window sends periods as text (YYYY-MM, "FY 2025-26"); the services take period.Month and
// period.FY. These read them at the door (period.ReadMonth, ReadFY: refused in words) and call f.

// withRead reads what the window sends with read and calls f with it; a refusal is the answer.
func withRead[P, T any](s string, read func(string) (P, error), f func(P) (T, error)) (T, error) {
	v, err := read(s)
	if err != nil {
		var zero T
		return zero, err
	}
	return f(v)
}

func withMonth[T any](p string, f func(period.Month) (T, error)) (T, error) {
	return withRead(p, period.ReadMonth, f)
}

func withYear[T any](fy string, f func(period.FY) (T, error)) (T, error) {
	return withRead(fy, period.ReadFY, f)
}

func withMonths[T any](ps []string, f func([]period.Month) (T, error)) (T, error) {
	ms, err := period.ReadMonths(ps)
	if err != nil {
		var zero T
		return zero, err
	}
	return f(ms)
}

func withSpan[T any](from, to string, f func(from, to period.Month) (T, error)) (T, error) {
	return withMonth(from, func(a period.Month) (T, error) {
		return withMonth(to, func(b period.Month) (T, error) { return f(a, b) })
	})
}
