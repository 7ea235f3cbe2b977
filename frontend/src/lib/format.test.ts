import { describe, expect, it } from 'vitest'
import { age, apiDate, compact, count, date, dateTime, examplePath, fyLabel, plural, fyOf, fyPeriods, groupIndian, gstinSpaced, inPaise, money, parseDate, parseFY, periodLabel, rupees } from './format'

describe('money', () => {
  it.each([
    [0, '0.00'],
    [5, '5.00'],
    [999.5, '999.50'],
    [1000, '1,000.00'],
    [100000, '1,00,000.00'],
    [1234567, '12,34,567.00'],
    [123456789.05, '12,34,56,789.05'],
    [-1500, '(1,500.00)'],
    [-0.001, '0.00'],
  ])('money(%s) = %s', (v, want) => {
    expect(money(v)).toBe(want)
  })
  it('adds the rupee symbol and can use a minus sign', () => {
    expect(money(1234567.5, { symbol: true })).toBe('₹12,34,567.50')
    expect(money(-10, { brackets: false })).toBe('-10.00')
  })
  it('leaves empty values blank', () => {
    expect(money(null)).toBe('')
    expect(money(undefined)).toBe('')
    expect(money(NaN)).toBe('')
  })
  it('writes whole rupees and counts', () => {
    expect(rupees(1210000)).toBe('12,10,000')
    expect(count(100000)).toBe('1,00,000')
    expect(groupIndian('12')).toBe('12')
  })
  it('writes compact magnitudes', () => {
    expect(compact(12500000)).toBe('1.25 Cr')
    expect(compact(4560000)).toBe('45.6 L')
    expect(compact(12345)).toBe('12,345')
  })
})

describe('inPaise', () => {
  it('reads rupees as the bridge sends them as exact paise, for sums', () => {
    expect(inPaise(0.1 + 0.2)).toBe(30)
    expect(inPaise(1500)).toBe(150000)
    expect(inPaise(-0.5)).toBe(-50)
    expect(inPaise(null)).toBe(0)
    expect([0.1, 0.2, 0.3].reduce((n, r) => n + inPaise(r), 0)).toBe(60)
  })
})

describe('dates', () => {
  it('writes DD/MM/YYYY from several inputs', () => {
    expect(date(new Date(2025, 3, 1))).toBe('01/04/2025')
    expect(date('2025-04-01')).toBe('01/04/2025')
    expect(date('14-11-2026')).toBe('14/11/2026')
    expect(date('')).toBe('')
  })
  it('parses only real dates', () => {
    expect(parseDate('29/02/2024')?.getDate()).toBe(29)
    expect(parseDate('29/02/2025')).toBeNull()
    expect(parseDate('31-04-2025')).toBeNull()
    expect(parseDate('2025-04-01')).toBeNull()
    expect(apiDate(parseDate('1/4/2025')!)).toBe('01-04-2025')
  })
  it('says how old an answer is', () => {
    const now = new Date('2026-11-22T10:00:00Z')
    expect(age('2026-11-22T09:59:30Z', now)).toBe('just now')
    expect(age('2026-11-22T08:00:00Z', now)).toBe('2 h ago')
    expect(age('2026-11-19T10:00:00Z', now)).toBe('3 days ago')
  })
})

describe('plural', () => {
  it('says one thing in the singular, and groups the rest the Indian way', () => {
    expect(plural(1, 'GSTIN')).toBe('1 GSTIN')
    expect(plural(0, 'row')).toBe('0 rows')
    expect(plural(120100, 'row')).toBe('1,20,100 rows')
    expect(plural(2, 'match', 'matches')).toBe('2 matches')
  })
})

describe('dateTime', () => {
  it('shows an instant as DD/MM/YYYY HH:MM in local time', () => {
    expect(dateTime(new Date(2026, 10, 24, 1, 33))).toBe('24/11/2026 01:33')
    const iso = new Date(2026, 10, 24, 13, 5).toISOString()
    expect(dateTime(iso)).toBe('24/11/2026 13:05')
  })
  it('keeps a bare date a date, and empty empty', () => {
    expect(dateTime('2025-04-01')).toBe('01/04/2025')
    expect(dateTime('')).toBe('')
    expect(dateTime(null)).toBe('')
  })
})

describe('financial years', () => {
  it('labels and finds the FY of a date', () => {
    expect(fyLabel(2025)).toBe('FY 2025-26')
    expect(fyLabel(2099)).toBe('FY 2099-00')
    expect(fyOf(new Date(2026, 2, 31))).toBe('FY 2025-26')
    expect(fyOf(new Date(2026, 3, 1))).toBe('FY 2026-27')
  })
  it('parses the spellings people type', () => {
    expect(parseFY('FY 2025-26')).toBe(2025)
    expect(parseFY('FY2025-26')).toBe(2025)
    expect(parseFY('2025-26')).toBe(2025)
    expect(parseFY('2025-27')).toBeNull()
    expect(parseFY('FY 2022-2')).toBeNull()
  })
  it('lists the periods April to March', () => {
    const p = fyPeriods(2024)
    expect(p).toHaveLength(12)
    expect(p[0]).toBe('2024-04')
    expect(p[11]).toBe('2025-03')
    expect(periodLabel('2025-01')).toBe('Jan 2025')
  })
  it('splits a GSTIN for reading', () => {
    expect(gstinSpaced('27AAPFU0939F1ZV')).toBe('27 AAPFU0939F 1ZV')
  })
})

describe('examplePath', () => {
  it("shows a path of the user's own system", () => {
    expect(examplePath('payroll.xlsx', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe('C:\\Users\\you\\Documents\\payroll.xlsx')
    expect(examplePath('payroll.xlsx', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)')).toBe('/Users/you/Documents/payroll.xlsx')
    expect(examplePath('payroll.xlsx', 'Mozilla/5.0 (X11; Linux x86_64)')).toBe('/home/you/payroll.xlsx')
  })
})
