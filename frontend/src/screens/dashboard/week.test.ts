import { describe, expect, it } from 'vitest'
import { daysTo, dueTone, kindLabel, whenWords, type DueItem } from './week'

const item = (due: string, overdue = false): DueItem => ({ kind: 'gstr3b', what: '', due, overdue, amount_rupees: 0, count: 0, area: 'table4' })

describe('week', () => {
  it('counts days across months and years', () => {
    expect(daysTo('2026-12-01', '2026-11-27')).toBe(4)
    expect(daysTo('2027-01-07', '2026-12-31')).toBe(7)
    expect(daysTo('2026-11-20', '2026-11-27')).toBe(-7)
  })
  it('says when in words', () => {
    expect(whenWords('2026-11-27', '2026-11-27')).toBe('today')
    expect(whenWords('2026-11-28', '2026-11-27')).toBe('tomorrow')
    expect(whenWords('2026-11-30', '2026-11-27')).toBe('in 3 days')
    expect(whenWords('2026-11-20', '2026-11-27')).toBe('7 days ago')
  })
  it('colours overdue red and the next week amber', () => {
    expect(dueTone(item('2026-11-20', true), '2026-11-27')).toBe('bad')
    expect(dueTone(item('2026-11-30'), '2026-11-27')).toBe('warn')
    expect(dueTone(item('2026-12-20'), '2026-11-27')).toBe('')
    expect(kindLabel('rule_37a')).toBe('Rule 37A')
  })
})
