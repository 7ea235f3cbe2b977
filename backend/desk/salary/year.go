package salary

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/desk/core"
	"gstdesk/backend/export"
	"gstdesk/backend/infile"
	"gstdesk/backend/money"
	"gstdesk/backend/payroll"
	"gstdesk/backend/period"
	"gstdesk/backend/tds"
	"gstdesk/backend/tdsyear"
)

// TDSEmployerSet stores the employer of the workspace's TDS year ("FY 2025-26").
func (s *Service) TDSEmployerSet(ctx context.Context, fy period.FY, e tdsyear.Employer) (tdsyear.Employer, error) {
	year, err := yearOf(fy)
	if err != nil {
		return tdsyear.Employer{}, err
	}
	e.FY = year
	return tdsyear.SetEmployer(ctx, s.core.DB.DB, s.core.Workspace().ID, e, s.core.Now())
}

// TDSEmployer reads the employer of the workspace's TDS year.
func (s *Service) TDSEmployer(ctx context.Context, fy period.FY) (tdsyear.Employer, error) {
	year, err := yearOf(fy)
	if err != nil {
		return tdsyear.Employer{}, err
	}
	return tdsyear.GetEmployer(ctx, s.core.DB.DB, s.core.Workspace().ID, year)
}

// TDSMonthImportPath records a month of the TDS year from a file on this computer (CSV, XLSX or
// JSON) and computes its TDS; a month imported again replaces the stored one. A file with any
// problem stores nothing: the result lists every problem.
func (s *Service) TDSMonthImportPath(ctx context.Context, fy period.FY, month int, path string, acceptPANChange bool) (tdsyear.MonthResult, error) {
	data, err := readMonthPath(path)
	if err != nil {
		return tdsyear.MonthResult{}, err
	}
	return s.importMonth(ctx, fy, month, filepath.Base(path), data, tdsyear.Options{AcceptPANChange: acceptPANChange})
}

// TDSMonthPreviewPath is TDSMonthImportPath rolled back at the end (tdsyear.Options.DryRun):
// what recording the month would do (the diff against the month stored, the warnings, the
// problems, the totals) with nothing stored. The window shows it and asks before it replaces a
// month recorded earlier; the command line's --dry-run prints it.
func (s *Service) TDSMonthPreviewPath(ctx context.Context, fy period.FY, month int, path string, acceptPANChange bool) (tdsyear.MonthResult, error) {
	data, err := readMonthPath(path)
	if err != nil {
		return tdsyear.MonthResult{}, err
	}
	return s.previewMonth(ctx, fy, month, filepath.Base(path), data, acceptPANChange)
}

func (s *Service) previewMonth(ctx context.Context, fy period.FY, month int, name string, data []byte, acceptPANChange bool) (tdsyear.MonthResult, error) {
	return s.importMonth(ctx, fy, month, name, data, tdsyear.Options{AcceptPANChange: acceptPANChange, DryRun: true})
}

func readMonthPath(path string) ([]byte, error) {
	return infile.Read(path, payroll.DefaultLimits.MaxBytes, "Split the payroll into smaller files.")
}

func (s *Service) importMonth(ctx context.Context, fy period.FY, month int, name string, data []byte, opt tdsyear.Options) (tdsyear.MonthResult, error) {
	year, err := yearOf(fy)
	if err != nil {
		return tdsyear.MonthResult{}, err
	}
	if month < 1 || month > 12 {
		return tdsyear.MonthResult{}, apperr.New(apperr.Invalid, "The month must be 1 (January) to 12 (December), not %d.", month)
	}
	im, err := tdsyear.ReadFile(ctx, name, data, payroll.DefaultLimits)
	if err != nil {
		return tdsyear.MonthResult{}, err
	}
	opt.Now = s.core.Now()
	return tdsyear.ImportMonth(ctx, s.core.DB.DB, s.core.Workspace().ID, year, time.Month(month), im, opt)
}

// TDSMonthRegister reads a page of a month's register.
func (s *Service) TDSMonthRegister(ctx context.Context, fy period.FY, month int, q tdsyear.Query) (tdsyear.Register, error) {
	year, err := yearOf(fy)
	if err != nil {
		return tdsyear.Register{}, err
	}
	return tdsyear.MonthRegister(ctx, s.core.DB.DB, s.core.Workspace().ID, year, time.Month(month), q)
}

// TDSYearMonths lists the months of the TDS year recorded so far.
func (s *Service) TDSYearMonths(ctx context.Context, fy period.FY) ([]tdsyear.Month, error) {
	year, err := yearOf(fy)
	if err != nil {
		return nil, err
	}
	return tdsyear.Months(ctx, s.core.DB.DB, s.core.Workspace().ID, year)
}

// TDSYearToDate reads every employee's year so far, or one employee's (code).
func (s *Service) TDSYearToDate(ctx context.Context, fy period.FY, code string) ([]tdsyear.YTD, error) {
	year, err := yearOf(fy)
	if err != nil {
		return nil, err
	}
	return tdsyear.YearToDate(ctx, s.core.DB.DB, s.core.Workspace().ID, year, code)
}

// TDSEmployeeMonths reads one employee's months of the year.
func (s *Service) TDSEmployeeMonths(ctx context.Context, fy period.FY, code string) ([]tdsyear.RegisterRow, error) {
	year, err := yearOf(fy)
	if err != nil {
		return nil, err
	}
	return tdsyear.EmployeeMonths(ctx, s.core.DB.DB, s.core.Workspace().ID, year, code)
}

// HRA works out the HRA exemption from the rent paid, the salary (basic + DA) and the HRA
// received for one period, and the city, with the year's city rule: the one road of the helper,
// whether the window asks (TDSHRA) or the command line (it needs no data folder).
func HRA(fy period.FY, rent, salary, received, city string) (tds.HRA, error) {
	year, err := yearOf(fy)
	if err != nil {
		return tds.HRA{}, err
	}
	var amounts [3]money.Paise
	for i, a := range []struct{ name, v string }{{"rent paid", rent}, {"salary (basic + DA)", salary}, {"HRA received", received}} {
		p, err := tds.ParseAmount(a.v)
		if err != nil || strings.TrimSpace(a.v) == "" {
			return tds.HRA{}, apperr.New(apperr.Invalid, "The %s must be an amount in rupees, like 25000, not %q.", a.name, a.v)
		}
		amounts[i] = p
	}
	return tds.HRAExemption(year, amounts[0], amounts[1], amounts[2], city)
}

// TDSHRA is HRA for the window.
func (s *Service) TDSHRA(fy period.FY, rent, salary, received, city string) (tds.HRA, error) {
	return HRA(fy, rent, salary, received, city)
}

// TDSAnnexureTo writes the salary annexure of the TDS year (json or xlsx) to w: the Form 24Q
// Annexure II salary-detail sheet for FY 2025-26 and before, the same data under the Form 138
// name for tax year 2026-27 (saying that the service's Form 138 workbook has no salary sheet).
func (s *Service) TDSAnnexureTo(ctx context.Context, fy period.FY, format string, w io.Writer) error {
	a, err := s.annexure(ctx, fy)
	if err != nil {
		return err
	}
	switch format {
	case "json", "":
		return a.WriteJSON(w)
	case "xlsx":
		return a.WriteXLSX(w)
	}
	return apperr.New(apperr.Invalid, "The annexure is written as json or xlsx, not %q.", format)
}

// TDSAnnexure writes the salary annexure to the exports folder and returns its path.
func (s *Service) TDSAnnexure(ctx context.Context, fy period.FY, format string) (string, error) {
	if format != "json" && format != "xlsx" {
		return "", apperr.New(apperr.Invalid, "The annexure is written as json or xlsx, not %q.", format)
	}
	a, err := s.annexure(ctx, fy)
	if err != nil {
		return "", err
	}
	write := a.WriteJSON
	if format == "xlsx" {
		write = a.WriteXLSX
	}
	return s.writeFile("tds-annexure-form"+a.Form+"-"+a.FY.String()[3:], format, write)
}

func (s *Service) annexure(ctx context.Context, fy period.FY) (tdsyear.Annexure, error) {
	year, err := yearOf(fy)
	if err != nil {
		return tdsyear.Annexure{}, err
	}
	emp, err := tdsyear.GetEmployer(ctx, s.core.DB.DB, s.core.Workspace().ID, year)
	if err != nil {
		return tdsyear.Annexure{}, err
	}
	rows, err := tdsyear.Year(ctx, s.core.DB.DB, s.core.Workspace().ID, year, "")
	if err != nil {
		return tdsyear.Annexure{}, err
	}
	if len(rows) == 0 {
		return tdsyear.Annexure{}, apperr.New(apperr.NotFound, "No month of %s is recorded: import the months first.", year)
	}
	return tdsyear.BuildAnnexure(year, emp, rows), nil
}

// TDSFormsWrite makes the year-end forms of every employee of the TDS year (code "") or one:
// Form 16 Part B (FY 2025-26 and before) or Form No. 130 (tax year 2026-27), and Form 12BA / Form
// No. 123 where there are perquisites, each as PDF and XLSX with the same content. put writes one
// file (its name with the extension) and returns where it went.
func (s *Service) TDSFormsWrite(ctx context.Context, fy period.FY, code string, put func(name string, write func(io.Writer) error) (string, error)) ([]string, error) {
	files, err := s.formsWrite(ctx, fy, code, put, nil)
	return formPaths(files), err
}

// FormFile is one file of the year-end forms written, and whose it is.
type FormFile struct {
	Path     string `json:"written"`
	Form     string `json:"form"` // form16b, form130, form12ba, form123
	Employee string `json:"employee"`
	PAN      string `json:"pan"`
}

// TDSFormsWriteFiles is TDSFormsWrite saying, for each file, the form and the employee (code and
// PAN) it is for.
func (s *Service) TDSFormsWriteFiles(ctx context.Context, fy period.FY, code string, put func(name string, write func(io.Writer) error) (string, error)) ([]FormFile, error) {
	return s.formsWrite(ctx, fy, code, put, nil)
}

// formRenames says, for each file folder wrote under another name than the one asked, whose it is
// and the name it has.
func formRenames(folder *export.Folder, files []FormFile) []string {
	out := []string{}
	for _, r := range folder.Renamed {
		for _, f := range files {
			if filepath.Base(f.Path) == r.Written {
				out = append(out, fmt.Sprintf("%s (employee %s, PAN %s) written as %s", r.Asked, f.Employee, f.PAN, r.Written))
			}
		}
	}
	return out
}

func formPaths(files []FormFile) []string {
	out := make([]string, len(files))
	for i, f := range files {
		out[i] = f.Path
	}
	return out
}

// formsWrite is TDSFormsWrite reporting progress (employees done of all) when progress is set.
func (s *Service) formsWrite(ctx context.Context, fy period.FY, code string, put func(name string, write func(io.Writer) error) (string, error), progress core.Progress) ([]FormFile, error) {
	year, err := yearOf(fy)
	if err != nil {
		return nil, err
	}
	emp, err := tdsyear.GetEmployer(ctx, s.core.DB.DB, s.core.Workspace().ID, year)
	if err != nil {
		return nil, err
	}
	rows, err := tdsyear.Year(ctx, s.core.DB.DB, s.core.Workspace().ID, year, code)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		if code != "" {
			return nil, tdsyear.NotRecorded(year, code)
		}
		return nil, apperr.New(apperr.NotFound, "No month of %s is recorded: import the months first.", year)
	}
	made := s.core.Now()
	// Every file's name is checked before any is written: an employee code that cannot make a
	// file name (300 characters, say) stops the forms with nothing half written.
	all := make([][]tdsyear.Cert, len(rows))
	for i := range rows {
		certs, err := tdsyear.Certificates(year, emp, &rows[i])
		if err != nil {
			return nil, err
		}
		for j := range certs {
			for _, ext := range []string{".pdf", ".xlsx"} {
				if err := export.CheckFileName(certs[j].FileBase + ext); err != nil {
					return nil, apperr.New(apperr.Invalid, "The forms of employee %.60s cannot be written: %v. Nothing was written; give the employee a shorter code.", rows[i].Employee.Code, err)
				}
			}
		}
		all[i] = certs
	}
	var out []FormFile
	for i := range rows {
		if err := ctx.Err(); err != nil {
			return out, apperr.Wrap(apperr.Canceled, err, "Writing the forms was cancelled after %d file(s).", len(out))
		}
		certs := all[i]
		for j := range certs {
			c := &certs[j]
			file := func(p string) FormFile { return FormFile{Path: p, Form: c.Kind, Employee: c.Employee, PAN: c.PAN} }
			p, err := put(c.FileBase+".pdf", func(w io.Writer) error { return c.WritePDF(w, made) })
			if err != nil {
				return out, err
			}
			out = append(out, file(p))
			if p, err = put(c.FileBase+".xlsx", c.WriteXLSX); err != nil {
				return out, err
			}
			out = append(out, file(p))
		}
		if progress != nil {
			progress(i+1, len(rows))
		}
	}
	return out, nil
}

// TDSForms writes the year-end forms (every employee, or one by code) to the exports folder and
// returns the files' paths: many files at once, so the window never asks where to save each.
func (s *Service) TDSForms(ctx context.Context, fy period.FY, code string) ([]string, error) {
	return s.TDSFormsWrite(ctx, fy, code, func(name string, write func(io.Writer) error) (string, error) {
		ext := filepath.Ext(name)
		return s.core.WriteExportFileInFolder(strings.TrimSuffix(name, ext), export.Format(strings.TrimPrefix(ext, ".")), write)
	})
}

// TDSFormsDone is what a forms job wrote: the folder in the exports folder and its files.
type TDSFormsDone struct {
	Folder    string   `json:"folder"`
	Files     []string `json:"files"`
	Employees int      `json:"employees"`
	// Renamed says each file written under another name than its own, because another
	// employee's form took that name ("Form16-PartB-A_B-2025-26.pdf (employee A/B, PAN
	// ABCPA1111F) written as ...-2.pdf").
	Renamed []string `json:"renamed"`
}

// TDSStartForms writes the year-end forms of every employee (code "") or one as a job, into a new
// folder of the exports folder (the command line's "tds forms --out DIR" with DIR that folder).
// Cancelling stops after the employee being written; the files written so far stay, named in the
// job's error.
func (s *Service) TDSStartForms(ctx context.Context, fy period.FY, code string) (string, error) {
	year, err := yearOf(fy)
	if err != nil {
		return "", err
	}
	if _, err := tdsyear.GetEmployer(ctx, s.core.DB.DB, s.core.Workspace().ID, year); err != nil {
		return "", err
	}
	base := "tds-forms-" + strings.ReplaceAll(year.String()[3:], " ", "")
	if code != "" {
		base += "-" + code
	}
	id := core.StartJobSummarised(s.core, "tds:forms", func(ctx context.Context, progress core.Progress) (TDSFormsDone, error) {
		dir, err := s.core.NewExportFolder(base)
		if err != nil {
			return TDSFormsDone{}, err
		}
		out := TDSFormsDone{Folder: dir, Files: []string{}, Renamed: []string{}}
		// One export.Folder: two employees whose codes make one file name are written apart.
		folder, err := export.OpenFolder(dir, false, 0o600)
		if err != nil {
			return out, apperr.Wrap(apperr.Internal, err, "could not open %s", dir)
		}
		files, err := s.formsWrite(ctx, fy, code, func(name string, write func(io.Writer) error) (string, error) {
			p, err := folder.Write(name, write)
			if err != nil {
				return "", apperr.Wrap(apperr.Internal, err, "could not write %s", name)
			}
			return p, nil
		}, func(done, total int) { out.Employees = done; progress(done, total) })
		out.Files = append(out.Files, formPaths(files)...)
		out.Renamed = formRenames(folder, files)
		if err != nil && apperr.KindOf(err) == apperr.Canceled {
			return out, apperr.Wrap(apperr.Canceled, err, "Writing the forms was cancelled after %d employee(s): the %d file(s) written so far are in %s.", out.Employees, len(out.Files), dir)
		}
		return out, err
	}, func(d TDSFormsDone) string {
		if d.Folder == "" {
			return ""
		}
		sum := fmt.Sprintf("%s: forms of %d employee(s), %d file(s)", year, d.Employees, len(d.Files))
		if len(d.Renamed) > 0 {
			sum += fmt.Sprintf("; %d written under another name: %s", len(d.Renamed), strings.Join(d.Renamed, "; "))
		}
		return sum
	})
	return id, nil
}

// TDSFormsResult returns what a finished TDSStartForms job wrote.
func (s *Service) TDSFormsResult(id string) (TDSFormsDone, error) {
	return core.JobResult[TDSFormsDone](s.core, id)
}

// monthColumnWords describe the month file's own columns (tdsyear.Columns) in the template.
var monthColumnWords = map[string][2]string{ // key: description, example
	tdsyear.ColDeducted:    {"TDS actually deducted from the employee in this month, whole rupees. Leave blank when not yet deducted: gstdesk's figure then counts as deducted for the later months.", ""},
	tdsyear.ColOneOff:      {"Salary u/s 17(1) paid once in this month (bonus, arrears), not repeated in the projection of the year; negative for a recovery of salary paid earlier in the year.", "0"},
	tdsyear.ColJoined:      {"Date of joining, DD/MM/YYYY, for an employee who joined during the year.", ""},
	tdsyear.ColLeft:        {"Date of leaving, DD/MM/YYYY: the year's TDS is spread up to that month.", ""},
	tdsyear.ColRent:        {"Rent paid for the month (HRA helper): with HRA received, Basic + DA and City, the HRA exemption is worked out (the least of the three) in place of the HRA exemption column.", ""},
	tdsyear.ColHRAReceived: {"HRA received in the month (HRA helper).", ""},
	tdsyear.ColBasicDA:     {"Salary for the HRA rule: basic + DA of the month (HRA helper).", ""},
	tdsyear.ColCity:        {"The city the employee lives in (HRA helper): 50% of salary in the year's listed cities, 40% elsewhere.", ""},
}

// MonthTemplate writes the XLSX template of a month file of the TDS year: the payroll template's
// columns with the amounts PAID IN THE MONTH for the paid items (the declarations stay the year's),
// without the year's "TDS deducted so far" (worked out from the months recorded), and with the
// month file's own columns. The one road of the template, for the window (TDSMonthTemplate) and
// the command line (it needs no data folder).
func MonthTemplate(w io.Writer) error {
	extra := make([]payroll.Target, 0, len(tdsyear.Columns))
	for _, c := range tdsyear.Columns {
		words := monthColumnWords[c.Key]
		extra = append(extra, payroll.Target{Key: c.Key, Title: c.Title, Description: words[0], Example: words[1]})
	}
	monthly := map[string]string{}
	for f, v := range map[tds.Field]string{tds.Salary17_1: "100000", tds.Perquisites17_2: "0", tds.Profits17_3: "0", tds.Entertainment16ii: "0", tds.ProfessionalTax16iii: "200"} {
		monthly[f.Key()] = v
	}
	return payroll.TemplateWith(w, payroll.TemplateOptions{Drop: []string{payroll.ColDeducted}, Extra: extra, Examples: monthly})
}

// TDSMonthTemplate writes the month file's template to the exports folder and returns its path.
func (s *Service) TDSMonthTemplate() (string, error) {
	return s.writeFile("tds-month-template", "xlsx", MonthTemplate)
}

// TDSRegisterTo writes a month's register (the query's filter applied, every row) to w as json
// (one line per employee, the register row the window shows), csv or xlsx (the register table),
// row by row as it is read: the one road of the register's export, for the window
// (TDSRegisterExport) and the command line ("tds month --format").
func (s *Service) TDSRegisterTo(ctx context.Context, fy period.FY, month int, q tdsyear.Query, f export.Format, w io.Writer) (tdsyear.Register, error) {
	year, err := yearOf(fy)
	if err != nil {
		return tdsyear.Register{}, err
	}
	return tdsyear.WriteRegister(ctx, s.core.DB.DB, s.core.Workspace().ID, year, time.Month(month), q, f, w)
}

// TDSRegisterExport writes a month's register (the query's filter applied, every page) as csv,
// xlsx or json to the exports folder and returns its path: the file the command line's
// "tds month --format F --out FILE" writes (TDSRegisterTo).
func (s *Service) TDSRegisterExport(ctx context.Context, fy period.FY, month int, q tdsyear.Query, format string) (string, error) {
	f, err := export.ParseFormat(format)
	if err != nil {
		return "", err
	}
	head, err := s.TDSMonthRegister(ctx, fy, month, tdsyear.Query{Limit: 1})
	if err != nil {
		return "", err
	}
	if head.Total == 0 {
		return "", apperr.New(apperr.NotFound, "%s is not recorded: import the month first.", head.MonthLabel)
	}
	return s.core.WriteExportFile("tds-register-"+strings.ReplaceAll(head.MonthLabel, " ", "-"), f, func(w io.Writer) error {
		_, err := s.TDSRegisterTo(ctx, fy, month, q, f, w)
		return err
	})
}

// yearOf refuses a financial year the salary TDS engine has no rule table for (the faces parse
// what a person writes with tds.ParseFY, which says the same).
func yearOf(fy period.FY) (period.FY, error) {
	if _, ok := tds.RulesFor(fy); !ok {
		return 0, apperr.New(apperr.Invalid, "gstdesk computes salary TDS for %s, not %s.", tds.SupportedList(), fy)
	}
	return fy, nil
}
