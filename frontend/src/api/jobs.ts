// The jobs panel's list: every long job of this session, kept current from the job events.
import { writable } from 'svelte/store'
import * as Jobs from '../../wailsjs/go/main/Jobs'
import { mergeJob, type JobEvent } from '../lib/jobs'
import { onJobEvent } from './lookup'

export const jobs = writable<JobEvent[]>([])
export const jobsOpen = writable<boolean>(false)
/** Counts the jobs that ended this session: what depends on their work (the status bar's call
 * count) refreshes when it changes. */
export const jobsEnded = writable<number>(0)

let started = false

/** Loads the list once and follows the job events from then on. */
export async function followJobs(): Promise<void> {
  if (started) return
  started = true
  const heard = onJobEvent((ev, ended) => {
    jobs.update((l) => mergeJob(l, ev))
    if (ended) jobsEnded.update((n) => n + 1)
  })
  if (!heard) { started = false; return } // no Wails runtime (unit tests)
  const now = await Jobs.Jobs().catch(() => [] as JobEvent[])
  jobs.update((l) => now.reduce(mergeJob, l))
}
