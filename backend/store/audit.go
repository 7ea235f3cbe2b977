package store

import (
	"context"
	"database/sql"
	"time"

	"gstdesk/backend/apperr"
)

// AuditEntry is one call to the remote service as the audit log keeps it: never a key, secret,
// token or OTP.
type AuditEntry struct {
	At          time.Time
	Source      string // the environment (demo, test, production), or the service URL of a lookup
	WorkspaceID string
	Op          string // the operation, such as "search" or "gstr2a_b2b"
	Key         string // what was asked: a GSTIN, a period
	Status      int    // the HTTP status, 200 when it answered
	Outcome     string // "ok" or "error"
	ErrorKind   string
	Message     string
	Transaction string
	Duration    time.Duration
}

// Execer is what WriteAudit needs of a database.
type Execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// WriteAudit adds one entry to the audit log: the one writer of audit_log. A failed audit write
// must not fail the call it records, and the call's context may be cancelled already, so it
// writes under a context that is not cancelled and returns the error only for the caller to log.
func WriteAudit(ctx context.Context, db Execer, e AuditEntry) error {
	_, err := db.ExecContext(context.WithoutCancel(ctx), `INSERT INTO audit_log(at, source, workspace_id, op, req_key, status, outcome, error_kind, message, transaction_id, duration_ms)
		VALUES (?,?,?,?,?,?,?,?,?,?,?)`, FormatTime(e.At), e.Source, e.WorkspaceID, e.Op, e.Key, e.Status, e.Outcome, e.ErrorKind, apperr.Redact(e.Message), e.Transaction,
		e.Duration.Milliseconds())
	return err
}
