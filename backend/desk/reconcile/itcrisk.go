package reconcile

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/desk/core"
	"gstdesk/backend/export"
	"gstdesk/backend/gstr2a"
	"gstdesk/backend/gstr2b"
	"gstdesk/backend/itcrisk"
	"gstdesk/backend/money"
	"gstdesk/backend/period"
	"gstdesk/backend/recon"
	"gstdesk/backend/store"
	"gstdesk/backend/supplier"
)

// Names the UI uses for the credit-at-risk types.
type (
	// ITCRiskCalendar is the calendar of credit at risk of a financial year (itcrisk.Calendar).
	ITCRiskCalendar = itcrisk.Calendar
	// SupplierScorecard is the suppliers of a year with their scores (itcrisk.Scorecard).
	SupplierScorecard = itcrisk.Scorecard
)

// Register names the purchase register a calendar, a scorecard or a chaser pack reads: a file on
// this computer (Path, the command line's --purchases) or one imported in the window (Token, as a
// reconciliation run takes it). Both empty: no register; Token wins when both are given.
type Register struct {
	Path  string `json:"path,omitempty"`
	Token string `json:"token,omitempty"`
}

func (r Register) none() bool {
	return strings.TrimSpace(r.Path) == "" && strings.TrimSpace(r.Token) == ""
}

// books reads the register reg names, checked as a run reads it (mapping confirmed, no errors).
func (s *Service) books(ctx context.Context, reg Register) (RegisterImport, []recon.Invoice, error) {
	if strings.TrimSpace(reg.Token) == "" {
		return s.booksAt(ctx, reg.Path)
	}
	name, data, err := s.register(reg.Token)
	if err != nil {
		return RegisterImport{}, nil, err
	}
	v, books, err := s.readRegister(ctx, reg.Token, name, data, nil)
	if err != nil {
		return v, nil, err
	}
	if err := registerReady(v); err != nil {
		return v, nil, err
	}
	return v, books, nil
}

// riskInput reads what the calendar and the scorecard of the financial year fy are built from:
// the stored GSTR-2A and GSTR-2B, IMS as last listed, the changed list's cancellations and, when
// reg names one, the purchase register (imported and checked as any register, and matched with
// the 2B of April of the year to November after it, with the workspace's tolerances and
// decisions, as the three-way run does). The calendar without a register reads no 2B document
// (calendarOnly): its rules then are Rule 37A (2A), s.16(4) and deemed acceptance (IMS), and of the
// 2B it needs only which months have one; the scorecard and a register read them all.
func (s *Service) riskInput(ctx context.Context, fy string, reg Register, calendarOnly bool, progress core.Progress) (itcrisk.Input, error) {
	in, _, err := s.riskInputKeyed(ctx, fy, reg, calendarOnly, false, progress)
	return in, err
}

// riskInputKeyed is riskInput with the snapshot ids of the 2A pulls whose Rule 37A documents it
// read (nil when it read every document). With lazy2A the calendar's 2A documents are not read
// (in.GSTR2A is nil; the pulls say which they are): read2ARule37A reads them when needed.
func (s *Service) riskInputKeyed(ctx context.Context, fy string, reg Register, calendarOnly, lazy2A bool, progress core.Progress) (in itcrisk.Input, pulls []string, err error) {
	in, pulls, err = s.riskInputOf(ctx, fy, reg, calendarOnly, lazy2A, progress)
	if err != nil {
		pulls = nil
	}
	return in, pulls, err
}

func (s *Service) riskInputOf(ctx context.Context, fy string, reg Register, calendarOnly, lazy2A bool, progress core.Progress) (itcrisk.Input, []string, error) {
	var pulls []string
	y, err := period.ParseFY(fy)
	if err != nil {
		return itcrisk.Input{}, nil, apperr.New(apperr.Invalid, "%q is not a financial year: write it as FY 2025-26.", fy)
	}
	// Each stage read is a step of a job's progress (StartITCRisk); a cancelled job stops between them.
	done := 0
	step := func() error {
		done++
		if progress != nil {
			progress(done, riskSteps)
		}
		if err := ctx.Err(); err != nil {
			return apperr.Wrap(apperr.Canceled, err, "Building the calendar of %s was cancelled.", y)
		}
		return nil
	}
	if progress != nil {
		progress(0, riskSteps)
	}
	ws := s.core.Workspace().ID
	in := itcrisk.Input{FY: y, Today: itcrisk.Today(s.core.Now()), Cancelled: map[string]string{}}
	yearPeriods := period.Strings(y.Months())
	// Months whose returns should exist by now: a month's 2A and 2B follow its end.
	thisMonth := in.Today[:7]
	due := func(p string) bool { return p < thisMonth }

	// GSTR-2B of the year and of the months after it up to November, the last month credit of
	// the year can be claimed in (s.16(4)): a supplier may report the year's invoice late.
	twoBPeriods, err := Periods(yearPeriods[0], period.MonthOf(int(y)+1, time.November).String())
	if err != nil {
		return in, nil, err
	}
	var (
		twoB  []recon.Invoice
		docs  map[string]twoBDoc
		snaps []gstr2b.Snapshot
	)
	have2B := map[string]bool{}
	if calendarOnly && reg.none() {
		ps, err := s.Returns.GSTR2BPeriods(ctx)
		if err != nil {
			return in, nil, err
		}
		for _, p := range ps {
			if slices.Contains(twoBPeriods, p.Period) {
				have2B[p.Period] = true
			}
		}
	} else if twoB, docs, snaps, err = MatchGSTR2B(ctx, s.core.DB.DB, ws, twoBPeriods); err != nil {
		return in, nil, err
	}
	for _, sn := range snaps {
		have2B[sn.Period] = true
		rej, err := gstr2b.MatchDocs(ctx, s.core.DB.DB, sn, true)
		if err != nil {
			return in, nil, err
		}
		for i := range rej {
			in.Rejected2B = append(in.Rejected2B, twoBInvoice(&rej[i], sn.Period))
		}
	}
	for _, p := range yearPeriods {
		if !have2B[p] && due(p) {
			in.NoGSTR2B = append(in.NoGSTR2B, p)
		}
	}
	if err := step(); err != nil { // 1: the GSTR-2B read
		return in, nil, err
	}
	type ret struct{ g, p, f string }
	filed := map[ret]bool{}
	for _, d := range docs {
		p, err := period.ParseMonth(d.doc.SupplierPeriod)
		day, ok := ddmmyyyy(d.doc.SupplierFiled)
		if err != nil || !ok || filed[ret{d.doc.Supplier, p.String(), day}] {
			continue
		}
		filed[ret{d.doc.Supplier, p.String(), day}] = true
		in.Filings = append(in.Filings, itcrisk.Filing{Supplier: d.doc.Supplier, Name: d.doc.TradeName, Period: p.String(), Filed: day})
	}

	// GSTR-2A of the year, for the supplier's GSTR-3B flag and cancellation date.
	stored2A, err := s.Returns.GSTR2APeriods(ctx)
	if err != nil {
		return in, nil, err
	}
	have2A := map[string]bool{}
	for _, p := range stored2A {
		have2A[p.Period] = true
	}
	for _, p := range yearPeriods {
		if !have2A[p] && due(p) {
			in.NoGSTR2A = append(in.NoGSTR2A, p)
		}
	}
	// The calendar without a register needs of the 2A only Rule 37A's documents (suppliers whose
	// GSTR-3B flag is not Y), the suppliers and their cancellation dates (read2ARule37A); the
	// scorecard and a register read every document.
	var suppliers2A []string
	if calendarOnly && reg.none() && lazy2A && !slowRule37A {
		r, err := gstr2a.Rule37ASuppliers(ctx, s.core.DB.DB, ws, yearPeriods)
		if err != nil {
			return in, nil, err
		}
		for g, d := range r.Cancelled {
			in.Cancelled[g] = d
		}
		suppliers2A, pulls = r.Suppliers, r.Pulls
		for range yearPeriods {
			if err := step(); err != nil {
				return in, nil, err
			}
		}
	} else if calendarOnly && reg.none() {
		if in.GSTR2A, suppliers2A, pulls, err = read2ARule37A(ctx, s.core.DB.DB, ws, yearPeriods, in.Cancelled, step); err != nil {
			return in, nil, err
		}
	} else {
		if in.GSTR2A, err = read2AByMonth(ctx, s.core.DB.DB, ws, yearPeriods, step); err != nil {
			return in, nil, err
		}
		seen := map[string]bool{}
		for _, a := range in.GSTR2A {
			if a.CancelledOn != "" {
				in.Cancelled[a.SupplierGSTIN] = a.CancelledOn
			}
			if g := a.SupplierGSTIN; g != "" && !seen[g] {
				seen[g] = true
				suppliers2A = append(suppliers2A, g)
			}
		}
	}
	if w, _, ok, err := recon.LastWatch(ctx, s.core.DB.DB, ws); err != nil {
		return in, nil, err
	} else if ok {
		for _, a := range w.Alerts {
			if a.Type == "C" && in.Cancelled[a.GSTIN] == "" {
				in.Cancelled[a.GSTIN] = a.Date
			}
		}
	}
	// The registration status the GSTIN lookups last gave (stored answers only, no call): a
	// supplier the lookup shows cancelled or suspended is never grade A.
	in.Suspended = map[string]string{}
	if lk, err := s.Lookups.ForWorkspace(ctx); err == nil {
		var gstins []string
		seen := map[string]bool{}
		for _, g := range suppliers2A {
			if g != "" && !seen[g] {
				seen[g] = true
				gstins = append(gstins, g)
			}
		}
		for _, a := range twoB {
			if g := a.SupplierGSTIN; g != "" && !seen[g] {
				seen[g] = true
				gstins = append(gstins, g)
			}
		}
		if dir, err := lk.Directory(ctx, gstins); err == nil {
			in.Suppliers = dir
			for g, n := range dir {
				switch n.Status {
				case supplier.Cancelled:
					if in.Cancelled[g] == "" {
						in.Cancelled[g] = isoOrEmpty(n.CancelledOn)
					}
				case supplier.Suspended, supplier.Inactive:
					in.Suspended[g] = supplier.Word(n.Status)
				}
			}
		}
	}
	if in.IMS, err = s.StoredIMS(ctx); err != nil {
		return in, nil, err
	}
	if err := step(); err != nil { // 3: the suppliers' status and IMS
		return in, nil, err
	}

	var year []recon.Invoice
	if !reg.none() {
		v, books, err := s.books(ctx, reg)
		if err != nil {
			return in, nil, err
		}
		in.Register, in.RegisterName = true, v.File
		in.PaymentDates = v.Mapping[recon.FieldPaymentDate] != ""
		first, last := yearPeriods[0], yearPeriods[len(yearPeriods)-1]
		for _, b := range books {
			if b.Period >= first && b.Period <= last {
				year = append(year, b)
			}
		}
	} else if len(have2B) == 0 && len(suppliers2A) == 0 && len(in.GSTR2A) == 0 && len(in.IMS) == 0 {
		return in, nil, apperr.New(apperr.NotFound, "Nothing is stored for %s to build it from: pull or import GSTR-2A and GSTR-2B for its months, or give the purchase register.", y)
	}
	if err := step(); err != nil { // 4: the register read
		return in, nil, err
	}
	// Without a register the match lists the 2B alone (the scorecard counts its documents); with
	// neither there is nothing to match, and the settings and decisions are not read for it.
	if len(year) > 0 || len(twoB) > 0 {
		opt, err := s.reconOptions(ctx)
		if err != nil {
			return in, nil, err
		}
		if opt, err = recon.WithDecisions(ctx, s.core.DB.DB, ws, opt); err != nil {
			return in, nil, err
		}
		in.Rows = recon.Match(year, twoB, opt).Rows
	}
	in.NoCredit = map[string]bool{}
	for ref, d := range docs {
		if d.doc.ITCAvailable != "Y" {
			in.NoCredit[ref] = true
		}
	}
	if err := step(); err != nil { // 5: the register matched with the 2B
		return in, nil, err
	}
	return in, pulls, nil
}

// riskSteps are the steps of StartITCRisk's progress: riskInput's (the 2B, each of the year's
// twelve months of 2A, the suppliers' status and IMS, the register, the match) and the build. The
// 2A of a large year is most of the time: a step a month keeps the bar moving and lets a cancel
// stop between months.
const riskSteps = 1 + 12 + 3 + 1

// read2AByMonth is MatchGSTR2A of periods read a month at a time (step after each), in the order
// MatchGSTR2A gives them: every month's B2B invoices, then every month's other documents.
func read2AByMonth(ctx context.Context, db *sql.DB, ws string, periods []string, step func() error) ([]recon.Invoice, error) {
	var b2b, other []recon.Invoice
	for _, p := range periods {
		docs, err := MatchGSTR2A(ctx, db, ws, []string{p})
		if err != nil {
			return nil, err
		}
		for _, d := range docs {
			if strings.HasPrefix(d.RowRef, "2a:") {
				other = append(other, d)
			} else {
				b2b = append(b2b, d)
			}
		}
		if err := step(); err != nil {
			return nil, err
		}
	}
	return append(b2b, other...), nil
}

// slowRule37A makes read2ARule37A read every 2A document, as the calendar did before (tests
// compare the two roads).
var slowRule37A = false

// read2ARule37A reads of the 2A of periods what the calendar without a register needs
// (gstr2a.Rule37ADocuments): the documents of suppliers whose GSTR-3B flag is not Y as
// MatchGSTR2A gives them, every supplier GSTIN with a document (for the lookups' directory), and
// each supplier's cancellation date into cancelled. The read is one step; the other eleven of the
// months' steps follow it, so the job's progress keeps its count.
func read2ARule37A(ctx context.Context, db *sql.DB, ws string, periods []string, cancelled map[string]string, step func() error) (docs []recon.Invoice, suppliers, pulls []string, err error) {
	if slowRule37A {
		if step == nil {
			step = func() error { return nil }
		}
		docs, err = read2AByMonth(ctx, db, ws, periods, step)
		if err != nil {
			return nil, nil, nil, err
		}
		seen := map[string]bool{}
		for _, a := range docs {
			if a.CancelledOn != "" {
				cancelled[a.SupplierGSTIN] = a.CancelledOn
			}
			if !seen[a.SupplierGSTIN] {
				seen[a.SupplierGSTIN] = true
				suppliers = append(suppliers, a.SupplierGSTIN)
			}
		}
		return docs, suppliers, nil, nil
	}
	r, err := gstr2a.Rule37ADocuments(ctx, db, ws, periods)
	if err != nil {
		return nil, nil, nil, err
	}
	for g, d := range r.Cancelled {
		cancelled[g] = d
	}
	docs = reconOf2A(r.Documents)
	for range periods {
		if step == nil {
			break
		}
		if err := step(); err != nil {
			return nil, nil, nil, err
		}
	}
	return docs, r.Suppliers, r.Pulls, nil
}

// ddmmyyyy reads DD-MM-YYYY (supfildt) as YYYY-MM-DD.
func ddmmyyyy(s string) (string, bool) {
	if len(s) != 10 || s[2] != '-' || s[5] != '-' {
		return "", false
	}
	iso := s[6:] + "-" + s[3:5] + "-" + s[:2]
	_, ok := recon.DayNumber(iso)
	return iso, ok
}

// calendarKeep keeps the calendars built without a register, by what they were built from: the
// 2A pulls (which never change once saved) and a digest of the rest of the input (2B months,
// IMS, suppliers' status, today). The same input builds the same calendar, so the dashboard's
// refresh after a write that does not touch them builds none (the calendar of a large year is a
// second of CPU). A calendar is shared: callers read it, never change it.
type calendarKeep struct {
	mu   sync.Mutex
	kept map[string]keptCalendar // by workspace and year
}

type keptCalendar struct {
	key [32]byte
	cal ITCRiskCalendar
}

func keptCalendars(db *sql.DB) *calendarKeep {
	return store.Attached(db, "reconcile.calendars", func() *calendarKeep {
		return &calendarKeep{kept: map[string]keptCalendar{}}
	})
}

// build is itcrisk.Build(in), kept when pulls names the 2A pulls whose Rule 37A documents the
// calendar reads (nil: built every time, in.GSTR2A as given). With pulls, in.GSTR2A is nil and
// load reads those documents, only when no calendar is kept for the same input.
func (k *calendarKeep) build(ws string, in itcrisk.Input, pulls []string, load func() ([]recon.Invoice, error)) (ITCRiskCalendar, error) {
	if pulls == nil || in.Register {
		return itcrisk.Build(in), nil
	}
	keyed := in
	keyed.IMS = nil // by its digest: encoding a large list is most of the key's time
	raw, err := json.Marshal(struct {
		In    itcrisk.Input
		IMS   [32]byte
		Pulls []string
	}{keyed, IMSDigest(in.IMS), pulls})
	if err != nil {
		return ITCRiskCalendar{}, err
	}
	key := sha256.Sum256(raw)
	k.mu.Lock()
	slot := ws + "|" + in.FY.String()
	e, ok := k.kept[slot]
	k.mu.Unlock()
	if ok && e.key == key {
		return e.cal, nil
	}
	if in.GSTR2A, err = load(); err != nil {
		return ITCRiskCalendar{}, err
	}
	c := itcrisk.Build(in)
	k.mu.Lock()
	k.kept[slot] = keptCalendar{key: key, cal: c}
	k.mu.Unlock()
	return c, nil
}

// ITCRisk builds the calendar of credit at risk of the financial year fy ("FY 2025-26") from what
// is stored and, when reg names one, the purchase register (see riskInput).
func (s *Service) ITCRisk(ctx context.Context, year period.FY, reg Register) (ITCRiskCalendar, error) {
	fy := year.String()
	return s.itcRisk(ctx, fy, reg, nil)
}

func (s *Service) itcRisk(ctx context.Context, fy string, reg Register, progress core.Progress) (ITCRiskCalendar, error) {
	in, pulls, err := s.riskInputKeyed(ctx, fy, reg, true, true, progress)
	if err != nil && ctx.Err() != nil && apperr.KindOf(err) != apperr.Canceled {
		// A reader stopped by the cancel says so in its own words: the person reads the job's.
		err = apperr.Wrap(apperr.Canceled, err, "Building the calendar of %s was cancelled.", fy)
	}
	if err != nil {
		return ITCRiskCalendar{}, err
	}
	c, err := keptCalendars(s.core.DB.DB).build(s.core.Workspace().ID, in, pulls, func() ([]recon.Invoice, error) {
		docs, _, _, err := read2ARule37A(ctx, s.core.DB.DB, s.core.Workspace().ID, period.Strings(in.FY.Months()), map[string]string{}, nil)
		return docs, err
	})
	if err != nil {
		return ITCRiskCalendar{}, err
	}
	if progress != nil {
		progress(riskSteps, riskSteps)
	}
	return c, nil
}

// StartITCRisk is ITCRiskView as a cancellable job (kind "itc:calendar"), its progress a step per
// stage (the GSTR-2B, the GSTR-2A, the suppliers' status and IMS, the register, the match, the
// calendar): a large client's year takes seconds to read, and the window shows how far it is. A
// year that is not one is refused at once. ITCRiskResult gives the calendar.
func (s *Service) StartITCRisk(ctx context.Context, year period.FY, reg Register, perMonth int) (string, error) {
	if year < 1900 {
		return "", apperr.New(apperr.Invalid, "Choose the financial year of the calendar (FY 2025-26).")
	}
	fy, y := year.String(), year
	if perMonth <= 0 {
		perMonth = 500
	}
	return core.StartJobSummarised(s.core, "itc:calendar", func(ctx context.Context, progress core.Progress) (ITCRiskCalendar, error) {
		c, err := s.itcRisk(ctx, fy, reg, progress)
		if err != nil {
			return c, err
		}
		return c.Trim(perMonth), nil
	}, func(c ITCRiskCalendar) string {
		if c.FYLabel == "" {
			return y.String() + ": ITC calendar"
		}
		return fmt.Sprintf("%s: ITC calendar of %s item(s)", c.FYLabel, money.Count(c.Count))
	}), nil
}

// ITCRiskResult returns the calendar a finished StartITCRisk job built.
func (s *Service) ITCRiskResult(id string) (ITCRiskCalendar, error) {
	return core.JobResult[ITCRiskCalendar](s.core, id)
}

// ITCRiskView is ITCRisk for a screen: at most perMonth items in each month (0: 500); the counts
// and amounts stay whole, and each month says how many items it left out.
func (s *Service) ITCRiskView(ctx context.Context, year period.FY, reg Register, perMonth int) (ITCRiskCalendar, error) {
	c, err := s.ITCRisk(ctx, year, reg)
	if err != nil {
		return c, err
	}
	if perMonth <= 0 {
		perMonth = 500
	}
	return c.Trim(perMonth), nil
}

// ITCRiskExport writes the whole calendar (every item) as CSV, XLSX or JSON to the exports folder
// and returns the path.
func (s *Service) ITCRiskExport(ctx context.Context, year period.FY, reg Register, format string) (string, error) {
	c, err := s.ITCRisk(ctx, year, reg)
	if err != nil {
		return "", err
	}
	return s.core.WriteExport("itc-at-risk-"+yearSlug(c.FYLabel), format, ITCRiskTable(c))
}

// ITCRiskTable is the calendar as one table (itcrisk.Table), for the command line's files.
func ITCRiskTable(c ITCRiskCalendar) export.Table { return itcrisk.Table(c) }

func yearSlug(label string) string {
	return strings.ReplaceAll(strings.TrimPrefix(label, "FY "), " ", "")
}

// Scorecard scores the suppliers of the financial year fy (itcrisk.ScoreFormula) from what is
// stored and, when reg names one, the purchase register; worst first.
func (s *Service) Scorecard(ctx context.Context, year period.FY, reg Register) (SupplierScorecard, error) {
	fy := year.String()
	in, err := s.riskInput(ctx, fy, reg, false, nil)
	if err != nil {
		return SupplierScorecard{}, err
	}
	return itcrisk.Score(in), nil
}

// ScorecardTable is the scorecard as one table, for the command line's files.
func ScorecardTable(sc SupplierScorecard) export.Table { return itcrisk.ScorecardTable(sc) }

// ScorecardExport writes the scorecard as CSV, XLSX or JSON to the exports folder.
func (s *Service) ScorecardExport(ctx context.Context, year period.FY, reg Register, format string) (string, error) {
	sc, err := s.Scorecard(ctx, year, reg)
	if err != nil {
		return "", err
	}
	return s.core.WriteExport("supplier-scorecard-"+yearSlug(sc.FYLabel), format, ScorecardTable(sc))
}

// ChaserFile is one supplier's pack written.
type ChaserFile struct {
	Supplier  string `json:"supplier_gstin"`
	Name      string `json:"supplier_name,omitempty"`
	Score     int    `json:"score"`
	Documents int    `json:"documents"`
	Path      string `json:"path"`
	// Replaced says a file of that name was in the folder before and this one replaced it.
	Replaced bool `json:"replaced,omitempty"`
}

// ChaserPack writes one XLSX workbook per supplier with something to fix (sheets "Message", the
// text to send, and "Documents") into dir (made if missing; "" for a new folder in the exports
// folder), each file whole or not at all; supplier keeps one GSTIN ("" for all). It returns the
// files written, worst score first. The command line's road; the window's is StartChaserPack,
// the same writing as a job.
func (s *Service) ChaserPack(ctx context.Context, year period.FY, reg Register, dir, supplier string) ([]ChaserFile, error) {
	chasers, label, err := s.chasers(ctx, year, reg, supplier)
	if err != nil {
		return nil, err
	}
	if dir == "" {
		dir = s.chaserFolder(label)
	}
	return writeChasers(ctx, chasers, dir, &export.Guard{Reads: []string{reg.Path}}, func(int, int) {})
}

// ChaserPackDone is what a chaser pack job wrote: the folder and its files, worst score first.
type ChaserPackDone struct {
	Folder string       `json:"folder"`
	Files  []ChaserFile `json:"files"`
}

// StartChaserPack writes the chaser pack (ChaserPack into a new folder of the exports folder) as a
// cancellable job with a step per supplier. What is refused before any file is written (no
// register, nothing to chase) is returned at once. Cancelling stops after the file being written;
// the files written so far stay, named in the job's error.
func (s *Service) StartChaserPack(ctx context.Context, year period.FY, reg Register, supplier string) (string, error) {
	chasers, label, err := s.chasers(ctx, year, reg, supplier)
	if err != nil {
		return "", err
	}
	dir := s.chaserFolder(label)
	return core.StartJobSummarised(s.core, "itc:chasers", func(ctx context.Context, progress core.Progress) (ChaserPackDone, error) {
		files, err := writeChasers(ctx, chasers, dir, &export.Guard{Reads: []string{reg.Path}}, progress)
		out := ChaserPackDone{Folder: dir, Files: files}
		if err != nil && apperr.KindOf(err) == apperr.Canceled {
			return out, apperr.Wrap(apperr.Canceled, err, "Writing the chaser pack was cancelled after %d of %d supplier(s): the files written so far are in %s.", len(files), len(chasers), dir)
		}
		return out, err
	}, func(d ChaserPackDone) string {
		return fmt.Sprintf("%s: chaser pack of %d supplier(s)", label, len(d.Files))
	}), nil
}

// ChaserPackResult returns what a finished StartChaserPack job wrote.
func (s *Service) ChaserPackResult(id string) (ChaserPackDone, error) {
	return core.JobResult[ChaserPackDone](s.core, id)
}

// chasers are the suppliers of the year's scorecard with something to fix (one GSTIN, or all
// when supplier is ""), with the year's label; none is an error that says so.
func (s *Service) chasers(ctx context.Context, year period.FY, reg Register, supplier string) ([]itcrisk.Chaser, string, error) {
	sc, err := s.Scorecard(ctx, year, reg)
	if err != nil {
		return nil, "", err
	}
	chasers := itcrisk.Chasers(sc, s.core.Workspace().Name)
	supplier = strings.ToUpper(strings.TrimSpace(supplier))
	if supplier != "" {
		keep := chasers[:0]
		for _, c := range chasers {
			if c.Supplier == supplier {
				keep = append(keep, c)
			}
		}
		chasers = keep
	}
	if len(chasers) == 0 {
		what := "No supplier has"
		if supplier != "" {
			what = supplier + " has"
		}
		return nil, "", apperr.New(apperr.NotFound, "%s anything to fix in %s: no chaser pack to write.", what, sc.FYLabel)
	}
	return chasers, sc.FYLabel, nil
}

// chaserFolder is a new folder's path in the exports folder for a year's chaser pack.
func (s *Service) chaserFolder(label string) string {
	return filepath.Join(s.core.DB.Dir, core.ExportsDir, "chasers-"+yearSlug(label)+"-"+s.core.Now().Format("20060102-150405"))
}

// writeChasers writes each supplier's workbook into dir, whole or not at all, saying each step to
// progress and stopping between files when ctx ends. No workbook may replace a file guard
// protects (the register read for the pack): that is checked for every name before any is written.
func writeChasers(ctx context.Context, chasers []itcrisk.Chaser, dir string, guard *export.Guard, progress core.Progress) ([]ChaserFile, error) {
	for _, c := range chasers {
		if err := guard.Check(filepath.Join(dir, c.Supplier+".xlsx")); err != nil {
			return nil, apperr.New(apperr.Invalid, "Cannot write the chaser pack: %v. Nothing was written.", strings.TrimPrefix(err.Error(), export.ErrProtected.Error()+": "))
		}
	}
	folder, err := export.OpenFolder(dir, true, 0o600)
	if err != nil {
		return nil, apperr.New(apperr.Invalid, "Cannot write the chaser pack: %v.", err)
	}
	folder.Guard = guard
	folder.Replace = true // a supplier's pack written again replaces the earlier one, said in Replaced
	out := make([]ChaserFile, 0, len(chasers))
	progress(0, len(chasers))
	for i, c := range chasers {
		if err := ctx.Err(); err != nil {
			return out, apperr.Wrap(apperr.Canceled, err, "cancelled")
		}
		tabs := itcrisk.ChaserTables(c)
		before := len(folder.Replaced)
		p, err := folder.Write(c.Supplier+".xlsx", func(w io.Writer) error { return export.WriteWorkbook(w, tabs) })
		if err != nil {
			return out, apperr.New(apperr.Invalid, "Cannot write %s in %s: %v.", c.Supplier+".xlsx", dir, err)
		}
		out = append(out, ChaserFile{Supplier: c.Supplier, Name: c.Name, Score: c.Score, Documents: len(c.Docs), Path: p, Replaced: len(folder.Replaced) > before})
		progress(i+1, len(chasers))
	}
	return out, nil
}

// isoOrEmpty writes a lookup's date (DD/MM/YYYY) as YYYY-MM-DD, "" when it is not one.
func isoOrEmpty(d string) string {
	if t, err := time.Parse("02/01/2006", strings.TrimSpace(d)); err == nil {
		return t.Format("2006-01-02")
	}
	return ""
}
