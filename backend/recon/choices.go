package recon

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/store"
)

// RunsOf lists a workspace's runs of one kind (AgainstGSTR2A, AgainstGSTR2B; "" for all), the
// newest first.
func RunsOf(ctx context.Context, db *sql.DB, workspaceID, against string) ([]Run, error) {
	q := `SELECT ` + runCols + ` FROM recon_runs WHERE workspace_id = ?`
	args := []any{workspaceID}
	if against != "" {
		q, args = q+` AND against = ?`, append(args, against)
	}
	rows, err := db.QueryContext(ctx, q+` ORDER BY created_at DESC, id`, args...)
	if err != nil {
		return nil, fmt.Errorf("recon: list runs: %w", err)
	}
	defer rows.Close()
	out := []Run{}
	for rows.Next() {
		r, err := scanRun(rows)
		if err != nil {
			return nil, fmt.Errorf("recon: list runs: %w", err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// LatestRun returns the newest run of a workspace, range of periods and kind, and false when
// there is none.
func LatestRun(ctx context.Context, db *sql.DB, workspaceID, from, to, against string) (Run, bool, error) {
	r, err := scanRun(db.QueryRowContext(ctx, `SELECT `+runCols+` FROM recon_runs WHERE workspace_id = ? AND from_period = ? AND to_period = ? AND against = ?
		ORDER BY created_at DESC, id DESC LIMIT 1`, workspaceID, from, to, against))
	if errors.Is(err, sql.ErrNoRows) {
		return Run{}, false, nil
	}
	if err != nil {
		return Run{}, false, fmt.Errorf("recon: latest run: %w", err)
	}
	return r, true, nil
}

// EachRunRow calls fn with the stored data of each row of a run, in result order: the Row, or
// what the run's kind stored for it (SaveRunWith).
func EachRunRow(ctx context.Context, db *sql.DB, runID string, fn func(data []byte) error) error {
	rows, err := db.QueryContext(ctx, `SELECT data FROM recon_rows WHERE run_id = ? ORDER BY seq`, runID)
	if err != nil {
		return fmt.Errorf("recon: run rows: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var stored []byte
		if err := rows.Scan(&stored); err != nil {
			return fmt.Errorf("recon: run rows: %w", err)
		}
		data, err := UnpackRow(stored)
		if err != nil {
			return err
		}
		if err := fn(data); err != nil {
			return err
		}
	}
	return rows.Err()
}

// RunRow returns the stored data of the row with this key in a run.
func RunRow(ctx context.Context, db *sql.DB, runID, rowKey string) ([]byte, error) {
	var stored []byte
	err := db.QueryRowContext(ctx, `SELECT data FROM recon_rows WHERE run_id = ? AND row_key = ?`, runID, rowKey).Scan(&stored)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.New(apperr.NotFound, "The run %s has no row %q; open the run again.", runID, rowKey)
	}
	if err != nil {
		return nil, fmt.Errorf("recon: run row: %w", err)
	}
	return UnpackRow(stored)
}

// SetChoices records one choice on rows of a run (choice "" removes theirs), each with the row's
// fingerprint now, all or none, stamped at.
func SetChoices(ctx context.Context, db *sql.DB, at time.Time, runID string, rowKeys []string, choice string) error {
	fps := make([]string, len(rowKeys))
	for i, k := range rowKeys {
		data, err := RunRow(ctx, db, runID, k)
		if err != nil {
			return err
		}
		var r Row
		if err := json.Unmarshal(data, &r); err != nil {
			return fmt.Errorf("recon: run row: %w", err)
		}
		fps[i] = r.Fingerprint()
	}
	return SetChoicesRead(ctx, db, at, runID, rowKeys, fps, choice)
}

// SetChoicesRead is SetChoices of rows the caller has read already: fingerprints[i] is the
// Fingerprint of the row rowKeys[i] as stored, so no row is read again.
func SetChoicesRead(ctx context.Context, db *sql.DB, at time.Time, runID string, rowKeys, fingerprints []string, choice string) error {
	now, err := store.Stamp("recon: set choice", at)
	if err != nil {
		return err
	}
	if len(fingerprints) != len(rowKeys) {
		return fmt.Errorf("recon: set choice: %d fingerprints for %d rows", len(fingerprints), len(rowKeys))
	}
	fps := fingerprints
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("recon: set choice: %w", err)
	}
	defer tx.Rollback()
	for i, k := range rowKeys {
		if choice == "" {
			if _, err := tx.ExecContext(ctx, `DELETE FROM recon_row_choices WHERE run_id = ? AND row_key = ?`, runID, k); err != nil {
				return fmt.Errorf("recon: clear choice: %w", err)
			}
			continue
		}
		if err := putChoice(func(q string, args ...any) (int64, error) {
			_, err := tx.ExecContext(ctx, q, args...)
			return 0, err
		}, runID, RowChoice{RowKey: k, Choice: choice, Fingerprint: fps[i], UpdatedAt: now}, now); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// putChoice stores one choice with exec, a transaction's (sql.Tx or store.BulkTx) Exec; a choice
// without its time (UpdatedAt) is stamped now (a time as store.Stamp writes it).
func putChoice(exec func(query string, args ...any) (int64, error), runID string, c RowChoice, now string) error {
	if c.UpdatedAt == "" {
		c.UpdatedAt = now
	}
	_, err := exec(`INSERT INTO recon_row_choices(run_id, row_key, choice, fingerprint, updated_at) VALUES (?,?,?,?,?)
		ON CONFLICT(run_id, row_key) DO UPDATE SET choice = excluded.choice, fingerprint = excluded.fingerprint, updated_at = excluded.updated_at`,
		runID, c.RowKey, c.Choice, c.Fingerprint, c.UpdatedAt)
	if err != nil {
		if isCheck(err) {
			return apperr.New(apperr.Invalid, "%q is not a choice a row can hold.", c.Choice)
		}
		return fmt.Errorf("recon: set choice: %w", err)
	}
	return nil
}

func isCheck(err error) bool {
	var ae interface{ Code() int }
	if errors.As(err, &ae) {
		return ae.Code() == 275 // SQLITE_CONSTRAINT_CHECK
	}
	return false
}

// Choices returns the choices made on a run's rows, by row key.
func Choices(ctx context.Context, db *sql.DB, runID string) (map[string]RowChoice, error) {
	rows, err := db.QueryContext(ctx, `SELECT row_key, choice, fingerprint, updated_at FROM recon_row_choices WHERE run_id = ?`, runID)
	if err != nil {
		return nil, fmt.Errorf("recon: choices: %w", err)
	}
	defer rows.Close()
	out := map[string]RowChoice{}
	for rows.Next() {
		var c RowChoice
		if err := rows.Scan(&c.RowKey, &c.Choice, &c.Fingerprint, &c.UpdatedAt); err != nil {
			return nil, fmt.Errorf("recon: choices: %w", err)
		}
		out[c.RowKey] = c
	}
	return out, rows.Err()
}
