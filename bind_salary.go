package main

import (
	"gstdesk/backend/desk/salary"
	"gstdesk/backend/payroll"
	"gstdesk/backend/period"
	"gstdesk/backend/tds"
	"gstdesk/backend/tdsyear"
)

// Salary binds the salary TDS area: payroll imports, runs, sheets and exports.
type Salary struct{ *shell }

// TDSTargets lists the columns a payroll sheet may have.
func (b *Salary) TDSTargets() []payroll.Target { return b.d.Salary.TDSTargets() }

// TDSImportPath reads a payroll file from its path (chosen with Files.ChooseFile, or typed).
func (b *Salary) TDSImportPath(path string) (salary.TDSImport, error) {
	return b.d.Salary.TDSImportPath(b.ctx, path)
}

// TDSImportExample reads the template filled with demo employees.
func (b *Salary) TDSImportExample() (salary.TDSImport, error) {
	return b.d.Salary.TDSImportExample(b.ctx)
}

// TDSRemap reads a waiting import again with the user's header mapping.
func (b *Salary) TDSRemap(token string, mapping map[string]string) (salary.TDSImport, error) {
	return b.d.Salary.TDSRemap(b.ctx, token, mapping)
}

// TDSStartRun computes and stores a waiting import as a payroll run (a job).
func (b *Salary) TDSStartRun(token, fy string, month int, skipBad bool) (string, error) {
	return withSalaryYear(fy, func(y period.FY) (string, error) { return b.d.Salary.TDSStartRun(b.ctx, token, y, month, skipBad) })
}

// TDSRunResult returns the run a finished run job stored.
func (b *Salary) TDSRunResult(id string) (payroll.Run, error) { return b.d.Salary.TDSRunResult(id) }

// TDSRuns lists the workspace's payroll runs.
func (b *Salary) TDSRuns() ([]payroll.Run, error) { return b.d.Salary.TDSRuns(b.ctx) }

// TDSRun returns one payroll run.
func (b *Salary) TDSRun(id string) (payroll.Run, error) { return b.d.Salary.TDSRun(b.ctx, id) }

// TDSDeleteRun removes a payroll run.
func (b *Salary) TDSDeleteRun(id string) error { return b.d.Salary.TDSDeleteRun(b.ctx, id) }

// TDSRows returns a page of a run's table.
func (b *Salary) TDSRows(id string, q payroll.Query) (payroll.Page, error) {
	return b.d.Salary.TDSRows(b.ctx, id, q)
}

// TDSSheet returns an employee's computation sheet.
func (b *Salary) TDSSheet(id string, seq int) (salary.TDSSheet, error) {
	return b.d.Salary.TDSSheet(b.ctx, id, seq)
}

// TDSCompare sets one run against an earlier one.
func (b *Salary) TDSCompare(from, to string) (payroll.Comparison, error) {
	return b.d.Salary.TDSCompare(b.ctx, from, to)
}

// TDSExport writes a run's table (filter applied) as csv, xlsx or json.
func (b *Salary) TDSExport(id string, q payroll.Query, format string) (string, error) {
	return b.d.Salary.TDSExport(b.ctx, id, q, format)
}

// TDSExportFull writes a run with every input item and both regimes' figures.
func (b *Salary) TDSExportFull(id, format string) (string, error) {
	return b.d.Salary.TDSExportFull(b.ctx, id, format)
}

// TDSExportWorkbooks writes every employee's response workbook (JSON).
func (b *Salary) TDSExportWorkbooks(id string) (string, error) {
	return b.d.Salary.TDSExportWorkbooks(b.ctx, id)
}

// TDSExportSheet writes an employee's computation sheet as html or xlsx.
func (b *Salary) TDSExportSheet(id string, seq int, format string) (string, error) {
	return b.d.Salary.TDSExportSheet(b.ctx, id, seq, format)
}

// TDSTemplate writes the payroll template to the exports folder.
func (b *Salary) TDSTemplate() (string, error) { return b.d.Salary.TDSTemplate() }

// TDSCrossCheck checks employees of a run against the remote calculator.
func (b *Salary) TDSCrossCheck(id string, seqs []int) ([]payroll.Check, error) {
	return b.d.Salary.TDSCrossCheck(b.ctx, id, seqs)
}

// TDSEmployerSet stores the employer of a TDS year.
func (b *Salary) TDSEmployerSet(fy string, e tdsyear.Employer) (tdsyear.Employer, error) {
	return withSalaryYear(fy, func(y period.FY) (tdsyear.Employer, error) { return b.d.Salary.TDSEmployerSet(b.ctx, y, e) })
}

// TDSEmployer reads the employer of a TDS year.
func (b *Salary) TDSEmployer(fy string) (tdsyear.Employer, error) {
	return withSalaryYear(fy, func(y period.FY) (tdsyear.Employer, error) { return b.d.Salary.TDSEmployer(b.ctx, y) })
}

// withProblems turns a month refused for its problems into its result (nothing was stored).
func withProblems(res tdsyear.MonthResult, err error) (tdsyear.MonthResult, error) {
	if err != nil && len(res.Problems) > 0 {
		return res, nil
	}
	return res, err
}

// TDSMonthImportPath records a month of the TDS year from a file on this computer (its path, chosen
// with Files.ChooseFile). A refused file comes back as its result with every problem (file, row,
// column) for the window to list, not as an error that would carry only their count.
func (b *Salary) TDSMonthImportPath(fy string, month int, path string, acceptPANChange bool) (tdsyear.MonthResult, error) {
	return withSalaryYear(fy, func(y period.FY) (tdsyear.MonthResult, error) {
		return withProblems(b.d.Salary.TDSMonthImportPath(b.ctx, y, month, path, acceptPANChange))
	})
}

// TDSMonthRegister reads a page of a month's register.
func (b *Salary) TDSMonthRegister(fy string, month int, q tdsyear.Query) (tdsyear.Register, error) {
	return withSalaryYear(fy, func(y period.FY) (tdsyear.Register, error) { return b.d.Salary.TDSMonthRegister(b.ctx, y, month, q) })
}

// TDSYearMonths lists the months of the TDS year recorded so far.
func (b *Salary) TDSYearMonths(fy string) ([]tdsyear.Month, error) {
	return withSalaryYear(fy, func(y period.FY) ([]tdsyear.Month, error) { return b.d.Salary.TDSYearMonths(b.ctx, y) })
}

// TDSYearToDate reads the TDS year so far, every employee or one.
func (b *Salary) TDSYearToDate(fy, code string) ([]tdsyear.YTD, error) {
	return withSalaryYear(fy, func(y period.FY) ([]tdsyear.YTD, error) { return b.d.Salary.TDSYearToDate(b.ctx, y, code) })
}

// TDSEmployeeMonths reads one employee's months of the TDS year.
func (b *Salary) TDSEmployeeMonths(fy, code string) ([]tdsyear.RegisterRow, error) {
	return withSalaryYear(fy, func(y period.FY) ([]tdsyear.RegisterRow, error) { return b.d.Salary.TDSEmployeeMonths(b.ctx, y, code) })
}

// TDSHRA works out the HRA exemption for one period with the year's city rule.
func (b *Salary) TDSHRA(fy, rent, salary, received, city string) (tds.HRA, error) {
	return withSalaryYear(fy, func(y period.FY) (tds.HRA, error) { return b.d.Salary.TDSHRA(y, rent, salary, received, city) })
}

// TDSAnnexure writes the salary annexure (json or xlsx) to the exports folder.
func (b *Salary) TDSAnnexure(fy, format string) (string, error) {
	return withSalaryYear(fy, func(y period.FY) (string, error) { return b.d.Salary.TDSAnnexure(b.ctx, y, format) })
}

// TDSForms writes the year-end forms (PDF and XLSX) of every employee, or one, to the exports folder.
func (b *Salary) TDSForms(fy, code string) ([]string, error) {
	return withSalaryYear(fy, func(y period.FY) ([]string, error) { return b.d.Salary.TDSForms(b.ctx, y, code) })
}

// TDSMonthPreviewPath tries a month's file and rolls it back: what recording it would do (the
// diff against the stored month, warnings, problems), nothing stored. Problems come back in the
// result, as TDSMonthImportPath's do.
func (b *Salary) TDSMonthPreviewPath(fy string, month int, path string, acceptPANChange bool) (tdsyear.MonthResult, error) {
	return withSalaryYear(fy, func(y period.FY) (tdsyear.MonthResult, error) {
		return withProblems(b.d.Salary.TDSMonthPreviewPath(b.ctx, y, month, path, acceptPANChange))
	})
}

// TDSStartForms writes the year-end forms of every employee, or one, into a new folder of the
// exports folder (a job).
func (b *Salary) TDSStartForms(fy, code string) (string, error) {
	return withSalaryYear(fy, func(y period.FY) (string, error) { return b.d.Salary.TDSStartForms(b.ctx, y, code) })
}

// TDSFormsResult returns what a finished forms job wrote.
func (b *Salary) TDSFormsResult(id string) (salary.TDSFormsDone, error) {
	return b.d.Salary.TDSFormsResult(id)
}

// TDSMonthTemplate writes the template of a month file of the TDS year to the exports folder.
func (b *Salary) TDSMonthTemplate() (string, error) { return b.d.Salary.TDSMonthTemplate() }

// TDSRegisterExport writes a month's register (filter applied) as csv, xlsx or json.
func (b *Salary) TDSRegisterExport(fy string, month int, q tdsyear.Query, format string) (string, error) {
	return withSalaryYear(fy, func(y period.FY) (string, error) { return b.d.Salary.TDSRegisterExport(b.ctx, y, month, q, format) })
}

// withSalaryYear reads the financial year the window sends ("FY 2025-26", one the salary TDS
// engine has rules for: tds.ParseFY) and calls f with it.
func withSalaryYear[T any](fy string, f func(period.FY) (T, error)) (T, error) {
	return withRead(fy, tds.ParseFY, f)
}
