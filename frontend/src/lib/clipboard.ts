// Copying rows as tab-separated text, which pastes into Excel as cells.
import { ClipboardSetText } from '../../wailsjs/runtime/runtime'

/**
 * Neutralises a text cell for a spreadsheet: text beginning with = + - @, a tab or a carriage
 * return is what Excel runs as a formula (a supplier name `=HYPERLINK(...)` from the remote
 * service, an invoice number `=1+1`), so it gets a leading apostrophe and pastes as the text it
 * is. The twin of export.SafeCell in Go; only text comes here, a number stays a number.
 */
export function safeCell(s: string): string {
  return /^[=+\-@\t\r]/.test(s) ? "'" + s : s
}

/**
 * Tab-separated text of rows, for pasting into Excel; tabs and line breaks in cells become spaces,
 * text that would run as a formula is neutralised (safeCell), and numbers are written as numbers
 * whatever their sign: the cell's type decides, not its text.
 */
export function toTSV(head: string[], rows: (string | number | null | undefined)[][]): string {
  const clean = (v: string | number | null | undefined) =>
    typeof v === 'number' ? String(v) : safeCell(String(v ?? '')).replace(/[\t\r\n]+/g, ' ')
  return [head, ...rows].map((r) => r.map(clean).join('\t')).join('\n')
}

/** Puts text on the clipboard through the window (falls back to the browser's clipboard). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (await ClipboardSetText(text)) return true
  } catch { /* not in the window: try the browser */ }
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}
