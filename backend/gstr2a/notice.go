package gstr2a

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// PreviousPull returns the newest stored pull of gstin's GSTR-2A for period in a workspace made
// with the same filters (the same scope), or nil when there is none: what a new pull of that scope
// is compared with.
func PreviousPull(ctx context.Context, db *sql.DB, workspaceID, gstin, period string, f Filters) (*Snapshot, error) {
	snaps, err := querySnapshots(ctx, db, `workspace_id = ? AND period = ? AND gstin = ? AND filter_supplier = ? AND filter_from = ?
		ORDER BY fetched_at DESC, sid DESC LIMIT 1`, workspaceID, period, gstin, f.Supplier, f.From)
	if err != nil || len(snaps) == 0 {
		return nil, err
	}
	return &snaps[0], nil
}

// GoneNotice compares a new pull with the previous pull of the same scope and, when the new one
// lists fewer invoices, says so plainly: "All 65 invoices of 04/2025 are gone since the pull of
// 12/11/2026 ...", or "54 of the 55 invoices of 10/2025 in the pull of 12/11/2026 are not in this
// one ...". A shorter answer may be true (suppliers amended, the portal reset the period) but is
// never silent: the earlier pull stays in the history, and the notice says to pull again when the
// suppliers did not take the invoices back. It returns "" when there is nothing to say (no
// previous pull, it had no invoices, or the new one has as many or more).
func GoneNotice(prev *Snapshot, cur Snapshot) string {
	if prev == nil || prev.Invoices == 0 || cur.Invoices >= prev.Invoices {
		return ""
	}
	if cur.Invoices > 0 {
		return fmt.Sprintf("%d of the %d invoices of %s in the pull of %s are not in this one, which lists %d. If the suppliers did not delete or amend them, the answer was cut short: pull the period again before reconciling. The earlier pull is kept in the history.",
			prev.Invoices-cur.Invoices, prev.Invoices, monthYear(cur.Period), dayMonthYear(prev.FetchedAt), cur.Invoices)
	}
	what := fmt.Sprintf("All %d invoices", prev.Invoices)
	verb := "are"
	if prev.Invoices == 1 {
		what, verb = "The one invoice", "is"
	}
	return fmt.Sprintf("%s of %s %s gone since the pull of %s: the GST portal now lists none for the period. The earlier pull is kept in the history.",
		what, monthYear(cur.Period), verb, dayMonthYear(prev.FetchedAt))
}

// monthYear writes a period YYYY-MM as MM/YYYY.
func monthYear(p string) string {
	if len(p) == 7 && p[4] == '-' {
		return p[5:] + "/" + p[:4]
	}
	return p
}

// dayMonthYear writes t as DD/MM/YYYY in the local time zone, as the window and the command line
// show dates.
func dayMonthYear(t time.Time) string {
	if t.IsZero() {
		return "an earlier date"
	}
	return t.Local().Format("02/01/2006")
}

// KeptText says that a period's previous pull stands after a pull failed, such as "The pull of
// 12/11/2026 (65 invoices) is kept.", or "" when there was none.
func KeptText(prev *Snapshot) string {
	if prev == nil {
		return ""
	}
	n := fmt.Sprintf("%d invoices", prev.Invoices)
	if prev.Invoices == 1 {
		n = "1 invoice"
	}
	return fmt.Sprintf("The pull of %s (%s) is kept.", dayMonthYear(prev.FetchedAt), n)
}
