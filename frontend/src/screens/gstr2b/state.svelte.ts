// The GSTR-2B screen's state lives here, outside the components, so the chosen months, a running
// pull and the table's filters survive a visit to another screen.
import type { DocQuery, PullResult } from '../../api/gstr2b'

/** The documents in the 2B's credit (docdata); the rejected ones (docRejdata) are a filter away. */
export const emptyQuery = (): DocQuery => ({ section: '', rejected: 'no', supplier: '', itc: '', search: '', offset: 0, limit: 100 })

export const g2b = $state({
  fy: 0,
  /** Months chosen to pull (Ctrl/Shift+click adds); the last plain click is the month shown. */
  selected: [] as string[],
  anchor: '',
  shown: '',
  /** A snapshot of the month shown other than the latest ("" = the latest). */
  snapshotID: '',
  pullJob: '',
  pullLabel: '',
  pullResults: null as PullResult[] | null,
  /** Bumped after a pull or an import: every panel reloads. */
  version: 0,
  query: emptyQuery(),
  selectedRow: 0,
  openRow: -1,
  extraCols: [] as string[],
  exportPath: '',
  diffFrom: '',
  diffTo: '',
})
