// The lookup screen's state lives here, outside the component, so a bulk check (and its results)
// survives a visit to another screen.
import type { BulkView, LookupDetail, PreferenceView } from '../../api/lookup'
import type { RowFilter } from './logic'

export const lookupState = $state({
  text: '',
  fresh: false,
  single: null as LookupDetail | null,
  invalid: '', // the backend's message for an invalid single GSTIN
  pref: null as PreferenceView | null,
  fy: '',
  jobId: '',
  jobLabel: '',
  bulk: null as BulkView | null,
  filter: '',
  rowFilter: 'all' as RowFilter,
  selected: 0,
  exportPath: '',
  /** Columns beyond the core ones the table shows (the column chooser); the row detail shows all. */
  extraCols: [] as string[],
  /** A GSTIN to look up when the screen shows (set by the command palette). */
  pending: '',
})
