// GSTR-3B Table 4 of a month (rows, the bridge from the 2B's proposal, the ledgers' warnings), the
// claim decision of a document (claim now or hold) and the ITC tables of GSTR-9 for a year.
// Amounts arrive as rupees with two decimals (fields *_rupees); the screens add them in paise.
import * as T4 from '../../wailsjs/go/main/Table4'
import { reconcile } from '../../wailsjs/go/models'

export interface Heads { igst_rupees: number; cgst_rupees: number; sgst_rupees: number; cess_rupees: number; total_rupees?: number }
export interface Claim { state?: string; claim_period?: string; decided_by?: string; who?: string; decided_at?: string; reason?: string }
export interface Doc {
  face: string; period_2b?: string; section?: string; kind: string; supplier_gstin: string; supplier_name?: string
  document_number: string; document_date: string; reverse_charge?: boolean; itc_available?: string; tax: Heads
  ref?: string; books_ref?: string; match?: string; confirmed?: boolean; ims?: string; blocked?: boolean; claim: Claim
}
export interface DocLine extends Doc { row: string; why?: string }
export interface Effect { row: string; tax: Heads }
export interface Line { kind: string; title: string; explain: string; effects: Effect[]; tax: Heads; count: number; documents: DocLine[] }
export interface Row { code: string; label: string; title: string; proposal: Heads; adjustments: Heads; figure: Heads; gross?: Heads; credit_notes?: Heads }
export interface Warning { kind: string; message: string; documents?: DocLine[] }
export interface LedgerMonth { period: string; label: string; opening: Heads; in: Heads; out: Heads; closing: Heads; warning?: Warning }
export interface Sheet {
  period: string; label: string; rows: Row[]; bridge: Line[]; warnings: Warning[]; notes: string[]
  snapshot_id?: string; snapshot_from?: string; run_id?: string; run_created_at?: string; register_name?: string
  ecrs?: LedgerMonth; rcm?: LedgerMonth
}
export interface Figure { table: string; title: string; tax: Heads; count: number; basis: string }
export interface YearDoc extends Doc { claim_period: string; claim_basis: string; tables: string[] }
export interface MonthClaimed { period: string; label: string; table_4a: Heads; have: boolean }
export interface Annual { fy: number; fy_label: string; due: string; tables: Figure[]; months: MonthClaimed[]; documents: YearDoc[]; notes: string[] }

const arr = <T>(v: T[] | null | undefined): T[] => v ?? []

/** The month's (YYYY-MM) worksheet, lists never null. */
export async function worksheet(period: string): Promise<Sheet> {
  const s = (await T4.Table4Worksheet(period)) as unknown as Sheet
  s.rows = arr(s.rows)
  s.bridge = arr(s.bridge)
  s.warnings = arr(s.warnings)
  s.notes = arr(s.notes)
  for (const l of s.bridge) { l.effects = arr(l.effects); l.documents = arr(l.documents) }
  for (const w of s.warnings) w.documents = arr(w.documents)
  return s
}

/** Claims a document in period ("claim") or holds it ("hold"); how many claim records changed. */
export async function setClaim(d: Doc, state: 'claim' | 'hold', period: string): Promise<number> {
  const r = await T4.Table4SetClaim(reconcile.ClaimRequest.createFrom({ supplier_gstin: d.supplier_gstin, document_number: d.document_number, document_type: d.kind, state, period, reason: '' }))
  return r.changed
}

/** Stores the month's worksheet as each of its 2B documents' claim period (a person's decision is kept); how many changed. */
export const record = (period: string): Promise<number> => T4.Table4Record(period)

export const exportWorksheet = (period: string, format: 'xlsx' | 'json'): Promise<string> => T4.Table4Export(period, format)

/** The ITC tables of the year's GSTR-9 ("FY 2025-26"). */
export async function annual(fy: string): Promise<Annual> {
  const g = (await T4.GSTR9ITC(fy)) as unknown as Annual
  g.tables = arr(g.tables)
  g.months = arr(g.months)
  g.documents = arr(g.documents)
  g.notes = arr(g.notes)
  for (const d of g.documents) d.tables = arr(d.tables)
  return g
}

export const exportAnnual = (fy: string, format: 'xlsx' | 'json'): Promise<string> => T4.GSTR9Export(fy, format)
