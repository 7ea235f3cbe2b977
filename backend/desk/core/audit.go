package core

import (
	"context"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/store"
)

// Audit records one call to the remote service in the audit log of the current workspace: the
// operation, its key (a period or a GSTIN; never an OTP, key or token), the outcome and how long
// it took. A failure to write it is logged, not returned: the call itself happened.
func (s *Core) Audit(ctx context.Context, op, key string, start time.Time, txn string, err error) {
	outcome, kind, msg, status := "ok", "", "", 200
	if err != nil {
		p := apperr.Window.Public(err)
		outcome, kind, msg, status = "error", string(p.Kind), p.Message, p.Status
		if p.TransactionID != "" {
			txn = p.TransactionID
		}
	}
	ws := s.Workspace()
	if err := store.WriteAudit(ctx, s.DB, store.AuditEntry{At: start, Source: ws.Environment, WorkspaceID: ws.ID, Op: op, Key: key,
		Status: status, Outcome: outcome, ErrorKind: kind, Message: msg, Transaction: txn, Duration: s.Now().Sub(start)}); err != nil {
		s.Log.Warn("audit log", "err", err.Error())
	}
	s.CallRecorded()
}

// EventCalls is the event the window hears after a remote call is recorded: the status bar's count
// of today's calls is read again at once, not at its next refresh.
const EventCalls = "calls:changed"

// CallRecorded tells the window a remote call was recorded.
func (s *Core) CallRecorded() { s.Emit(EventCalls, nil) }
