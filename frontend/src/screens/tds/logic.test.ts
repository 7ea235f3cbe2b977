import { describe, expect, it } from 'vitest'
import { currentFY, defaultMonth, depositDue, monthShort, nextSort, regimeLabel, toTSV } from './logic'
import { fileName } from '../../api/files'

describe('tds logic', () => {
  it('names the financial year of a date, within the supported years', () => {
    expect(currentFY(new Date(2025, 4, 15))).toBe('FY 2025-26')
    expect(currentFY(new Date(2026, 1, 1))).toBe('FY 2025-26')
    expect(currentFY(new Date(2031, 6, 1))).toBe('FY 2026-27')
    expect(currentFY(new Date(2019, 6, 1))).toBe('FY 2022-23')
  })
  it('flips the sort of the same column and starts a new one ascending', () => {
    expect(nextSort({ sort: 'name', desc: false }, 'name')).toEqual({ sort: 'name', desc: true })
    expect(nextSort({ sort: 'name', desc: true }, 'saving')).toEqual({ sort: 'saving', desc: false })
  })
  it('labels months and regimes', () => {
    expect(monthShort(4)).toBe('Apr')
    expect(regimeLabel('old')).toBe('Old')
  })
  it('writes tab-separated rows without stray tabs', () => {
    expect(toTSV(['a', 'b'], [['x\ty', 1]])).toBe('a\tb\nx y\t1')
  })
  it('names a chosen file by its name, on every system', () => {
    expect(fileName('C:\\Payroll\\april.csv')).toBe('april.csv')
    expect(fileName('/Users/asha/Downloads/returns_R2B.json')).toBe('returns_R2B.json')
    expect(fileName('april.csv')).toBe('april.csv')
  })
})

describe('defaultMonth', () => {
  const today = new Date(2026, 10, 27) // 27/11/2026, in FY 2026-27
  it.each([
    ['FY 2026-27', 11], // the running year: this month
    ['FY 2025-26', 3], // a year that has ended: its last month, March
    ['FY 2022-23', 3],
    ['FY 2027-28', 4], // not begun: its first month
  ])('%s → month %i', (fy, want) => {
    expect(defaultMonth(fy, today)).toBe(want)
  })
  it('a year past the engine\'s newest is still closed', () => {
    expect(defaultMonth('FY 2026-27', new Date(2031, 6, 1))).toBe(3)
  })
})

describe('depositDue', () => {
  it.each([
    ['FY 2025-26', 4, '07/05/2025'],
    ['FY 2025-26', 11, '07/12/2025'],
    ['FY 2025-26', 12, '07/01/2026'], // December's: into the next calendar year
    ['FY 2025-26', 1, '07/02/2026'],
    ['FY 2025-26', 2, '07/03/2026'],
    ['FY 2025-26', 3, '30/04/2026'], // March's: 30 April
    ['FY 2026-27', 3, '30/04/2027'],
    ['FY 2025-26', 0, ''],
    ['', 5, ''],
  ])('%s month %i → %s', (fy, m, want) => {
    expect(depositDue(fy, m)).toBe(want)
  })
})
