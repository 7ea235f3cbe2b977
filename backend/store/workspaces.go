package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/google/uuid"

	"gstdesk/backend/apperr"
	"gstdesk/backend/gstin"
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
	for _, r := range w.Name {
		// Control characters (a tab, a line break) and the marks that turn text around or hide
		// in it (right-to-left, zero-width) make one name look like another in every list.
		// Zero-width joiners (U+200C, U+200D) are kept: Indian scripts spell with them.
		if unicode.IsControl(r) || (unicode.Is(unicode.Cf, r) && r != '\u200c' && r != '\u200d') || r == utf8.RuneError {
			return apperr.New(apperr.Invalid, "The workspace name holds a character that is not shown (%U): type the name with letters, digits, spaces and punctuation only.", r)
		}
	}
	switch w.Environment {
	case EnvProduction, EnvTest, EnvDemo:
	default:
		return apperr.New(apperr.Invalid, "Environment must be production, test or demo, not %q.", w.Environment)
	}
	if w.GSTIN != "" {
		if _, err := gstin.Parse(w.GSTIN); err != nil {
			return gstin.ToAPIError(err)
		}
	} else if w.Environment != EnvDemo {
		return apperr.New(apperr.Invalid, "A %s workspace is one client's: give the client's GSTIN.", w.Environment)
	}
	return nil
}

// checkUnique refuses a second workspace with the same name, or with the same GSTIN and
// environment (one client, one workspace per environment).
func (db *DB) checkUnique(ctx context.Context, w Workspace) error {
	var other string
	err := db.QueryRowContext(ctx, `SELECT name FROM workspaces WHERE id <> ? AND lower(name) = lower(?)`, w.ID, w.Name).Scan(&other)
	if err == nil {
		return apperr.New(apperr.Conflict, "There is already a workspace named %q. Choose another name.", other)
	}
	if err != sql.ErrNoRows {
		return fmt.Errorf("store: check workspace: %w", err)
	}
	if w.GSTIN == "" {
		return nil
	}
	err = db.QueryRowContext(ctx, `SELECT name FROM workspaces WHERE id <> ? AND gstin = ? AND environment = ?`, w.ID, w.GSTIN, w.Environment).Scan(&other)
	if err == nil {
		return apperr.New(apperr.Conflict, "The workspace %q already holds %s in the %s environment: use it instead of a second one.", other, w.GSTIN, w.Environment)
	}
	if err != sql.ErrNoRows {
		return fmt.Errorf("store: check workspace: %w", err)
	}
	return nil
}

// FindWorkspace returns the workspace named ref (case-insensitive) or with id ref. An unknown ref
// is a NotFound error that lists the workspaces there are.
func (db *DB) FindWorkspace(ctx context.Context, ref string) (Workspace, error) {
	ref = strings.TrimSpace(ref)
	w, err := scanWorkspace(db.QueryRowContext(ctx, `SELECT `+wsCols+` FROM workspaces WHERE id = ? OR lower(name) = lower(?) ORDER BY id = ? DESC LIMIT 1`, ref, ref, ref))
	if err == nil {
		return w, nil
	}
	if err != sql.ErrNoRows {
		return w, fmt.Errorf("store: find workspace: %w", err)
	}
	all, lerr := db.Workspaces(ctx)
	if lerr != nil {
		return w, lerr
	}
	names := make([]string, len(all))
	for i, x := range all {
		names[i] = fmt.Sprintf("%q", x.Name)
	}
	return w, apperr.New(apperr.NotFound, "There is no workspace %q. The workspaces are: %s.", ref, strings.Join(names, ", "))
}

// bulkChildren are the tables whose rows belong to a snapshot by its sid without a foreign key
// (bulk rows, for ingest speed): a workspace's rows there go before its snapshots.
var bulkChildren = [][2]string{
	{"gstr2a_invoices", "gstr2a_snapshots"},
	{"gstr2b_documents", "gstr2b_snapshots"},
}

// keptOnRemove are the tables a removed workspace leaves: the audit log is the record of every
// paid call made, and the day's call count must not drop when a client goes.
var keptOnRemove = []string{"audit_log"}

// DeleteWorkspace removes a workspace and everything it holds, in one transaction: the bulk
// rows of its snapshots, then every row of every table with a workspace_id column (their foreign
// key children follow by ON DELETE CASCADE) except the audit log, then the workspace. A table
// added later is covered without a change here; a failure leaves the workspace whole.
func (db *DB) DeleteWorkspace(ctx context.Context, id string) error {
	return db.deleteHeld(ctx, id, false)
}

// Holdings is what a workspace holds, by kind.
type Holdings struct {
	GSTR2APulls   int `json:"gstr2a_pulls"`
	GSTR2BPulls   int `json:"gstr2b_pulls"`
	IMSDocuments  int `json:"ims_documents"`
	ReconRuns     int `json:"recon_runs"`
	PayrollRuns   int `json:"payroll_runs"`
	TDSYearMonths int `json:"tds_year_months"`
	Decisions     int `json:"decisions"`
	StoredValues  int `json:"settings"`
}

// Holdings counts what a workspace holds (the tables are the store's to know; the area services
// ask here instead of counting other packages' tables themselves).
func (db *DB) Holdings(ctx context.Context, id string) (Holdings, error) {
	var u Holdings
	err := db.QueryRowContext(ctx, `SELECT
		(SELECT count(*) FROM gstr2a_snapshots WHERE workspace_id = ?1),
		(SELECT count(*) FROM gstr2b_snapshots WHERE workspace_id = ?1),
		(SELECT count(*) FROM ims_documents WHERE workspace_id = ?1),
		(SELECT count(*) FROM recon_runs WHERE workspace_id = ?1),
		(SELECT count(*) FROM payroll_runs WHERE workspace_id = ?1),
		(SELECT count(*) FROM tds_months WHERE workspace_id = ?1),
		(SELECT count(*) FROM recon_actions WHERE workspace_id = ?1) + (SELECT count(*) FROM recon_links WHERE workspace_id = ?1),
		(SELECT count(*) FROM settings WHERE workspace_id = ?1)`, id).
		Scan(&u.GSTR2APulls, &u.GSTR2BPulls, &u.IMSDocuments, &u.ReconRuns, &u.PayrollRuns, &u.TDSYearMonths, &u.Decisions, &u.StoredValues)
	return u, err
}

// ClearWorkspace removes everything a workspace holds, as DeleteWorkspace does, but keeps the
// workspace itself and its settings (the demo's "Clear the demo data"), in one transaction.
func (db *DB) ClearWorkspace(ctx context.Context, id string) error {
	return db.deleteHeld(ctx, id, true)
}

// deleteHeld deletes a workspace's rows (not the audit log); keep keeps the workspace and its
// settings.
func (db *DB) deleteHeld(ctx context.Context, id string, keep bool) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: delete workspace: %w", err)
	}
	defer tx.Rollback()
	tables, err := workspaceTables(ctx, tx)
	if err != nil {
		return err
	}
	var qs []string
	for _, bc := range bulkChildren {
		if slices.Contains(tables, bc[1]) {
			qs = append(qs, `DELETE FROM `+bc[0]+` WHERE sid IN (SELECT sid FROM `+bc[1]+` WHERE workspace_id = ?)`)
		}
	}
	for _, t := range tables {
		if slices.Contains(keptOnRemove, t) || keep && t == "settings" {
			continue
		}
		qs = append(qs, `DELETE FROM `+t+` WHERE workspace_id = ?`)
	}
	if !keep {
		qs = append(qs, `DELETE FROM workspaces WHERE id = ?`)
	}
	for _, q := range qs {
		if _, err := tx.ExecContext(ctx, q, id); err != nil {
			return fmt.Errorf("store: delete workspace: %w", err)
		}
	}
	return tx.Commit()
}

// workspaceTables lists the tables that have a workspace_id column, in name order.
func workspaceTables(ctx context.Context, q interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}) ([]string, error) {
	rows, err := q.QueryContext(ctx, `SELECT m.name FROM sqlite_schema m, pragma_table_info(m.name) c
		WHERE m.type = 'table' AND c.name = 'workspace_id' ORDER BY m.name`)
	if err != nil {
		return nil, fmt.Errorf("store: tables of a workspace: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, fmt.Errorf("store: tables of a workspace: %w", err)
		}
		out = append(out, n)
	}
	return out, rows.Err()
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
	if err := db.checkUnique(ctx, w); err != nil {
		return w, err
	}
	t := now()
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
	if err := db.checkUnique(ctx, w); err != nil {
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

// UseWorkspace marks a workspace as the last used one (on a writable database) and returns it.
func (db *DB) UseWorkspace(ctx context.Context, id string) (Workspace, error) {
	if db.ReadOnly() != nil {
		// A read-only desk opens another workspace without recording it: it writes nothing.
		return db.Workspace(ctx, id)
	}
	res, err := db.ExecContext(ctx, `UPDATE workspaces SET last_used_at=? WHERE id=?`, now(), id)
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
