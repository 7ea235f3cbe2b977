package returns

import (
	"context"
	"slices"
	"sync"

	"gstdesk/backend/ims"
	"gstdesk/backend/store"
)

// imsKept keeps the IMS list last read by IMSKept with the digest of what it was parsed from.
type imsKept struct {
	mu     sync.Mutex
	ws     string
	digest [32]byte
	recs   []ims.Record
}

// IMSKept is the workspace's whole stored IMS list (every section and action), parsed once for the
// same stored list: the records as stored are digested (ims.StoredDigest, a few milliseconds for
// thousands) and the records parsed from a list with the same digest are given again (a copy of
// the slice; the records are shared: read them, never change them). The dashboard's week reads
// IMS for Table 4, both ITC calendars and the backlog; parsing a large list is most of an IMS
// action's refresh.
func (s *Service) IMSKept(ctx context.Context) ([]ims.Record, error) {
	db, ws := s.core.DB.DB, s.core.Workspace().ID
	now, err := ims.StoredDigest(ctx, db, ws)
	if err != nil {
		return nil, err
	}
	k := store.Attached(db, "returns.imsKept", func() *imsKept { return &imsKept{} })
	k.mu.Lock()
	if k.ws == ws && k.digest == now && k.recs != nil {
		out := slices.Clone(k.recs)
		k.mu.Unlock()
		return out, nil
	}
	k.mu.Unlock()
	recs, err := ims.Stored(ctx, db, ws, "", "")
	if err != nil {
		return nil, err
	}
	// Kept under the digest of what was parsed (not of the read above: a list replaced between
	// the two is kept as parsed).
	d := ims.Digest(recs)
	k.mu.Lock()
	k.ws, k.digest, k.recs = ws, d, recs
	k.mu.Unlock()
	return slices.Clone(recs), nil
}
