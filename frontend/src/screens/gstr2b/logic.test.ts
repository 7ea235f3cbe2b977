import { describe, expect, it } from 'vitest'
import { importWords, itcParts, pullBadge, pullWords, sourceWords } from './logic'
import { money } from '../../lib/format'

describe('gstr2b logic', () => {
  it('shows amounts as they arrive, rupees with two decimals, with the one formatter', () => {
    expect(money(123456.78)).toBe('1,23,456.78')
    expect(money(-50, { symbol: true })).toBe('(₹50.00)')
  })
  it('says every pull state in words', () => {
    const base = { period: '2025-04', documents: 0, rejected: 0, suppliers: 0 }
    expect(pullWords({ ...base, status: 'pulled', documents: 64, suppliers: 12, rejected: 2, files: 3 })).toBe('64 documents from 12 suppliers, 2 rejected in IMS (came in 3 file pages)')
    expect(pullWords({ ...base, status: 'not_generated', expected_by: '14/12/2026' })).toBe('not generated yet, expected by 14/12/2026')
    expect(pullWords({ ...base, status: 'empty' })).toMatch(/^nothing this period/)
    expect(pullWords({ ...base, status: 'error', error: { message: 'The session ended.' } })).toBe('The session ended.')
    expect(pullBadge('not_generated')).toEqual({ cls: 'warn', word: 'not yet' })
    expect(pullBadge('skipped').word).toBe('not pulled')
  })
  it('lays out the ITC summary by part and group; credit notes (othersup) subtract', () => {
    const parts = itcParts({
      itcunavl: { nonrevsup: { total: { igst: 0, cgst: 500, sgst: 500, cess: 0 } } },
      itcavl: {
        othersup: { total: { igst: 100, cgst: 0, sgst: 0, cess: 0 } },
        nonrevsup: { total: { igst: 1000, cgst: 200, sgst: 200, cess: 10 } },
      },
    })
    expect(parts.map((p) => p.part)).toEqual(['itcavl', 'itcunavl'])
    expect(parts[0].lines.map((l) => l.group)).toEqual(['nonrevsup', 'othersup'])
    expect(parts[0].lines[1].tax).toBe(-100)
    expect(parts[0].tax).toBe(1310)
    expect(parts[1].label).toBe('ITC not available')
    expect(itcParts(null)).toEqual([])
  })
  it('names sources and imports', () => {
    expect(sourceWords({ source: 'file', file_name: 'returns.json' })).toBe('from file returns.json')
    expect(sourceWords({ source: 'api' })).toBe('pulled')
    expect(importWords({ kind: 'gstr2b', file: 'x.json', period: '2025-06', documents: 3, suppliers: 1 })).toBe('GSTR-2B of Jun 2025 imported from x.json: 3 documents from 1 supplier. No API call was made.')
  })
})
