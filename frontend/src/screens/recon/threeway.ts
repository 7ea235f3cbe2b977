// Pure helpers of the reconciliation against GSTR-2B (ThreeWay.svelte): the recommended IMS action
// in words, the person's choices in place of it, the counts by action, and each line of applying
// them in words.
import type { Choice } from '../../api/threeway'
import { statusLabel, statusTone } from './logic'
import { inPaise } from '../../lib/format'

export interface TwRowLike {
  key?: string
  ims_section?: string
  choice?: string
  gstr2a?: { supplier_gstin: string; invoice_number: string } | null
  recommended: { action: string }
}

/** The recommended action's code as the choice it is. */
export const CODE_CHOICE: Record<string, Choice | ''> = { A: 'accept', P: 'pending', R: 'reject', '': '' }
export const CHOICE_WORD: Record<string, string> = { accept: 'Accept', pending: 'Keep pending', reject: 'Reject', reset: 'Reset to no action', skip: 'Leave as it is', '': 'No IMS action' }
export const CHOICE_TONE: Record<string, string> = { accept: 'ok', pending: 'warn', reject: 'bad', reset: '', skip: '', '': '' }
/** A choice kept with the run (its code) as the screen says it. */
export const STORED_CHOICE: Record<string, Choice> = { A: 'accept', P: 'pending', R: 'reject', N: 'reset', '-': 'skip' }

/** The tabs of the three-way table: all rows, then by the action to take. */
export const ACTION_TABS: { key: string; label: string }[] = [
  { key: 'all', label: 'All' },
  { key: 'accept', label: 'Accept' },
  { key: 'pending', label: 'Keep pending' },
  { key: 'reject', label: 'Reject' },
  { key: 'reset', label: 'Reset' },
  { key: 'skip', label: 'Left as is' },
  { key: '', label: 'No IMS action' },
]

/** How a row is known to the choices: its key in the run ("" for a row with no 2B document, which takes no IMS action). */
export function choiceKey(r: TwRowLike): string {
  if (!r.gstr2a || !r.ims_section) return ''
  return r.key ?? ''
}

/** The choices kept with a run's rows, as the screen holds them. */
export function choicesOf(rows: TwRowLike[]): Record<string, Choice> {
  const out: Record<string, Choice> = {}
  for (const r of rows) {
    const k = choiceKey(r)
    if (k && r.choice && STORED_CHOICE[r.choice]) out[k] = STORED_CHOICE[r.choice]
  }
  return out
}

/** The action a row will take: the person's choice, else the recommendation. */
export function effective(r: TwRowLike, choices: Record<string, Choice>): Choice | '' {
  const k = choiceKey(r)
  return (k && choices[k]) || CODE_CHOICE[r.recommended.action] || ''
}

/** Sets (or, when it is the recommendation, clears) a row's choice. */
export function choose(choices: Record<string, Choice>, r: TwRowLike, c: Choice): Record<string, Choice> {
  const k = choiceKey(r)
  if (!k) return choices
  const next = { ...choices }
  if (CODE_CHOICE[r.recommended.action] === c) delete next[k]
  else next[k] = c
  return next
}

/** Rows by the action they will take, and all. */
export function actionCounts(rows: TwRowLike[], choices: Record<string, Choice>): Record<string, number> {
  const out: Record<string, number> = { all: rows.length }
  for (const r of rows) {
    const a = effective(r, choices)
    out[a] = (out[a] ?? 0) + 1
  }
  return out
}

/** One line of a preview or an apply, in words. */
export function lineWords(l: { result: string; message?: string }): string {
  switch (l.result) {
    case 'dry_run': return 'will be sent'
    case 'already': return 'already so in IMS: nothing to send'
    case 'not_in_ims': return 'not in IMS: ' + (l.message ?? '')
    case 'applied': return 'done: the portal has it'
    case 'refused': return 'refused: ' + (l.message ?? '')
    case 'failed': return 'not done: ' + (l.message ?? '')
    case 'unknown': return 'not known yet: ' + (l.message ?? '')
    case 'sent': return 'sent'
    case 'changed': return 'not sent, changed since: ' + (l.message ?? '')
  }
  return l.message ?? l.result
}
export const lineTone = (result: string): string => ({ dry_run: 'info', already: '', not_in_ims: 'warn', applied: 'ok', refused: 'bad', failed: 'bad', unknown: 'warn', changed: 'warn' } as Record<string, string>)[result] ?? ''

/** What a preview or an apply came to, in one line: "58 done, 2 refused, 1 not in IMS". */
export function linesSummary(lines: { result: string }[]): string {
  const n: Record<string, number> = {}
  for (const l of lines) n[l.result] = (n[l.result] ?? 0) + 1
  const words: [string, string][] = [['dry_run', 'to send'], ['applied', 'done'], ['refused', 'refused'], ['failed', 'not done'], ['unknown', 'not known yet'], ['already', 'already so'], ['not_in_ims', 'not in IMS'], ['changed', 'changed since the run']]
  const parts = words.filter(([k]) => n[k]).map(([k, w]) => `${n[k]} ${w}`)
  return parts.join(', ') || 'nothing to send'
}

/** What a row of a run against GSTR-2B carries beyond the generated model (issue 23): how its
 * periods stand, its age, its claim period, its rate flags, and the recommendation's rule and figures. */
export interface TwExtra {
  status: string
  timing?: string
  timing_note?: string
  age_days?: number
  claim_period?: string
  rate_flags?: string[]
  recommended: { action: string; reason: string; itc_note?: string; rule?: string; figures?: string }
}

/** A status as a run against GSTR-2B says it: "Missing in 2B" (missing_in_2b; missing_in_2a of a run saved before). */
export function twStatusLabel(s: string): string {
  if (s === 'missing_in_2b' || s === 'missing_in_2a') return 'Missing in 2B'
  return statusLabel(s).replace('2A', '2B')
}
export const twStatusTone = (s: string): string => statusTone(s === 'missing_in_2b' ? 'missing_in_2a' : s)

/** The short word of a row's timing, for its badge ("" when books and 2B are of one month). */
export function timingWord(r: TwExtra): string {
  switch (r.timing) {
    case 'reported_late': return 'reported late'
    case 'awaiting_supplier': return `awaiting the supplier, ${r.age_days ?? 0} days`
    case 'booked_later': return 'booked later'
    case 'claimed_earlier': return 'claimed earlier'
  }
  return ''
}

/** All a row's recommendation says, for its tooltip: action, reason, timing, figures, rule, ITC note, rate flags. */
export function whyText(r: TwExtra, action: string): string {
  const rule = r.recommended.rule ? `(rule ${r.recommended.rule})` : ''
  return [action + ':', r.recommended.reason, r.timing_note ? '— ' + r.timing_note + '.' : '', r.recommended.figures ? 'Figures: ' + r.recommended.figures + '.' : '',
    rule, r.recommended.itc_note ?? '', ...(r.rate_flags ?? [])].filter(Boolean).join(' ')
}

// ---- The 2B run as a first-class view: its strip, money on the tabs, the totals row, the run
// picker and the one banner for months closed in IMS.

/** Rupees added exactly: each amount to whole paise, added, back to rupees once. */
export function addRupees(values: (number | null | undefined)[]): number {
  let p = 0
  for (const v of values) p += inPaise(v)
  return p / 100
}

interface InvLike { igst: number; cgst: number; sgst: number; cess: number }
interface MoneyRow extends TwRowLike { books?: InvLike | null; gstr2a?: (InvLike & { supplier_gstin: string; invoice_number: string }) | null }

/** A row's tax (rupees, credit notes negative): its 2B document's, else its books document's. */
export function rowTax(r: MoneyRow): number {
  const d = r.gstr2a ?? r.books
  return d ? addRupees([d.igst, d.cgst, d.sgst, d.cess]) : 0
}

/** Rows and ₹ of each tab (all, and by the action each row will take). */
export function tabMoney(rows: MoneyRow[], choices: Record<string, Choice>): Record<string, { count: number; rupees: number }> {
  const paise: Record<string, number> = { all: 0 }
  const n: Record<string, number> = { all: rows.length }
  for (const r of rows) {
    const t = inPaise(rowTax(r))
    const a = effective(r, choices)
    paise.all += t
    paise[a] = (paise[a] ?? 0) + t
    n[a] = (n[a] ?? 0) + 1
  }
  const out: Record<string, { count: number; rupees: number }> = {}
  for (const k of Object.keys(n)) out[k] = { count: n[k], rupees: paise[k] / 100 }
  return out
}

/** The totals row under the table: the rows shown, their books tax and their 2B tax. */
export function totals(rows: MoneyRow[]): { rows: number; books: number; twoB: number } {
  const b: number[] = []
  const a: number[] = []
  for (const r of rows) {
    if (r.books) b.push(addRupees([r.books.igst, r.books.cgst, r.books.sgst, r.books.cess]))
    if (r.gstr2a) a.push(addRupees([r.gstr2a.igst, r.gstr2a.cgst, r.gstr2a.sgst, r.gstr2a.cess]))
  }
  return { rows: rows.length, books: addRupees(b), twoB: addRupees(a) }
}

/** What each figure of the strip counts, in one line (the whole definition is its tooltip). */
export const STRIP_LINES: Record<string, string> = {
  gstr2b_itc: '2B documents in the credit',
  books_itc: 'register documents',
  difference: '2B ITC less books ITC',
  claim_now: 'matched or accepted',
  held: 'not booked, mismatch, IMS',
  at_risk: 'books tax not backed by 2B',
}
export const STRIP_TONE: Record<string, string> = { claim_now: 'ok', held: 'warn', at_risk: 'bad', difference: '' }

export interface FigureLike { key: string; rupees: number; count: number }

/** Whether the strip adds up as it says: claim now + held = 2B ITC, 2B ITC - books ITC = difference (to the paisa). */
export function stripAddsUp(figs: FigureLike[]): boolean {
  const f = (k: string) => inPaise(figs.find((x) => x.key === k)?.rupees)
  return f('claim_now') + f('held') === f('gstr2b_itc') && f('gstr2b_itc') - f('books_itc') === f('difference')
}

/** The months of a run in words: "March 2025" or "March 2025 – May 2025". */
const span = (from: string, to: string, label: (p: string) => string) => label(from) + (to !== from ? ' – ' + label(to) : '')

export interface RunInfoLike {
  id: string
  from_period: string
  to_period: string
  created_at: string
  register_name: string
  rows?: number
  pinned?: boolean
  recommended?: Record<string, number>
  summary?: { figures: FigureLike[] } | null
}

/**
 * A saved run as the picker lists it: the months, when it was run, its rows and what is
 * recommended, and its 2B ITC when the run kept its strip.
 */
export function runLabel(r: RunInfoLike, label: (p: string) => string, when: (iso: string) => string, rupees: (v: number) => string): string {
  const rec = r.recommended ?? {}
  const parts = [span(r.from_period, r.to_period, label), 'run ' + when(r.created_at)]
  if (r.rows) parts.push(`${r.rows} rows`)
  const acts = [['accept', 'accept'], ['pending', 'pending'], ['reject', 'reject']].filter(([k]) => rec[k]).map(([k, w]) => `${rec[k]} ${w}`)
  if (acts.length) parts.push(acts.join(', '))
  const twoB = r.summary?.figures.find((f) => f.key === 'gstr2b_itc')
  if (twoB) parts.push('2B ITC ' + rupees(twoB.rupees))
  parts.push(r.register_name)
  if (r.pinned) parts.push('pinned')
  return parts.join(' · ')
}

/** The one banner for the run's months closed in IMS ('' when none is closed). */
export function closedBanner(closed: { label: string; actions: number; still_listed: number }[]): string {
  if (!closed.length) return ''
  const months = closed.map((c) => c.label).join(', ')
  const actions = closed.reduce((n, c) => n + c.actions, 0)
  const listed = closed.reduce((n, c) => n + c.still_listed, 0)
  const one = closed.length === 1
  let s = `IMS is closed for ${months}: ${one ? 'its' : 'their'} GSTR-3B period is over, so no IMS action can be sent for ${one ? 'its' : 'their'} documents`
  s += actions ? ` (${actions} recommended or chosen here are not sent, and a preview lists nothing for them).` : '.'
  if (listed) s += ` ${listed} document${listed === 1 ? '' : 's'} IMS still lists as pending can be acted on.`
  return s
}

/** What the preview button says it will spend, before anything is spent. */
export function callsWords(calls: number): string {
  return calls ? `${calls} paid call${calls === 1 ? '' : 's'} to list IMS` : 'no paid call'
}
