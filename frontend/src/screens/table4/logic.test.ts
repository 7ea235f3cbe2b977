import { describe, expect, it } from 'vitest'
import type { Doc, Heads, Line, Sheet } from '../../api/table4'
import { actionOf, bridgeSum, bridgeTo, docsOfTable, netEffect, p4, recentMonths, total } from './logic'
import { inPaise } from '../../lib/format'

const h = (igst: number, cgst = 0, sgst = 0, cess = 0): Heads => ({ igst_rupees: igst, cgst_rupees: cgst, sgst_rupees: sgst, cess_rupees: cess })
const line = (kind: string, effects: [string, Heads][]): Line => ({ kind, title: kind, explain: '', effects: effects.map(([row, tax]) => ({ row, tax })), tax: h(0), count: 0, documents: [] })
const doc = (over: Partial<Doc> = {}): Doc => ({ face: '2b', kind: 'invoice', supplier_gstin: '27AAPFU0939F1ZV', document_number: 'A1', document_date: '2025-10-01', tax: h(100), claim: {}, ...over })

describe('table 4 logic', () => {
  it('reads rupees as exact paise', () => {
    expect(inPaise(0.1 + 0.2)).toBe(30)
    expect(inPaise(1234567.89)).toBe(123456789)
    expect(p4(h(1.1, 2.2, 3.3, 0.01))).toEqual([110, 220, 330, 1])
  })
  it('nets a line on 4(C): 4(A) rows in, 4(B) rows out, 4(D) not at all', () => {
    expect(netEffect(line('held', [['4B2', h(18)]]))).toEqual([-1800, 0, 0, 0])
    expect(netEffect(line('rejected', [['4A5', h(-5, -1)]]))).toEqual([-500, -100, 0, 0])
    expect(netEffect(line('reclaimed', [['4A5', h(7)], ['4D1', h(7)]]))).toEqual([700, 0, 0, 0])
  })
  it('adds the bridge up to 4(C), head by head', () => {
    const s: Sheet = {
      period: '2025-10', label: 'Oct 2025', warnings: [], notes: [],
      rows: [{ code: '4C', label: '4(C)', title: '', proposal: h(100.1, 50), adjustments: h(-20.05), figure: h(80.05, 50) }],
      bridge: [line('held', [['4B2', h(30)]]), line('reclaimed', [['4A5', h(9.95)], ['4D1', h(9.95)]]), line('itc_not_available', [])],
    }
    const b = bridgeSum(s)
    expect(b.ok).toBe(true)
    expect(total(b.lines)).toBe(-2005)
    expect(bridgeTo(s, '4C').lines).toHaveLength(3)
    expect(bridgeTo(s, '4C').ok).toBe(true)
    s.rows.push({ code: '4B2', label: '4(B)(2)', title: '', proposal: h(5), adjustments: h(30), figure: h(35) })
    const b2 = bridgeTo(s, '4B2')
    expect(b2.lines.map((x) => x.line.kind)).toEqual(['held'])
    expect(b2.ok).toBe(true)
    s.rows[0].figure = h(80.06, 50)
    expect(bridgeSum(s).ok).toBe(false)
    expect(bridgeTo(s, '4C').ok).toBe(false)
  })
  it('offers claim for held documents and hold for claimed ones', () => {
    expect(actionOf(doc(), 'not_booked', '2025-10')).toBe('claim')
    expect(actionOf(doc({ claim: { state: 'claim', claim_period: '2025-10' } }), 'held', '2025-10')).toBe('hold')
    expect(actionOf(doc(), 'reclaimed', '2025-10')).toBe('hold')
    expect(actionOf(doc({ face: 'books' }), 'not_booked', '2025-10')).toBe('')
    expect(actionOf(doc(), 'itc_not_available', '2025-10')).toBe('')
    expect(actionOf(doc({ tax: h(-10) }), 'held', '2025-10')).toBe('')
  })
  it('lists a GSTR-9 table’s documents and the months to pick', () => {
    const d = { ...doc(), claim_period: '', claim_basis: '', tables: ['8A', '8B'] }
    expect(docsOfTable([d], '8B')).toHaveLength(1)
    expect(docsOfTable([d], '13')).toHaveLength(0)
    expect(recentMonths(new Date(2026, 0, 15), 3)).toEqual(['2025-12', '2025-11', '2025-10'])
  })
})
