import { describe, expect, it } from 'vitest'
import { AREAS, areaForKey, matchAreas } from './nav'

describe('nav', () => {
  it('has every area with a unique shortcut', () => {
    expect(AREAS.map((a) => a.label)).toEqual(['Dashboard', 'GSTIN lookup', 'Changed GSTINs', 'Applicants', 'GSTR-2A', 'GSTR-2B', 'IMS', 'Reconciliation', 'GSTR-3B Table 4', 'GSTR-9 (ITC)', 'ITC calendar', 'Salary TDS', 'Settings'])
    expect(new Set(AREAS.map((a) => a.key)).size).toBe(AREAS.length)
    expect(areaForKey('8')?.id).toBe('settings')
    expect(areaForKey('9')?.id).toBe('gstr2b')
    expect(areaForKey('0')?.id).toBe('ims')
    expect(areaForKey('i')?.id).toBe('itcrisk')
    expect(areaForKey('I')?.id).toBe('itcrisk')
    expect(areaForKey('t')?.id).toBe('table4')
    expect(areaForKey('Y')?.id).toBe('gstr9')
    expect(areaForKey('x')).toBeUndefined()
  })
  it('matches palette queries', () => {
    expect(matchAreas('gst').map((a) => a.id)).toEqual(['lookup', 'changed', 'gstr2a', 'gstr2b', 'table4', 'gstr9'])
    expect(matchAreas('ims').map((a) => a.id)).toEqual(['ims'])
    expect(matchAreas('salary').map((a) => a.id)).toEqual(['tds'])
    expect(matchAreas('itc').map((a) => a.id)).toEqual(['gstr9', 'itcrisk'])
    expect(matchAreas('table 4').map((a) => a.id)).toEqual(['table4'])
    expect(matchAreas('calendar').map((a) => a.id)).toEqual(['itcrisk'])
    expect(matchAreas('')).toHaveLength(AREAS.length)
  })
})
