// Pure helpers of the reconciliation screen (tested in logic.test.ts).
import { date, money, parseDate } from '../../lib/format'
import type { Row } from '../../api/recon'

/** The statuses in display order, with their tab label and colour class. */
export const STATUSES = [
  { key: 'exact', label: 'Exact', tone: 'ok' },
  { key: 'suggested', label: 'Suggested', tone: 'warn' },
  { key: 'mismatch', label: 'Mismatch', tone: 'bad' },
  { key: 'missing_in_2a', label: 'Missing in 2A', tone: 'bad' },
  { key: 'missing_in_books', label: 'Missing in books', tone: 'bad' },
  { key: 'duplicate_in_books', label: 'Duplicate in books', tone: 'warn' },
] as const

export type StatusKey = (typeof STATUSES)[number]['key']

/** The label of a status. */
export function statusLabel(s: string): string {
  return STATUSES.find((x) => x.key === s)?.label ?? s
}

/** The colour class (ok, warn, bad) of a status. */
export function statusTone(s: string): string {
  return STATUSES.find((x) => x.key === s)?.tone ?? 'info'
}

/** The months from one period to another (YYYY-MM), empty when reversed. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = []
  let [y, m] = from.split('-').map(Number)
  const [ty, tm] = to.split('-').map(Number)
  if (!y || !m || !ty || !tm) return out
  while (y < ty || (y === ty && m <= tm)) {
    out.push(`${y}-${String(m).padStart(2, '0')}`)
    m++
    if (m > 12) { y++; m = 1 }
    if (out.length > 240) break
  }
  return out
}

/** The first and last stored periods that fall in a financial year's months, or the whole year. */
export function defaultRange(months: string[], stored: string[]): [string, string] {
  const have = months.filter((p) => stored.includes(p))
  if (have.length === 0) return [months[0], months[months.length - 1]]
  return [have[0], have[have.length - 1]]
}

/** Books tax minus 2A tax of a row (rupees); a missing side counts as zero. */
export function taxOf(inv: { igst: number; cgst: number; sgst: number; cess: number } | null | undefined): number {
  if (!inv) return 0
  return round2(inv.igst + inv.cgst + inv.sgst + inv.cess)
}

export function round2(x: number): number {
  return Math.round(x * 100) / 100
}

/** The tax difference of a row, books minus 2A. */
export function taxDiff(r: Row): number {
  return round2(taxOf(r.books) - taxOf(r.gstr2a))
}

/** The supplier of a row: the books side's GSTIN and name, else the 2A side's. */
export function supplierOf(r: Row): { gstin: string; name: string } {
  const b = r.books, g = r.gstr2a
  return { gstin: b?.supplier_gstin || g?.supplier_gstin || '', name: b?.supplier_name || g?.supplier_name || '' }
}

/** The action a key press asks for on the selected row, or null. */
export function keyAction(key: string): 'accept' | 'ignore' | 'pending' | null {
  switch (key.toLowerCase()) {
    case 'a': return 'accept'
    case 'i': return 'ignore'
    case 'p': return 'pending'
  }
  return null
}

/** Segments of a stacked bar: each status's share of the count, in percent, zeros left out. */
export function segments(byStatus: { status: string; count: number }[]): { status: string; count: number; pct: number }[] {
  const total = byStatus.reduce((a, s) => a + s.count, 0)
  if (total === 0) return []
  return byStatus.filter((s) => s.count > 0).map((s) => ({ status: s.status, count: s.count, pct: (100 * s.count) / total }))
}

/** A field verdict in words. */
export function verdictLabel(v: string): string {
  switch (v) {
    case 'same': return 'same'
    case 'within_tolerance': return 'within tolerance'
    case 'different': return 'differs'
    case 'not_compared': return 'not compared'
  }
  return v.replaceAll('_', ' ') // a verdict this screen does not know yet, still in words
}

/** The label of a rule id, for the side panel heading. */
export function ruleTitle(id: string): string {
  const t: Record<string, string> = {
    same_number: 'Same supplier and number, everything agrees',
    same_number_differs: 'Same supplier and number, but fields differ',
    same_number_date_near: 'Same supplier and number, dates a few days apart',
    near_number: 'Number one typing slip away',
    wrong_branch: 'Booked under another GSTIN of the same PAN',
    same_amounts: 'Different numbers, amounts within tolerance, dates close: confirm the number',
    manual_link: 'Linked by hand',
    not_in_2a: 'Not reported by the supplier',
    not_in_books: 'Not in the purchase register',
    same_number_but_separator: 'Same supplier, numbers equal but for a separator between digits: confirm the number',
    same_number_other_type: 'Same supplier and number, another document type',
    bill_of_entry: 'Bill of entry: same port code, number and date',
    bill_of_entry_no_port: 'Bill of entry without a port code in the books: same number and date',
    isd_document: 'ISD document: same ISD GSTIN, number and type',
    duplicate_row: 'A register row repeating an invoice',
  }
  return t[id] ?? id
}

/** Reads a date typed as DD/MM/YYYY (or DD-MM-YYYY) as ISO (YYYY-MM-DD); '' when it is not a real date. */
export function isoFromTyped(s: string): string {
  const d = parseDate(s)
  if (!d) return ''
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

/** Shifts an ISO date (YYYY-MM-DD) by days. */
export function addDays(iso: string, days: number): string {
  const d = new Date(iso + 'T00:00:00Z')
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** Days from one ISO date to another, both counted. */
export function daysInclusive(from: string, to: string): number {
  const a = Date.parse(from + 'T00:00:00Z'), b = Date.parse(to + 'T00:00:00Z')
  if (Number.isNaN(a) || Number.isNaN(b)) return 0
  return Math.round((b - a) / 86400000) + 1
}

/** A decision in the past tense: accept → "accepted". */
export function decided(a?: string): string {
  return ({ accept: 'accepted', ignore: 'ignored', pending: 'marked pending' } as Record<string, string>)[a ?? ''] ?? a ?? ''
}

const FIELD_TITLES: Record<string, string> = {
  supplier_gstin: 'Supplier GSTIN', supplier_name: 'Supplier name', invoice_number: 'Invoice number', invoice_date: 'Invoice date',
  place_of_supply: 'Place of supply', reverse_charge: 'Reverse charge', invoice_value: 'Invoice value', taxable_value: 'Taxable value',
  igst: 'IGST', cgst: 'CGST', sgst: 'SGST/UTGST', cess: 'Cess', document_type: 'Document type', period: 'Period',
  port_code: 'Port code', itc_eligible: 'ITC eligible (ISD)',
}

/** The title of a compared field: "taxable_value" → "Taxable value". */
export function fieldTitle(key: string): string {
  return FIELD_TITLES[key] ?? key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase())
}

const AMOUNT_FIELDS = new Set(['invoice_value', 'taxable_value', 'igst', 'cgst', 'sgst', 'cess'])

/** A compared value as a person reads it: amounts with Indian grouping, dates DD/MM/YYYY. */
export function showValue(field: string, v: string): string {
  if (!v) return v
  if (AMOUNT_FIELDS.has(field) && /^-?\d+(\.\d+)?$/.test(v)) return money(Number(v))
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return date(v)
  if (field === 'document_type') return DOC_TYPE_WORDS[v] ?? v
  return v
}

const DOC_TYPE_WORDS: Record<string, string> = {
  invoice: 'Invoice', credit_note: 'Credit note', debit_note: 'Debit note', isd_invoice: 'ISD invoice',
  isd_credit_note: 'ISD credit note', bill_of_entry: 'Bill of entry',
}
