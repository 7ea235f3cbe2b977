// The areas of the app, their keyboard shortcuts and what each is for. The order is the month's
// routine (GSTR-2B, IMS, Reconciliation, the ITC calendar and the claim, GSTR-2A, salary TDS), then
// the lookups, then the year and Settings; the number keys follow it, and the sidebar shows it.
export interface Area {
  id: string
  label: string
  key: string // Alt+key opens it
  also?: string // another Alt+key that opens it (a letter kept from before)
  blurb: string
}

export const AREAS: Area[] = [
  { id: 'dashboard', label: 'Dashboard', key: '1', blurb: 'The workspace at a glance: what is due this week.' },
  { id: 'gstr2b', label: 'GSTR-2B', key: '2', blurb: 'The input tax credit you may claim, month by month.' },
  { id: 'ims', label: 'IMS', key: '3', blurb: 'Accept, reject or keep pending your suppliers’ documents.' },
  { id: 'recon', label: 'Reconciliation', key: '4', blurb: 'Purchase register against GSTR-2B and IMS (or GSTR-2A).' },
  { id: 'itcrisk', label: 'ITC calendar', key: '5', also: 'I', blurb: 'Credit at risk by the law’s dates; supplier scorecard and chasers.' },
  { id: 'table4', label: 'GSTR-3B Table 4', key: 'T', blurb: 'The month’s ITC figures, from the 2B’s proposal, document by document.' },
  { id: 'gstr2a', label: 'GSTR-2A', key: '6', blurb: 'Purchase invoices your suppliers reported.' },
  { id: 'tds', label: 'Salary TDS', key: '7', blurb: 'TDS on salary, both regimes.' },
  { id: 'lookup', label: 'GSTIN lookup', key: '8', blurb: 'Verify one GSTIN or thousands.' },
  { id: 'changed', label: 'Changed GSTINs', key: '9', blurb: 'Day-wise registrations, cancellations and updates.' },
  { id: 'applicants', label: 'Applicants', key: '0', blurb: 'Unregistered e-commerce applicants.' },
  { id: 'gstr9', label: 'GSTR-9 (ITC)', key: 'Y', blurb: 'The year’s ITC tables 6A, 6A1, 8A-8D and 13, with their documents.' },
  { id: 'settings', label: 'Settings', key: 'S', blurb: 'Workspace, environment and credentials.' },
]

/** The area an Alt+key shortcut opens, if any (a letter either case: Alt+I or Alt+i). */
export function areaForKey(key: string): Area | undefined {
  const k = key.toLowerCase()
  return AREAS.find((a) => a.key.toLowerCase() === k || a.also?.toLowerCase() === k)
}

/** The shortcut of an area as a person reads it ("Alt+2"), for words that name a screen. */
export function keyOf(id: string): string {
  const a = AREAS.find((x) => x.id === id)
  return a ? 'Alt+' + a.key : ''
}

/** Every shortcut of an area as the sidebar and the palette show it ("Alt+5 / I"). */
export function keysLabel(a: Area): string {
  return 'Alt+' + a.key + (a.also ? ' / ' + a.also : '')
}

/** Areas whose label matches a palette query (case-insensitive, in order of the words). */
export function matchAreas(q: string): Area[] {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean)
  return AREAS.filter((a) => words.every((w) => a.label.toLowerCase().includes(w) || a.id.includes(w)))
}
