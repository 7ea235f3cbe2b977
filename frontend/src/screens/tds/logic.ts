// Pure helpers of the Salary TDS screen.

export const MONTHS = ['', 'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/** The financial years the engine supports, newest first, as the wire writes them. */
export function fyChoices(): string[] {
  return ['FY 2026-27', 'FY 2025-26', 'FY 2024-25', 'FY 2023-24', 'FY 2022-23']
}

/** The financial year a date falls in ("FY 2025-26" for 15/05/2025), clamped to the supported ones. */
export function currentFY(d: Date): string {
  const y = d.getMonth() >= 3 ? d.getFullYear() : d.getFullYear() - 1
  const c = Math.min(2026, Math.max(2022, y))
  return `FY ${c}-${String((c + 1) % 100).padStart(2, '0')}`
}

/** Next sort state when a column header is clicked: a new column sorts ascending, the same one flips. */
export function nextSort(cur: { sort: string; desc: boolean }, col: string): { sort: string; desc: boolean } {
  if (cur.sort === col) return { sort: col, desc: !cur.desc }
  return { sort: col, desc: false }
}

/** A short month label: 4 -> "Apr". */
export function monthShort(m: number): string {
  return MONTHS[m]?.slice(0, 3) ?? ''
}

/** Regime label for a cell. */
export function regimeLabel(r: string): string {
  return r === 'old' ? 'Old' : r === 'new' ? 'New' : '—'
}

export { toTSV } from '../../lib/clipboard'

/**
 * The month a new run is computed for by default: this month in the running year, March (its last
 * month) in a year that has ended, April in one not begun.
 */
export function defaultMonth(fy: string, today: Date): number {
  const start = Number(/(\d{4})/.exec(fy)?.[1] ?? 0)
  const running = today.getMonth() >= 3 ? today.getFullYear() : today.getFullYear() - 1
  if (start < running) return 3
  return start > running ? 4 : today.getMonth() + 1
}

/**
 * The date by which the TDS deducted from salary in a month is to be paid to the government
 * (DD/MM/YYYY): the 7th of the next month, and 30 April for March (an employer other than a
 * government office; Rule 30 of the Income-tax Rules).
 */
export function depositDue(fy: string, month: number): string {
  const start = Number(/(\d{4})/.exec(fy)?.[1] ?? 0)
  if (!start || month < 1 || month > 12) return ''
  if (month === 3) return `30/04/${start + 1}`
  const year = month >= 4 ? start : start + 1
  const next = month === 12 ? 1 : month + 1
  return `07/${String(next).padStart(2, '0')}/${month === 12 ? year + 1 : year}`
}
