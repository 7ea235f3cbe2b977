package reconcile

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash"
	"slices"
	"sync"

	"gstdesk/backend/apperr"
	"gstdesk/backend/ims"
	"gstdesk/backend/store"
)

// A caller that keeps what it builds from Table4 or ITCRisk beyond this process (the dashboard's
// week, kept in the database across openings) keys it by these digests: each is computed from
// everything the result is built from, read without reading a document (the pulls and runs by id,
// which never change once saved), so the same digest means the same result.

// Table4Key is the digest of everything Table4(p) is built from: each month's worksheet's inputs
// (today, IMS, claims, blocked marks, runs against 2B, the register of the newest, the 2B and 2A
// pulls by id) for every month the two ledgers run through to p, and the ledgers' openings. ok is
// false when it cannot be told (then nothing may be kept by it).
func (s *Service) Table4Key(ctx context.Context, p string) (key [32]byte, ok bool) {
	p, err := checkMonth(p)
	if err != nil {
		return key, false
	}
	c, err := s.t4(ctx)
	if err != nil {
		return key, false
	}
	keyOf, ok := c.sheetKeys(ctx, true)
	if !ok {
		return key, false
	}
	sp, err := c.ledgerSpan(ctx, p)
	if err != nil {
		return key, false
	}
	months := make([][32]byte, len(sp.Months))
	for i, m := range sp.Months {
		if months[i] = keyOf(m); months[i] == ([32]byte{}) {
			return key, false
		}
	}
	raw, err := json.Marshal(struct {
		Period string
		Span   ledgerSpan
		Sheets [][32]byte
	}{p, sp, months})
	if err != nil {
		return key, false
	}
	return sha256.Sum256(raw), true
}

// ITCRiskKey is the digest of everything ITCRisk(fy) without a register is built from (the
// calendar's input as the kept calendars key it: today, the months with a 2B, the 2A pulls by id
// with their suppliers and cancellations, the changed list, the lookups' status, IMS); a year
// with nothing stored to build it from (ITCRisk's NotFound) has a digest too. ok is false when it
// cannot be told.
func (s *Service) ITCRiskKey(ctx context.Context, fy string) (key [32]byte, ok bool) {
	in, pulls, err := s.riskInputKeyed(ctx, fy, Register{}, true, true, nil)
	var notFound string
	switch {
	case apperr.KindOf(err) == apperr.NotFound:
		notFound = err.Error()
	case err != nil:
		return key, false
	}
	imsDigest := IMSDigest(in.IMS)
	in.IMS = nil // by its digest
	raw, err := json.Marshal(struct {
		In       any
		IMS      [32]byte
		Pulls    []string
		NotFound string
	}{in, imsDigest, pulls, notFound})
	if err != nil {
		return key, false
	}
	return sha256.Sum256(raw), true
}

// imsKeep keeps the IMS list last read by StoredIMS with the digest of what it was parsed from.
type imsKeep struct {
	mu     sync.Mutex
	ws     string
	digest [32]byte
	recs   []ims.Record
}

// StoredIMS is ims.Stored of the workspace (every section and action), parsed once for the same
// stored list: the records as stored are read and digested (a few milliseconds for thousands) and
// the records parsed from a list with the same digest are given again (a copy of the slice; the
// records are shared: read them, never change them). The dashboard's week reads IMS for Table 4,
// both ITC calendars and the backlog; parsing a large list is most of an IMS action's refresh.
func (s *Service) StoredIMS(ctx context.Context) ([]ims.Record, error) {
	db, ws := s.core.DB.DB, s.core.Workspace().ID
	now, err := imsDigest(ctx, db, ws)
	if err != nil {
		return nil, err
	}
	k := store.Attached(db, "reconcile.storedIMS", func() *imsKeep { return &imsKeep{} })
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
	d := IMSDigest(recs)
	k.mu.Lock()
	k.ws, k.digest, k.recs = ws, d, recs
	k.mu.Unlock()
	return slices.Clone(recs), nil
}

// imsDigest digests the workspace's stored IMS list as ims.Stored reads it (section and record,
// in its order).
func imsDigest(ctx context.Context, db *sql.DB, ws string) (d [32]byte, err error) {
	rows, err := db.QueryContext(ctx, `SELECT section, record FROM ims_documents WHERE workspace_id = ? ORDER BY section, seq`, ws)
	if err != nil {
		return d, fmt.Errorf("reconcile: IMS as stored: %w", err)
	}
	defer rows.Close()
	h := sha256.New()
	var sec string
	var raw sql.RawBytes
	for rows.Next() {
		if err := rows.Scan(&sec, &raw); err != nil {
			return d, fmt.Errorf("reconcile: IMS as stored: %w", err)
		}
		writeIMSRow(h, sec, raw)
	}
	if err := rows.Err(); err != nil {
		return d, fmt.Errorf("reconcile: IMS as stored: %w", err)
	}
	copy(d[:], h.Sum(nil))
	return d, nil
}

func writeIMSRow(h hash.Hash, section string, raw []byte) {
	var n [8]byte
	binary.LittleEndian.PutUint64(n[:], uint64(len(section)))
	h.Write(n[:])
	h.Write([]byte(section))
	binary.LittleEndian.PutUint64(n[:], uint64(len(raw)))
	h.Write(n[:])
	h.Write(raw)
}

// IMSDigest is a digest of IMS records as parsed from the stored list: each record's section and
// record as stored (Raw, which the rest is parsed from); a record without its Raw is digested by
// its fields. Hashing the stored bytes is a tenth of the time of encoding the records.
func IMSDigest(recs []ims.Record) (d [32]byte) {
	h := sha256.New()
	for i := range recs {
		r := &recs[i]
		if len(r.Raw) > 0 {
			writeIMSRow(h, r.Section, r.Raw)
			continue
		}
		b, _ := json.Marshal(r)
		writeIMSRow(h, "\x00fields", b)
	}
	copy(d[:], h.Sum(nil))
	return d
}
