import { describe, expect, it, vi } from 'vitest'

vi.mock('../../wailsjs/runtime/runtime', () => ({ ClipboardSetText: vi.fn(async () => true) }))

import { copyText, toTSV } from './clipboard'

describe('toTSV', () => {
  it('joins cells with tabs and rows with newlines, flattening tabs and line breaks in cells', () => {
    expect(toTSV(['GSTIN', 'Name'], [['27AAPFU0939F1ZV', 'Umiya\tEnterprises'], ['x', null]])).toBe('GSTIN\tName\n27AAPFU0939F1ZV\tUmiya Enterprises\nx\t')
    expect(toTSV(['a'], [[1234567.5]])).toBe('a\n1234567.5')
  })
  it('copies through the window', async () => {
    expect(await copyText('a\tb')).toBe(true)
  })
})
