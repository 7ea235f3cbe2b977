import { describe, expect, it } from 'vitest'
import { get } from 'svelte/store'
import { attempt, currentError, kindTitle, toAppError } from './errors'

describe('toAppError', () => {
  it('keeps the {kind, message} the Go ErrorFormatter sends', () => {
    expect(toAppError({ kind: 'not_found', message: 'No such GSTIN' })).toEqual({ kind: 'not_found', message: 'No such GSTIN' })
  })
  it('reads a JSON string and a plain string', () => {
    expect(toAppError('{"kind":"invalid_input","message":"bad"}').kind).toBe('invalid_input')
    expect(toAppError('boom')).toEqual({ kind: 'internal', message: 'boom' })
    expect(toAppError(new Error('x')).message).toBe('x')
    // Wails' runtime rejects with new Error(<the formatter's JSON text>)
    expect(toAppError(new Error('{"kind":"not_found","message":"No records found"}'))).toEqual({ kind: 'not_found', message: 'No records found' })
    expect(toAppError(42).kind).toBe('internal')
  })
  it('titles each kind', () => {
    expect(kindTitle('rate_limited')).toBe('Too many calls')
  })
  it('attempt shows a failure in the banner and returns undefined', async () => {
    const r = await attempt(() => Promise.reject({ kind: 'unauthorised', message: 'Sign in again' }))
    expect(r).toBeUndefined()
    expect(get(currentError)?.message).toBe('Sign in again')
    expect(await attempt(() => Promise.resolve(7))).toBe(7)
  })
})
