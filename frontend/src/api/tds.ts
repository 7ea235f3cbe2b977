// Salary TDS for a whole payroll: imports, runs, computation sheets, exports, the remote cross-check.
import * as App from '../../wailsjs/go/main/App'
import { desk, payroll } from '../../wailsjs/go/models'

export type TDSImport = desk.TDSImport
export type Run = payroll.Run
export type Row = payroll.Row
export type Page = payroll.Page
export type Query = payroll.Query
export type Totals = payroll.Totals
export type Sheet = desk.TDSSheet
export type Check = payroll.Check
export type Comparison = payroll.Comparison
export type Target = payroll.Target
export type Match = payroll.Match
export type Problem = payroll.Problem
export type ExportFormat = 'csv' | 'xlsx' | 'json'

/** Encodes bytes as base64 in chunks (String.fromCharCode cannot take megabytes at once). */
export function toBase64(bytes: Uint8Array): string {
  let s = ''
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(s)
}

export async function importFile(file: File): Promise<TDSImport> {
  return App.TDSImportData(file.name, toBase64(new Uint8Array(await file.arrayBuffer())))
}
export const importPath = (path: string): Promise<TDSImport> => App.TDSImportPath(path)
export const importExample = (): Promise<TDSImport> => App.TDSImportExample()
export const remap = (token: string, mapping: Record<string, string>): Promise<TDSImport> => App.TDSRemap(token, mapping)
export const startRun = (token: string, fy: string, month: number, skipBad: boolean): Promise<string> => App.TDSStartRun(token, fy, month, skipBad)
export const runResult = (job: string): Promise<Run> => App.TDSRunResult(job)
export const targets = (): Promise<Target[]> => App.TDSTargets()
export const runs = (): Promise<Run[]> => App.TDSRuns()
export const run = (id: string): Promise<Run> => App.TDSRun(id)
export const deleteRun = (id: string): Promise<void> => App.TDSDeleteRun(id)
export const rows = (id: string, q: Query): Promise<Page> => App.TDSRows(id, payroll.Query.createFrom(q))
export const sheet = (id: string, seq: number): Promise<Sheet> => App.TDSSheet(id, seq)
export const compare = (from: string, to: string): Promise<Comparison> => App.TDSCompare(from, to)
export const exportRun = (id: string, q: Query, f: ExportFormat): Promise<string> => App.TDSExport(id, payroll.Query.createFrom(q), f)
export const exportFull = (id: string, f: ExportFormat): Promise<string> => App.TDSExportFull(id, f)
export const exportWorkbooks = (id: string): Promise<string> => App.TDSExportWorkbooks(id)
export const exportSheet = (id: string, seq: number, f: 'html' | 'xlsx'): Promise<string> => App.TDSExportSheet(id, seq, f)
export const template = (): Promise<string> => App.TDSTemplate()
export const crossCheck = (id: string, seqs: number[]): Promise<Check[]> => App.TDSCrossCheck(id, seqs)
