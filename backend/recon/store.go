package recon

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"

	"gstdesk/backend/apperr"
	"gstdesk/backend/store"
)

// Run is a saved reconciliation: its periods, settings, register file and row counts.
type Run struct {
	ID             string         `json:"id"`
	WorkspaceID    string         `json:"workspace_id"`
	FromPeriod     string         `json:"from_period"` // YYYY-MM
	ToPeriod       string         `json:"to_period"`   // YYYY-MM
	Options        Options        `json:"options"`
	RegisterName   string         `json:"register_name"`
	RegisterSHA256 string         `json:"register_sha256"`
	Counts         map[Status]int `json:"counts"`
	CreatedAt      string         `json:"created_at"`
	// Pinned keeps the run however many newer runs of its periods are saved (see KeepRuns).
	Pinned bool `json:"pinned"`
	// Against is what the books were reconciled with: AgainstGSTR2A ("2a", the two-way run) or
	// AgainstGSTR2B ("2b", the three-way run with IMS). "" when saving means 2a.
	Against string `json:"against"`
	// Detail is what the run's kind adds, as JSON its maker reads ("{}" for none).
	Detail string `json:"-"`
}

// What a run reconciles the books with (Run.Against).
const (
	AgainstGSTR2A = "2a"
	AgainstGSTR2B = "2b"
)

// RowChoice is a person's choice on one row of one run (the IMS action of a three-way run), with
// the fingerprint of the row when chosen.
type RowChoice struct {
	RowKey      string `json:"row_key"`
	Choice      string `json:"choice"`
	Fingerprint string `json:"fingerprint"`
	UpdatedAt   string `json:"updated_at"`
}

// KeepRuns is how many runs of one workspace and range of periods are kept: saving a run removes
// the older ones beyond it that are not pinned (each run stores every row: a 190k-row register
// is hundreds of MB), and the space goes back to the disk (store.ReclaimSpace).
const KeepRuns = 5

var periodRE = regexp.MustCompile(`^\d{4}-(0[1-9]|1[0-2])$`)

// SaveRun stores a run and its rows (in one transaction) and returns the run with its id, time
// (at, the caller's clock: required) and counts filled in. In the same transaction it removes the runs of the same workspace, periods and
// kind (Against) beyond the newest KeepRuns that are not pinned, then gives their space back to
// the disk.
func SaveRun(ctx context.Context, db *sql.DB, at time.Time, run Run, res Result) (Run, error) {
	return SaveRunWith(ctx, db, at, run, res, nil, nil)
}

// SaveRunWith is SaveRun storing data(i) as row i's data instead of the row itself (a run's kind
// may store more per row: the three-way row embeds Row, so RunRows reads it as any other run's),
// and the choices given (taken over from an earlier run) with the run, all in one transaction.
// data is called on another goroutine, in order, each i once, never after SaveRunWith returns;
// a value that is a JSONAppender is written with its AppendJSON, others with encoding/json.
func SaveRunWith(ctx context.Context, db *sql.DB, at time.Time, run Run, res Result, data func(i int) any, choices []RowChoice) (Run, error) {
	created, err := store.Stamp("recon: save run", at)
	if err != nil {
		return run, err
	}
	if !periodRE.MatchString(run.FromPeriod) || !periodRE.MatchString(run.ToPeriod) || run.ToPeriod < run.FromPeriod {
		return run, apperr.New(apperr.Invalid, "The periods %q to %q are not a range of months (YYYY-MM).", run.FromPeriod, run.ToPeriod)
	}
	switch run.Against {
	case "":
		run.Against = AgainstGSTR2A
	case AgainstGSTR2A, AgainstGSTR2B:
	default:
		return run, apperr.New(apperr.Invalid, "A run is against 2a or 2b, not %q.", run.Against)
	}
	if run.Detail == "" {
		run.Detail = "{}"
	}
	run.ID = uuid.NewString()
	run.CreatedAt = created
	run.Options = res.Options
	run.Counts = map[Status]int{}
	for _, r := range res.Rows {
		run.Counts[r.Status]++
	}
	opts, _ := json.Marshal(run.Options)
	counts, _ := json.Marshal(run.Counts)
	var pruned int64
	// The rows go straight through the driver's connection, 64 to an INSERT (store.BulkTx):
	// database/sql's conversions and locks per row cost more than SQLite's work for them.
	err = store.WithBulkTx(ctx, db, func(tx *store.BulkTx) error {
		// A 100,000-row run dirties ~200 MB of pages: keep them in memory rather than spilling them
		// to the WAL and reading them back mid-transaction (as gstr2a's ingest does).
		if err := tx.BigCache(); err != nil {
			return fmt.Errorf("recon: save run: %w", err)
		}
		if _, err := tx.Exec(`INSERT INTO recon_runs(id, workspace_id, from_period, to_period, options, register_name, register_sha256, counts, created_at, against, detail)
		VALUES (?,?,?,?,?,?,?,?,?,?,?)`, run.ID, run.WorkspaceID, run.FromPeriod, run.ToPeriod, string(opts), run.RegisterName, run.RegisterSHA256, string(counts), run.CreatedAt,
			run.Against, run.Detail); err != nil {
			if isForeignKey(err) {
				return apperr.New(apperr.NotFound, "There is no workspace %q.", run.WorkspaceID)
			}
			return fmt.Errorf("recon: save run: %w", err)
		}
		ins, err := tx.Insert(`INSERT INTO recon_rows(run_id, seq, row_key, period, status, supplier_gstin, data)`, rowCols, rowBatch)
		if err != nil {
			return fmt.Errorf("recon: save run rows: %w", err)
		}
		defer ins.Close()
		rows, stop := encodeRows(run.ID, res.Rows, data)
		defer stop()
		for b := range rows {
			if b.err != nil {
				return b.err
			}
			if ctx.Err() != nil {
				return ctx.Err()
			}
			for j := 0; j < len(b.vals); j += rowCols {
				if err := ins.Add(b.vals[j : j+rowCols]...); err != nil {
					return fmt.Errorf("recon: save run row %d: %w", b.first+j/rowCols, err)
				}
			}
		}
		if err := ins.Flush(); err != nil {
			return fmt.Errorf("recon: save run rows: %w", err)
		}
		for _, c := range choices {
			if err := putChoice(tx.Exec, run.ID, c, created); err != nil {
				return err
			}
		}
		pruned, err = pruneRuns(tx, run.WorkspaceID, run.FromPeriod, run.ToPeriod, run.Against)
		return err
	})
	if err != nil {
		return run, err
	}
	if pruned > 0 {
		// The run is saved; giving the removed runs' space back is a clean-up a busy folder may
		// postpone to the next save (the free pages are reused meanwhile).
		store.ReclaimSpace(ctx, db)
	}
	return run, nil
}

// rowCols is how many values a row of recon_rows has; rowBatch how many rows go to an INSERT.
const (
	rowCols  = 7
	rowBatch = 64
)

// encodedRows are the values of rowBatch rows of a run (rowCols each), from row first on, or the
// error that stopped their writing.
type encodedRows struct {
	first int
	vals  []any
	err   error
}

// encodeRows writes the stored values of rows (the row's data: data(i) when data is not nil, as
// appendRowData writes it) on their own goroutine, rowBatch rows at a time, while the caller
// inserts the batches before: the JSON of 100,000 rows then takes no time of its own. stop ends
// the writing early and returns once the goroutine is done (data is no longer called).
func encodeRows(runID string, rows []Row, data func(i int) any) (<-chan encodedRows, func()) {
	out := make(chan encodedRows, 8)
	quit := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer close(out)
		var id any = runID // boxed once
		var buf, scratch []byte
		for first := 0; first < len(rows); first += rowBatch {
			b := encodedRows{first: first, vals: make([]any, 0, min(rowBatch, len(rows)-first)*rowCols)}
			for i := first; i < first+rowBatch && i < len(rows); i++ {
				r := &rows[i]
				var v any = r
				if data != nil {
					v = data(i)
				}
				var err error
				if buf, err = appendRowData(buf[:0], v); err != nil {
					b.err = fmt.Errorf("recon: save run row %d: %w", i, err)
					break
				}
				var packed []byte
				packed, scratch = packRow(nil, scratch, buf)
				b.vals = append(b.vals, id, int64(i), r.Key, r.Period, string(r.Status), rowGSTIN(r), packed)
			}
			select {
			case out <- b:
			case <-quit:
				return
			}
			if b.err != nil {
				return
			}
		}
	}()
	var once sync.Once
	return out, func() {
		once.Do(func() { close(quit) })
		<-done
	}
}

// appendRowData appends a row's stored data: v as json.Marshal writes it, without reflection for
// a *Row or a JSONAppender.
func appendRowData(dst []byte, v any) ([]byte, error) {
	switch v := v.(type) {
	case *Row:
		return AppendRowJSON(dst, v), nil
	case JSONAppender:
		return v.AppendJSON(dst), nil
	}
	b, err := json.Marshal(v)
	return append(dst, b...), err
}

// pruneRuns removes the runs of a workspace, range of periods and kind beyond the newest KeepRuns,
// except pinned ones, and says how many; their rows and choices go with them (ON DELETE CASCADE).
func pruneRuns(tx *store.BulkTx, workspaceID, from, to, against string) (int64, error) {
	_, err := tx.Exec(`DELETE FROM recon_runs WHERE workspace_id = ?1 AND from_period = ?2 AND to_period = ?3 AND against = ?5 AND pinned = 0
		AND id NOT IN (SELECT id FROM recon_runs WHERE workspace_id = ?1 AND from_period = ?2 AND to_period = ?3 AND against = ?5 ORDER BY created_at DESC, id DESC LIMIT ?4)`,
		workspaceID, from, to, KeepRuns, against)
	if err != nil {
		return 0, fmt.Errorf("recon: remove old runs: %w", err)
	}
	n, err := tx.QueryInt64(`SELECT changes()`)
	if err != nil {
		return 0, fmt.Errorf("recon: remove old runs: %w", err)
	}
	return n, nil
}

// PinRun pins a run (kept however many newer runs are saved) or unpins it (it goes when KeepRuns
// newer runs of its periods exist, at the next save).
func PinRun(ctx context.Context, db *sql.DB, runID string, pinned bool) error {
	res, err := db.ExecContext(ctx, `UPDATE recon_runs SET pinned = ? WHERE id = ?`, pinned, runID)
	if err != nil {
		return fmt.Errorf("recon: pin run: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return apperr.New(apperr.NotFound, "There is no reconciliation run %q.", runID)
	}
	return nil
}

func isForeignKey(err error) bool {
	return err != nil && strings.Contains(strings.ToLower(err.Error()), "foreign key")
}

const runCols = `id, workspace_id, from_period, to_period, options, register_name, register_sha256, counts, created_at, pinned, against, detail`

func scanRun(row interface{ Scan(...any) error }) (Run, error) {
	var r Run
	var opts, counts string
	if err := row.Scan(&r.ID, &r.WorkspaceID, &r.FromPeriod, &r.ToPeriod, &opts, &r.RegisterName, &r.RegisterSHA256, &counts, &r.CreatedAt, &r.Pinned, &r.Against, &r.Detail); err != nil {
		return r, err
	}
	// A run's options are its tolerances (a re-run uses them): unreadable ones are an error, never
	// zero tolerances.
	if err := json.Unmarshal([]byte(opts), &r.Options); err != nil {
		return r, fmt.Errorf("recon: run %s: its options cannot be read: %w", r.ID, err)
	}
	if err := json.Unmarshal([]byte(counts), &r.Counts); err != nil {
		return r, fmt.Errorf("recon: run %s: its counts cannot be read: %w", r.ID, err)
	}
	return r, nil
}

// Runs lists a workspace's runs of both kinds, the newest first.
func Runs(ctx context.Context, db *sql.DB, workspaceID string) ([]Run, error) {
	return RunsOf(ctx, db, workspaceID, "")
}

// GetRun returns one run.
func GetRun(ctx context.Context, db *sql.DB, runID string) (Run, error) {
	r, err := scanRun(db.QueryRowContext(ctx, `SELECT `+runCols+` FROM recon_runs WHERE id = ?`, runID))
	if errors.Is(err, sql.ErrNoRows) {
		return r, apperr.New(apperr.NotFound, "There is no reconciliation run %q; run the reconciliation again.", runID)
	}
	if err != nil {
		return r, fmt.Errorf("recon: get run: %w", err)
	}
	return r, nil
}

// RunRows returns the rows of a run in result order, only those of one status unless status is "",
// with the workspace's current decisions laid over them (Action, and Changed when the row's data
// differs from when it was decided).
func RunRows(ctx context.Context, db *sql.DB, runID string, status Status) ([]Row, error) {
	run, err := GetRun(ctx, db, runID)
	if err != nil {
		return nil, err
	}
	acts, err := Actions(ctx, db, run.WorkspaceID)
	if err != nil {
		return nil, err
	}
	byKey := make(map[string]Action, len(acts))
	for _, a := range acts {
		byKey[a.RowKey] = a
	}
	q := `SELECT data FROM recon_rows WHERE run_id = ?`
	args := []any{runID}
	if status != "" {
		q += ` AND status = ?`
		args = append(args, string(status))
	}
	rows, err := db.QueryContext(ctx, q+` ORDER BY seq`, args...)
	if err != nil {
		return nil, fmt.Errorf("recon: run rows: %w", err)
	}
	defer rows.Close()
	out := []Row{}
	for rows.Next() {
		var stored []byte
		if err := rows.Scan(&stored); err != nil {
			return nil, fmt.Errorf("recon: run rows: %w", err)
		}
		data, err := UnpackRow(stored)
		if err != nil {
			return nil, err
		}
		var r Row
		if err := json.Unmarshal(data, &r); err != nil {
			return nil, fmt.Errorf("recon: run row: %w", err)
		}
		r.Action, r.Changed = "", false
		if a, ok := byKey[r.Key]; ok {
			r.Action = a.Kind
			r.Changed = a.Fingerprint != r.Fingerprint()
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// latestRow finds the newest saved row with this key in the workspace.
func latestRow(ctx context.Context, db *sql.DB, workspaceID, rowKey string) (Row, error) {
	var stored []byte
	err := db.QueryRowContext(ctx, `SELECT r.data FROM recon_rows r JOIN recon_runs u ON u.id = r.run_id
		WHERE u.workspace_id = ? AND r.row_key = ? ORDER BY u.created_at DESC, r.seq LIMIT 1`, workspaceID, rowKey).Scan(&stored)
	if errors.Is(err, sql.ErrNoRows) {
		return Row{}, apperr.New(apperr.NotFound, "No reconciliation row %q in this workspace; run the reconciliation again.", rowKey)
	}
	if err != nil {
		return Row{}, fmt.Errorf("recon: find row: %w", err)
	}
	data, err := UnpackRow(stored)
	if err != nil {
		return Row{}, err
	}
	var r Row
	if err := json.Unmarshal(data, &r); err != nil {
		return Row{}, fmt.Errorf("recon: find row: %w", err)
	}
	return r, nil
}

// SetAction records a decision on a row (by its key, from the newest run that has it) with the
// fingerprint of the row's data now, stamped at; action "" removes the decision.
func SetAction(ctx context.Context, db *sql.DB, at time.Time, workspaceID, rowKey string, action ActionKind) error {
	return SetActions(ctx, db, at, workspaceID, []string{rowKey}, action)
}

// SetActions records one decision on many rows at once (bulk accept, ignore...), all or none.
func SetActions(ctx context.Context, db *sql.DB, at time.Time, workspaceID string, rowKeys []string, action ActionKind) error {
	now, err := store.Stamp("recon: set action", at)
	if err != nil {
		return err
	}
	if action != "" {
		if _, err := ParseActionKind(string(action)); err != nil {
			return err
		}
	}
	fps := make([]string, len(rowKeys))
	for i, k := range rowKeys {
		r, err := latestRow(ctx, db, workspaceID, k)
		if err != nil {
			return err
		}
		fps[i] = r.Fingerprint()
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("recon: set action: %w", err)
	}
	defer tx.Rollback()
	for i, k := range rowKeys {
		if action == "" {
			_, err = tx.ExecContext(ctx, `DELETE FROM recon_actions WHERE workspace_id = ? AND row_key = ?`, workspaceID, k)
		} else {
			_, err = tx.ExecContext(ctx, `INSERT INTO recon_actions(workspace_id, row_key, action, fingerprint, updated_at) VALUES (?,?,?,?,?)
				ON CONFLICT(workspace_id, row_key) DO UPDATE SET action = excluded.action, fingerprint = excluded.fingerprint, updated_at = excluded.updated_at`,
				workspaceID, k, string(action), fps[i], now)
		}
		if err != nil {
			return fmt.Errorf("recon: set action: %w", err)
		}
	}
	return tx.Commit()
}

// Actions lists the decisions of a workspace.
func Actions(ctx context.Context, db *sql.DB, workspaceID string) ([]Action, error) {
	rows, err := db.QueryContext(ctx, `SELECT row_key, action, fingerprint, updated_at FROM recon_actions WHERE workspace_id = ? ORDER BY row_key`, workspaceID)
	if err != nil {
		return nil, fmt.Errorf("recon: actions: %w", err)
	}
	defer rows.Close()
	out := []Action{}
	for rows.Next() {
		var a Action
		var kind string
		if err := rows.Scan(&a.RowKey, &kind, &a.Fingerprint, &a.UpdatedAt); err != nil {
			return nil, fmt.Errorf("recon: actions: %w", err)
		}
		a.Kind = ActionKind(kind)
		out = append(out, a)
	}
	return out, rows.Err()
}

// Link pairs a books invoice with a 2A invoice by hand (identities as in a row key); any earlier
// link of either invoice to another, and any unlink of the two, is dropped.
func Link(ctx context.Context, db *sql.DB, at time.Time, workspaceID, booksID, gstr2aID string) error {
	now, err := store.Stamp("recon: link", at)
	if err != nil {
		return err
	}
	if booksID == "" || gstr2aID == "" {
		return apperr.New(apperr.Invalid, "Choose one row from the books and one from GSTR-2A to link.")
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("recon: link: %w", err)
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `DELETE FROM recon_links WHERE workspace_id = ? AND ((kind = 'link' AND (books_id = ? OR gstr2a_id = ?)) OR (books_id = ? AND gstr2a_id = ?))`,
		workspaceID, booksID, gstr2aID, booksID, gstr2aID); err != nil {
		return fmt.Errorf("recon: link: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO recon_links(workspace_id, books_id, gstr2a_id, kind, created_at) VALUES (?,?,?, 'link', ?)`, workspaceID, booksID, gstr2aID, now); err != nil {
		if isForeignKey(err) {
			return apperr.New(apperr.NotFound, "There is no workspace %q.", workspaceID)
		}
		return fmt.Errorf("recon: link: %w", err)
	}
	return tx.Commit()
}

// Unlink separates a pair for good: the two invoices are never paired again, by hand-made link or
// by any pass, until linked again.
func Unlink(ctx context.Context, db *sql.DB, at time.Time, workspaceID, booksID, gstr2aID string) error {
	now, err := store.Stamp("recon: unlink", at)
	if err != nil {
		return err
	}
	if booksID == "" || gstr2aID == "" {
		return apperr.New(apperr.Invalid, "Only a row with both a books and a GSTR-2A side can be unlinked.")
	}
	_, err = db.ExecContext(ctx, `INSERT INTO recon_links(workspace_id, books_id, gstr2a_id, kind, created_at) VALUES (?,?,?, 'unlink', ?)
		ON CONFLICT(workspace_id, books_id, gstr2a_id) DO UPDATE SET kind = 'unlink', created_at = excluded.created_at`, workspaceID, booksID, gstr2aID, now)
	if isForeignKey(err) {
		return apperr.New(apperr.NotFound, "There is no workspace %q.", workspaceID)
	}
	if err != nil {
		return fmt.Errorf("recon: unlink: %w", err)
	}
	return nil
}

// Links lists the manual links and unlinks of a workspace.
func Links(ctx context.Context, db *sql.DB, workspaceID string) ([]ManualLink, error) {
	rows, err := db.QueryContext(ctx, `SELECT kind, books_id, gstr2a_id FROM recon_links WHERE workspace_id = ? ORDER BY created_at, books_id, gstr2a_id`, workspaceID)
	if err != nil {
		return nil, fmt.Errorf("recon: links: %w", err)
	}
	defer rows.Close()
	out := []ManualLink{}
	for rows.Next() {
		var l ManualLink
		var kind string
		if err := rows.Scan(&kind, &l.Books, &l.GSTR2A); err != nil {
			return nil, fmt.Errorf("recon: links: %w", err)
		}
		l.Kind = LinkKind(kind)
		out = append(out, l)
	}
	return out, rows.Err()
}

// WithDecisions returns opt with the workspace's links and actions, for Match.
func WithDecisions(ctx context.Context, db *sql.DB, workspaceID string, opt Options) (Options, error) {
	links, err := Links(ctx, db, workspaceID)
	if err != nil {
		return opt, err
	}
	acts, err := Actions(ctx, db, workspaceID)
	if err != nil {
		return opt, err
	}
	opt.Links, opt.Actions = links, acts
	return opt, nil
}

// Reconcile matches books with 2A taking the workspace's decisions into account and saves the run.
// run gives the workspace, periods and register file; the rest is filled in.
func Reconcile(ctx context.Context, db *sql.DB, at time.Time, run Run, books, twoA []Invoice, opt Options) (Run, Result, error) {
	opt, err := WithDecisions(ctx, db, run.WorkspaceID, opt)
	if err != nil {
		return run, Result{}, err
	}
	if err := ctx.Err(); err != nil {
		return run, Result{}, err
	}
	res := Match(books, twoA, opt)
	run, err = SaveRun(ctx, db, at, run, res)
	return run, res, err
}

// SaveMapping remembers the register column mapping a person confirmed for a workspace.
func SaveMapping(ctx context.Context, db *sql.DB, at time.Time, workspaceID string, m Mapping) error {
	now, err := store.Stamp("recon: save mapping", at)
	if err != nil {
		return err
	}
	b, _ := json.Marshal(m)
	_, err = db.ExecContext(ctx, `INSERT INTO recon_mappings(workspace_id, mapping, updated_at) VALUES (?, ?, ?)
		ON CONFLICT(workspace_id) DO UPDATE SET mapping = excluded.mapping, updated_at = excluded.updated_at`, workspaceID, string(b), now)
	if isForeignKey(err) {
		return apperr.New(apperr.NotFound, "There is no workspace %q.", workspaceID)
	}
	if err != nil {
		return fmt.Errorf("recon: save mapping: %w", err)
	}
	return nil
}

// LoadMapping returns the saved mapping of a workspace, or nil when none was saved.
func LoadMapping(ctx context.Context, db *sql.DB, workspaceID string) (Mapping, error) {
	var s string
	err := db.QueryRowContext(ctx, `SELECT mapping FROM recon_mappings WHERE workspace_id = ?`, workspaceID).Scan(&s)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("recon: load mapping: %w", err)
	}
	var m Mapping
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		return nil, fmt.Errorf("recon: load mapping: %w", err)
	}
	return m, nil
}

// DeleteRun removes a run and its rows; decisions stay, as they belong to the workspace.
func DeleteRun(ctx context.Context, db *sql.DB, runID string) error {
	res, err := db.ExecContext(ctx, `DELETE FROM recon_runs WHERE id = ?`, runID)
	if err != nil {
		return fmt.Errorf("recon: delete run: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return apperr.New(apperr.NotFound, "There is no reconciliation run %q.", runID)
	}
	return nil
}
