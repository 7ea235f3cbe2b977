// Pure logic of the Table 4 and GSTR-9 screens: amounts in paise (added exactly, rounded once for
// display), the bridge's effect on 4(C), which action a document offers, the months to pick from.
import type { Doc, Heads, Line, Row, Sheet, YearDoc } from '../../api/table4'
import { inPaise } from '../../lib/format'

export const HEADS = ['igst_rupees', 'cgst_rupees', 'sgst_rupees', 'cess_rupees'] as const
export type Head = (typeof HEADS)[number]
export const HEAD_NAMES: Record<Head, string> = { igst_rupees: 'Integrated tax', cgst_rupees: 'Central tax', sgst_rupees: 'State/UT tax', cess_rupees: 'Cess' }

/** Heads in paise: [igst, cgst, sgst, cess]. */
export type P4 = [number, number, number, number]
export const p4 = (h: Heads | undefined | null): P4 => (h ? [inPaise(h.igst_rupees), inPaise(h.cgst_rupees), inPaise(h.sgst_rupees), inPaise(h.cess_rupees)] : [0, 0, 0, 0])
export const add = (a: P4, b: P4): P4 => [a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3]]
export const sub = (a: P4, b: P4): P4 => [a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3]]
export const total = (a: P4): number => a[0] + a[1] + a[2] + a[3]
export const zero = (): P4 => [0, 0, 0, 0]

const isA = (code: string) => code.startsWith('4A')
const isB = (code: string) => code.startsWith('4B')

/** What a bridge line does to 4(C), net ITC (its effects on 4(A) rows less those on 4(B)). */
export function netEffect(l: Line): P4 {
  let n = zero()
  for (const e of l.effects) {
    if (isA(e.row)) n = add(n, p4(e.tax))
    else if (isB(e.row)) n = sub(n, p4(e.tax))
  }
  return n
}

/** The line's effect on one row (zero when it does not touch it). */
export function rowEffect(l: Line, code: string): P4 {
  let n = zero()
  for (const e of l.effects) if (e.row === code) n = add(n, p4(e.tax))
  return n
}

export const row = (s: Sheet, code: string): Row | undefined => s.rows.find((r) => r.code === code)

/**
 * The bridge as the screen adds it: the 2B's proposal of 4(C), each line's effect on 4(C), their sum
 * and the figure of 4(C); ok when the proposal plus the lines is the figure, head by head, to the paisa.
 */
export function bridgeSum(s: Sheet): { proposal: P4; lines: P4; figure: P4; ok: boolean } {
  const c = row(s, '4C')
  const proposal = p4(c?.proposal), figure = p4(c?.figure)
  let lines = zero()
  for (const l of s.bridge) lines = add(lines, netEffect(l))
  const got = add(proposal, lines)
  return { proposal, lines, figure, ok: got.every((v, i) => v === figure[i]) }
}

/**
 * The bridge to one row (code; '4C' nets 4(A) less 4(B)): the row's 2B proposal, the lines that
 * change it with their effect on it (for 4(C) every line, those changing nothing too), the row's
 * figure; ok when the proposal plus the lines is the figure, head by head, to the paisa.
 */
export function bridgeTo(s: Sheet, code: string): { proposal: P4; figure: P4; lines: { line: Line; effect: P4 }[]; ok: boolean } {
  const r = row(s, code)
  const proposal = p4(r?.proposal), figure = p4(r?.figure)
  const lines = s.bridge
    .filter((l) => code === '4C' || l.effects.some((e) => e.row === code))
    .map((l) => ({ line: l, effect: code === '4C' ? netEffect(l) : rowEffect(l, code) }))
  const got = lines.reduce((n, x) => add(n, x.effect), proposal)
  return { proposal, figure, lines, ok: got.every((v, i) => v === figure[i]) }
}

/** Lines that change no figure (shown so the 2B's totals can be followed). */
export const informational = (l: Line): boolean => l.effects.length === 0

/** Lines whose documents are out of this month's claim and can be claimed now. */
const HELD = new Set(['not_booked', 'held', 'held_by_person', 'rule_37', 'rule_37a', 'claimed_earlier'])

/**
 * The action a document of a line offers in month period: "hold" when its credit is claimed in
 * the month, "claim" when it is held out of it, "" when neither applies (a register invoice, ITC
 * not available, rejected or pending in IMS, a credit note).
 */
export function actionOf(d: Doc, lineKind: string, period: string): 'claim' | 'hold' | '' {
  if (d.face !== '2b') return ''
  if (d.claim?.state === 'claim' && d.claim.claim_period === period) return 'hold'
  if (lineKind === 'reclaimed') return 'hold'
  if (HELD.has(lineKind) && total(p4(d.tax)) > 0) return 'claim'
  return ''
}

/** The documents of a GSTR-9 table (their Tables hold it). */
export const docsOfTable = (docs: YearDoc[], table: string): YearDoc[] => docs.filter((d) => d.tables.includes(table))

/** The last n months up to (and with) the one before today's, newest first: YYYY-MM. */
export function recentMonths(now: Date, n = 18): string[] {
  const out: string[] = []
  for (let i = 1; i <= n; i++) {
    const d = new Date(now.getFullYear(), now.getMonth() - i, 1)
    out.push(`${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`)
  }
  return out
}

/** Words for a document's claim as stored. */
export function claimWords(d: Doc): string {
  const c = d.claim
  if (!c?.state) return ''
  const by = c.decided_by === 'person' ? (c.who ? ` by ${c.who}` : ' by a person') : ' (recorded)'
  return c.state === 'claim' ? `Claimed in ${c.claim_period}${by}` : `Held${by}`
}
