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
