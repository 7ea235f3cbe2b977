// The command palette's search and where each hit leads.
import * as Overview from '../../wailsjs/go/main/Overview'
import type { overview } from '../../wailsjs/go/models'
import { area } from '../lib/app'
import { lookupState } from '../screens/lookup/state.svelte'
import { g2 } from '../screens/gstr2a/state.svelte'
import { emptyFilter } from '../screens/gstr2a/logic'
import { tdsNav } from '../screens/tds/state.svelte'

export type PaletteHit = overview.PaletteHit

export const search = (q: string): Promise<PaletteHit[]> => Overview.PaletteSearch(q)

/** Opens what a hit names: the lookup of a GSTIN, a supplier's GSTR-2A invoices, an employee's sheet. */
export function openHit(h: PaletteHit): void {
  switch (h.kind) {
    case 'gstin':
      lookupState.pending = h.gstin ?? ''
      area.set('lookup')
      break
    case 'supplier':
      g2.filter = { ...emptyFilter(), supplier: h.gstin ?? '' }
      g2.selectedRow = 0
      g2.openRow = -1
      area.set('gstr2a')
      break
    case 'employee':
      tdsNav.run = h.run_id ?? ''
      tdsNav.seq = h.seq ?? 0
      area.set('tds')
      break
  }
}
