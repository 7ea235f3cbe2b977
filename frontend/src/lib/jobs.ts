// Long jobs as the jobs panel shows them: what each kind is called, which screen it belongs to,
// the newest state of each job, and the time left.
import type { core } from '../../wailsjs/go/models'

export type JobEvent = core.JobEvent

const KINDS: Record<string, { label: string; area: string }> = {
  lookup: { label: 'Bulk GSTIN lookup', area: 'lookup' },
  changed: { label: 'Changed GSTINs', area: 'changed' },
  gstr2a: { label: 'GSTR-2A pull', area: 'gstr2a' },
  gstr2b: { label: 'GSTR-2B pull', area: 'gstr2b' },
  ims: { label: 'IMS actions', area: 'ims' },
  'gstr2b-regenerate': { label: 'GSTR-2B regeneration', area: 'ims' },
  'recon:ims': { label: 'IMS actions from reconciliation', area: 'recon' },
  'recon:run': { label: 'Reconciliation run', area: 'recon' },
  'recon:2b': { label: 'Reconciliation against GSTR-2B', area: 'recon' },
  'recon:watch': { label: 'Supplier watch', area: 'recon' },
  'tds:run': { label: 'Salary TDS run', area: 'tds' },
  'tds:forms': { label: 'Year-end TDS forms', area: 'tds' },
  'itc:chasers': { label: 'Chaser pack', area: 'itcrisk' },
  'itc:calendar': { label: 'ITC calendar', area: 'itcrisk' },
}

/** What a job of this kind is called. */
export function jobLabel(kind: string): string {
  return KINDS[kind]?.label ?? kind
}

/** The screen a job of this kind belongs to. */
export function jobArea(kind: string): string {
  return KINDS[kind]?.area ?? 'dashboard'
}

/** The list with ev in it: replaces the job's older state (a late progress event never undoes
 * its end), newest first. */
export function mergeJob(list: JobEvent[], ev: JobEvent): JobEvent[] {
  const old = list.find((j) => j.id === ev.id)
  if (old && old.state !== 'running' && ev.state === 'running') return list
  const out = list.filter((j) => j.id !== ev.id)
  out.push(ev)
  return out.sort((a, b) => new Date(b.started).getTime() - new Date(a.started).getTime())
}

/** About how long a running job has left at time now (ms), from its pace so far; '' when unknown. */
export function timeLeft(e: JobEvent | null, now: number): string {
  if (!e || e.total <= 0 || e.done <= 0 || e.done >= e.total) return ''
  const started = new Date(e.started).getTime()
  if (Number.isNaN(started)) return ''
  const elapsed = (now - started) / 1000
  if (elapsed < 1) return ''
  const s = Math.round((elapsed / e.done) * (e.total - e.done))
  if (s < 60) return `about ${Math.max(1, s)} s left`
  if (s < 3600) return `about ${Math.round(s / 60)} min left`
  return `about ${(s / 3600).toFixed(1)} h left`
}

/** How long a job ran, or has been running at time now (ms): "4 s", "2 min 5 s". */
export function duration(e: JobEvent, now: number): string {
  const start = new Date(e.started).getTime()
  const end = e.finished ? new Date(e.finished).getTime() : now
  const s = Math.max(0, Math.round((end - start) / 1000))
  if (s < 60) return `${s} s`
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`
}
