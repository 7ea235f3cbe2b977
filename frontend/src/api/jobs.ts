// The jobs panel's list: every long job of this session, kept current from the job events.
import { writable } from 'svelte/store'
import * as App from '../../wailsjs/go/main/App'
import { EventsOn } from '../../wailsjs/runtime/runtime'
import { mergeJob, type JobEvent } from '../lib/jobs'

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
  try {
    EventsOn('job:progress', (ev: JobEvent) => jobs.update((l) => mergeJob(l, ev)))
    EventsOn('job:done', (ev: JobEvent) => { jobs.update((l) => mergeJob(l, ev)); jobsEnded.update((n) => n + 1) })
  } catch {
    started = false // no Wails runtime (unit tests)
    return
  }
  const now = await App.Jobs().catch(() => [] as JobEvent[])
  jobs.update((l) => now.reduce(mergeJob, l))
}

export const cancel = (id: string): Promise<void> => App.CancelJob(id)
