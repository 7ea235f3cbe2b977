import { describe, expect, it } from 'vitest'
import {
  docOwnWords,
  activeFilters, bars, clickPeriod, clock, emptyFilter, fyChoices, fyMonths, fyOfPeriod, isFuture, nextPeriod, nextSort,
  periodsLabel, pullClass, pullLine, rateLabel, scopeWords, sessionLine, sessionState, sortPeriods, toFilter,
  staggered,
} from './logic'

const fy25 = fyMonths(2025)

describe('financial years and months', () => {
  it('offers the current year back to two years before, or to the earliest pull', () => {
    const now = new Date(2026, 10, 22)
    expect(fyChoices(now, [])).toEqual([2026, 2025, 2024])
    expect(fyChoices(now, ['2022-03', '2025-04'])).toEqual([2026, 2025, 2024, 2023, 2022, 2021])
    expect(fyChoices(new Date(2018, 0, 1), [])).toEqual([2017])
  })
  it('knows the financial year of a period', () => {
    const cases: [string, number | null][] = [['2025-04', 2025], ['2026-03', 2025], ['2026-01', 2025], ['2025-13', null], ['bad', null]]
    for (const [p, want] of cases) expect(fyOfPeriod(p), p).toBe(want)
  })
  it('lists the months of a year from April', () => {
    expect(fy25[0]).toBe('2025-04')
    expect(fy25[11]).toBe('2026-03')
  })
  it('says when a month has not begun', () => {
    const now = new Date(2026, 10, 22)
    expect(isFuture('2026-11', now)).toBe(false)
    expect(isFuture('2026-12', now)).toBe(true)
  })
  it('walks to the next period across a year end', () => {
    expect(nextPeriod('2025-12')).toBe('2026-01')
    expect(nextPeriod('2025-04')).toBe('2025-05')
  })
})

describe('choosing months with the mouse', () => {
  const cases: { name: string; sel: string[]; p: string; mode: 'single' | 'toggle' | 'range'; anchor: string; want: string[] }[] = [
    { name: 'plain click takes one', sel: ['2025-04', '2025-05'], p: '2025-07', mode: 'single', anchor: '2025-04', want: ['2025-07'] },
    { name: 'ctrl adds', sel: ['2025-05'], p: '2025-04', mode: 'toggle', anchor: '2025-05', want: ['2025-04', '2025-05'] },
    { name: 'ctrl removes', sel: ['2025-04', '2025-05'], p: '2025-04', mode: 'toggle', anchor: '2025-05', want: ['2025-05'] },
    { name: 'shift takes a range forwards', sel: ['2025-11'], p: '2026-02', mode: 'range', anchor: '2025-11', want: ['2025-11', '2025-12', '2026-01', '2026-02'] },
    { name: 'shift takes a range backwards', sel: ['2025-06'], p: '2025-04', mode: 'range', anchor: '2025-06', want: ['2025-04', '2025-05', '2025-06'] },
    { name: 'shift with an anchor elsewhere takes one', sel: [], p: '2025-06', mode: 'range', anchor: '2024-06', want: ['2025-06'] },
  ]
  for (const c of cases) it(c.name, () => expect(clickPeriod(c.sel, fy25, c.p, c.mode, c.anchor)).toEqual(c.want))

  it('describes a selection', () => {
    expect(periodsLabel([])).toBe('no month')
    expect(periodsLabel(['2025-04'])).toBe('Apr 2025')
    expect(periodsLabel(['2025-06', '2025-04', '2025-05'])).toBe('Apr 2025 – Jun 2025')
    expect(periodsLabel(['2025-04', '2025-06'])).toBe('2 months')
    expect(sortPeriods(['2026-01', '2025-12', '2026-01'])).toEqual(['2025-12', '2026-01'])
  })
})

describe('the session line', () => {
  const now = new Date(2026, 10, 22, 13, 0)
  const at = (h: number, m: number) => new Date(2026, 10, 22, h, m).toISOString()
  it('shows who is signed in and until when', () => {
    const s = { gstin: '27AAPFU0939F1ZV', username: 'demo', active: true, session_expiry: at(14, 5) }
    expect(sessionState(s, now)).toBe('active')
    expect(sessionLine(s, now)).toBe('Signed in as demo until 14:05')
  })
  it('says an expired session must sign in again', () => {
    const s = { gstin: '27AAPFU0939F1ZV', username: 'demo', active: false, session_expiry: at(12, 5) }
    expect(sessionState(s, now)).toBe('expired')
    expect(sessionLine(s, now)).toMatch(/expired at 12:05\. Sign in again \(OTP\)/)
  })
  it('treats a session past its expiry as expired even if it was active when read', () => {
    expect(sessionState({ gstin: 'x', username: 'demo', active: true, session_expiry: at(12, 0) }, now)).toBe('expired')
  })
  it('knows when there is no session', () => {
    expect(sessionState(null, now)).toBe('none')
    expect(sessionState({ gstin: 'x', username: '', active: false, session_expiry: '' }, now)).toBe('none')
    expect(sessionLine(null, now)).toMatch(/Not signed in/)
  })
  it('writes other days with the date', () => {
    expect(clock(new Date(2026, 10, 23, 9, 7).toISOString(), now)).toBe('23/11/2026 09:07')
    expect(clock('nonsense', now)).toBe('')
  })
})

describe('pull results', () => {
  it('says what each month gave', () => {
    expect(pullLine({ period: '2025-04', status: 'pulled', invoices: 1234, suppliers: 1 })).toBe('pulled 1,234 invoices from 1 supplier')
    expect(pullLine({ period: '2025-04', status: 'empty', invoices: 0, suppliers: 0 })).toMatch(/^empty/)
    expect(pullLine({ period: '2025-04', status: 'error', invoices: 0, suppliers: 0, error: { message: 'The service is down.' } })).toBe('The service is down.')
    expect(pullLine({ period: '2025-04', status: 'skipped', invoices: 0, suppliers: 0 })).toBe('not pulled')
    expect([pullClass('pulled'), pullClass('empty'), pullClass('error'), pullClass('skipped')]).toEqual(['ok', 'info', 'bad', 'warn'])
  })
})

describe('the invoice filter', () => {
  it('passes what is typed and counts it', () => {
    const f = { ...emptyFilter(), supplier: ' umiya ', rate: '18', pos: '7', date_from: '01-04-2025', date_to: '30/04/2025' }
    const { filter, problems } = toFilter(f)
    expect(problems).toEqual([])
    expect(filter.supplier).toBe('umiya')
    expect(filter.rate).toBe(18)
    expect(filter.pos).toBe('07')
    expect(filter.date_from).toBe('01/04/2025')
    expect(filter.date_to).toBe('30/04/2025')
    expect(activeFilters(f)).toBe(5)
    expect(activeFilters(emptyFilter())).toBe(0)
  })
  it('leaves out half-typed dates and bad values, saying why', () => {
    const { filter, problems } = toFilter({ ...emptyFilter(), date_from: '01/04', date_to: '31/02/2025', rate: 'x', pos: 'MH' })
    expect(filter.date_from).toBe('')
    expect(filter.date_to).toBe('')
    expect(filter.rate).toBeNull()
    expect(filter.pos).toBe('')
    expect(problems).toHaveLength(4)
    expect(problems[0]).toMatch(/From must be a date written DD\/MM\/YYYY/)
  })
  it('keeps a zero rate', () => {
    expect(toFilter({ ...emptyFilter(), rate: '0' }).filter.rate).toBe(0)
  })
})

describe('sorting, paging, bars', () => {
  it('flips the same column and starts money columns largest first', () => {
    expect(nextSort('', false, 'invoice_date')).toEqual({ sort: 'invoice_date', desc: false })
    expect(nextSort('invoice_date', false, 'invoice_date')).toEqual({ sort: 'invoice_date', desc: true })
    expect(nextSort('invoice_date', true, 'tax')).toEqual({ sort: 'tax', desc: true })
  })
  it('scales bars to the largest', () => {
    const b = bars([{ key: 'a', label: 'A', value: 50 }, { key: 'b', label: 'B', value: 200 }, { key: 'c', label: 'C', value: -5 }])
    expect(b.map((x) => x.pct)).toEqual([25, 100, 0])
    expect(bars([{ key: 'a', label: 'A', value: 0 }])[0].pct).toBe(0)
  })
  it('writes rates', () => {
    expect(rateLabel(18)).toBe('18%')
    expect(rateLabel(0.25)).toBe('0.25%')
    expect(rateLabel(7.5)).toBe('7.5%')
  })
})

describe('scopeWords', () => {
  it.each([
    ['', '', ''],
    ['29AAACB0001K1Z7', '', ' for 29AAACB0001K1Z7 only'],
    ['', '01/04/2025', ' from 01/04/2025'],
    ['29AAACB0001K1Z7', '01/04/2025', ' for 29AAACB0001K1Z7 only from 01/04/2025'],
  ])('%s %s', (sup, from, want) => {
    expect(scopeWords(sup, from)).toBe(want)
  })
})


describe('docOwnWords', () => {
  const d = (s: string) => s
  it('names a bill of entry by its port and number', () => {
    expect(docOwnWords({ kind: 'bill_of_entry', section: 'impg', number: '2566282', date: '18-11-2019', port_code: '18272A' }, d)[0])
      .toBe('Bill of entry 2566282 of 18-11-2019 at port 18272A.')
  })
  it('says an amendment without its original', () => {
    expect(docOwnWords({ kind: 'invoice', section: 'b2ba', number: 'X', date: '' }, d)).toContain('The return names no original document for this amendment.')
  })
  it('says ISD credit not eligible', () => {
    expect(docOwnWords({ kind: 'isd_invoice', section: 'isd', number: 'S1', date: '', itc_elg: 'N' }, d)[0]).toContain('not eligible')
  })
})

describe('staggered totals', () => {
  it.each([
    [['12,34,567.89', '0.00'], false],
    [['99,99,999.99'], false],
    [['(99,99,999.99)'], false],
    [['1,00,00,000.00'], true],
    [['0.00', '2,39,82,77,51,386.52'], true],
    [['-1,00,00,000.00'], true],
    [[], false],
  ])('%j → %s', (totals, want) => {
    expect(staggered(totals)).toBe(want)
  })
})
