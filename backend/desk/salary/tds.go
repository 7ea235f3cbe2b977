// Package salary is the area service for salary TDS: payroll files imported and mapped, runs
// computed and stored, computation sheets, comparisons, cross-checks and exports.
package salary

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"sync"
	"time"

	"github.com/google/uuid"

	"gstdesk/backend/apperr"
	"gstdesk/backend/desk/core"
	"gstdesk/backend/export"
	"gstdesk/backend/gstapi"
	"gstdesk/backend/infile"
	"gstdesk/backend/money"
	"gstdesk/backend/payroll"
	"gstdesk/backend/period"
	"gstdesk/backend/tds"
)

// TDSImport is a payroll file read and checked, waiting for the user to confirm the mapping and
// start the run: Token names it in the next calls.
type TDSImport struct {
	Token        string            `json:"token"`
	File         string            `json:"file"`
	Format       string            `json:"format"`
	Sheet        string            `json:"sheet"`
	Hash         string            `json:"hash"`
	Size         int64             `json:"size"`
	Columns      []payroll.Match   `json:"columns"`
	Missing      []string          `json:"missing"`
	Problems     []payroll.Problem `json:"problems"`
	ProblemCount int               `json:"problem_count"`
	BadRows      int               `json:"bad_rows"`
	Rows         int               `json:"rows"`
	Warnings     []string          `json:"warnings"`
	Employees    int               `json:"employees"` // good rows, ready to compute
}

func importView(token string, im *payroll.Import) TDSImport {
	nz := func(s []string) []string {
		if s == nil {
			return []string{}
		}
		return s
	}
	v := TDSImport{Token: token, File: im.File, Format: string(im.Format), Sheet: im.Sheet, Hash: im.Hash, Size: im.Size,
		Columns: im.Columns, Missing: nz(im.Missing), Problems: im.Problems, ProblemCount: im.ProblemCount, BadRows: im.BadRows,
		Rows: im.Rows, Warnings: nz(im.Warnings), Employees: im.Good}
	if v.Columns == nil {
		v.Columns = []payroll.Match{}
	}
	if v.Problems == nil {
		v.Problems = []payroll.Problem{}
	}
	return v
}

// TDSSheet is one employee's computation sheet with the stored remote checks.
type TDSSheet struct {
	Run    payroll.Run     `json:"run"`
	Seq    int             `json:"seq"`
	Sheet  payroll.Sheet   `json:"sheet"`
	Checks []payroll.Check `json:"checks"`
}

// MappingSetting is the workspace setting holding the user's confirmed header mapping.
const MappingSetting = "payroll_mapping"

// pendingImport is a file read but not yet run: its bytes, how it was read (the mapping) and what
// the reading found (counts, problems: no employee is kept, the run reads the file again with the
// same options and computes and stores each employee as it is read).
type pendingImport struct {
	name string
	data []byte
	opt  payroll.Options
	im   *payroll.Import
	at   time.Time
}

// tdsState is the payroll screens' state: the imports waiting for confirmation.
type tdsState struct {
	mu      sync.Mutex
	pending map[string]*pendingImport
	// calc, when set (tests), replaces the remote calculator.
	calc payroll.Calculator
}

// Service is the salary TDS area over the shared core.
type Service struct {
	core  *core.Core
	state tdsState
}

// New returns the salary TDS service over c.
func New(c *core.Core) *Service {
	return &Service{core: c, state: tdsState{pending: map[string]*pendingImport{}}}
}

func (s *Service) tds() *tdsState { return &s.state }

// maxPending is how many imports wait for confirmation at once; older ones are dropped.
const maxPending = 3

// TDSTargets lists the columns gstdesk reads from a payroll sheet, for the mapping screen.
func (s *Service) TDSTargets() []payroll.Target { return payroll.Targets() }

func (s *Service) savedMapping(ctx context.Context) payroll.Mapping {
	v, err := s.core.DB.Setting(ctx, s.core.Workspace().ID, MappingSetting, "")
	if err != nil || v == "" {
		return nil
	}
	var m payroll.Mapping
	if json.Unmarshal([]byte(v), &m) != nil {
		return nil
	}
	return m
}

// readImport reads a file with a mapping (nil: the workspace's saved one plus suggestions).
// readImport reads a file with a mapping (nil: the workspace's saved one plus suggestions),
// counting its employees and problems without keeping the employees; opt is how it was read.
func (s *Service) readImport(ctx context.Context, name string, data []byte, m payroll.Mapping) (*payroll.Import, payroll.Options, error) {
	opt := payroll.Options{Mapping: m}
	if m == nil {
		if saved := s.savedMapping(ctx); saved != nil {
			// The saved mapping seeds the suggestion; Suggest fills in the rest.
			opt.Mapping = saved
		}
	}
	im, err := countImport(ctx, name, data, opt)
	if err != nil && opt.Mapping != nil && m == nil {
		// A saved mapping that no longer fits this file (say two headers now claim a key) is
		// dropped in favour of fresh suggestions.
		opt = payroll.Options{}
		im, err = countImport(ctx, name, data, opt)
	}
	return im, opt, err
}

// countImport reads a payroll for its counts and problems, holding one employee at a time.
func countImport(ctx context.Context, name string, data []byte, opt payroll.Options) (*payroll.Import, error) {
	opt.Each = func(*payroll.Employee) error { return nil }
	return payroll.Read(ctx, name, bytes.NewReader(data), int64(len(data)), opt)
}

func (s *Service) keepImport(name string, data []byte, opt payroll.Options, im *payroll.Import) TDSImport {
	st := s.tds()
	st.mu.Lock()
	defer st.mu.Unlock()
	for len(st.pending) >= maxPending {
		var oldest string
		for k, p := range st.pending {
			if oldest == "" || p.at.Before(st.pending[oldest].at) {
				oldest = k
			}
		}
		delete(st.pending, oldest)
	}
	tok := uuid.NewString()
	st.pending[tok] = &pendingImport{name: name, data: data, opt: opt, im: im, at: s.core.Now()}
	return importView(tok, im)
}

// TDSImportPath reads a payroll file from its path (chosen in the window's Open dialog, typed or
// pasted, or given to the command line): JSON workbooks, CSV or XLSX. Nothing is stored: the
// answer shows the mapping and every problem.
func (s *Service) TDSImportPath(ctx context.Context, path string) (TDSImport, error) {
	data, err := infile.Read(path, payroll.DefaultLimits.MaxBytes, "Split the payroll into smaller files.")
	if err != nil {
		return TDSImport{}, err
	}
	im, opt, err := s.readImport(ctx, filepath.Base(path), data, nil)
	if err != nil {
		return TDSImport{}, err
	}
	return s.keepImport(filepath.Base(path), data, opt, im), nil
}

// TDSImportExample reads the template filled with five demo employees, to try the screen.
func (s *Service) TDSImportExample(ctx context.Context) (TDSImport, error) {
	var b bytes.Buffer
	if err := payroll.Template(&b, true); err != nil {
		return TDSImport{}, apperr.Wrap(apperr.Internal, err, "could not make the example")
	}
	const name = "payroll-template-example.xlsx"
	im, err := countImport(ctx, name, b.Bytes(), payroll.Options{})
	if err != nil {
		return TDSImport{}, err
	}
	return s.keepImport(name, b.Bytes(), payroll.Options{}, im), nil
}

func (s *Service) pendingImport(token string) (*pendingImport, error) {
	st := s.tds()
	st.mu.Lock()
	defer st.mu.Unlock()
	p := st.pending[token]
	if p == nil {
		return nil, apperr.New(apperr.NotFound, "That import is no longer open: import the file again.")
	}
	return p, nil
}

// TDSRemap reads a waiting import again with the mapping the user chose (header to column key,
// "" to ignore a column).
func (s *Service) TDSRemap(ctx context.Context, token string, mapping map[string]string) (TDSImport, error) {
	p, err := s.pendingImport(token)
	if err != nil {
		return TDSImport{}, err
	}
	if mapping == nil {
		mapping = map[string]string{}
	}
	opt := payroll.Options{Mapping: mapping}
	im, err := countImport(ctx, p.name, p.data, opt)
	if err != nil {
		return TDSImport{}, err
	}
	st := s.tds()
	st.mu.Lock()
	p.im, p.opt = im, opt
	st.mu.Unlock()
	return importView(token, im), nil
}

// TDSStartRun computes a waiting import for a financial year ("FY 2025-26") and stores it as a
// run, as a job (progress and cancel through the job events). month (1-12) starts the monthly
// schedule, 0 for none. When rows have problems the run starts only with skipBad, and those rows
// are left out. The confirmed mapping is saved for the workspace. The job's result is the run.
func (s *Service) TDSStartRun(ctx context.Context, token string, fy period.FY, month int, skipBad bool) (string, error) {
	p, err := s.pendingImport(token)
	if err != nil {
		return "", err
	}
	year, err := yearOf(fy)
	if err != nil {
		return "", err
	}
	if month < 0 || month > 12 {
		return "", apperr.New(apperr.Invalid, "The month must be 1 to 12, or none.")
	}
	st := s.tds()
	st.mu.Lock()
	im, opt := p.im, p.opt // as the preview read it (a remap after this start does not change this run)
	st.mu.Unlock()
	if im.HeaderProblems > 0 {
		return "", apperr.New(apperr.Invalid, "%s: fix the columns first (map them again, or fix the file and import it again): %s", im.File, im.Problems[0].String())
	}
	if im.BadRows > 0 && !skipBad {
		return "", apperr.New(apperr.Invalid, "%d rows of %s have problems: fix them and import again, or choose to leave those rows out.", im.BadRows, im.File)
	}
	if im.Good == 0 {
		return "", apperr.New(apperr.Invalid, "%s has no employee without problems: fix the file and import it again.", im.File)
	}
	if im.Format != payroll.JSON {
		if b, err := json.Marshal(payroll.MappingOf(im.Columns)); err == nil {
			s.core.DB.SetSetting(ctx, s.core.Workspace().ID, MappingSetting, string(b))
		}
	}
	ws := s.core.Workspace().ID
	id := core.StartJobSummarised(s.core, "tds:run", func(ctx context.Context, progress core.Progress) (payroll.Run, error) {
		// The file is read again as it was read for the preview (same bytes, same options), and
		// each employee computed and stored as it is read: one employee held at a time.
		read := func(each func(*payroll.Employee) error) error {
			opt.Each = each
			_, err := payroll.Read(ctx, p.name, bytes.NewReader(p.data), int64(len(p.data)), opt)
			return err
		}
		run, err := payroll.ComputeAndSaveRun(ctx, s.core.DB.DB, payroll.Run{WorkspaceID: ws, FY: year, Month: month, SourceName: im.File, SourceHash: im.Hash,
			SourceFormat: im.Format, SourceRows: im.Rows, SkippedRows: im.BadRows, CreatedAt: s.core.Now()}, im.Good, read, func(done, total int) { progress(done, total) })
		if err != nil {
			return payroll.Run{}, err
		}
		st := s.tds()
		st.mu.Lock()
		delete(st.pending, token)
		st.mu.Unlock()
		return run, nil
	}, func(r payroll.Run) string {
		if r.ID == "" {
			return ""
		}
		return fmt.Sprintf("%s: %s employees, TDS for the year ₹%s", r.FYLabel, money.Count(r.Totals.Employees), money.Count(int(r.Totals.TDS)))
	})
	return id, nil
}

// TDSRunResult returns the run a finished TDSStartRun job stored.
func (s *Service) TDSRunResult(id string) (payroll.Run, error) {
	return core.JobResult[payroll.Run](s.core, id)
}

// TDSRuns lists the current workspace's runs, newest first.
func (s *Service) TDSRuns(ctx context.Context) ([]payroll.Run, error) {
	return payroll.Runs(ctx, s.core.DB.DB, s.core.Workspace().ID)
}

// TDSRun returns one run of the current workspace.
func (s *Service) TDSRun(ctx context.Context, id string) (payroll.Run, error) {
	run, err := payroll.GetRun(ctx, s.core.DB.DB, id)
	if err == nil && run.WorkspaceID != s.core.Workspace().ID {
		// Another client's payroll is never read here, even when asked for by id.
		return payroll.Run{}, apperr.New(apperr.NotFound, "There is no payroll run %q in this workspace.", id)
	}
	return run, err
}

// TDSDeleteRun removes a run.
func (s *Service) TDSDeleteRun(ctx context.Context, id string) error {
	if _, err := s.TDSRun(ctx, id); err != nil {
		return err
	}
	return payroll.DeleteRun(ctx, s.core.DB.DB, id)
}

// TDSRows returns a page of a run's table.
func (s *Service) TDSRows(ctx context.Context, id string, q payroll.Query) (payroll.Page, error) {
	if _, err := s.TDSRun(ctx, id); err != nil {
		return payroll.Page{}, err
	}
	return payroll.Rows(ctx, s.core.DB.DB, id, q)
}

// TDSSheet returns an employee's computation sheet (both regimes, the schedule) with the remote
// checks stored for them.
func (s *Service) TDSSheet(ctx context.Context, id string, seq int) (TDSSheet, error) {
	run, err := s.TDSRun(ctx, id)
	if err != nil {
		return TDSSheet{}, err
	}
	emps, _, err := payroll.Employees(ctx, s.core.DB.DB, id, seq)
	if err != nil {
		return TDSSheet{}, err
	}
	sh, err := payroll.Explain(emps[0], run.FY, run.Month)
	if err != nil {
		return TDSSheet{}, err
	}
	checks, err := payroll.Checks(ctx, s.core.DB.DB, id, seq)
	if err != nil {
		return TDSSheet{}, err
	}
	return TDSSheet{Run: run, Seq: seq, Sheet: sh, Checks: checks}, nil
}

// TDSCompare sets run to against the earlier run from.
func (s *Service) TDSCompare(ctx context.Context, from, to string) (payroll.Comparison, error) {
	for _, id := range []string{from, to} {
		if _, err := s.TDSRun(ctx, id); err != nil {
			return payroll.Comparison{}, err
		}
	}
	return payroll.Compare(ctx, s.core.DB.DB, from, to)
}

// TDSExport writes the run's table as the user sees it (filter applied) in csv, xlsx or json.
func (s *Service) TDSExport(ctx context.Context, id string, q payroll.Query, format string) (string, error) {
	run, err := s.TDSRun(ctx, id)
	if err != nil {
		return "", err
	}
	rows, cols, err := payroll.AllRows(ctx, s.core.DB.DB, id, q)
	if err != nil {
		return "", err
	}
	return s.core.WriteExport("payroll-tds-"+run.FY.String()[3:], format, payroll.SummaryTable(cols, rows))
}

// TDSExportFull writes one row per employee with every input item and both regimes' five figures
// (the command line's batch table; it imports again as it is).
func (s *Service) TDSExportFull(ctx context.Context, id, format string) (string, error) {
	run, emps, results, err := s.runInputs(ctx, id)
	if err != nil {
		return "", err
	}
	return s.core.WriteExport("payroll-tds-full-"+run.FY.String()[3:], format, payroll.FullTable(emps, results))
}

func (s *Service) runInputs(ctx context.Context, id string) (payroll.Run, []payroll.Employee, []tds.Result, error) {
	run, err := s.TDSRun(ctx, id)
	if err != nil {
		return run, nil, nil, err
	}
	emps, _, err := payroll.Employees(ctx, s.core.DB.DB, id)
	if err != nil {
		return run, nil, nil, err
	}
	results, err := payroll.Compute(ctx, emps, run.FY, nil)
	return run, emps, results, err
}

// TDSExportWorkbooks writes every employee's response workbook exactly as the remote calculator
// returns it, as a JSON array in the run's order.
func (s *Service) TDSExportWorkbooks(ctx context.Context, id string) (string, error) {
	run, emps, results, err := s.runInputs(ctx, id)
	if err != nil {
		return "", err
	}
	return s.writeFile("payroll-tds-workbooks-"+run.FY.String()[3:], "json", func(w io.Writer) error {
		bw := bufio.NewWriter(w)
		bw.WriteString("[")
		for i := range emps {
			if i > 0 {
				bw.WriteString(",")
			}
			bw.WriteString("\n")
			b, err := emps[i].Response(results[i]).MarshalJSON()
			if err != nil {
				return err
			}
			bw.Write(b)
		}
		bw.WriteString("\n]\n")
		return bw.Flush()
	})
}

// TDSExportSheet writes an employee's computation sheet as printable HTML ("html") or XLSX.
func (s *Service) TDSExportSheet(ctx context.Context, id string, seq int, format string) (string, error) {
	sh, err := s.TDSSheet(ctx, id, seq)
	if err != nil {
		return "", err
	}
	base := "tds-computation-" + sh.Sheet.Title()
	switch format {
	case "html":
		return s.writeFile(base, "html", sh.Sheet.WriteHTML)
	case "xlsx":
		return s.writeFile(base, "xlsx", sh.Sheet.WriteXLSX)
	}
	return "", apperr.New(apperr.Invalid, "A computation sheet is written as html or xlsx, not %q.", format)
}

// TDSTemplate writes the XLSX payroll template (every column described, one example row) to the
// exports folder and returns its path.
func (s *Service) TDSTemplate() (string, error) {
	return s.writeFile("payroll-template", "xlsx", func(w io.Writer) error { return payroll.Template(w, false) })
}

// writeFile writes a new file in the exports folder (whole or not at all) and returns its path.
func (s *Service) writeFile(base, ext string, write func(io.Writer) error) (string, error) {
	return s.core.WriteExportFile(base, export.Format(ext), write)
}

// TDSCrossCheck sends chosen employees of a run to the remote calculator (4.8), stores each
// answer with its transaction id and returns the differences from gstdesk's computation.
func (s *Service) TDSCrossCheck(ctx context.Context, id string, seqs []int) ([]payroll.Check, error) {
	if _, err := s.TDSRun(ctx, id); err != nil {
		return nil, err
	}
	calc := s.tds().calc
	if calc == nil {
		client, err := s.core.Client(ctx)
		if err != nil {
			return nil, err
		}
		remote := remoteCalculator(client)
		calc = func(ctx context.Context, fy string, req json.RawMessage) (string, json.RawMessage, error) {
			start := s.core.Now()
			txn, resp, err := remote(ctx, fy, req)
			s.core.Audit(ctx, "tds_salary_calculator", fy, start, txn, err)
			return txn, resp, err
		}
	}
	return payroll.CrossCheck(ctx, s.core.DB.DB, s.core.Now, id, seqs, calc, nil)
}

// remoteCalculator adapts the API client to payroll.Calculator.
func remoteCalculator(c *gstapi.Client) payroll.Calculator {
	return func(ctx context.Context, fy string, req json.RawMessage) (string, json.RawMessage, error) {
		r, err := c.SalaryTDS(ctx, fy, req)
		if err != nil {
			return "", nil, err
		}
		return r.TransactionID, r.Workbook, nil
	}
}

// Compute computes TDS for every employee of an import for a financial year, both regimes: the
// one road of a payroll computation, whether the window stores it as a run or the command line
// prints it. It needs no data folder, so tds calc opens none.
func Compute(ctx context.Context, emps []payroll.Employee, fy tds.FY, progress payroll.Progress) ([]tds.Result, error) {
	return payroll.Compute(ctx, emps, fy, progress)
}
