package salary

import (
	"context"
	"encoding/base64"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"gstdesk/backend/apperr"
	"gstdesk/backend/export"
	"gstdesk/backend/money"
	"gstdesk/backend/payroll"
	"gstdesk/backend/tds"
	"gstdesk/backend/tdsyear"
)

// Types of the TDS year, as the UI sees them.
type (
	// TDSEmployer is the deductor of a TDS year.
	TDSEmployer = tdsyear.Employer
	// TDSMonthResult is what importing a month did: totals, the diff, warnings and problems.
	TDSMonthResult = tdsyear.MonthResult
	// TDSRegister is a page of a month's register.
	TDSRegister = tdsyear.Register
	// TDSRegisterQuery selects and pages a month's register.
	TDSRegisterQuery = tdsyear.Query
	// TDSYearMonth is a month of the year as recorded.
	TDSYearMonth = tdsyear.Month
	// TDSYTD is an employee's year so far.
	TDSYTD = tdsyear.YTD
	// TDSRegisterRow is one employee's month.
	TDSRegisterRow = tdsyear.RegisterRow
)

// TDSEmployerSet stores the employer of the workspace's TDS year ("FY 2025-26").
func (s *Service) TDSEmployerSet(ctx context.Context, fy string, e TDSEmployer) (TDSEmployer, error) {
	year, err := tds.ParseFY(fy)
	if err != nil {
		return TDSEmployer{}, err
	}
	e.FY = year
	return tdsyear.SetEmployer(ctx, s.DB.DB, s.Workspace().ID, e, s.Now())
}

// TDSEmployer reads the employer of the workspace's TDS year.
func (s *Service) TDSEmployer(ctx context.Context, fy string) (TDSEmployer, error) {
	year, err := tds.ParseFY(fy)
	if err != nil {
		return TDSEmployer{}, err
	}
	return tdsyear.GetEmployer(ctx, s.DB.DB, s.Workspace().ID, year)
}

// TDSMonthImportPath records a month of the TDS year from a file on this computer (CSV, XLSX or
// JSON) and computes its TDS; a month imported again replaces the stored one. A file with any
// problem stores nothing: the result lists every problem.
func (s *Service) TDSMonthImportPath(ctx context.Context, fy string, month int, path string, acceptPANChange bool) (TDSMonthResult, error) {
	st, err := os.Stat(path)
	if err != nil {
		return TDSMonthResult{}, apperr.New(apperr.Invalid, "Cannot open %s: check the path (the file must be on this computer).", path)
	}
	if st.IsDir() {
		return TDSMonthResult{}, apperr.New(apperr.Invalid, "%s is a folder: give the path of the month's file.", path)
	}
	if st.Size() > payroll.DefaultLimits.MaxBytes {
		return TDSMonthResult{}, apperr.New(apperr.Invalid, "%s is larger than %d MB: split the payroll into smaller files.", path, payroll.DefaultLimits.MaxBytes>>20)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return TDSMonthResult{}, apperr.Wrap(apperr.Invalid, err, "Cannot read %s: %v.", path, err)
	}
	return s.importMonth(ctx, fy, month, filepath.Base(path), data, acceptPANChange)
}

// TDSMonthImportData is TDSMonthImportPath for a file chosen in the window (base64 contents).
func (s *Service) TDSMonthImportData(ctx context.Context, fy string, month int, name, base64Data string, acceptPANChange bool) (TDSMonthResult, error) {
	if int64(base64.StdEncoding.DecodedLen(len(base64Data))) > payroll.DefaultLimits.MaxBytes+3 {
		return TDSMonthResult{}, apperr.New(apperr.Invalid, "%s is larger than %d MB: split the payroll into smaller files.", name, payroll.DefaultLimits.MaxBytes>>20)
	}
	data, err := base64.StdEncoding.DecodeString(base64Data)
	if err != nil {
		return TDSMonthResult{}, apperr.New(apperr.Invalid, "The file %s did not arrive whole: choose it again.", name)
	}
	return s.importMonth(ctx, fy, month, name, data, acceptPANChange)
}

func (s *Service) importMonth(ctx context.Context, fy string, month int, name string, data []byte, acceptPANChange bool) (TDSMonthResult, error) {
	year, err := tds.ParseFY(fy)
	if err != nil {
		return TDSMonthResult{}, err
	}
	if month < 1 || month > 12 {
		return TDSMonthResult{}, apperr.New(apperr.Invalid, "The month must be 1 (January) to 12 (December), not %d.", month)
	}
	im, err := tdsyear.ReadFile(ctx, name, data, payroll.DefaultLimits)
	if err != nil {
		return TDSMonthResult{}, err
	}
	return tdsyear.ImportMonth(ctx, s.DB.DB, s.Workspace().ID, year, time.Month(month), im, tdsyear.Options{AcceptPANChange: acceptPANChange, Now: s.Now()})
}

// TDSMonthRegister reads a page of a month's register.
func (s *Service) TDSMonthRegister(ctx context.Context, fy string, month int, q TDSRegisterQuery) (TDSRegister, error) {
	year, err := tds.ParseFY(fy)
	if err != nil {
		return TDSRegister{}, err
	}
	return tdsyear.MonthRegister(ctx, s.DB.DB, s.Workspace().ID, year, time.Month(month), q)
}

// TDSYearMonths lists the months of the TDS year recorded so far.
func (s *Service) TDSYearMonths(ctx context.Context, fy string) ([]TDSYearMonth, error) {
	year, err := tds.ParseFY(fy)
	if err != nil {
		return nil, err
	}
	return tdsyear.Months(ctx, s.DB.DB, s.Workspace().ID, year)
}

// TDSYearToDate reads every employee's year so far, or one employee's (code).
func (s *Service) TDSYearToDate(ctx context.Context, fy, code string) ([]TDSYTD, error) {
	year, err := tds.ParseFY(fy)
	if err != nil {
		return nil, err
	}
	return tdsyear.YearToDate(ctx, s.DB.DB, s.Workspace().ID, year, code)
}

// TDSEmployeeMonths reads one employee's months of the year.
func (s *Service) TDSEmployeeMonths(ctx context.Context, fy, code string) ([]TDSRegisterRow, error) {
	year, err := tds.ParseFY(fy)
	if err != nil {
		return nil, err
	}
	return tdsyear.EmployeeMonths(ctx, s.DB.DB, s.Workspace().ID, year, code)
}

// TDSHRAResult is the HRA exemption worked out for one period.
type TDSHRAResult = tds.HRA

// HRA works out the HRA exemption from the rent paid, the salary (basic + DA) and the HRA
// received for one period, and the city, with the year's city rule: the one road of the helper,
// whether the window asks (TDSHRA) or the command line (it needs no data folder).
func HRA(fy, rent, salary, received, city string) (TDSHRAResult, error) {
	year, err := tds.ParseFY(fy)
	if err != nil {
		return TDSHRAResult{}, err
	}
	var amounts [3]money.Paise
	for i, a := range []struct{ name, v string }{{"rent paid", rent}, {"salary (basic + DA)", salary}, {"HRA received", received}} {
		p, err := tds.ParseAmount(a.v)
		if err != nil || strings.TrimSpace(a.v) == "" {
			return TDSHRAResult{}, apperr.New(apperr.Invalid, "The %s must be an amount in rupees, like 25000, not %q.", a.name, a.v)
		}
		amounts[i] = p
	}
	return tds.HRAExemption(year, amounts[0], amounts[1], amounts[2], city)
}

// TDSHRA is HRA for the window.
func (s *Service) TDSHRA(fy, rent, salary, received, city string) (TDSHRAResult, error) {
	return HRA(fy, rent, salary, received, city)
}

// TDSAnnexureTo writes the salary annexure of the TDS year (json or xlsx) to w: the Form 24Q
// Annexure II salary-detail sheet for FY 2025-26 and before, the same data under the Form 138
// name for tax year 2026-27 (saying that the service's Form 138 workbook has no salary sheet).
func (s *Service) TDSAnnexureTo(ctx context.Context, fy, format string, w io.Writer) error {
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
func (s *Service) TDSAnnexure(ctx context.Context, fy, format string) (string, error) {
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

func (s *Service) annexure(ctx context.Context, fy string) (tdsyear.Annexure, error) {
	year, err := tds.ParseFY(fy)
	if err != nil {
		return tdsyear.Annexure{}, err
	}
	emp, err := tdsyear.GetEmployer(ctx, s.DB.DB, s.Workspace().ID, year)
	if err != nil {
		return tdsyear.Annexure{}, err
	}
	rows, err := tdsyear.Year(ctx, s.DB.DB, s.Workspace().ID, year, "")
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
func (s *Service) TDSFormsWrite(ctx context.Context, fy, code string, put func(name string, write func(io.Writer) error) (string, error)) ([]string, error) {
	year, err := tds.ParseFY(fy)
	if err != nil {
		return nil, err
	}
	emp, err := tdsyear.GetEmployer(ctx, s.DB.DB, s.Workspace().ID, year)
	if err != nil {
		return nil, err
	}
	rows, err := tdsyear.Year(ctx, s.DB.DB, s.Workspace().ID, year, code)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		if code != "" {
			return nil, apperr.New(apperr.NotFound, "No month of %s is recorded for employee %s.", year, code)
		}
		return nil, apperr.New(apperr.NotFound, "No month of %s is recorded: import the months first.", year)
	}
	made := s.Now()
	var out []string
	for i := range rows {
		if err := ctx.Err(); err != nil {
			return out, apperr.Wrap(apperr.Canceled, err, "Writing the forms was cancelled after %d file(s).", len(out))
		}
		certs, err := tdsyear.Certificates(year, emp, &rows[i])
		if err != nil {
			return out, err
		}
		for j := range certs {
			c := &certs[j]
			p, err := put(c.FileBase+".pdf", func(w io.Writer) error { return c.WritePDF(w, made) })
			if err != nil {
				return out, err
			}
			out = append(out, p)
			if p, err = put(c.FileBase+".xlsx", c.WriteXLSX); err != nil {
				return out, err
			}
			out = append(out, p)
		}
	}
	return out, nil
}

// TDSForms writes the year-end forms (every employee, or one by code) to the exports folder and
// returns the files' paths: many files at once, so the window never asks where to save each.
func (s *Service) TDSForms(ctx context.Context, fy, code string) ([]string, error) {
	return s.TDSFormsWrite(ctx, fy, code, func(name string, write func(io.Writer) error) (string, error) {
		ext := filepath.Ext(name)
		return s.WriteExportFileInFolder(strings.TrimSuffix(name, ext), export.Format(strings.TrimPrefix(ext, ".")), write)
	})
}
