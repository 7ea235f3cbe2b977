import { describe, expect, it, vi } from 'vitest'

vi.mock('../../wailsjs/runtime/runtime', () => ({ ClipboardSetText: vi.fn(async () => true) }))

import { copyText, safeCell, toTSV } from './clipboard'

describe('toTSV', () => {
  it('joins cells with tabs and rows with newlines, flattening tabs and line breaks in cells', () => {
    expect(toTSV(['GSTIN', 'Name'], [['27AAPFU0939F1ZV', 'Umiya\tEnterprises'], ['x', null]])).toBe('GSTIN\tName\n27AAPFU0939F1ZV\tUmiya Enterprises\nx\t')
    expect(toTSV(['a'], [[1234567.5]])).toBe('a\n1234567.5')
  })
  it('neutralises text that a spreadsheet would run as a formula, and leaves numbers as numbers', () => {
    const hostile = ['=HYPERLINK("http://x","y")', '=1+1', '+1+1', '@SUM(1+1)', "=cmd|' /C calc'!A0", '-5', '\t=1+1', '\r=1+1']
    for (const h of hostile) expect(safeCell(h)).toBe("'" + h)
    expect(safeCell('Acme = Traders')).toBe('Acme = Traders')
    expect(safeCell('')).toBe('')
    const tsv = toTSV(['=name', 'amount'], [['=1+1', -123.45], ['-5', -5], ['\t=2+2', 0], ['Umiya', null]])
    expect(tsv).toBe("'=name\tamount\n'=1+1\t-123.45\n'-5\t-5\n' =2+2\t0\nUmiya\t")
  })
  it('copies through the window', async () => {
    expect(await copyText('a\tb')).toBe(true)
  })
})
