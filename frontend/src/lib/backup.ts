// The backup state in one line for the status bar: never silent about a failure.
import { writable } from 'svelte/store'
import type { Status } from '../api/backup'

export const backupStatus = writable<Status | null>(null)

export interface BackupSummary { text: string; tone: 'ok' | 'warn' | 'bad' | 'muted'; title: string }

/** "Backed up 12 s ago", "Backup behind by 40 s", "Backup failing: …"; null when no target is set up. */
export function backupSummary(st: Status | null, now: Date = new Date()): BackupSummary | null {
  if (st?.following) return followSummary(st)
  if (st?.read_only) return { text: takenOverText(st, now), tone: 'bad', title: st.read_only }
  if (!st || !st.targets || st.targets.length === 0) return null
  const failing = st.targets.filter((t) => t.state === 'failing' || t.state === 'not_writer')
  const title = st.targets.map((t) => `${t.name} (${t.where}): ${t.state}${t.error ? ' — ' + t.error : ''}`).join('\n')
  if (failing.length > 0) {
    const f = failing[0]
    const what = f.state === 'not_writer' ? 'another desk writes it' : 'failing'
    return { text: `Backup to ${f.name}: ${what}`, tone: 'bad', title }
  }
  const lag = Math.max(...st.targets.map((t) => t.lag_seconds || 0))
  if (st.targets.some((t) => t.state === 'behind') && lag >= 1) {
    return { text: `Backup behind by ${ago(lag)}`, tone: 'warn', title }
  }
  const times = st.targets.map((t) => (t.last_replicated_at ? new Date(t.last_replicated_at as unknown as string).getTime() : 0))
  const oldest = Math.min(...times)
  if (!oldest || oldest < 0 || Number.isNaN(oldest) || new Date(oldest).getFullYear() < 2000) {
    return { text: 'Backup: not yet', tone: 'muted', title }
  }
  const s = Math.max(0, Math.round((now.getTime() - oldest) / 1000))
  return { text: `Backed up ${ago(s)} ago`, tone: st.continuous ? 'ok' : 'muted', title }
}

function ago(s: number): string {
  s = Math.round(s)
  if (s < 60) return `${s} s`
  if (s < 3600) return `${Math.floor(s / 60)} min`
  if (s < 86400) return `${Math.floor(s / 3600)} h`
  return `${Math.floor(s / 86400)} d`
}

/** A second desk: "Read-only: following NAS, last update 14:05" (the time it last held all the replica held). */
function followSummary(st: Status): BackupSummary {
  const f = st.following!
  const title = `${st.read_only ?? ''}\n${f.target} (${f.where})${f.error ? ' — ' + f.error : ''}`.trim()
  const at = hhmm(f.checked_at)
  const last = at ? `last update ${at}` : 'not up to date yet'
  if (f.error) return { text: `Read-only: following ${f.target}, failing (${last})`, tone: 'bad', title }
  if (!f.running) return { text: `Read-only: following ${f.target} stopped, ${last}`, tone: 'warn', title }
  return { text: `Read-only: following ${f.target}, ${last}`, tone: 'warn', title }
}

/** "Read-only: another desk took over NAS at 14:05" (the date instead on another day). */
function takenOverText(st: Status, now: Date): string {
  const to = st.taken_over
  if (!to?.target) return 'Read-only: another desk now writes the backup'
  const d = new Date(to.at as string)
  let when = ''
  if (!Number.isNaN(d.getTime()) && d.getFullYear() >= 2000) {
    when = d.toDateString() === now.toDateString()
      ? ` at ${hhmm(to.at)}`
      : ` on ${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`
  }
  return `Read-only: another desk took over ${to.target}${when}`
}

function hhmm(iso: unknown): string {
  const d = new Date(iso as string)
  if (Number.isNaN(d.getTime()) || d.getFullYear() < 2000) return ''
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`
}
