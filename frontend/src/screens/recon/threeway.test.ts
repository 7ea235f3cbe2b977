import { describe, expect, it } from 'vitest'
import { actionCounts, choiceKey, choicesOf, choose, effective, linesSummary, lineTone, lineWords, timingWord, twStatusLabel, twStatusTone, whyText } from './threeway'

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

describe('the words of a run against GSTR-2B', () => {
  it('says 2B for a document not in the 2B, whichever the run wrote', () => {
    expect(twStatusLabel('missing_in_2b')).toBe('Missing in 2B')
    expect(twStatusLabel('missing_in_2a')).toBe('Missing in 2B')
    expect(twStatusLabel('exact')).toBe('Exact')
    expect(twStatusTone('missing_in_2b')).toBe(twStatusTone('missing_in_2a'))
  })
  it('names the timing, with the age of a document awaiting the supplier', () => {
    const rec = { action: 'A', reason: 'r' }
    expect(timingWord({ status: 'exact', timing: 'reported_late', recommended: rec })).toBe('reported late')
    expect(timingWord({ status: 'missing_in_2b', timing: 'awaiting_supplier', age_days: 49, recommended: rec })).toBe('awaiting the supplier, 49 days')
    expect(timingWord({ status: 'exact', recommended: rec })).toBe('')
  })
  it('gives the whole recommendation in its tooltip: rule, figures, timing, rate flags', () => {
    const t = whyText({ status: 'suggested', timing_note: 'reported late by the supplier: invoice of 13/01/2025 in the 2B of March 2025', rate_flags: ['Rate: 12.0%'],
      recommended: { action: 'P', reason: 'Confirm the number.', rule: 'confirm_number', figures: 'books CR/002: taxable ₹2500.00, tax ₹450.00' } }, 'Keep pending')
    for (const part of ['Keep pending:', 'Confirm the number.', 'reported late by the supplier', 'Figures: books CR/002', '(rule confirm_number)', 'Rate: 12.0%']) {
      expect(t).toContain(part)
    }
  })
})
