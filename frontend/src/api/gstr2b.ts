// GSTR-2B: pulls of return periods as jobs (paid calls counted first), portal files imported
// without a call, and the offline review of what is stored (the ITC summary, sections, documents,
// snapshots and what changed between two of them, exports). Amounts arrive in rupees with two decimals.
import * as Returns from '../../wailsjs/go/main/Returns'
import { core, gstr2b, returns } from '../../wailsjs/go/models'
import type { ExportFormat, JobEvent } from './lookup'
import { withRetry } from '../lib/retry'

export { cancelJob, watchJob } from './lookup'
export type { ExportFormat, JobEvent }

export type PeriodInfo = gstr2b.PeriodInfo
export type Snapshot = gstr2b.Snapshot
export type View = returns.GSTR2BView
export type DocumentRow = gstr2b.DocumentRow
export type DocPage = gstr2b.DocPage
export type Diff = gstr2b.Diff
export type Amounts = gstr2b.Amounts
export type Counterparty = gstr2b.Counterparty
export type SectionCount = gstr2b.SectionCount
export type PullResult = returns.Pull2BResult
export type ImportResult = returns.ImportResult
export type CallPlan = core.CallPlan

/** The document table's query: section ("" all), rejected ("" both, "only", "no"), ITC (Y, N, T), search, page. */
export interface DocQuery { section: string; rejected: string; supplier: string; itc: string; search: string; offset: number; limit: number }

const arr = <T>(v: T[] | null | undefined): T[] => v ?? []

export const periods = async (): Promise<PeriodInfo[]> => arr(await Returns.GSTR2BPeriods())
/** One snapshot of a period for the screen ("" = the latest). */
export async function view(period: string, snapshotID = ''): Promise<View> {
  const v = await Returns.GSTR2BView(period, snapshotID)
  v.sections = arr(v.sections)
  v.history = arr(v.history)
  v.summary = v.summary ?? { itcsumm: {}, cpsumm: {} }
  v.summary.itcsumm = v.summary.itcsumm ?? {}
  v.summary.cpsumm = v.summary.cpsumm ?? {}
  return v
}
export async function documents(snapshotID: string, q: DocQuery): Promise<DocPage> {
  const p = await Returns.GSTR2BDocuments(snapshotID, gstr2b.DocQuery.createFrom(q))
  return { ...p, rows: arr(p.rows) } as DocPage
}
/** Compares two snapshots of a period (both "" = the newest with the one before). */
export async function diff(period: string, fromID: string, toID: string): Promise<Diff> {
  const d = await Returns.GSTR2BDiff(period, fromID, toID)
  return { ...d, added: arr(d.added), removed: arr(d.removed), amended: arr(d.amended) } as Diff
}
/** What a pull of periods would spend, before it starts. */
export const planPull = (ps: string[]): Promise<CallPlan> => Returns.PlanPullGSTR2B(ps)
export const startPull = (ps: string[]): Promise<string> => Returns.StartPullGSTR2B(ps)
export const pullResults = async (id: string): Promise<PullResult[]> => arr(await withRetry(() => Returns.PullGSTR2BResults(id)))
/** Writes the documents matching q (all pages) to the exports folder; resolves to the path. */
export const exportDocuments = (snapshotID: string, q: DocQuery, format: ExportFormat): Promise<string> =>
  Returns.GSTR2BExport(snapshotID, gstr2b.DocQuery.createFrom(q), format)
/** Imports a GSTR-2A or GSTR-2B JSON file downloaded from the GST portal (the kind is told from the file). */
export const importPortalFile = (path: string): Promise<ImportResult> => Returns.ImportPortalPath(path)
