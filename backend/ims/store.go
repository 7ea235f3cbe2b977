package ims

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/money"
	"gstdesk/backend/period"
	"gstdesk/backend/store"
)

// Replace keeps the list of one section as the service just gave it, replacing the section's
// previous list whole (one transaction). IMS is the portal's state of the day, so a shorter list
// is kept as given; it is never kept silently: when it lists fewer documents than the list it
// replaces, notice says how many, since when, and what to check (and Notices keeps saying it
// until a listing of the section does not shrink). notice is "" otherwise.
func Replace(ctx context.Context, db *sql.DB, workspaceID, section string, recs []Record, at time.Time) (notice string, err error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return "", err
	}
	defer tx.Rollback()
	var prev int
	var prevAt sql.NullString
	if err := tx.QueryRowContext(ctx, `SELECT count(*), max(listed_at) FROM ims_documents WHERE workspace_id = ? AND section = ?`,
		workspaceID, section).Scan(&prev, &prevAt); err != nil {
		return "", fmt.Errorf("ims: replace list: %w", err)
	}
	if len(recs) < prev {
		when := "the list before"
		if t, err := store.ParseTime(prevAt.String); err == nil {
			when = "the list of " + t.Local().Format("02/01/2006")
		}
		notice = ShrinkNotice(section, prev, len(recs), when)
		if _, err := tx.ExecContext(ctx, `INSERT INTO ims_list_notices (workspace_id, section, notice, at) VALUES (?,?,?,?)
			ON CONFLICT (workspace_id, section) DO UPDATE SET notice = excluded.notice, at = excluded.at`,
			workspaceID, section, notice, store.FormatTime(at)); err != nil {
			return "", fmt.Errorf("ims: replace list: %w", err)
		}
	} else if _, err := tx.ExecContext(ctx, `DELETE FROM ims_list_notices WHERE workspace_id = ? AND section = ?`, workspaceID, section); err != nil {
		return "", fmt.Errorf("ims: replace list: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM ims_documents WHERE workspace_id = ? AND section = ?`, workspaceID, section); err != nil {
		return "", fmt.Errorf("ims: replace list: %w", err)
	}
	st, err := tx.PrepareContext(ctx, `INSERT INTO ims_documents (workspace_id, section, seq, stin, num, num_norm, doc_date, rtnprd,
		action, pending_blocked, supplier_filed, taxable, tax, record, listed_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`)
	if err != nil {
		return "", err
	}
	defer st.Close()
	when := store.FormatTime(at)
	for i, r := range recs {
		if _, err := st.ExecContext(ctx, workspaceID, section, i, r.STIN, r.Number, r.ID().Number, r.DateISO,
			r.RtnPrd, r.Action, r.PendingBlocked, r.SupplierFiled, int64(r.Taxable), int64(r.Tax()), string(r.Raw), when); err != nil {
			return "", fmt.Errorf("ims: replace list: %w", err)
		}
	}
	return notice, tx.Commit()
}

// ShrinkNotice says that a section's new list has fewer documents than the list it replaced
// (when is "the list of DD/MM/YYYY").
func ShrinkNotice(section string, prev, now int, when string) string {
	gone := "all of them are gone"
	if now > 0 {
		gone = fmt.Sprintf("%d fewer", prev-now)
	}
	return fmt.Sprintf("IMS now lists %d %s document(s) where %s had %d (%s). Documents leave IMS once the GSTR-3B of their period is filed; if it has not been filed, check the portal before acting, and list IMS again later.",
		now, SectionLabel(section), when, prev, gone)
}

// Notices are what the last listings of the workspace's IMS sections had to say (a list that
// shrank), in section order.
func Notices(ctx context.Context, db *sql.DB, workspaceID string) ([]string, error) {
	rows, err := db.QueryContext(ctx, `SELECT notice FROM ims_list_notices WHERE workspace_id = ? ORDER BY section`, workspaceID)
	if err != nil {
		return nil, fmt.Errorf("ims: notices: %w", err)
	}
	defer rows.Close()
	out := []string{}
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, fmt.Errorf("ims: notices: %w", err)
		}
		out = append(out, n)
	}
	return out, rows.Err()
}

// Stored returns the kept records of a workspace, of one section ("" for all) and one action
// ("" for all), in the order listed.
func Stored(ctx context.Context, db *sql.DB, workspaceID, section, action string) ([]Record, error) {
	q := `SELECT section, record FROM ims_documents WHERE workspace_id = ?`
	args := []any{workspaceID}
	if section != "" {
		q, args = q+` AND section = ?`, append(args, section)
	}
	if action != "" {
		q, args = q+` AND action = ?`, append(args, action)
	}
	rows, err := db.QueryContext(ctx, q+` ORDER BY section, seq`, args...)
	if err != nil {
		return nil, fmt.Errorf("ims: stored: %w", err)
	}
	defer rows.Close()
	out := []Record{}
	for rows.Next() {
		var sec, raw string
		if err := rows.Scan(&sec, &raw); err != nil {
			return nil, err
		}
		r, problem := parseRecord(sec, json.RawMessage(raw))
		if problem != "" {
			return nil, fmt.Errorf("ims: stored record %s: %s", r.Number, problem)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// FindStored finds kept records of a supplier's document (number compared as normalised).
func FindStored(ctx context.Context, db *sql.DB, workspaceID, stin, number string) ([]Record, error) {
	id := IDOf("", "", stin, number)
	rows, err := db.QueryContext(ctx, `SELECT section, record FROM ims_documents WHERE workspace_id = ? AND stin = ? AND num_norm = ?`,
		workspaceID, id.STIN, id.Number)
	if err != nil {
		return nil, fmt.Errorf("ims: find: %w", err)
	}
	defer rows.Close()
	var out []Record
	for rows.Next() {
		var sec, raw string
		if err := rows.Scan(&sec, &raw); err != nil {
			return nil, err
		}
		if r, problem := parseRecord(sec, json.RawMessage(raw)); problem == "" {
			out = append(out, r)
		}
	}
	return out, rows.Err()
}

// Action results in the log.
const (
	ResultSent    = "sent"    // sent; the service has not said how it ended
	ResultApplied = "applied" // the service processed it
	ResultRefused = "refused" // the service refused this document (error_report)
	ResultFailed  = "failed"  // the whole request failed (ER) or could not be sent
	ResultUnknown = "unknown" // the service did not finish within the wait: not applied as far as gstdesk knows
)

// LogEntry is one action in the log.
type LogEntry struct {
	ID      int64  `json:"id"`
	At      string `json:"at"`
	Who     string `json:"who"`
	Section string `json:"section"`
	STIN    string `json:"stin"`
	Number  string `json:"number"`
	// RtnPrd is the document's return period (MMYYYY); "" for actions logged before it was kept.
	RtnPrd      string `json:"rtnprd,omitempty"`
	PrevStatus  string `json:"prev_status"`
	Action      string `json:"action"`
	Reason      string `json:"reason,omitempty"`
	ReferenceID string `json:"reference_id,omitempty"`
	Result      string `json:"result"`
	ErrorCode   string `json:"error_code,omitempty"`
	Message     string `json:"message,omitempty"`
	FinishedAt  string `json:"finished_at,omitempty"`
	// ITCRedReq, Declared and Remarks are what an IMS 2.0 action declared with it ("" and nil
	// when nothing was sent).
	ITCRedReq string    `json:"itc_red_req,omitempty"`
	Declared  *Declared `json:"declared,omitempty"`
	Remarks   string    `json:"remarks,omitempty"`
}

// LogSent records changes as sent under one reference id and returns their log ids, in order.
func LogSent(ctx context.Context, db *sql.DB, workspaceID, who string, at time.Time, ref string, changes []Change) ([]int64, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback()
	ids := make([]int64, 0, len(changes))
	for _, c := range changes {
		declared := ""
		if c.Declared != nil {
			b, _ := money.MarshalStored(c.Declared)
			declared = string(b)
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO ims_actions (workspace_id, at, who, section, stin, num, rtnprd, prev_status, action, reason,
			reference_id, result, itc_red_req, declared, remarks) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`, workspaceID, store.FormatTime(at), who,
			c.Record.Section, c.Record.STIN, c.Record.Number, c.Record.RtnPrd, c.Record.Action, c.Action, c.Reason, ref, ResultSent,
			c.ITCRedReq, declared, c.Remarks)
		if err != nil {
			return nil, fmt.Errorf("ims: log: %w", err)
		}
		id, _ := res.LastInsertId()
		ids = append(ids, id)
	}
	return ids, tx.Commit()
}

// LogResult records how one logged action ended.
func LogResult(ctx context.Context, db *sql.DB, id int64, result, code, msg string, at time.Time) error {
	_, err := db.ExecContext(context.WithoutCancel(ctx), `UPDATE ims_actions SET result = ?, error_code = ?, message = ?, finished_at = ? WHERE id = ?`,
		result, code, msg, store.FormatTime(at), id)
	return err
}

// Log lists a workspace's actions, newest first (at most limit; 0 for 500).
func Log(ctx context.Context, db *sql.DB, workspaceID string, limit int) ([]LogEntry, error) {
	if limit <= 0 {
		limit = 500
	}
	rows, err := db.QueryContext(ctx, `SELECT id, at, who, section, stin, num, rtnprd, prev_status, action, reason, reference_id, result,
		error_code, message, finished_at, itc_red_req, declared, remarks FROM ims_actions WHERE workspace_id = ? ORDER BY id DESC LIMIT ?`, workspaceID, limit)
	if err != nil {
		return nil, fmt.Errorf("ims: log: %w", err)
	}
	defer rows.Close()
	out := []LogEntry{}
	for rows.Next() {
		var e LogEntry
		var declared string
		if err := rows.Scan(&e.ID, &e.At, &e.Who, &e.Section, &e.STIN, &e.Number, &e.RtnPrd, &e.PrevStatus, &e.Action, &e.Reason, &e.ReferenceID,
			&e.Result, &e.ErrorCode, &e.Message, &e.FinishedAt, &e.ITCRedReq, &declared, &e.Remarks); err != nil {
			return nil, err
		}
		if declared != "" {
			var d Declared
			if money.UnmarshalStored([]byte(declared), &d) == nil {
				e.Declared = &d
			}
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// NotListed is the error for a document the IMS list does not hold.
func NotListed(stin, number string) error {
	return apperr.New(apperr.NotFound, "IMS does not list document %s of %s. List IMS first (gstdesk gst ims list), and check the supplier GSTIN and number.", number, stin)
}

// LogReference records the reference id the service gave to logged actions.
func LogReference(ctx context.Context, db *sql.DB, ids []int64, ref string) error {
	for _, id := range ids {
		if _, err := db.ExecContext(context.WithoutCancel(ctx), `UPDATE ims_actions SET reference_id = ? WHERE id = ?`, ref, id); err != nil {
			return err
		}
	}
	return nil
}

// ListedAt is when the kept lists were last read from the service (the newest section's time;
// zero when IMS was never listed).
func ListedAt(ctx context.Context, db *sql.DB, workspaceID string) (time.Time, error) {
	var at sql.NullString
	if err := db.QueryRowContext(ctx, `SELECT max(listed_at) FROM ims_documents WHERE workspace_id = ?`, workspaceID).Scan(&at); err != nil {
		return time.Time{}, fmt.Errorf("ims: listed at: %w", err)
	}
	if !at.Valid {
		return time.Time{}, nil
	}
	t, _ := store.ParseTime(at.String)
	return t, nil
}

// SetKeptAction records in the kept list that the service applied an action to a document of a
// return period (rtnprd, MMYYYY or YYYY-MM): its action, and the record's "action" as a new list
// would give it, so the kept list says what the portal says without listing the section again. A
// document of the same number in another return period is left as it is.
func SetKeptAction(ctx context.Context, db *sql.DB, workspaceID, section, rtnprd, stin, number, action string) error {
	id := IDOf(section, rtnprd, stin, number)
	_, err := db.ExecContext(ctx, `UPDATE ims_documents SET action = ?1, record = json_set(record, '$.action', ?1)
		WHERE workspace_id = ?2 AND section = ?3 AND stin = ?4 AND num_norm = ?5 AND rtnprd = ?6`,
		action, workspaceID, id.Section, stin, id.Number, id.RtnPrd)
	if err != nil {
		return fmt.Errorf("ims: keep action: %w", err)
	}
	return nil
}

// NotListedIn is the error for a document IMS does not list in the return period rtnprd.
func NotListedIn(stin, number, rtnprd string) error {
	return apperr.New(apperr.NotFound, "IMS does not list document %s of %s in the return period %s. List IMS first (gstdesk gst ims list), and check the supplier GSTIN, number and period.", number, stin, period.LabelOf(RetPeriod(rtnprd)))
}

// TwoPeriods is the error for a document number IMS lists in more than one return period of the
// supplier, when which one is meant was not said.
func TwoPeriods(stin, number string, rtnprds []string) error {
	labels := make([]string, len(rtnprds))
	for i, p := range rtnprds {
		labels[i] = period.LabelOf(p)
	}
	return apperr.New(apperr.Invalid, "IMS lists document %s of %s in more than one return period (%s): say which (--period MMYYYY).", number, stin, strings.Join(labels, ", "))
}

// SetKeptChange records in the kept list that the service applied a change: its action as
// SetKeptAction does, and the IMS 2.0 fields sent with it (itcRedReq, the declared reduction,
// remarks), so the kept record says what the portal now lists. Fields not sent are left out of
// the record (a new action replaces what an earlier one declared).
func SetKeptChange(ctx context.Context, db *sql.DB, workspaceID string, c Change) error {
	r := c.Record
	set := map[string]any{"action": c.Action}
	if c.ITCRedReq != "" {
		set["itcRedReq"] = c.ITCRedReq
	}
	if c.Remarks != "" {
		set["remarks"] = c.Remarks
	}
	if d := c.Declared; d != nil {
		set["declIgst"], set["declCgst"] = json.RawMessage(d.IGST.Number()), json.RawMessage(d.CGST.Number())
		set["declSgst"], set["declCess"] = json.RawMessage(d.SGST.Number()), json.RawMessage(d.Cess.Number())
	}
	patch, err := json.Marshal(set)
	if err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, `UPDATE ims_documents SET action = ?1,
		record = json_patch(json_remove(record, '$.itcRedReq', '$.remarks', '$.declIgst', '$.declCgst', '$.declSgst', '$.declCess'), ?2)
		WHERE workspace_id = ?3 AND section = ?4 AND stin = ?5 AND num_norm = ?6 AND rtnprd = ?7`,
		c.Action, string(patch), workspaceID, r.Section, r.STIN, r.ID().Number, r.ID().RtnPrd)
	if err != nil {
		return fmt.Errorf("ims: keep change: %w", err)
	}
	return nil
}

// SectionLabel names an IMS section as the portal's tabs do: "B2B", "credit note (CN)".
func SectionLabel(section string) string {
	switch section {
	case "b2b":
		return "B2B invoice"
	case "b2ba":
		return "amended B2B invoice (B2BA)"
	case "b2bcn":
		return "credit note (CN)"
	case "b2bcna":
		return "amended credit note (CNA)"
	case "b2bdn":
		return "debit note (DN)"
	case "b2bdna":
		return "amended debit note (DNA)"
	case "ecom":
		return "e-commerce (ECOM)"
	case "ecoma":
		return "amended e-commerce (ECOMA)"
	}
	return section
}
