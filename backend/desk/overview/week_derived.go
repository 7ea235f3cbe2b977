package overview

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"sync/atomic"

	"gstdesk/backend/desk/reconcile"
	"gstdesk/backend/itcrisk"
	"gstdesk/backend/payroll"
	"gstdesk/backend/store"
)

// The week is kept in the database too (store.PutDerived, kind "overview.week", one row per
// workspace), under a digest of everything it is read from, so the first ThisWeek after the app
// starts again reads that row instead of every pull's documents when nothing changed since (on a
// workspace of a million documents: a tenth of a second instead of seconds).

// weekKind is the week's kind in the derived cache; weekFormat changes when Week does.
const (
	weekKind   = "overview.week"
	weekFormat = "week/1"
)

// keepWeek says whether ThisWeek reads and writes the week kept in the database (tests turn it
// off to read a week afresh); weekKeyLeaves leaves a part out of its digest (tests only: a digest
// missing a part must be caught).
var (
	keepWeek      = true
	weekKeyLeaves = ""
	keptWeekReads atomic.Int64 // weeks read from the database (tests count them)
)

// weekDigest is the digest of everything the week of today is read from: the program, the
// workspace and today; Table 4 of the month before this one (reconcile.Table4Key), the ITC
// calendars of this year and the year before (reconcile.ITCRiskKey), the payroll runs and IMS as
// stored. ok is false when a part cannot be told: the week is then neither read from nor written
// to the database.
func (s *Service) weekDigest(ctx context.Context) (key store.DerivedKey, ok bool) {
	by := store.DerivedBy()
	if by == nil || s.core.DB == nil {
		return key, false
	}
	ws := s.core.Workspace().ID
	today := itcrisk.Today(s.core.Now())
	m3b, years, err := weekInputs(today)
	if err != nil {
		return key, false
	}
	t4, ok := s.Recon.Table4Key(ctx, m3b)
	if !ok {
		return key, false
	}
	var cals [][32]byte
	for _, y := range years {
		k, ok := s.Recon.ITCRiskKey(ctx, y)
		if !ok {
			return key, false
		}
		cals = append(cals, k)
	}
	runs, err := payroll.Runs(ctx, s.core.DB.DB, ws)
	if err != nil {
		return key, false
	}
	stored, err := s.Recon.StoredIMS(ctx)
	if err != nil {
		return key, false
	}
	parts := struct {
		Format, Workspace, Today string
		By                       []byte
		Table4                   [32]byte
		Calendars                [][32]byte
		Payroll                  []payroll.Run
		IMS                      [32]byte
	}{weekFormat, ws, today, by, t4, cals, runs, reconcile.IMSDigest(stored)}
	switch weekKeyLeaves { // tests only
	case "table4":
		parts.Table4 = [32]byte{}
	case "calendars":
		parts.Calendars = nil
	case "ims":
		parts.IMS = [32]byte{}
	}
	raw, err := json.Marshal(parts)
	if err != nil {
		return key, false
	}
	return sha256.Sum256(raw), true
}

// keptWeek returns the week kept in the database under key.
func (s *Service) keptWeek(ctx context.Context, key store.DerivedKey) (Week, bool) {
	raw, ok, err := store.GetDerived(ctx, s.core.DB.DB, s.core.Workspace().ID, weekKind, "", key)
	if err != nil || !ok {
		return Week{}, false
	}
	var w Week
	if err := json.Unmarshal(raw, &w); err != nil {
		return Week{}, false
	}
	keptWeekReads.Add(1)
	return w, true
}

// putWeek keeps w in the database under key (nothing on a database that is read-only here; a
// failure to keep it only means the next opening reads the week again).
func (s *Service) putWeek(ctx context.Context, key store.DerivedKey, w Week) {
	if s.core.DB.ReadOnly() != nil {
		return
	}
	raw, err := json.Marshal(w)
	if err != nil {
		return
	}
	_ = store.PutDerived(ctx, s.core.DB.DB, s.core.Workspace().ID, weekKind, "", key, raw, s.core.Now())
}
