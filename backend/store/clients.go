package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/google/uuid"
)

// SeparateClients moves taxpayer data stored under a workspace whose GSTIN is not the data's
// (GSTR-2A pulls made with another --gstin before one workspace meant one client) to a workspace
// of that GSTIN in the same environment, creating it when there is none. A workspace with no GSTIN
// whose pulls are all of one GSTIN takes that GSTIN instead. Nothing is deleted. It returns one
// sentence per move, for the log and the person; none when every pull is where it belongs, which
// is checked with one read and no write lock.
func (db *DB) SeparateClients(ctx context.Context) ([]string, error) {
	type stray struct {
		ws    Workspace
		gstin string
		pulls int
	}
	rows, err := db.QueryContext(ctx, `SELECT `+prefixed("w.", wsCols)+`, s.gstin, count(*)
		FROM gstr2a_snapshots s JOIN workspaces w ON w.id = s.workspace_id
		WHERE s.gstin <> w.gstin GROUP BY s.workspace_id, s.gstin ORDER BY w.name, s.gstin`)
	if err != nil {
		return nil, fmt.Errorf("store: check client data: %w", err)
	}
	var strays []stray
	for rows.Next() {
		var st stray
		w := &st.ws
		if err := rows.Scan(&w.ID, &w.Name, &w.GSTIN, &w.Environment, &w.BaseURL, &w.CreatedAt, &w.LastUsedAt, &st.gstin, &st.pulls); err != nil {
			rows.Close()
			return nil, fmt.Errorf("store: check client data: %w", err)
		}
		strays = append(strays, st)
	}
	rows.Close()
	if err := rows.Err(); err != nil || len(strays) == 0 {
		return nil, err
	}
	// A workspace without a GSTIN whose pulls are all of one GSTIN is that client's workspace.
	perWS := map[string]int{}
	for _, st := range strays {
		perWS[st.ws.ID]++
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("store: separate clients: %w", err)
	}
	defer tx.Rollback()
	var said []string
	for _, st := range strays {
		taken, err := gstinTaken(ctx, tx, st.gstin, st.ws.Environment)
		if err != nil {
			return nil, err
		}
		if st.ws.GSTIN == "" && perWS[st.ws.ID] == 1 && !taken {
			if _, err := tx.ExecContext(ctx, `UPDATE workspaces SET gstin = ? WHERE id = ?`, st.gstin, st.ws.ID); err != nil {
				return nil, fmt.Errorf("store: separate clients: %w", err)
			}
			said = append(said, fmt.Sprintf("Workspace %q had no GSTIN and holds %d GSTR-2A pull(s) of %s: it is now that client's workspace.", st.ws.Name, st.pulls, st.gstin))
			continue
		}
		var target Workspace
		err = tx.QueryRowContext(ctx, `SELECT id, name FROM workspaces WHERE gstin = ? AND environment = ? ORDER BY created_at LIMIT 1`,
			st.gstin, st.ws.Environment).Scan(&target.ID, &target.Name)
		created := ""
		if err == sql.ErrNoRows {
			name, err := freeName(ctx, tx, st.gstin)
			if err != nil {
				return nil, err
			}
			target = Workspace{ID: uuid.NewString(), Name: name, GSTIN: st.gstin, Environment: st.ws.Environment, BaseURL: st.ws.BaseURL}
			t := now()
			if _, err := tx.ExecContext(ctx, `INSERT INTO workspaces(`+wsCols+`) VALUES (?,?,?,?,?,?,?)`,
				target.ID, target.Name, target.GSTIN, target.Environment, target.BaseURL, t, st.ws.LastUsedAt); err != nil {
				return nil, fmt.Errorf("store: separate clients: %w", err)
			}
			created = " (created for it)"
		} else if err != nil {
			return nil, fmt.Errorf("store: separate clients: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE gstr2a_snapshots SET workspace_id = ? WHERE workspace_id = ? AND gstin = ?`,
			target.ID, st.ws.ID, st.gstin); err != nil {
			return nil, fmt.Errorf("store: separate clients: %w", err)
		}
		said = append(said, fmt.Sprintf("Moved %d GSTR-2A pull(s) of %s from workspace %q to workspace %q%s: one workspace holds one client.",
			st.pulls, st.gstin, st.ws.Name, target.Name, created))
	}
	if err := tx.Commit(); err != nil {
		return nil, fmt.Errorf("store: separate clients: %w", err)
	}
	return said, nil
}

func gstinTaken(ctx context.Context, tx *sql.Tx, gstin, env string) (bool, error) {
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM workspaces WHERE gstin = ? AND environment = ?`, gstin, env).Scan(&n); err != nil {
		return false, fmt.Errorf("store: separate clients: %w", err)
	}
	return n > 0, nil
}

// freeName is the GSTIN, or the GSTIN with a number when a workspace already has that name.
func freeName(ctx context.Context, tx *sql.Tx, base string) (string, error) {
	name := base
	for i := 2; ; i++ {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM workspaces WHERE lower(name) = lower(?)`, name).Scan(&n); err != nil {
			return "", fmt.Errorf("store: separate clients: %w", err)
		}
		if n == 0 {
			return name, nil
		}
		name = fmt.Sprintf("%s (%d)", base, i)
	}
}

func prefixed(p, cols string) string {
	parts := strings.Split(cols, ",")
	for i, c := range parts {
		parts[i] = p + strings.TrimSpace(c)
	}
	return strings.Join(parts, ", ")
}
