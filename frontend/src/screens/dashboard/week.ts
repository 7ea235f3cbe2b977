// The dashboard's "what must I do this week": the bound Overview.DashboardWeek and pure helpers.
import * as Overview from '../../../wailsjs/go/main/Overview'

export interface Heads { igst_rupees: number; cgst_rupees: number; sgst_rupees: number; cess_rupees: number; total_rupees?: number }
export interface DueItem { kind: string; what: string; due: string; overdue: boolean; amount_rupees: number; count: number; note?: string; period?: string; area: string }
export interface MonthClaim { period: string; label: string; have_2b: boolean; net_itc: Heads; reversed: Heads; warnings: number }
export interface IMSBacklog { no_action: number; no_action_rupees: number; pending: number; pending_rupees: number }
export interface Week {
  today: string; due: DueItem[]; claim?: MonthClaim; ims: IMSBacklog; notes: string[]
  /** Each supplier's Rule 37A risk (the ITC calendars of this year and the year before), rupees. */
  rule37a_by_supplier: Record<string, number>; rule37a_total: number
  /** A year's ITC calendar could not be read (a note says why): the Rule 37A figures are not known. */
  rule37a_unread?: boolean
}

export async function week(): Promise<Week> {
  const w = (await Overview.DashboardWeek()) as unknown as Week
  w.due = w.due ?? []
  w.notes = w.notes ?? []
  w.rule37a_by_supplier = w.rule37a_by_supplier ?? {}
  return w
}

const dayNumber = (iso: string) => Math.round(Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / 86400000)

/** Days from today to due (negative: past), both YYYY-MM-DD. */
export const daysTo = (due: string, today: string): number => dayNumber(due) - dayNumber(today)

/** "today", "tomorrow", "in 5 days", "3 days ago". */
export function whenWords(due: string, today: string): string {
  const n = daysTo(due, today)
  if (n === 0) return 'today'
  if (n === 1) return 'tomorrow'
  if (n === -1) return 'yesterday'
  return n > 0 ? `in ${n} days` : `${-n} days ago`
}

/** Colour of a due item: bad when overdue, warn within a week, else none. */
export function dueTone(d: DueItem, today: string): 'bad' | 'warn' | '' {
  if (d.overdue) return 'bad'
  return daysTo(d.due, today) <= 7 ? 'warn' : ''
}

/** Words for a due item's kind (the badge). */
export function kindLabel(kind: string): string {
  return ({
    gstr3b: 'GSTR-3B', tds_deposit: 'TDS deposit', ims_pending: 'IMS', gstr9: 'GSTR-9',
    rule_37a: 'Rule 37A', s16_4: 's.16(4)', rule_37: 'Rule 37', not_in_books: 'Not in books', not_in_2b: 'Not in 2B',
  } as Record<string, string>)[kind] ?? kind
}
