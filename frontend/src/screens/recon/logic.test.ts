import { describe, expect, it } from 'vitest'
import { addDays, daysInclusive, isoFromTyped, defaultRange, keyAction, monthsBetween, segments, statusTone, taxDiff, verdictLabel } from './logic'
import type { Row } from '../../api/recon'

const inv = (taxable: number, igst: number) => ({ taxable_value: taxable, igst, cgst: 0, sgst: 0, cess: 0 })

describe('recon logic', () => {
  it('lists months across a year end', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02'])
    expect(monthsBetween('2025-05', '2025-04')).toEqual([])
  })
  it('defaults to the stored months of the year', () => {
    const months = ['2025-04', '2025-05', '2025-06', '2025-07']
    expect(defaultRange(months, ['2025-05', '2025-06', '2024-04'])).toEqual(['2025-05', '2025-06'])
    expect(defaultRange(months, [])).toEqual(['2025-04', '2025-07'])
  })
  it('adds up rows and differences', () => {
    const rows = [
      { books: inv(1000, 180), gstr2a: inv(1000, 170) },
      { books: null, gstr2a: inv(500, 90) },
    ] as unknown as Row[]
    expect(taxDiff(rows[0])).toBe(10)
    expect(taxDiff(rows[1])).toBe(-90)
  })
  it('maps keys to decisions', () => {
    expect(keyAction('A')).toBe('accept')
    expect(keyAction('i')).toBe('ignore')
    expect(keyAction('p')).toBe('pending')
    expect(keyAction('x')).toBeNull()
  })
  it('splits a stacked bar', () => {
    const s = segments([{ status: 'exact', count: 3 }, { status: 'mismatch', count: 0 }, { status: 'suggested', count: 1 }])
    expect(s.map((x) => [x.status, x.pct])).toEqual([['exact', 75], ['suggested', 25]])
    expect(segments([])).toEqual([])
    expect(statusTone('missing_in_2a')).toBe('bad')
  })
  it('counts days', () => {
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29')
    expect(daysInclusive('2024-03-01', '2024-03-31')).toBe(31)
  })
})

describe('showValue', () => {
  it('groups amounts the Indian way and writes dates DD/MM/YYYY', async () => {
    const { showValue, fieldTitle } = await import('./logic')
    expect(showValue('invoice_value', '467843.80')).toBe('4,67,843.80')
    expect(showValue('igst', '-180.00')).toBe('(180.00)')
    expect(showValue('invoice_date', '2025-04-10')).toBe('10/04/2025')
    expect(showValue('invoice_number', '000123')).toBe('000123')
    expect(fieldTitle('taxable_value')).toBe('Taxable value')
    expect(fieldTitle('odd_one')).toBe('Odd one')
  })
})

describe('isoFromTyped', () => {
  it.each([
    ['01/06/2025', '2025-06-01'],
    ['1-6-2025', '2025-06-01'],
    [' 29/02/2024 ', '2024-02-29'],
    ['29/02/2025', ''],
    ['2025-06-01', ''],
    ['06/13/2025', ''],
    ['', ''],
  ])('%s → %s', (typed, iso) => {
    expect(isoFromTyped(typed)).toBe(iso)
  })
})

describe('verdictLabel', () => {
  it.each([
    ['same', 'same'], ['within_tolerance', 'within tolerance'], ['different', 'differs'],
    ['not_compared', 'not compared'], ['some_new_verdict', 'some new verdict'],
  ])('%s → %s', (v, want) => {
    expect(verdictLabel(v)).toBe(want)
  })
})
