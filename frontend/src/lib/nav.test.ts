import { describe, expect, it } from 'vitest'
import { AREAS, areaForKey, keyOf, keysLabel, matchAreas } from './nav'

describe('nav', () => {
  it('lists the areas in the month’s routine, each with its own shortcut', () => {
    // 2B → IMS → Reconciliation → ITC calendar (and the claim) → 2A → TDS, then the lookups.
    expect(AREAS.map((a) => a.label)).toEqual(['Dashboard', 'GSTR-2B', 'IMS', 'Reconciliation', 'ITC calendar', 'GSTR-3B Table 4', 'GSTR-2A', 'Salary TDS',
      'GSTIN lookup', 'Changed GSTINs', 'Applicants', 'GSTR-9 (ITC)', 'Settings'])
    const keys = AREAS.flatMap((a) => [a.key, ...(a.also ? [a.also] : [])]).map((k) => k.toLowerCase())
    expect(new Set(keys).size).toBe(keys.length)
    // The number keys rise down the sidebar: the sidebar's order is the keys' order.
    const numbers = AREAS.map((a) => a.key).filter((k) => /\d/.test(k)).map((k) => (k === '0' ? 10 : Number(k)))
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
  })
  it('opens an area by its keys', () => {
    const want: Record<string, string> = { '1': 'dashboard', '2': 'gstr2b', '3': 'ims', '4': 'recon', '5': 'itcrisk', i: 'itcrisk', I: 'itcrisk',
      t: 'table4', '6': 'gstr2a', '7': 'tds', '8': 'lookup', '9': 'changed', '0': 'applicants', Y: 'gstr9', s: 'settings' }
    for (const [k, id] of Object.entries(want)) expect(areaForKey(k)?.id, 'Alt+' + k).toBe(id)
    expect(areaForKey('x')).toBeUndefined()
    expect(keyOf('gstr2b')).toBe('Alt+2')
    expect(keyOf('nowhere')).toBe('')
    expect(keysLabel(AREAS.find((a) => a.id === 'itcrisk')!)).toBe('Alt+5 / I')
    expect(keysLabel(AREAS[0])).toBe('Alt+1')
  })
  it('says what Reconciliation compares: 2B first', () => {
    expect(AREAS.find((a) => a.id === 'recon')?.blurb).toMatch(/against GSTR-2B/)
    expect(AREAS.map((a) => a.blurb).join(' ')).not.toMatch(/against GSTR-2A/)
  })
  it('matches palette queries', () => {
    expect(matchAreas('gst').map((a) => a.id)).toEqual(['gstr2b', 'table4', 'gstr2a', 'lookup', 'changed', 'gstr9'])
    expect(matchAreas('ims').map((a) => a.id)).toEqual(['ims'])
    expect(matchAreas('salary').map((a) => a.id)).toEqual(['tds'])
    expect(matchAreas('itc').map((a) => a.id)).toEqual(['itcrisk', 'gstr9'])
    expect(matchAreas('table 4').map((a) => a.id)).toEqual(['table4'])
    expect(matchAreas('calendar').map((a) => a.id)).toEqual(['itcrisk'])
    expect(matchAreas('')).toHaveLength(AREAS.length)
  })
})
