import { describe, expect, it } from 'vitest'
import { applyLine, counts, filterRows, fromRtnprd, imsPeriod, requests, resultWords, rowKey, stage, stagedWords } from './logic'

const rows = [
  { section: 'b2b', stin: '27AAAAA0000A1Z5', number: 'INV-1', action: 'N', pending_blocked: false, name: 'Acme Traders' },
  { section: 'b2b', stin: '27AAAAA0000A1Z5', number: 'INV-2', action: 'A', pending_blocked: true },
  { section: 'b2bcn', stin: '29BBBBB1111B1Z3', number: 'CN-1', action: 'N', pending_blocked: false },
]
// One supplier's number in two return periods: two documents.
const twoPeriods = [
  { section: 'b2b', stin: '27AAAAA0000A1Z5', number: 'INV-9', rtnprd: '032026', action: 'P', pending_blocked: false },
  { section: 'b2b', stin: '27AAAAA0000A1Z5', number: 'INV-9', rtnprd: '042026', action: 'N', pending_blocked: false },
]

describe('ims logic', () => {
  it('counts by section and status', () => {
    const c = counts(rows)
    expect(c[''].N).toBe(2)
    expect(c['']['*']).toBe(3)
    expect(c.b2b.A).toBe(1)
    expect(c.b2bcn['*']).toBe(1)
  })
  it('filters by section, status and search', () => {
    expect(filterRows(rows, 'b2b', '', '').length).toBe(2)
    expect(filterRows(rows, '', 'N', '').length).toBe(2)
    expect(filterRows(rows, '', '', 'acme').map((r) => r.number)).toEqual(['INV-1'])
    expect(filterRows(rows, '', '', '29bbb').map((r) => r.number)).toEqual(['CN-1'])
  })
  it('stages actions, refuses pending where blocked, unstages what is already so', () => {
    let s = stage({}, rows, 'pending')
    expect(Object.keys(s.staged)).toEqual([rowKey(rows[0]), rowKey(rows[2])])
    expect(s.refused).toHaveLength(1)
    expect(s.refused[0]).toMatch(/^INV-2: The portal does not allow “pending”/)
    s = stage(s.staged, [rows[1]], 'accept')
    expect(s.staged[rowKey(rows[1])]).toBeUndefined()
    s = stage(s.staged, [rows[0]], 'reject')
    expect(stagedWords(s.staged)).toBe('1 to reject, 1 to keep pending')
    expect(requests(s.staged, rows, 'checked')).toEqual([
      { section: 'b2b', stin: rows[0].stin, number: 'INV-1', rtnprd: '', action: 'reject', reason: 'checked' },
      { section: 'b2bcn', stin: rows[2].stin, number: 'CN-1', rtnprd: '', action: 'pending', reason: 'checked' },
    ])
  })
  it('tells one number of two return periods apart', () => {
    expect(rowKey(twoPeriods[0])).not.toBe(rowKey(twoPeriods[1]))
    const s = stage({}, [twoPeriods[1]], 'accept')
    expect(requests(s.staged, twoPeriods, 'ok')).toEqual([
      { section: 'b2b', stin: twoPeriods[1].stin, number: 'INV-9', rtnprd: '042026', action: 'accept', reason: 'ok' },
    ])
  })
  it('says results in words', () => {
    expect(resultWords({ result: 'applied' })).toBe('Done: the portal has it.')
    expect(resultWords({ result: 'refused', error_code: 'IMSSAV0010', message: 'It now reads: pending.' })).toBe('Refused: the supplier may have edited it; re-read. It now reads: pending.')
    expect(resultWords({ result: 'unknown', message: 'waited 3m0s' })).toBe('Not known yet: waited 3m0s')
    expect(applyLine({ applied: 2, refused: 1, failed: 0, unknown: 0 })).toBe('2 documents done, 1 refused')
  })
  it('knows the IMS period and supplier periods', () => {
    expect(imsPeriod(new Date(2026, 10, 24))).toBe('2026-10')
    expect(imsPeriod(new Date(2026, 0, 5))).toBe('2025-12')
    expect(fromRtnprd('102026')).toBe('2026-10')
  })
})
