// Formatting of money, dates and financial years: the one place gstdesk writes numbers for people.

/** Groups the digits of a non-negative integer string the Indian way: 12,34,56,789. */
export function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits
  const last3 = digits.slice(-3)
  let rest = digits.slice(0, -3)
  const parts: string[] = []
  while (rest.length > 2) {
    parts.unshift(rest.slice(-2))
    rest = rest.slice(0, -2)
  }
  if (rest) parts.unshift(rest)
  return parts.join(',') + ',' + last3
}

/**
 * Formats an amount in rupees with lakh/crore grouping and two decimals: 1234567 → "12,34,567.00".
 * Negative amounts are written in brackets, as accountants print them: (1,500.00).
 * Works from the decimal string so large amounts do not pick up float noise.
 */
export function money(value: number | null | undefined, opts: { symbol?: boolean; decimals?: number; brackets?: boolean } = {}): string {
  if (value === null || value === undefined || Number.isNaN(value)) return ''
  const decimals = opts.decimals ?? 2
  const neg = value < 0
  const fixed = Math.abs(value).toFixed(decimals)
  const [int, frac] = fixed.split('.')
  let s = groupIndian(int) + (frac ? '.' + frac : '')
  if (opts.symbol) s = '₹' + s
  if (neg && !/^[0.,₹]+$/.test(s)) s = opts.brackets === false ? '-' + s : '(' + s + ')'
  return s
}

/**
 * An amount as the backend sends it (rupees with two decimals: every amount on the bridge is
 * rupees, docs/RELIABILITY.md, Units) in whole paise, to add amounts exactly or to compare two
 * totals: 1234.56 → 123456. Show the result with money(p / 100).
 */
export const inPaise = (r: number | null | undefined): number => Math.round((r ?? 0) * 100)

/** Whole rupees with grouping: 1234567 → "12,34,567". */
export function rupees(value: number | null | undefined, symbol = false): string {
  return money(value, { decimals: 0, symbol })
}

/** Short Indian magnitude for charts and cards: 1.2 Cr, 45.6 L, 12,345. */
export function compact(value: number): string {
  const a = Math.abs(value)
  const sign = value < 0 ? '-' : ''
  if (a >= 1e7) return sign + (a / 1e7).toFixed(2).replace(/\.?0+$/, '') + ' Cr'
  if (a >= 1e5) return sign + (a / 1e5).toFixed(2).replace(/\.?0+$/, '') + ' L'
  return sign + groupIndian(Math.round(a).toString())
}

/** Integer count with Indian grouping: 100000 → "1,00,000". */
export function count(n: number): string {
  return (n < 0 ? '-' : '') + groupIndian(Math.abs(Math.trunc(n)).toString())
}

const pad = (n: number) => String(n).padStart(2, '0')

/** Formats a Date, an ISO string (2025-04-01...) or a DD-MM-YYYY string as DD/MM/YYYY. */
export function date(value: Date | string | null | undefined): string {
  if (!value) return ''
  if (typeof value === 'string') {
    const dmy = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(value)
    if (dmy) return `${dmy[1]}/${dmy[2]}/${dmy[3]}`
    const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value)
    if (iso && value.length === 10) return `${iso[3]}/${iso[2]}/${iso[1]}`
    const d = new Date(value)
    if (Number.isNaN(d.getTime())) return value
    value = d
  }
  return `${pad(value.getDate())}/${pad(value.getMonth() + 1)}/${value.getFullYear()}`
}

/** A count with its noun, singular for one: plural(1, 'GSTIN') is "1 GSTIN", plural(1201, 'row') "1,201 rows". */
export function plural(n: number, one: string, many: string = one + 's'): string {
  return `${count(n)} ${n === 1 ? one : many}`
}

/** Formats an instant (Date or ISO string with a time) as DD/MM/YYYY HH:MM in local time; a bare
 * date (no time) stays DD/MM/YYYY. */
export function dateTime(value: Date | string | null | undefined): string {
  if (!value) return ''
  const d = typeof value === 'string' ? new Date(value) : value
  if (typeof value === 'string' && (!/\dT\d|\d \d/.test(value) || Number.isNaN(d.getTime()))) return date(value)
  return `${date(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/** Parses DD/MM/YYYY or DD-MM-YYYY into a Date (local midnight); null when not a real date. */
export function parseDate(s: string): Date | null {
  const m = /^\s*(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})\s*$/.exec(s)
  if (!m) return null
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const dt = new Date(y, mo - 1, d)
  if (dt.getFullYear() !== y || dt.getMonth() !== mo - 1 || dt.getDate() !== d) return null
  return dt
}

/** Writes a Date as DD-MM-YYYY, the remote API's format. */
export function apiDate(d: Date): string {
  return `${pad(d.getDate())}-${pad(d.getMonth() + 1)}-${d.getFullYear()}`
}

/** The financial year (April to March) a date falls in, as its starting calendar year. */
export function fyStartYear(d: Date): number {
  return d.getMonth() >= 3 ? d.getFullYear() : d.getFullYear() - 1
}

/** Writes a financial year: 2025 → "FY 2025-26". */
export function fyLabel(startYear: number): string {
  return `FY ${startYear}-${pad((startYear + 1) % 100)}`
}

/** The financial year of a date as "FY 2025-26". */
export function fyOf(d: Date): string {
  return fyLabel(fyStartYear(d))
}

/** Reads "FY 2025-26", "FY2025-26" or "2025-26" into its starting year; null if malformed. */
export function parseFY(s: string): number | null {
  const m = /^\s*(?:FY\s?)?(\d{4})-(\d{2})\s*$/i.exec(s)
  if (!m) return null
  const start = Number(m[1])
  return (start + 1) % 100 === Number(m[2]) ? start : null
}

/** The twelve return periods of a financial year, April first, as "YYYY-MM". */
export function fyPeriods(startYear: number): string[] {
  const out: string[] = []
  for (let i = 0; i < 12; i++) {
    const m = ((3 + i) % 12) + 1
    const y = m >= 4 ? startYear : startYear + 1
    out.push(`${y}-${pad(m)}`)
  }
  return out
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** "2025-04" → "Apr 2025". */
export function periodLabel(period: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(period)
  if (!m) return period
  return `${MONTHS[Number(m[2]) - 1]} ${m[1]}`
}

/** Splits a GSTIN for display: 27AAPFU0939F1ZV → "27 AAPFU0939F 1ZV". */
export function gstinSpaced(g: string): string {
  if (g.length !== 15) return g
  return `${g.slice(0, 2)} ${g.slice(2, 12)} ${g.slice(12)}`
}

/** "3 days old", "2 h ago": the age of a cached answer. */
export function age(iso: string, now: Date = new Date()): string {
  const t = new Date(iso).getTime()
  if (Number.isNaN(t)) return ''
  const s = Math.max(0, Math.round((now.getTime() - t) / 1000))
  if (s < 60) return 'just now'
  if (s < 3600) return `${Math.floor(s / 60)} min ago`
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`
  const d = Math.floor(s / 86400)
  return d === 1 ? '1 day ago' : `${d} days ago`
}

/** An example path of a file in the user's own kind of system, for placeholders:
 * C:\Users\you\Documents\… on Windows, /Users/you/Documents/… on macOS, /home/you/… elsewhere. */
export function examplePath(file: string, platform: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): string {
  if (/Win/i.test(platform)) return `C:\\Users\\you\\Documents\\${file}`
  if (/Mac/i.test(platform)) return `/Users/you/Documents/${file}`
  return `/home/you/${file}`
}
