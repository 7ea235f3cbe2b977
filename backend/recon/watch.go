package recon

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/store"
)

// MaxWatchDays is the longest date range the supplier watch covers in one go.
const MaxWatchDays = 31

// WatchAlert is one supplier of the workspace on the changed list: cancelled, inactive, expired or
// updated, with (for a cancellation) the stored 2A invoices dated after it.
type WatchAlert struct {
	GSTIN string `json:"gstin"`
	Name  string `json:"name"`
	State string `json:"state"`
	Type  string `json:"type"` // C, I, E, U (G is not a risk)
	Label string `json:"label"`
	Date  string `json:"date"` // YYYY-MM-DD
	// Severity is "high" (cancelled), "medium" (inactive, expired) or "low" (updated).
	Severity string `json:"severity"`
	// After are the supplier's stored 2A invoices dated after a cancellation; TaxAfter their tax.
	After    []Invoice `json:"after"`
	TaxAfter Paise     `json:"tax_after"`
}

// WatchView is the supplier watch over a date range.
type WatchView struct {
	From      string       `json:"from"`
	To        string       `json:"to"`
	States    []string     `json:"states"`
	Suppliers int          `json:"suppliers"`
	Checked   int          `json:"checked"` // date × state lists fetched
	Failed    []string     `json:"failed"`  // "DD-MM-YYYY state: why" for lists that could not be fetched
	Alerts    []WatchAlert `json:"alerts"`
	// Stopped says the watch did not finish (cancelled, or stopped by an error): its alerts cover
	// only the lists checked before.
	Stopped string `json:"stopped,omitempty"`
}

// WatchSeverity is how serious a change of the changed list is for a supplier.
func WatchSeverity(t string) string {
	switch t {
	case "C":
		return "high"
	case "I", "E":
		return "medium"
	}
	return "low"
}

// WatchChange is one entry of the changed list about a GSTIN the workspace knows.
type WatchChange struct {
	GSTIN string
	Name  string
	Type  string
	Label string
}

// Watch builds a supplier watch: the suppliers and states to watch over a date range, and the
// alerts from the changed lists fetched for each day and state.
type Watch struct {
	view    WatchView
	from    time.Time
	days    int
	ours    map[string]bool
	byGSTIN map[string][]Invoice
	names   map[string]string
	seen    map[string]bool
}

// NewWatch checks the date range (YYYY-MM-DD, at most MaxWatchDays days) and sets up a watch of
// the suppliers (GSTINs) with the stored 2A invoices twoA, for names and the invoices dated after
// a cancellation.
func NewWatch(from, to string, suppliers []string, twoA []Invoice) (*Watch, error) {
	a, err1 := time.Parse("2006-01-02", from)
	b, err2 := time.Parse("2006-01-02", to)
	if err1 != nil || err2 != nil {
		return nil, apperr.New(apperr.Invalid, "Choose the watch dates as YYYY-MM-DD, not %q to %q.", from, to)
	}
	if b.Before(a) {
		return nil, apperr.New(apperr.Invalid, "The end date %s is before the start %s: swap them.", ShowDate(to), ShowDate(from))
	}
	days := int(b.Sub(a).Hours()/24) + 1
	if days > MaxWatchDays {
		return nil, apperr.New(apperr.Invalid, "The supplier watch covers at most %d days at a time; %s to %s is %d.", MaxWatchDays, ShowDate(from), ShowDate(to), days)
	}
	w := &Watch{from: a, days: days, ours: map[string]bool{}, byGSTIN: map[string][]Invoice{}, names: map[string]string{}, seen: map[string]bool{},
		view: WatchView{From: from, To: to, States: []string{}, Failed: []string{}, Alerts: []WatchAlert{}}}
	states := map[string]bool{}
	for _, g := range suppliers {
		g = strings.ToUpper(g)
		if len(g) != 15 || w.ours[g] {
			continue
		}
		w.ours[g] = true
		states[g[:2]] = true
	}
	w.view.Suppliers = len(w.ours)
	for st := range states {
		w.view.States = append(w.view.States, st)
	}
	sort.Strings(w.view.States)
	if len(w.ours) == 0 {
		return w, apperr.New(apperr.NotFound, "No suppliers to watch: pull GSTR-2A first, so gstdesk knows who your suppliers are.")
	}
	for _, in := range twoA {
		w.byGSTIN[in.SupplierGSTIN] = append(w.byGSTIN[in.SupplierGSTIN], in)
		if in.SupplierName != "" {
			w.names[in.SupplierGSTIN] = in.SupplierName
		}
	}
	return w, nil
}

// Days lists the days of the watch, first to last.
func (w *Watch) Days() []time.Time {
	out := make([]time.Time, w.days)
	for d := range out {
		out[d] = w.from.AddDate(0, 0, d)
	}
	return out
}

// States lists the state codes of the watched suppliers.
func (w *Watch) States() []string { return w.view.States }

// Lists is how many changed lists the watch needs: days × states.
func (w *Watch) Lists() int { return w.days * len(w.view.States) }

// Add records the changed list of one day and state: every change about a watched supplier
// (except G, not a risk) becomes an alert, with the invoices dated after a cancellation.
func (w *Watch) Add(day time.Time, state string, changes []WatchChange) {
	w.view.Checked++
	ddmm := day.Format("02-01-2006")
	for _, r := range changes {
		if !w.ours[r.GSTIN] || r.Type == "G" || w.seen[r.GSTIN+r.Type+ddmm] {
			continue
		}
		w.seen[r.GSTIN+r.Type+ddmm] = true
		name := r.Name
		if name == "" {
			name = w.names[r.GSTIN]
		}
		al := WatchAlert{GSTIN: r.GSTIN, Name: name, State: state, Type: r.Type, Label: r.Label,
			Date: day.Format("2006-01-02"), Severity: WatchSeverity(r.Type), After: []Invoice{}}
		if r.Type == "C" {
			for _, in := range w.byGSTIN[r.GSTIN] {
				if in.Date > al.Date {
					al.After = append(al.After, in)
					al.TaxAfter += in.Tax()
				}
			}
		}
		w.view.Alerts = append(w.view.Alerts, al)
	}
}

// Fail records a changed list that could not be fetched.
func (w *Watch) Fail(day time.Time, state, why string) {
	w.view.Checked++
	w.view.Failed = append(w.view.Failed, fmt.Sprintf("%s %s: %s", day.Format("02-01-2006"), state, why))
}

// Checked is how many lists have been added or failed so far.
func (w *Watch) Checked() int { return w.view.Checked }

// View returns the watch so far, most severe first and newest first within a severity.
func (w *Watch) View() WatchView {
	v := w.view
	v.Alerts = append([]WatchAlert{}, w.view.Alerts...)
	rank := map[string]int{"high": 0, "medium": 1, "low": 2}
	sort.SliceStable(v.Alerts, func(i, j int) bool {
		x, y := v.Alerts[i], v.Alerts[j]
		if rank[x.Severity] != rank[y.Severity] {
			return rank[x.Severity] < rank[y.Severity]
		}
		return x.Date > y.Date
	})
	return v
}

// SaveWatch stores v as the workspace's last supplier watch, run at.
func SaveWatch(ctx context.Context, db *sql.DB, workspaceID string, at time.Time, v WatchView) error {
	b, err := json.Marshal(v)
	if err != nil {
		return apperr.Wrap(apperr.Internal, err, "could not keep the supplier watch")
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO recon_watch (workspace_id, checked_at, view) VALUES (?, ?, ?)
		ON CONFLICT (workspace_id) DO UPDATE SET checked_at = excluded.checked_at, view = excluded.view`,
		workspaceID, store.FormatTime(at), string(b)); err != nil {
		return apperr.Wrap(apperr.Internal, err, "could not keep the supplier watch")
	}
	return nil
}

// LastWatch returns the workspace's last supplier watch and when it ran; ok is false when the
// supplier watch has not been run in this workspace.
func LastWatch(ctx context.Context, db *sql.DB, workspaceID string) (v WatchView, at time.Time, ok bool, err error) {
	var when, view string
	err = db.QueryRowContext(ctx, `SELECT checked_at, view FROM recon_watch WHERE workspace_id = ?`, workspaceID).Scan(&when, &view)
	if errors.Is(err, sql.ErrNoRows) {
		return v, at, false, nil
	}
	if err != nil {
		return v, at, false, apperr.Wrap(apperr.Internal, err, "could not read the last supplier watch")
	}
	if err := json.Unmarshal([]byte(view), &v); err != nil {
		return v, at, false, apperr.Wrap(apperr.Internal, err, "the stored supplier watch is damaged; run the supplier watch again")
	}
	at, _ = store.ParseTime(when)
	return v, at, true, nil
}
