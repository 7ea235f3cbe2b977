// The Invoice Management System: the documents as last listed (offline), a fresh listing, actions
// sent as a job (the service answers later: the job polls), the log of actions, and regenerating
// GSTR-2B after acting. Amounts arrive in rupees with two decimals.
import * as Returns from '../../wailsjs/go/main/Returns'
import { returns } from '../../wailsjs/go/models'
import type { ims } from '../../wailsjs/go/models'
import { withRetry } from '../lib/retry'

export type IMSRow = returns.IMSRow
export type IMSView = returns.IMSView
export type ApplyResult = returns.IMSApplyResult
export type ActionResult = returns.IMSActionResult
export type RegenerateResult = returns.RegenerateResult
export type LogEntry = ims.LogEntry
/** An action as the screen asks for it. */
export type Action = 'accept' | 'reject' | 'pending' | 'reset'
/** itc_red_req (IMS 2.0, accepting a credit note or an amendment): "" lets gstdesk propose it. */
export interface ChangeRequest { section: string; stin: string; number: string; rtnprd: string; action: Action; reason: string; itc_red_req?: string }

const fix = (v: IMSView): IMSView => ({ ...v, rows: v.rows ?? [] }) as IMSView

export const stored = async (): Promise<IMSView> => fix(await Returns.IMSStoredView())
export const refresh = async (): Promise<IMSView> => fix(await Returns.IMSRefresh())
export const startApply = (reqs: ChangeRequest[]): Promise<string> =>
  Returns.StartIMSApply(reqs.map((r) => returns.IMSChangeRequest.createFrom(r)))
export async function applyResults(id: string): Promise<ApplyResult> {
  const r = await withRetry(() => Returns.IMSApplyResults(id))
  return { ...r, results: r.results ?? [] } as ApplyResult
}
export const log = async (): Promise<LogEntry[]> => (await Returns.IMSLog()) ?? []
export const startRegenerate = (period: string): Promise<string> => Returns.StartRegenerateGSTR2B(period)
export const regenerateResults = (id: string): Promise<RegenerateResult> => withRetry(() => Returns.RegenerateResults(id))
