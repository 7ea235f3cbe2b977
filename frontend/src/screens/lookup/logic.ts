// Pure helpers of the lookup screens: splitting pasted lists, filtering and paging results,
// status colours, "where the answer came from", and dates for the changed list.
import { age, fyLabel, fyStartYear, gstinSpaced } from '../../lib/format'

/** The entries of a pasted list, split as the backend splits it (lines, commas, semicolons, tabs; spaces between whole GSTINs). */
export function entries(text: string): string[] {
  const out: string[] = []
  for (const raw of text.split(/[\n\r,;\t]+/)) {
    const x = raw.trim()
    if (!x) continue
    const parts = x.split(/\s+/)
    if (parts.length > 1 && parts.join('').length !== 15) out.push(...parts)
    else out.push(x)
  }
  return out
}

/** The badge class of a registration status: green active, red cancelled, amber the rest. */
export function statusClass(status: string | undefined | null): string {
  const s = (status ?? '').toLowerCase()
  if (!s) return ''
  if (s.startsWith('active')) return 'ok'
  if (s.startsWith('cancel') || s === 'not registered') return 'bad'
  return 'warn'
}

/** The row filters of the bulk table. */
export type RowFilter = 'all' | 'active' | 'cancelled' | 'other' | 'unregistered' | 'problem' | 'invalid' | 'duplicate'

export const ROW_FILTERS: { id: RowFilter; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'active', label: 'Active' },
  { id: 'cancelled', label: 'Cancelled' },
  { id: 'other', label: 'Suspended / inactive' },
  { id: 'unregistered', label: 'Not registered' },
  { id: 'problem', label: 'Failed' },
  { id: 'invalid', label: 'Invalid' },
  { id: 'duplicate', label: 'Duplicates' },
]

/** The fields of a lookup row the filter needs. */
export interface RowLike {
  input: string
  gstin: string
  status: string
  legal_name: string
  trade_name: string
  reg_status: string
  state: string
  error: string
}

/** Whether the service answered that no taxpayer has the row's GSTIN (a duplicate of such a row too). */
export const notRegistered = (r: RowLike): boolean => r.status === 'not_registered' || r.reg_status === 'Not registered'

/** Whether a row falls under a filter. */
export function matchesFilter(r: RowLike, f: RowFilter): boolean {
  switch (f) {
    case 'all': return true
    case 'invalid': return r.status === 'invalid'
    case 'duplicate': return r.status === 'duplicate'
    // "Not registered" is the service's answer for a GSTIN no taxpayer has: a result, not a failure.
    case 'unregistered': return notRegistered(r)
    case 'problem': return r.status === 'failed' || (r.status !== 'invalid' && !!r.error)
    case 'active': return !r.error && !notRegistered(r) && statusClass(r.reg_status) === 'ok'
    case 'cancelled': return !r.error && !notRegistered(r) && statusClass(r.reg_status) === 'bad'
    case 'other': return !r.error && !notRegistered(r) && statusClass(r.reg_status) === 'warn'
  }
}

/** Rows under a filter whose GSTIN, input, names or state contain every word of text (case-insensitive). */
export function filterRows<T extends RowLike>(rows: T[], text: string, f: RowFilter): T[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean)
  return rows.filter((r) => {
    if (!matchesFilter(r, f)) return false
    if (!words.length) return true
    const hay = `${r.gstin} ${r.input} ${r.legal_name} ${r.trade_name} ${r.state} ${r.reg_status} ${r.error}`.toLowerCase()
    return words.every((w) => hay.includes(w))
  })
}

/** How many rows fall under each filter. */
export function filterCounts(rows: RowLike[]): Record<RowFilter, number> {
  const c = { all: 0, active: 0, cancelled: 0, other: 0, unregistered: 0, problem: 0, invalid: 0, duplicate: 0 }
  for (const r of rows) for (const f of ROW_FILTERS) if (matchesFilter(r, f.id)) c[f.id]++
  return c
}

/** Where an answer came from, in words: "from the GST portal 2 h ago" (asked then) or "saved copy,
 * 3 days old" (read from this computer, no call made). An answer of the built-in demo service always
 * says it is made up ("demo data (made up), asked 2 h ago"; stored says it was read
 * from the data folder). */
export function sourceLine(source: string, fetchedAt: string, now: Date = new Date(), stored = false): string {
  if (source === 'demo') {
    // The simulator, not the portal: "asked 2 h ago".
    const rest = stored ? sourceLine('cache', fetchedAt, now) : fetchedAt ? `asked ${age(fetchedAt, now)}` : ''
    return 'demo data (made up)' + (rest ? ', ' + rest : '')
  }
  if (!fetchedAt) return source === 'cache' ? 'saved copy' : ''
  const a = age(fetchedAt, now)
  if (source === 'cache') return a === 'just now' ? 'saved copy, from just now' : `saved copy, ${a.replace(/ ago$/, ' old')}`
  return `from the GST portal ${a}`
}

/** The financial years a preference can be asked for, newest first: the current one back to FY 2017-18. */
export function fyChoices(today: Date = new Date(), max = 6): string[] {
  const out: string[] = []
  for (let y = fyStartYear(today); y >= 2017 && out.length < max; y--) out.push(fyLabel(y))
  return out
}

/** Reads a date typed as DD-MM-YYYY, DD/MM/YYYY, DD.MM.YYYY or YYYY-MM-DD into the API's DD-MM-YYYY; null if not a real date. */
export function toApiDate(s: string): string | null {
  const v = s.trim()
  let d: number, m: number, y: number
  let mt = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(v)
  if (mt) { d = +mt[1]; m = +mt[2]; y = +mt[3] } else {
    mt = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v)
    if (!mt) return null
    y = +mt[1]; m = +mt[2]; d = +mt[3]
  }
  const dt = new Date(Date.UTC(y, m - 1, d))
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== m - 1 || dt.getUTCDate() !== d) return null
  return `${String(d).padStart(2, '0')}-${String(m).padStart(2, '0')}-${y}`
}

/** A date n days before today as DD/MM/YYYY, the way dates are typed in every field. */
export function daysAgo(n: number, today: Date = new Date()): string {
  const d = new Date(today.getFullYear(), today.getMonth(), today.getDate() - n)
  return `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`
}

/** A GSTIN split for reading when shown alone; anything else unchanged. */
export function spaced(g: string): string {
  return gstinSpaced(g)
}

/** Joins the non-empty parts of an address. */
export function joinAddress(parts: (string | undefined | null)[]): string {
  return parts.map((p) => (p ?? '').trim()).filter(Boolean).join(', ')
}

/** "1 supplier was" / "3 suppliers were": the headline of the changed list. */
export function suppliersWere(n: number): string {
  return n === 1 ? '1 of your suppliers was' : `${n} of your suppliers were`
}
