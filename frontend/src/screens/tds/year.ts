// Pure helpers of the TDS year view.
import { MONTHS } from './logic'

/** The calendar months of a financial year in its order: April first, March last. */
export const FY_MONTHS = [4, 5, 6, 7, 8, 9, 10, 11, 12, 1, 2, 3]

/** The starting calendar year of "FY 2025-26". */
export function fyStart(fy: string): number {
  const m = /(\d{4})/.exec(fy)
  return m ? Number(m[1]) : 0
}

/** "April 2025" for calendar month 4 of FY 2025-26, "January 2026" for month 1. */
export function monthOfFY(fy: string, month: number): string {
  const y = fyStart(fy)
  return `${MONTHS[month]} ${month >= 4 ? y : y + 1}`
}

/** What is wrong with a TAN as typed, in words; '' when it has the pattern (4 letters, 5 digits, 1 letter). */
export function tanProblem(tan: string): string {
  const t = tan.trim().toUpperCase()
  if (!t) return 'The TAN is required: 10 characters, like MUMA12345B.'
  if (t.length !== 10) return `A TAN has 10 characters (4 letters, 5 digits, 1 letter, like MUMA12345B); this has ${t.length}.`
  if (!/^[A-Z]{4}/.test(t)) return 'A TAN starts with 4 letters (the city code and the initial of the name), like MUMA12345B.'
  if (!/^[A-Z]{4}[0-9]{5}/.test(t)) return 'The 5th to 9th characters of a TAN are digits, like MUMA12345B.'
  if (!/^[A-Z]{4}[0-9]{5}[A-Z]$/.test(t)) return 'A TAN ends with a letter, like MUMA12345B.'
  return ''
}

/** What is wrong with a PAN as typed, in words; '' when it is blank or has the pattern. */
export function panProblem(pan: string): string {
  const p = pan.trim().toUpperCase()
  if (!p) return ''
  if (!/^[A-Z]{5}[0-9]{4}[A-Z]$/.test(p)) return 'A PAN has 10 characters: 5 letters, 4 digits, 1 letter, like AAACA1234F.'
  return ''
}

/**
 * Months of the year before the latest one recorded that have no record: their TDS is taken as
 * nothing paid and nothing deducted until they are imported, so the person is told by name.
 */
export function missingBefore(recorded: number[]): number[] {
  const idx = recorded.map((m) => FY_MONTHS.indexOf(m)).filter((i) => i >= 0)
  if (!idx.length) return []
  const last = Math.max(...idx)
  return FY_MONTHS.slice(0, last).filter((m) => !recorded.includes(m))
}

/** The month after m in the strip (dir 1) or before it (dir -1), staying inside the year. */
export function stepMonth(m: number, dir: number): number {
  const i = FY_MONTHS.indexOf(m)
  return FY_MONTHS[Math.max(0, Math.min(11, i + dir))]
}

