// Copying rows as tab-separated text, which pastes into Excel as cells.
import { ClipboardSetText } from '../../wailsjs/runtime/runtime'

/** Tab-separated text of rows, for pasting into Excel; tabs and line breaks in cells become spaces. */
export function toTSV(head: string[], rows: (string | number | null | undefined)[][]): string {
  const clean = (v: string | number | null | undefined) => String(v ?? '').replace(/[\t\r\n]+/g, ' ')
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
