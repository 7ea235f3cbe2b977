// The words of every ITC figure (backend/figure, through Overview.Figures): what a screen calls a
// figure and what it counts. Screens never write a figure's name themselves, so the dashboard, the
// 2B screen, the reconciliation, the ITC calendar, the scorecard and Table 4 say the same thing.
import * as Overview from '../../wailsjs/go/main/Overview'

/** The figures' ids: each is also the data-figure attribute of the figure where it is shown. */
export type FigureId =
  | 'itc_available_2b' | 'itc_claimable' | 'itc_to_review' | 'itc_not_backed' | 'itc_not_booked'
  | 'rule37_risk' | 'rule37a_risk' | 's16_4_risk' | 'calendar_at_risk' | 'itc_reclaimable'
  | 'net_itc_4c' | 'reversed_4b' | 'itc_held' | 'ims_no_action' | 'ims_pending' | 'ims_backlog'
  | 'tax_2a' | 'tax_2b' | 'itc_held_run' | 'itc_2b_run' | 'itc_books' | 'itc_difference' | 'itc_claim_now'

export interface FigureWords { id: string; name: string; definition: string }

const words = $state<Record<string, FigureWords>>({})
let asked: Promise<void> | null = null

/** Reads the words once (again after a failure); screens call name() and definition(), which ask for them. */
export function loadFigures(): Promise<void> {
  if (!asked) {
    asked = Overview.Figures()
      .then((list) => { for (const f of list ?? []) words[f.id] = f })
      .catch(() => { asked = null })
  }
  return asked
}

/** What figure id is called ("" until the words are read). */
export function figName(id: FigureId): string {
  void loadFigures()
  return words[id]?.name ?? ''
}

/** What figure id counts, in one line ("" until the words are read). */
export function figDef(id: FigureId): string {
  void loadFigures()
  return words[id]?.definition ?? ''
}

/** Rule of the ITC calendar → its figure. */
export const ruleFigure: Record<string, FigureId> = { rule_37: 'rule37_risk', rule_37a: 'rule37a_risk', s16_4: 's16_4_risk' }
