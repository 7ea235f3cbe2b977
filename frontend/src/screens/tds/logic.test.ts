import { describe, expect, it } from 'vitest'
import { currentFY, monthShort, nextSort, regimeLabel, toTSV } from './logic'
import { toBase64 } from '../../api/tds'

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
  it('encodes big files to base64 in chunks', () => {
    const b = new Uint8Array(100000).map((_, i) => i % 256)
    const s = toBase64(b)
    expect(atob(s).length).toBe(100000)
    expect(atob(s).charCodeAt(99999)).toBe(99999 % 256)
  })
})
