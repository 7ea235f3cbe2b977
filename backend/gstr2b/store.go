package gstr2b

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"gstdesk/backend/apperr"
	"gstdesk/backend/civil"
	"gstdesk/backend/docid"
	"gstdesk/backend/money"
	"gstdesk/backend/period"
	"gstdesk/backend/store"
)

// Snapshot statuses.
const (
	StatusComplete = "complete" // the return has documents
	StatusEmpty    = "empty"    // the service said there is nothing for the period (RET2B1016)
)

// SaveRequest is one GSTR-2B to store: an answer of the service or a portal file.
type SaveRequest struct {
	WorkspaceID string
	// GSTIN is the workspace's taxpayer: a return of another GSTIN is refused.
	GSTIN string
	// Period is the period asked for (YYYY-MM); "" for a file, whose period is its own.
	Period string
	// Source is SourceAPI or SourceFile; FileName names the file imported.
	Source   string
	FileName string
	// FetchedAt is when it was received or imported, on the caller's clock (required: a save
	// without it is refused).
	FetchedAt     time.Time
	TransactionID string
	ServerTime    time.Time
	// Raw is the return as one document ({"chksum", "data"}; Assemble puts pages together).
	Raw []byte
	// Files is the number of pages it came in.
	Files int
	// Empty records the service's "nothing this period" (RET2B1016); Raw is then nil.
	Empty bool
}

// Snapshot describes one stored GSTR-2B.
type Snapshot struct {
	ID            string    `json:"id"`
	WorkspaceID   string    `json:"workspace_id"`
	GSTIN         string    `json:"gstin"`
	Period        string    `json:"period"`
	Source        string    `json:"source"`
	FileName      string    `json:"file_name,omitempty"`
	FetchedAt     time.Time `json:"fetched_at"`
	TransactionID string    `json:"transaction_id"`
	ServerTime    time.Time `json:"server_time"`
	Status        string    `json:"status"`
	GenDate       string    `json:"gendt"`
	Version       string    `json:"version"`
	Checksum      string    `json:"chksum"`
	Shape         string    `json:"shape"`
	Files         int       `json:"files"`
	Documents     int       `json:"documents"`
	Rejected      int       `json:"rejected"`
	// Reversed counts the documents of itcrev (credit reversed), apart from Documents.
	Reversed     int         `json:"reversed"`
	Suppliers    int         `json:"suppliers"`
	Totals       Amounts     `json:"totals"`
	ITCAvailable money.Paise `json:"itc_available"`
	Note         string      `json:"note,omitempty"`
	// Notices are the return's notices (Return.Notices): what it holds that gstdesk keeps but
	// does not read, references missing, codes of values gstdesk does not know.
	Notices []string `json:"notices"`

	sid         int64
	first, last int64
}

// SourceText says in words where a snapshot came from: "pulled from the GST service" or
// "imported from file X".
func (s Snapshot) SourceText() string {
	if s.Source == SourceFile {
		if s.FileName != "" {
			return "imported from the portal file " + s.FileName
		}
		return "imported from a portal file"
	}
	return "pulled from the GST service"
}

// Save reads and checks the return and stores it as a new snapshot in one transaction: nothing is
// written unless everything is, so a malformed return, a return of another GSTIN or period, an
// error or a cancel leave the earlier snapshots exactly as they were.
func Save(ctx context.Context, db *sql.DB, req SaveRequest) (Snapshot, error) {
	if strings.TrimSpace(req.WorkspaceID) == "" {
		return Snapshot{}, apperr.New(apperr.Invalid, "Choose a workspace before saving a GSTR-2B.")
	}
	if req.Source != SourceAPI && req.Source != SourceFile {
		return Snapshot{}, fmt.Errorf("gstr2b: save: unknown source %q", req.Source)
	}
	origin := FromService
	if req.Source == SourceFile {
		origin = FromFile
	}
	if req.FetchedAt.IsZero() {
		return Snapshot{}, fmt.Errorf("gstr2b: save: no time given to stamp the return with (FetchedAt)")
	}
	var r *Return
	if req.Empty {
		if _, err := period.Canonical(req.Period); err != nil {
			return Snapshot{}, apperr.New(apperr.Invalid, "The GSTR-2B return %s.", err.Error())
		}
		r = &Return{GSTIN: req.GSTIN, Period: req.Period, ITC: ITCSummary{}, Counterparties: map[string][]Counterparty{}}
		req.Raw = nil
	} else {
		var err error
		if r, err = Parse(req.Raw, origin); err != nil {
			return Snapshot{}, apperr.WithTransaction(err, req.TransactionID)
		}
		if err := checkBelongs(r, req, origin); err != nil {
			return Snapshot{}, apperr.WithTransaction(err, req.TransactionID)
		}
		if err := checkNotShrinking(ctx, db, req, r); err != nil {
			return Snapshot{}, apperr.WithTransaction(err, req.TransactionID)
		}
		if n, err := olderGeneration(ctx, db, req.WorkspaceID, r); err != nil {
			return Snapshot{}, err
		} else if n != "" {
			r.Notices = append([]string{n}, r.Notices...)
		}
	}
	r.Files = req.Files
	var snap Snapshot
	err := store.WithBulkTx(ctx, db, func(tx *store.BulkTx) error {
		var err error
		snap, err = write(ctx, tx, req, r)
		return err
	})
	if err != nil {
		var ae *apperr.Error
		if errors.As(err, &ae) {
			return Snapshot{}, err
		}
		if ctx.Err() != nil {
			return Snapshot{}, apperr.Wrap(apperr.Canceled, err, "Saving the GSTR-2B was cancelled; the earlier snapshots are unchanged.")
		}
		return Snapshot{}, apperr.Wrap(apperr.Internal, err, "gstr2b: save")
	}
	return snap, nil
}

// checkBelongs refuses a return of another taxpayer or period than the one asked for.
func checkBelongs(r *Return, req SaveRequest, origin Origin) error {
	what := "The GST service answered with"
	kind := apperr.Unavailable
	if origin == FromFile {
		what, kind = "The file "+req.FileName+" is", apperr.Invalid
	}
	if req.GSTIN != "" && !strings.EqualFold(r.GSTIN, req.GSTIN) {
		return apperr.New(kind, "%s the GSTR-2B of %s, not of this workspace's GSTIN %s. Nothing was saved; open that client's workspace, or choose this client's file.", what, r.GSTIN, req.GSTIN)
	}
	if req.Period != "" && r.Period != req.Period {
		return apperr.New(kind, "%s the GSTR-2B of %s, not of %s as asked. Nothing was saved.", what, r.Period, req.Period)
	}
	return nil
}

// newestFirst orders a period's snapshots newest generation first (gendt, DD-MM-YYYY, read as a
// date; a snapshot without one last), then newest fetched: the first is the period's current
// GSTR-2B, the one the reconciliation, Table 4 and the screens use. An older generation imported
// or answered after a newer one is kept in the history and does not become current.
const newestFirst = genKeySQL + ` DESC, fetched_at DESC, sid DESC`

// genKeySQL is gendt as genKey reads it, in SQL: YYYYMMDD, or ” for a generation date that is not
// DD-MM-YYYY (kept as given, with a notice), which sorts with the snapshots that have none.
const genKeySQL = `CASE WHEN gendt GLOB '[0-3][0-9]-[01][0-9]-[0-9][0-9][0-9][0-9]' THEN substr(gendt, 7, 4) || substr(gendt, 4, 2) || substr(gendt, 1, 2) ELSE '' END`

// genKey is a generation date DD-MM-YYYY as YYYYMMDD, to order generations by; "" for one that is
// not a date (civil.ParseDDMMYYYY), which never counts as newer or older than another.
func genKey(gendt string) string {
	iso, ok := civil.ParseDDMMYYYY(gendt, '-')
	if !ok {
		return ""
	}
	return strings.ReplaceAll(iso, "-", "")
}

// olderGeneration says, when r was generated before the period's current GSTR-2B, that it is kept
// in the history and the newer generation stays current ("" otherwise).
func olderGeneration(ctx context.Context, db *sql.DB, workspaceID string, r *Return) (string, error) {
	if genKey(r.GenDate) == "" {
		return "", nil
	}
	var gen string
	err := db.QueryRowContext(ctx, `SELECT gendt FROM gstr2b_snapshots WHERE workspace_id = ? AND period = ? AND `+genKeySQL+` != ''
		ORDER BY `+newestFirst+` LIMIT 1`, workspaceID, r.Period).Scan(&gen)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("gstr2b: compare with the stored snapshots: %w", err)
	}
	if genKey(gen) == "" || genKey(r.GenDate) >= genKey(gen) {
		return "", nil
	}
	return fmt.Sprintf("This GSTR-2B was generated on %s, before the one already kept (generated %s): it is kept in the history, and the newer generation stays the period's current GSTR-2B.",
		strings.ReplaceAll(r.GenDate, "-", "/"), strings.ReplaceAll(gen, "-", "/")), nil
}

// checkNotShrinking refuses a return that would stand for less than a snapshot already stored of
// the same period and generation date (gendt), from any source (a pull, the portal's file, a
// part of it): the same generation of a GSTR-2B does not
// lose documents, so one with fewer is incomplete (a part of a return sent in several files, an
// answer cut short) and must not become the period's latest, which the reconciliation uses. An
// empty period is stored only when the service says so (SaveRequest.Empty), never from a return
// that merely has no documents beside a fuller one. (Checked just before the transaction; two
// saves of the same period at the same moment are not a case the desk has.)
func checkNotShrinking(ctx context.Context, db *sql.DB, req SaveRequest, r *Return) error {
	var id, fetched, fileName string
	var n int
	err := db.QueryRowContext(ctx, `SELECT id, fetched_at, file_name, doc_count + rejected_count + reversed_count AS n FROM gstr2b_snapshots
		WHERE workspace_id = ? AND period = ? AND gendt = ? AND status = 'complete' ORDER BY n DESC, sid DESC LIMIT 1`,
		req.WorkspaceID, r.Period, r.GenDate).Scan(&id, &fetched, &fileName, &n)
	if errors.Is(err, sql.ErrNoRows) || err == nil && len(r.Documents) >= n {
		return nil
	}
	if err != nil {
		if ctx.Err() != nil {
			return apperr.Wrap(apperr.Canceled, err, "Saving the GSTR-2B was cancelled; the earlier snapshots are unchanged.")
		}
		return fmt.Errorf("gstr2b: compare with the stored snapshots: %w", err)
	}
	what, kind := "The GST service answered with", apperr.Unavailable
	if req.Source == SourceFile {
		what, kind = "The file "+req.FileName+" is", apperr.Invalid
	}
	gen := r.GenDate
	if gen == "" {
		gen = "no generation date"
	}
	prev := "pulled from the GST service"
	if fileName != "" {
		prev = "imported from " + fileName
	}
	at := store.ParseTimeOrZero(fetched).Local().Format("02/01/2006 15:04")
	return apperr.New(kind, "%s a GSTR-2B of %s (generated %s) with %d documents, fewer than the %d of the one %s on %s, of the same generation. "+
		"The same generation of a GSTR-2B does not lose documents, so this one is incomplete (one part of a return sent in several files, or cut short). "+
		"Nothing was saved: the fuller snapshot stays the period's latest and is the one the reconciliation uses. Give the whole return (the summary and every part together), or pull it again.",
		what, r.Period, gen, len(r.Documents), n, prev, at)
}

const docCols = 38

func write(ctx context.Context, tx *store.BulkTx, req SaveRequest, r *Return) (Snapshot, error) {
	snap := Snapshot{ID: uuid.NewString(), WorkspaceID: req.WorkspaceID, GSTIN: r.GSTIN, Period: r.Period, Source: req.Source,
		FileName: req.FileName, FetchedAt: store.ParseTimeOrZero(store.FormatTimeOrEmpty(req.FetchedAt)), TransactionID: req.TransactionID,
		ServerTime: store.ParseTimeOrZero(store.FormatTimeOrEmpty(req.ServerTime)), Status: StatusComplete, GenDate: r.GenDate, Version: r.Version,
		Checksum: r.Checksum, Shape: r.Shape(), Files: r.Files}
	if req.Empty {
		snap.Status = StatusEmpty
	}
	// The answer is compressed on the other core while the documents are written.
	type packed struct {
		b   []byte
		err error
	}
	var pack chan packed
	if !req.Empty {
		pack = make(chan packed, 1)
		go func() {
			b, err := store.CompressAnswer(req.Raw)
			pack <- packed{b, err}
		}()
		defer func() {
			if pack != nil {
				<-pack // not left running past the transaction
			}
		}()
	}
	first, err := tx.QueryInt64(`SELECT coalesce(max(id), 0) + 1 FROM gstr2b_documents`)
	if err != nil {
		return snap, err
	}
	itc, _ := money.MarshalStored(r.ITC)
	cp, _ := money.MarshalStored(r.Counterparties)
	cpRej := []byte("{}")
	if len(r.RejectedCounterparties) > 0 {
		cpRej, _ = money.MarshalStored(r.RejectedCounterparties)
	}
	snap.Notices = r.Notices
	if snap.Notices == nil {
		snap.Notices = []string{}
	}
	notices, _ := json.Marshal(snap.Notices)
	sid, err := tx.Exec(`INSERT INTO gstr2b_snapshots (id, workspace_id, gstin, period, source, file_name, fetched_at,
		transaction_id, server_time, status, gendt, version, chksum, shape, files, itcsumm, cpsumm, cpsumm_rej, notices)
		VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`, snap.ID, snap.WorkspaceID, snap.GSTIN, snap.Period, snap.Source, snap.FileName,
		store.FormatTimeOrEmpty(req.FetchedAt), snap.TransactionID, store.FormatTimeOrEmpty(req.ServerTime), snap.Status, snap.GenDate, snap.Version,
		snap.Checksum, snap.Shape, int64(snap.Files), string(itc), string(cp), string(cpRej), string(notices))
	if err != nil {
		return snap, err
	}
	ins, err := tx.Insert(`INSERT INTO gstr2b_documents (id, sid, rejected, section, kind, ctin, trdnm, supfildt, supprd, num,
		num_norm, dt, doc_date, val, taxable, igst, cgst, sgst, cess, pos, rev, typ, itcavl, rsn, diffprcnt, ims_status, srctyp,
		irn, irngendate, onum, odt, otyp, portcode, items, val_basis, refdt, recdt, isamd)`, docCols, 64)
	if err != nil {
		return snap, err
	}
	defer ins.Close()
	id := first
	var ranges rangeBuilder
	suppliers := map[string]bool{}
	var ib []byte
	for i := range r.Documents {
		d := &r.Documents[i]
		if i%2000 == 1999 {
			if err := ctx.Err(); err != nil {
				return snap, err
			}
		}
		var items any
		if d.HasItems {
			ib = appendItems(ib[:0], d.Items)
			items = string(ib)
		}
		rej := int64(0)
		if d.Rejected {
			rej = 1
		}
		switch {
		case d.Reversed:
			// itcrev: counted apart, never in the credit or the totals.
			rej |= 2
			snap.Reversed++
		case d.Rejected:
			snap.Rejected++
		default:
			snap.Documents++
			if d.Supplier != "" {
				suppliers[d.Supplier] = true
			}
			sg := d.Sign()
			snap.Totals.Taxable += sg * d.Taxable
			snap.Totals.IGST += sg * d.IGST
			snap.Totals.CGST += sg * d.CGST
			snap.Totals.SGST += sg * d.SGST
			snap.Totals.Cess += sg * d.Cess
			if d.ITCAvailable == "Y" {
				snap.ITCAvailable += sg * d.Tax()
			}
		}
		if err := ins.Add(id, sid, rej, d.Section, d.Kind, d.Supplier, d.TradeName, d.SupplierFiled, d.SupplierPeriod, d.Number,
			docid.Number(d.Number), d.Date, d.DateISO, int64(d.Value), int64(d.Taxable), int64(d.IGST), int64(d.CGST),
			int64(d.SGST), int64(d.Cess), d.POS, d.ReverseCharge, d.Type, d.ITCAvailable, d.Reason, d.DiffPercent, d.IMSStatus,
			d.SourceType, d.IRN, d.IRNDate, d.OrigNumber, d.OrigDate, d.OrigType, d.PortCode, items, d.ValueBasis, d.RefDate, d.RecDate, d.Amended); err != nil {
			return snap, err
		}
		ranges.add(id, d)
		id++
	}
	if err := ins.Flush(); err != nil {
		return snap, err
	}
	snap.Suppliers = len(suppliers)
	snap.Totals.HasTaxable = true
	snap.sid, snap.first, snap.last = sid, first, id-1
	snap.Note = summaryNote(r, snap)
	// The notices reach a caller that shows Note only (an import's result) too: the first, and
	// how many more the snapshot keeps.
	switch n := len(snap.Notices); {
	case n == 1:
		snap.Note = strings.TrimSpace(snap.Note + " " + snap.Notices[0])
	case n > 1:
		snap.Note = strings.TrimSpace(fmt.Sprintf("%s %s (and %d more notices about this return, kept with it.)", snap.Note, snap.Notices[0], n-1))
	}
	t := snap.Totals
	if _, err := tx.Exec(`UPDATE gstr2b_snapshots SET doc_count = ?, rejected_count = ?, reversed_count = ?, supplier_count = ?, taxable = ?, igst = ?,
		cgst = ?, sgst = ?, cess = ?, itc_available = ?, note = ?, doc_first = ?, doc_last = ?, sections = ? WHERE sid = ?`,
		int64(snap.Documents), int64(snap.Rejected), int64(snap.Reversed), int64(snap.Suppliers), int64(t.Taxable), int64(t.IGST), int64(t.CGST),
		int64(t.SGST), int64(t.Cess), int64(snap.ITCAvailable), snap.Note, snap.first, snap.last, ranges.json(), sid); err != nil {
		return snap, err
	}
	if !req.Empty {
		p := <-pack
		pack = nil
		if p.err != nil {
			return snap, p.err
		}
		if _, err := tx.Exec(`INSERT INTO gstr2b_snapshot_raw (sid, answer) VALUES (?, ?)`, sid, p.b); err != nil {
			return snap, err
		}
	}
	// Last look before the commit: a cancel from here on is too late.
	return snap, ctx.Err()
}

// summaryNote compares the return's own ITC summary with what its documents add up to: a return
// whose two disagree is shown with both figures, never one of them silently.
func summaryNote(r *Return, snap Snapshot) string {
	avl, ok := r.ITC["itcavl"]
	if !ok || r.Files > 0 && len(r.Documents) == 0 {
		return ""
	}
	sum := NetITC(avl)
	if d := sum - snap.ITCAvailable; d > 100 || d < -100 {
		return fmt.Sprintf("The return's ITC summary (itcsumm) says ₹%s is available; its documents with ITC available add up to ₹%s.",
			sum.Indian(), snap.ITCAvailable.Indian())
	}
	return ""
}

// NetITC is the credit one part of itcsumm gives: its groups added up, less "othersup" (the
// portal's Part B, ITC reversal: credit notes and ISD credit notes, given as positive amounts).
func NetITC(part map[string]SummaryGroup) money.Paise {
	var sum money.Paise
	for name, g := range part {
		switch {
		case !itcGroups[name]:
			// A group gstdesk does not know is kept, not counted.
		case name == "othersup":
			sum -= g.Total.Tax()
		default:
			sum += g.Total.Tax()
		}
	}
	return sum
}

// appendItems writes items as JSON for the items column.
// readItems reads items as appendItems wrote them (integer paise) in one pass; anything else
// (a row kept in another form) through money.UnmarshalStored, as before.
func readItems(b []byte, items *[]Item) error {
	var raw []struct{ Num, Rate, Taxable, IGST, CGST, SGST, Cess int64 }
	if json.Unmarshal(b, &raw) != nil {
		return money.UnmarshalStored(b, items)
	}
	out := make([]Item, len(raw))
	for i, r := range raw {
		out[i] = Item{Num: r.Num, Rate: r.Rate, Taxable: money.Paise(r.Taxable), IGST: money.Paise(r.IGST), CGST: money.Paise(r.CGST), SGST: money.Paise(r.SGST), Cess: money.Paise(r.Cess)}
	}
	*items = out
	return nil
}

func appendItems(b []byte, items []Item) []byte {
	b = append(b, '[')
	for i, it := range items {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"num":`...)
		b = strconv.AppendInt(b, it.Num, 10)
		b = append(b, `,"rate":`...)
		b = strconv.AppendInt(b, it.Rate, 10)
		b = append(b, `,"taxable":`...)
		b = strconv.AppendInt(b, int64(it.Taxable), 10)
		b = append(b, `,"igst":`...)
		b = strconv.AppendInt(b, int64(it.IGST), 10)
		b = append(b, `,"cgst":`...)
		b = strconv.AppendInt(b, int64(it.CGST), 10)
		b = append(b, `,"sgst":`...)
		b = strconv.AppendInt(b, int64(it.SGST), 10)
		b = append(b, `,"cess":`...)
		b = strconv.AppendInt(b, int64(it.Cess), 10)
		b = append(b, '}')
	}
	return append(b, ']')
}

const snapshotCols = `sid, id, workspace_id, gstin, period, source, file_name, fetched_at, transaction_id, server_time, status,
	gendt, version, chksum, shape, files, doc_count, rejected_count, supplier_count, taxable, igst, cgst, sgst, cess,
	itc_available, note, doc_first, doc_last, reversed_count, notices`

func scanSnapshot(row interface{ Scan(...any) error }) (Snapshot, error) {
	var s Snapshot
	var fetched, server, notices string
	err := row.Scan(&s.sid, &s.ID, &s.WorkspaceID, &s.GSTIN, &s.Period, &s.Source, &s.FileName, &fetched, &s.TransactionID, &server,
		&s.Status, &s.GenDate, &s.Version, &s.Checksum, &s.Shape, &s.Files, &s.Documents, &s.Rejected, &s.Suppliers,
		&s.Totals.Taxable, &s.Totals.IGST, &s.Totals.CGST, &s.Totals.SGST, &s.Totals.Cess, &s.ITCAvailable, &s.Note, &s.first, &s.last,
		&s.Reversed, &notices)
	if err == nil && json.Unmarshal([]byte(notices), &s.Notices) != nil || s.Notices == nil {
		s.Notices = []string{}
	}
	s.FetchedAt, s.ServerTime, s.Totals.HasTaxable = store.ParseTimeOrZero(fetched), store.ParseTimeOrZero(server), true
	return s, err
}

func querySnapshots(ctx context.Context, db *sql.DB, where string, args ...any) ([]Snapshot, error) {
	rows, err := db.QueryContext(ctx, `SELECT `+snapshotCols+` FROM gstr2b_snapshots WHERE `+where, args...)
	if err != nil {
		return nil, fmt.Errorf("gstr2b: list snapshots: %w", err)
	}
	defer rows.Close()
	out := []Snapshot{}
	for rows.Next() {
		s, err := scanSnapshot(rows)
		if err != nil {
			return nil, fmt.Errorf("gstr2b: list snapshots: %w", err)
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// Snapshots lists every GSTR-2B of a period in a workspace, the newest first.
func Snapshots(ctx context.Context, db *sql.DB, workspaceID, period string) ([]Snapshot, error) {
	return querySnapshots(ctx, db, `workspace_id = ? AND period = ? ORDER BY `+newestFirst, workspaceID, period)
}

// SnapshotByID returns one snapshot of a workspace.
func SnapshotByID(ctx context.Context, db *sql.DB, workspaceID, id string) (Snapshot, error) {
	s, err := querySnapshots(ctx, db, `workspace_id = ? AND id = ?`, workspaceID, id)
	if err != nil {
		return Snapshot{}, err
	}
	if len(s) == 0 {
		return Snapshot{}, apperr.New(apperr.NotFound, "There is no GSTR-2B snapshot %q in this workspace; pick another from the history.", id)
	}
	return s[0], nil
}

// LatestSnapshot returns the newest GSTR-2B of a period; a period never pulled or imported gives
// an error of kind NotFound.
func LatestSnapshot(ctx context.Context, db *sql.DB, workspaceID, period string) (Snapshot, error) {
	s, err := querySnapshots(ctx, db, `workspace_id = ? AND period = ? ORDER BY `+newestFirst+` LIMIT 1`, workspaceID, period)
	if err != nil {
		return Snapshot{}, err
	}
	if len(s) == 0 {
		return Snapshot{}, apperr.New(apperr.NotFound, "GSTR-2B for %s has not been pulled or imported yet. Pull it, or import the file downloaded from the GST portal.", period)
	}
	return s[0], nil
}

// PeriodInfo is what the period chips show: a period with a 2B, how many snapshots, the latest.
type PeriodInfo struct {
	Period    string   `json:"period"`
	Snapshots int      `json:"snapshots"`
	Latest    Snapshot `json:"latest"`
}

// Periods lists the periods with a GSTR-2B in a workspace, the latest period first.
func Periods(ctx context.Context, db *sql.DB, workspaceID string) ([]PeriodInfo, error) {
	all, err := querySnapshots(ctx, db, `workspace_id = ? ORDER BY period DESC, `+newestFirst, workspaceID)
	if err != nil {
		return nil, err
	}
	out := []PeriodInfo{}
	for _, s := range all {
		if n := len(out); n == 0 || out[n-1].Period != s.Period {
			out = append(out, PeriodInfo{Period: s.Period, Latest: s})
		}
		out[len(out)-1].Snapshots++
	}
	return out, nil
}

// RawReturn returns a snapshot's return as one document, as it was given (a portal file
// {"chksum", "data"}, or the service's answer saved whole with its envelope: Parse reads either),
// every key kept, those gstdesk does not read too; for a period with nothing (RET2B1016) it is nil.
func RawReturn(ctx context.Context, db *sql.DB, snap Snapshot) ([]byte, error) {
	var gz []byte
	err := db.QueryRowContext(ctx, `SELECT answer FROM gstr2b_snapshot_raw WHERE sid = ?`, snap.sid).Scan(&gz)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("gstr2b: read return: %w", err)
	}
	return store.DecompressAnswer(gz)
}

// Summary is a snapshot's ITC summary (itcsumm) and supplier summary (cpsumm) as stored.
type Summary struct {
	ITC            ITCSummary                `json:"itcsumm"`
	Counterparties map[string][]Counterparty `json:"cpsumm"`
	// RejectedCounterparties is cpSummRej (v4.0), each line marked Rejected.
	RejectedCounterparties map[string][]Counterparty `json:"cpSummRej"`
}

// SnapshotSummary reads a snapshot's itcsumm and cpsumm.
func SnapshotSummary(ctx context.Context, db *sql.DB, snap Snapshot) (Summary, error) {
	var itc, cp, cpRej string
	if err := db.QueryRowContext(ctx, `SELECT itcsumm, cpsumm, cpsumm_rej FROM gstr2b_snapshots WHERE sid = ?`, snap.sid).Scan(&itc, &cp, &cpRej); err != nil {
		return Summary{}, fmt.Errorf("gstr2b: read summary: %w", err)
	}
	var s Summary
	if err := money.UnmarshalStored([]byte(itc), &s.ITC); err != nil {
		return Summary{}, fmt.Errorf("gstr2b: read itcsumm: %w", err)
	}
	if err := money.UnmarshalStored([]byte(cp), &s.Counterparties); err != nil {
		return Summary{}, fmt.Errorf("gstr2b: read cpsumm: %w", err)
	}
	if err := money.UnmarshalStored([]byte(cpRej), &s.RejectedCounterparties); err != nil {
		return Summary{}, fmt.Errorf("gstr2b: read cpSummRej: %w", err)
	}
	return s, nil
}

// DeleteSnapshot removes one snapshot and its documents (other snapshots are untouched).
func DeleteSnapshot(ctx context.Context, db *sql.DB, snap Snapshot) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, q := range []string{`DELETE FROM gstr2b_documents WHERE sid = ?`, `DELETE FROM gstr2b_snapshot_raw WHERE sid = ?`, `DELETE FROM gstr2b_snapshots WHERE sid = ?`} {
		if _, err := tx.ExecContext(ctx, q, snap.sid); err != nil {
			return fmt.Errorf("gstr2b: delete snapshot: %w", err)
		}
	}
	return tx.Commit()
}

// TradeNames are the suppliers' trade names as the newest GSTR-2Bs of a workspace give them
// (cpsumm of the latest snapshot of its three newest periods), for naming suppliers where a list
// has GSTINs only (IMS).
func TradeNames(ctx context.Context, db *sql.DB, workspaceID string) (map[string]string, error) {
	rows, err := db.QueryContext(ctx, `SELECT cpsumm FROM gstr2b_snapshots s WHERE workspace_id = ? AND sid = (SELECT sid FROM gstr2b_snapshots
		WHERE workspace_id = s.workspace_id AND period = s.period ORDER BY `+newestFirst+` LIMIT 1) ORDER BY period DESC LIMIT 3`, workspaceID)
	if err != nil {
		return nil, fmt.Errorf("gstr2b: trade names: %w", err)
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var cp string
		if err := rows.Scan(&cp); err != nil {
			return nil, err
		}
		var m map[string][]Counterparty
		if money.UnmarshalStored([]byte(cp), &m) != nil {
			continue
		}
		for _, list := range m {
			for _, c := range list {
				if c.TradeName != "" && out[c.CTIN] == "" {
					out[c.CTIN] = c.TradeName
				}
			}
		}
	}
	return out, rows.Err()
}
