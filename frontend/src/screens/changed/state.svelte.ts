// The changed-list screen's state, kept across visits to other screens.
import type { ChangedView } from '../../api/lookup'

export const changedState = $state({
  date: '',
  state: '',
  fresh: false,
  jobId: '',
  view: null as ChangedView | null,
  error: '',
})
