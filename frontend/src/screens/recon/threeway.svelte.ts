// The reconciliation against GSTR-2B's state, kept while the person visits other screens: what
// the books are reconciled against, the last result, the person's choices and a running apply.
import type { ApplyLine, Choice, RunInfo, ThreeWayResult } from '../../api/threeway'

export const tw = $state({
  /** "2a" or "2b"; "" until the default for the months is known. chosen: the person picked it. */
  against: '' as '' | '2a' | '2b',
  chosen: false,
  token: '',
  result: null as ThreeWayResult | null,
  choices: {} as Record<string, Choice>,
  tab: 'all',
  cursor: 0,
  preview: null as ApplyLine[] | null,
  applied: null as ApplyLine[] | null,
  applyJob: '',
  /** The run being made (a job), the saved runs (newest first) and a run to reopen on arrival (the dashboard's link). */
  runJob: '',
  runs: [] as RunInfo[],
  openRun: '',
  /** What the last preview spent listing IMS, and the closed months it left out (said once). */
  previewCalls: -1,
})
