package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"gstdesk/backend/apperr"
)

// Environments a workspace can talk to.
const (
	EnvProduction = "production"
	EnvTest       = "test"
	EnvDemo       = "demo"
)

// Workspace is one client of the accountant: a GSTIN and everything gstdesk keeps for it.
type Workspace struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	GSTIN       string `json:"gstin"`
	Environment string `json:"environment"`
	BaseURL     string `json:"base_url"`
	CreatedAt   string `json:"created_at"`
	LastUsedAt  string `json:"last_used_at"`
}

const wsCols = `id, name, gstin, environment, base_url, created_at, last_used_at`

func scanWorkspace(row interface{ Scan(...any) error }) (Workspace, error) {
	var w Workspace
	err := row.Scan(&w.ID, &w.Name, &w.GSTIN, &w.Environment, &w.BaseURL, &w.CreatedAt, &w.LastUsedAt)
	return w, err
}

// Workspaces lists every workspace, the most recently used first.
func (db *DB) Workspaces(ctx context.Context) ([]Workspace, error) {
	rows, err := db.QueryContext(ctx, `SELECT `+wsCols+` FROM workspaces ORDER BY last_used_at DESC, name`)
	if err != nil {
		return nil, fmt.Errorf("store: list workspaces: %w", err)
	}
	defer rows.Close()
	var out []Workspace
	for rows.Next() {
		w, err := scanWorkspace(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, w)
	}
	return out, rows.Err()
}

// Workspace returns one workspace by id.
func (db *DB) Workspace(ctx context.Context, id string) (Workspace, error) {
	w, err := scanWorkspace(db.QueryRowContext(ctx, `SELECT `+wsCols+` FROM workspaces WHERE id = ?`, id))
	if err == sql.ErrNoRows {
		return w, apperr.New(apperr.NotFound, "There is no workspace %q.", id)
	}
	return w, err
}

// ValidateWorkspace checks the fields a person typed.
func ValidateWorkspace(w Workspace) error {
	if strings.TrimSpace(w.Name) == "" {
		return apperr.New(apperr.Invalid, "Give the workspace a name (usually the client's name).")
	}
	if len(w.Name) > 200 {
		return apperr.New(apperr.Invalid, "The workspace name is longer than 200 characters.")
	}
	switch w.Environment {
	case EnvProduction, EnvTest, EnvDemo:
	default:
		return apperr.New(apperr.Invalid, "Environment must be production, test or demo, not %q.", w.Environment)
	}
	return nil
}

// CreateWorkspace adds a workspace and makes it the current one.
func (db *DB) CreateWorkspace(ctx context.Context, w Workspace) (Workspace, error) {
	w.Name = strings.TrimSpace(w.Name)
	w.GSTIN = strings.ToUpper(strings.TrimSpace(w.GSTIN))
	if w.Environment == "" {
		w.Environment = EnvDemo
	}
	if err := ValidateWorkspace(w); err != nil {
		return w, err
	}
	w.ID = uuid.NewString()
	t := Now()
	_, err := db.ExecContext(ctx, `INSERT INTO workspaces(`+wsCols+`) VALUES (?,?,?,?,?,?,?)`,
		w.ID, w.Name, w.GSTIN, w.Environment, w.BaseURL, t, t)
	if err != nil {
		return w, fmt.Errorf("store: create workspace: %w", err)
	}
	return db.Workspace(ctx, w.ID)
}

// UpdateWorkspace saves a workspace's name, GSTIN, environment and base URL.
func (db *DB) UpdateWorkspace(ctx context.Context, w Workspace) (Workspace, error) {
	w.Name = strings.TrimSpace(w.Name)
	w.GSTIN = strings.ToUpper(strings.TrimSpace(w.GSTIN))
	if err := ValidateWorkspace(w); err != nil {
		return w, err
	}
	res, err := db.ExecContext(ctx, `UPDATE workspaces SET name=?, gstin=?, environment=?, base_url=? WHERE id=?`,
		w.Name, w.GSTIN, w.Environment, w.BaseURL, w.ID)
	if err != nil {
		return w, fmt.Errorf("store: update workspace: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return w, apperr.New(apperr.NotFound, "There is no workspace %q.", w.ID)
	}
	return db.Workspace(ctx, w.ID)
}

// UseWorkspace marks a workspace as the last used one and returns it.
func (db *DB) UseWorkspace(ctx context.Context, id string) (Workspace, error) {
	res, err := db.ExecContext(ctx, `UPDATE workspaces SET last_used_at=? WHERE id=?`, Now(), id)
	if err != nil {
		return Workspace{}, fmt.Errorf("store: use workspace: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return Workspace{}, apperr.New(apperr.NotFound, "There is no workspace %q.", id)
	}
	return db.Workspace(ctx, id)
}

// DemoWorkspaceName is the name of the workspace created on first start.
const DemoWorkspaceName = "Demo workspace"

// CurrentWorkspace returns the last used workspace, creating the demo workspace on first start.
func (db *DB) CurrentWorkspace(ctx context.Context) (Workspace, error) {
	w, err := scanWorkspace(db.QueryRowContext(ctx, `SELECT `+wsCols+` FROM workspaces ORDER BY last_used_at DESC LIMIT 1`))
	if err == sql.ErrNoRows {
		return db.CreateWorkspace(ctx, Workspace{Name: DemoWorkspaceName, GSTIN: "27AAPFU0939F1ZV", Environment: EnvDemo})
	}
	return w, err
}

// Setting returns a setting of a workspace ("" for app-wide), or def when unset.
func (db *DB) Setting(ctx context.Context, workspaceID, key, def string) (string, error) {
	var v string
	err := db.QueryRowContext(ctx, `SELECT value FROM settings WHERE workspace_id=? AND key=?`, workspaceID, key).Scan(&v)
	if err == sql.ErrNoRows {
		return def, nil
	}
	if err != nil {
		return def, fmt.Errorf("store: read setting %s: %w", key, err)
	}
	return v, nil
}

// SetSetting stores a setting of a workspace ("" for app-wide). Never pass a secret here.
func (db *DB) SetSetting(ctx context.Context, workspaceID, key, value string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO settings(workspace_id, key, value) VALUES (?,?,?)
		ON CONFLICT(workspace_id, key) DO UPDATE SET value=excluded.value`, workspaceID, key, value)
	if err != nil {
		return fmt.Errorf("store: save setting %s: %w", key, err)
	}
	return nil
}
