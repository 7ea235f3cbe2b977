// Package reconcile is the area service for reconciliation: the purchase register imported and
// kept, runs against the stored GSTR-2A, decisions on rows, supplier packs and the supplier watch.
package reconcile

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/config"
	"gstdesk/backend/desk/core"
	"gstdesk/backend/desk/lookups"
	"gstdesk/backend/desk/returns"
	"gstdesk/backend/export"
	"gstdesk/backend/infile"
	"gstdesk/backend/money"
	"gstdesk/backend/period"
	"gstdesk/backend/recon"
)

// Service is the reconciliation area over the shared core; it reads GSTR-2A through the returns
// area and the changed list through the lookups area.
type Service struct {
	core    *core.Core
	Lookups *lookups.Service
	Returns *returns.Service
}

// New returns the reconciliation service over c.
func New(c *core.Core, lk *lookups.Service, rt *returns.Service) *Service {
	return &Service{core: c, Lookups: lk, Returns: rt}
}

// maxReconErrors is how many import problems the window is sent; the count says how many there are.
const maxReconErrors = 200

// maxReconPeriods is the longest period range one run covers.
const maxReconPeriods = 24

// RegisterImport is a purchase register read and checked, waiting for the person to confirm the
// column mapping and run: Token names it in the next calls (and stays valid across restarts, as the
// register is kept in the data folder).
type RegisterImport struct {
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
	Errors       []recon.RowError `json:"errors"`
	ErrorCount   int              `json:"error_count"`
	WarningCount int              `json:"warning_count"`
	Invoices     int              `json:"invoices"`
	FirstDate    string           `json:"first_date"`
	LastDate     string           `json:"last_date"`
	Sample       bool             `json:"sample"`
	// Duplicates counts register rows that repeat an invoice further up: listed as such, never
	// added up unless the run is asked to combine them.
	Duplicates int `json:"duplicates"`
}

// Fields lists the fields of a purchase register, for the mapping table.
func (s *Service) Fields() []recon.RegisterField { return recon.RegisterFields }

func (s *Service) registers() recon.Registers {
	return recon.Registers{Dir: filepath.Join(s.core.DB.Dir, "recon-registers"), DB: s.core.DB.DB}
}

func (s *Service) registerDir() string { return s.registers().Dir }

// keepRegister stores a register's bytes in the data folder under its digest and returns the token.
func (s *Service) keepRegister(name string, data []byte) (string, error) {
	return s.registers().Keep(name, data, s.core.Now())
}

// pruneRegisters deletes kept registers no run uses that were imported over a week before now.
func (s *Service) pruneRegisters(ctx context.Context, now time.Time) { s.registers().Prune(ctx, now) }

// register returns a kept register's name and bytes by token.
func (s *Service) register(token string) (string, []byte, error) { return s.registers().Get(token) }

// mappingFor returns the mapping to read a file with: the saved one when it fits the headers
// (every mapped header present, every required field mapped), else the suggestion.
func (s *Service) mappingFor(ctx context.Context, headers []string) (recon.Mapping, bool, error) {
	saved, err := recon.LoadMapping(ctx, s.core.DB.DB, s.core.Workspace().ID)
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

func missingFields(m recon.Mapping) []string { return recon.MissingFields(m) }

// readRegister reads a kept register with a mapping (nil: the saved or suggested one) into the
// view the window shows, and the invoices when there is no error.
func (s *Service) readRegister(ctx context.Context, token, name string, data []byte, m recon.Mapping, opt ...recon.ImportOptions) (RegisterImport, []recon.Invoice, error) {
	headers, _, err := recon.RegisterHeaders(bytes.NewReader(data), name, "")
	if err != nil {
		return RegisterImport{}, nil, err
	}
	v := RegisterImport{Token: token, File: name, Size: len(data), Headers: headers, Errors: []recon.RowError{}}
	if m == nil {
		if m, v.Saved, err = s.mappingFor(ctx, headers); err != nil {
			return RegisterImport{}, nil, err
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
	var io recon.ImportOptions
	if len(opt) > 0 {
		io = opt[0]
	}
	books, rowErrs, err := recon.ReadRegisterWith(bytes.NewReader(data), name, "", m, io)
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
		return RegisterImport{}, nil, err
	}
	v.Invoices = len(books)
	for _, b := range books {
		if b.DuplicateOf != "" {
			v.Duplicates++
		}
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

func (s *Service) importRegister(ctx context.Context, name string, data []byte) (RegisterImport, error) {
	v, _, err := s.importRegisterBooks(ctx, name, data)
	return v, err
}

// importRegisterBooks keeps and reads a register once, returning its invoices too (none while the
// mapping is to be confirmed or the file has errors).
func (s *Service) importRegisterBooks(ctx context.Context, name string, data []byte) (RegisterImport, []recon.Invoice, error) {
	if len(data) > recon.MaxRegisterBytes {
		return RegisterImport{}, nil, apperr.New(apperr.Invalid, "%s is larger than %d MB: split the register by period.", name, recon.MaxRegisterBytes>>20)
	}
	// Read first: a file refused (not a register gstdesk can read) is not kept in the data folder.
	v, books, err := s.readRegister(ctx, "", recon.SafeName(name), data, nil)
	if err != nil {
		return v, books, err
	}
	if v.Token, err = s.keepRegister(name, data); err != nil {
		return RegisterImport{}, nil, err
	}
	return v, books, nil
}

// ImportPath reads a purchase register (CSV or XLSX) from its path (chosen in the window's Open
// dialog, typed or pasted, or given to the command line): its headers, the mapping (saved or
// suggested) and every problem. Nothing is run yet.
func (s *Service) ImportPath(ctx context.Context, path string) (RegisterImport, error) {
	v, _, err := s.importPath(ctx, path)
	return v, err
}

// importPath is ImportPath with the register's invoices, read once.
func (s *Service) importPath(ctx context.Context, path string) (RegisterImport, []recon.Invoice, error) {
	data, err := infile.Read(path, recon.MaxRegisterBytes, "Split the register by period.")
	if err != nil {
		return RegisterImport{}, nil, err
	}
	return s.importRegisterBooks(ctx, filepath.Base(path), data)
}

// booksAt imports the register at path and returns its invoices, refusing one whose mapping is
// still to be confirmed or that has errors: the register of a three-way run or a calendar.
func (s *Service) booksAt(ctx context.Context, path string) (RegisterImport, []recon.Invoice, error) {
	v, books, err := s.importPath(ctx, path)
	if err != nil {
		return v, nil, err
	}
	if err := registerReady(v); err != nil {
		return v, nil, err
	}
	return v, books, nil
}

// registerReady refuses a register whose mapping is still to be confirmed or that has errors.
func registerReady(v RegisterImport) error {
	if len(v.Missing) > 0 {
		return apperr.New(apperr.Invalid, "Confirm the column mapping of %s first: %s not chosen.", v.File, strings.Join(v.Missing, ", "))
	}
	if v.ErrorCount > 0 {
		return registerProblems(v)
	}
	return nil
}

// registerProblems is the refusal of a register with problems: how many, and the first with its
// file, row and column, so a person (or a script reading the message) can go to it.
func registerProblems(v RegisterImport) error {
	first := ""
	for _, e := range v.Errors {
		if !e.Warning {
			first = " The first: " + e.Error() + "."
			break
		}
	}
	problems, them := "problems", "them"
	if v.ErrorCount == 1 {
		problems, them = "problem", "it"
	}
	return apperr.New(apperr.Invalid, "%s has %d %s; fix %s in the file and import it again.%s", v.File, v.ErrorCount, problems, them, first)
}

// ConfirmMapping reads an import again with the mapping the person chose (field key → header,
// "" for none) and, when the file reads with it, saves it as the workspace's mapping.
func (s *Service) ConfirmMapping(ctx context.Context, token string, mapping map[string]string) (RegisterImport, error) {
	name, data, err := s.register(token)
	if err != nil {
		return RegisterImport{}, err
	}
	m := recon.Mapping{}
	for k, h := range mapping {
		if h != "" {
			m[k] = h
		}
	}
	v, _, err := s.readRegister(ctx, token, name, data, m)
	if err != nil {
		return RegisterImport{}, err
	}
	if len(v.Missing) > 0 {
		return v, apperr.New(apperr.Invalid, "Choose the column for %s: a register needs it.", strings.Join(v.Missing, ", "))
	}
	if err := recon.SaveMapping(ctx, s.core.DB.DB, s.core.Now(), s.core.Workspace().ID, m); err != nil {
		return RegisterImport{}, err
	}
	v.Saved, v.Confirm = true, false
	return v, nil
}

// Periods lists the months from one period to another (YYYY-MM), at most two years.
func Periods(from, to string) ([]string, error) {
	ms, err := period.Span(from, to, maxReconPeriods)
	return period.Strings(ms), err
}

// reconOptions are the workspace's tolerances from the settings.
func (s *Service) reconOptions(ctx context.Context) (recon.Options, error) {
	set, err := config.Load(ctx, s.core.DB, s.core.Workspace())
	if err != nil {
		return recon.Options{}, err
	}
	opt := recon.DefaultOptions()
	opt.AmountTolerance = recon.Paise(math.Round(set.AmountTolerance * 100))
	opt.DateWindowDays = set.DateWindowDays
	return opt, nil
}

// RunOptions change a run's settings for one run (the command line's flags); nil keeps the
// workspace's settings.
type RunOptions struct {
	AmountTolerance *recon.Paise
	DateWindowDays  *int
	// CombineDuplicates adds up register rows that repeat an invoice (same supplier GSTIN,
	// normalised number and date) instead of listing them as duplicates: the user's choice, off
	// by default.
	CombineDuplicates bool
}

// runOptions are the matcher's options of a run: the workspace's settings, changed by ro.
func (s *Service) runOptions(ctx context.Context, ro RunOptions) (recon.Options, error) {
	opt, err := s.reconOptions(ctx)
	if err != nil {
		return opt, err
	}
	if ro.AmountTolerance != nil {
		opt.AmountTolerance = *ro.AmountTolerance
	}
	if ro.DateWindowDays != nil {
		opt.DateWindowDays = *ro.DateWindowDays
	}
	opt.CombineDuplicates = ro.CombineDuplicates
	return opt, nil
}

// rerunOptions are a stored run's own tolerances and choices, not today's settings: a re-run
// (against 2A or 2B) changes only what was decided and pulled since.
func rerunOptions(run recon.Run) RunOptions {
	tol, days := run.Options.AmountTolerance, run.Options.DateWindowDays
	return RunOptions{AmountTolerance: &tol, DateWindowDays: &days, CombineDuplicates: run.Options.CombineDuplicates}
}

// RunOutcome is a finished run with what was left out of it.
type RunOutcome struct {
	Run recon.Run
	// LeftOut counts register invoices dated outside the periods; NoGSTR2A says no GSTR-2A is
	// stored for the periods (every register invoice shows as missing in 2A).
	LeftOut  int
	NoGSTR2A bool
}

// prepareRun checks an imported register and the periods and returns the run to do: the one
// road of a reconciliation, whether the window starts it as a job or the command line waits.
func (s *Service) prepareRun(ctx context.Context, token, from, to string, ro RunOptions) (func(ctx context.Context, progress core.Progress) (RunOutcome, error), error) {
	periods, err := Periods(from, to)
	if err != nil {
		return nil, err
	}
	name, data, err := s.register(token)
	if err != nil {
		return nil, err
	}
	v, books, err := s.readRegister(ctx, token, name, data, nil, recon.ImportOptions{CombineDuplicates: ro.CombineDuplicates})
	if err != nil {
		return nil, err
	}
	if len(v.Missing) > 0 {
		return nil, apperr.New(apperr.Invalid, "Confirm the column mapping of %s first: %s not chosen.", name, strings.Join(v.Missing, ", "))
	}
	if v.ErrorCount > 0 {
		return nil, registerProblems(v)
	}
	opt, err := s.runOptions(ctx, ro)
	if err != nil {
		return nil, err
	}
	ws := s.core.Workspace().ID
	return func(ctx context.Context, progress core.Progress) (RunOutcome, error) {
		progress(1, 3)
		var out RunOutcome
		inRange := make([]recon.Invoice, 0, len(books))
		for _, b := range books {
			if b.Period >= periods[0] && b.Period <= periods[len(periods)-1] {
				inRange = append(inRange, b)
			} else {
				out.LeftOut++
			}
		}
		twoA, err := MatchGSTR2A(ctx, s.core.DB.DB, ws, periods)
		if err != nil {
			return out, err
		}
		out.NoGSTR2A = len(twoA) == 0
		progress(2, 3)
		out.Run, _, err = recon.Reconcile(ctx, s.core.DB.DB, s.core.Now(), recon.Run{WorkspaceID: ws, FromPeriod: periods[0], ToPeriod: periods[len(periods)-1],
			RegisterName: name, RegisterSHA256: token}, inRange, twoA, opt)
		if err != nil {
			return out, err
		}
		progress(3, 3)
		return out, nil
	}, nil
}

// StartRun reconciles an imported register with the stored GSTR-2A of the periods from-to
// (YYYY-MM), with the tolerances of the settings and the workspace's decisions, as a job whose
// result (RunResult) is the stored run. Register invoices dated outside the periods are left out.
// combine adds up register rows that repeat an invoice, as the person asked (off: each is listed
// as a duplicate).
func (s *Service) StartRun(ctx context.Context, token string, fromM, toM period.Month, combine bool) (string, error) {
	from, to := fromM.Key(), toM.Key()
	return s.startRun(ctx, token, from, to, RunOptions{CombineDuplicates: combine})
}

// startRun is StartRun with every run option.
func (s *Service) startRun(ctx context.Context, token, from, to string, ro RunOptions) (string, error) {
	run, err := s.prepareRun(ctx, token, from, to, ro)
	if err != nil {
		return "", err
	}
	return core.StartJobSummarised(s.core, "recon:run", func(ctx context.Context, progress core.Progress) (recon.Run, error) {
		out, err := run(ctx, progress)
		return out.Run, err
	}, runSummary), nil
}

// RunNow is StartRun waited for, with the settings changed by ro: the command line's
// run. It stores the same run the window's job stores.
func (s *Service) RunNow(ctx context.Context, token string, fromM, toM period.Month, ro RunOptions) (RunOutcome, error) {
	from, to := fromM.Key(), toM.Key()
	run, err := s.prepareRun(ctx, token, from, to, ro)
	if err != nil {
		return RunOutcome{}, err
	}
	return run(ctx, func(int, int) {})
}

// Rerun runs a stored run again with the same register, periods and options (tolerances,
// date window, combined duplicates), applying the decisions made since (actions, links, unlinks)
// and the GSTR-2A stored now.
func (s *Service) Rerun(ctx context.Context, runID string) (string, error) {
	run, err := s.reconRun(ctx, runID)
	if err != nil {
		return "", err
	}
	if run.Against == recon.AgainstGSTR2B {
		return s.rerunThreeWay(ctx, run)
	}
	return s.startRun(ctx, run.RegisterSHA256, run.FromPeriod, run.ToPeriod, rerunOptions(run))
}

// rerunThreeWay runs a saved run against GSTR-2B again as a job, with its register, periods and
// options (rerunOptions, as a 2A re-run) and the 2B, IMS lists and decisions stored now; the
// choices on it are taken over where the rows read the same.
func (s *Service) rerunThreeWay(ctx context.Context, run recon.Run) (string, error) {
	name, data, err := s.register(run.RegisterSHA256)
	if err != nil {
		return "", err
	}
	ro := rerunOptions(run)
	v, books, err := s.readRegister(ctx, run.RegisterSHA256, name, data, nil, recon.ImportOptions{CombineDuplicates: ro.CombineDuplicates})
	if err != nil {
		return "", err
	}
	if err := registerReady(v); err != nil {
		return "", err
	}
	periods, err := Periods(run.FromPeriod, run.ToPeriod)
	if err != nil {
		return "", err
	}
	return core.StartJobSummarised(s.core, "recon:run", func(ctx context.Context, progress core.Progress) (recon.Run, error) {
		progress(1, 2)
		tw, err := s.threeWayRun(ctx, v, books, periods, s.read2B(ctx, periods), ro)
		if err != nil {
			return recon.Run{}, err
		}
		progress(2, 2)
		return recon.GetRun(ctx, s.core.DB.DB, tw.RunID)
	}, runSummary), nil
}

// RunResult returns the run a finished StartRun job stored.
func (s *Service) RunResult(id string) (recon.Run, error) {
	return core.JobResult[recon.Run](s.core, id)
}

// Runs lists the workspace's runs, newest first.
func (s *Service) Runs(ctx context.Context) ([]recon.Run, error) {
	runs, err := recon.Runs(ctx, s.core.DB.DB, s.core.Workspace().ID)
	if runs == nil {
		runs = []recon.Run{}
	}
	return runs, err
}

// reconRun returns a run of the current workspace.
func (s *Service) reconRun(ctx context.Context, runID string) (recon.Run, error) {
	run, err := recon.GetRun(ctx, s.core.DB.DB, runID)
	if err != nil {
		return run, err
	}
	if run.WorkspaceID != s.core.Workspace().ID {
		return recon.Run{}, apperr.New(apperr.NotFound, "That reconciliation run belongs to another workspace.")
	}
	return run, nil
}

// DeleteRun removes a run; decisions stay with the workspace.
func (s *Service) DeleteRun(ctx context.Context, runID string) error {
	if _, err := s.reconRun(ctx, runID); err != nil {
		return err
	}
	return recon.DeleteRun(ctx, s.core.DB.DB, runID)
}

// Result loads every row of a run with the current decisions laid over them.
func (s *Service) Result(ctx context.Context, runID string) (recon.Run, recon.Result, error) {
	run, err := s.reconRun(ctx, runID)
	if err != nil {
		return run, recon.Result{}, err
	}
	rows, err := recon.RunRows(ctx, s.core.DB.DB, runID, "")
	if err != nil {
		return run, recon.Result{}, err
	}
	return run, recon.Result{Options: run.Options, Rows: rows}, nil
}

// Rows returns rows of a run: status "" for all, filter text matched against GSTIN, supplier
// name and invoice number, a page of limit rows (0: 500) from offset; a supplier no invoice of the
// run names is named from cached lookups.
func (s *Service) Rows(ctx context.Context, runID, status, filter string, offset, limit int) (recon.RowsView, error) {
	run, res, err := s.Result(ctx, runID)
	if err != nil {
		return recon.RowsView{}, err
	}
	v := recon.PageRows(run, res, status, filter, offset, limit)
	s.nameRows(ctx, &v)
	return v, nil
}

// Explain explains the row with the given key in a run.
func (s *Service) Explain(ctx context.Context, runID, key string) (recon.Explanation, error) {
	run, res, err := s.Result(ctx, runID)
	if err != nil {
		return recon.Explanation{}, err
	}
	return recon.Explain(run, res, key)
}

func parseAction(action string) (recon.ActionKind, error) {
	if action == "" || action == "clear" {
		return "", nil
	}
	return recon.ParseActionKind(action)
}

// SetAction records a decision on a row by its key: "accept", "pending", "ignore", or ""
// (or "clear") to remove it.
func (s *Service) SetAction(ctx context.Context, key, action string) error {
	a, err := parseAction(action)
	if err != nil {
		return err
	}
	return recon.SetAction(ctx, s.core.DB.DB, s.core.Now(), s.core.Workspace().ID, key, a)
}

// SetActions records one decision on many rows at once, all or none.
func (s *Service) SetActions(ctx context.Context, keys []string, action string) error {
	a, err := parseAction(action)
	if err != nil {
		return err
	}
	if len(keys) == 0 {
		return apperr.New(apperr.Invalid, "Select the rows to mark first.")
	}
	return recon.SetActions(ctx, s.core.DB.DB, s.core.Now(), s.core.Workspace().ID, keys, a)
}

// Link pairs a books invoice with a 2A invoice by hand (identities from Explain); the
// next run pairs them.
func (s *Service) Link(ctx context.Context, booksID, gstr2aID string) error {
	if booksID == "" || gstr2aID == "" {
		return apperr.New(apperr.Invalid, "A link needs a register invoice and a GSTR-2A invoice.")
	}
	return recon.Link(ctx, s.core.DB.DB, s.core.Now(), s.core.Workspace().ID, booksID, gstr2aID)
}

// Unlink keeps a books invoice and a 2A invoice apart on every later run.
func (s *Service) Unlink(ctx context.Context, booksID, gstr2aID string) error {
	if booksID == "" || gstr2aID == "" {
		return apperr.New(apperr.Invalid, "Only a pair can be separated.")
	}
	return recon.Unlink(ctx, s.core.DB.DB, s.core.Now(), s.core.Workspace().ID, booksID, gstr2aID)
}

// Summary summarises a run per period and in total, with the current decisions.
func (s *Service) Summary(ctx context.Context, runID string) (recon.Summary, error) {
	_, res, err := s.Result(ctx, runID)
	if err != nil {
		return recon.Summary{}, err
	}
	sum := recon.Summarise(res)
	if sum.Periods == nil {
		sum.Periods = []recon.PeriodSummary{}
	}
	return sum, nil
}

// Suppliers summarises a run per supplier GSTIN with risk marks.
func (s *Service) Suppliers(ctx context.Context, runID string) ([]recon.SupplierSummary, error) {
	_, res, err := s.Result(ctx, runID)
	if err != nil {
		return nil, err
	}
	out := recon.Suppliers(res)
	if out == nil {
		out = []recon.SupplierSummary{}
	}
	return s.nameSuppliers(ctx, out), nil
}

// SupplierPack writes what one supplier needs to fix (CSV, XLSX or JSON) to the exports
// folder and returns the path.
func (s *Service) SupplierPack(ctx context.Context, runID, gstinRaw, format string) (string, error) {
	_, res, err := s.Result(ctx, runID)
	if err != nil {
		return "", err
	}
	g := strings.ToUpper(strings.TrimSpace(gstinRaw))
	t := recon.SupplierPack(res, g)
	if len(t.Rows) == 0 {
		return "", apperr.New(apperr.NotFound, "%s has nothing to fix in this run: no pack to send.", g)
	}
	return s.core.WriteExport("supplier-pack-"+g, format, t)
}

// Export writes a run's rows (of one status, or all for ""), its summary or its suppliers as
// CSV, XLSX or JSON to the exports folder and returns the path.
func (s *Service) Export(ctx context.Context, runID, what, status, format string) (string, error) {
	run, res, err := s.Result(ctx, runID)
	if err != nil {
		return "", err
	}
	base := fmt.Sprintf("recon-%s-%s", run.FromPeriod, run.ToPeriod)
	var t export.Table
	switch what {
	case "rows":
		if status != "" && !slices.Contains(recon.Statuses, recon.Status(status)) {
			return "", apperr.New(apperr.Invalid, "There is no row status %q to export.", status) // an empty file would read as "no such rows"
		}
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
		t, base = recon.SuppliersTable(s.nameSuppliers(ctx, recon.Suppliers(res))), base+"-suppliers"
	default:
		return "", apperr.New(apperr.Invalid, "Export rows, summary or suppliers, not %q.", what)
	}
	return s.core.WriteExport(base, format, t)
}

// SampleRegister makes a purchase register from the GSTR-2A stored for the periods from-to,
// with deliberate differences so that a run shows every status: an amount changed, a number typed
// with a slip, a date a few days off, an invoice left out, an invoice not in 2A, one booked under
// another GSTIN of the supplier's PAN, and paise of rounding. It is imported like a file.
func (s *Service) SampleRegister(ctx context.Context, fromM, toM period.Month) (RegisterImport, error) {
	from, to := fromM.Key(), toM.Key()
	periods, err := Periods(from, to)
	if err != nil {
		return RegisterImport{}, err
	}
	twoA, err := MatchGSTR2A(ctx, s.core.DB.DB, s.core.Workspace().ID, periods)
	if err != nil {
		return RegisterImport{}, err
	}
	if len(twoA) == 0 {
		return RegisterImport{}, apperr.New(apperr.NotFound, "No GSTR-2A is stored for %s to %s: pull GSTR-2A for those months first (GSTR-2A screen).", from, to)
	}
	// A register names every party: the names of cached lookups, else a stand-in from the PAN.
	var gstins []string
	for _, in := range twoA {
		gstins = append(gstins, in.SupplierGSTIN)
	}
	var names map[string]string
	if nf := s.Returns.SupplierNames(ctx); nf != nil {
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
	data := recon.SampleRegister(twoA, s.core.Now().Format("2006-01-02"))
	name := fmt.Sprintf("sample-register-%s-to-%s.csv", periods[0], periods[len(periods)-1])
	v, err := s.importRegister(ctx, name, data)
	v.Sample = true
	v.Confirm = v.Confirm && len(v.Missing) > 0 // canonical headers need no confirmation
	return v, err
}

// Watch checks the changed list (4.1) for every day from-to (YYYY-MM-DD, at most 31 days) and
// every state of the workspace's suppliers (stored GSTR-2A), and flags the suppliers cancelled,
// inactive, expired or updated, newest first; a list that cannot be fetched is listed in Failed.
func (s *Service) Watch(ctx context.Context, from, to string, progress func(done, total int)) (recon.WatchView, error) {
	suppliers, err := s.Lookups.KnownSuppliers(ctx)
	if err != nil {
		return recon.WatchView{}, err
	}
	// The stored 2A of every period, for names and invoices after a cancellation.
	// A read that fails is an error, not an empty 2A: "0 invoices after" would be a wrong figure.
	var twoA []recon.Invoice
	ps, err := s.Returns.GSTR2APeriods(ctx)
	if err != nil {
		return recon.WatchView{}, err
	}
	if len(ps) > 0 {
		periods := make([]string, len(ps))
		for i, p := range ps {
			periods[i] = p.Period
		}
		if twoA, err = MatchGSTR2A(ctx, s.core.DB.DB, s.core.Workspace().ID, periods); err != nil {
			return recon.WatchView{}, err
		}
	}
	w, err := recon.NewWatch(from, to, suppliers, twoA)
	if err != nil {
		if w != nil {
			return w.View(), err
		}
		return recon.WatchView{}, err
	}
	for _, day := range w.Days() {
		ddmm := day.Format("02-01-2006")
		for _, st := range w.States() {
			if err := ctx.Err(); err != nil {
				return w.View(), apperr.Wrap(apperr.Canceled, err, "The supplier watch was stopped.")
			}
			cv, err := s.Lookups.Changed(ctx, ddmm, st, false, nil)
			if err != nil {
				if ctx.Err() != nil {
					return w.View(), apperr.Wrap(apperr.Canceled, err, "The supplier watch was stopped.")
				}
				w.Fail(day, st, s.core.Face().Public(err).Message)
			} else {
				changes := make([]recon.WatchChange, len(cv.Yours))
				for i, r := range cv.Yours {
					changes[i] = recon.WatchChange{GSTIN: r.GSTIN, Name: r.Name, Type: r.Type, Label: r.Label}
				}
				w.Add(day, st, changes)
			}
			if progress != nil {
				progress(w.Checked(), w.Lists())
			}
		}
	}
	v := w.View()
	if err := recon.SaveWatch(ctx, s.core.DB.DB, s.core.Workspace().ID, s.core.Now(), v); err != nil {
		return v, err
	}
	return v, nil
}

// PlanWatch is what a supplier watch from..to would spend: one paid call at least for each
// day list of a supplier state not stored yet (a long list has more pages).
func (s *Service) PlanWatch(ctx context.Context, from, to string) (core.CallPlan, error) {
	suppliers, err := s.Lookups.KnownSuppliers(ctx)
	if err != nil {
		return core.CallPlan{}, err
	}
	w, err := recon.NewWatch(from, to, suppliers, nil)
	if err != nil {
		return core.CallPlan{}, err
	}
	lk, err := s.Lookups.ForWorkspace(ctx)
	if err != nil {
		return core.CallPlan{}, err
	}
	calls, stored := 0, 0
	for _, day := range w.Days() {
		for _, st := range w.States() {
			if lk.ChangedStored(ctx, day.Format("02-01-2006"), st) {
				stored++
			} else {
				calls++
			}
		}
	}
	return s.core.PlanCalls(ctx, money.Count(w.Lists())+" day lists", calls, stored)
}

// StartWatch runs Watch as a job ("job:progress" per list fetched).
func (s *Service) StartWatch(ctx context.Context, from, to string) string {
	return core.StartJobSummarised(s.core, "recon:watch", func(ctx context.Context, progress core.Progress) (recon.WatchView, error) {
		return s.Watch(ctx, from, to, progress)
	}, func(v recon.WatchView) string {
		return fmt.Sprintf("%s suppliers, %s lists checked: %s changes, %s lists failed", money.Count(v.Suppliers), money.Count(v.Checked), money.Count(len(v.Alerts)), money.Count(len(v.Failed)))
	})
}

// LastWatch returns the workspace's last supplier watch and when it ran; ok is false when the
// supplier watch has not been run in this workspace.
func (s *Service) LastWatch(ctx context.Context) (v recon.WatchView, at time.Time, ok bool, err error) {
	return recon.LastWatch(ctx, s.core.DB.DB, s.core.Workspace().ID)
}

// WatchResult returns a finished supplier watch (what it checked when it was stopped).
func (s *Service) WatchResult(id string) (recon.WatchView, error) {
	v, err := core.JobResult[recon.WatchView](s.core, id)
	if err != nil && v.From != "" && apperr.KindOf(err) == apperr.Canceled {
		// What was checked before the stop is shown, and says it is partial.
		v.Stopped = fmt.Sprintf("%s Only %d list(s) were checked: the alerts cover those only.", s.core.Face().Public(err).Message, v.Checked)
		return v, nil
	}
	return v, err
}

// WatchExport writes a supplier watch's alerts as CSV, XLSX or JSON and returns the path.
func (s *Service) WatchExport(v recon.WatchView, format string) (string, error) {
	t := export.Table{Name: "Supplier watch", Columns: []export.Column{
		{Key: "gstin", Title: "Supplier GSTIN", Kind: export.Text},
		{Key: "name", Title: "Supplier", Kind: export.Text},
		{Key: "change", Title: "Change", Kind: export.Text},
		{Key: "date", Title: "Date", Kind: export.Date},
		{Key: "invoices_after", Title: "2A invoices after", Kind: export.Integer},
		{Key: "tax_after", Title: "Tax after", Kind: export.Money},
	}}
	for _, a := range v.Alerts {
		t.Rows = append(t.Rows, []any{a.GSTIN, a.Name, a.Label, recon.ShowDate(a.Date), len(a.After), a.TaxAfter})
	}
	return s.core.WriteExport(fmt.Sprintf("supplier-watch-%s-%s", v.From, v.To), format, t)
}

// runSummary words what a reconciliation run did, for the jobs panel: its months and rows.
func runSummary(r recon.Run) string {
	if r.ID == "" {
		return ""
	}
	parts := []string{period.LabelOf(r.FromPeriod) + " to " + period.LabelOf(r.ToPeriod)}
	for _, st := range recon.Statuses {
		if n := r.Counts[st]; n > 0 {
			parts = append(parts, money.Count(n)+" "+strings.ToLower(st.Label()))
		}
	}
	return strings.Join(parts, ", ")
}
