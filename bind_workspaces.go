package main

import (
	"gstdesk/backend/desk"

	"github.com/wailsapp/wails/v2/pkg/runtime"

	"gstdesk/backend/config"
	"gstdesk/backend/desk/workspaces"
	"gstdesk/backend/store"
)

// Workspaces binds the workspaces area: workspaces, settings, credentials and the status bar.
type Workspaces struct{ *shell }

// Info describes the app and the current workspace for the status bar.
func (b *Workspaces) Info() (workspaces.Info, error) { return b.d.Workspaces.Info(b.ctx) }

// Online reports whether the remote service can be reached.
func (b *Workspaces) Online() bool { return b.d.Workspaces.Online(b.ctx) }

// Workspaces lists the client workspaces.
func (b *Workspaces) Workspaces() ([]store.Workspace, error) { return b.d.Workspaces.List(b.ctx) }

// CreateWorkspace adds a client workspace (demo, test or production) and switches to it.
func (b *Workspaces) CreateWorkspace(spec workspaces.Spec) (store.Workspace, error) {
	return b.d.Workspaces.Create(b.ctx, spec)
}

// RemoveWorkspace deletes a workspace that is not in use and everything it holds.
func (b *Workspaces) RemoveWorkspace(id string) (workspaces.Usage, error) {
	_, u, err := b.d.Workspaces.Remove(b.ctx, id)
	return u, err
}

// SwitchWorkspace opens another workspace.
func (b *Workspaces) SwitchWorkspace(id string) (store.Workspace, error) {
	return b.d.Workspaces.Switch(b.ctx, id)
}

// Settings returns the current workspace's settings.
func (b *Workspaces) Settings() (config.Settings, error) { return b.d.Workspaces.Settings(b.ctx) }

// SaveSettings stores the current workspace's name, GSTIN and settings.
func (b *Workspaces) SaveSettings(name, gstin string, s config.Settings) (store.Workspace, error) {
	return b.d.Workspaces.SaveSettings(b.ctx, name, gstin, s)
}

// SaveCredentials puts the API key and secret of an environment in the keychain.
func (b *Workspaces) SaveCredentials(env, key, secret string) (config.CredentialStatus, error) {
	return b.d.Workspaces.SaveCredentials(env, key, secret)
}

// DeleteCredentials removes an environment's API key and secret from the keychain.
func (b *Workspaces) DeleteCredentials(env string) (config.CredentialStatus, error) {
	return b.d.Workspaces.DeleteCredentials(env)
}

// OpenDataFolder shows the data folder in the file manager.
func (b *Workspaces) OpenDataFolder() {
	runtime.BrowserOpenURL(b.ctx, "file://"+b.d.Workspaces.DataDir())
}

// SetOffline switches "work offline" on or off.
func (b *Workspaces) SetOffline(off bool) { b.d.Core.SetOffline(off) }

// OpenDemo fills the demo workspace with its made-up figures the first time it opens (never
// twice, never after the person cleared them) and says what is there.
func (b *Workspaces) OpenDemo() (desk.DemoData, error) { return b.d.OpenDemo(b.ctx) }

// LoadDemo fills the demo workspace with its made-up figures again (nothing when they are there).
func (b *Workspaces) LoadDemo() (desk.DemoData, error) { return b.d.LoadDemo(b.ctx) }

// ClearDemo removes everything the demo workspace holds; its settings stay.
func (b *Workspaces) ClearDemo() (desk.DemoData, error) { return b.d.ClearDemo(b.ctx) }
