// Rows fetched from the backend a page at a time, as a virtualised table scrolls: the total is known
// from the first answer, the pages in view (and around) are fetched once each and kept, the farthest
// are let go past a limit, and an answer to an older query is dropped. Plain TypeScript: the screen
// passes `changed` (which bumps a $state counter) so what it shows follows the cache.
import { evictPages, planPages } from './virtual'

/** One page as the backend answers it: its rows and how many rows the query selects in all. */
export interface PageAnswer<T> {
  rows: T[]
  total: number
}

/** Fetches limit rows from offset; null or undefined when it failed (the failure was shown already). */
export type PageFetch<T> = (offset: number, limit: number) => Promise<PageAnswer<T> | null | undefined>

export class PageCache<T> {
  /** How many rows the query selects (from the newest answer). */
  total = 0
  /** True once the current query's first answer arrived. */
  ready = false
  private pages = new Map<number, T[]>()
  private loading = new Set<number>()
  private gen = 0
  private fetch: PageFetch<T> | null = null
  /** The rows last asked for, [start, end): fetched again by refresh, and after a reset. */
  private range = { start: 0, end: 0 }
  /** While a reset waits for its first answer, the old rows stay on screen and want() only remembers. */
  private pending = false
  /**
   * A reset whose first answer failed while older rows are on screen: the next want() runs the new
   * query again whole, rather than fetching single pages of it into the older query's rows.
   */
  private retry = false

  constructor(readonly size: number, private readonly keep: number, private readonly changed: () => void = () => {}) {}

  /** The row at i, or undefined while its page is on its way. */
  row(i: number): T | undefined {
    return this.pages.get(Math.floor(i / this.size))?.[i % this.size]
  }

  /** The pages held now (for tests and the eviction). */
  held(): number[] {
    return [...this.pages.keys()].sort((a, b) => a - b)
  }

  /**
   * Starts another query: fetches the first page (or, with keepPlace, the pages of the rows in view,
   * so a table refreshed after a decision stays where it was) and only then replaces the old rows.
   */
  async reset(fetch: PageFetch<T>, keepPlace = false): Promise<void> {
    const gen = ++this.gen
    this.fetch = fetch
    this.loading.clear()
    this.pending = true
    if (!keepPlace) this.range = { start: 0, end: Math.min(this.range.end - this.range.start, this.size) }
    const want = planPages(this.range.start, Math.max(this.range.end, this.range.start + 1), this.size, () => false)
    const answers = await Promise.all(want.map((p) => fetch(p * this.size, this.size)))
    if (gen !== this.gen) return
    this.pending = false
    const fresh = new Map<number, T[]>()
    let total = -1
    answers.forEach((a, k) => {
      if (!a) return
      fresh.set(want[k], a.rows)
      total = a.total
    })
    if (total < 0) {
      // Nothing came back: the old rows stay (the error was shown); a scroll asks for the new
      // query again, from its first answer.
      if (!this.ready) this.pages = fresh
      else this.retry = true
      return
    }
    this.retry = false
    this.pages = fresh
    this.total = total
    this.ready = true
    this.changed()
    await this.want(this.range.start, this.range.end)
  }

  /** Fetches the query again in place (after a change of the rows' data). */
  refresh(): Promise<void> {
    return this.fetch ? this.reset(this.fetch, true) : Promise.resolve()
  }

  /** Asks for rows [start, end): fetches each page of them not held or on its way. */
  async want(start: number, end: number): Promise<void> {
    this.range = { start, end }
    if (this.pending || !this.fetch || !this.ready) return
    if (this.retry) {
      this.retry = false
      return this.reset(this.fetch, true)
    }
    const gen = this.gen
    const fetch = this.fetch
    const plan = planPages(start, Math.min(end, this.total), this.size, (p) => this.pages.has(p) || this.loading.has(p))
    await Promise.all(plan.map(async (p) => {
      this.loading.add(p)
      const a = await fetch(p * this.size, this.size)
      if (gen !== this.gen) return
      this.loading.delete(p)
      if (!a) return
      this.pages.set(p, a.rows)
      this.total = a.total
      for (const q of evictPages(this.held(), Math.floor(this.range.start / this.size), this.keep)) this.pages.delete(q)
      this.changed()
    }))
  }
}
