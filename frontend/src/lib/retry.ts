// Asking for a job's result a moment before the job has stored it answers "conflict" (still
// running): such calls are retried briefly.
import { toAppError } from './errors'

/** Retries fn while it fails with a "conflict" (still running), up to tries times, 100 ms apart. */
export async function withRetry<T>(fn: () => Promise<T>, tries = 20, waitMs = 100): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await fn()
    } catch (e) {
      if (toAppError(e).kind !== 'conflict' || i >= tries) throw e
      await new Promise((r) => setTimeout(r, waitMs))
    }
  }
}
