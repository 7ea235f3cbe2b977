// GSTR-2A: the taxpayer's GST portal session (OTP), pulls of return periods as jobs, and the
// offline review of what was pulled (totals, suppliers, invoices, items, charts, snapshots, diffs,
// exports). Everything but the session and the pull reads SQLite only. Lists the backend sends as
// null (Go's nil slices) arrive here as empty arrays.
import * as Returns from '../../wailsjs/go/main/Returns'
import { gstr2a, returns } from '../../wailsjs/go/models'
import type { ExportFormat, JobEvent } from './lookup'
import { withRetry } from '../lib/retry'

export { cancelJob, watchJob } from './lookup'
export type { ExportFormat, JobEvent }

export type SessionView = returns.SessionView
export type PullResult = returns.PullResult
export type PeriodInfo = gstr2a.PeriodInfo
export type Snapshot = gstr2a.Snapshot
export type Totals = gstr2a.Totals
export type RateTotal = gstr2a.RateTotal
export type SupplierSummary = gstr2a.SupplierSummary
export type InvoicePage = gstr2a.InvoicePage
export type InvoiceRow = gstr2a.InvoiceRow
export type LineItem = gstr2a.LineItem
export type SupplierTax = gstr2a.SupplierTax
export type MonthTax = gstr2a.MonthTax
export type Diff = gstr2a.Diff
export type FieldChange = gstr2a.FieldChange
export type Amounts = gstr2a.Amounts

/** Which stored data a review query reads: the latest pull of each period, or exact pulls. */
export interface Scope { periods: string[]; snapshot_ids?: string[] }

/** The invoice table's filters; empty strings do not filter. */
export interface Filter {
  supplier: string
  number: string
  date_from: string
  date_to: string
  rate?: number | null
  pos: string
  reverse_charge: string
  type: string
  einvoice: string
  supplier_filed: string
  supplier_filed_3b: string
  period: string
}

/** One page of the invoice table: filters, sort, offset and limit. */
export interface Query { filter: Filter; sort: string; desc: boolean; offset: number; limit: number }

export type Level = 'invoice' | 'item'

const scope = (s: Scope) => gstr2a.Scope.createFrom({ workspace_id: '', periods: s.periods, snapshot_ids: s.snapshot_ids })
const query = (q: Query) => {
  const f = { ...q.filter, rate: q.filter.rate ?? undefined }
  return gstr2a.InvoiceQuery.createFrom({ ...q, filter: f })
}

export const sessionStatus = (gstin: string): Promise<SessionView> => Returns.SessionStatus(gstin)
export const requestOTP = (username: string, gstin: string): Promise<void> => Returns.RequestOTP(username, gstin)
export const verifyOTP = (username: string, gstin: string, otp: string): Promise<SessionView> => Returns.VerifyOTP(username, gstin, otp)
export const logout = (gstin: string): Promise<void> => Returns.Logout(gstin)

/** Starts a pull of periods (YYYY-MM) as a job; supplier and from (DD/MM/YYYY) are optional filters. */
export const startPull = (gstin: string, periods: string[], supplier = '', from = ''): Promise<string> =>
  Returns.StartPull(returns.PullRequest.createFrom({ gstin, periods, supplier, from }))
export const pullResults = async (id: string): Promise<PullResult[]> => (await withRetry(() => Returns.PullResults(id))) ?? []

export const periods = async (): Promise<PeriodInfo[]> => (await Returns.GSTR2APeriods()) ?? []
export const totals = async (s: Scope): Promise<Totals> => {
  const t = await Returns.GSTR2ATotals(scope(s))
  return { ...t, by_rate: t.by_rate ?? [], by_period: t.by_period ?? [], snapshots: t.snapshots ?? [] } as Totals
}
export const suppliers = async (s: Scope): Promise<SupplierSummary[]> => (await Returns.GSTR2ASuppliers(scope(s))) ?? []
export const invoices = async (s: Scope, q: Query): Promise<InvoicePage> => {
  const p = await Returns.GSTR2AInvoices(scope(s), query(q))
  return { ...p, rows: p.rows ?? [] } as InvoicePage
}
export const items = async (invoiceID: number): Promise<LineItem[]> => (await Returns.GSTR2AItems(invoiceID)) ?? []
export const taxBySupplier = async (s: Scope, n = 10): Promise<SupplierTax[]> => (await Returns.GSTR2ATaxBySupplier(scope(s), n)) ?? []
export const taxByMonth = async (s: Scope): Promise<MonthTax[]> => (await Returns.GSTR2ATaxByMonth(scope(s))) ?? []
export const snapshots = async (period: string): Promise<Snapshot[]> => (await Returns.GSTR2ASnapshots(period)) ?? []
export const diff = (fromID: string, toID: string): Promise<Diff> => Returns.GSTR2ADiff(fromID, toID)
/** The two pulls of a period compared by default: the newest and the newest earlier one that covered the same data. */
export const defaultComparison = (period: string): Promise<{ from_id: string; to_id: string }> => Returns.GSTR2ADefaultComparison(period)
/** Writes the current view (scope, filters, sort) to the exports folder; resolves to the file's path. */
export const exportView = (s: Scope, q: Query, level: Level, format: ExportFormat): Promise<string> =>
  Returns.GSTR2AExport(scope(s), query(q), level, format)
/** Looks up, as a bulk job, the suppliers of a scope with no name yet; resolves to the job id. */
export const startSupplierLookup = (s: Scope): Promise<string> => Returns.StartSupplierLookup(scope(s))


export type DocumentRow = gstr2a.DocumentRow
export type DocumentPage = gstr2a.DocumentPage
/** The documents of the sections besides B2B (amendments, notes, ISD, bills of entry, TDS/TCS). */
export interface DocFilter { section: string; supplier: string; number: string }
export async function documents(scope: Scope, f: DocFilter, offset: number, limit: number): Promise<DocumentPage> {
  const p = await Returns.GSTR2ADocuments(gstr2a.Scope.createFrom(scope), gstr2a.DocumentQuery.createFrom({
    filter: { section: f.section, supplier: f.supplier, number: f.number, kind: '', date_from: '', date_to: '', period: '' }, sort: '', desc: false, offset, limit }))
  return { ...p, rows: p.rows ?? [] } as DocumentPage
}
export const exportDocuments = (scope: Scope, f: DocFilter, format: ExportFormat): Promise<string> =>
  Returns.GSTR2ADocumentsExport(gstr2a.Scope.createFrom(scope), gstr2a.DocumentQuery.createFrom({
    filter: { section: f.section, supplier: f.supplier, number: f.number, kind: '', date_from: '', date_to: '', period: '' }, sort: '', desc: false, offset: 0, limit: 0 }), format)
