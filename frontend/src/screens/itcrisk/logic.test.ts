import { describe, expect, it } from 'vitest'
import type { Calendar, Item, SupplierScore } from '../../api/itcrisk'
import {
  calKey, calRows, disagreeing, flatItems, lagWords, leftOut, listedWords, penaltyWhy, ruleShort, scoreSum, shownMonths, sortScores, statusCounts, statusLabel, sumsByRule, wholeOf,
} from './logic'

const item = (o: Partial<Item>): Item => ({
  rule: 'rule_37', status: 'upcoming', date: '2025-10-12', deadline: '2025-11-20', supplier_gstin: '27AAPFU0939F1ZV', supplier_name: 'Acme Traders',
  document_number: 'INV-1', document_date: '2025-04-15', document_type: 'invoice', period: '2025-04', amount: 180, action: 'Pay it.', ...o,
}) as Item

function cal(): Calendar {
  const oct = [item({}), item({ rule: 'rule_37', status: 'reclaim', document_number: 'INV-2', amount: 50 }), item({ rule: 'not_in_2b', document_number: 'INV-1', amount: 180 })]
  const nov = [item({ rule: 's16_4', status: 'due', date: '2026-11-30', supplier_gstin: '29AAGCB7383J1Z4', supplier_name: 'Bharat Steel', document_number: 'B/77', amount: 2500.5 })]
  return {
    fy: 2025, fy_label: 'FY 2025-26', today: '2026-01-15', count: 4, at_risk: 2680.5, reclaim: 50, notes: [],
    months: [
      { month: '2025-10', label: 'Oct 2025', at_risk: 360, reclaim: 50, count: 3, items: oct },
      { month: '2026-11', label: 'Nov 2026', at_risk: 2500.5, reclaim: 0, count: 1, items: nov },
    ],
    rules: [
      { rule: 'rule_37', title: 'Rule 37: unpaid 180 days', law: 'Rule 37', count: 2, at_risk: 180, reclaim: 50, checked: true },
      { rule: 'rule_37a', title: 'Rule 37A: supplier’s GSTR-3B not filed', law: 'Rule 37A', count: 0, at_risk: 0, reclaim: 0, checked: true },
      { rule: 's16_4', title: 'Pending in IMS', law: 's.16(4)', count: 1, at_risk: 2500.5, reclaim: 0, checked: true },
      { rule: 'not_in_2b', title: 'In the books, not in GSTR-2B', law: 's.16(2)(aa)', count: 1, at_risk: 180, reclaim: 0, checked: true },
      { rule: 'not_in_books', title: 'In GSTR-2B, not in the books', law: 'Rule 60', count: 0, at_risk: 0, reclaim: 0, checked: true },
    ],
  } as unknown as Calendar
}

describe('calendar', () => {
  it('adds up each rule from its items in paise, exactly; reclaims apart', () => {
    expect(sumsByRule(cal())).toEqual({
      rule_37: { count: 2, at_risk: 18000, reclaim: 5000 },
      not_in_2b: { count: 1, at_risk: 18000, reclaim: 0 },
      s16_4: { count: 1, at_risk: 250050, reclaim: 0 },
    })
    expect(disagreeing(cal())).toEqual([])
  })
  it('names a rule whose total is not the sum of its items, unless items were left out', () => {
    const c = cal()
    c.rules[2].at_risk = 2500
    expect(disagreeing(c)).toEqual(['Pending in IMS'])
    c.months[1].more = 3
    expect(leftOut(c)).toBe(3)
    expect(disagreeing(c)).toEqual([])
  })
  it('filters by rule, status and text, keeping months in order with the flat index of their first item', () => {
    const all = shownMonths(cal(), { rule: '', status: '', search: '' })
    expect(all.map((m) => [m.group.month, m.items.length, m.first])).toEqual([['2025-10', 3, 0], ['2026-11', 1, 3]])
    expect(flatItems(all).map((i) => i.document_number)).toEqual(['INV-1', 'INV-2', 'INV-1', 'B/77'])
    const due = shownMonths(cal(), { rule: '', status: 'due', search: '' })
    expect(due.map((m) => [m.group.month, m.first])).toEqual([['2026-11', 0]])
    expect(flatItems(shownMonths(cal(), { rule: 'rule_37', status: '', search: 'inv-2' })).map((i) => i.amount)).toEqual([50])
    expect(flatItems(shownMonths(cal(), { rule: '', status: '', search: 'bharat' })).map((i) => i.document_number)).toEqual(['B/77'])
    expect(flatItems(shownMonths(cal(), { rule: '', status: '', search: '29AAGCB' }))).toHaveLength(1)
    expect(shownMonths(null, { rule: '', status: '', search: '' })).toEqual([])
  })
  it('flattens the months into one list: each month a header row before its items, and where each item is', () => {
    const { rows, rowOf } = calRows(shownMonths(cal(), { rule: '', status: '', search: '' }))
    expect(rows.map((r) => (r.kind === 'month' ? r.month.group.month : r.it.document_number))).toEqual(['2025-10', 'INV-1', 'INV-2', 'INV-1', '2026-11', 'B/77'])
    expect(rowOf).toEqual([1, 2, 3, 5])
    expect(rows.filter((r) => r.kind === 'item').map((r) => (r.kind === 'item' ? r.n : -1))).toEqual([0, 1, 2, 3])
    // A filter that leaves a month without items drops its header too.
    const due = calRows(shownMonths(cal(), { rule: '', status: 'due', search: '' }))
    expect(due.rows.map((r) => r.kind)).toEqual(['month', 'item'])
    expect(due.rowOf).toEqual([1])
    expect(calRows([])).toEqual({ rows: [], rowOf: [] })
  })
  it('moves the cursor: arrows an item, PgUp PgDn the first item of the month before/after, Home End', () => {
    const c = cal()
    c.months.splice(1, 0, { month: '2025-11', label: 'Nov 2025', at_risk: 0, reclaim: 0, count: 0, items: [] } as never)
    const ms = shownMonths(c, { rule: '', status: '', search: '' })
    expect(ms.map((m) => m.first)).toEqual([0, 3, 3])
    const cases: [string, number, number | null][] = [
      ['ArrowDown', 0, 1], ['ArrowDown', 3, 3], ['ArrowUp', 0, 0], ['ArrowUp', 2, 1],
      ['PageDown', 1, 3], ['PageDown', 3, 3], ['PageUp', 3, 0], ['PageUp', 2, 0], ['PageUp', 0, 0],
      ['Home', 2, 0], ['End', 0, 3], ['Enter', 0, null], ['x', 1, null],
    ]
    for (const [k, from, to] of cases) expect(calKey(k, from, ms), `${k} from ${from}`).toBe(to)
    expect(calKey('ArrowDown', 0, [])).toBeNull()
  })
  it('says rules and statuses in words', () => {
    expect(ruleShort('rule_37a')).toBe('Supplier’s 3B not filed')
    expect(ruleShort('other')).toBe('other')
    expect(statusLabel('reclaim')).toBe('Take back')
    expect(statusLabel('overdue')).toBe('Overdue')
  })
})

const sup = (o: Partial<SupplierScore>): SupplierScore => ({
  supplier_gstin: '27AAPFU0939F1ZV', supplier_name: 'Acme', score: 100, grade: 'A', filings: 0, late: 0, avg_lag_days: 0, max_lag_days: 0,
  documents_2b: 0, tax_2b: 0, books: 0, books_tax: 0, missing_in_2b: 0, missing_tax: 0, mismatches: 0, mismatch_tax: 0, rejected: 0, rejected_tax: 0,
  unfiled_3b: 0, unfiled_3b_tax: 0, penalties: [], ...o,
}) as SupplierScore

describe('scorecard', () => {
  const rows = [
    sup({ supplier_gstin: 'A', supplier_name: 'Zeta', score: 80, avg_lag_days: 3, missing_tax: 100 }),
    sup({ supplier_gstin: 'B', supplier_name: 'alpha', score: 40, avg_lag_days: 9, cancelled_on: '2025-08-01' }),
    sup({ supplier_gstin: 'C', supplier_name: '', score: 80, avg_lag_days: 3, missing_tax: 900, mismatch_tax: 50 }),
  ]
  it('sorts by score worst first, ties by GSTIN; other columns largest first, ties by score', () => {
    expect(sortScores(rows, 'score', false).map((r) => r.supplier_gstin)).toEqual(['B', 'A', 'C'])
    expect(sortScores(rows, 'score', true).map((r) => r.supplier_gstin)).toEqual(['A', 'C', 'B'])
    expect(sortScores(rows, 'missing', true).map((r) => r.supplier_gstin)).toEqual(['C', 'A', 'B'])
    expect(sortScores(rows, 'lag', true).map((r) => r.supplier_gstin)).toEqual(['B', 'A', 'C'])
    expect(sortScores(rows, 'cancelled', true).map((r) => r.supplier_gstin)).toEqual(['B', 'A', 'C'])
    // By name, the GSTIN standing in for a missing name; case does not matter.
    expect(sortScores(rows, 'supplier', false).map((r) => r.supplier_gstin)).toEqual(['B', 'C', 'A'])
    expect(rows.map((r) => r.supplier_gstin)).toEqual(['A', 'B', 'C'])
  })
  it('writes the score as a sum: 100 less each penalty, rounded, never below 0', () => {
    expect(scoreSum(sup({ penalties: [{ what: 'GSTR-1 filed late', points: 12 }, { what: 'amounts differ', points: 6.5 }] }))).toEqual({ off: 18.5, raw: 81.5, score: 82 })
    expect(scoreSum(sup({ penalties: [{ what: 'registration cancelled', points: 40 }, { what: 'GSTR-1 filed late', points: 30 }, { what: 'GSTR-3B not filed', points: 20 }, { what: 'invoices not in 2B', points: 30 }] }))).toEqual({ off: 120, raw: -20, score: 0 })
    expect(scoreSum(sup({}))).toEqual({ off: 0, raw: 100, score: 100 })
  })
  it('says why each penalty was taken, with the supplier’s figures', () => {
    const s = sup({ filings: 4, late: 2, avg_lag_days: 6.5, max_lag_days: 12, missing_in_2b: 1, missing_tax: 18000, books_tax: 36000, cancelled_on: '2025-08-01' })
    expect(penaltyWhy(s, 'GSTR-1 filed late')).toBe('6.5 days late on average over 4 returns × 2 points a day (at most 30)')
    expect(penaltyWhy(s, 'invoices not in 2B')).toBe('₹18,000.00 of the ₹36,000.00 tax booked with them is in no GSTR-2B (1 invoice) × 30')
    expect(penaltyWhy(s, 'registration cancelled')).toBe('cancelled on 01/08/2025: 40')
    expect(penaltyWhy(sup({ cancelled_on: 'cancelled' }), 'registration cancelled')).toBe('cancelled: 40')
    expect(penaltyWhy(s, 'something new')).toBe('')
    expect(lagWords(s)).toBe('2 of 4 returns late · 6.5 days on average, at most 12')
    expect(lagWords(sup({ filings: 1 }))).toBe('on time (1 return)')
    expect(lagWords(sup({}))).toBe('no return seen in 2B')
  })
})

describe('counts of a calendar the service trimmed', () => {
  /** 87,076 items due, of which the service sent 500 (a month's limit). */
  function trimmed(): Calendar {
    const c = cal()
    const due = Array.from({ length: 500 }, (_, k) => item({ status: 'due', rule: 's16_4', document_number: 'D-' + k }))
    c.months = [{ month: '2026-11', label: 'Nov 2026', at_risk: 0, reclaim: 0, count: 87077, more: 86577, items: due } as unknown as Calendar['months'][number]]
    c.count = 87077
    c.listed = 500
    c.statuses = [{ status: 'upcoming', count: 1, amount: 18000 }, { status: 'due', count: 87076, amount: 1_23_45_67_890_12 }] as Calendar['statuses']
    c.rules = c.rules.map((r) => (r.rule === 's16_4' ? { ...r, count: 87076 } : { ...r, count: r.rule === 'rule_37' ? 1 : 0 }))
    return c
  }

  it('counts each status over the whole year, not the items sent', () => {
    expect(statusCounts(trimmed())).toEqual({ upcoming: 1, due: 87076 })
    // An answer without the service's counts is counted from its items.
    expect(statusCounts({ ...cal(), statuses: [] } as unknown as Calendar)).toEqual({ upcoming: 2, reclaim: 1, due: 1 })
  })

  it.each([
    ['no filter', { rule: '', status: '', search: '' }, 87077],
    ['one status', { rule: '', status: 'due', search: '' }, 87076],
    ['one rule', { rule: 's16_4', status: '', search: '' }, 87076],
    ['a status with no items', { rule: '', status: 'overdue', search: '' }, 0],
    ['a rule and a status', { rule: 's16_4', status: 'due', search: '' }, null],
    ['a search', { rule: '', status: '', search: 'acme' }, null],
  ])('%s: the whole is %s', (_, f, want) => {
    expect(wholeOf(trimmed(), f)).toBe(want)
  })

  it('says how many of the whole are shown', () => {
    expect(listedWords(500, 87076, 500, 87077)).toBe('showing 500 of 87,076')
    expect(listedWords(4, 4, 4, 4)).toBe('')
    expect(listedWords(12, null, 500, 87077)).toBe('showing 12 of the 500 listed')
    expect(listedWords(12, null, 40, 40)).toBe('')
  })
})
