import { describe, expect, it } from 'vitest'
import {
  evictPages, heightOf, inViewLabel, indexAt, keyTarget, MAX_SCROLL_PX, moveTarget, offsetOf, placement, planPages, rowsPerView, scaled, scrollToShow,
  spaceOf, toPhysical, toVirtual, visibleRange, type Layout,
} from './virtual'

const plain: Layout = { row: 20, total: 1000 }
// Row 10 is open, with 100 px of detail under it.
const opened: Layout = { row: 20, total: 1000, open: 10, extra: 100 }

describe('layout', () => {
  it.each([
    ['first row', plain, 0, 0],
    ['row 5', plain, 5, 100],
    ['the opened row itself', opened, 10, 200],
    ['the row after the detail', opened, 11, 320],
    ['a row before the opened one', opened, 3, 60],
  ])('%s starts at its offset', (_, l, i, want) => {
    expect(offsetOf(l, i)).toBe(want)
  })

  it('adds the detail to the height', () => {
    expect(heightOf(plain)).toBe(20000)
    expect(heightOf(opened)).toBe(20100)
    expect(heightOf({ ...opened, open: 5000 })).toBe(20000) // a row that is not there opens nothing
  })

  it.each([
    [plain, 0, 0], [plain, 19, 0], [plain, 20, 1], [plain, 19999, 999], [plain, 50000, 999], [plain, -5, 0],
    [opened, 219, 10], [opened, 220, 10], [opened, 319, 10], [opened, 320, 11], [opened, 339, 11], [opened, 340, 12],
  ])('y %#: the row under it', (l, y, want) => {
    expect(indexAt(l, y)).toBe(want)
  })
})

describe('visibleRange', () => {
  it.each([
    ['the top', plain, 0, 200, 2, { start: 0, end: 12 }],
    ['scrolled to row 100', plain, 2000, 200, 2, { start: 98, end: 112 }],
    ['half a row scrolled', plain, 2010, 200, 0, { start: 100, end: 111 }],
    ['the end', plain, 19800, 200, 3, { start: 987, end: 1000 }],
    ['past the end', plain, 50000, 200, 3, { start: 996, end: 1000 }],
    ['the detail in view', opened, 200, 100, 0, { start: 10, end: 11 }],
    ['after the detail', opened, 320, 40, 0, { start: 11, end: 13 }],
    ['no rows', { row: 20, total: 0 }, 0, 200, 8, { start: 0, end: 0 }],
    ['fewer rows than the view', { row: 20, total: 3 }, 0, 500, 8, { start: 0, end: 3 }],
  ])('%s', (_, l, top, h, over, want) => {
    expect(visibleRange(l, top, h, over)).toEqual(want)
  })

  it('puts no more rows in the page than the view needs and the overscan', () => {
    const r = visibleRange({ row: 26, total: 100000 }, 1234567, 520, 8)
    expect(r.end - r.start).toBeLessThanOrEqual(520 / 26 + 1 + 16)
    expect(r.start).toBe(Math.floor(1234567 / 26) - 8)
  })
})

describe('keyTarget', () => {
  it.each([
    ['ArrowDown', 5, 6], ['ArrowUp', 5, 4], ['ArrowUp', 0, 0], ['ArrowDown', 99, 99],
    ['PageDown', 5, 14], ['PageUp', 50, 41], ['PageUp', 3, 0], ['PageDown', 95, 99],
    ['Home', 50, 0], ['End', 5, 99], ['ArrowDown', -1, 0], ['ArrowUp', -1, 0],
  ])('%s from %i goes to %i (100 rows, 10 in view)', (key, from, want) => {
    expect(keyTarget(key, from, 100, 10)).toBe(want)
  })

  it('ignores other keys and empty tables', () => {
    expect(keyTarget('a', 5, 100, 10)).toBeNull()
    expect(keyTarget('Enter', 5, 100, 10)).toBeNull()
    expect(keyTarget('ArrowDown', 0, 0, 10)).toBeNull()
  })

  it('moves a page by at least one row', () => {
    expect(keyTarget('PageDown', 0, 100, 1)).toBe(1)
    expect(rowsPerView(20, 5)).toBe(1)
    expect(rowsPerView(20, 205)).toBe(10)
  })
})

describe('scrollToShow', () => {
  it.each([
    ['in view already', plain, 12, 200, 200, 200],
    ['above the view', plain, 5, 200, 200, 100],
    ['below the view', plain, 25, 200, 200, 320],
    ['the last row', plain, 999, 0, 200, 19800],
    ['an opened row brings its detail', opened, 10, 0, 200, 120],
    ['a detail taller than the view keeps the row at the top', { ...opened, extra: 1000 }, 10, 0, 200, 200],
    ['a row after the detail', opened, 20, 0, 200, 320],
    ['no such row', plain, 5000, 77, 200, 77],
  ])('%s', (_, l, i, top, h, want) => {
    expect(scrollToShow(l, i, top, h)).toBe(want)
  })
})

describe('page planning', () => {
  it.each([
    ['the first page', 0, 30, [], [0]],
    ['across two pages', 90, 130, [], [0, 1]],
    ['one page held', 90, 130, [0], [1]],
    ['all held', 90, 130, [0, 1], []],
    ['the last row of a page', 99, 100, [], [0]],
    ['far down', 12345, 12390, [], [123]],
    ['nothing wanted', 50, 50, [], []],
  ])('%s', (_, start, end, have, want) => {
    expect(planPages(start, end, 100, (p) => (have as number[]).includes(p))).toEqual(want)
  })

  it('lets go of the farthest pages first', () => {
    expect(evictPages([0, 1, 2, 3, 9, 10], 9, 4)).toEqual([0, 1])
    expect(evictPages([0, 1, 2], 0, 4)).toEqual([])
    expect(evictPages([4, 6], 5, 1)).toEqual([6])
  })
})

describe('inViewLabel', () => {
  it.each([
    [0, 24, 1201, 1201, 'Rows 1–24 of 1,201'],
    [200, 224, 1201, 1201, 'Rows 201–224 of 1,201'],
    [0, 7, 7, 7, 'Rows 1–7 of 7'],
    [0, 0, 7, 7, 'Rows 1–1 of 7'],
    [0, 2, 2, 7, 'Rows 1–2 of 2 (filtered from 7)'],
    [0, 0, 0, 7, 'No rows (filtered from 7)'],
    [0, 0, 0, 0, 'No rows'],
  ])('rows [%i, %i) of %i', (first, last, total, unfiltered, want) => {
    expect(inViewLabel(first, last, total, unfiltered)).toBe(want)
  })
  it('names the rows', () => {
    expect(inViewLabel(0, 5, 5, 5, 'Employees')).toBe('Employees 1–5 of 5')
    expect(inViewLabel(0, 0, 0, 5, 'Employees')).toBe('No employees (filtered from 5)')
  })
})

describe('the scroll space of a large table', () => {
  const row = 36
  const view = 500
  const sizes = [10, 1e5, 1.2e6, 5e7]

  /** The rows drawn for the table moved to `want` (as VirtualTable does): where each sits in the view. */
  function drawn(l: Layout, want: number) {
    const sp = spaceOf(l, view)
    const m = moveTarget(sp, want)
    const p = placement(l, sp, m.top, m.phys, 8)
    // Row i sits at padTop + (its offset from the first drawn row) in the scroller; the view starts at m.phys.
    const at = (i: number) => p.padTop + offsetOf(l, i) - offsetOf(l, p.start) - m.phys
    return { sp, m, p, at }
  }

  it.each(sizes)('%i rows: the scroller is never taller than the cap, and is the rows when they fit', (n) => {
    const l: Layout = { row, total: n }
    const sp = spaceOf(l, view)
    expect(sp.height).toBeLessThanOrEqual(MAX_SCROLL_PX)
    expect(scaled(sp)).toBe(n * row > MAX_SCROLL_PX)
    if (!scaled(sp)) expect(sp.height).toBe(n * row)
  })

  it.each(sizes)('%i rows: the first and the last row are reached by Home and End, and by the scrollbar', (n) => {
    const l: Layout = { row, total: n }
    const per = rowsPerView(row, view)
    // End from the first row.
    const last = keyTarget('End', 0, n, per)!
    expect(last).toBe(n - 1)
    const e = drawn(l, scrollToShow(l, last, 0, view))
    expect(e.p.end).toBe(n)
    expect(e.p.start).toBeLessThanOrEqual(last)
    expect(e.at(last)).toBeGreaterThanOrEqual(-1e-6)
    expect(e.at(last) + row).toBeLessThanOrEqual(view + 1e-6)
    expect(e.m.phys).toBeLessThanOrEqual(Math.max(0, e.sp.height - view))
    // Home from there.
    const h = drawn(l, scrollToShow(l, keyTarget('Home', last, n, per)!, e.m.top, view))
    expect(h.m).toEqual({ phys: 0, top: 0 })
    expect(h.p.start).toBe(0)
    expect(h.at(0)).toBe(0)
    // The scrollbar at its ends shows the first and the last rows.
    const sp = spaceOf(l, view)
    expect(toVirtual(sp, 0)).toBe(0)
    expect(toVirtual(sp, sp.height - view)).toBeCloseTo(Math.max(0, n * row - view), 6)
  })

  it.each(sizes)('%i rows: the mapping only goes forward and the two ways agree', (n) => {
    const sp = spaceOf({ row, total: n }, view)
    const p = Math.max(0, sp.height - view)
    let prevV = -1
    let prevP = -1
    for (let k = 0; k <= 2000; k++) {
      const s = (p * k) / 2000
      const v = toVirtual(sp, s)
      expect(v).toBeGreaterThanOrEqual(prevV)
      prevV = v
      expect(toPhysical(sp, v)).toBeCloseTo(s, 3)
      const ph = toPhysical(sp, (Math.max(0, sp.rows - view) * k) / 2000)
      expect(ph).toBeGreaterThanOrEqual(prevP)
      prevP = ph
    }
    // One pixel of scrollbar never moves the rows backwards, and (unscaled) moves them one pixel.
    if (!scaled(sp)) expect(toVirtual(sp, 100) - toVirtual(sp, 99)).toBe(n * row > 100 + view ? 1 : 0)
  })

  it.each(sizes)('%i rows: wherever the scrollbar or the keys put it, the rows drawn neither overlap nor leave a gap', (n) => {
    for (const open of [-1, Math.floor(n / 2)]) {
      const l: Layout = { row, total: n, open, extra: 240 }
      const sp = spaceOf(l, view)
      const p = Math.max(0, sp.height - view)
      const check = (top: number, phys: number) => {
        const pl = placement(l, sp, top, phys, 8)
        expect(pl.padTop).toBeGreaterThanOrEqual(0)
        expect(pl.padBottom).toBeGreaterThanOrEqual(0)
        // The scroller keeps its height: spacers and rows fill it exactly.
        expect(pl.padTop + offsetOf(l, pl.end) - offsetOf(l, pl.start) + pl.padBottom).toBeCloseTo(sp.height, 3)
        // Every row in view is drawn, at its place relative to the view's top.
        const v = visibleRange(l, top, view, 0)
        expect(pl.start).toBeLessThanOrEqual(v.start)
        expect(pl.end).toBeGreaterThanOrEqual(v.end)
        const y = pl.padTop + offsetOf(l, v.start) - offsetOf(l, pl.start) - phys
        expect(y).toBeCloseTo(offsetOf(l, v.start) - top, 3)
      }
      // The scrollbar dragged anywhere (whole pixels).
      for (let k = 0; k <= 500; k++) {
        const s = Math.round((p * k) / 500)
        check(toVirtual(sp, s), s)
      }
      // The keys: every PageDown from the top for a while, then from a row in the middle and up to the end.
      const per = rowsPerView(row, view)
      for (const from of [0, Math.floor(n / 3), Math.max(0, n - 200)]) {
        let sel = from
        let top = drawn(l, scrollToShow(l, sel, 0, view)).m.top
        for (let k = 0; k < 60 && sel < n - 1; k++) {
          sel = keyTarget(k % 7 === 6 ? 'ArrowDown' : 'PageDown', sel, n, per)!
          const m = moveTarget(sp, scrollToShow(l, sel, top, view))
          top = m.top
          check(m.top, m.phys)
          // The selected row is wholly in view.
          const y = offsetOf(l, sel) - m.top
          expect(y).toBeGreaterThanOrEqual(-1e-6)
          expect(y + row).toBeLessThanOrEqual(view + 1e-6)
        }
      }
    }
  })
})
