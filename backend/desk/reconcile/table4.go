package reconcile

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/json"
	"fmt"
	"hash/maphash"
	"io"
	"os"
	"os/user"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/export"
	"gstdesk/backend/gstr2a"
	"gstdesk/backend/gstr2b"
	"gstdesk/backend/gstr3b"
	"gstdesk/backend/ims"
	"gstdesk/backend/itcrisk"
	"gstdesk/backend/money"
	"gstdesk/backend/period"
	"gstdesk/backend/recon"
	"gstdesk/backend/store"
)

// Table4Sheet is the month's worksheet as a face shows it: the worksheet (rows, bridge, warnings
// of both ledgers for the month), what it was built from, and the two ledgers' month.
type Table4Sheet struct {
	gstr3b.Worksheet
	// Snapshot is the GSTR-2B the proposal comes from ("" when none is stored); RunID the saved
	// reconciliation against GSTR-2B whose rows say what is booked and matched ("" when none).
	Snapshot     string `json:"snapshot_id,omitempty"`
	SnapshotFrom string `json:"snapshot_from,omitempty"`
	RunID        string `json:"run_id,omitempty"`
	RunCreatedAt string `json:"run_created_at,omitempty"`
	RegisterName string `json:"register_name,omitempty"`
	// ECRS and RCM are the month's lines of the two ledgers.
	ECRS *gstr3b.LedgerMonth `json:"ecrs,omitempty"`
	RCM  *gstr3b.LedgerMonth `json:"rcm,omitempty"`
}

// t4Context holds what the months of one request share: the stored IMS list, claims, blocked
// marks, runs and the ITC calendars, each read once.
type t4Context struct {
	s       *Service
	ws      string
	ims     map[string]ims.Record
	imsList []ims.Record // as stored (StoredIMS), for its digest
	claims  map[string]gstr3b.StoredClaim
	blocked map[string]bool
	runs    []recon.Run
	rows    map[string]*t4Run
	cals    map[period.FY]*calendarOf
	// The register of the newest run, read once for the calendars on its own goroutine (started
	// by startBooks; booksDone is closed when it is read, booksErr says why not).
	booksDone chan struct{}
	booksErr  error
	booksOnce sync.Once
	books     []recon.Invoice
	regName   string
	payDates  bool
	booksNote string
	docs      map[string][]gstr2b.MatchDoc // latest snapshot's documents by period
	gdocs     map[string][]gstr3b.Doc      // the same as the worksheet reads them (docOf), index for index
	keys      map[string][]docKeys         // their keys (keptDocKeys), index for index
	sheets    map[string]*Table4Sheet      // worksheets built, by period
	snaps     map[string]*gstr2b.Snapshot  // nil: none stored
}

// sheetKeep keeps the worksheets built, each month's by a digest of everything it is built from
// (sheetKeys): the dashboard's refresh after a write that changes none of it (a payroll run, a
// lookup, a backup) builds no worksheet again, and one that moves a document's claim builds
// again only the months that document's decision touches.
type sheetKeep struct {
	mu     sync.Mutex
	sheets map[string]keptSheet
}

type keptSheet struct {
	key   [32]byte
	sheet *Table4Sheet
}

func keptSheets(db *sql.DB) *sheetKeep {
	return store.Attached(db, "reconcile.table4Sheets", func() *sheetKeep { return &sheetKeep{sheets: map[string]keptSheet{}} })
}

// sheetKeys returns the digest of what the worksheet of a month is built from: today, the blocked
// marks, the saved runs against 2B, the register of the newest (read, as the calendars read it),
// the 2A pulls (by id: a pull or a run never changes once saved), every decision not on a 2B
// document, and, of the month: the claims that can touch it (decisions on its 2B's documents and
// claims into it), the latest 2B (by id) of the month and of the months those claims' documents
// come from, and the IMS records those 2Bs' documents are (ims.IDOf2B): an IMS action or a new 2B
// builds again only the months whose 2B holds that document (or whose claims reach it).
//
// With wholeIMS the digest holds every IMS record and every month's latest 2B instead (no
// document is read to tell them: Table4Key). ok is false when it cannot be told (nothing is kept
// then).
func (c *t4Context) sheetKeys(ctx context.Context, wholeIMS bool) (keyOf func(p string) [32]byte, ok bool) {
	c.startBooks(ctx)
	<-c.booksDone
	if c.booksErr != nil {
		return nil, false
	}
	db := c.s.core.DB.DB
	twoB, err := gstr2b.Periods(ctx, db, c.ws)
	if err != nil {
		return nil, false
	}
	twoBOf := map[string]string{}
	var twoBIDs []string
	for _, p := range twoB {
		twoBOf[p.Period] = p.Latest.ID
		twoBIDs = append(twoBIDs, p.Period+"="+p.Latest.ID)
	}
	twoA, err := gstr2a.AllSnapshots(ctx, db, c.ws)
	if err != nil {
		return nil, false
	}
	var twoAIDs []string
	for _, sn := range twoA {
		twoAIDs = append(twoAIDs, sn.Period+"="+sn.ID)
	}
	byMonth := map[string]map[string]gstr3b.StoredClaim{}
	every := map[string]gstr3b.StoredClaim{}
	for k, sc := range c.claims {
		if sc.ID.Face != gstr3b.Face2B {
			every[k] = sc
			continue
		}
		for _, m := range []string{sc.ID.Period2B, sc.Period} {
			if byMonth[m] == nil {
				byMonth[m] = map[string]gstr3b.StoredClaim{}
			}
			byMonth[m][k] = sc
		}
	}
	shared := struct {
		Workspace          string
		Today              string
		IMS                *[32]byte `json:",omitempty"` // IMSDigest of the whole list
		Claims             map[string]gstr3b.StoredClaim
		Blocked            map[string]bool
		Runs               []recon.Run
		Books              []recon.Invoice
		RegName, BooksNote string
		PayDates           bool
		TwoB               []string `json:",omitempty"`
		TwoA               []string
	}{Workspace: c.ws, Today: itcrisk.Today(c.s.core.Now()), Claims: every, Blocked: c.blocked, Runs: c.runs, Books: c.books,
		RegName: c.regName, BooksNote: c.booksNote, PayDates: c.payDates, TwoA: twoAIDs}
	if wholeIMS {
		d := IMSDigest(c.imsList)
		shared.IMS, shared.TwoB = &d, twoBIDs
	}
	h := sha256.New()
	if err := json.NewEncoder(h).Encode(shared); err != nil {
		return nil, false
	}
	base := h.Sum(nil)
	// Each IMS record's identity, hashed once for the months' sets (imsKeySet).
	type imsHashed struct {
		hash uint64
		key  string
	}
	var imsList []imsHashed
	if !wholeIMS {
		imsList = make([]imsHashed, 0, len(c.ims))
		for k := range c.ims {
			imsList = append(imsList, imsHashed{maphash.String(imsSeed, k), k})
		}
	}
	return func(p string) (key [32]byte) {
		type monthPart struct {
			Period string
			Claims map[string]gstr3b.StoredClaim
			TwoB   map[string]string     `json:",omitempty"` // month → latest 2B id ("" none)
			IMS    map[string]ims.Record `json:",omitempty"`
		}
		part := monthPart{Period: p, Claims: byMonth[p]}
		if !wholeIMS {
			months := []string{p}
			for _, sc := range byMonth[p] {
				if !slices.Contains(months, sc.ID.Period2B) {
					months = append(months, sc.ID.Period2B)
				}
			}
			part.TwoB, part.IMS = map[string]string{}, map[string]ims.Record{}
			for _, m := range months {
				part.TwoB[m] = twoBOf[m]
				if twoBOf[m] == "" || len(imsList) == 0 {
					continue // no 2B, or no IMS record: none of its documents' records
				}
				set, err := c.imsKeySet(ctx, m, twoBOf[m])
				if err != nil {
					return key // the zero key is never kept
				}
				for _, r := range imsList {
					if _, ok := set[r.hash]; ok {
						part.IMS[r.key] = c.ims[r.key]
					}
				}
			}
		}
		h := sha256.New()
		h.Write(base)
		if err := json.NewEncoder(h).Encode(part); err != nil {
			return key
		}
		copy(key[:], h.Sum(nil))
		return key
	}, true
}

// imsSeed hashes IMS identities for imsKeySet (two identities of one hash only make a month's key
// hold a record it does not need: never a record it needs left out).
var imsSeed = maphash.MakeSeed()

// imsKeySet is the set of IMS identities (ims.IDOf2B, hashed with imsSeed) of the documents of p's
// latest GSTR-2B, snapshot id, kept by snapshot id (a pull never changes once saved). A 2B of p
// saved since id was told is an error (the key is not told then).
func (c *t4Context) imsKeySet(ctx context.Context, p, id string) (map[uint64]struct{}, error) {
	sn, err := gstr2b.LatestSnapshot(ctx, c.s.core.DB.DB, c.ws, p)
	if err != nil {
		return nil, err
	}
	if sn.ID != id {
		return nil, fmt.Errorf("reconcile: the GSTR-2B of %s changed while its worksheet was read", p)
	}
	return keptIMSKeySets(c.s.core.DB.DB).Get(sn.ID, func() (map[uint64]struct{}, int, error) {
		docs, err := keptMatchDocs(ctx, c.s.core.DB.DB, sn)
		if err != nil {
			return nil, 0, err
		}
		keys := keptDocKeys(c.s.core.DB.DB, sn, p, docs)
		set := make(map[uint64]struct{}, len(keys))
		for i := range keys {
			if keys[i].ims != "" {
				set[maphash.String(imsSeed, keys[i].ims)] = struct{}{}
			}
		}
		return set, len(set), nil
	})
}

func keptIMSKeySets(db *sql.DB) *store.Kept[map[uint64]struct{}] {
	return store.Attached(db, "reconcile.imsKeySets", func() *store.Kept[map[uint64]struct{}] {
		return store.NewKept[map[uint64]struct{}](2_000_000)
	})
}

// useKept takes the worksheets kept for the same inputs (sheetKeys), and keep (called when the
// worksheets asked for are built) keeps what this context built.
func (c *t4Context) useKept(ctx context.Context) (keep func()) {
	keyOf, ok := c.sheetKeys(ctx, false)
	if !ok {
		return func() {}
	}
	var zero [32]byte
	k := keptSheets(c.s.core.DB.DB)
	k.mu.Lock()
	prefix := c.ws + "|" // kept by workspace and month
	kept := map[string]keptSheet{}
	for wp, ks := range k.sheets {
		if p, ok := strings.CutPrefix(wp, prefix); ok && ks.key != zero {
			kept[p] = ks
		}
	}
	k.mu.Unlock()
	for p, ks := range kept { // keys told outside the lock: a month's may read its 2B
		if ks.key == keyOf(p) {
			c.sheets[p] = ks.sheet
		}
	}
	return func() {
		keys := map[string][32]byte{}
		for p := range c.sheets {
			keys[p] = keyOf(p)
		}
		k.mu.Lock()
		defer k.mu.Unlock()
		for p, sh := range c.sheets {
			if key := keys[p]; key != zero {
				k.sheets[prefix+p] = keptSheet{key: key, sheet: sh}
			} else {
				delete(k.sheets, prefix+p)
			}
		}
	}
}

// calendarOf is a year's ITC calendar with the tax by head of the documents it names.
type calendarOf struct {
	cal   itcrisk.Calendar
	heads map[string]gstr3b.Heads // supplier|type|normalised number → tax by head
	items [][]itemHeads           // each Rule 37 and Rule 37A item's heads (cal.Months[g].Items[i])
	note  string
}

// itemHeads is a calendar item's document's tax by head, when the calendar read it.
type itemHeads struct {
	heads gstr3b.Heads
	found bool
}

func (s *Service) t4(ctx context.Context) (*t4Context, error) {
	c := &t4Context{s: s, ws: s.core.Workspace().ID, rows: map[string]*t4Run{}, cals: map[period.FY]*calendarOf{},
		docs: map[string][]gstr2b.MatchDoc{}, gdocs: map[string][]gstr3b.Doc{}, keys: map[string][]docKeys{}, sheets: map[string]*Table4Sheet{}, snaps: map[string]*gstr2b.Snapshot{}}
	stored, err := s.StoredIMS(ctx)
	if err != nil {
		return nil, err
	}
	c.imsList = stored
	c.ims = make(map[string]ims.Record, len(stored))
	for _, r := range stored {
		c.ims[r.Key()] = r
	}
	if c.claims, err = gstr3b.Claims(ctx, s.core.DB.DB, c.ws); err != nil {
		return nil, err
	}
	if c.blocked, err = gstr3b.BlockedSet(ctx, s.core.DB.DB, c.ws); err != nil {
		return nil, err
	}
	if c.runs, err = recon.RunsOf(ctx, s.core.DB.DB, c.ws, recon.AgainstGSTR2B); err != nil {
		return nil, err
	}
	c.booksDone = make(chan struct{})
	return c, nil
}

// startBooks starts reading the register (readBooks) once, while the run's rows are read.
func (c *t4Context) startBooks(ctx context.Context) {
	c.booksOnce.Do(func() {
		go func() {
			defer close(c.booksDone)
			c.booksErr = c.readBooks(ctx)
		}()
	})
}

// snapshot returns the latest GSTR-2B of p and its documents in the credit (nil when none).
func (c *t4Context) snapshot(ctx context.Context, p string) (*gstr2b.Snapshot, []gstr2b.MatchDoc, error) {
	if err := c.prefetch(ctx, []string{p}); err != nil {
		return nil, nil, err
	}
	return c.snaps[p], c.docs[p], nil
}

// baseDocs returns the documents of p's latest GSTR-2B as the worksheet reads them (docOf).
func (c *t4Context) baseDocs(ctx context.Context, p string) ([]gstr3b.Doc, error) {
	if err := c.prefetch(ctx, []string{p}); err != nil {
		return nil, err
	}
	return c.gdocs[p], nil
}

// prefetch reads the latest GSTR-2B of each period not read yet, and its documents, a few
// periods at once (a year of 2Bs is most of the time of an annual return).
func (c *t4Context) prefetch(ctx context.Context, periods []string) error {
	var todo []string
	for _, p := range periods {
		if _, ok := c.snaps[p]; !ok && !slices.Contains(todo, p) {
			todo = append(todo, p)
		}
	}
	if len(todo) == 0 {
		return nil
	}
	type read struct {
		snap *gstr2b.Snapshot
		docs []gstr2b.MatchDoc
		keys []docKeys
		g    []gstr3b.Doc
		err  error
	}
	out := make([]read, len(todo))
	workers := min(runtime.GOMAXPROCS(0), 4, len(todo))
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := w; i < len(todo); i += workers {
				r := &out[i]
				sn, err := gstr2b.LatestSnapshot(ctx, c.s.core.DB.DB, c.ws, todo[i])
				if apperr.KindOf(err) == apperr.NotFound {
					continue
				}
				if err != nil {
					r.err = err
					return
				}
				if r.docs, r.err = keptMatchDocs(ctx, c.s.core.DB.DB, sn); r.err != nil {
					return
				}
				r.keys = keptDocKeys(c.s.core.DB.DB, sn, todo[i], r.docs)
				r.snap, r.g = &sn, make([]gstr3b.Doc, len(r.docs))
				ref := "GSTR-2B " + period.LabelOf(todo[i]) + " "
				for j := range r.docs {
					r.g[j] = c.docOfKeyed(&r.docs[j], todo[i], &r.keys[j], ref)
				}
			}
		}(w)
	}
	wg.Wait()
	for i, p := range todo {
		if out[i].err != nil {
			return out[i].err
		}
		c.snaps[p], c.docs[p], c.gdocs[p], c.keys[p] = out[i].snap, out[i].docs, out[i].g, out[i].keys
	}
	return nil
}

// keptMatchDocs are the documents of a 2B pull the worksheets read, kept by snapshot id
// (store.Kept): a pull's documents never change once saved, so a refresh after a write (an IMS
// action, a claim) reads none of them again; past 10 lakh documents the least recently used are
// dropped. The documents are shared: read them, never change them.
func keptMatchDocs(ctx context.Context, db *sql.DB, sn gstr2b.Snapshot) ([]gstr2b.MatchDoc, error) {
	k := store.Attached(db, "reconcile.matchDocs", func() *store.Kept[[]gstr2b.MatchDoc] {
		return store.NewKept[[]gstr2b.MatchDoc](1_000_000)
	})
	return k.Get(sn.ID, func() ([]gstr2b.MatchDoc, int, error) {
		docs, err := gstr2b.MatchDocs(ctx, db, sn, false)
		return docs, len(docs), err
	})
}

// t4Run is a saved run against GSTR-2B as the worksheet reads it: each row's status, its two
// documents, the 2B's period and the person's decision (the rest of a stored row, such as its
// explanation and candidates, is not decoded: a month of 20,000 rows reads in a third of the time).
type t4Run struct {
	ID, CreatedAt, RegisterName string
	Rows                        []t4Row
}

type t4Row struct {
	Status   recon.Status     `json:"status"`
	Books    *recon.Invoice   `json:"books"`
	GSTR2A   *recon.Invoice   `json:"gstr2a"`
	Period2B string           `json:"period_2b"`
	Action   recon.ActionKind `json:"action"`
}

// run returns the newest saved run against GSTR-2B whose periods hold p (nil when none).
func (c *t4Context) run(ctx context.Context, p string) (*t4Run, error) {
	for _, r := range c.runs {
		if r.FromPeriod > p || p > r.ToPeriod {
			continue
		}
		if tw, ok := c.rows[r.ID]; ok {
			return tw, nil
		}
		tw := &t4Run{ID: r.ID, CreatedAt: r.CreatedAt, RegisterName: r.RegisterName}
		var data [][]byte
		if err := recon.EachRunRow(ctx, c.s.core.DB.DB, r.ID, func(d []byte) error { data = append(data, d); return nil }); err != nil {
			return nil, err
		}
		// Decoded on every core: most of the time of a large month's worksheet is here.
		tw.Rows = make([]t4Row, len(data))
		workers := min(runtime.GOMAXPROCS(0), 4, max(len(data)/2000, 1))
		errs := make([]error, workers)
		var wg sync.WaitGroup
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func(w int) {
				defer wg.Done()
				for i := w; i < len(data); i += workers {
					if err := json.Unmarshal(data[i], &tw.Rows[i]); err != nil {
						errs[w] = fmt.Errorf("reconcile: run %s row %d: %w", r.ID, i+1, err)
						return
					}
				}
			}(w)
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				return nil, err
			}
		}
		c.rows[r.ID] = tw
		return tw, nil
	}
	return nil, nil
}

// readBooks reads, once, the register of the newest run against GSTR-2B when it is still kept
// (Rule 37 needs its payment dates; Rule 37A counts only what the books hold).
func (c *t4Context) readBooks(ctx context.Context) error {
	if len(c.runs) == 0 {
		return nil
	}
	run := c.runs[0]
	if _, _, err := c.s.register(run.RegisterSHA256); err != nil {
		c.booksNote = "The register of the newest reconciliation (" + run.RegisterName + ") is no longer kept: Rule 37 is not checked. Run the reconciliation again."
		return nil
	}
	v, books, err := c.s.books(ctx, Register{Token: run.RegisterSHA256})
	if err != nil {
		c.booksNote = "The register of the newest reconciliation (" + run.RegisterName + ") cannot be read now: Rule 37 is not checked. " + err.Error()
		return nil
	}
	c.books, c.regName, c.payDates = books, v.File, v.Mapping[recon.FieldPaymentDate] != ""
	if c.books == nil {
		c.books = []recon.Invoice{}
	}
	return nil
}

// calendar returns the ITC calendar of fy as far as the worksheet reads it: Rule 37 (the register
// of the newest run, readBooks, with its payment dates) and Rule 37A (the year's GSTR-2A and its
// suppliers' GSTR-3B flag, for the documents the books hold). The register is not matched with
// the 2B again (neither rule needs it; the ITC calendar screen does, and builds its own): the
// books' documents count as held by the books under their own numbers, and under the 2B's number
// where a saved run paired them.
//
// Without a register the calendar holds Rule 37A items alone, which the worksheet of October (of
// the year after fy) alone reads: another month (rule37A false) gets an empty calendar, not built.
func (c *t4Context) calendar(ctx context.Context, fy period.FY, rule37A bool) (*calendarOf, error) {
	if co, ok := c.cals[fy]; ok {
		return co, nil
	}
	co := &calendarOf{heads: map[string]gstr3b.Heads{}}
	c.startBooks(ctx)
	<-c.booksDone
	if c.booksErr != nil {
		return nil, c.booksErr
	}
	co.note = c.booksNote
	if c.books == nil && !rule37A {
		return co, nil
	}
	in := itcrisk.Input{FY: fy, Today: itcrisk.Today(c.s.core.Now()), Cancelled: map[string]string{}}
	db := c.s.core.DB.DB
	months := period.Strings(fy.Months())
	if c.books != nil {
		in.Register, in.RegisterName, in.PaymentDates = true, c.regName, c.payDates
		first, last := fy.First().String(), fy.Last().String()
		in.Rows = make([]recon.Row, 0, len(c.books))
		for i := range c.books {
			if b := &c.books[i]; b.Period >= first && b.Period <= last && b.DuplicateOf == "" {
				in.Rows = append(in.Rows, recon.Row{Status: recon.MissingIn2A, Books: b})
			}
		}
		for _, tw := range c.rows {
			for i := range tw.Rows {
				if r := &tw.Rows[i]; r.Books != nil && r.GSTR2A != nil {
					// The 2B side of a pair, so Rule 37A finds the document by the supplier's number
					// too; its books side is listed above (no Rule 37 item twice).
					in.Rows = append(in.Rows, recon.Row{Status: recon.MissingInBooks, Books: &recon.Invoice{Source: recon.Books, SupplierGSTIN: r.GSTR2A.SupplierGSTIN,
						Number: r.GSTR2A.Number, DocType: r.GSTR2A.DocType, Period: "0000-00"}})
				}
			}
		}
	}
	// The calendar and the heads are kept by the 2A pulls and the rest of the input (the books):
	// a worksheet built again after a claim decision does not build the calendar again.
	var key [32]byte
	pulls, err := gstr2a.Rule37APulls(ctx, db, c.ws, months)
	if err == nil && !slowRule37A {
		if raw, jerr := json.Marshal(struct {
			Workspace string
			In        itcrisk.Input
			Books     []recon.Invoice
			Pulls     []string
		}{c.ws, in, c.books, pulls}); jerr == nil {
			key = sha256.Sum256(raw)
			if kept, ok := keptT4Calendars(db).get(fy, key); ok {
				kept.note = co.note
				c.cals[fy] = kept
				return kept, nil
			}
		}
	}
	// Of the 2A the calendar's Rule 37A reads only the documents of suppliers not flagged as
	// having filed GSTR-3B (kept per pull: read2ARule37A).
	if in.GSTR2A, _, _, err = read2ARule37A(ctx, db, c.ws, months, in.Cancelled, nil); err != nil {
		return nil, err
	}
	co.cal = itcrisk.Build(in)
	put := func(inv *recon.Invoice) {
		co.heads[gstr3b.BlockedKey(inv.SupplierGSTIN, string(inv.DocType), inv.Number)] = gstr3b.HeadsOf(inv.IGST, inv.CGST, inv.SGST, inv.Cess)
	}
	for i := range in.GSTR2A {
		put(&in.GSTR2A[i])
	}
	for i := range c.books {
		put(&c.books[i])
	}
	// Each Rule 37 and Rule 37A item's heads, looked up once (a number normalised once, not at
	// every worksheet built from the kept calendar).
	co.items = make([][]itemHeads, len(co.cal.Months))
	for g := range co.cal.Months {
		co.items[g] = make([]itemHeads, len(co.cal.Months[g].Items))
		for i := range co.cal.Months[g].Items {
			if it := &co.cal.Months[g].Items[i]; it.Rule == itcrisk.Rule37 || it.Rule == itcrisk.Rule37A {
				h, ok := co.heads[gstr3b.BlockedKey(it.Supplier, it.Kind, it.Number)]
				co.items[g][i] = itemHeads{h, ok}
			}
		}
	}
	c.cals[fy] = co
	if key != ([32]byte{}) {
		keptT4Calendars(db).put(fy, key, co)
	}
	return co, nil
}

// t4CalendarKeep keeps Table 4's calendars (with their heads) by a digest of their input, one a
// year. A kept calendar is shared: read it, never change it (its note is the context's own).
type t4CalendarKeep struct {
	mu   sync.Mutex
	kept map[period.FY]keptT4Calendar
}

type keptT4Calendar struct {
	key [32]byte
	co  *calendarOf
}

func keptT4Calendars(db *sql.DB) *t4CalendarKeep {
	return store.Attached(db, "reconcile.table4Calendars", func() *t4CalendarKeep {
		return &t4CalendarKeep{kept: map[period.FY]keptT4Calendar{}}
	})
}

func (k *t4CalendarKeep) get(fy period.FY, key [32]byte) (*calendarOf, bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	e, ok := k.kept[fy]
	if !ok || e.key != key {
		return nil, false
	}
	cp := *e.co
	return &cp, true
}

func (k *t4CalendarKeep) put(fy period.FY, key [32]byte, co *calendarOf) {
	cp := *co
	k.mu.Lock()
	k.kept[fy] = keptT4Calendar{key: key, co: &cp}
	k.mu.Unlock()
}

// docOf is a 2B document of period p as the worksheet reads it, with its stored claim and
// blocked mark (IMS and the match are laid over by the caller).
func (c *t4Context) docOf(d *gstr2b.MatchDoc, p string) gstr3b.Doc {
	k := docKeysOf(d, p)
	return c.docOfKeyed(d, p, &k, "GSTR-2B "+period.LabelOf(p)+" ")
}

// docKeys are what docOf looks a 2B document up by, each read from its number once (normalising
// a number is most of the time of reading a month's documents): a pull never changes once saved,
// so they are kept with its documents (keptDocKeys).
type docKeys struct {
	ims     string // ims.IDOf2B's Key; "" when IMS does not hold the document's kind
	claim   string // the document's gstr3b.Identity Key (its stored claim)
	blocked string // gstr3b.BlockedKey (its blocked mark)
}

func docKeysOf(d *gstr2b.MatchDoc, p string) docKeys {
	var k docKeys
	if id, ok := ims.IDOf2B(d, p); ok {
		k.ims = id.Key()
	}
	id := gstr3b.IdentityOf(gstr3b.Face2B, d.Supplier, d.Kind, d.Number, p, d.Section)
	k.claim, k.blocked = id.Key(), id.DocKey()
	return k
}

// docOfKeyed is docOf with the document's keys read (docKeysOf) and its reference's start
// ("GSTR-2B <month label> ").
func (c *t4Context) docOfKeyed(d *gstr2b.MatchDoc, p string, k *docKeys, ref string) gstr3b.Doc {
	g := gstr3b.Doc{Face: gstr3b.Face2B, Period2B: p, Section: d.Section, Kind: d.Kind, Supplier: d.Supplier, SupplierName: d.TradeName,
		Number: d.Number, Date: d.DateISO, ReverseCharge: d.ReverseCharge == "Y", ITCAvailable: d.ITCAvailable,
		Tax: gstr3b.HeadsOf(d.IGST, d.CGST, d.SGST, d.Cess), Ref: ref + d.Section, IMS: d.IMSStatus}
	if d.Kind == gstr2b.KindCreditNote || d.Kind == gstr2b.KindISDCreditNote {
		g.Tax = negative(g.Tax)
	}
	if k.ims != "" {
		if r, ok := c.ims[k.ims]; ok {
			g.IMS = r.Action
		}
	}
	if sc, ok := c.claims[k.claim]; ok {
		g.Claim = sc.Claim
	}
	g.Blocked = c.blocked[k.blocked]
	return g
}

// keptDocKeys are the docKeys of a 2B pull's documents (keptMatchDocs, index for index) as of
// period p (the pull's), kept by snapshot id.
func keptDocKeys(db *sql.DB, sn gstr2b.Snapshot, p string, docs []gstr2b.MatchDoc) []docKeys {
	k := store.Attached(db, "reconcile.docKeys", func() *store.Kept[[]docKeys] {
		return store.NewKept[[]docKeys](1_000_000)
	})
	keys, _ := k.Get(sn.ID+"|"+p, func() ([]docKeys, int, error) {
		out := make([]docKeys, len(docs))
		for i := range docs {
			out[i] = docKeysOf(&docs[i], p)
		}
		return out, len(out), nil
	})
	if len(keys) != len(docs) { // never: the same pull's documents
		keys = make([]docKeys, len(docs))
		for i := range docs {
			keys[i] = docKeysOf(&docs[i], p)
		}
	}
	return keys
}

// negative makes every head negative (a credit note stored by its size).
func negative(h gstr3b.Heads) gstr3b.Heads {
	abs := func(r gstr3b.Rupees) gstr3b.Rupees {
		if r > 0 {
			return -r
		}
		return r
	}
	return gstr3b.Heads{IGST: abs(h.IGST), CGST: abs(h.CGST), SGST: abs(h.SGST), Cess: abs(h.Cess)}
}

// rowKey is how a 2B document and a run's row find each other: supplier, type, number, 2B period.
func rowKey(supplier, kind, number, p string) string {
	return rowKeyOf(gstr3b.BlockedKey(supplier, kind, number), p)
}

// rowKeyOf is rowKey of a document whose DocKey is known.
func rowKeyOf(docKey, p string) string { return docKey + "|" + p }

// input reads what the worksheet of month p is built from (see Table4).
func (c *t4Context) input(ctx context.Context, p string) (gstr3b.Input, *Table4Sheet, error) {
	in := gstr3b.Input{Period: p}
	sheet := &Table4Sheet{}
	c.startBooks(ctx)
	sn, docs, err := c.snapshot(ctx, p)
	if err != nil {
		return in, nil, err
	}
	base := c.gdocs[p]
	if sn != nil {
		in.Have2B = true
		sheet.Snapshot, sheet.SnapshotFrom = sn.ID, sn.SourceText()
		sum, err := gstr2b.SnapshotSummary(ctx, c.s.core.DB.DB, *sn)
		if err != nil {
			return in, nil, err
		}
		in.Proposal = sum.ITC
	}
	tw, err := c.run(ctx, p)
	if err != nil {
		return in, nil, err
	}
	byKey := map[string]*t4Row{}
	if tw != nil {
		in.Reconciled = true
		sheet.RunID, sheet.RunCreatedAt, sheet.RegisterName = tw.ID, tw.CreatedAt, tw.RegisterName
		for i := range tw.Rows {
			r := &tw.Rows[i]
			switch {
			case r.GSTR2A != nil && r.Period2B == p:
				byKey[rowKey(r.GSTR2A.SupplierGSTIN, string(r.GSTR2A.DocType), r.GSTR2A.Number, p)] = r
			case r.GSTR2A == nil && r.Books != nil && r.Books.Period == p && r.Status == recon.MissingIn2A:
				in.BooksOnly = append(in.BooksOnly, booksDoc(r.Books))
			}
		}
	}
	in.Docs = make([]gstr3b.Doc, 0, len(docs))
	keys := c.keys[p]
	for i := range docs {
		d := &docs[i]
		g := base[i]
		if r := byKey[rowKeyOf(keys[i].blocked, p)]; r != nil {
			g.Match, g.Confirmed = string(r.Status), r.Action == recon.Accept
			if r.Books != nil {
				g.BooksRef = r.Books.RowRef
				if c.blocked[gstr3b.BlockedKey(r.Books.SupplierGSTIN, string(r.Books.DocType), r.Books.Number)] {
					g.Blocked = true
				}
			}
		} else if tw != nil && ims.SectionOf2B(d.Section, d.Kind) != "" {
			// A B2B document the run did not see (a 2B pulled after it): read as not booked.
			g.Match = string(recon.MissingInBooks)
		}
		in.Docs = append(in.Docs, g)
	}
	// Documents of earlier 2Bs a person held then and claims now.
	for _, sc := range c.claims {
		if sc.ID.Face != gstr3b.Face2B || sc.State != gstr3b.StateClaim || sc.Period != p || sc.ID.Period2B >= p || sc.DecidedBy != gstr3b.ByPerson {
			continue
		}
		ds, err := c.baseDocs(ctx, sc.ID.Period2B)
		if err != nil {
			return in, nil, err
		}
		for _, g := range ds {
			if g.Identity().Key() == sc.ID.Key() {
				in.Earlier = append(in.Earlier, g)
				break
			}
		}
	}
	// Rule 37 and Rule 37A: the calendars of this year and the one before.
	m, _ := period.ParseMonth(p)
	for _, fy := range []period.FY{m.FY() - 1, m.FY()} {
		oct := period.MonthOf(int(fy)+1, time.October).String()
		co, err := c.calendar(ctx, fy, p == oct)
		if err != nil {
			return in, nil, err
		}
		if co.note != "" && fy == m.FY() {
			sheet.Notes = append(sheet.Notes, co.note)
		}
		for gi, g := range co.cal.Months {
			for ii, it := range g.Items {
				rev := gstr3b.Reversal{Rule: it.Rule, Why: it.Action, Doc: gstr3b.Doc{Face: gstr3b.FaceBooks, Kind: it.Kind, Supplier: it.Supplier,
					SupplierName: it.SupplierName, Number: it.Number, Date: it.DocDate, Ref: it.Ref}}
				switch {
				case it.Rule == itcrisk.Rule37 && it.Return == p && it.Status == itcrisk.Reclaim:
					in.Reclaims = append(in.Reclaims, withHeads(co.items[gi][ii], rev, it.Amount, sheet))
				case it.Rule == itcrisk.Rule37 && it.Return == p:
					in.Reversals = append(in.Reversals, withHeads(co.items[gi][ii], rev, it.Amount, sheet))
				case it.Rule == itcrisk.Rule37A && p == oct && it.Status != itcrisk.Upcoming:
					in.Reversals = append(in.Reversals, withHeads(co.items[gi][ii], rev, it.Amount, sheet))
				}
			}
		}
	}
	return in, sheet, nil
}

// withHeads gives a calendar item's document its tax by head, from the document the calendar read;
// one it cannot find is taken as IGST and named in a note.
func withHeads(ih itemHeads, r gstr3b.Reversal, amount money.Paise, sheet *Table4Sheet) gstr3b.Reversal {
	if ih.found && ih.heads.Total() == amount {
		r.Doc.Tax = ih.heads
		return r
	}
	r.Doc.Tax = gstr3b.HeadsOf(amount, 0, 0, 0)
	sheet.Notes = append(sheet.Notes, fmt.Sprintf("%s %s of %s: its tax by head was not found; ₹%s is shown as IGST.", r.Rule, r.Doc.Number, r.Doc.Supplier, amount.Indian()))
	return r
}

// booksDoc is a register invoice as the worksheet reads it.
func booksDoc(b *recon.Invoice) gstr3b.Doc {
	return gstr3b.Doc{Face: gstr3b.FaceBooks, Kind: string(b.DocType), Supplier: b.SupplierGSTIN, SupplierName: b.SupplierName, Number: b.Number,
		Date: b.Date, ReverseCharge: b.ReverseCharge, Tax: gstr3b.HeadsOf(b.IGST, b.CGST, b.SGST, b.Cess), Ref: b.RowRef}
}

// checkMonth reads a YYYY-MM month.
func checkMonth(p string) (string, error) {
	m, err := period.ParseMonth(strings.TrimSpace(p))
	if err != nil || m.Year == 0 {
		return "", apperr.New(apperr.Invalid, "%q is not a month: write it as YYYY-MM (2025-10).", p)
	}
	return m.String(), nil
}

// Table4 builds the GSTR-3B Table 4 worksheet of month p (YYYY-MM) from what is stored: the
// latest GSTR-2B of the month (its itcsumm is the proposal, its documents the lines), the newest
// saved reconciliation against GSTR-2B covering the month (booked, matched, confirmed), IMS as last
// listed, each document's claim period and blocked mark, and the ITC calendar (Rule 37 and Rule 37A
// reversals and reclaims due in the month). The two ledgers' month comes with it, and their
// warnings (a reclaim above the balance, RCM ITC above RCM paid) are the worksheet's.
func (s *Service) Table4(ctx context.Context, m period.Month) (Table4Sheet, error) {
	p := m.Key()
	p, err := checkMonth(p)
	if err != nil {
		return Table4Sheet{}, err
	}
	c, err := s.t4(ctx)
	if err != nil {
		return Table4Sheet{}, err
	}
	keep := c.useKept(ctx)
	sheet, err := c.sheet(ctx, p)
	if err != nil {
		return Table4Sheet{}, err
	}
	ecrs, rcm, err := c.ledgers(ctx, p)
	if err != nil {
		return Table4Sheet{}, err
	}
	keep()
	sheet.ECRS, sheet.RCM = ecrs.Month(p), rcm.Month(p)
	for _, m := range []*gstr3b.LedgerMonth{sheet.ECRS, sheet.RCM} {
		if m != nil && m.Warning != nil {
			sheet.Warnings = append(slices.Clip(sheet.Warnings), *m.Warning) // the cached worksheet keeps its own
		}
	}
	return *sheet, nil
}

// sheet builds the worksheet of p (once: the ledgers read the month's worksheet too).
func (c *t4Context) sheet(ctx context.Context, p string) (*Table4Sheet, error) {
	if sh, ok := c.sheets[p]; ok {
		cp := *sh
		return &cp, nil
	}
	in, sheet, err := c.input(ctx, p)
	if err != nil {
		return nil, err
	}
	notes := sheet.Notes
	sheet.Worksheet = gstr3b.Build(in)
	sheet.Notes = append(sheet.Notes, notes...)
	c.sheets[p] = sheet
	cp := *sheet
	return &cp, nil
}

// ledgerSpan is what the two ledgers up to p are run from: their openings and the months whose
// worksheets move them (from the first month with a GSTR-2B or an opening balance, at most three
// years back, to p; a month with no 2B, no worksheet, moves nothing and is left out).
type ledgerSpan struct {
	ECRS, RCM       gstr3b.Opening
	HasECRS, HasRCM bool
	Months          []string
}

func (c *t4Context) ledgerSpan(ctx context.Context, p string) (sp ledgerSpan, err error) {
	db := c.s.core.DB.DB
	if sp.ECRS, sp.HasECRS, err = gstr3b.OpeningOf(ctx, db, c.ws, gstr3b.LedgerECRS); err != nil {
		return sp, err
	}
	if sp.RCM, sp.HasRCM, err = gstr3b.OpeningOf(ctx, db, c.ws, gstr3b.LedgerRCM); err != nil {
		return sp, err
	}
	infos, err := gstr2b.Periods(ctx, db, c.ws)
	if err != nil {
		return sp, err
	}
	first := p
	for _, in := range infos {
		first = min(first, in.Period)
	}
	if sp.HasECRS {
		first = min(first, sp.ECRS.Period)
	}
	if sp.HasRCM {
		first = min(first, sp.RCM.Period)
	}
	first = max(first, prevMonths(p, 35))
	months, err := Periods(first, p)
	if err != nil {
		return sp, err
	}
	for _, m := range months {
		if m == p || hasAny(infos, m) {
			sp.Months = append(sp.Months, m)
		}
	}
	return sp, nil
}

// ledgers runs both ledgers from their openings (or from the first month with a GSTR-2B) to p.
func (c *t4Context) ledgers(ctx context.Context, p string) (ecrs, rcm gstr3b.Ledger, err error) {
	sp, err := c.ledgerSpan(ctx, p)
	if err != nil {
		return ecrs, rcm, err
	}
	oe, hasE, or, hasR := sp.ECRS, sp.HasECRS, sp.RCM, sp.HasRCM
	var em, rm []gstr3b.LedgerMove
	for _, m := range sp.Months {
		w, err := c.sheet(ctx, m)
		if err != nil {
			return ecrs, rcm, err
		}
		em = append(em, gstr3b.ECRSMove(&w.Worksheet))
		paid, docs, err := c.rcmPaid(ctx, m)
		if err != nil {
			return ecrs, rcm, err
		}
		rm = append(rm, gstr3b.RCMMove(&w.Worksheet, paid, docs))
	}
	return gstr3b.BuildLedger(gstr3b.LedgerECRS, oe, hasE, em), gstr3b.BuildLedger(gstr3b.LedgerRCM, or, hasR, rm), nil
}

func hasAny(infos []gstr2b.PeriodInfo, p string) bool {
	for _, in := range infos {
		if in.Period == p {
			return true
		}
	}
	return false
}

// prevMonths is the month n months before p.
func prevMonths(p string, n int) string {
	m, _ := period.ParseMonth(p)
	i := m.Year*12 + int(m.Month) - 1 - n
	return period.MonthOf(i/12, time.Month(i%12+1)).String()
}

// rcmPaid is the RCM tax paid in month p as the books show it (reverse-charge register invoices
// booked in the month, in the run covering it) and the worksheet's 4(A)(3) documents.
func (c *t4Context) rcmPaid(ctx context.Context, p string) (gstr3b.Heads, []gstr3b.DocLine, error) {
	var paid gstr3b.Heads
	if tw, _ := c.run(ctx, p); tw != nil {
		for i := range tw.Rows {
			if b := tw.Rows[i].Books; b != nil && b.ReverseCharge && b.Period == p && b.DuplicateOf == "" {
				paid = paid.Add(gstr3b.HeadsOf(b.IGST, b.CGST, b.SGST, b.Cess))
			}
		}
	}
	// The month's 2B documents: read here when its worksheet was kept (not built by this
	// context), else a kept month's warning would name none of its documents.
	mdocs := c.docs[p]
	if _, read := c.snaps[p]; !read {
		var err error
		if mdocs, err = c.matchDocsOnly(ctx, p); err != nil {
			return paid, nil, err
		}
	}
	var docs []gstr3b.DocLine
	for i := range mdocs {
		d := &mdocs[i]
		if d.ReverseCharge == "Y" && d.ITCAvailable != "N" {
			docs = append(docs, gstr3b.DocLine{Doc: c.docOf(d, p), Row: gstr3b.R4A3})
		}
	}
	return paid, docs, nil
}

// matchDocsOnly returns the documents of p's latest GSTR-2B (keptMatchDocs) without making them
// the worksheet's (prefetch's docOf of every document); none when no 2B of p is stored.
func (c *t4Context) matchDocsOnly(ctx context.Context, p string) ([]gstr2b.MatchDoc, error) {
	sn, err := gstr2b.LatestSnapshot(ctx, c.s.core.DB.DB, c.ws, p)
	if apperr.KindOf(err) == apperr.NotFound {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return keptMatchDocs(ctx, c.s.core.DB.DB, sn)
}

// CreditLedgers runs the Electronic Credit Reversal and Re-claimed Statement and the RCM
// statement month by month up to p (YYYY-MM), from their opening balances.
func (s *Service) CreditLedgers(ctx context.Context, m period.Month) ([]gstr3b.Ledger, error) {
	p := m.Key()
	p, err := checkMonth(p)
	if err != nil {
		return nil, err
	}
	c, err := s.t4(ctx)
	if err != nil {
		return nil, err
	}
	ecrs, rcm, err := c.ledgers(ctx, p)
	if err != nil {
		return nil, err
	}
	return []gstr3b.Ledger{ecrs, rcm}, nil
}

// LedgerOpening is an opening balance as a person enters it: rupees per head as text.
type LedgerOpening struct {
	Ledger  string `json:"ledger"` // ecrs or rcm
	Period  string `json:"period"` // YYYY-MM: the first month the balance opens
	IGST    string `json:"igst_rupees"`
	CGST    string `json:"cgst_rupees"`
	SGST    string `json:"sgst_rupees"`
	Cess    string `json:"cess_rupees"`
	Replace bool   `json:"replace"`
}

// SetLedgerOpening enters a ledger's opening balance, once per workspace (Replace corrects it;
// what it replaced is kept).
func (s *Service) SetLedgerOpening(ctx context.Context, o LedgerOpening) error {
	if err := s.core.DB.ReadOnly(); err != nil {
		return err
	}
	var h [4]money.Paise
	for i, v := range []string{o.IGST, o.CGST, o.SGST, o.Cess} {
		if strings.TrimSpace(v) == "" {
			continue
		}
		p, err := money.Parse(v)
		if err != nil {
			return apperr.New(apperr.Invalid, "The opening %s %q is not an amount: write rupees, such as 12500.00.", gstr3b.HeadNames[i], v)
		}
		h[i] = p
	}
	p, err := checkMonth(o.Period)
	if err != nil {
		return err
	}
	return gstr3b.SetOpening(ctx, s.core.DB.DB, s.core.Workspace().ID, gstr3b.Opening{Ledger: strings.ToLower(strings.TrimSpace(o.Ledger)), Period: p,
		Balance: gstr3b.HeadsOf(h[0], h[1], h[2], h[3]), Who: claimWho()}, o.Replace, s.core.Now())
}

// ClaimRequest moves a supplier's document between "claim now" and "hold": State "claim" sets
// its claim period to Period; "hold" clears it (Period is the month whose worksheet holds it).
// Kind narrows to one document type (invoice, credit_note, debit_note) when a number has two.
type ClaimRequest struct {
	Supplier string `json:"supplier_gstin"`
	Number   string `json:"document_number"`
	Kind     string `json:"document_type,omitempty"`
	State    string `json:"state"`
	Period   string `json:"period"`
	Reason   string `json:"reason,omitempty"`
}

// ClaimResult says which documents took the decision (the 2B's and the books' faces).
type ClaimResult struct {
	Documents []gstr3b.StoredClaim `json:"documents"`
	Changed   int                  `json:"changed"`
}

// SetClaim records a person's decision on a document: claim now in a month, or hold. The
// document is looked for in the GSTR-2B of the month, then among documents with a decision
// already, then in the 2Bs of the twelve months before; the register invoice it was paired with
// (in the newest run covering its 2B) takes the same decision. Every change is logged.
func (s *Service) SetClaim(ctx context.Context, req ClaimRequest) (ClaimResult, error) {
	if err := s.core.DB.ReadOnly(); err != nil {
		return ClaimResult{}, err
	}
	p, err := checkMonth(req.Period)
	if err != nil {
		return ClaimResult{}, err
	}
	state := strings.ToLower(strings.TrimSpace(req.State))
	if state != gstr3b.StateClaim && state != gstr3b.StateHold {
		return ClaimResult{}, apperr.New(apperr.Invalid, "Say claim or hold, not %q.", req.State)
	}
	c, err := s.t4(ctx)
	if err != nil {
		return ClaimResult{}, err
	}
	sup, num := strings.ToUpper(strings.TrimSpace(req.Supplier)), gstr3b.Normalise(req.Number)
	if num == "" {
		return ClaimResult{}, apperr.New(apperr.Invalid, "Name the document by its number.")
	}
	kindOK := func(kind string) bool { return req.Kind == "" || gstr3b.DocType(kind) == gstr3b.DocType(req.Kind) }
	var found []gstr3b.Doc
	look := func(q string) error {
		_, ds, err := c.snapshot(ctx, q)
		if err != nil {
			return err
		}
		for i := range ds {
			d := &ds[i]
			if strings.EqualFold(d.Supplier, sup) && gstr3b.Normalise(d.Number) == num && kindOK(d.Kind) {
				found = append(found, c.docOf(d, q))
			}
		}
		return nil
	}
	if err := look(p); err != nil {
		return ClaimResult{}, err
	}
	if len(found) == 0 {
		for _, sc := range c.claims {
			if sc.ID.Face == gstr3b.Face2B && sc.ID.Supplier == sup && sc.ID.Number == num && kindOK(sc.ID.DocType) {
				if err := look(sc.ID.Period2B); err != nil {
					return ClaimResult{}, err
				}
				break
			}
		}
	}
	// The twelve months before, then (to say why it cannot be claimed yet) the three after.
	for _, i := range []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, -1, -2, -3} {
		if len(found) > 0 {
			break
		}
		if err := look(prevMonths(p, i)); err != nil {
			return ClaimResult{}, err
		}
	}
	switch {
	case len(found) == 0:
		return ClaimResult{}, apperr.New(apperr.NotFound, "No GSTR-2B document %s of %s was found in %s or the twelve months before: check the number and the supplier's GSTIN, or pull the 2B that holds it.",
			req.Number, sup, period.LabelOf(p))
	case len(found) > 1:
		var names []string
		for _, d := range found {
			names = append(names, d.Kind+" "+d.Number+" ("+d.Ref+")")
		}
		return ClaimResult{}, apperr.New(apperr.Invalid, "%d documents of %s answer to %s: %s. Name the one meant with --type invoice, credit_note or debit_note.",
			len(found), sup, req.Number, strings.Join(names, "; "))
	}
	d := found[0]
	if state == gstr3b.StateClaim && p < d.Period2B {
		return ClaimResult{}, apperr.New(apperr.Invalid, "%s is in the GSTR-2B of %s: its credit cannot be claimed in the GSTR-3B of %s, before the 2B holds it (s.16(2)(aa)).",
			d.Number, period.LabelOf(d.Period2B), period.LabelOf(p))
	}
	who := claimWho()
	decisions := []gstr3b.Decision{{ID: d.Identity(), Number: d.Number, Date: d.Date, State: state, Period: p, By: gstr3b.ByPerson, Who: who, Reason: req.Reason}}
	if tw, err := c.run(ctx, d.Period2B); err != nil {
		return ClaimResult{}, err
	} else if tw != nil {
		for i := range tw.Rows {
			r := &tw.Rows[i]
			if r.GSTR2A != nil && r.Books != nil && r.Period2B == d.Period2B && rowKey(r.GSTR2A.SupplierGSTIN, string(r.GSTR2A.DocType), r.GSTR2A.Number, r.Period2B) == rowKey(d.Supplier, d.Kind, d.Number, d.Period2B) {
				b := r.Books
				decisions = append(decisions, gstr3b.Decision{ID: gstr3b.IdentityOf(gstr3b.FaceBooks, b.SupplierGSTIN, string(b.DocType), b.Number, "", ""),
					Number: b.Number, Date: b.Date, State: state, Period: p, By: gstr3b.ByPerson, Who: who, Reason: req.Reason})
				break
			}
		}
	}
	n, err := gstr3b.SetClaims(ctx, s.core.DB.DB, c.ws, decisions, s.core.Now())
	if err != nil {
		return ClaimResult{}, err
	}
	all, err := gstr3b.Claims(ctx, s.core.DB.DB, c.ws)
	if err != nil {
		return ClaimResult{}, err
	}
	out := ClaimResult{Changed: n, Documents: []gstr3b.StoredClaim{}}
	for _, dc := range decisions {
		out.Documents = append(out.Documents, all[dc.ID.Key()])
	}
	return out, nil
}

// ClaimLog lists the changes of claim periods of a supplier's document ("" for all), oldest first.
func (s *Service) ClaimLog(ctx context.Context, supplier, number string) ([]gstr3b.LogEntry, error) {
	return gstr3b.ClaimLog(ctx, s.core.DB.DB, s.core.Workspace().ID, supplier, number)
}

// RecordTable4 stores the worksheet of month p as each of its 2B documents' claim period, decided
// automatically: claimed in p, or held (kept out of p's claim). A person's decision is never
// replaced. It returns how many changed.
func (s *Service) RecordTable4(ctx context.Context, m period.Month) (int, error) {
	if err := s.core.DB.ReadOnly(); err != nil {
		return 0, err
	}
	sheet, err := s.Table4(ctx, m)
	if err != nil {
		return 0, err
	}
	c, err := s.t4(ctx)
	if err != nil {
		return 0, err
	}
	out := map[string]string{} // identity key → the line that kept it out
	for _, l := range sheet.Bridge {
		if l.Informational() || l.Kind == gstr3b.LineReclaimed || l.Kind == gstr3b.LineSummary {
			continue
		}
		for _, d := range l.Docs {
			if d.Face == gstr3b.Face2B {
				out[d.Identity().Key()] = l.Title
			}
		}
	}
	_, docs, err := c.snapshot(ctx, sheet.Period)
	if err != nil {
		return 0, err
	}
	var ds []gstr3b.Decision
	for i := range docs {
		d := c.docOf(&docs[i], sheet.Period)
		if d.ITCAvailable == "N" {
			continue
		}
		dec := gstr3b.Decision{ID: d.Identity(), Number: d.Number, Date: d.Date, State: gstr3b.StateClaim, Period: sheet.Period, By: gstr3b.ByAuto,
			Reason: "worksheet of " + sheet.Label}
		if why, ok := out[d.Identity().Key()]; ok {
			dec.State, dec.Reason = gstr3b.StateHold, why+" (worksheet of "+sheet.Label+")"
		}
		ds = append(ds, dec)
	}
	return gstr3b.SetClaims(ctx, s.core.DB.DB, c.ws, ds, s.core.Now())
}

// MarkBlocked marks (or, blocked false, unmarks) a supplier's document as blocked credit under
// s.17(5): the register has no column for it, so a person marks it here.
func (s *Service) MarkBlocked(ctx context.Context, supplier, kind, number, reason string, blocked bool) error {
	if err := s.core.DB.ReadOnly(); err != nil {
		return err
	}
	return gstr3b.MarkBlocked(ctx, s.core.DB.DB, s.core.Workspace().ID, supplier, kind, number, reason, claimWho(), blocked, s.core.Now())
}

// GSTR9 works out the ITC tables of the annual return of fy ("FY 2025-26"): 6A from the months'
// worksheets, 6A1, 8A-8D and 13 from the GSTR-2B documents stored (April of the year to November
// after it, and earlier 2Bs' documents claimed in the year) and their claim periods.
func (s *Service) GSTR9(ctx context.Context, year period.FY) (gstr3b.GSTR9, error) {
	fy := year.String()
	y, err := period.ParseFY(fy)
	if err != nil {
		return gstr3b.GSTR9{}, apperr.New(apperr.Invalid, "%q is not a financial year: write it as FY 2025-26.", fy)
	}
	c, err := s.t4(ctx)
	if err != nil {
		return gstr3b.GSTR9{}, err
	}
	in := gstr3b.YearInput{FY: y}
	have := false
	periods, _ := Periods(y.First().String(), period.MonthOf(int(y)+1, time.November).String())
	if err := c.prefetch(ctx, periods); err != nil {
		return gstr3b.GSTR9{}, err
	}
	for _, m := range y.Months() {
		mc := gstr3b.MonthClaimed{Period: m.String(), Label: m.Label()}
		sn, _, err := c.snapshot(ctx, m.String())
		if err != nil {
			return gstr3b.GSTR9{}, err
		}
		if sn != nil {
			have = true
			sheet, err := c.sheet(ctx, m.String())
			if err != nil {
				return gstr3b.GSTR9{}, err
			}
			mc.Have = true
			for _, r := range sheet.Rows {
				if strings.HasPrefix(r.Code, "4A") {
					mc.A = mc.A.Add(r.Figure)
				}
			}
		}
		in.Months = append(in.Months, mc)
	}
	n := 0
	for _, p := range periods {
		n += len(c.gdocs[p])
	}
	in.Docs = make([]gstr3b.Doc, 0, n)
	for _, p := range periods {
		ds := c.gdocs[p]
		in.Docs = append(in.Docs, ds...)
		if len(ds) > 0 && p > y.Last().String() {
			have = true
		}
	}
	// Documents of earlier years' 2Bs (not read above) claimed in the year (6A1).
	for _, sc := range c.claims {
		if sc.ID.Face != gstr3b.Face2B || sc.State != gstr3b.StateClaim || sc.ID.Period2B >= y.First().String() ||
			sc.Period < y.First().String() || sc.Period > y.Last().String() {
			continue
		}
		ds, err := c.baseDocs(ctx, sc.ID.Period2B)
		if err != nil {
			return gstr3b.GSTR9{}, err
		}
		for _, d := range ds {
			if d.Identity().Key() == sc.ID.Key() {
				in.Docs = append(in.Docs, d)
				break
			}
		}
	}
	if !have {
		return gstr3b.GSTR9{}, apperr.New(apperr.NotFound, "No GSTR-2B is stored for %s: pull or import the 2Bs of its months first.", y)
	}
	return gstr3b.BuildGSTR9(in), nil
}

// Table4Export writes the worksheet of p as XLSX (the portal's table, the bridge, the documents)
// or JSON to the exports folder and returns the path.
func (s *Service) Table4Export(ctx context.Context, m period.Month, format string) (string, error) {
	sheet, err := s.Table4(ctx, m)
	if err != nil {
		return "", err
	}
	f, err := exportFormat(format)
	if err != nil {
		return "", err
	}
	return s.core.WriteExportFile("gstr3b-table4-"+sheet.Period, f, func(w io.Writer) error { return WriteTable4(w, f, sheet) })
}

// GSTR9Export writes the ITC tables of fy's GSTR-9 as XLSX (the return's layout and the
// documents) or JSON to the exports folder and returns the path.
func (s *Service) GSTR9Export(ctx context.Context, year period.FY, format string) (string, error) {
	g, err := s.GSTR9(ctx, year)
	if err != nil {
		return "", err
	}
	f, err := exportFormat(format)
	if err != nil {
		return "", err
	}
	return s.core.WriteExportFile("gstr9-itc-"+yearSlug(g.FYLabel), f, func(w io.Writer) error { return WriteGSTR9(w, f, g) })
}

// claimWho names the person deciding, for the claim log: the OS user running gstdesk.
func claimWho() string {
	if u, err := user.Current(); err == nil && u.Username != "" {
		return u.Username
	}
	for _, k := range []string{"USER", "USERNAME"} {
		if v := os.Getenv(k); v != "" {
			return v
		}
	}
	return "unknown"
}

// exportFormat reads the format of a worksheet or annual-return export: xlsx or json.
func exportFormat(format string) (export.Format, error) {
	f, err := export.ParseFormat(format)
	if err != nil || f == export.CSV {
		return "", apperr.New(apperr.Invalid, "The worksheet is written as xlsx or json, not %q.", format)
	}
	return f, nil
}

// WriteTable4 writes a month's worksheet as XLSX (gstr3b.WorksheetTables) or JSON (the sheet as
// Table4 returns it).
func WriteTable4(w io.Writer, f export.Format, sheet Table4Sheet) error {
	if f == export.XLSX {
		return export.WriteWorkbook(w, gstr3b.WorksheetTables(&sheet.Worksheet))
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(sheet)
}

// WriteGSTR9 writes the annual return's ITC tables as XLSX (gstr3b.GSTR9Tables) or JSON.
func WriteGSTR9(w io.Writer, f export.Format, g gstr3b.GSTR9) error {
	if f == export.XLSX {
		return export.WriteWorkbook(w, gstr3b.GSTR9Tables(&g))
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(g)
}

// periodMonth reads a YYYY-MM month as period.Month.
func periodMonth(p string) (period.Month, error) { return period.ParseMonth(p) }
