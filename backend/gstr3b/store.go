package gstr3b

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/money"
	"gstdesk/backend/period"
	"gstdesk/backend/store"
)

// Decision is one claim decision to store: the document, its number as shown and date, the state
// (StateClaim with Period, or StateHold) and who decided.
type Decision struct {
	ID     Identity
	Number string
	Date   string
	State  string
	Period string
	By     string // ByAuto or ByPerson
	Who    string
	Reason string
}

// check refuses a decision that is not whole.
func (d Decision) check() error {
	switch d.State {
	case StateClaim:
		if _, err := period.ParseMonth(d.Period); err != nil || len(d.Period) != 7 {
			return apperr.New(apperr.Invalid, "The claim period %q is not a month: write it as YYYY-MM (2025-10).", d.Period)
		}
	case StateHold:
	default:
		return apperr.New(apperr.Invalid, "A claim is claim or hold, not %q.", d.State)
	}
	if d.By != ByAuto && d.By != ByPerson {
		return apperr.New(apperr.Invalid, "A claim is decided by auto or person, not %q.", d.By)
	}
	if d.ID.Face != FaceBooks && d.ID.Face != Face2B {
		return apperr.New(apperr.Invalid, "A claim is of the books or of GSTR-2B, not %q.", d.ID.Face)
	}
	if d.ID.Number == "" {
		return apperr.New(apperr.Invalid, "The document has no number to know it by.")
	}
	return nil
}

// SetClaims stores decisions, all or none, each change logged with the state it replaced. An
// automatic decision never replaces a person's (it is left as the person set it); a decision the
// same as the stored one changes nothing. n is how many changed.
func SetClaims(ctx context.Context, db *sql.DB, workspaceID string, ds []Decision, at time.Time) (n int, err error) {
	for _, d := range ds {
		if err := d.check(); err != nil {
			return 0, err
		}
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	when := store.FormatTime(at)
	for _, d := range ds {
		period := d.Period
		if d.State == StateHold {
			period = ""
		}
		var prevState, prevPeriod, prevBy string
		err := tx.QueryRowContext(ctx, `SELECT state, claim_period, decided_by FROM gstr3b_claims WHERE workspace_id = ? AND face = ? AND supplier = ?
			AND doc_type = ? AND num_norm = ? AND period_2b = ? AND section = ?`, workspaceID, d.ID.Face, d.ID.Supplier, d.ID.DocType, d.ID.Number,
			d.ID.Period2B, d.ID.Section).Scan(&prevState, &prevPeriod, &prevBy)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return 0, fmt.Errorf("gstr3b: read claim: %w", err)
		}
		if prevBy == ByPerson && d.By == ByAuto || prevState == d.State && prevPeriod == period && prevBy == d.By {
			continue
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO gstr3b_claims (workspace_id, face, supplier, doc_type, num_norm, period_2b, section, num, doc_date,
			state, claim_period, decided_by, who, decided_at, reason) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)
			ON CONFLICT (workspace_id, face, supplier, doc_type, num_norm, period_2b, section) DO UPDATE SET num = excluded.num,
			doc_date = excluded.doc_date, state = excluded.state, claim_period = excluded.claim_period, decided_by = excluded.decided_by,
			who = excluded.who, decided_at = excluded.decided_at, reason = excluded.reason`,
			workspaceID, d.ID.Face, d.ID.Supplier, d.ID.DocType, d.ID.Number, d.ID.Period2B, d.ID.Section, d.Number, d.Date,
			d.State, period, d.By, d.Who, when, d.Reason); err != nil {
			return 0, fmt.Errorf("gstr3b: set claim: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO gstr3b_claim_log (workspace_id, face, supplier, doc_type, num_norm, period_2b, section, num,
			prev_state, prev_period, state, claim_period, decided_by, who, at, reason) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
			workspaceID, d.ID.Face, d.ID.Supplier, d.ID.DocType, d.ID.Number, d.ID.Period2B, d.ID.Section, d.Number,
			prevState, prevPeriod, d.State, period, d.By, d.Who, when, d.Reason); err != nil {
			return 0, fmt.Errorf("gstr3b: log claim: %w", err)
		}
		n++
	}
	return n, tx.Commit()
}

// StoredClaim is a stored decision with its document's identity.
type StoredClaim struct {
	ID     Identity `json:"identity"`
	Number string   `json:"document_number"`
	Date   string   `json:"document_date,omitempty"`
	Claim
}

// Claims returns the workspace's stored decisions by identity key (Identity.Key).
func Claims(ctx context.Context, db *sql.DB, workspaceID string) (map[string]StoredClaim, error) {
	rows, err := db.QueryContext(ctx, `SELECT face, supplier, doc_type, num_norm, period_2b, section, num, doc_date, state, claim_period,
		decided_by, who, decided_at, reason FROM gstr3b_claims WHERE workspace_id = ?`, workspaceID)
	if err != nil {
		return nil, fmt.Errorf("gstr3b: read claims: %w", err)
	}
	defer rows.Close()
	out := map[string]StoredClaim{}
	for rows.Next() {
		var c StoredClaim
		if err := rows.Scan(&c.ID.Face, &c.ID.Supplier, &c.ID.DocType, &c.ID.Number, &c.ID.Period2B, &c.ID.Section, &c.Number, &c.Date,
			&c.State, &c.Period, &c.DecidedBy, &c.Who, &c.At, &c.Reason); err != nil {
			return nil, fmt.Errorf("gstr3b: read claims: %w", err)
		}
		out[c.ID.Key()] = c
	}
	return out, rows.Err()
}

// LogEntry is one change of a claim as the log keeps it.
type LogEntry struct {
	ID         Identity `json:"identity"`
	Number     string   `json:"document_number"`
	PrevState  string   `json:"prev_state,omitempty"`
	PrevPeriod string   `json:"prev_claim_period,omitempty"`
	Claim
}

// ClaimLog lists the changes of the claims of a supplier's document (number as written or
// normalised; "" for every document), oldest first.
func ClaimLog(ctx context.Context, db *sql.DB, workspaceID, supplier, number string) ([]LogEntry, error) {
	q := `SELECT face, supplier, doc_type, num_norm, period_2b, section, num, prev_state, prev_period, state, claim_period, decided_by, who, at, reason
		FROM gstr3b_claim_log WHERE workspace_id = ?`
	args := []any{workspaceID}
	if supplier != "" {
		id := IdentityOf(FaceBooks, supplier, "", number, "", "")
		q, args = q+` AND supplier = ?`, append(args, id.Supplier)
		if number != "" {
			q, args = q+` AND num_norm = ?`, append(args, id.Number)
		}
	}
	rows, err := db.QueryContext(ctx, q+` ORDER BY id`, args...)
	if err != nil {
		return nil, fmt.Errorf("gstr3b: claim log: %w", err)
	}
	defer rows.Close()
	out := []LogEntry{}
	for rows.Next() {
		var e LogEntry
		if err := rows.Scan(&e.ID.Face, &e.ID.Supplier, &e.ID.DocType, &e.ID.Number, &e.ID.Period2B, &e.ID.Section, &e.Number, &e.PrevState,
			&e.PrevPeriod, &e.State, &e.Period, &e.DecidedBy, &e.Who, &e.At, &e.Reason); err != nil {
			return nil, fmt.Errorf("gstr3b: claim log: %w", err)
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// MarkBlocked marks (blocked true) or unmarks a document's credit as blocked under s.17(5).
func MarkBlocked(ctx context.Context, db *sql.DB, workspaceID, supplier, kind, number, reason, who string, blocked bool, at time.Time) error {
	id := IdentityOf(FaceBooks, supplier, kind, number, "", "")
	if id.Number == "" {
		return apperr.New(apperr.Invalid, "The document has no number to know it by.")
	}
	var err error
	if blocked {
		_, err = db.ExecContext(ctx, `INSERT INTO gstr3b_blocked (workspace_id, supplier, doc_type, num_norm, num, reason, who, marked_at)
			VALUES (?,?,?,?,?,?,?,?) ON CONFLICT (workspace_id, supplier, doc_type, num_norm) DO UPDATE SET reason = excluded.reason,
			who = excluded.who, marked_at = excluded.marked_at`, workspaceID, id.Supplier, id.DocType, id.Number, number, reason, who, store.FormatTime(at))
	} else {
		_, err = db.ExecContext(ctx, `DELETE FROM gstr3b_blocked WHERE workspace_id = ? AND supplier = ? AND doc_type = ? AND num_norm = ?`,
			workspaceID, id.Supplier, id.DocType, id.Number)
	}
	if err != nil {
		return fmt.Errorf("gstr3b: mark blocked: %w", err)
	}
	return nil
}

// BlockedSet returns the documents marked blocked, by supplier|type|normalised number.
func BlockedSet(ctx context.Context, db *sql.DB, workspaceID string) (map[string]bool, error) {
	rows, err := db.QueryContext(ctx, `SELECT supplier, doc_type, num_norm FROM gstr3b_blocked WHERE workspace_id = ?`, workspaceID)
	if err != nil {
		return nil, fmt.Errorf("gstr3b: blocked: %w", err)
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var s, t, n string
		if err := rows.Scan(&s, &t, &n); err != nil {
			return nil, err
		}
		out[s+"|"+t+"|"+n] = true
	}
	return out, rows.Err()
}

// BlockedKey is the key BlockedSet uses for a document.
func BlockedKey(supplier, kind, number string) string { return docKey(supplier, kind, number) }

// Ledgers whose opening balance is kept.
const (
	LedgerECRS = "ecrs"
	LedgerRCM  = "rcm"
)

// Opening is a ledger's opening balance: as of the start of Period, per head.
type Opening struct {
	Ledger    string `json:"ledger"`
	Period    string `json:"period"`
	Balance   Heads  `json:"balance"`
	Who       string `json:"who,omitempty"`
	EnteredAt string `json:"entered_at,omitempty"`
	// Replaced says what a correction replaced.
	Replaced string `json:"replaced,omitempty"`
}

// SetOpening stores a ledger's opening balance. It is entered once: a second one is refused
// unless replace is set, and then what it replaced is kept with it.
func SetOpening(ctx context.Context, db *sql.DB, workspaceID string, o Opening, replace bool, at time.Time) error {
	if o.Ledger != LedgerECRS && o.Ledger != LedgerRCM {
		return apperr.New(apperr.Invalid, "The ledger is ecrs or rcm, not %q.", o.Ledger)
	}
	if _, err := period.ParseMonth(o.Period); err != nil || len(o.Period) != 7 {
		return apperr.New(apperr.Invalid, "The opening balance's period %q is not a month: write it as YYYY-MM.", o.Period)
	}
	prev, ok, err := OpeningOf(ctx, db, workspaceID, o.Ledger)
	if err != nil {
		return err
	}
	replaced := ""
	if ok {
		if !replace {
			return apperr.New(apperr.Conflict, "The %s opening balance was entered on %s (as of %s, %s): it is entered once. To correct it, enter it again with --replace.",
				o.Ledger, prev.EnteredAt, prev.Period, headsText(prev.Balance))
		}
		replaced = fmt.Sprintf("as of %s: %s (entered %s by %s)", prev.Period, headsText(prev.Balance), prev.EnteredAt, prev.Who)
	}
	_, err = db.ExecContext(ctx, `INSERT INTO gstr3b_ledger_openings (workspace_id, ledger, period, igst, cgst, sgst, cess, who, entered_at, replaced)
		VALUES (?,?,?,?,?,?,?,?,?,?) ON CONFLICT (workspace_id, ledger) DO UPDATE SET period = excluded.period, igst = excluded.igst,
		cgst = excluded.cgst, sgst = excluded.sgst, cess = excluded.cess, who = excluded.who, entered_at = excluded.entered_at,
		replaced = excluded.replaced`, workspaceID, o.Ledger, o.Period, int64(o.Balance.IGST), int64(o.Balance.CGST), int64(o.Balance.SGST),
		int64(o.Balance.Cess), o.Who, store.FormatTime(at), replaced)
	if err != nil {
		return fmt.Errorf("gstr3b: set opening: %w", err)
	}
	return nil
}

// OpeningOf returns a ledger's opening balance; ok is false when none was entered.
func OpeningOf(ctx context.Context, db *sql.DB, workspaceID, ledger string) (Opening, bool, error) {
	o := Opening{Ledger: ledger}
	var i, c, s, x int64
	err := db.QueryRowContext(ctx, `SELECT period, igst, cgst, sgst, cess, who, entered_at, replaced FROM gstr3b_ledger_openings
		WHERE workspace_id = ? AND ledger = ?`, workspaceID, ledger).Scan(&o.Period, &i, &c, &s, &x, &o.Who, &o.EnteredAt, &o.Replaced)
	if errors.Is(err, sql.ErrNoRows) {
		return o, false, nil
	}
	if err != nil {
		return o, false, fmt.Errorf("gstr3b: read opening: %w", err)
	}
	o.Balance = HeadsOf(money.Paise(i), money.Paise(c), money.Paise(s), money.Paise(x))
	return o, true, nil
}

// headsText writes heads for a sentence: "IGST ₹1,000.00, CGST ₹0.00, SGST ₹0.00, cess ₹0.00".
func headsText(h Heads) string {
	return fmt.Sprintf("IGST ₹%s, CGST ₹%s, SGST ₹%s, cess ₹%s", money.Paise(h.IGST).Indian(), money.Paise(h.CGST).Indian(),
		money.Paise(h.SGST).Indian(), money.Paise(h.Cess).Indian())
}
