package gstr2a

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"gstdesk/backend/apperr"
	"gstdesk/backend/docid"
	"gstdesk/backend/period"
	"gstdesk/backend/store"
)

// Filters are the query filters a pull was made with; a pull with none is a full pull of the
// period.
type Filters struct {
	// Supplier is the counterparty GSTIN filter, "" for all suppliers.
	Supplier string `json:"supplier"`
	// From is the "from" date filter as sent (DD/MM/YYYY), "" for none.
	From string `json:"from"`
}

// Full reports whether the pull had no filters (all suppliers, the whole period).
func (f Filters) Full() bool { return f.Supplier == "" && f.From == "" }

// Snapshot statuses.
const (
	StatusComplete = "complete" // the pull returned invoices
	StatusEmpty    = "empty"    // the pull returned no data: pulled, nothing there
)

// SaveRequest is one pull to store.
type SaveRequest struct {
	WorkspaceID string
	// GSTIN is the taxpayer whose GSTR-2A was pulled.
	GSTIN string
	// Period is the return period, YYYY-MM.
	Period  string
	Filters Filters
	// FetchedAt is when gstdesk received the answer, on the caller's clock (required: a save
	// without it is refused).
	FetchedAt time.Time
	// TransactionID is the service's transaction_id of the answer.
	TransactionID string
	// ServerTime is the envelope's timestamp (zero when unknown).
	ServerTime time.Time
	// Listing is the parsed answer; an empty listing records "pulled, no data".
	Listing Listing
	// Source is "api" (pulled; the default) or "file" (imported from a portal file named FileName).
	Source   string
	FileName string
}

// Snapshot describes one stored pull.
type Snapshot struct {
	ID            string    `json:"id"`
	WorkspaceID   string    `json:"workspace_id"`
	GSTIN         string    `json:"gstin"`
	Period        string    `json:"period"`
	Filters       Filters   `json:"filters"`
	FetchedAt     time.Time `json:"fetched_at"`
	TransactionID string    `json:"transaction_id"`
	ServerTime    time.Time `json:"server_time"`
	Status        string    `json:"status"`
	Suppliers     int       `json:"suppliers"`
	Invoices      int       `json:"invoices"`
	Items         int       `json:"items"`
	Totals        Amounts   `json:"totals"`
	// Source is "api" for a pull, "file" for a portal file imported (FileName).
	Source   string `json:"source"`
	FileName string `json:"file_name,omitempty"`
	// Documents is the number of documents of the sections besides B2B (Invoices counts B2B's).
	Documents int `json:"documents"`
	// Sections are the documents and amounts (sizes) per section and kind, B2B first; the kind's
	// Sign says whether a row adds to the credit or takes from it.
	Sections []SectionTotal `json:"sections"`
	// Notices say what the reader stored empty and what it kept in the stored answer only.
	Notices []string `json:"notices"`

	sid            int64
	first, last    int64
	fetchedAtText  string
	serverTimeText string
	noticesText    string
}

// Progress reports how many of the invoices (and, for a whole return, documents) have been written.
type Progress func(done, total int)

// saveHook lets tests fail a save part-way; nil in normal use.
var saveHook func(invoicesWritten int) error

// Save stores a parsed pull as a new snapshot in one transaction and returns the snapshot's id.
// Nothing is written unless everything is: a bad listing, an error, a cancelled ctx or a killed
// process leave the earlier snapshots exactly as they were.
func Save(ctx context.Context, db *sql.DB, req SaveRequest) (string, error) {
	snap, err := SaveWithProgress(ctx, db, req, nil)
	return snap.ID, err
}

// SaveWithProgress is Save reporting progress as invoices are written, returning the stored
// snapshot.
func SaveWithProgress(ctx context.Context, db *sql.DB, req SaveRequest, progress Progress) (Snapshot, error) {
	if err := req.Listing.Validate(); err != nil {
		return Snapshot{}, err
	}
	l := &req.Listing
	return save(ctx, db, req, l.InvoiceCount(), progress, func() ([]byte, error) {
		if l.raw != nil {
			return l.raw, nil
		}
		return json.Marshal(l)
	}, func(emit func(int, *Supplier) error) error {
		for i := range l.B2B {
			if err := emit(i, &l.B2B[i]); err != nil {
				return err
			}
		}
		return nil
	}, nil)
}

// IngestRequest is a pull as the service answered it: SaveRequest with the raw `data.data`
// instead of a parsed listing.
type IngestRequest struct {
	WorkspaceID   string
	GSTIN         string
	Period        string
	Filters       Filters
	FetchedAt     time.Time
	TransactionID string
	ServerTime    time.Time
	// Raw is the answer's data.data ({"b2b":[...]}, the list possibly empty). It must be there
	// unless Empty is set.
	Raw []byte
	// Empty says the service answered that the period has no data (gstapi.GSTR2A.Empty, a
	// RET13509 "No data found"); Raw is then nil. Only the caller knows this: a missing or null
	// Raw without it is a broken answer, not an empty period.
	Empty bool
	// Source and FileName as in SaveRequest.
	Source   string
	FileName string
	// Whole is a whole GSTR-2A instead of Raw: the portal's file ({"gstin","fp","b2b":[..],
	// "cdn":[..],...}), the same inside the service's envelope ({"data":{"data":{...}}}), or one
	// section's answer ({"cdn":[...]}). Every section is read and stored: B2B as Raw's invoices,
	// the others as documents (Documents). The object itself (out of its envelope) is the stored
	// answer. Raw must be empty when Whole is given.
	Whole []byte
}

// Ingest parses the service's answer and stores it as a new snapshot, reading and writing side
// by side (the answer is checked completely before the transaction commits: a malformed answer
// stores nothing). An answer marked Empty is stored as a period with no invoices. It returns the
// stored snapshot.
func Ingest(ctx context.Context, db *sql.DB, req IngestRequest, progress Progress) (Snapshot, error) {
	if len(bytes.TrimSpace(req.Whole)) > 0 {
		return ingestWhole(ctx, db, req, progress)
	}
	raw := bytes.TrimSpace(req.Raw)
	none := len(raw) == 0 || string(raw) == "null"
	switch {
	case req.Empty && !none:
		return Snapshot{}, fmt.Errorf("gstr2a: ingest %s: the answer is marked empty but has %d bytes of data", req.Period, len(raw))
	case req.Empty:
		raw = []byte(`{"b2b":[]}`)
	case none:
		return Snapshot{}, apperr.WithTransaction(brokenAnswer(&FieldError{Field: "data", Problem: "is missing (the service neither sent the invoices nor said the period has none)"}), req.TransactionID)
	}
	sreq := SaveRequest{WorkspaceID: req.WorkspaceID, GSTIN: req.GSTIN, Period: req.Period, Filters: req.Filters,
		FetchedAt: req.FetchedAt, TransactionID: req.TransactionID, ServerTime: req.ServerTime, Source: req.Source, FileName: req.FileName}
	estimate := bytes.Count(raw, []byte(`"inum"`))
	return save(ctx, db, sreq, estimate, progress, func() ([]byte, error) { return raw, nil },
		func(emit func(int, *Supplier) error) error {
			_, err := decodeAnswer(raw, emit)
			return apperr.WithTransaction(err, req.TransactionID)
		}, nil)
}

// ingestWhole is Ingest of a whole GSTR-2A (IngestRequest.Whole): B2B and then every other
// section are read on one goroutine while the rows are written on another.
func ingestWhole(ctx context.Context, db *sql.DB, req IngestRequest, progress Progress) (Snapshot, error) {
	if len(bytes.TrimSpace(req.Raw)) > 0 || req.Empty {
		return Snapshot{}, fmt.Errorf("gstr2a: ingest %s: give the whole return or the B2B answer, not both", req.Period)
	}
	obj, err := unwrapReturn(req.Whole)
	if err != nil {
		return Snapshot{}, err
	}
	sreq := SaveRequest{WorkspaceID: req.WorkspaceID, GSTIN: req.GSTIN, Period: req.Period, Filters: req.Filters,
		FetchedAt: req.FetchedAt, TransactionID: req.TransactionID, ServerTime: req.ServerTime, Source: req.Source, FileName: req.FileName}
	// Progress counts B2B invoices and then the other documents (a note's inum counts it twice).
	estimate := bytes.Count(obj, []byte(`"inum"`)) + bytes.Count(obj, []byte(`"docnum"`)) + bytes.Count(obj, []byte(`"benum"`))
	nt := newNotes()
	return save(ctx, db, sreq, estimate, progress, func() ([]byte, error) { return obj, nil },
		func(emit func(int, *Supplier) error) error {
			_, err := decodeB2BWith(obj, emit, false, nt)
			return apperr.WithTransaction(err, req.TransactionID)
		},
		&wholeReturn{notes: nt, read: func(emit func([]Document) error) error {
			gstin, fp, err := decodeSections(obj, nt, emit)
			if err == nil {
				err = checkReturnOf(gstin, fp, req.GSTIN, req.Period)
			}
			return apperr.WithTransaction(err, req.TransactionID)
		}})
}

// checkReturnOf refuses a whole return whose own gstin or fp (when it gives them) are not the
// taxpayer and period it is stored for.
func checkReturnOf(gstin, fp, wantGSTIN, wantPeriod string) error {
	if gstin != "" && wantGSTIN != "" && !strings.EqualFold(gstin, wantGSTIN) {
		return apperr.New(apperr.Invalid, "This GSTR-2A is of GSTIN %s, not of %s. Nothing was saved; import it in the workspace of %s.", gstin, wantGSTIN, gstin)
	}
	if fp == "" {
		return nil
	}
	p := fp
	if len(fp) == 6 && allDigits([]byte(fp)) {
		p = fp[2:] + "-" + fp[:2]
	}
	if p != wantPeriod {
		return apperr.New(apperr.Invalid, "This GSTR-2A is of the return period %s (fp %q), not of %s. Nothing was saved; import it as the return of %s.", monthYear(p), fp, monthYear(wantPeriod), monthYear(p))
	}
	return nil
}

// wholeReturn is what save needs of the sections besides B2B: their reader (called on the
// producing goroutine after B2B) and the notes it keeps.
type wholeReturn struct {
	notes *notes
	read  func(emit func([]Document) error) error
}

// save writes a snapshot; produce calls emit for each supplier in order (from a slice, or from
// the decoder on another goroutine).
func save(ctx context.Context, db *sql.DB, req SaveRequest, total int, progress Progress,
	rawFn func() ([]byte, error), produce func(emit func(int, *Supplier) error) error, whole *wholeReturn) (Snapshot, error) {
	if strings.TrimSpace(req.WorkspaceID) == "" {
		return Snapshot{}, apperr.New(apperr.Invalid, "Choose a workspace before saving a GSTR-2A pull.")
	}
	if _, err := period.Canonical(req.Period); err != nil {
		return Snapshot{}, apperr.New(apperr.Invalid, "The GSTR-2A return %s.", err.Error())
	}
	if req.FetchedAt.IsZero() {
		return Snapshot{}, fmt.Errorf("gstr2a: save: no time given to stamp the pull with (FetchedAt)")
	}
	ictx, cancel := context.WithCancel(ctx)
	defer cancel()

	// Compress the answer on the other core while the rows go in.
	type gzResult struct {
		b   []byte
		err error
	}
	gzc := make(chan gzResult, 1)
	go func() {
		raw, err := rawFn()
		if err != nil {
			gzc <- gzResult{err: err}
			return
		}
		b, err := store.CompressAnswer(raw)
		gzc <- gzResult{b: b, err: err}
	}()

	// Read suppliers and make their rows' values on another goroutine; the writer (the critical
	// path) takes them from the channel and only binds and steps. prep is the producer's until
	// the channel is closed, the writer's after.
	prep := &preparer{rates: map[Rate]*RateTotal{}, screen: newScreen(req.Period)}
	ch := make(chan *preparedSupplier, 64)
	prodErr := make(chan error, 1)
	go func() {
		defer close(ch)
		err := produce(func(i int, s *Supplier) error {
			select {
			case ch <- prep.supplier(i, s):
				return nil
			case <-ictx.Done():
				return ictx.Err()
			}
		})
		if err == nil && whole != nil {
			err = whole.read(func(docs []Document) error {
				select {
				case ch <- prep.documents(docs):
					return nil
				case <-ictx.Done():
					return ictx.Err()
				}
			})
			if err == nil {
				prep.notices = whole.notes.sentences()
			}
		}
		prodErr <- err
	}()
	drain := func() {
		cancel()
		for range ch {
		}
	}

	var snap Snapshot
	err := store.WithBulkTx(ictx, db, func(tx *store.BulkTx) error {
		w, err := newSnapshotWriter(ictx, tx, req, total, progress)
		if err != nil {
			return err
		}
		defer w.close()
		for ps := range ch {
			if err := w.write(ps); err != nil {
				return err
			}
		}
		if err := <-prodErr; err != nil {
			return err
		}
		if snap, err = w.finish(prep); err != nil {
			return err
		}
		var gz gzResult
		select {
		case gz = <-gzc:
		case <-ictx.Done():
			return ictx.Err()
		}
		if gz.err != nil {
			return fmt.Errorf("gstr2a: keep the answer: %w", gz.err)
		}
		if _, err := tx.Exec(`INSERT INTO gstr2a_snapshot_raw (sid, answer) VALUES (?, ?)`, w.sid, gz.b); err != nil {
			return err
		}
		// Last look before the commit: a cancel from here on is too late.
		return ictx.Err()
	})
	if err != nil {
		drain()
		return Snapshot{}, saveErr(ctx, err)
	}
	return snap, nil
}

func saveErr(ctx context.Context, err error) error {
	var ae *apperr.Error
	if errors.As(err, &ae) {
		return err
	}
	if ctx.Err() != nil || errors.Is(err, context.Canceled) {
		return apperr.Wrap(apperr.Canceled, err, "Saving the GSTR-2A pull was cancelled; the earlier pulls are unchanged.")
	}
	return apperr.Wrap(apperr.Internal, err, "gstr2a: save pull")
}

// RateBits are the GST rates (hundredths) with their own bit in an invoice's rate mask, so the
// rate filter needs no look at the items; any other rate sets bit 62.
var RateBits = []Rate{0, 10, 25, 100, 150, 300, 500, 600, 750, 1200, 1800, 2800, 4000}

const otherRateBit = 62

func rateBit(r Rate) int {
	for i, b := range RateBits {
		if b == r {
			return i
		}
	}
	return otherRateBit
}

func rateMask(items []Item) int64 {
	var m int64
	for i := range items {
		m |= 1 << rateBit(items[i].Detail.Rate)
	}
	return m
}

func nullText(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// snapshotWriter writes one snapshot's rows inside a transaction.
type snapshotWriter struct {
	ctx         context.Context // the caller's, checked every 2,000 invoices
	tx          *store.BulkTx
	snap        Snapshot
	sid         int64
	first, next int64
	sidValue    any // sid, boxed once
	written     int // invoices written
	sups, invs  *store.BulkInsert
	docs        *store.BulkInsert
	docSeq      int64
	total       int
	progress    Progress
}

func newSnapshotWriter(ctx context.Context, tx *store.BulkTx, req SaveRequest, total int, progress Progress) (*snapshotWriter, error) {
	// A 100,000-invoice pull dirties ~40 MB of pages: keep them in memory instead of spilling to
	// disk mid-transaction (the statement journal of the multi-row INSERTs is in memory too:
	// store.Open sets temp_store). The cache goes back to the default when the transaction ends.
	if err := tx.BigCache(); err != nil {
		return nil, err
	}
	w := &snapshotWriter{ctx: ctx, tx: tx, total: total, progress: progress}
	w.snap = Snapshot{ID: uuid.NewString(), WorkspaceID: req.WorkspaceID, GSTIN: req.GSTIN, Period: req.Period,
		Filters: req.Filters, FetchedAt: store.ParseTimeOrZero(store.FormatTimeOrEmpty(req.FetchedAt)), TransactionID: req.TransactionID,
		ServerTime: store.ParseTimeOrZero(store.FormatTimeOrEmpty(req.ServerTime)), Source: req.Source, FileName: req.FileName}
	if w.snap.Source == "" {
		w.snap.Source = "api"
	}
	var err error
	if w.first, err = tx.QueryInt64(`SELECT coalesce(max(id), 0) + 1 FROM gstr2a_invoices`); err != nil {
		return nil, err
	}
	w.next = w.first
	w.sid, err = tx.Exec(`INSERT INTO gstr2a_snapshots (id, workspace_id, gstin, period,
		filter_supplier, filter_from, fetched_at, transaction_id, server_time, status, source, file_name)
		VALUES (?,?,?,?,?,?,?,?,?,?,?,?)`,
		w.snap.ID, req.WorkspaceID, req.GSTIN, req.Period, req.Filters.Supplier, req.Filters.From,
		store.FormatTimeOrEmpty(req.FetchedAt), req.TransactionID, store.FormatTimeOrEmpty(req.ServerTime), StatusEmpty, w.snap.Source, w.snap.FileName)
	if err != nil {
		return nil, err
	}
	w.sidValue = w.sid
	if w.docs, err = tx.Insert(`INSERT INTO gstr2a_documents (sid, seq, section, kind, ctin, trade_name,
		cfs, cfs3b, dtcancel, fldtr1, flprdr1, num, num_norm, doc_date, date_iso, doc_type, inv_num, inv_date,
		orig_num, orig_date, inv_typ, pos, rchrg, p_gst, diff_percent, aspd, atyp, itc_elg, port_code, ref_date,
		amd, srctyp, irn, irngendate, chksum, month, val, taxable, igst, cgst, sgst, cess, items)`, documentCols, 64); err != nil {
		return nil, err
	}
	if w.sups, err = tx.Insert(`INSERT INTO gstr2a_suppliers (sid, seq, ctin, pan, cfs, cfs3b,
		fldtr1, filed_on, flprdr1, filed_period, dtcancel, cancelled_on,
		invoice_count, value, taxable, igst, cgst, sgst, cess, inv_first)`, supplierCols, 50); err != nil {
		return nil, err
	}
	if w.invs, err = tx.Insert(`INSERT INTO gstr2a_invoices (id, sid, supplier_seq, ctin,
		inum, inum_norm, inv_date, inv_typ, pos, rchrg, val, taxable, igst, cgst, sgst, cess,
		rate_mask, diff_percent, srctyp, irngendate, irn, chksum, items, item_count)`, invoiceInsertCols, 64); err != nil {
		return nil, err
	}
	return w, nil
}

func (w *snapshotWriter) close() {
	for _, b := range []*store.BulkInsert{w.sups, w.invs, w.docs} {
		if b != nil {
			b.Close()
		}
	}
}

// Columns of the supplier and invoice INSERTs.
const (
	supplierCols      = 20
	invoiceInsertCols = 24
	documentCols      = 43
)

// preparedSupplier is one supplier's row values, ready to bind. The writer fills in what only
// the transaction knows: the sid (first value of each row; the second of invoice rows) and the
// invoice ids (the first value of invoice rows, the last of the supplier's).
type preparedSupplier struct {
	supplier []any
	invoices []any // invoiceInsertCols values per invoice
	// documents are rows of gstr2a_documents (documentCols values each; the writer fills in sid
	// and seq, the first two); a batch of documents comes with no supplier.
	documents []any
}

// preparer makes the rows' values of the suppliers of one pull, in order, and keeps the pull's
// totals.
type preparer struct {
	counts   Snapshot // Suppliers, Invoices, Items and Totals
	rates    map[Rate]*RateTotal
	itemsBuf []byte
	// sections are the documents' totals by section and kind; notices what the reader said.
	sections map[[2]string]*SectionTotal
	docCount int
	notices  []string
	// screen takes hostile documents out of the figures (screen.go); nil keeps every document.
	screen *screen
}

// documents makes the rows of a batch of documents and adds them to the totals.
func (p *preparer) documents(docs []Document) *preparedSupplier {
	if p.sections == nil {
		p.sections = map[[2]string]*SectionTotal{}
	}
	if p.screen != nil {
		docs = p.screen.documents(docs)
	}
	ps := &preparedSupplier{documents: make([]any, 0, documentCols*len(docs))}
	for i := range docs {
		d := &docs[i]
		a := d.Amounts
		key := [2]string{d.Section, d.Kind}
		st := p.sections[key]
		if st == nil {
			st = &SectionTotal{Section: d.Section, Kind: d.Kind, Sign: KindSign(d.Kind)}
			p.sections[key] = st
		}
		st.Documents++
		st.Amounts.add(a)
		p.docCount++
		iso, _ := parseAnyDate(d.Date)
		var diff, items any
		if d.DiffPercent != nil {
			diff = int64(*d.DiffPercent)
		}
		if d.Items != nil {
			p.itemsBuf = appendItemsJSON(p.itemsBuf[:0], d.Items)
			items = string(p.itemsBuf)
		}
		orig, origDate := nullText(d.OrigNumber), nullText(d.OrigDate)
		if amendment(d.Section) {
			orig, origDate = d.OrigNumber, d.OrigDate
		}
		ps.documents = append(ps.documents, nil, nil, d.Section, d.Kind, d.SupplierGSTIN, nullText(d.TradeName),
			nullText(d.CFS), nullText(d.CFS3B), nullText(d.DtCancel), nullText(d.FilingDate), nullText(d.FilingPeriod),
			d.Number, docid.Number(d.Number), d.Date, iso, nullText(d.DocType),
			nullText(d.InvoiceNumber), nullText(d.InvoiceDate), orig, origDate,
			nullText(d.Type), nullText(d.POS), nullText(d.ReverseCharge), nullText(d.PreGST), diff,
			nullText(d.AmendPeriod), nullText(d.AmendType), nullText(d.ITCEligible), nullText(d.PortCode),
			nullText(d.RefDate), nullText(d.Amended), nullText(d.SourceType), nullText(d.IRN), nullText(d.IRNDate),
			nullText(d.Checksum), nullText(d.Month),
			int64(a.Value), int64(a.Taxable), int64(a.IGST), int64(a.CGST), int64(a.SGST), int64(a.Cess), items)
	}
	return ps
}

func (p *preparer) supplier(i int, s *Supplier) *preparedSupplier {
	if p.screen != nil {
		if kept := p.screen.invoices(s.CTIN, s.Invoices); len(kept) != len(s.Invoices) {
			c := *s // the caller's supplier is left as given
			c.Invoices = kept
			s = &c
		}
	}
	si := int64(i) // every value is int64, string or nil: database/sql converts others by reflection
	var a Amounts
	ps := &preparedSupplier{invoices: make([]any, 0, invoiceInsertCols*len(s.Invoices))}
	for ii := range s.Invoices {
		inv := &s.Invoices[ii]
		ia := inv.Amounts()
		a.add(ia)
		date, _ := parseDDMMYYYY(inv.Date, '-')
		var diff any
		if inv.DiffPercent != nil {
			diff = int64(*inv.DiffPercent)
		}
		p.itemsBuf = appendItemsJSON(p.itemsBuf[:0], inv.Items)
		ps.invoices = append(ps.invoices, nil, nil, si, s.CTIN, inv.Number, docid.Number(inv.Number),
			date, inv.Type, inv.POS, inv.ReverseCharge, int64(ia.Value), int64(ia.Taxable), int64(ia.IGST),
			int64(ia.CGST), int64(ia.SGST), int64(ia.Cess), rateMask(inv.Items), diff, nullText(inv.SourceType),
			nullText(inv.IRNDate), nullText(inv.IRN), inv.Checksum, string(p.itemsBuf), int64(len(inv.Items)))
		for ti := range inv.Items {
			dt := &inv.Items[ti].Detail
			rt := p.rates[dt.Rate]
			if rt == nil {
				rt = &RateTotal{Rate: dt.Rate}
				p.rates[dt.Rate] = rt
			}
			rt.Items++
			rt.Taxable += dt.Taxable
			rt.IGST += deref(dt.IGST)
			rt.CGST += deref(dt.CGST)
			rt.SGST += deref(dt.SGST)
			rt.Cess += deref(dt.Cess)
		}
		p.counts.Items += len(inv.Items)
	}
	p.counts.Invoices += len(s.Invoices)
	p.counts.Totals.add(a)
	p.counts.Suppliers++
	filedOn, _ := parseDDMonYY(s.FilingDate)
	filedPeriod, _ := parseMonYY(s.FilingPeriod)
	cancelledOn, _ := parseAnyDate(s.DtCancel)
	ps.supplier = []any{nil, si, s.CTIN, PAN(s.CTIN), s.CFS, s.CFS3B, s.FilingDate, filedOn,
		s.FilingPeriod, filedPeriod, s.DtCancel, cancelledOn, int64(len(s.Invoices)),
		int64(a.Value), int64(a.Taxable), int64(a.IGST), int64(a.CGST), int64(a.SGST), int64(a.Cess), nil}
	return ps
}

// write inserts one prepared supplier's invoices and then the supplier.
func (w *snapshotWriter) write(ps *preparedSupplier) error {
	if ps.supplier == nil {
		for row := ps.documents; len(row) > 0; row = row[documentCols:] {
			row[0], row[1] = w.sidValue, w.docSeq
			if err := w.docs.Add(row[:documentCols]...); err != nil {
				return err
			}
			w.docSeq++
			if w.docSeq%2000 == 0 {
				if err := w.ctx.Err(); err != nil {
					return err
				}
				if w.progress != nil {
					done := w.written + int(w.docSeq)
					w.progress(done, max(w.total, done))
				}
			}
		}
		return nil
	}
	ps.supplier[0], ps.supplier[supplierCols-1] = w.sidValue, w.next
	for row := ps.invoices; len(row) > 0; row = row[invoiceInsertCols:] {
		row[0], row[1] = w.next, w.sidValue
		if err := w.invs.Add(row[:invoiceInsertCols]...); err != nil {
			return err
		}
		w.next++
		w.written++
		if w.written%2000 == 0 {
			if err := w.ctx.Err(); err != nil {
				return err
			}
			if saveHook != nil {
				if err := saveHook(w.written); err != nil {
					return err
				}
			}
			if w.progress != nil {
				w.progress(w.written, max(w.total, w.written))
			}
		}
	}
	return w.sups.Add(ps.supplier...)
}

// finish writes the pull's totals (prep's, now that every supplier is written).
func (w *snapshotWriter) finish(prep *preparer) (Snapshot, error) {
	for _, b := range []*store.BulkInsert{w.sups, w.invs, w.docs} {
		if err := b.Flush(); err != nil {
			return Snapshot{}, err
		}
	}
	if saveHook != nil {
		if err := saveHook(w.written); err != nil {
			return Snapshot{}, err
		}
	}
	for _, rt := range prep.rates {
		if _, err := w.tx.Exec(`INSERT INTO gstr2a_rate_totals (sid, rt, items, taxable, igst, cgst, sgst, cess)
			VALUES (?,?,?,?,?,?,?,?)`, w.sid, int64(rt.Rate), rt.Items, int64(rt.Taxable), int64(rt.IGST), int64(rt.CGST),
			int64(rt.SGST), int64(rt.Cess)); err != nil {
			return Snapshot{}, err
		}
	}
	s := &w.snap
	s.Suppliers, s.Invoices, s.Items, s.Totals = prep.counts.Suppliers, prep.counts.Invoices, prep.counts.Items, prep.counts.Totals
	s.Documents = prep.docCount
	s.Notices = prep.notices
	if prep.screen != nil {
		s.Notices = append(s.Notices, prep.screen.sentences()...)
	}
	if s.Notices == nil {
		s.Notices = []string{}
	}
	s.Status = StatusComplete
	if s.Invoices == 0 && s.Documents == 0 {
		s.Status = StatusEmpty
	}
	s.sid, s.first, s.last = w.sid, w.first, w.next-1
	s.Sections = sectionList(s, prep.sections)
	for _, st := range s.Sections {
		a := st.Amounts
		if _, err := w.tx.Exec(`INSERT INTO gstr2a_section_totals (sid, section, kind, documents, val, taxable, igst, cgst, sgst, cess)
			VALUES (?,?,?,?,?,?,?,?,?,?)`, w.sid, st.Section, st.Kind, int64(st.Documents), int64(a.Value), int64(a.Taxable),
			int64(a.IGST), int64(a.CGST), int64(a.SGST), int64(a.Cess)); err != nil {
			return Snapshot{}, err
		}
	}
	notices, err := json.Marshal(s.Notices)
	if err != nil {
		return Snapshot{}, err
	}
	t := s.Totals
	if _, err := w.tx.Exec(`UPDATE gstr2a_snapshots SET status = ?, supplier_count = ?,
		invoice_count = ?, item_count = ?, value = ?, taxable = ?, igst = ?, cgst = ?, sgst = ?, cess = ?,
		inv_first = ?, inv_last = ?, document_count = ?, notices = ? WHERE sid = ?`,
		s.Status, s.Suppliers, s.Invoices, s.Items, int64(t.Value), int64(t.Taxable), int64(t.IGST),
		int64(t.CGST), int64(t.SGST), int64(t.Cess), s.first, s.last, int64(s.Documents), string(notices), w.sid); err != nil {
		return Snapshot{}, err
	}
	if w.progress != nil {
		w.progress(s.Invoices+s.Documents, s.Invoices+s.Documents)
	}
	return *s, nil
}

const snapshotCols = `sid, id, workspace_id, gstin, period, filter_supplier, filter_from, fetched_at,
	transaction_id, server_time, status, supplier_count, invoice_count, item_count,
	value, taxable, igst, cgst, sgst, cess, inv_first, inv_last, source, file_name, document_count, notices`

func scanSnapshot(row interface{ Scan(...any) error }) (Snapshot, error) {
	var s Snapshot
	err := row.Scan(&s.sid, &s.ID, &s.WorkspaceID, &s.GSTIN, &s.Period, &s.Filters.Supplier, &s.Filters.From,
		&s.fetchedAtText, &s.TransactionID, &s.serverTimeText, &s.Status, &s.Suppliers, &s.Invoices, &s.Items,
		&s.Totals.Value, &s.Totals.Taxable, &s.Totals.IGST, &s.Totals.CGST, &s.Totals.SGST, &s.Totals.Cess,
		&s.first, &s.last, &s.Source, &s.FileName, &s.Documents, &s.noticesText)
	s.Notices = []string{}
	if err == nil && s.noticesText != "" {
		if jerr := json.Unmarshal([]byte(s.noticesText), &s.Notices); jerr != nil {
			err = fmt.Errorf("gstr2a: the notices of pull %s cannot be read: %w", s.ID, jerr)
		}
	}
	s.FetchedAt = store.ParseTimeOrZero(s.fetchedAtText)
	s.ServerTime = store.ParseTimeOrZero(s.serverTimeText)
	return s, err
}

func querySnapshots(ctx context.Context, db querier, where string, args ...any) ([]Snapshot, error) {
	rows, err := db.QueryContext(ctx, `SELECT `+snapshotCols+` FROM gstr2a_snapshots WHERE `+where, args...)
	if err != nil {
		return nil, fmt.Errorf("gstr2a: list snapshots: %w", err)
	}
	defer rows.Close()
	out := []Snapshot{}
	for rows.Next() {
		s, err := scanSnapshot(rows)
		if err != nil {
			return nil, fmt.Errorf("gstr2a: list snapshots: %w", err)
		}
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("gstr2a: list snapshots: %w", err)
	}
	rows.Close()
	if err := loadSections(ctx, db, out); err != nil {
		return nil, err
	}
	return out, nil
}

// Snapshots lists every pull of a period in a workspace, the newest first.
func Snapshots(ctx context.Context, db *sql.DB, workspaceID, period string) ([]Snapshot, error) {
	return querySnapshots(ctx, db, `workspace_id = ? AND period = ? ORDER BY fetched_at DESC, sid DESC`, workspaceID, period)
}

// AllSnapshots lists every pull of a workspace, the newest first.
func AllSnapshots(ctx context.Context, db *sql.DB, workspaceID string) ([]Snapshot, error) {
	return querySnapshots(ctx, db, `workspace_id = ? ORDER BY fetched_at DESC, sid DESC`, workspaceID)
}

// SnapshotByID returns one snapshot.
func SnapshotByID(ctx context.Context, db *sql.DB, id string) (Snapshot, error) {
	return snapshotByID(ctx, db, id)
}

func snapshotByID(ctx context.Context, db querier, id string) (Snapshot, error) {
	s, err := querySnapshots(ctx, db, `id = ?`, id)
	if err != nil {
		return Snapshot{}, err
	}
	if len(s) == 0 {
		return Snapshot{}, apperr.New(apperr.NotFound, "There is no GSTR-2A pull %q; it may have been deleted. Pick another from the history.", id)
	}
	return s[0], nil
}

// LatestSnapshot returns the snapshot that stands for a period: its newest full (unfiltered)
// pull, or, when the period was only ever pulled with filters, its newest pull. A period never
// pulled gives an *apperr.Error of kind NotFound.
func LatestSnapshot(ctx context.Context, db *sql.DB, workspaceID, period string) (Snapshot, error) {
	return latestSnapshot(ctx, db, workspaceID, period)
}

func latestSnapshot(ctx context.Context, db querier, workspaceID, period string) (Snapshot, error) {
	s, err := querySnapshots(ctx, db, `workspace_id = ? AND period = ?
		ORDER BY (filter_supplier = '' AND filter_from = '') DESC, fetched_at DESC, sid DESC LIMIT 1`, workspaceID, period)
	if err != nil {
		return Snapshot{}, err
	}
	if len(s) == 0 {
		return Snapshot{}, apperr.New(apperr.NotFound, "GSTR-2A for %s has not been pulled yet. Pull the period first.", period)
	}
	return s[0], nil
}

// PeriodInfo is what the period chips show: a period that was pulled, how often, when last, and
// the snapshot that stands for it.
type PeriodInfo struct {
	Period        string    `json:"period"`
	Pulls         int       `json:"pulls"`
	LastFetchedAt time.Time `json:"last_fetched_at"`
	Latest        Snapshot  `json:"latest"`
}

// Periods lists the periods pulled in a workspace, the latest period first.
func Periods(ctx context.Context, db *sql.DB, workspaceID string) ([]PeriodInfo, error) {
	all, err := querySnapshots(ctx, db, `workspace_id = ?
		ORDER BY period DESC, (filter_supplier = '' AND filter_from = '') DESC, fetched_at DESC, sid DESC`, workspaceID)
	if err != nil {
		return nil, err
	}
	out := []PeriodInfo{}
	for _, s := range all {
		if n := len(out); n == 0 || out[n-1].Period != s.Period {
			out = append(out, PeriodInfo{Period: s.Period, Latest: s})
		}
		p := &out[len(out)-1]
		p.Pulls++
		if s.FetchedAt.After(p.LastFetchedAt) {
			p.LastFetchedAt = s.FetchedAt
		}
	}
	return out, nil
}

// RawListing returns the answer of a snapshot exactly as the service gave it ({"b2b":[...]}), for
// `gstdesk gst 2a-b2b --offline`; for a whole return (IngestRequest.Whole), the whole object out
// of its envelope.
func RawListing(ctx context.Context, db *sql.DB, snapshotID string) ([]byte, error) {
	var gz []byte
	err := db.QueryRowContext(ctx, `SELECT r.answer FROM gstr2a_snapshot_raw r JOIN gstr2a_snapshots s ON s.sid = r.sid WHERE s.id = ?`, snapshotID).Scan(&gz)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, apperr.New(apperr.NotFound, "There is no GSTR-2A pull %q; it may have been deleted. Pick another from the history.", snapshotID)
	}
	if err != nil {
		return nil, fmt.Errorf("gstr2a: read answer: %w", err)
	}
	raw, err := store.DecompressAnswer(gz)
	if err != nil {
		return nil, fmt.Errorf("gstr2a: read answer: %w", err)
	}
	return raw, nil
}

// LoadListing rebuilds a snapshot's listing from the normalised tables (suppliers, invoices and
// items in the order the service gave them; omitted tax amounts stay omitted).
func LoadListing(ctx context.Context, db *sql.DB, snapshotID string) (Listing, error) {
	snap, err := SnapshotByID(ctx, db, snapshotID)
	if err != nil {
		return Listing{}, err
	}
	l := Listing{B2B: []Supplier{}}
	rows, err := db.QueryContext(ctx, `SELECT ctin, cfs, cfs3b, fldtr1, flprdr1, dtcancel, invoice_count
		FROM gstr2a_suppliers WHERE sid = ? ORDER BY seq`, snap.sid)
	if err != nil {
		return Listing{}, fmt.Errorf("gstr2a: load listing: %w", err)
	}
	for rows.Next() {
		var s Supplier
		var n int
		if err := rows.Scan(&s.CTIN, &s.CFS, &s.CFS3B, &s.FilingDate, &s.FilingPeriod, &s.DtCancel, &n); err != nil {
			rows.Close()
			return Listing{}, fmt.Errorf("gstr2a: load listing: %w", err)
		}
		s.Invoices = make([]Invoice, 0, n)
		l.B2B = append(l.B2B, s)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return Listing{}, fmt.Errorf("gstr2a: load listing: %w", err)
	}
	byID := make(map[int64]*Invoice, snap.Invoices)
	rows, err = db.QueryContext(ctx, `SELECT id, supplier_seq, chksum, diff_percent, idt, inum, inv_typ, coalesce(irn, ''),
		coalesce(irngendate, ''), pos, rchrg, coalesce(srctyp, ''), val FROM gstr2a_invoices WHERE id BETWEEN ? AND ? ORDER BY id`, snap.first, snap.last)
	if err != nil {
		return Listing{}, fmt.Errorf("gstr2a: load listing: %w", err)
	}
	for rows.Next() {
		var inv Invoice
		var id int64
		var sup int
		var diff sql.NullInt64
		if err := rows.Scan(&id, &sup, &inv.Checksum, &diff, &inv.Date, &inv.Number, &inv.Type, &inv.IRN,
			&inv.IRNDate, &inv.POS, &inv.ReverseCharge, &inv.SourceType, &inv.Value); err != nil {
			rows.Close()
			return Listing{}, fmt.Errorf("gstr2a: load listing: %w", err)
		}
		if diff.Valid {
			r := Rate(diff.Int64)
			inv.DiffPercent = &r
		}
		if sup < 0 || sup >= len(l.B2B) {
			rows.Close()
			return Listing{}, fmt.Errorf("gstr2a: load listing: invoice %d has no supplier", id)
		}
		inv.Items = []Item{}
		s := &l.B2B[sup]
		s.Invoices = append(s.Invoices, inv)
		byID[id] = &s.Invoices[len(s.Invoices)-1]
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return Listing{}, fmt.Errorf("gstr2a: load listing: %w", err)
	}
	err = eachItems(ctx, db, snap.first, snap.last, func(id int64, items []Item) error {
		if inv := byID[id]; inv != nil {
			inv.Items = items
		}
		return nil
	})
	if err != nil {
		return Listing{}, fmt.Errorf("gstr2a: load listing: %w", err)
	}
	return l, nil
}

// DeleteSnapshot removes one pull and everything stored with it (housekeeping; other pulls of
// the period are untouched).
func DeleteSnapshot(ctx context.Context, db *sql.DB, snapshotID string) error {
	snap, err := SnapshotByID(ctx, db, snapshotID)
	if err != nil {
		return err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("gstr2a: delete snapshot: %w", err)
	}
	defer tx.Rollback()
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`DELETE FROM gstr2a_invoices WHERE sid = ?`, []any{snap.sid}},
		{`DELETE FROM gstr2a_documents WHERE sid = ?`, []any{snap.sid}},
		{`DELETE FROM gstr2a_section_totals WHERE sid = ?`, []any{snap.sid}},
		{`DELETE FROM gstr2a_suppliers WHERE sid = ?`, []any{snap.sid}},
		{`DELETE FROM gstr2a_rate_totals WHERE sid = ?`, []any{snap.sid}},
		{`DELETE FROM gstr2a_snapshot_raw WHERE sid = ?`, []any{snap.sid}},
		{`DELETE FROM gstr2a_snapshots WHERE sid = ?`, []any{snap.sid}},
	} {
		if _, err := tx.ExecContext(ctx, q.sql, q.args...); err != nil {
			return fmt.Errorf("gstr2a: delete snapshot: %w", err)
		}
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	cacheOf(db).drop(snapshotID)
	return nil
}
