// The reconciliation against GSTR-2B and IMS (three-way): the default of "against", the rows with
// the recommended IMS action and its reason, a preview of what applying the actions (recommended
// or chosen) would send, and the apply as a job with a result per line.
import * as Recon from '../../wailsjs/go/main/Recon'
import { reconcile } from '../../wailsjs/go/models'
import { withRetry } from '../lib/retry'

export type ThreeWayResult = reconcile.ThreeWayResult
export type ThreeWayRow = reconcile.ThreeWayRow
export type ApplyLine = reconcile.ApplyLine
/** The person's action for a row in place of the recommendation. */
export type Choice = 'accept' | 'pending' | 'reject' | 'skip'
export interface ActionChoice { section: string; supplier: string; document: string; action: Choice }

const choices = (cs: ActionChoice[]) => cs.map((c) => reconcile.ActionChoice.createFrom(c))

/** "2b" when a GSTR-2B is stored for every month from-to, else "2a" (the command line's rule). */
export const defaultAgainst = (from: string, to: string): Promise<string> => Recon.ReconDefaultAgainst(from, to)
export async function run(token: string, from: string, to: string): Promise<ThreeWayResult> {
  const r = await Recon.ReconAgainst2BToken(token, from, to)
  return { ...r, rows: r.rows ?? [], snapshots: r.snapshots ?? [], no_gstr2b: r.no_gstr2b ?? [], counts: r.counts ?? {} } as ThreeWayResult
}
export const preview = async (token: string, from: string, to: string, cs: ActionChoice[]): Promise<ApplyLine[]> =>
  (await Recon.ReconPreviewActions(token, from, to, choices(cs))) ?? []
export const startApply = (token: string, from: string, to: string, cs: ActionChoice[]): Promise<string> =>
  Recon.ReconStartApplyActions(token, from, to, choices(cs))
export const applyResult = async (id: string): Promise<ApplyLine[]> => (await withRetry(() => Recon.ReconApplyActionsResult(id))) ?? []
