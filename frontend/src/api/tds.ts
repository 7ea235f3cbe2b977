// Salary TDS for a whole payroll: imports, runs, computation sheets, exports, the remote cross-check.
import * as Salary from '../../wailsjs/go/main/Salary'
import { payroll, salary } from '../../wailsjs/go/models'

export type TDSImport = salary.TDSImport
export type Run = payroll.Run
export type Row = payroll.Row
export type Carried = payroll.Carried
export type Page = payroll.Page
export type Query = payroll.Query
export type Totals = payroll.Totals
export type Sheet = salary.TDSSheet
export type Check = payroll.Check
export type Comparison = payroll.Comparison
export type Target = payroll.Target
export type Match = payroll.Match
export type Problem = payroll.Problem
export type ExportFormat = 'csv' | 'xlsx' | 'json'

/** Reads a payroll file from its path (chosen in the Open dialog, or typed). */
export const importPath = (path: string): Promise<TDSImport> => Salary.TDSImportPath(path)
export const importExample = (): Promise<TDSImport> => Salary.TDSImportExample()
export const remap = (token: string, mapping: Record<string, string>): Promise<TDSImport> => Salary.TDSRemap(token, mapping)
export const startRun = (token: string, fy: string, month: number, skipBad: boolean): Promise<string> => Salary.TDSStartRun(token, fy, month, skipBad)
export const runResult = (job: string): Promise<Run> => Salary.TDSRunResult(job)
export const targets = (): Promise<Target[]> => Salary.TDSTargets()
export const runs = (): Promise<Run[]> => Salary.TDSRuns()
export const run = (id: string): Promise<Run> => Salary.TDSRun(id)
export const deleteRun = (id: string): Promise<void> => Salary.TDSDeleteRun(id)
export const rows = (id: string, q: Query): Promise<Page> => Salary.TDSRows(id, payroll.Query.createFrom(q))
export const sheet = (id: string, seq: number): Promise<Sheet> => Salary.TDSSheet(id, seq)
export const compare = (from: string, to: string): Promise<Comparison> => Salary.TDSCompare(from, to)
export const exportRun = (id: string, q: Query, f: ExportFormat): Promise<string> => Salary.TDSExport(id, payroll.Query.createFrom(q), f)
export const exportFull = (id: string, f: ExportFormat): Promise<string> => Salary.TDSExportFull(id, f)
export const exportWorkbooks = (id: string): Promise<string> => Salary.TDSExportWorkbooks(id)
export const exportSheet = (id: string, seq: number, f: 'html' | 'xlsx'): Promise<string> => Salary.TDSExportSheet(id, seq, f)
export const template = (): Promise<string> => Salary.TDSTemplate()
export const crossCheck = (id: string, seqs: number[]): Promise<Check[]> => Salary.TDSCrossCheck(id, seqs)
