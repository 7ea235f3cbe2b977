// The GSTR-2A screen's state lives here, outside the components, so the chosen months, a running
// pull and the table's filters survive a visit to another screen.
import type { PullResult, SessionView } from '../../api/gstr2a'
import { emptyFilter } from './logic'

export const g2 = $state({
  session: null as SessionView | null,
  fy: 0,
  selected: [] as string[],
  anchor: '',
  pullSupplier: '',
  pullFrom: '',
  pullJob: '',
  pullLabel: '',
  pullResults: null as PullResult[] | null,
  lookupJob: '',
  /** Bumped after a pull or a name lookup: every panel reloads. */
  version: 0,
  chart: 'supplier' as 'supplier' | 'month',
  filter: emptyFilter(),
  sort: '',
  desc: false,
  selectedRow: 0,
  openRow: -1,
  level: 'invoice' as 'invoice' | 'item',
  exportPath: '',
  /** Optional invoice columns shown (the column chooser): value, pos. */
  extraCols: [] as string[],
  historyPeriod: '',
  diffFrom: '',
  diffTo: '',
})
