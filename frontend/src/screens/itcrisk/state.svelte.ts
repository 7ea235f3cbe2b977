// The ITC calendar screen's state, kept while the person visits other screens. The purchase
// register is the reconciliation screen's (rs.imp): imported once, used on both.
import type { ChaserFile } from '../../api/itcrisk'
import type { SortKey } from './logic'

export const risk = $state({
  fy: 0,
  tab: 'calendar' as 'calendar' | 'scorecard',
  /** Read the register (when one is imported); off: what is stored alone. */
  withRegister: true,
  rule: '',
  status: '',
  search: '',
  cursor: 0,
  sort: 'score' as SortKey,
  desc: false,
  /** The supplier whose points are open (GSTIN), and the cursor of the scorecard. */
  open: '',
  scoreCursor: 0,
  formula: false,
  exportPath: '',
  pack: null as ChaserFile[] | null,
  packDir: '',
  /** The chaser pack job running, and what its cancelling said. */
  packJob: '',
  packNote: '',
})
