import { describe, expect, it } from 'vitest'
import { withRetry } from './retry'

describe('withRetry', () => {
  it('retries "still running" as the window rejects it (an Error carrying JSON) and then succeeds', async () => {
    let n = 0
    const r = await withRetry(async () => {
      if (++n < 3) throw new Error('{"kind":"conflict","message":"The job is still running."}')
      return 'done'
    }, 20, 1)
    expect(r).toBe('done')
    expect(n).toBe(3)
  })
  it('does not retry other errors, and gives up after the tries', async () => {
    let n = 0
    await expect(withRetry(async () => { n++; throw new Error('{"kind":"not_found","message":"no job"}') }, 5, 1)).rejects.toThrow('no job')
    expect(n).toBe(1)
    n = 0
    await expect(withRetry(async () => { n++; throw { kind: 'conflict', message: 'busy' } }, 2, 1)).rejects.toEqual({ kind: 'conflict', message: 'busy' })
    expect(n).toBe(3)
  })
})
