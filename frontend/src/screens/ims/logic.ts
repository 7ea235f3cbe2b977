// Pure helpers of the IMS screen: sections and statuses in words, counts, filtering, staging
// actions on selected rows (refusing "pending" where the portal blocks it, with the reason), the
// requests to send, and each document's result in words.
import { plural } from '../../lib/format'

export const IMS_SECTIONS: { key: string; label: string }[] = [
  { key: 'b2b', label: 'B2B invoices' },
  { key: 'b2ba', label: 'B2B amendments' },
  { key: 'b2bcn', label: 'Credit notes' },
  { key: 'b2bcna', label: 'Credit note amendments' },
  { key: 'b2bdn', label: 'Debit notes' },
  { key: 'b2bdna', label: 'Debit note amendments' },
  { key: 'ecom', label: 'E-commerce' },
  { key: 'ecoma', label: 'E-commerce amendments' },
]
export const imsSectionLabel = (k: string): string => IMS_SECTIONS.find((s) => s.key === k)?.label ?? k

/** The statuses of IMS: the code the service gives and the word the screen uses. */
export const STATUSES: { code: string; label: string; tone: string }[] = [
  { code: 'N', label: 'No action', tone: '' },
  { code: 'A', label: 'Accepted', tone: 'ok' },
  { code: 'P', label: 'Pending', tone: 'warn' },
  { code: 'R', label: 'Rejected', tone: 'bad' },
]
export const statusLabel = (code: string): string => STATUSES.find((s) => s.code === code)?.label ?? code

export type Action = 'accept' | 'reject' | 'pending' | 'reset'
/** The status an action leaves a document in. */
export const ACTION_CODE: Record<Action, string> = { accept: 'A', reject: 'R', pending: 'P', reset: 'N' }
export const ACTION_WORD: Record<Action, string> = { accept: 'accept', reject: 'reject', pending: 'keep pending', reset: 'reset to no action' }
/** The keys that stage an action on the selected rows. */
export const ACTION_KEYS: Record<string, Action> = { a: 'accept', r: 'reject', p: 'pending', n: 'reset' }

export const BLOCKED_REASON = 'The portal does not allow “pending” for this document: accept or reject it.'

export interface RowLike { section: string; stin: string; number: string; rtnprd?: string; action: string; pending_blocked: boolean; name?: string }

/** How a row is known on the screen (and in the staged actions). */
// The supplier's return period is part of it: one number may be listed in two periods.
export const rowKey = (r: { section: string; stin: string; number: string; rtnprd?: string }): string => `${r.section}|${r.rtnprd ?? ''}|${r.stin}|${r.number}`

/** Counts by section and status code, with the totals of each in "" (all sections) and "*" (all statuses). */
export function counts(rows: RowLike[]): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = { '': { '*': 0 } }
  for (const r of rows) {
    const s = (out[r.section] ??= { '*': 0 })
    s[r.action] = (s[r.action] ?? 0) + 1
    s['*']++
    out[''][r.action] = (out[''][r.action] ?? 0) + 1
    out['']['*']++
  }
  return out
}

/** The rows of a section ("" all) and status code ("" all) that match the search (number, GSTIN or name). */
export function filterRows<T extends RowLike>(rows: T[], section: string, status: string, search: string): T[] {
  const q = search.trim().toLowerCase()
  return rows.filter((r) => (!section || r.section === section) && (!status || r.action === status) &&
    (!q || r.number.toLowerCase().includes(q) || r.stin.toLowerCase().includes(q) || (r.name ?? '').toLowerCase().includes(q)))
}

/** Stages an action on rows: returns the new staged map and, for rows left out, why. An action a
 * document already has unstages it; "pending" on a document the portal blocks is refused. */
export function stage(staged: Record<string, Action>, rows: RowLike[], action: Action): { staged: Record<string, Action>; refused: string[] } {
  const next = { ...staged }
  const refused: string[] = []
  for (const r of rows) {
    const k = rowKey(r)
    if (action === 'pending' && r.pending_blocked) {
      refused.push(`${r.number}: ${BLOCKED_REASON}`)
      continue
    }
    if (ACTION_CODE[action] === r.action) delete next[k]
    else next[k] = action
  }
  return { staged: next, refused }
}

/** The requests for the staged actions, in the order of rows. */
export function requests(staged: Record<string, Action>, rows: RowLike[], reason: string, itcRedReq = ''): { section: string; stin: string; number: string; rtnprd: string; action: Action; reason: string; itc_red_req?: string }[] {
  return rows.filter((r) => staged[rowKey(r)]).map((r) => {
    const action = staged[rowKey(r)]
    const rq = { section: r.section, stin: r.stin, number: r.number, rtnprd: r.rtnprd ?? '', action, reason }
    // IMS 2.0: the person's choice of itcRedReq goes with the accepts of documents that take it.
    return itcRedReq && action === 'accept' && takesITCRedReq(r.section) ? { ...rq, itc_red_req: itcRedReq } : rq
  })
}

/** IMS 2.0: accepting these sections declares whether the credit is reduced (itcRedReq). */
export function takesITCRedReq(section: string): boolean {
  return section === 'b2ba' || section === 'b2bdna' || section === 'b2bcn' || section === 'b2bcna'
}

/** A staged summary: "3 to accept, 1 to reject". */
export function stagedWords(staged: Record<string, Action>): string {
  const n: Record<string, number> = {}
  for (const a of Object.values(staged)) n[a] = (n[a] ?? 0) + 1
  const parts = (['accept', 'reject', 'pending', 'reset'] as Action[]).filter((a) => n[a]).map((a) => `${n[a]} to ${ACTION_WORD[a]}`)
  return parts.join(', ')
}

/** How one document's action ended, in words a person acts on. */
export function resultWords(r: { result: string; error_code?: string; message?: string }): string {
  switch (r.result) {
    case 'applied':
      return 'Done: the portal has it.'
    case 'refused':
      if (r.error_code === 'IMSSAV0010') return 'Refused: the supplier may have edited it; re-read. ' + (r.message ?? '')
      return 'Refused: ' + (r.message ?? 'the portal refused it.')
    case 'failed':
      return 'Not done: ' + (r.message ?? 'the request failed.')
    case 'unknown':
      return 'Not known yet: ' + (r.message ?? 'the GST service has not said how it ended.')
  }
  return r.message ?? r.result
}

export const resultTone = (result: string): string => ({ applied: 'ok', refused: 'bad', failed: 'bad', unknown: 'warn' } as Record<string, string>)[result] ?? 'info'

/** The outcome of a save in one line. */
export function applyLine(a: { applied: number; refused: number; failed: number; unknown: number }): string {
  const parts = [`${plural(a.applied, 'document')} done`]
  if (a.refused) parts.push(`${a.refused} refused`)
  if (a.failed) parts.push(`${a.failed} not done`)
  if (a.unknown) parts.push(`${a.unknown} not known yet`)
  return parts.join(', ')
}

/** The ITC period IMS is open for: the month before now (YYYY-MM). */
export function imsPeriod(now: Date): string {
  const d = new Date(now.getFullYear(), now.getMonth() - 1, 1)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`
}

/** A supplier's return period MMYYYY as YYYY-MM. */
export function fromRtnprd(p: string): string {
  return /^\d{6}$/.test(p) ? `${p.slice(2)}-${p.slice(0, 2)}` : p
}
