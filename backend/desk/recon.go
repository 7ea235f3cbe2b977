package desk

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/config"
	"gstdesk/backend/export"
	"gstdesk/backend/gstin"
	"gstdesk/backend/recon"
	"gstdesk/backend/store"
)

// Names the UI uses for the reconciliation types (aliases, so app.go needs no other import).
type (
	// ReconRun is a stored reconciliation run.
	ReconRun = recon.Run
	// ReconRow is one row of a run: a pair or one invoice alone.
	ReconRow = recon.Row
	// ReconSummary is a run's outcome per period and in total.
	ReconSummary = recon.Summary
	// ReconSupplier is a run's outcome for one supplier GSTIN, with its risk.
	ReconSupplier = recon.SupplierSummary
	// ReconComparison is one field of a pair as the explanation panel shows it.
	ReconComparison = recon.Comparison
	// ReconRowError is one problem of a register import.
	ReconRowError = recon.RowError
	// ReconField is one field of the purchase register, for the mapping table.
	ReconField = recon.RegisterField
	// ReconInvoice is one invoice of either side.
	ReconInvoice = recon.Invoice
)

// maxReconErrors is how many import problems the window is sent; the count says how many there are.
const maxReconErrors = 200

// maxReconPeriods is the longest period range one run covers.
const maxReconPeriods = 24

// ReconImport is a purchase register read and checked, waiting for the person to confirm the
// column mapping and run: Token names it in the next calls (and stays valid across restarts, as the
// register is kept in the data folder).
type ReconImport struct {
	Token   string            `json:"token"`
	File    string            `json:"file"`
	Size    int               `json:"size"`
	Headers []string          `json:"headers"`
	Mapping map[string]string `json:"mapping"`
	// Saved says the mapping is the one the workspace saved; Confirm asks the person to confirm it
	// (a new mapping, or one missing a required field).
	Saved   bool     `json:"saved"`
	Confirm bool     `json:"confirm"`
	Missing []string `json:"missing"` // titles of required fields not mapped
	// Errors are the first problems of the file (warnings included); ErrorCount counts the errors
	// (which stop a run), WarningCount the warnings (which do not).
	Errors       []ReconRowError `json:"errors"`
	ErrorCount   int             `json:"error_count"`
	WarningCount int             `json:"warning_count"`
	Invoices     int             `json:"invoices"`
	FirstDate    string          `json:"first_date"`
	LastDate     string          `json:"last_date"`
	Sample       bool            `json:"sample"`
}

// ReconFields lists the fields of a purchase register, for the mapping table.
func (s *Service) ReconFields() []ReconField { return recon.RegisterFields }

func (s *Service) registerDir() string { return filepath.Join(s.DB.Dir, "recon-registers") }

// keepRegister stores a register's bytes in the data folder under its digest and returns the token.
func (s *Service) keepRegister(name string, data []byte) (string, error) {
	sum := sha256.Sum256(data)
	tok := hex.EncodeToString(sum[:])
	if err := os.MkdirAll(s.registerDir(), 0o700); err != nil {
		return "", apperr.Wrap(apperr.Internal, err, "could not keep the register in the data folder")
	}
	path := filepath.Join(s.registerDir(), tok+"-"+safeName(name))
	if _, err := os.Stat(path); err == nil {
		return tok, nil
	}
	if err := os.WriteFile(path, data, 0o600); err != nil {
		return "", apperr.Wrap(apperr.Internal, err, "could not keep the register in the data folder")
	}
	s.pruneRegisters(context.Background(), time.Now())
	return tok, nil
}

// registerKeepDays is how long a register imported but never run stays in the data folder.
const registerKeepDays = 7

// pruneRegisters deletes kept registers that no stored run uses (in any workspace) and that were
// imported more than registerKeepDays ago. Clean-up is best effort: a failure leaves the files.
func (s *Service) pruneRegisters(ctx context.Context, now time.Time) {
	entries, err := os.ReadDir(s.registerDir())
	if err != nil {
		return
	}
	used := map[string]bool{}
	rows, err := s.DB.QueryContext(ctx, `SELECT DISTINCT register_sha256 FROM recon_runs`)
	if err != nil {
		return
	}
	for rows.Next() {
		var tok string
		if rows.Scan(&tok) == nil {
			used[tok] = true
		}
	}
	rows.Close()
	if rows.Err() != nil {
		return
	}
	for _, e := range entries {
		tok, _, ok := strings.Cut(e.Name(), "-")
		if !ok || e.IsDir() || used[tok] {
			continue
		}
		if info, err := e.Info(); err == nil && now.Sub(info.ModTime()) > registerKeepDays*24*time.Hour {
			os.Remove(filepath.Join(s.registerDir(), e.Name()))
		}
	}
}

func safeName(name string) string {
	name = filepath.Base(name)
	return strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || r == ':' || r < ' ' {
			return '-'
		}
		return r
	}, name)
}

// register returns a kept register's name and bytes by token.
func (s *Service) register(token string) (string, []byte, error) {
	if len(token) != 64 || strings.Trim(token, "0123456789abcdef") != "" {
		return "", nil, apperr.New(apperr.Invalid, "That register import is not known: import the register again.")
	}
	matches, _ := filepath.Glob(filepath.Join(s.registerDir(), token+"-*"))
	if len(matches) == 0 {
		return "", nil, apperr.New(apperr.NotFound, "The register of that import is no longer in the data folder: import it again.")
	}
	data, err := os.ReadFile(matches[0])
	if err != nil {
		return "", nil, apperr.Wrap(apperr.Internal, err, "could not read the kept register")
	}
	return strings.TrimPrefix(filepath.Base(matches[0]), token+"-"), data, nil
}

// mappingFor returns the mapping to read a file with: the saved one when it fits the headers
// (every mapped header present, every required field mapped), else the suggestion.
func (s *Service) mappingFor(ctx context.Context, headers []string) (recon.Mapping, bool, error) {
	saved, err := recon.LoadMapping(ctx, s.DB.DB, s.Workspace().ID)
	if err != nil {
		return nil, false, err
	}
	if saved != nil && mappingFits(saved, headers) {
		return saved, true, nil
	}
	return recon.SuggestMapping(headers), false, nil
}

func mappingFits(m recon.Mapping, headers []string) bool {
	have := map[string]bool{}
	for _, h := range headers {
		have[strings.ToLower(strings.TrimSpace(h))] = true
	}
	for _, h := range m {
		if h != "" && !have[strings.ToLower(strings.TrimSpace(h))] {
			return false
		}
	}
	return len(missingFields(m)) == 0
}

func missingFields(m recon.Mapping) []string {
	out := []string{}
	for _, f := range recon.RegisterFields {
		if f.Required && m[f.Key] == "" {
			out = append(out, f.Title)
		}
	}
	return out
}

// readRegister reads a kept register with a mapping (nil: the saved or suggested one) into the
// view the window shows, and the invoices when there is no error.
func (s *Service) readRegister(ctx context.Context, token, name string, data []byte, m recon.Mapping) (ReconImport, []recon.Invoice, error) {
	headers, _, err := recon.RegisterHeaders(bytes.NewReader(data), name, "")
	if err != nil {
		return ReconImport{}, nil, err
	}
	v := ReconImport{Token: token, File: name, Size: len(data), Headers: headers, Errors: []ReconRowError{}}
	if m == nil {
		if m, v.Saved, err = s.mappingFor(ctx, headers); err != nil {
			return ReconImport{}, nil, err
		}
		v.Confirm = !v.Saved
	}
	v.Mapping = map[string]string(m)
	if v.Mapping == nil {
		v.Mapping = map[string]string{}
	}
	v.Missing = missingFields(m)
	if len(v.Missing) > 0 {
		v.Confirm = true
		return v, nil, nil
	}
	books, rowErrs, err := recon.ReadRegister(bytes.NewReader(data), name, "", m)
	for _, e := range rowErrs {
		if e.Warning {
			v.WarningCount++
		} else {
			v.ErrorCount++
		}
		if len(v.Errors) < maxReconErrors {
			v.Errors = append(v.Errors, e)
		}
	}
	if err != nil && v.ErrorCount == 0 {
		return ReconImport{}, nil, err
	}
	v.Invoices = len(books)
	for _, b := range books {
		if b.Date == "" {
			continue
		}
		if v.FirstDate == "" || b.Date < v.FirstDate {
			v.FirstDate = b.Date
		}
		if b.Date > v.LastDate {
			v.LastDate = b.Date
		}
	}
	return v, books, nil
}

func (s *Service) importRegister(ctx context.Context, name string, data []byte) (ReconImport, error) {
	if len(data) > recon.MaxRegisterBytes {
		return ReconImport{}, apperr.New(apperr.Invalid, "%s is larger than %d MB: split the register by period.", name, recon.MaxRegisterBytes>>20)
	}
	tok, err := s.keepRegister(name, data)
	if err != nil {
		return ReconImport{}, err
	}
	v, _, err := s.readRegister(ctx, tok, safeName(name), data, nil)
	return v, err
}

// ReconImportData reads a purchase register sent by the window (CSV or XLSX, base64-encoded): its
// headers, the mapping (saved or suggested) and every problem. Nothing is run yet.
func (s *Service) ReconImportData(ctx context.Context, name, base64Data string) (ReconImport, error) {
	if base64.StdEncoding.DecodedLen(len(base64Data)) > recon.MaxRegisterBytes+3 {
		return ReconImport{}, apperr.New(apperr.Invalid, "%s is larger than %d MB: split the register by period.", name, recon.MaxRegisterBytes>>20)
	}
	data, err := base64.StdEncoding.DecodeString(base64Data)
	if err != nil {
		return ReconImport{}, apperr.New(apperr.Invalid, "The file %s did not arrive whole: choose it again.", name)
	}
	return s.importRegister(ctx, name, data)
}

// ReconImportPath reads a purchase register from a path typed or pasted by the person.
func (s *Service) ReconImportPath(ctx context.Context, path string) (ReconImport, error) {
	st, err := os.Stat(path)
	if err != nil {
		return ReconImport{}, apperr.New(apperr.Invalid, "Cannot open %s: check the path (the file must be on this computer).", path)
	}
	if st.IsDir() {
		return ReconImport{}, apperr.New(apperr.Invalid, "%s is a folder: give the path of the purchase register.", path)
	}
	if st.Size() > recon.MaxRegisterBytes {
		return ReconImport{}, apperr.New(apperr.Invalid, "%s is larger than %d MB: split the register by period.", path, recon.MaxRegisterBytes>>20)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return ReconImport{}, apperr.New(apperr.Invalid, "Cannot read %s: %v.", path, err)
	}
	return s.importRegister(ctx, filepath.Base(path), data)
}

// ReconConfirmMapping reads an import again with the mapping the person chose (field key → header,
// "" for none) and, when the file reads with it, saves it as the workspace's mapping.
func (s *Service) ReconConfirmMapping(ctx context.Context, token string, mapping map[string]string) (ReconImport, error) {
	name, data, err := s.register(token)
	if err != nil {
		return ReconImport{}, err
	}
	m := recon.Mapping{}
	for k, h := range mapping {
		if h != "" {
			m[k] = h
		}
	}
	v, _, err := s.readRegister(ctx, token, name, data, m)
	if err != nil {
		return ReconImport{}, err
	}
	if len(v.Missing) > 0 {
		return v, apperr.New(apperr.Invalid, "Choose the column for %s: a register needs it.", strings.Join(v.Missing, ", "))
	}
	if err := recon.SaveMapping(ctx, s.DB.DB, s.Workspace().ID, m); err != nil {
		return ReconImport{}, err
	}
	v.Saved, v.Confirm = true, false
	return v, nil
}

// ReconPeriods lists the months from one period to another (YYYY-MM), at most two years.
func ReconPeriods(from, to string) ([]string, error) {
	a, err1 := time.Parse("2006-01", from)
	b, err2 := time.Parse("2006-01", to)
	if err1 != nil || err2 != nil {
		return nil, apperr.New(apperr.Invalid, "Choose the periods as months (YYYY-MM), not %q to %q.", from, to)
	}
	if a.Year() < 2017 {
		return nil, apperr.New(apperr.Invalid, "GST began in July 2017: choose a period from then on.")
	}
	if b.Before(a) {
		return nil, apperr.New(apperr.Invalid, "The last period %s is before the first %s: swap them.", to, from)
	}
	var out []string
	for d := a; !d.After(b); d = d.AddDate(0, 1, 0) {
		out = append(out, d.Format("2006-01"))
		if len(out) > maxReconPeriods {
			return nil, apperr.New(apperr.Invalid, "A reconciliation covers at most %d months: choose a shorter range.", maxReconPeriods)
		}
	}
	return out, nil
}

// reconOptions are the workspace's tolerances from the settings.
func (s *Service) reconOptions(ctx context.Context) (recon.Options, error) {
	set, err := config.Load(ctx, s.DB, s.Workspace())
	if err != nil {
		return recon.Options{}, err
	}
	opt := recon.DefaultOptions()
	opt.AmountTolerance = recon.Paise(math.Round(set.AmountTolerance * 100))
	opt.DateWindowDays = set.DateWindowDays
	return opt, nil
}

// ReconStartRun reconciles an imported register with the stored GSTR-2A of the periods from-to
// (YYYY-MM), with the tolerances of the settings and the workspace's decisions, as a job whose
// result (ReconRunResult) is the stored run. Register invoices dated outside the periods are left out.
func (s *Service) ReconStartRun(ctx context.Context, token, from, to string) (string, error) {
	periods, err := ReconPeriods(from, to)
	if err != nil {
		return "", err
	}
	name, data, err := s.register(token)
	if err != nil {
		return "", err
	}
	v, books, err := s.readRegister(ctx, token, name, data, nil)
	if err != nil {
		return "", err
	}
	if len(v.Missing) > 0 {
		return "", apperr.New(apperr.Invalid, "Confirm the column mapping of %s first: %s not chosen.", name, strings.Join(v.Missing, ", "))
	}
	if v.ErrorCount > 0 {
		return "", apperr.New(apperr.Invalid, "%s has %d problems: fix them in the file and import it again.", name, v.ErrorCount)
	}
	opt, err := s.reconOptions(ctx)
	if err != nil {
		return "", err
	}
	ws := s.Workspace().ID
	return s.startJob("recon:run", func(ctx context.Context, progress func(done, total int)) (any, error) {
		progress(1, 3)
		inRange := make([]recon.Invoice, 0, len(books))
		for _, b := range books {
			if b.Period >= periods[0] && b.Period <= periods[len(periods)-1] {
				inRange = append(inRange, b)
			}
		}
		twoA, err := ReconGSTR2A(ctx, s.DB.DB, ws, periods)
		if err != nil {
			return nil, err
		}
		progress(2, 3)
		run, _, err := recon.Reconcile(ctx, s.DB.DB, recon.Run{WorkspaceID: ws, FromPeriod: periods[0], ToPeriod: periods[len(periods)-1],
			RegisterName: name, RegisterSHA256: token}, inRange, twoA, opt)
		if err != nil {
			return nil, err
		}
		progress(3, 3)
		return run, nil
	}), nil
}

// ReconRerun runs a stored run again with the same register and periods, applying the decisions
// made since (actions, links, unlinks) and the GSTR-2A stored now.
func (s *Service) ReconRerun(ctx context.Context, runID string) (string, error) {
	run, err := s.reconRun(ctx, runID)
	if err != nil {
		return "", err
	}
	return s.ReconStartRun(ctx, run.RegisterSHA256, run.FromPeriod, run.ToPeriod)
}

// ReconRunResult returns the run a finished ReconStartRun job stored.
func (s *Service) ReconRunResult(id string) (ReconRun, error) {
	res, err := s.jobResult(id)
	if err != nil {
		return ReconRun{}, err
	}
	run, ok := res.(recon.Run)
	if !ok {
		if ev, _, _ := s.Job(id); ev.Error != nil {
			return ReconRun{}, ev.Error
		}
		return ReconRun{}, apperr.New(apperr.NotFound, "That job made no reconciliation run.")
	}
	return run, nil
}

// ReconRuns lists the workspace's runs, newest first.
func (s *Service) ReconRuns(ctx context.Context) ([]ReconRun, error) {
	runs, err := recon.Runs(ctx, s.DB.DB, s.Workspace().ID)
	if runs == nil {
		runs = []recon.Run{}
	}
	return runs, err
}

// reconRun returns a run of the current workspace.
func (s *Service) reconRun(ctx context.Context, runID string) (recon.Run, error) {
	run, err := recon.GetRun(ctx, s.DB.DB, runID)
	if err != nil {
		return run, err
	}
	if run.WorkspaceID != s.Workspace().ID {
		return recon.Run{}, apperr.New(apperr.NotFound, "That reconciliation run belongs to another workspace.")
	}
	return run, nil
}

// ReconDeleteRun removes a run; decisions stay with the workspace.
func (s *Service) ReconDeleteRun(ctx context.Context, runID string) error {
	if _, err := s.reconRun(ctx, runID); err != nil {
		return err
	}
	return recon.DeleteRun(ctx, s.DB.DB, runID)
}

// reconResult loads every row of a run with the current decisions laid over them.
func (s *Service) reconResult(ctx context.Context, runID string) (recon.Run, recon.Result, error) {
	run, err := s.reconRun(ctx, runID)
	if err != nil {
		return run, recon.Result{}, err
	}
	rows, err := recon.RunRows(ctx, s.DB.DB, runID, "")
	if err != nil {
		return run, recon.Result{}, err
	}
	return run, recon.Result{Options: run.Options, Rows: rows}, nil
}

// ReconRowsView is one page of a run's rows of one status, with the counts of every status.
type ReconRowsView struct {
	Run    ReconRun       `json:"run"`
	Counts map[string]int `json:"counts"`
	// Changed counts rows decided on whose data changed since; Decided rows with any action.
	Changed int `json:"changed"`
	Decided int `json:"decided"`
	// Total is how many rows the status and filter select; Rows is the page from Offset.
	Total  int        `json:"total"`
	Offset int        `json:"offset"`
	Rows   []ReconRow `json:"rows"`
}

// rowMatches says whether a row holds the filter text in its GSTIN, name or number.
func rowMatches(r *recon.Row, f string) bool {
	if f == "" {
		return true
	}
	for _, in := range []*recon.Invoice{r.Books, r.GSTR2A} {
		if in == nil {
			continue
		}
		for _, s := range []string{in.SupplierGSTIN, in.SupplierName, in.Number} {
			if strings.Contains(strings.ToLower(s), f) {
				return true
			}
		}
	}
	return false
}

// ReconRows returns rows of a run: status "" for all, filter text matched against GSTIN, supplier
// name and invoice number, a page of limit rows (0: 500) from offset.
func (s *Service) ReconRows(ctx context.Context, runID, status, filter string, offset, limit int) (ReconRowsView, error) {
	run, res, err := s.reconResult(ctx, runID)
	if err != nil {
		return ReconRowsView{}, err
	}
	if limit <= 0 || limit > 5000 {
		limit = 500
	}
	offset = max(offset, 0)
	v := ReconRowsView{Run: run, Counts: map[string]int{}, Offset: offset, Rows: []ReconRow{}}
	for _, st := range recon.Statuses {
		v.Counts[string(st)] = 0
	}
	f := strings.ToLower(strings.TrimSpace(filter))
	for i := range res.Rows {
		r := &res.Rows[i]
		v.Counts[string(r.Status)]++
		if r.Action != "" {
			v.Decided++
		}
		if r.Changed {
			v.Changed++
		}
		if (status != "" && string(r.Status) != status) || !rowMatches(r, f) {
			continue
		}
		if v.Total >= offset && len(v.Rows) < limit {
			v.Rows = append(v.Rows, *r)
		}
		v.Total++
	}
	return v, nil
}

// ReconExplanation explains one row: the rule, both normalised numbers, every field compared and,
// for a row missing on one side, the nearest invoices of the other side with the identities a Link
// needs.
type ReconExplanation struct {
	Row            ReconRow          `json:"row"`
	Fields         []ReconComparison `json:"fields"`
	Tolerance      recon.Paise       `json:"tolerance"`
	DateWindowDays int               `json:"date_window_days"`
	BooksID        string            `json:"books_id"`
	GSTR2AID       string            `json:"gstr2a_id"`
	// CandidateIDs are the identities of Row.Candidates, in order ("" when not found in the run);
	// CandidateRows the status of the row each candidate sits in now.
	CandidateIDs    []string `json:"candidate_ids"`
	CandidateStatus []string `json:"candidate_status"`
}

// ReconExplain explains the row with the given key in a run.
func (s *Service) ReconExplain(ctx context.Context, runID, key string) (ReconExplanation, error) {
	run, res, err := s.reconResult(ctx, runID)
	if err != nil {
		return ReconExplanation{}, err
	}
	idx := -1
	for i := range res.Rows {
		if res.Rows[i].Key == key {
			idx = i
			break
		}
	}
	if idx < 0 {
		return ReconExplanation{}, apperr.New(apperr.NotFound, "That row is not in the run: open the run again.")
	}
	r := res.Rows[idx]
	e := ReconExplanation{Row: r, Fields: r.Fields(run.Options), Tolerance: run.Options.AmountTolerance, DateWindowDays: run.Options.DateWindowDays,
		CandidateIDs: []string{}, CandidateStatus: []string{}}
	e.BooksID, e.GSTR2AID = recon.SplitRowKey(r.Key)
	if e.Fields == nil {
		e.Fields = []ReconComparison{}
	}
	for _, c := range r.Candidates {
		id, st := "", ""
		for i := range res.Rows {
			o := &res.Rows[i]
			b, g := recon.SplitRowKey(o.Key)
			if c.Invoice.Source == recon.GSTR2A && o.GSTR2A != nil && o.GSTR2A.RowRef == c.Invoice.RowRef {
				id, st = g, string(o.Status)
				break
			}
			if c.Invoice.Source == recon.Books && o.Books != nil && o.Books.RowRef == c.Invoice.RowRef {
				id, st = b, string(o.Status)
				break
			}
		}
		e.CandidateIDs = append(e.CandidateIDs, id)
		e.CandidateStatus = append(e.CandidateStatus, st)
	}
	return e, nil
}

func parseAction(action string) (recon.ActionKind, error) {
	if action == "" || action == "clear" {
		return "", nil
	}
	return recon.ParseActionKind(action)
}

// ReconSetAction records a decision on a row by its key: "accept", "pending", "ignore", or ""
// (or "clear") to remove it.
func (s *Service) ReconSetAction(ctx context.Context, key, action string) error {
	a, err := parseAction(action)
	if err != nil {
		return err
	}
	return recon.SetAction(ctx, s.DB.DB, s.Workspace().ID, key, a)
}

// ReconSetActions records one decision on many rows at once, all or none.
func (s *Service) ReconSetActions(ctx context.Context, keys []string, action string) error {
	a, err := parseAction(action)
	if err != nil {
		return err
	}
	if len(keys) == 0 {
		return apperr.New(apperr.Invalid, "Select the rows to mark first.")
	}
	return recon.SetActions(ctx, s.DB.DB, s.Workspace().ID, keys, a)
}

// ReconLink pairs a books invoice with a 2A invoice by hand (identities from ReconExplain); the
// next run pairs them.
func (s *Service) ReconLink(ctx context.Context, booksID, gstr2aID string) error {
	if booksID == "" || gstr2aID == "" {
		return apperr.New(apperr.Invalid, "A link needs a register invoice and a GSTR-2A invoice.")
	}
	return recon.Link(ctx, s.DB.DB, s.Workspace().ID, booksID, gstr2aID)
}

// ReconUnlink keeps a books invoice and a 2A invoice apart on every later run.
func (s *Service) ReconUnlink(ctx context.Context, booksID, gstr2aID string) error {
	if booksID == "" || gstr2aID == "" {
		return apperr.New(apperr.Invalid, "Only a pair can be separated.")
	}
	return recon.Unlink(ctx, s.DB.DB, s.Workspace().ID, booksID, gstr2aID)
}

// ReconSummary summarises a run per period and in total, with the current decisions.
func (s *Service) ReconSummary(ctx context.Context, runID string) (ReconSummary, error) {
	_, res, err := s.reconResult(ctx, runID)
	if err != nil {
		return ReconSummary{}, err
	}
	sum := recon.Summarise(res)
	if sum.Periods == nil {
		sum.Periods = []recon.PeriodSummary{}
	}
	return sum, nil
}

// ReconSuppliers summarises a run per supplier GSTIN with risk marks.
func (s *Service) ReconSuppliers(ctx context.Context, runID string) ([]ReconSupplier, error) {
	_, res, err := s.reconResult(ctx, runID)
	if err != nil {
		return nil, err
	}
	out := recon.Suppliers(res)
	if out == nil {
		out = []recon.SupplierSummary{}
	}
	return out, nil
}

// ReconSupplierPack writes what one supplier needs to fix (CSV, XLSX or JSON) to the exports
// folder and returns the path.
func (s *Service) ReconSupplierPack(ctx context.Context, runID, gstinRaw, format string) (string, error) {
	_, res, err := s.reconResult(ctx, runID)
	if err != nil {
		return "", err
	}
	g := strings.ToUpper(strings.TrimSpace(gstinRaw))
	t := recon.SupplierPack(res, g)
	if len(t.Rows) == 0 {
		return "", apperr.New(apperr.NotFound, "%s has nothing to fix in this run: no pack to send.", g)
	}
	return s.WriteExport("supplier-pack-"+g, format, t)
}

// ReconExport writes a run's rows (of one status, or all for ""), its summary or its suppliers as
// CSV, XLSX or JSON to the exports folder and returns the path.
func (s *Service) ReconExport(ctx context.Context, runID, what, status, format string) (string, error) {
	run, res, err := s.reconResult(ctx, runID)
	if err != nil {
		return "", err
	}
	base := fmt.Sprintf("recon-%s-%s", run.FromPeriod, run.ToPeriod)
	var t export.Table
	switch what {
	case "rows":
		if status != "" {
			keep := res.Rows[:0:0]
			for _, r := range res.Rows {
				if string(r.Status) == status {
					keep = append(keep, r)
				}
			}
			res.Rows = keep
			base += "-" + status
		}
		t = recon.ResultTable(res)
	case "summary":
		t, base = recon.SummaryTable(recon.Summarise(res)), base+"-summary"
	case "suppliers":
		t, base = recon.SuppliersTable(recon.Suppliers(res)), base+"-suppliers"
	default:
		return "", apperr.New(apperr.Invalid, "Export rows, summary or suppliers, not %q.", what)
	}
	return s.WriteExport(base, format, t)
}

// ReconSampleRegister makes a purchase register from the GSTR-2A stored for the periods from-to,
// with deliberate differences so that a run shows every status: an amount changed, a number typed
// with a slip, a date a few days off, an invoice left out, an invoice not in 2A, one booked under
// another GSTIN of the supplier's PAN, and paise of rounding. It is imported like a file.
func (s *Service) ReconSampleRegister(ctx context.Context, from, to string) (ReconImport, error) {
	periods, err := ReconPeriods(from, to)
	if err != nil {
		return ReconImport{}, err
	}
	twoA, err := ReconGSTR2A(ctx, s.DB.DB, s.Workspace().ID, periods)
	if err != nil {
		return ReconImport{}, err
	}
	if len(twoA) == 0 {
		return ReconImport{}, apperr.New(apperr.NotFound, "No GSTR-2A is stored for %s to %s: pull GSTR-2A for those months first (GSTR-2A screen).", from, to)
	}
	// A register names every party: the names of cached lookups, else a stand-in from the PAN.
	var gstins []string
	for _, in := range twoA {
		gstins = append(gstins, in.SupplierGSTIN)
	}
	var names map[string]string
	if nf := s.supplierNames(ctx); nf != nil {
		names = nf(gstins)
	}
	for i := range twoA {
		in := &twoA[i]
		if in.SupplierName == "" {
			in.SupplierName = names[in.SupplierGSTIN]
		}
		if in.SupplierName == "" && len(in.SupplierGSTIN) == 15 {
			in.SupplierName = "Supplier " + in.SupplierGSTIN[2:7]
		}
	}
	data := SampleRegister(twoA)
	name := fmt.Sprintf("sample-register-%s-to-%s.csv", periods[0], periods[len(periods)-1])
	v, err := s.importRegister(ctx, name, data)
	v.Sample = true
	v.Confirm = v.Confirm && len(v.Missing) > 0 // canonical headers need no confirmation
	return v, err
}

// SampleRegister writes a CSV purchase register (canonical headers) from 2A invoices with the
// deliberate differences ReconSampleRegister describes. The same invoices give the same file.
func SampleRegister(twoA []recon.Invoice) []byte {
	inv := make([]recon.Invoice, len(twoA))
	copy(inv, twoA)
	norms := map[string]bool{} // GSTIN + normalised number, to keep made-up numbers unique
	pans := map[string][]string{}
	for _, in := range inv {
		norms[in.SupplierGSTIN+"|"+recon.NormaliseInvoiceNumber(in.Number)] = true
		p := recon.PAN(in.SupplierGSTIN)
		if !contains(pans[p], in.SupplierGSTIN) {
			pans[p] = append(pans[p], in.SupplierGSTIN)
		}
	}
	// Only ordinary invoices with tax are altered, spread over the list.
	var pick []int
	for i, in := range inv {
		if in.DocType == recon.DocInvoice && in.Tax() > 0 && len(in.Number) >= 4 && in.Date != "" {
			pick = append(pick, i)
		}
	}
	at := func(k int) int {
		if len(pick) < 8 {
			if k < len(pick) {
				return pick[k]
			}
			return -1
		}
		return pick[(k*len(pick))/8]
	}
	drop := map[int]bool{}
	var extra []recon.Invoice
	// 0: an amount changed (₹1,000 more taxable, its tax at 18%).
	if i := at(0); i >= 0 {
		in := &inv[i]
		in.Taxable += 100000
		if in.IGST > 0 {
			in.IGST += 18000
		} else {
			in.CGST += 9000
			in.SGST += 9000
		}
		in.Value += 118000
	}
	// 1: the number typed with one slip.
	if i := at(1); i >= 0 {
		in := &inv[i]
		if n, ok := slip(in.Number, func(n string) bool { return norms[in.SupplierGSTIN+"|"+n] }); ok {
			in.Number = n
		}
	}
	// 2: left out of the books.
	if i := at(2); i >= 0 {
		drop[i] = true
	}
	// 3: the date booked three days off.
	if i := at(3); i >= 0 {
		if d, err := time.Parse("2006-01-02", inv[i].Date); err == nil {
			if d.Day() > 20 {
				d = d.AddDate(0, 0, -3)
			} else {
				d = d.AddDate(0, 0, 3)
			}
			inv[i].Date = d.Format("2006-01-02")
		}
	}
	// 4: booked under another GSTIN of the same PAN (a real sibling if 2A has one, else a made-up branch).
	if i := at(4); i >= 0 {
		in := &inv[i]
		sib := ""
		for _, g := range pans[recon.PAN(in.SupplierGSTIN)] {
			if g != in.SupplierGSTIN {
				sib = g
				break
			}
		}
		if sib == "" && len(in.SupplierGSTIN) == 15 {
			ent := byte('2')
			if in.SupplierGSTIN[12] == '2' {
				ent = '3'
			}
			sib = gstin.Make(in.SupplierGSTIN[:2], recon.PAN(in.SupplierGSTIN), ent)
		}
		if sib != "" {
			in.SupplierGSTIN = sib
		}
	}
	// 5: forty paise of rounding (still exact).
	if i := at(5); i >= 0 {
		inv[i].Taxable += 40
		inv[i].Value += 40
	}
	// 6: an invoice the supplier has not reported.
	if i := at(6); i >= 0 {
		in := inv[i]
		for k := 9001; k < 9100; k++ {
			n := fmt.Sprintf("%s-X%d", in.Number, k)
			if !norms[in.SupplierGSTIN+"|"+recon.NormaliseInvoiceNumber(n)] {
				in.Number = n
				break
			}
		}
		in.Taxable, in.Value = 50000_00, 59000_00
		in.IGST, in.CGST, in.SGST, in.Cess = 0, 0, 0, 0
		if inv[i].IGST > 0 {
			in.IGST = 9000_00
		} else {
			in.CGST, in.SGST = 4500_00, 4500_00
		}
		extra = append(extra, in)
	}

	var b bytes.Buffer
	w := csv.NewWriter(&b)
	head := make([]string, len(recon.RegisterFields))
	for i, f := range recon.RegisterFields {
		head[i] = f.Key
	}
	w.Write(head)
	yn := func(v bool) string {
		if v {
			return "Y"
		}
		return "N"
	}
	write := func(in *recon.Invoice) {
		date := in.Date
		if d, err := time.Parse("2006-01-02", in.Date); err == nil {
			date = d.Format("02-01-2006")
		}
		doc := "Invoice"
		switch in.DocType {
		case recon.DocCreditNote:
			doc = "Credit Note"
		case recon.DocDebitNote:
			doc = "Debit Note"
		}
		w.Write([]string{in.SupplierGSTIN, in.SupplierName, in.Number, date, in.PlaceOfSupply, yn(in.ReverseCharge),
			in.Value.String(), in.Taxable.String(), in.IGST.String(), in.CGST.String(), in.SGST.String(), in.Cess.String(), doc})
	}
	for i := range inv {
		if !drop[i] {
			write(&inv[i])
		}
	}
	for i := range extra {
		write(&extra[i])
	}
	w.Flush()
	return b.Bytes()
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// slip returns the number with one typing slip (two adjacent digits swapped, or a digit changed)
// whose normalised form is a near miss of the original and not taken.
func slip(number string, taken func(norm string) bool) (string, bool) {
	orig := recon.NormaliseInvoiceNumber(number)
	try := func(n string) bool {
		nn := recon.NormaliseInvoiceNumber(n)
		return recon.NearMiss(orig, nn) && !taken(nn)
	}
	b := []byte(number)
	for i := len(b) - 2; i >= 0; i-- {
		if b[i] != b[i+1] && isDigit(b[i]) && isDigit(b[i+1]) && b[i] != '0' && b[i+1] != '0' {
			c := append([]byte(nil), b...)
			c[i], c[i+1] = c[i+1], c[i]
			if try(string(c)) {
				return string(c), true
			}
		}
	}
	for i := len(b) - 1; i >= 0; i-- {
		if !isDigit(b[i]) {
			continue
		}
		for d := byte('1'); d <= '9'; d++ {
			if d == b[i] {
				continue
			}
			c := append([]byte(nil), b...)
			c[i] = d
			if try(string(c)) {
				return string(c), true
			}
		}
	}
	return number, false
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// maxWatchDays is the longest date range the supplier watch covers in one go.
const maxWatchDays = 31

// WatchAlert is one supplier of the workspace on the changed list: cancelled, inactive, expired or
// updated, with (for a cancellation) the stored 2A invoices dated after it.
type WatchAlert struct {
	GSTIN string `json:"gstin"`
	Name  string `json:"name"`
	State string `json:"state"`
	Type  string `json:"type"` // C, I, E, U (G is not a risk)
	Label string `json:"label"`
	Date  string `json:"date"` // YYYY-MM-DD
	// Severity is "high" (cancelled), "medium" (inactive, expired) or "low" (updated).
	Severity string `json:"severity"`
	// After are the supplier's stored 2A invoices dated after a cancellation; TaxAfter their tax.
	After    []ReconInvoice `json:"after"`
	TaxAfter recon.Paise    `json:"tax_after"`
}

// WatchView is the supplier watch over a date range.
type WatchView struct {
	From      string       `json:"from"`
	To        string       `json:"to"`
	States    []string     `json:"states"`
	Suppliers int          `json:"suppliers"`
	Checked   int          `json:"checked"` // date × state lists fetched
	Failed    []string     `json:"failed"`  // "DD-MM-YYYY state: why" for lists that could not be fetched
	Alerts    []WatchAlert `json:"alerts"`
}

func watchSeverity(t string) string {
	switch t {
	case "C":
		return "high"
	case "I", "E":
		return "medium"
	}
	return "low"
}

// ReconWatch checks the changed list (4.1) for every day from-to (YYYY-MM-DD, at most 31 days) and
// every state of the workspace's suppliers (stored GSTR-2A), and flags the suppliers cancelled,
// inactive, expired or updated, newest first; a list that cannot be fetched is listed in Failed.
func (s *Service) ReconWatch(ctx context.Context, from, to string, progress func(done, total int)) (WatchView, error) {
	a, err1 := time.Parse("2006-01-02", from)
	b, err2 := time.Parse("2006-01-02", to)
	if err1 != nil || err2 != nil {
		return WatchView{}, apperr.New(apperr.Invalid, "Choose the watch dates as YYYY-MM-DD, not %q to %q.", from, to)
	}
	if b.Before(a) {
		return WatchView{}, apperr.New(apperr.Invalid, "The end date %s is before the start %s: swap them.", recon.ShowDate(to), recon.ShowDate(from))
	}
	days := int(b.Sub(a).Hours()/24) + 1
	if days > maxWatchDays {
		return WatchView{}, apperr.New(apperr.Invalid, "The supplier watch covers at most %d days at a time; %s to %s is %d.", maxWatchDays, recon.ShowDate(from), recon.ShowDate(to), days)
	}
	known := s.KnownSuppliers
	if known == nil {
		known = s.gstr2aSuppliers
	}
	suppliers, err := known(ctx)
	if err != nil {
		return WatchView{}, err
	}
	v := WatchView{From: from, To: to, States: []string{}, Failed: []string{}, Alerts: []WatchAlert{}}
	ours := map[string]bool{}
	states := map[string]bool{}
	for _, g := range suppliers {
		g = strings.ToUpper(g)
		if len(g) != 15 || ours[g] {
			continue
		}
		ours[g] = true
		states[g[:2]] = true
	}
	v.Suppliers = len(ours)
	for st := range states {
		v.States = append(v.States, st)
	}
	sort.Strings(v.States)
	if len(ours) == 0 {
		return v, apperr.New(apperr.NotFound, "No suppliers to watch: pull GSTR-2A first, so gstdesk knows who your suppliers are.")
	}
	// The stored 2A of every period, for names and invoices after a cancellation.
	byGSTIN := map[string][]recon.Invoice{}
	names := map[string]string{}
	if ps, err := s.GSTR2APeriods(ctx); err == nil && len(ps) > 0 {
		var periods []string
		for _, p := range ps {
			periods = append(periods, p.Period)
		}
		if inv, err := ReconGSTR2A(ctx, s.DB.DB, s.Workspace().ID, periods); err == nil {
			for _, in := range inv {
				byGSTIN[in.SupplierGSTIN] = append(byGSTIN[in.SupplierGSTIN], in)
				if in.SupplierName != "" {
					names[in.SupplierGSTIN] = in.SupplierName
				}
			}
		}
	}
	total := days * len(v.States)
	seen := map[string]bool{}
	for d := 0; d < days; d++ {
		day := a.AddDate(0, 0, d)
		ddmm := day.Format("02-01-2006")
		for _, st := range v.States {
			if err := ctx.Err(); err != nil {
				return v, apperr.Wrap(apperr.Canceled, err, "The supplier watch was stopped.")
			}
			cv, err := s.Changed(ctx, ddmm, st, false, nil)
			v.Checked++
			if progress != nil {
				progress(v.Checked, total)
			}
			if err != nil {
				if ctx.Err() != nil {
					return v, apperr.Wrap(apperr.Canceled, err, "The supplier watch was stopped.")
				}
				v.Failed = append(v.Failed, fmt.Sprintf("%s %s: %s", ddmm, st, apperr.Public(err).Message))
				continue
			}
			for _, r := range cv.Yours {
				if !ours[r.GSTIN] || r.Type == "G" || seen[r.GSTIN+r.Type+ddmm] {
					continue
				}
				seen[r.GSTIN+r.Type+ddmm] = true
				al := WatchAlert{GSTIN: r.GSTIN, Name: firstNonEmpty(r.Name, names[r.GSTIN]), State: st, Type: r.Type, Label: r.Label,
					Date: day.Format("2006-01-02"), Severity: watchSeverity(r.Type), After: []ReconInvoice{}}
				if r.Type == "C" {
					for _, in := range byGSTIN[r.GSTIN] {
						if in.Date > al.Date {
							al.After = append(al.After, in)
							al.TaxAfter += in.Tax()
						}
					}
				}
				v.Alerts = append(v.Alerts, al)
			}
		}
	}
	rank := map[string]int{"high": 0, "medium": 1, "low": 2}
	sort.SliceStable(v.Alerts, func(i, j int) bool {
		x, y := v.Alerts[i], v.Alerts[j]
		if rank[x.Severity] != rank[y.Severity] {
			return rank[x.Severity] < rank[y.Severity]
		}
		return x.Date > y.Date
	})
	if err := s.keepWatch(ctx, v); err != nil {
		return v, err
	}
	return v, nil
}

// ReconStartWatch runs ReconWatch as a job ("job:progress" per list fetched).
func (s *Service) ReconStartWatch(ctx context.Context, from, to string) string {
	return s.startJob("recon:watch", func(ctx context.Context, progress func(int, int)) (any, error) {
		return s.ReconWatch(ctx, from, to, progress)
	})
}

// keepWatch stores v as the workspace's last supplier watch.
func (s *Service) keepWatch(ctx context.Context, v WatchView) error {
	b, err := json.Marshal(v)
	if err != nil {
		return apperr.Wrap(apperr.Internal, err, "could not keep the supplier watch")
	}
	if _, err := s.DB.ExecContext(ctx, `INSERT INTO recon_watch (workspace_id, checked_at, view) VALUES (?, ?, ?)
		ON CONFLICT (workspace_id) DO UPDATE SET checked_at = excluded.checked_at, view = excluded.view`,
		s.Workspace().ID, store.FormatTime(time.Now()), string(b)); err != nil {
		return apperr.Wrap(apperr.Internal, err, "could not keep the supplier watch")
	}
	return nil
}

// LastWatch returns the workspace's last supplier watch and when it ran; ok is false when the
// supplier watch has not been run in this workspace.
func (s *Service) LastWatch(ctx context.Context) (v WatchView, at time.Time, ok bool, err error) {
	var when, view string
	err = s.DB.QueryRowContext(ctx, `SELECT checked_at, view FROM recon_watch WHERE workspace_id = ?`, s.Workspace().ID).Scan(&when, &view)
	if errors.Is(err, sql.ErrNoRows) {
		return v, at, false, nil
	}
	if err != nil {
		return v, at, false, apperr.Wrap(apperr.Internal, err, "could not read the last supplier watch")
	}
	if err := json.Unmarshal([]byte(view), &v); err != nil {
		return v, at, false, apperr.Wrap(apperr.Internal, err, "the stored supplier watch is damaged; run the supplier watch again")
	}
	at, _ = time.Parse(time.RFC3339Nano, when)
	return v, at, true, nil
}

// ReconWatchResult returns a finished supplier watch.
func (s *Service) ReconWatchResult(id string) (WatchView, error) {
	r, err := s.jobResult(id)
	if err != nil {
		return WatchView{}, err
	}
	v, ok := r.(WatchView)
	if !ok {
		if ev, _, _ := s.Job(id); ev.Error != nil {
			return WatchView{}, ev.Error
		}
	}
	return v, nil
}

// ReconWatchExport writes a supplier watch's alerts as CSV, XLSX or JSON and returns the path.
func (s *Service) ReconWatchExport(v WatchView, format string) (string, error) {
	t := export.Table{Name: "Supplier watch", Columns: []export.Column{
		{Key: "gstin", Title: "Supplier GSTIN", Kind: export.Text},
		{Key: "name", Title: "Supplier", Kind: export.Text},
		{Key: "change", Title: "Change", Kind: export.Text},
		{Key: "date", Title: "Date", Kind: export.Date},
		{Key: "invoices_after", Title: "2A invoices after", Kind: export.Integer},
		{Key: "tax_after", Title: "Tax after", Kind: export.Money},
	}}
	for _, a := range v.Alerts {
		t.Rows = append(t.Rows, []any{a.GSTIN, a.Name, a.Label, recon.ShowDate(a.Date), len(a.After), a.TaxAfter.Rupees()})
	}
	return s.WriteExport(fmt.Sprintf("supplier-watch-%s-%s", v.From, v.To), format, t)
}
