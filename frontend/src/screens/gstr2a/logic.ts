// Pure helpers of the GSTR-2A screen: the financial years and month chips, selecting months with
// the mouse, the session line, pull results in words, the invoice filter as the backend wants it,
// sorting, paging and chart bars.
import { count, fyPeriods, fyStartYear, parseDate, periodLabel } from '../../lib/format'

/** The financial years offered: from the earliest pulled (or two years back) to the current one, newest first. */
export function fyChoices(now: Date, pulled: string[]): number[] {
  const cur = fyStartYear(now)
  let first = cur - 2
  for (const p of pulled) {
    const y = fyOfPeriod(p)
    if (y !== null && y < first) first = y
  }
  first = Math.max(first, 2017)
  const out: number[] = []
  for (let y = cur; y >= first; y--) out.push(y)
  return out
}

/** The financial year (its starting calendar year) of a period YYYY-MM; null when malformed. */
export function fyOfPeriod(p: string): number | null {
  const m = /^(\d{4})-(\d{2})$/.exec(p)
  if (!m) return null
  const y = Number(m[1])
  const mo = Number(m[2])
  if (mo < 1 || mo > 12) return null
  return mo >= 4 ? y : y - 1
}

/** Whether a period is still to come (its first day after now): the portal has nothing for it. */
export function isFuture(p: string, now: Date): boolean {
  const m = /^(\d{4})-(\d{2})$/.exec(p)
  if (!m) return false
  return new Date(Number(m[1]), Number(m[2]) - 1, 1) > now
}

/** How a chip click changes the selection: plain selects one, toggle adds/removes, range fills from the anchor. */
export type ClickMode = 'single' | 'toggle' | 'range'

/** The selection after a click on period p of the months shown (in order); anchor is the last plain/toggle click. */
export function clickPeriod(selected: string[], months: string[], p: string, mode: ClickMode, anchor: string): string[] {
  if (mode === 'single') return [p]
  if (mode === 'toggle') {
    const next = selected.includes(p) ? selected.filter((x) => x !== p) : [...selected, p]
    return sortPeriods(next)
  }
  const a = months.indexOf(anchor)
  const b = months.indexOf(p)
  if (a < 0 || b < 0) return [p]
  const [lo, hi] = a < b ? [a, b] : [b, a]
  return months.slice(lo, hi + 1)
}

/** Periods in calendar order, without repeats. */
export function sortPeriods(ps: string[]): string[] {
  return [...new Set(ps)].sort()
}

/** The months of a financial year as chips. */
export function fyMonths(fy: number): string[] {
  return fyPeriods(fy)
}

/** Describes a list of periods: "Apr 2025", "Apr 2025 – Jun 2025" (consecutive) or "3 months". */
export function periodsLabel(ps: string[]): string {
  const s = sortPeriods(ps)
  if (s.length === 0) return 'no month'
  if (s.length === 1) return periodLabel(s[0])
  const consecutive = s.every((p, i) => i === 0 || nextPeriod(s[i - 1]) === p)
  if (consecutive) return `${periodLabel(s[0])} – ${periodLabel(s[s.length - 1])}`
  return `${s.length} months`
}

/** The period after p: 2025-12 → 2026-01. */
export function nextPeriod(p: string): string {
  const [y, m] = p.split('-').map(Number)
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`
}

const pad = (n: number) => String(n).padStart(2, '0')

/** A time for people: "14:05" today, else "21/11/2026 14:05". */
export function clock(iso: string, now: Date = new Date()): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  const hm = `${pad(d.getHours())}:${pad(d.getMinutes())}`
  const same = d.getFullYear() === now.getFullYear() && d.getMonth() === now.getMonth() && d.getDate() === now.getDate()
  return same ? hm : `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${hm}`
}

/** The fields of a session the screen shows. */
export interface SessionLike { gstin: string; username: string; active: boolean; session_expiry: string; from_env?: boolean }

export type SessionState = 'none' | 'active' | 'expired'

/** Whether there is a session, a live one or one that has expired. */
export function sessionState(s: SessionLike | null | undefined, now: Date = new Date()): SessionState {
  if (!s || (!s.username && !s.from_env && !s.active)) return 'none'
  const exp = new Date(s.session_expiry).getTime()
  if (!s.active || (!Number.isNaN(exp) && exp <= now.getTime())) return 'expired'
  return 'active'
}

/** "signed in as demo until 14:05", or what to do when the session is gone. */
export function sessionLine(s: SessionLike | null | undefined, now: Date = new Date()): string {
  const st = sessionState(s, now)
  if (st === 'none' || !s) return 'Not signed in to the GST portal. Sign in with the taxpayer’s user name and an OTP to pull GSTR-2A and GSTR-2B and to act in IMS.'
  if (st === 'expired') return `The GST portal session${s.username ? ' of ' + s.username : ''} expired at ${clock(s.session_expiry, now)}. Sign in again (OTP) to pull; what was pulled stays readable.`
  if (s.from_env) return `Signed in with the token from GSTDESK_TAXPAYER_TOKEN until ${clock(s.session_expiry, now)}`
  return `Signed in as ${s.username} until ${clock(s.session_expiry, now)}`
}

/** The fields of a pull result the screen shows. */
export interface PullResultLike { period: string; status: string; invoices: number; suppliers: number; error?: { message: string } }

/** One month's outcome in words. */
export function pullLine(r: PullResultLike): string {
  switch (r.status) {
    case 'pulled': return `pulled ${count(r.invoices)} invoice${r.invoices === 1 ? '' : 's'} from ${count(r.suppliers)} supplier${r.suppliers === 1 ? '' : 's'}`
    case 'empty': return 'empty: the portal has no invoices for this month'
    case 'error': return r.error?.message ?? 'failed'
    default: return r.error?.message ?? 'not pulled'
  }
}

/** The badge class of a pull result. */
export function pullClass(status: string): string {
  return status === 'pulled' ? 'ok' : status === 'empty' ? 'info' : status === 'error' ? 'bad' : 'warn'
}

/** The invoice filter as typed on screen. */
export interface FilterInput {
  supplier: string
  number: string
  date_from: string
  date_to: string
  rate: string
  pos: string
  reverse_charge: string
  type: string
  einvoice: string
  supplier_filed: string
  supplier_filed_3b: string
  period: string
}

/** A filter with nothing set. */
export function emptyFilter(): FilterInput {
  return { supplier: '', number: '', date_from: '', date_to: '', rate: '', pos: '', reverse_charge: '', type: '', einvoice: '', supplier_filed: '', supplier_filed_3b: '', period: '' }
}

/** How many filters are set. */
export function activeFilters(f: FilterInput): number {
  return Object.values(f).filter((v) => String(v).trim() !== '').length
}

/** The backend's filter from what is typed: half-typed dates and a bad rate or POS are left out and reported. */
export function toFilter(f: FilterInput): { filter: Omit<FilterInput, 'rate'> & { rate: number | null }; problems: string[] } {
  const problems: string[] = []
  const dateOf = (s: string, what: string) => {
    const t = s.trim()
    if (!t) return ''
    if (!parseDate(t)) { problems.push(`${what} must be a date written DD/MM/YYYY`); return '' }
    return t.replace(/[-.]/g, '/')
  }
  const from = dateOf(f.date_from, 'From')
  const to = dateOf(f.date_to, 'To')
  let rate: number | null = null
  if (f.rate.trim() !== '') {
    const r = Number(f.rate.replace('%', '').trim())
    if (Number.isFinite(r) && r >= 0 && r <= 100) rate = r
    else problems.push('Rate must be a number of percent, such as 18')
  }
  let pos = f.pos.trim()
  if (pos && !/^\d{1,2}$/.test(pos)) { problems.push('Place of supply is a state code, such as 27'); pos = '' }
  if (pos.length === 1) pos = '0' + pos
  return {
    filter: {
      supplier: f.supplier.trim(), number: f.number.trim(),
      date_from: from, date_to: to,
      rate, pos, reverse_charge: f.reverse_charge, type: f.type, einvoice: f.einvoice,
      supplier_filed: f.supplier_filed, supplier_filed_3b: f.supplier_filed_3b, period: f.period,
    },
    problems,
  }
}

/** The sort after a click on a column header: a new column sorts ascending (money columns descending), the same column flips. */
export function nextSort(cur: string, desc: boolean, key: string): { sort: string; desc: boolean } {
  if (cur !== key) return { sort: key, desc: MONEY_KEYS.has(key) }
  return { sort: key, desc: !desc }
}

const MONEY_KEYS = new Set(['value', 'taxable', 'igst', 'cgst', 'sgst', 'cess', 'tax'])

/** A bar of a chart: its label, value and width as a percentage of the largest. */
export interface Bar { key: string; label: string; value: number; pct: number; title?: string }

/** Bars scaled to the largest value (negative values show as empty bars). */
export function bars(items: { key: string; label: string; value: number; title?: string }[]): Bar[] {
  const max = Math.max(0, ...items.map((i) => i.value))
  return items.map((i) => ({ ...i, pct: max > 0 && i.value > 0 ? (100 * i.value) / max : 0 }))
}

/** A rate for people: 18 → "18%", 0.25 → "0.25%". */
export function rateLabel(r: number): string {
  return `${Number(r.toFixed(2))}%`
}

/** "Y"/"N" as a word for the filing columns. */
export function yesNo(v: string): string {
  return v === 'Y' ? 'Yes' : v === 'N' ? 'No' : '—'
}

/** " for 29AAACB0001K1Z7 only", " from 01/04/2025", both, or "" for a full pull: a pull's scope in
 * words, on the pull button and wherever a pull is listed. */
export function scopeWords(supplier: string, from: string): string {
  return (supplier ? ` for ${supplier} only` : '') + (from ? ` from ${from}` : '')
}

/** The GSTR-2A sections besides B2B, in the return's order, in words. */
export const DOC_SECTIONS: { key: string; label: string }[] = [
  { key: 'b2ba', label: 'B2B amendments' },
  { key: 'cdn', label: 'Credit/debit notes' },
  { key: 'cdna', label: 'Note amendments' },
  { key: 'isd', label: 'ISD credit' },
  { key: 'isda', label: 'ISD amendments' },
  { key: 'impg', label: 'Imports of goods' },
  { key: 'impgsez', label: 'Imports from SEZ' },
  { key: 'ecom', label: 'E-commerce' },
  { key: 'ecoma', label: 'E-commerce amendments' },
  { key: 'tds', label: 'TDS credit' },
  { key: 'tcs', label: 'TCS credit' },
]

const DOC_KINDS: Record<string, string> = {
  invoice: 'Invoice', credit_note: 'Credit note', debit_note: 'Debit note', isd_invoice: 'ISD invoice',
  isd_credit_note: 'ISD credit note', bill_of_entry: 'Bill of entry', tds: 'TDS credit', tcs: 'TCS credit',
}
export const docKindLabel = (k: string): string => DOC_KINDS[k] ?? k

/** A 2A document's own words: what a bill of entry, an ISD document, an amendment or a note is. */
export function docOwnWords(r: { kind: string; section: string; number: string; date: string; port_code?: string; itc_elg?: string;
  orig_number?: string; orig_date?: string; invoice_number?: string; invoice_date?: string; ref_date?: string; amd?: string }, fmt: (s: string) => string): string[] {
  const out: string[] = []
  if (r.kind === 'bill_of_entry') {
    out.push(`Bill of entry ${r.number} of ${fmt(r.date)}${r.port_code ? ' at port ' + r.port_code : ' (no port code given)'}${r.ref_date ? ', taken in on ' + fmt(r.ref_date) : ''}${r.amd === 'Y' ? ', amended' : ''}.`)
  }
  if (r.kind === 'isd_invoice' || r.kind === 'isd_credit_note') {
    out.push(r.itc_elg === 'N' ? 'ISD credit marked not eligible: it is not claimable.' : 'Eligible ISD credit.')
  }
  if (r.invoice_number) out.push(`Note against invoice ${r.invoice_number}${r.invoice_date ? ' of ' + fmt(r.invoice_date) : ''}.`)
  if (r.section.endsWith('a')) {
    out.push(r.orig_number ? `Amends ${r.orig_number}${r.orig_date ? ' of ' + fmt(r.orig_date) : ''}.` : 'The return names no original document for this amendment.')
  }
  if (r.kind === 'tds' || r.kind === 'tcs') out.push('A credit to the cash ledger, not input tax credit.')
  return out
}

/**
 * Whether the invoice table's totals need two lines: any total of a crore or more (14 characters
 * and up, "1,00,00,000.00") is wider than its column's rows, and one line of them would push the
 * table wider than a 1366 px window.
 */
export function staggered(totals: string[]): boolean {
  return totals.some((t) => t.replace(/^[-(]|\)$/g, '').length >= 14)
}
