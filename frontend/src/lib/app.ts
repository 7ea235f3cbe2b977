// App-wide state: the current area, the status-bar info, connectivity.
import { writable } from 'svelte/store'
import type { Info } from '../api/desk'

export const area = writable<string>(location.hash.replace('#', '') || 'dashboard')
area.subscribe((a) => {
  if (typeof history !== 'undefined' && location.hash !== '#' + a) history.replaceState(null, '', '#' + a)
})
export const appInfo = writable<Info | null>(null)
export const isOnline = writable<boolean>(true)
export const paletteOpen = writable<boolean>(false)

/** Opens the window afresh on the workspace now current: every screen's state belonged to the
 * previous client and must not show in this one's (the area stays, through the address's #). */
export function reopen(): void {
  location.reload()
}
