import { describe, expect, it } from 'vitest'
import { entries, filterCounts, filterRows, fyChoices, sourceLine, statusClass, suppliersWere, toApiDate, type RowLike } from './logic'

const row = (o: Partial<RowLike>): RowLike => ({ input: '', gstin: '', status: 'remote', legal_name: '', trade_name: '', reg_status: '', state: '', error: '', ...o })

describe('entries', () => {
  it.each([
    ['27AAPFU0939F1ZV', ['27AAPFU0939F1ZV']],
    ['  27 AAPFU0939F 1ZV ', ['27 AAPFU0939F 1ZV']],
    ['a\nb\r\n\nc', ['a', 'b', 'c']],
    ['a, b;c\td', ['a', 'b', 'c', 'd']],
    ['27AAPFU0939F1ZV 24ABKCS2033B1ZV', ['27AAPFU0939F1ZV', '24ABKCS2033B1ZV']],
    ['', []],
  ])('entries(%j)', (text, want) => {
    expect(entries(text)).toEqual(want)
  })
})

describe('statusClass', () => {
  it.each([['Active', 'ok'], ['Cancelled', 'bad'], ['Not registered', 'bad'], ['Cancelled on application of Taxpayer', 'bad'], ['Suspended', 'warn'], ['Inactive', 'warn'], ['', '']])('%s → %s', (s, want) => {
    expect(statusClass(s)).toBe(want)
  })
})

describe('filterRows', () => {
  const rows = [
    row({ gstin: '27AAPFU0939F1ZV', legal_name: 'UMIYA ENTERPRISES', reg_status: 'Active', state: 'Maharashtra' }),
    row({ gstin: '33EIUPS5109E1ZZ', legal_name: 'SRINIVASAN', reg_status: 'Cancelled', state: 'Tamil Nadu' }),
    row({ gstin: '18OXPCC3015W1Z5', reg_status: 'Suspended' }),
    row({ input: 'XYZ', gstin: 'XYZ', status: 'invalid', error: 'Invalid GSTIN pattern: too short' }),
    row({ gstin: '27AAPFU0939F1ZV', status: 'duplicate', legal_name: 'UMIYA ENTERPRISES', reg_status: 'Active' }),
    row({ gstin: '27AAAAA0000A1Z5', status: 'failed', error: 'The GST network is having trouble' }),
    row({ gstin: '29AAGCB7383J1Z4', status: 'not_registered', reg_status: 'Not registered' }),
    row({ gstin: '29AAGCB7383J1Z4', status: 'duplicate', reg_status: 'Not registered' }),
  ]
  it('filters by status', () => {
    expect(filterRows(rows, '', 'active').length).toBe(2)
    expect(filterRows(rows, '', 'cancelled').map((r) => r.gstin)).toEqual(['33EIUPS5109E1ZZ'])
    expect(filterRows(rows, '', 'other').length).toBe(1)
    expect(filterRows(rows, '', 'problem').map((r) => r.status)).toEqual(['failed'])
    expect(filterRows(rows, '', 'unregistered').map((r) => r.status)).toEqual(['not_registered', 'duplicate'])
    expect(filterRows(rows, '', 'invalid').length).toBe(1)
    expect(filterRows(rows, '', 'duplicate').length).toBe(2)
  })
  it('matches every word of the text anywhere in the row', () => {
    expect(filterRows(rows, 'umiya', 'all').length).toBe(2)
    expect(filterRows(rows, 'tamil 33e', 'all').length).toBe(1)
    expect(filterRows(rows, 'too short', 'all').length).toBe(1)
    expect(filterRows(rows, 'nothing-like-this', 'all').length).toBe(0)
  })
  it('counts each filter', () => {
    expect(filterCounts(rows)).toEqual({ all: 8, active: 2, cancelled: 1, other: 1, unregistered: 2, problem: 1, invalid: 1, duplicate: 2 })
  })
})

describe('sourceLine', () => {
  const now = new Date('2026-11-22T12:00:00Z')
  it.each([
    ['remote', '2026-11-22T10:00:00Z', 'from the GST portal 2 h ago'],
    ['cache', '2026-11-19T12:00:00Z', 'saved copy, 3 days old'],
    ['cache', '2026-11-22T11:59:50Z', 'saved copy, from just now'],
    ['remote', '2026-11-22T11:59:50Z', 'from the GST portal just now'],
    ['cache', '', 'saved copy'],
  ])('%s %s', (src, at, want) => {
    expect(sourceLine(src, at, now)).toBe(want)
  })
  it.each([
    ['2026-11-22T10:00:00Z', false, 'demo data (made up), asked 2 h ago'],
    ['2026-11-19T12:00:00Z', true, 'demo data (made up), saved copy, 3 days old'],
    ['', false, 'demo data (made up)'],
  ])('demo %s stored=%s', (at, stored, want) => {
    expect(sourceLine('demo', at, now, stored)).toBe(want)
  })
})

describe('toApiDate', () => {
  it.each([
    ['14-11-2026', '14-11-2026'], ['14/11/2026', '14-11-2026'], ['4.3.2024', '04-03-2024'], ['2024-03-31', '31-03-2024'],
    ['31-02-2024', null], ['2024-13-01', null], ['yesterday', null], ['', null],
  ])('%s → %s', (s, want) => {
    expect(toApiDate(s)).toBe(want)
  })
})

describe('fyChoices', () => {
  it('runs from the current year back, never before GST', () => {
    expect(fyChoices(new Date(2026, 10, 22), 3)).toEqual(['FY 2026-27', 'FY 2025-26', 'FY 2024-25'])
    expect(fyChoices(new Date(2018, 1, 1))).toEqual(['FY 2017-18'])
  })
})

describe('suppliersWere', () => {
  it('agrees in number', () => {
    expect(suppliersWere(1)).toBe('1 of your suppliers was')
    expect(suppliersWere(3)).toBe('3 of your suppliers were')
  })
})
