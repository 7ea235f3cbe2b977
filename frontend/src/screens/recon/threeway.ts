// Pure helpers of the reconciliation against GSTR-2B (ThreeWay.svelte): the recommended IMS action
// in words, the person's choices in place of it, the counts by action, and each line of applying
// them in words.
import type { Choice } from '../../api/threeway'
import { statusLabel, statusTone } from './logic'

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
