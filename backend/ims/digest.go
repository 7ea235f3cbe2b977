package ims

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash"
)

// StoredDigest digests the workspace's stored IMS list as Stored reads it (each record's section
// and record as stored, in its order), without parsing it: a few milliseconds for thousands of
// records. It equals Digest of what Stored gives for the same list.
func StoredDigest(ctx context.Context, db *sql.DB, workspaceID string) (d [32]byte, err error) {
	rows, err := db.QueryContext(ctx, `SELECT section, record FROM ims_documents WHERE workspace_id = ? ORDER BY section, seq`, workspaceID)
	if err != nil {
		return d, fmt.Errorf("ims: the stored list's digest: %w", err)
	}
	defer rows.Close()
	h := sha256.New()
	var sec string
	var raw sql.RawBytes
	for rows.Next() {
		if err := rows.Scan(&sec, &raw); err != nil {
			return d, fmt.Errorf("ims: the stored list's digest: %w", err)
		}
		writeRow(h, sec, raw)
	}
	if err := rows.Err(); err != nil {
		return d, fmt.Errorf("ims: the stored list's digest: %w", err)
	}
	copy(d[:], h.Sum(nil))
	return d, nil
}

// Digest is a digest of IMS records as parsed from the stored list: each record's section and
// record as stored (Raw, which the rest is parsed from); a record without its Raw is digested by
// its fields. Hashing the stored bytes is a tenth of the time of encoding the records.
func Digest(recs []Record) (d [32]byte) {
	h := sha256.New()
	for i := range recs {
		r := &recs[i]
		if len(r.Raw) > 0 {
			writeRow(h, r.Section, r.Raw)
			continue
		}
		b, _ := json.Marshal(r)
		writeRow(h, "\x00fields", b)
	}
	copy(d[:], h.Sum(nil))
	return d
}

func writeRow(h hash.Hash, section string, raw []byte) {
	var n [8]byte
	binary.LittleEndian.PutUint64(n[:], uint64(len(section)))
	h.Write(n[:])
	h.Write([]byte(section))
	binary.LittleEndian.PutUint64(n[:], uint64(len(raw)))
	h.Write(n[:])
	h.Write(raw)
}
