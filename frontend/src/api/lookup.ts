// GSTIN lookups, the changed list, applicants, and the long-job events every screen's jobs use.
import * as Jobs from '../../wailsjs/go/main/Jobs'
import * as Lookups from '../../wailsjs/go/main/Lookups'
import { EventsOn } from '../../wailsjs/runtime/runtime'
import { core, gstapi, gstin, lookup, lookups } from '../../wailsjs/go/models'
import { withRetry } from '../lib/retry'

export type LookupRow = lookups.LookupRow
export type LookupDetail = lookups.LookupDetail
export type SearchResult = gstapi.SearchResult
export type Place = gstapi.Place
export type GSTINCheck = gstin.GSTIN
export type PreferenceView = lookups.PreferenceView
export type BulkView = lookups.BulkView
export type BulkSummary = lookup.BulkSummary
export type ChangedView = lookups.ChangedView
export type ChangedRow = lookups.ChangedRow
export type ApplicantView = lookups.ApplicantView
export type ContactCheckView = lookups.ContactCheckView
export type JobEvent = core.JobEvent

export type ExportFormat = 'csv' | 'xlsx' | 'json'

export const lookupGSTIN = (g: string, fresh = false): Promise<LookupDetail> => Lookups.LookupGSTIN(g, fresh)
export const preference = (g: string, fy: string): Promise<PreferenceView> => Lookups.Preference(g, fy)
export const startBulkText = (text: string, fresh = false): Promise<string> => Lookups.StartBulkText(text, fresh)
export type CallPlan = core.CallPlan
/** What a bulk check would spend, before it starts. */
export const planBulkText = (text: string, fresh = false): Promise<CallPlan> => Lookups.PlanBulkText(text, fresh)
export const planBulkFile = (path: string, column = '', fresh = false): Promise<CallPlan> => Lookups.PlanBulkPath(path, column, fresh)

/** Starts a bulk check of a CSV/XLSX file's GSTIN column (its path; column "" finds it by its header). */
export const startBulkFile = (path: string, column = '', fresh = false): Promise<string> => Lookups.StartBulkPath(path, column, fresh)

export const bulkResult = (id: string): Promise<BulkView> => withRetry(() => Lookups.BulkResult(id))
export const exportLookups = (rows: LookupRow[], format: ExportFormat): Promise<string> =>
  Lookups.ExportLookups(rows.map((r) => lookups.LookupRow.createFrom(r)), format)
export const startChanged = (date: string, state: string, fresh = false): Promise<string> => Lookups.StartChanged(date, state, fresh)
export const changedResult = (id: string): Promise<ChangedView> => withRetry(() => Lookups.ChangedResult(id))
export const applicant = (enrolment: string): Promise<ApplicantView> => Lookups.Applicant(enrolment)
export const applicantCheck = (enrolment: string, email: string, mobile: string): Promise<ContactCheckView> =>
  Lookups.ApplicantCheck(enrolment, email, mobile)
export const jobState = (id: string): Promise<JobEvent> => Jobs.JobState(id)
export const cancelJob = (id: string): Promise<void> => Jobs.CancelJob(id)


// Job events are heard from the start, app-wide, so a job that ends before its progress bar is on
// screen is not missed.
type Listener = (ev: JobEvent) => void
const finished = new Map<string, JobEvent>()
const listeners = new Set<{ id: string; progress: Listener; done: Listener }>()
const everyJob = new Set<(ev: JobEvent, ended: boolean) => void>()
let listening = false

/** Hears every job's events (the jobs panel); returns false when there is no Wails runtime. */
export function onJobEvent(fn: (ev: JobEvent, ended: boolean) => void): boolean {
  listen()
  everyJob.add(fn)
  return listening
}

function listen() {
  if (listening) return
  listening = true
  try {
    EventsOn('job:progress', (ev: JobEvent) => {
      for (const l of listeners) if (l.id === ev.id) l.progress(ev)
      for (const f of everyJob) f(ev, false)
    })
    EventsOn('job:done', (ev: JobEvent) => {
      finished.set(ev.id, ev)
      for (const l of listeners) if (l.id === ev.id) l.done(ev)
      for (const f of everyJob) f(ev, true)
    })
  } catch {
    listening = false // no Wails runtime (unit tests); watchJob falls back to polling
  }
}
listen()

/**
 * Follows a job: progress(ev) while it runs, done(ev) once at the end. Events carry the news; a
 * slow poll of JobState covers a missed event. Returns a function that stops following.
 */
export function watchJob(id: string, progress: Listener, done: Listener): () => void {
  listen()
  let over = false
  const finish = (ev: JobEvent) => {
    if (over) return
    over = true
    stop()
    done(ev)
  }
  const entry = { id, progress: (ev: JobEvent) => { if (!over) progress(ev) }, done: finish }
  listeners.add(entry)
  const poll = setInterval(async () => {
    if (over) return
    const f = finished.get(id)
    if (f) return finish(f)
    try {
      const ev = await Jobs.JobState(id)
      if (over) return
      if (ev.state && ev.state !== 'running') finish(ev)
      else progress(ev)
    } catch { /* the next tick tries again */ }
  }, 1000)
  function stop() {
    clearInterval(poll)
    listeners.delete(entry)
  }
  const already = finished.get(id)
  if (already) queueMicrotask(() => finish(already))
  return () => { over = true; stop() }
}
