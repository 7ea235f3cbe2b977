// The reconciliation against GSTR-2B and IMS (three-way): the default of "against", the rows with
// the recommended IMS action and its reason, a preview of what applying the actions (recommended
// or chosen) would send, and the apply as a job with a result per line.
import * as Recon from '../../wailsjs/go/main/Recon'
import { reconcile } from '../../wailsjs/go/models'
import { withRetry } from '../lib/retry'

export type ThreeWayResult = reconcile.ThreeWayResult
export type ThreeWayRow = reconcile.ThreeWayRow
export type ApplyLine = reconcile.ApplyLine
export type RunInfo = reconcile.ThreeWayRunInfo
export type ApplyPlan = reconcile.ApplyPlan
export type ClosedMonth = reconcile.ClosedMonth
export type StripFigure = reconcile.StripFigure
/** The person's action for a row in place of the recommendation. */
export type Choice = 'accept' | 'pending' | 'reject' | 'reset' | 'skip'

const fix = (r: ThreeWayResult): ThreeWayResult =>
  ({ ...r, rows: r.rows ?? [], snapshots: r.snapshots ?? [], no_gstr2b: r.no_gstr2b ?? [], counts: r.counts ?? {}, ims_closed: r.ims_closed ?? [] }) as ThreeWayResult

/** "2b" when a GSTR-2B is stored for every month from-to, else "2a" (the command line's rule). */
export const defaultAgainst = (from: string, to: string): Promise<string> => Recon.ReconDefaultAgainst(from, to)
/** Reconciles and saves a new run (its choices taken over from the last run where rows read the same). */
/** Reconciles and saves a new run as a job (cancellable, with progress); runResult collects it. */
export const startRun = (token: string, from: string, to: string): Promise<string> => Recon.StartReconAgainst2B(token, from, to)
export const runResult = async (id: string): Promise<ThreeWayResult> => fix(await withRetry(() => Recon.ReconAgainst2BResult(id)))
/** What a preview or apply of a saved run would spend (paid calls listing IMS) before it starts. */
export const plan = (runID: string): Promise<ApplyPlan> => Recon.PlanApplyThreeWayRun(runID)
/** What applying the run's actions would send (its paid calls and closed months too); nothing is sent. */
export const previewAll = async (runID: string): Promise<reconcile.ThreeWayApply> => {
  const a = await Recon.ApplyThreeWayRun(runID, true)
  return { ...a, lines: a.lines ?? [], closed: a.closed ?? [] } as reconcile.ThreeWayApply
}
/** Reopens a saved run with the IMS status of its documents as last listed. */
export const reopen = async (runID: string): Promise<ThreeWayResult> => fix(await Recon.ThreeWayRunNow(runID))
/** The saved runs against GSTR-2B, newest first. */
export const runs = async (): Promise<RunInfo[]> => (await Recon.ThreeWayRuns()) ?? []
/** A saved run as it stood at period p (YYYY-MM): what a later 2B brought reads missing in 2B there. */
export const asOf = async (runID: string, p: string): Promise<ThreeWayResult> => fix(await Recon.ThreeWayRunAsOf(runID, p))
/** Records the person's action on rows of the run ("" for the recommendation again). */
export const setAction = (runID: string, rowKeys: string[], c: Choice | ''): Promise<void> =>
  Recon.SetThreeWayActions(runID, rowKeys, c === 'skip' ? 'leave' : c || 'clear')
/** Applies the run's actions to IMS as a job (cancellable, with progress). */
export const startApply = (runID: string): Promise<string> => Recon.StartApplyThreeWayRun(runID)
export const applyResult = async (id: string): Promise<ApplyLine[]> => (await withRetry(() => Recon.ApplyThreeWayRunResult(id))).lines ?? []
