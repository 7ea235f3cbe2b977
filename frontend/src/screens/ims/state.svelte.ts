// The IMS screen's state, kept while the person visits other screens: the filter, the selection,
// the staged actions (not sent until saved), a running save or regeneration and its result.
import type { ApplyResult, RegenerateResult } from '../../api/ims'
import type { Action } from './logic'

export const ims = $state({
  section: '',
  status: '',
  search: '',
  cursor: 0,
  selected: [] as string[],
  /** Staged actions by row key: what Save sends. */
  staged: {} as Record<string, Action>,
  refused: [] as string[],
  reason: '',
  /** IMS 2.0: itcRedReq sent with the staged accepts of credit notes and amendments ("" as proposed). */
  itcRedReq: '',
  /** IMS was read in this session (an empty answer is then "lists nothing", not "not read"). */
  read: false,
  saveJob: '',
  saveLabel: '',
  result: null as ApplyResult | null,
  regenPeriod: '',
  regenJob: '',
  regenLabel: '',
  regen: null as RegenerateResult | null,
})
