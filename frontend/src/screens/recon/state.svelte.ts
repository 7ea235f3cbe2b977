// The reconciliation screen's state, kept while the person visits other screens.
import type { ReconImport, WatchView } from '../../api/recon'

export const rs = $state({
  fy: 0,
  from: '',
  to: '',
  imp: null as ReconImport | null,
  runJob: '',
  runId: '',
  tab: 'rows' as 'rows' | 'suppliers' | 'watch',
  status: 'mismatch',
  filter: '',
  watchFrom: '',
  watchTo: '',
  watchJob: '',
  watch: null as WatchView | null,
  lastExport: '',
  /** The summary strip shows each month (true) or the total alone, so the rows get the height. */
  months: false,
})
