// The one shape of error the UI shows, and the one store that holds the error on screen.
import { writable } from 'svelte/store'

export type ErrorKind =
  | 'invalid_input' | 'not_found' | 'unauthorised' | 'remote_unavailable'
  | 'rate_limited' | 'conflict' | 'cancelled' | 'internal'

export interface AppError {
  kind: ErrorKind
  message: string
  status?: number
  transaction_id?: string
}

/** Turns whatever a rejected binding promise carried into an AppError. */
export function toAppError(e: unknown): AppError {
  if (e && typeof e === 'object' && 'kind' in e && 'message' in e) return e as AppError
  if (typeof e === 'string') {
    try {
      const parsed = JSON.parse(e)
      if (parsed && parsed.kind) return parsed as AppError
    } catch { /* a plain message */ }
    return { kind: 'internal', message: e }
  }
  if (e instanceof Error) return toAppError(e.message)
  return { kind: 'internal', message: 'Something went wrong inside gstdesk.' }
}

/** A short heading for each kind, so the banner says what sort of trouble it is. */
export function kindTitle(kind: ErrorKind): string {
  return {
    invalid_input: 'Check the input',
    not_found: 'Not found',
    unauthorised: 'Sign-in needed',
    remote_unavailable: 'The GST service is not answering',
    rate_limited: 'Too many calls',
    conflict: 'Conflict',
    cancelled: 'Cancelled',
    internal: 'Something went wrong',
  }[kind] ?? 'Error'
}

/** The error currently shown in the banner, or null. */
export const currentError = writable<AppError | null>(null)

/** Shows an error in the banner. */
export function showError(e: unknown): AppError {
  const err = toAppError(e)
  currentError.set(err)
  return err
}

/** Runs a binding call, showing any error in the banner; resolves to undefined on failure. */
export async function attempt<T>(fn: () => Promise<T>): Promise<T | undefined> {
  try {
    return await fn()
  } catch (e) {
    showError(e)
    return undefined
  }
}
