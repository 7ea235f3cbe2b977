// The areas of the app, their keyboard shortcuts and what each is for.
export interface Area {
  id: string
  label: string
  key: string // Alt+key opens it
  blurb: string
}

export const AREAS: Area[] = [
  { id: 'dashboard', label: 'Dashboard', key: '1', blurb: 'The workspace at a glance.' },
  { id: 'lookup', label: 'GSTIN lookup', key: '2', blurb: 'Verify one GSTIN or thousands.' },
  { id: 'changed', label: 'Changed GSTINs', key: '3', blurb: 'Day-wise registrations, cancellations and updates.' },
  { id: 'applicants', label: 'Applicants', key: '4', blurb: 'Unregistered e-commerce applicants.' },
  { id: 'gstr2a', label: 'GSTR-2A', key: '5', blurb: 'Purchase invoices your suppliers reported.' },
  { id: 'gstr2b', label: 'GSTR-2B', key: '9', blurb: 'The input tax credit you may claim, month by month.' },
  { id: 'ims', label: 'IMS', key: '0', blurb: 'Accept, reject or keep pending your suppliers’ documents.' },
  { id: 'recon', label: 'Reconciliation', key: '6', blurb: 'Purchase register against GSTR-2A.' },
  { id: 'table4', label: 'GSTR-3B Table 4', key: 'T', blurb: 'The month’s ITC figures, from the 2B’s proposal, document by document.' },
  { id: 'gstr9', label: 'GSTR-9 (ITC)', key: 'Y', blurb: 'The year’s ITC tables 6A, 6A1, 8A-8D and 13, with their documents.' },
  { id: 'itcrisk', label: 'ITC calendar', key: 'I', blurb: 'Credit at risk by the law’s dates; supplier scorecard and chasers.' },
  { id: 'tds', label: 'Salary TDS', key: '7', blurb: 'TDS on salary, both regimes.' },
  { id: 'settings', label: 'Settings', key: '8', blurb: 'Workspace, environment and credentials.' },
]

/** The area an Alt+key shortcut opens, if any (a letter either case: Alt+I or Alt+i). */
export function areaForKey(key: string): Area | undefined {
  return AREAS.find((a) => a.key.toLowerCase() === key.toLowerCase())
}

/** Areas whose label matches a palette query (case-insensitive, in order of the words). */
export function matchAreas(q: string): Area[] {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean)
  return AREAS.filter((a) => words.every((w) => a.label.toLowerCase().includes(w) || a.id.includes(w)))
}
