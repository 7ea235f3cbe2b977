// The arithmetic of a virtualised table (VirtualTable.svelte): rows of one fixed height, of which
// only those in view (and a few either side) are in the page; one row may be opened, which puts a
// detail of its own height under it. Pure functions, so the windowing, the keys and the planning
// of page fetches are tested without a browser.

import { count } from './format'

/** Where the rows sit: each is `row` pixels high; the row `open` (or -1) has `extra` pixels of detail under it. */
export interface Layout {
  row: number
  total: number
  open?: number
  extra?: number
}

/** The extra height under the opened row, 0 when none is open (or it is outside the rows). */
function gap(l: Layout): number {
  const o = l.open ?? -1
  return o >= 0 && o < l.total ? Math.max(0, l.extra ?? 0) : 0
}

/** The top of row i, in pixels from the top of the first row. */
export function offsetOf(l: Layout, i: number): number {
  const o = l.open ?? -1
  return i * l.row + (o >= 0 && i > o ? gap(l) : 0)
}

/** The height of all the rows together (with the opened row's detail). */
export function heightOf(l: Layout): number {
  return l.total * l.row + gap(l)
}

/** The row at y pixels from the top of the first row (the opened row for a y in its detail), within 0..total-1. */
export function indexAt(l: Layout, y: number): number {
  if (l.total <= 0) return 0
  const o = l.open ?? -1
  const g = gap(l)
  let i: number
  if (g > 0 && y >= (o + 1) * l.row) i = y < (o + 1) * l.row + g ? o : Math.floor((y - g) / l.row)
  else i = Math.floor(y / l.row)
  return Math.min(l.total - 1, Math.max(0, i))
}

/** The rows to put in the page, [start, end), for a view of `height` pixels scrolled to `top`, with `overscan` rows either side. */
export function visibleRange(l: Layout, top: number, height: number, overscan = 8): { start: number; end: number } {
  if (l.total <= 0 || l.row <= 0) return { start: 0, end: 0 }
  const first = indexAt(l, Math.max(0, top))
  const last = indexAt(l, Math.max(0, top + Math.max(0, height) - 1))
  return { start: Math.max(0, first - overscan), end: Math.min(l.total, last + 1 + overscan) }
}

/** How many whole rows a view of `height` pixels shows (at least 1): the step of PgUp/PgDn. */
export function rowsPerView(rowHeight: number, height: number): number {
  return rowHeight > 0 ? Math.max(1, Math.floor(height / rowHeight)) : 1
}

/** The row a navigation key moves the selection to, or null for a key that is not one of them. */
export function keyTarget(key: string, sel: number, total: number, perView: number): number | null {
  if (total <= 0) return null
  const s = Math.min(Math.max(sel, 0), total - 1)
  let to: number
  switch (key) {
    case 'ArrowDown': to = sel < 0 ? 0 : s + 1; break
    case 'ArrowUp': to = sel < 0 ? 0 : s - 1; break
    case 'PageDown': to = s + Math.max(1, perView - 1); break
    case 'PageUp': to = s - Math.max(1, perView - 1); break
    case 'Home': to = 0; break
    case 'End': to = total - 1; break
    default: return null
  }
  return Math.min(total - 1, Math.max(0, to))
}

/**
 * The scroll position that brings row i (and its detail, when it is the opened row, as far as it
 * fits) into a view of `height` pixels (the rows' part of the view, under the sticky header and above
 * the pinned total) now scrolled to `top`; `top` itself when it is in view already.
 */
export function scrollToShow(l: Layout, i: number, top: number, height: number): number {
  if (i < 0 || i >= l.total) return top
  const a = offsetOf(l, i)
  let b = a + l.row
  if ((l.open ?? -1) === i) b += gap(l)
  if (a < top) return a
  if (b > top + height) return Math.max(0, Math.min(a, b - height))
  return top
}

/** The pages (of `size` rows) that rows [start, end) lie on and that are neither loaded nor on their way. */
export function planPages(start: number, end: number, size: number, have: (p: number) => boolean): number[] {
  if (size <= 0 || end <= start) return []
  const out: number[] = []
  for (let p = Math.floor(start / size); p <= Math.floor((end - 1) / size); p++) if (!have(p)) out.push(p)
  return out
}

/** The loaded pages to let go so that at most `keep` remain: the farthest from the page in view first. */
export function evictPages(loaded: number[], near: number, keep: number): number[] {
  if (loaded.length <= keep) return []
  const far = [...loaded].sort((a, b) => Math.abs(b - near) - Math.abs(a - near) || b - a)
  return far.slice(0, loaded.length - Math.max(0, keep))
}

/**
 * "Rows 201–224 of 1,201" for the rows [first, last) in view, "(filtered from 5,000)" when a filter
 * leaves fewer; "No rows" for none. `what` names the rows ("Employees").
 */
export function inViewLabel(first: number, last: number, total: number, unfiltered = total, what = 'Rows'): string {
  const of = total !== unfiltered ? ` (filtered from ${count(unfiltered)})` : ''
  if (total <= 0) return `No ${what.toLowerCase()}${of}`
  const a = Math.min(Math.max(0, first), total - 1) + 1
  const b = Math.min(Math.max(last, a), total)
  return `${what} ${count(a)}–${count(b)} of ${count(total)}${of}`
}
