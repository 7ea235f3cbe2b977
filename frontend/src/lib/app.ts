// App-wide state: the current area, the status-bar info, connectivity.
import { writable } from 'svelte/store'
import type { DemoData, Info } from '../api/desk'

export const area = writable<string>(location.hash.replace('#', '') || 'dashboard')
area.subscribe((a) => {
  if (typeof history !== 'undefined' && location.hash !== '#' + a) history.replaceState(null, '', '#' + a)
})
export const appInfo = writable<Info | null>(null)
export const isOnline = writable<boolean>(true)
export const paletteOpen = writable<boolean>(false)
/** The demo's figures once the window has made sure of them (loaded on the demo's first open);
 * null until then. The screens wait for it, so the first one shows the figures, not an empty desk. */
export const demoData = writable<DemoData | null>(null)

/** Opens the window afresh on the workspace now current: every screen's state belonged to the
 * previous client and must not show in this one's (the area stays, through the address's #). */
export function reopen(): void {
  location.reload()
}
