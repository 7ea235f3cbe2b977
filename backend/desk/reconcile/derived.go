package reconcile

import (
	"context"
	"crypto/sha256"
	"encoding/json"

	"gstdesk/backend/apperr"
	"gstdesk/backend/ims"
	"gstdesk/backend/period"
)

// A caller that keeps what it builds from Table4 or ITCRisk beyond this process (the dashboard's
// week, kept in the database across openings) keys it by these digests: each is computed from
// everything the result is built from, read without reading a document (the pulls and runs by id,
// which never change once saved), so the same digest means the same result.

// Table4Key is the digest of everything Table4(p) is built from: each month's worksheet's inputs
// (today, IMS, claims, blocked marks, runs against 2B, the register of the newest, the 2B and 2A
// pulls by id) for every month the two ledgers run through to p, and the ledgers' openings. ok is
// false when it cannot be told (then nothing may be kept by it).
func (s *Service) Table4Key(ctx context.Context, m period.Month) (key [32]byte, ok bool) {
	p := m.Key()
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
func (s *Service) ITCRiskKey(ctx context.Context, year period.FY) (key [32]byte, ok bool) {
	fy := year.String()
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

// StoredIMS is the workspace's stored IMS list (every section and action) as the returns service
// keeps it parsed (returns.Service.IMSKept): the records are shared, read them, never change them.
func (s *Service) StoredIMS(ctx context.Context) ([]ims.Record, error) {
	return s.Returns.IMSKept(ctx)
}

// IMSDigest is ims.Digest: the digest of IMS records as parsed from the stored list.
func IMSDigest(recs []ims.Record) [32]byte { return ims.Digest(recs) }
