// The payroll TDS year: the employer, a month at a time (import, the diff before a month is
// replaced, the register), an employee's year, the year-end forms, the annexure, the HRA helper.
import * as Salary from '../../wailsjs/go/main/Salary'
import { salary, tds, tdsyear } from '../../wailsjs/go/models'

export type Employer = tdsyear.Employer
export type MonthResult = tdsyear.MonthResult
export type Register = tdsyear.Register
export type RegisterRow = tdsyear.RegisterRow
export type Query = tdsyear.Query
export type Month = tdsyear.Month
export type YTD = tdsyear.YTD
export type HRA = tds.HRA
export type FormsDone = salary.TDSFormsDone

export const employer = (fy: string): Promise<Employer> => Salary.TDSEmployer(fy)
export const setEmployer = (fy: string, e: Partial<Employer>): Promise<Employer> => Salary.TDSEmployerSet(fy, tdsyear.Employer.createFrom(e))
export const months = (fy: string): Promise<Month[]> => Salary.TDSYearMonths(fy)

/** Records a month from a file (its path; a month recorded before is replaced). */
export const importMonth = (fy: string, month: number, path: string, acceptPANChange: boolean): Promise<MonthResult> =>
  Salary.TDSMonthImportPath(fy, month, path, acceptPANChange)
/** What recording the month would do (the diff against the stored month), nothing stored. */
export const previewMonth = (fy: string, month: number, path: string, acceptPANChange: boolean): Promise<MonthResult> =>
  Salary.TDSMonthPreviewPath(fy, month, path, acceptPANChange)
export const register = (fy: string, month: number, q: Query): Promise<Register> => Salary.TDSMonthRegister(fy, month, tdsyear.Query.createFrom(q))
export const yearToDate = (fy: string, code: string): Promise<YTD[]> => Salary.TDSYearToDate(fy, code)
export const employeeMonths = (fy: string, code: string): Promise<RegisterRow[]> => Salary.TDSEmployeeMonths(fy, code)
export const hra = (fy: string, rent: string, basicDA: string, received: string, city: string): Promise<HRA> => Salary.TDSHRA(fy, rent, basicDA, received, city)
export const annexure = (fy: string, format: 'json' | 'xlsx'): Promise<string> => Salary.TDSAnnexure(fy, format)
/** One employee's forms, written at once to the exports folder. */
export const forms = (fy: string, code: string): Promise<string[]> => Salary.TDSForms(fy, code)
/** Every employee's forms as a job (progress, Cancel) into a new folder of the exports folder. */
export const startForms = (fy: string): Promise<string> => Salary.TDSStartForms(fy, '')
export const formsResult = (job: string): Promise<FormsDone> => Salary.TDSFormsResult(job)
export const monthTemplate = (): Promise<string> => Salary.TDSMonthTemplate()
/** A month's register (filter applied, every page) as a file in the exports folder. */
export const exportRegister = (fy: string, month: number, q: Query, f: 'csv' | 'xlsx' | 'json'): Promise<string> =>
  Salary.TDSRegisterExport(fy, month, tdsyear.Query.createFrom(q), f)
