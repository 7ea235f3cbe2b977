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

// ---------------------------------------------------------------------------------------------
// The scroll space. A browser will not make an element taller than about 33.5 million pixels
// (Chromium, and so WebView2; Firefox about 17.9 million), so 11,98,556 rows of 36 px (43 million)
// cannot be one spacer: the rows past the limit were never reached and overlapped. The table's
// scroller is therefore at most MAX_SCROLL_PX high, and a position in it (physical, scrollTop) maps
// to a position among the rows (virtual, the `top` of the functions above):
//   - the first and the last `edge` pixels map one to one (the top and the end of the table scroll
//     exactly as before, and the rows drawn there are where they would be without the cap);
//   - the middle is stretched evenly (a pixel of scrollbar there is many rows).
// The table keeps the virtual position as its state: keys and the wheel move it exactly (by rows,
// by pixels of rows) and the scrollbar is put where the mapping says; only a drag of the scrollbar
// (a physical move nobody asked the rows for) is mapped back. Up to MAX_SCROLL_PX nothing changes.

/** The tallest the rows' part of a scroller is made, in pixels: well under every engine's limit. */
export const MAX_SCROLL_PX = 8_000_000

/** How the rows' height is laid into the scroller. */
export interface Space {
  /** The rows' true height (heightOf). */
  rows: number
  /** The height given to the scroller's rows' part (at most the cap). */
  height: number
  /** The height of the rows' part of the view (under the header, above the total). */
  view: number
  /** The pixels at the top and at the end that map one to one. */
  edge: number
}

/** The scroll space of a layout for a view of `view` pixels, capped at `cap` pixels. */
export function spaceOf(l: Layout, view: number, cap = MAX_SCROLL_PX): Space {
  const rows = Math.max(0, heightOf(l))
  const v = Math.max(0, view)
  const height = Math.min(rows, Math.max(cap, 0))
  // The edges: a few views' worth (so that the rows drawn above the view and an opened detail
  // fit), never more than a quarter of the space.
  const edge = Math.max(0, Math.min(Math.max(50_000, 4 * v), Math.floor((height - v) / 4)))
  return { rows, height, view: v, edge }
}

/** Whether the space is scaled (rows taller than the scroller). */
export function scaled(sp: Space): boolean {
  return sp.rows > sp.height
}

/** The largest scroll position of the physical space and of the rows. */
function ends(sp: Space): { p: number; v: number } {
  return { p: Math.max(0, sp.height - sp.view), v: Math.max(0, sp.rows - sp.view) }
}

/** The position among the rows for the scroller's position `s` (scrollTop), within 0..rows-view. */
export function toVirtual(sp: Space, s: number): number {
  const { p, v } = ends(sp)
  const x = Math.min(Math.max(0, s), p)
  if (!scaled(sp)) return x
  const e = sp.edge
  if (x <= e) return x
  if (x >= p - e) return x + (v - p)
  return e + ((x - e) * (v - 2 * e)) / (p - 2 * e)
}

/** The scroller's position (scrollTop, not rounded) for the position `top` among the rows: toVirtual's inverse. */
export function toPhysical(sp: Space, top: number): number {
  const { p, v } = ends(sp)
  const y = Math.min(Math.max(0, top), v)
  if (!scaled(sp)) return y
  const e = sp.edge
  if (y <= e) return y
  if (y >= v - e) return y - (v - p)
  return e + ((y - e) * (p - 2 * e)) / (v - 2 * e)
}

/** The rows to draw and the spacers around them. */
export interface Placement {
  start: number
  end: number
  /** The spacer above the rows drawn and the one below them, in pixels of the scroller. */
  padTop: number
  padBottom: number
}

/**
 * The rows to draw for the scroller at `phys` (its scrollTop) showing the rows from `top` (the
 * virtual position): each row i drawn sits at phys + offsetOf(i) - top, so the view shows exactly
 * the rows from `top`; the spacers keep the scroller `sp.height` high. Rows that would sit above the
 * scroller's top (only possible for a position the mapping does not give) are not drawn.
 */
export function placement(l: Layout, sp: Space, top: number, phys: number, overscan = 8): Placement {
  const r = visibleRange(l, top, sp.view, overscan)
  if (r.end <= r.start) return { start: 0, end: 0, padTop: 0, padBottom: 0 }
  const shift = phys - top
  let start = r.start
  while (start < r.end - 1 && offsetOf(l, start + 1) + shift <= 0) start++
  const padTop = Math.max(0, offsetOf(l, start) + shift)
  const drawn = offsetOf(l, r.end) - offsetOf(l, start)
  const padBottom = Math.max(0, sp.height - padTop - drawn)
  return { start, end: r.end, padTop, padBottom }
}

/**
 * Where a move to `want` (a position among the rows) puts the scroller: the scrollTop to set (whole
 * pixels, within the scroller) and the position among the rows the table then keeps. Unscaled, or
 * in the one-to-one edges, they are the same; in the stretched middle the rows keep `want` exactly
 * (a scrollbar pixel there is many rows, and keys must land on their row).
 */
export function moveTarget(sp: Space, want: number): { phys: number; top: number } {
  const { p, v } = ends(sp)
  const t = Math.min(Math.max(0, want), v)
  if (!scaled(sp)) return { phys: t, top: t }
  const phys = Math.min(Math.max(0, Math.round(toPhysical(sp, t))), p)
  return { phys, top: phys <= sp.edge ? phys : t }
}
