import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { duration, jobArea, jobLabel, mergeJob, timeLeft, type JobEvent } from './jobs'

const ev = (id: string, started: string, state = 'running', done = 0, total = 0, finished?: string): JobEvent =>
  ({ id, kind: 'gstr2a', started, state, done, total, finished }) as unknown as JobEvent

describe('job kinds', () => {
  it.each([
    ['gstr2a', 'GSTR-2A pull', 'gstr2a'],
    ['lookup', 'Bulk GSTIN lookup', 'lookup'],
    ['recon:watch', 'Supplier watch', 'recon'],
    ['tds:run', 'Salary TDS run', 'tds'],
    ['tds:forms', 'Year-end TDS forms', 'tds'],
    ['itc:chasers', 'Chaser pack', 'itcrisk'],
    ['something:new', 'something:new', 'dashboard'],
  ])('%s is "%s" on %s', (kind, label, area) => {
    expect(jobLabel(kind)).toBe(label)
    expect(jobArea(kind)).toBe(area)
  })
})

describe('every kind of job the backend starts', () => {
  it('has a name in words and a screen', () => {
    // The kinds are the literal first arguments of core.StartJob / StartJobSummarised in the Go code.
    const kinds = new Set<string>()
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = join(dir, e.name)
        if (e.isDirectory()) walk(p)
        else if (e.name.endsWith('.go') && !e.name.endsWith('_test.go')) {
          for (const m of readFileSync(p, 'utf8').matchAll(/StartJob(?:Summarised)?(?:\[[^\]]*\])?\(s\.core, "([^"]+)"/g)) kinds.add(m[1])
        }
      }
    }
    walk(join(__dirname, '../../../backend'))
    expect(kinds.size).toBeGreaterThan(10)
    for (const k of kinds) expect(jobLabel(k), k).not.toBe(k)
  })
})

describe('mergeJob', () => {
  it('keeps the newest state of each job, newest job first', () => {
    let l: JobEvent[] = []
    l = mergeJob(l, ev('a', '2026-11-22T10:00:00Z'))
    l = mergeJob(l, ev('b', '2026-11-22T10:05:00Z'))
    l = mergeJob(l, ev('a', '2026-11-22T10:00:00Z', 'running', 5, 10))
    expect(l.map((j) => j.id)).toEqual(['b', 'a'])
    expect(l[1].done).toBe(5)
  })
  it('never lets a late progress event undo the end of a job', () => {
    let l = mergeJob([], ev('a', '2026-11-22T10:00:00Z', 'done', 10, 10, '2026-11-22T10:01:00Z'))
    l = mergeJob(l, ev('a', '2026-11-22T10:00:00Z', 'running', 9, 10))
    expect(l[0].state).toBe('done')
    expect(l[0].done).toBe(10)
  })
})

describe('times', () => {
  const start = Date.parse('2026-11-22T10:00:00Z')
  it('estimates the time left from the pace so far', () => {
    expect(timeLeft(ev('a', '2026-11-22T10:00:00Z', 'running', 10, 40), start + 10_000)).toBe('about 30 s left')
    expect(timeLeft(ev('a', '2026-11-22T10:00:00Z', 'running', 1, 10), start + 60_000)).toBe('about 9 min left')
    expect(timeLeft(ev('a', '2026-11-22T10:00:00Z', 'running', 1, 100), start + 60_000)).toBe('about 1.6 h left')
    expect(timeLeft(ev('a', '2026-11-22T10:00:00Z', 'running', 0, 100), start + 60_000)).toBe('')
    expect(timeLeft(ev('a', '2026-11-22T10:00:00Z', 'running', 5, 0), start + 60_000)).toBe('')
  })
  it('says how long a job ran', () => {
    expect(duration(ev('a', '2026-11-22T10:00:00Z', 'done', 1, 1, '2026-11-22T10:00:04Z'), start + 999_000)).toBe('4 s')
    expect(duration(ev('a', '2026-11-22T10:00:00Z'), start + 125_000)).toBe('2 min 5 s')
    expect(duration(ev('a', '2026-11-22T10:00:00Z'), start + 3_725_000)).toBe('1 h 2 min')
  })
})
