package backup

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/benbjohnson/litestream"
	"github.com/superfly/ltx"

	"gstdesk/backend/apperr"
	"gstdesk/backend/export"
)

// A replica says whose it is in two marker files kept beside Litestream's own, in Litestream's
// file format so that every kind of target (folder, S3, SFTP) stores them through the same replica
// client: level 10 names the database (its id travels with the database, in its settings, and so
// with every restored copy), level 11 names the desk that writes the replica (its id belongs to
// one data folder and is never copied). Litestream reads levels 0 to 9 only, so it never mistakes
// a marker for data. The ids are the file's transaction ids.
const (
	levelDatabase = 10
	levelWriter   = 11
)

// newID is a random id for a database or a desk: 63 bits, never 0 or 1 (an LTX file whose first
// transaction is 1 claims to be a whole database).
func newID() uint64 {
	for {
		var b [8]byte
		if _, err := rand.Read(b[:]); err != nil {
			panic(err) // crypto/rand does not fail on the systems gstdesk runs on
		}
		if id := binary.BigEndian.Uint64(b[:]) >> 1; id > 1 {
			return id
		}
	}
}

// markerFile is a minimal valid LTX file whose transaction ids are id.
func markerFile(id uint64, at time.Time) ([]byte, error) {
	var buf bytes.Buffer
	enc, err := ltx.NewEncoder(&buf)
	if err != nil {
		return nil, err
	}
	const pageSize = 512
	if err := enc.EncodeHeader(ltx.Header{Version: ltx.Version, Flags: ltx.HeaderFlagNoChecksum, PageSize: pageSize, Commit: 1,
		MinTXID: ltx.TXID(id), MaxTXID: ltx.TXID(id), Timestamp: at.UnixMilli()}); err != nil {
		return nil, err
	}
	if err := enc.EncodePage(ltx.PageHeader{Pgno: 1}, make([]byte, pageSize)); err != nil {
		return nil, err
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// marker is one marker file found on a target.
type marker struct {
	ID uint64
	At time.Time
}

func markers(ctx context.Context, c litestream.ReplicaClient, level int) ([]marker, error) {
	infos, err := litestream.FindLTXFiles(ctx, c, level, false, func(*ltx.FileInfo) (bool, error) { return true, nil })
	if err != nil {
		return nil, err
	}
	var out []marker
	for _, f := range infos {
		if f.MinTXID == f.MaxTXID {
			out = append(out, marker{ID: uint64(f.MinTXID), At: f.CreatedAt})
		}
	}
	// The first claim wins: earliest, then the lowest id.
	slices.SortFunc(out, func(a, b marker) int {
		if c := a.At.Compare(b.At); c != 0 {
			return c
		}
		return cmpU64(a.ID, b.ID)
	})
	return out, nil
}

func cmpU64(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func writeMarker(ctx context.Context, c litestream.ReplicaClient, level int, id uint64, at time.Time) error {
	b, err := markerFile(id, at)
	if err != nil {
		return err
	}
	_, err = c.WriteLTXFile(ctx, level, ltx.TXID(id), ltx.TXID(id), bytes.NewReader(b))
	return err
}

func deleteMarkers(ctx context.Context, c litestream.ReplicaClient, level int, keep uint64) error {
	ms, err := markers(ctx, c, level)
	if err != nil {
		return err
	}
	var del []*ltx.FileInfo
	for _, m := range ms {
		if m.ID != keep {
			del = append(del, &ltx.FileInfo{Level: level, MinTXID: ltx.TXID(m.ID), MaxTXID: ltx.TXID(m.ID)})
		}
	}
	if len(del) == 0 {
		return nil
	}
	return c.DeleteLTXFiles(ctx, del)
}

// hasData reports whether a target holds any Litestream file.
func hasData(ctx context.Context, c litestream.ReplicaClient) (bool, error) {
	for level := 0; level <= litestream.SnapshotLevel; level++ {
		itr, err := c.LTXFiles(ctx, level, 0, false)
		if err != nil {
			return false, err
		}
		any := itr.Next()
		err = itr.Close()
		if err != nil {
			return false, err
		}
		if any {
			return true, nil
		}
	}
	return false, nil
}

// ErrNotWriter is what a desk that is not a replica's writer gets when it tries to write it.
var ErrNotWriter = errors.New("backup: this desk is not the replica's writer")

// Claim checks that the target belongs to database db and that desk is its writer, claiming an
// empty target for both. A target with data and no marker (another tool's replica), another
// database's replica, or one another desk writes is refused with an error naming the target.
func Claim(ctx context.Context, t Target, c litestream.ReplicaClient, db, desk uint64, now time.Time) error {
	dbs, err := markers(ctx, c, levelDatabase)
	if err != nil {
		return targetError(t, "read", err)
	}
	switch {
	case len(dbs) == 0:
		data, err := hasData(ctx, c)
		if err != nil {
			return targetError(t, "read", err)
		}
		if data {
			return apperr.New(apperr.Conflict, "Backup target %q (%s) already holds a replica that gstdesk did not make for this database. Choose an empty folder or path for it.", t.Name, t.Where())
		}
		if err := writeMarker(ctx, c, levelDatabase, db, now); err != nil {
			return targetError(t, "write to", err)
		}
	case dbs[0].ID != db:
		return apperr.New(apperr.Conflict, "Backup target %q (%s) holds the replica of another gstdesk database. Choose another folder or path for this one; to use that replica, restore it into a new data folder.", t.Name, t.Where())
	}
	ws, err := markers(ctx, c, levelWriter)
	if err != nil {
		return targetError(t, "read", err)
	}
	if len(ws) == 0 {
		if err := writeMarker(ctx, c, levelWriter, desk, now); err != nil {
			return targetError(t, "write to", err)
		}
		// Two desks claiming at once: both read again and the first claim stands.
		if ws, err = markers(ctx, c, levelWriter); err != nil {
			return targetError(t, "read", err)
		}
		if len(ws) > 1 && ws[0].ID != desk {
			_ = c.DeleteLTXFiles(ctx, []*ltx.FileInfo{{Level: levelWriter, MinTXID: ltx.TXID(desk), MaxTXID: ltx.TXID(desk)}})
		}
	}
	if len(ws) > 0 && ws[0].ID != desk {
		return notWriter(t, ws[0])
	}
	return nil
}

func notWriter(t Target, w marker) error {
	return apperr.Wrap(apperr.Conflict, ErrNotWriter, "Backup target %q (%s) is written by another desk since %s; this desk only reads it. To make this desk the writer, stop gstdesk on the other desk, then take over.",
		t.Name, t.Where(), w.At.Local().Format("02/01/2006 15:04")).
		WithHint(apperr.Hint{Window: "Use Take over in Settings → Backup.", Command: "Run: gstdesk backup takeover --yes (it takes over every target of this desk)"})
}

// TakeOver makes desk the writer of a replica of database db, in place of whichever desk wrote it.
func TakeOver(ctx context.Context, t Target, c litestream.ReplicaClient, db, desk uint64, now time.Time) error {
	dbs, err := markers(ctx, c, levelDatabase)
	if err != nil {
		return targetError(t, "read", err)
	}
	if len(dbs) == 0 || dbs[0].ID != db {
		return apperr.New(apperr.Conflict, "Backup target %q (%s) does not hold a replica of this database: there is nothing to take over. Restore from it into a new data folder first, then take over from there.", t.Name, t.Where())
	}
	if err := writeMarker(ctx, c, levelWriter, desk, now); err != nil {
		return targetError(t, "write to", err)
	}
	if err := deleteMarkers(ctx, c, levelWriter, desk); err != nil {
		return targetError(t, "write to", err)
	}
	return nil
}

// Writer is the desk that writes a replica and since when (zero when none has claimed it).
func Writer(ctx context.Context, t Target, c litestream.ReplicaClient) (uint64, time.Time, error) {
	if err := t.present(); err != nil {
		return 0, time.Time{}, err // an unplugged disk lists no marker: that is not another desk
	}
	ws, err := markers(ctx, c, levelWriter)
	if err != nil {
		return 0, time.Time{}, targetError(t, "read", err)
	}
	if len(ws) == 0 {
		return 0, time.Time{}, apperr.New(apperr.NotFound, "Backup target %q (%s) no longer says which desk writes it (its marker files are gone: was it emptied?). gstdesk claims it again at the next sync.", t.Name, t.Where())
	}
	return ws[0].ID, ws[0].At, nil
}

// Desk is this data folder's identity as a writer of replicas, kept in DeskFile in the data folder
// (never in the database, so a restored copy is another desk until it takes over).
type Desk struct {
	ID   uint64 `json:"id"`
	Name string `json:"name"` // the computer's name, for the person
}

// DeskFile is the file in the data folder that holds the desk's id.
const DeskFile = "backup-desk.json"

// LoadDesk reads the data folder's desk id, making one the first time.
func LoadDesk(dir string) (Desk, error) {
	path := filepath.Join(dir, DeskFile)
	b, err := os.ReadFile(path)
	if err == nil {
		var d Desk
		if err := json.Unmarshal(b, &d); err == nil && d.ID > 1 {
			return d, nil
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return Desk{}, fmt.Errorf("backup: read %s: %w", path, err)
	}
	d := Desk{ID: newID()}
	d.Name, _ = os.Hostname()
	err = export.WriteFileAtomic(path, 0o600, func(w io.Writer) error { return json.NewEncoder(w).Encode(d) })
	if err != nil {
		return Desk{}, fmt.Errorf("backup: write %s: %w", path, err)
	}
	return d, nil
}
