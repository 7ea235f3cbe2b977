// Reconciliation of the purchase register with GSTR-2A: imports, runs, rows, explanations,
// decisions, summaries, supplier packs, exports and the supplier watch.
import * as Recon from '../../wailsjs/go/main/Recon'
import * as Returns from '../../wailsjs/go/main/Returns'
import { core, recon, reconcile } from '../../wailsjs/go/models'
import { withRetry } from '../lib/retry'

export type ReconImport = reconcile.RegisterImport
export type Run = recon.Run
export type Row = recon.Row
export type Invoice = recon.Invoice
export type RowsView = recon.RowsView
export type Explanation = recon.Explanation
export type Comparison = recon.Comparison
export type Summary = recon.Summary
export type PeriodSummary = recon.PeriodSummary
export type SupplierSummary = recon.SupplierSummary
export type RegisterField = recon.RegisterField
export type RowError = recon.RowError
export type WatchView = recon.WatchView
export type WatchAlert = recon.WatchAlert
export type ExportFormat = 'csv' | 'xlsx' | 'json'
export type Action = 'accept' | 'pending' | 'ignore' | ''

const arr = <T>(v: T[] | null | undefined): T[] => v ?? []

function fixImport(v: ReconImport): ReconImport {
  v.headers = arr(v.headers)
  v.errors = arr(v.errors)
  v.missing = arr(v.missing)
  v.mapping = v.mapping ?? {}
  return v
}

/** Reads a purchase register from its path (chosen in the Open dialog, or typed). */
export const importPath = async (path: string): Promise<ReconImport> => fixImport(await Recon.ReconImportPath(path))
export const sampleRegister = async (from: string, to: string): Promise<ReconImport> => fixImport(await Recon.ReconSampleRegister(from, to))
export const confirmMapping = async (token: string, mapping: Record<string, string>): Promise<ReconImport> =>
  fixImport(await Recon.ReconConfirmMapping(token, mapping))
export const fields = async (): Promise<RegisterField[]> => arr(await Recon.ReconFields())
/** combine adds up register rows that repeat an invoice (the person ticked it); otherwise each is listed as a duplicate. */
export const startRun = (token: string, from: string, to: string, combine = false): Promise<string> => Recon.ReconStartRun(token, from, to, combine)
/** Keeps a run however many newer runs of its months are saved (or lets it go). */
export const pinRun = (id: string, pinned: boolean): Promise<void> => Recon.ReconPinRun(id, pinned)
export const rerun = (runID: string): Promise<string> => Recon.ReconRerun(runID)
export const runResult = (job: string): Promise<Run> => withRetry(() => Recon.ReconRunResult(job))
export const runs = async (): Promise<Run[]> => arr(await Recon.ReconRuns())
export const deleteRun = (id: string): Promise<void> => Recon.ReconDeleteRun(id)

function fixRow(r: Row): Row {
  r.differences = arr(r.differences)
  r.candidates = arr(r.candidates)
  return r
}

export async function rows(runID: string, status: string, filter: string, offset = 0, limit = 500): Promise<RowsView> {
  const v = await Recon.ReconRows(runID, status, filter, offset, limit)
  v.rows = arr(v.rows).map(fixRow)
  v.counts = v.counts ?? {}
  return v
}
export async function explain(runID: string, key: string): Promise<Explanation> {
  const e = await Recon.ReconExplain(runID, key)
  e.row = fixRow(e.row)
  e.fields = arr(e.fields)
  e.candidate_ids = arr(e.candidate_ids)
  e.candidate_status = arr(e.candidate_status)
  return e
}
export const setAction = (key: string, action: Action): Promise<void> => Recon.ReconSetAction(key, action)
export const setActions = (keys: string[], action: Action): Promise<void> => Recon.ReconSetActions(keys, action)
export const link = (booksID: string, gstr2aID: string): Promise<void> => Recon.ReconLink(booksID, gstr2aID)
export const unlink = (booksID: string, gstr2aID: string): Promise<void> => Recon.ReconUnlink(booksID, gstr2aID)
export async function summary(runID: string): Promise<Summary> {
  const s = await Recon.ReconSummary(runID)
  s.periods = arr(s.periods)
  return s
}
export async function suppliers(runID: string): Promise<SupplierSummary[]> {
  const out = arr(await Recon.ReconSuppliers(runID))
  for (const s of out) {
    s.by_status = arr(s.by_status)
    s.risk_reasons = arr(s.risk_reasons)
  }
  return out
}
export const supplierPack = (runID: string, gstin: string, format: ExportFormat): Promise<string> => Recon.ReconSupplierPack(runID, gstin, format)
export const exportRun = (runID: string, what: 'rows' | 'summary' | 'suppliers', status: string, format: ExportFormat): Promise<string> =>
  Recon.ReconExport(runID, what, status, format)
export const storedPeriods = async (): Promise<string[]> => arr(await Returns.GSTR2APeriods()).map((p) => p.period)
export const startWatch = (from: string, to: string): Promise<string> => Recon.ReconStartWatch(from, to)
/** What a supplier watch would spend, before it starts. */
export const planWatch = (from: string, to: string): Promise<core.CallPlan> => Recon.ReconPlanWatch(from, to)
export async function watchResult(job: string): Promise<WatchView> {
  const v = await withRetry(() => Recon.ReconWatchResult(job))
  v.alerts = arr(v.alerts)
  for (const a of v.alerts) a.after = arr(a.after)
  v.failed = arr(v.failed)
  v.states = arr(v.states)
  return v
}
export const watchExport = (v: WatchView, format: ExportFormat): Promise<string> => Recon.ReconWatchExport(recon.WatchView.createFrom(v), format)

