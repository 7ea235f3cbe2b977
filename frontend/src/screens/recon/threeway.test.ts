import { describe, expect, it } from 'vitest'
import { actionCounts, choiceKey, choicesOf, choose, effective, linesSummary, lineTone, lineWords } from './threeway'

const row = (num: string, action: string, section = 'b2b', choice = '') => ({ key: 'k' + num, choice, ims_section: section, gstr2a: { supplier_gstin: '27AAAAA0000A1Z5', invoice_number: num }, recommended: { action } })
const rows = [row('1', 'A'), row('2', 'P'), row('3', ''), { recommended: { action: '' } }]

describe('three-way logic', () => {
  it('keys rows by their key in the run; a row without a 2B document takes no action', () => {
    expect(choiceKey(rows[0])).toBe('k1')
    expect(choiceKey(rows[3])).toBe('')
  })
  it('reads the choices kept with the run', () => {
    expect(choicesOf([row('1', 'A', 'b2b', 'R'), row('2', 'A', 'b2b', '-'), row('3', 'P', 'b2b', 'N'), row('4', 'A')])).toEqual({ k1: 'reject', k2: 'skip', k3: 'reset' })
  })
  it('chooses in place of the recommendation; choosing the recommendation clears', () => {
    let c = choose({}, rows[0], 'reject')
    expect(effective(rows[0], c)).toBe('reject')
    c = choose(c, rows[0], 'accept')
    expect(c).toEqual({})
    c = choose(c, rows[2], 'skip')
    expect(effective(rows[2], c)).toBe('skip')
    expect(choose(c, rows[3], 'accept')).toBe(c)
    expect(c).toEqual({ k3: 'skip' })
  })
  it('counts rows by the action they will take', () => {
    const c = choose({}, rows[1], 'reject')
    expect(actionCounts(rows, c)).toEqual({ all: 4, accept: 1, reject: 1, '': 2 })
  })
  it('says each line in words', () => {
    expect(lineWords({ result: 'dry_run' })).toBe('will be sent')
    expect(lineWords({ result: 'refused', message: 'stale' })).toBe('refused: stale')
    expect(linesSummary([{ result: 'applied' }, { result: 'applied' }, { result: 'refused' }, { result: 'not_in_ims' }])).toBe('2 done, 1 refused, 1 not in IMS')
    expect(linesSummary([{ result: 'applied' }, { result: 'changed' }])).toBe('1 done, 1 changed since the run')
    expect(lineWords({ result: 'changed', message: 'Reconcile again.' })).toBe('not sent, changed since: Reconcile again.')
    expect(lineTone('changed')).toBe('warn')
    expect(linesSummary([])).toBe('nothing to send')
  })
})
