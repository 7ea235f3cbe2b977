// Pure helpers of the ITC calendar screen: rules and statuses in words, the calendar filtered and
// flattened for the keyboard, the scorecard sorted, and each supplier's points taken off with the
// figures behind them. Amounts arrive in rupees with two decimals; sums are made in paise (inPaise).
import type { Calendar, Item, MonthGroup, SupplierScore } from '../../api/itcrisk'
import { count, date, inPaise, money, plural } from '../../lib/format'

/** The calendar's rules, short, for the table's Rule column (the totals show the law in full). */
export const RULE_SHORT: Record<string, string> = {
  rule_37: 'Unpaid 180 days',
  rule_37a: 'Supplier’s 3B not filed',
  s16_4: 'Pending in IMS',
  not_in_2b: 'Not in GSTR-2B',
  not_in_books: 'Not in the books',
  ims_deemed: 'Credit note deemed accepted',
}
export const ruleShort = (r: string): string => RULE_SHORT[r] ?? r

/** Statuses of an item in the order they matter. */
export const STATUSES: { key: string; label: string; tone: string; hint: string }[] = [
  { key: 'overdue', label: 'Overdue', tone: 'bad', hint: 'the last day to act has passed' },
  { key: 'due', label: 'Due now', tone: 'warn', hint: 'the date has come; the last day to act has not passed' },
  { key: 'upcoming', label: 'Upcoming', tone: 'info', hint: 'the date has not come yet' },
  { key: 'reclaim', label: 'Take back', tone: 'ok', hint: 'credit reversed that may be claimed again' },
]
export const statusLabel = (s: string): string => STATUSES.find((x) => x.key === s)?.label ?? s
export const statusTone = (s: string): string => STATUSES.find((x) => x.key === s)?.tone ?? ''

/** What the calendar shows: one rule, one status, and text in the supplier, GSTIN or number ("" for any). */
export interface ItemFilter { rule: string; status: string; search: string }
export const noFilter = (f: ItemFilter): boolean => !f.rule && !f.status && !f.search.trim()

export function matches(it: Item, f: ItemFilter): boolean {
  if (f.rule && it.rule !== f.rule) return false
  if (f.status && it.status !== f.status) return false
  const q = f.search.trim().toLowerCase()
  if (!q) return true
  return it.supplier_gstin.toLowerCase().includes(q) || (it.supplier_name ?? '').toLowerCase().includes(q) || it.document_number.toLowerCase().includes(q)
}

/** A month of the calendar with the items the filter keeps (months left empty by a filter are dropped). */
export interface ShownMonth { group: MonthGroup; items: Item[]; first: number }

/** The months with their shown items, and first: the index of the month's first item in the flat list (for the cursor). */
export function shownMonths(cal: Calendar | null, f: ItemFilter): ShownMonth[] {
  const out: ShownMonth[] = []
  let n = 0
  for (const g of cal?.months ?? []) {
    const items = g.items.filter((it) => matches(it, f))
    if (!items.length && !noFilter(f)) continue
    out.push({ group: g, items, first: n })
    n += items.length
  }
  return out
}

/** The items shown, in calendar order. */
export const flatItems = (ms: ShownMonth[]): Item[] => ms.flatMap((m) => m.items)

/** A row of the calendar's one scrolling list: a month's header, or an item (n: its place among the items shown). */
export type CalRow = { kind: 'month'; month: ShownMonth } | { kind: 'item'; it: Item; n: number }

/** The months flattened into one list, each month's header a row of its own before its items; and where each item's row is. */
export function calRows(ms: ShownMonth[]): { rows: CalRow[]; rowOf: number[] } {
  const rows: CalRow[] = []
  const rowOf: number[] = []
  for (const m of ms) {
    rows.push({ kind: 'month', month: m })
    m.items.forEach((it, j) => {
      rowOf.push(rows.length)
      rows.push({ kind: 'item', it, n: m.first + j })
    })
  }
  return { rows, rowOf }
}

/**
 * The item a calendar key moves the cursor to (an index among the items shown), or null for another
 * key: ↑ ↓ the item before/after, PgUp PgDn the first item of the month before/after (a month with
 * none shown is passed over; PgUp in the first month goes to its first item, PgDn in the last stays),
 * Home End the first and the last.
 */
export function calKey(key: string, cur: number, ms: ShownMonth[]): number | null {
  const n = ms.reduce((k, m) => k + m.items.length, 0)
  if (!n) return null
  const c = Math.min(Math.max(0, cur), n - 1)
  const at = ms.findIndex((m) => c >= m.first && c < m.first + m.items.length)
  const firsts = ms.filter((m) => m.items.length).map((m) => m.first)
  switch (key) {
    case 'ArrowDown': return Math.min(n - 1, c + 1)
    case 'ArrowUp': return Math.max(0, c - 1)
    case 'Home': return 0
    case 'End': return n - 1
    case 'PageDown': return firsts.find((f) => f > ms[at].first) ?? c
    case 'PageUp': return [...firsts].reverse().find((f) => f < ms[at].first) ?? 0
  }
  return null
}

/**
 * Each status's count over the whole year, as the service counted it (a screen is sent at most 500
 * items a month: counting what it was sent would say "Due now 500" of 87,076). A calendar without
 * the service's counts (an older answer) is counted from its items.
 */
export function statusCounts(cal: Calendar): Record<string, number> {
  const out: Record<string, number> = {}
  if (cal.statuses?.length || cal.count === 0) {
    for (const s of cal.statuses ?? []) out[s.status] = s.count
    return out
  }
  for (const g of cal.months) for (const it of g.items) out[it.status] = (out[it.status] ?? 0) + 1
  return out
}

/**
 * How many items of the whole year a filter takes, when the service's counts tell it (no filter,
 * one rule, or one status, without a search), else null.
 */
export function wholeOf(cal: Calendar, f: ItemFilter): number | null {
  if (f.search.trim() || (f.rule && f.status)) return null
  if (f.rule) return cal.rules.find((r) => r.rule === f.rule)?.count ?? null
  if (f.status) return statusCounts(cal)[f.status] ?? 0
  return cal.count
}

/**
 * "showing 500 of 87,076" when the list holds fewer items than the year has for the filter; "" when
 * it holds them all. Without a whole to compare (a search), "showing 12 of the 500 listed" when the
 * service left items out.
 */
export function listedWords(shown: number, whole: number | null, listed: number, total: number): string {
  if (whole !== null) return whole > shown ? `showing ${count(shown)} of ${count(whole)}` : ''
  return listed < total ? `showing ${count(shown)} of the ${count(listed)} listed` : ''
}

/** Items the screen was not sent (a month over its limit): the export has them. */
export const leftOut = (cal: Calendar | null): number => (cal?.months ?? []).reduce((n, g) => n + (g.more ?? 0), 0)

/** Each rule's count, credit at risk and credit to take back, added up from the items sent, in paise (exact). */
export function sumsByRule(cal: Calendar | null): Record<string, { count: number; at_risk: number; reclaim: number }> {
  const out: Record<string, { count: number; at_risk: number; reclaim: number }> = {}
  for (const g of cal?.months ?? []) {
    for (const it of g.items) {
      const s = (out[it.rule] ??= { count: 0, at_risk: 0, reclaim: 0 })
      s.count++
      if (it.status === 'reclaim') s.reclaim += inPaise(it.amount)
      else s.at_risk += inPaise(it.amount)
    }
  }
  return out
}

/** Rules whose totals differ from the sum of their items (none unless items were left out): a figure never to show silently. */
export function disagreeing(cal: Calendar | null): string[] {
  if (!cal || leftOut(cal)) return []
  const sums = sumsByRule(cal)
  return cal.rules.filter((r) => {
    const s = sums[r.rule] ?? { count: 0, at_risk: 0, reclaim: 0 }
    return s.count !== r.count || s.at_risk !== inPaise(r.at_risk) || s.reclaim !== inPaise(r.reclaim)
  }).map((r) => r.title)
}

/** The item's kind of document in words. */
export function kindWord(k: string): string {
  return ({ invoice: 'Invoice', debit_note: 'Debit note', credit_note: 'Credit note' } as Record<string, string>)[k] ?? k
}

// --- The supplier scorecard ---

export type SortKey = 'supplier' | 'score' | 'lag' | 'missing' | 'mismatch' | 'rejected' | 'unfiled' | 'cancelled'

/** The scorecard's columns: what each sorts by, and its first direction (score worst first, the rest largest first). */
export const SCORE_COLUMNS: { key: SortKey; label: string; title: string; num: boolean }[] = [
  { key: 'supplier', label: 'Supplier', title: 'Sort by name', num: false },
  { key: 'score', label: 'Score', title: 'Worst first; click again for best first', num: true },
  { key: 'lag', label: 'Filing lag', title: 'Average days GSTR-1/IFF was filed after its due date', num: true },
  { key: 'missing', label: 'Missing in 2B', title: 'Register invoices in no GSTR-2B: count and tax', num: true },
  { key: 'mismatch', label: 'Mismatch ₹', title: 'Tax by which matched pairs differ', num: true },
  { key: 'rejected', label: 'Rejected', title: 'Documents rejected in IMS: count and tax', num: true },
  { key: 'unfiled', label: 'GSTR-3B not filed', title: 'GSTR-2A documents of periods whose GSTR-3B the supplier had not filed', num: true },
  { key: 'cancelled', label: 'Cancelled', title: 'Registration cancelled (date, when known)', num: false },
]

const byKey: Record<SortKey, (s: SupplierScore) => number | string> = {
  supplier: (s) => (s.supplier_name || s.supplier_gstin).toLowerCase(),
  score: (s) => s.score,
  lag: (s) => s.avg_lag_days,
  missing: (s) => s.missing_tax,
  mismatch: (s) => s.mismatch_tax,
  rejected: (s) => s.rejected_tax,
  unfiled: (s) => s.unfiled_3b_tax,
  cancelled: (s) => (s.cancelled_on ? 1 : 0),
}

/** The first direction of a column: score and supplier ascending (worst first, A to Z), the rest descending. */
export const firstDesc = (k: SortKey): boolean => k !== 'score' && k !== 'supplier'

/** Sorts a copy of the rows by key; ties fall back to the score (worst first), then the GSTIN, as the command line's --sort. */
export function sortScores(rows: SupplierScore[], key: SortKey, desc: boolean): SupplierScore[] {
  const get = byKey[key] ?? byKey.score
  const cmp = (a: number | string, b: number | string) => (a < b ? -1 : a > b ? 1 : 0)
  return [...rows].sort((a, b) => {
    const c = cmp(get(a), get(b))
    if (c) return desc ? -c : c
    return a.score - b.score || cmp(a.supplier_gstin, b.supplier_gstin)
  })
}

export const gradeTone = (g: string): string => ({ A: 'ok', B: 'info', C: 'warn', D: 'bad' } as Record<string, string>)[g] ?? ''

/** Days with their noun: "1 day", "6.5 days". */
export const days = (n: number): string => `${n} ${n === 1 ? 'day' : 'days'}`

/** The filing lag in words: "on time (5 returns)", "2 of 5 returns late · 6.5 days on average, at most 12". */
export function lagWords(s: SupplierScore): string {
  if (!s.filings) return 'no return seen in 2B'
  if (!s.late) return `on time (${plural(s.filings, 'return')})`
  return `${count(s.late)} of ${plural(s.filings, 'return')} late · ${days(s.avg_lag_days)} on average, at most ${count(s.max_lag_days)}`
}

/** Points in the scorecard's way: 12, 6.5. */
export const pts = (p: number): string => String(Math.round(p * 10) / 10)

/** Why each penalty was taken off, with the supplier's own figures. */
export function penaltyWhy(s: SupplierScore, what: string): string {
  switch (what) {
    case 'GSTR-1 filed late':
      return `${days(s.avg_lag_days)} late on average over ${plural(s.filings, 'return')} × 2 points a day (at most 30)`
    case 'invoices not in 2B':
      return `${money(s.missing_tax, { symbol: true })} of the ${money(s.books_tax, { symbol: true })} tax booked with them is in no GSTR-2B (${plural(s.missing_in_2b, 'invoice')}) × 30`
    case 'amounts differ':
      return `${money(s.mismatch_tax, { symbol: true })} difference on ${plural(s.mismatches, 'pair')} over ${money(s.books_tax, { symbol: true })} booked × 20 (at most 20)`
    case 'rejected in IMS':
      return `${count(s.rejected)} of ${plural(s.documents_2b + s.rejected, 'document')} rejected in IMS × 10`
    case 'GSTR-3B not filed':
      return `${plural(s.unfiled_3b, 'GSTR-2A document')} of periods whose GSTR-3B it had not filed, as a share of its 2A documents × 20`
    case 'registration cancelled':
      return s.cancelled_on && s.cancelled_on !== 'cancelled' ? `cancelled on ${date(s.cancelled_on)}: 40` : 'cancelled: 40'
  }
  return ''
}

/** The score as a sum: 100 less the points taken off, rounded to a whole number, never below 0. */
export function scoreSum(s: SupplierScore): { off: number; raw: number; score: number } {
  const off = Math.round(s.penalties.reduce((n, p) => n + p.points, 0) * 10) / 10
  const raw = Math.round((100 - off) * 10) / 10
  return { off, raw, score: Math.max(0, Math.round(raw)) }
}

