import { describe, expect, it } from 'vitest'
import { addRupees, callsWords, closedBanner, rowTax, runLabel, stripAddsUp, tabMoney, totals } from './threeway'

const inv = (igst: number, cgst = 0, sgst = 0, cess = 0) => ({ igst, cgst, sgst, cess, supplier_gstin: '27AAAAA0000A1Z5', invoice_number: 'N' + igst })
const row = (action: string, books: ReturnType<typeof inv> | null, twoB: ReturnType<typeof inv> | null, key = '') =>
  ({ key, ims_section: twoB ? 'b2b' : '', books, gstr2a: twoB, recommended: { action } })

describe('the 2B run strip', () => {
  it('adds rupees to the paisa, where floating point would not', () => {
    expect(0.1 + 0.2).not.toBe(0.3)
    expect(addRupees([0.1, 0.2])).toBe(0.3)
    expect(addRupees(Array(1000).fill(1234.57))).toBe(1234570)
    expect(addRupees([null, undefined, -5.05, 5.05])).toBe(0)
  })
  it('takes a row’s tax from its 2B document, else its books document', () => {
    expect(rowTax(row('A', inv(10), inv(9, 0.5, 0.5, 0.01)))).toBe(10.01)
    expect(rowTax(row('', inv(0, 4.5, 4.5), null))).toBe(9)
    expect(rowTax({ recommended: { action: '' } })).toBe(0)
  })
  it('puts money on every tab, and the tabs add up to all', () => {
    const rows = [row('A', inv(100.1), inv(100.1), 'k1'), row('A', inv(50), inv(50.05), 'k2'), row('P', null, inv(18.18), 'k3'), row('', inv(9.99), null)]
    let m = tabMoney(rows, {})
    expect(m.all).toEqual({ count: 4, rupees: 178.32 })
    expect(m.accept).toEqual({ count: 2, rupees: 150.15 })
    expect(m.pending).toEqual({ count: 1, rupees: 18.18 })
    expect(m['']).toEqual({ count: 1, rupees: 9.99 })
    m = tabMoney(rows, { k2: 'reject' })
    expect(m.accept.rupees).toBe(100.1)
    expect(m.reject).toEqual({ count: 1, rupees: 50.05 })
    const parts = Object.entries(m).filter(([k]) => k !== 'all').map(([, v]) => v)
    expect(addRupees(parts.map((p) => p.rupees))).toBe(m.all.rupees)
    expect(parts.reduce((n, p) => n + p.count, 0)).toBe(m.all.count)
  })
  it('totals the rows shown, books and 2B apart', () => {
    const rows = [row('A', inv(100.1), inv(100.1)), row('P', null, inv(18.18)), row('', inv(0.01, 0.02), null)]
    expect(totals(rows)).toEqual({ rows: 3, books: 100.13, twoB: 118.28 })
    expect(totals([])).toEqual({ rows: 0, books: 0, twoB: 0 })
  })
  it('checks the strip adds up, to the paisa', () => {
    const figs = (claim: number, held: number, books: number) => [
      { key: 'gstr2b_itc', rupees: addRupees([claim, held]), count: 2 }, { key: 'books_itc', rupees: books, count: 2 },
      { key: 'difference', rupees: addRupees([claim, held, -books]), count: 0 }, { key: 'claim_now', rupees: claim, count: 1 }, { key: 'held', rupees: held, count: 1 }]
    for (let i = 0; i < 200; i++) {
      const c = Math.round(Math.random() * 1e9) / 100, h = Math.round(Math.random() * 1e7) / 100, b = Math.round(Math.random() * 1e9) / 100
      expect(stripAddsUp(figs(c, h, b))).toBe(true)
    }
    const bad = figs(10, 5, 3)
    bad[3].rupees = 10.01
    expect(stripAddsUp(bad)).toBe(false)
  })
  it('lists a saved run with its months, when, rows, advice and 2B ITC', () => {
    const r = { id: 'r1', from_period: '2025-03', to_period: '2025-04', created_at: '2026-11-27T10:14:00Z', register_name: 'purchases.csv', rows: 12, pinned: true,
      recommended: { accept: 9, pending: 2, none: 1 }, summary: { figures: [{ key: 'gstr2b_itc', rupees: 1234.5, count: 9 }] } }
    expect(runLabel(r, (p) => p, (w) => w.slice(0, 10), (v) => '₹' + v.toFixed(2))).toBe('2025-03 – 2025-04 · run 2026-11-27 · 12 rows · 9 accept, 2 pending · 2B ITC ₹1234.50 · purchases.csv · pinned')
    expect(runLabel({ ...r, to_period: '2025-03', rows: 0, recommended: {}, summary: null, pinned: false }, (p) => p, (w) => w, String)).toBe('2025-03 · run 2026-11-27T10:14:00Z · purchases.csv')
  })
  it('says a closed month once', () => {
    expect(closedBanner([])).toBe('')
    const one = closedBanner([{ label: 'March 2025', actions: 5, still_listed: 1 }])
    expect(one).toContain('IMS is closed for March 2025')
    expect(one).toContain('5 recommended or chosen here are not sent')
    expect(one).toContain('1 document IMS still lists as pending')
    expect(closedBanner([{ label: 'March 2025', actions: 0, still_listed: 0 }, { label: 'April 2025', actions: 2, still_listed: 0 }])).toMatch(/^IMS is closed for March 2025, April 2025: their/)
    expect(callsWords(0)).toBe('no paid call')
    expect(callsWords(8)).toBe('8 paid calls to list IMS')
  })
})
