import { describe, expect, it } from 'vitest'
import { PageCache, type PageAnswer } from './pages'

/** A backend of n rows (row i is i) that records every fetch and answers when told. */
function backend(n: number) {
  const calls: [number, number][] = []
  const waiting: (() => void)[] = []
  let hold = false
  const fetch = (offset: number, limit: number): Promise<PageAnswer<number> | null> => {
    calls.push([offset, limit])
    const answer = { rows: Array.from({ length: Math.max(0, Math.min(limit, n - offset)) }, (_, k) => offset + k), total: n }
    if (!hold) return Promise.resolve(answer)
    return new Promise((r) => waiting.push(() => r(answer)))
  }
  return {
    calls, fetch,
    hold() { hold = true },
    release() { hold = false; for (const w of waiting.splice(0)) w() },
    set n(v: number) { n = v },
  }
}

describe('PageCache', () => {
  it('knows the total from the first page, then fetches each page in view once', async () => {
    const b = backend(1050)
    let changes = 0
    const c = new PageCache<number>(100, 20, () => changes++)
    await c.reset(b.fetch)
    expect(c.total).toBe(1050)
    expect(c.ready).toBe(true)
    expect(b.calls).toEqual([[0, 100]])
    await c.want(0, 30)
    expect(b.calls).toHaveLength(1)
    await c.want(90, 130)
    await c.want(95, 135)
    expect(b.calls).toEqual([[0, 100], [100, 100]])
    expect(c.row(120)).toBe(120)
    expect(c.row(250)).toBeUndefined()
    await c.want(1020, 1070) // past the end: only the last page
    expect(b.calls.at(-1)).toEqual([1000, 100])
    expect(c.row(1049)).toBe(1049)
    expect(changes).toBeGreaterThanOrEqual(3)
  })

  it('does not fetch a page twice while it is on its way', async () => {
    const b = backend(500)
    const c = new PageCache<number>(100, 20)
    await c.reset(b.fetch)
    b.hold()
    const one = c.want(200, 250)
    const two = c.want(210, 260)
    b.release()
    await Promise.all([one, two])
    expect(b.calls.filter(([o]) => o === 200)).toHaveLength(1)
  })

  it('keeps at most `keep` pages, the nearest to the view', async () => {
    const b = backend(10000)
    const c = new PageCache<number>(100, 3)
    await c.reset(b.fetch)
    for (const p of [1, 2, 3, 4, 5]) await c.want(p * 100, p * 100 + 50)
    expect(c.held()).toEqual([3, 4, 5])
    await c.want(0, 50) // scrolled back: fetched again
    expect(c.row(10)).toBe(10)
  })

  it('drops an answer to an older query, and keeps the old rows until the new ones come', async () => {
    const old = backend(300)
    const c = new PageCache<number>(100, 20)
    await c.reset(old.fetch)
    const next = backend(40)
    next.hold()
    const pending = c.reset(next.fetch)
    expect(c.row(5)).toBe(5) // still the old rows
    await c.want(200, 250) // remembered, not fetched from the old query
    expect(old.calls).toEqual([[0, 100]])
    next.release()
    await pending
    expect(c.total).toBe(40)
    expect(c.row(39)).toBe(39)
    expect(c.row(40)).toBeUndefined()
  })

  it('an older reset answering late changes nothing', async () => {
    const a = backend(300)
    const c = new PageCache<number>(100, 20)
    a.hold()
    const first = c.reset(a.fetch)
    const b = backend(7)
    await c.reset(b.fetch)
    a.release()
    await first
    expect(c.total).toBe(7)
  })

  it('refresh fetches the pages in view again and keeps the place', async () => {
    const b = backend(1000)
    const c = new PageCache<number>(100, 20)
    await c.reset(b.fetch)
    await c.want(420, 470)
    b.calls.length = 0
    b.n = 990
    await c.refresh()
    expect(b.calls).toEqual([[400, 100]])
    expect(c.total).toBe(990)
    expect(c.row(450)).toBe(450)
    expect(c.row(10)).toBeUndefined() // the first page was let go: it is fetched when it is wanted
  })

  it('a failed page is asked for again on the next scroll', async () => {
    let fail = true
    const b = backend(500)
    const c = new PageCache<number>(100, 20)
    await c.reset(b.fetch)
    const flaky = c as unknown as { fetch: typeof b.fetch }
    const real = flaky.fetch
    flaky.fetch = (o, l) => (fail ? Promise.resolve(null) : real(o, l))
    await c.want(300, 320)
    expect(c.row(300)).toBeUndefined()
    fail = false
    await c.want(300, 320)
    expect(c.row(300)).toBe(300)
  })

  it('after another query fails, a scroll never mixes its rows into the older rows on screen', async () => {
    const old = backend(500)
    const c = new PageCache<number>(100, 20)
    await c.reset(old.fetch)
    // The new query's rows are 10000 + i; its first answer fails, so the older rows stay.
    let fail = true
    const fresh = (o: number, l: number): Promise<PageAnswer<number> | null> =>
      fail ? Promise.resolve(null) : Promise.resolve({ rows: Array.from({ length: l }, (_, k) => 10000 + o + k), total: 800 })
    await c.reset(fresh)
    expect(c.row(0)).toBe(0)
    expect(c.total).toBe(500)
    // A scroll to rows not held: the new query is asked again whole; while it fails, the older rows stay alone.
    await c.want(300, 320)
    expect(c.row(300)).toBeUndefined()
    expect(c.row(0)).toBe(0)
    expect(c.total).toBe(500)
    fail = false
    await c.want(300, 320)
    expect(c.total).toBe(800)
    expect(c.row(300)).toBe(10300)
    expect(c.row(0)).toBeUndefined() // an older row never shows beside the new query's
    for (const p of c.held()) expect(c.row(p * 100)).toBeGreaterThanOrEqual(10000)
  })

  it('a first page that fails leaves the cache empty and not ready', async () => {
    const c = new PageCache<number>(100, 20)
    await c.reset(() => Promise.resolve(null))
    expect(c.ready).toBe(false)
    expect(c.total).toBe(0)
  })
})
