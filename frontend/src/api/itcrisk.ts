// Credit at risk of a financial year: the calendar of the law's dates (Rule 37, Rule 37A,
// s.16(4), books against GSTR-2B), the supplier scorecard and the chaser pack. The purchase
// register is named by its import token (the reconciliation screen's import, shared); "" reads
// what is stored alone. Amounts arrive in rupees with two decimals.
import * as Recon from '../../wailsjs/go/main/Recon'
import type { itcrisk, reconcile } from '../../wailsjs/go/models'
import type { ExportFormat } from './lookup'

export type { ExportFormat }
export type Calendar = itcrisk.Calendar
export type MonthGroup = itcrisk.MonthGroup
export type Item = itcrisk.Item
export type RuleTotal = itcrisk.RuleTotal
export type StatusTotal = itcrisk.StatusTotal
export type Scorecard = itcrisk.Scorecard
export type SupplierScore = itcrisk.SupplierScore
export type Penalty = itcrisk.Penalty
export type ChaserFile = reconcile.ChaserFile

const arr = <T>(v: T[] | null | undefined): T[] => v ?? []

/** The calendar of fy ("FY 2025-26") built as a job (progress, Cancel): the job's id; calendarResult
 * gives the calendar. Each month keeps at most perMonth items (0: 500) and counts the rest in more. */
export const startCalendar = (fy: string, token: string, perMonth = 0): Promise<string> => Recon.StartITCRisk(fy, token, perMonth)
/** The calendar a finished startCalendar job built. */
export const calendarResult = async (job: string): Promise<Calendar> => tidy(await Recon.ITCRiskResult(job))
function tidy(c: Calendar): Calendar {
  c.rules = arr(c.rules)
  c.notes = arr(c.notes)
  c.months = arr(c.months)
  c.statuses = arr(c.statuses)
  for (const g of c.months) g.items = arr(g.items)
  return c
}
/** Writes the whole calendar (every item) to the exports folder; the path. */
export const exportCalendar = (fy: string, token: string, f: ExportFormat): Promise<string> => Recon.ITCRiskExport(fy, token, f)
export async function scorecard(fy: string, token: string): Promise<Scorecard> {
  const s = await Recon.Scorecard(fy, token)
  s.rows = arr(s.rows)
  s.notes = arr(s.notes)
  for (const r of s.rows) r.penalties = arr(r.penalties)
  return s
}
export const exportScorecard = (fy: string, token: string, f: ExportFormat): Promise<string> => Recon.ScorecardExport(fy, token, f)
/** Writes one XLSX per supplier to chase (supplier "" for all) into a new folder of the exports folder, as a job. */
export const startChaserPack = (fy: string, token: string, supplier = ''): Promise<string> => Recon.StartChaserPack(fy, token, supplier)
/** What a finished chaser pack job wrote: its folder and files, worst score first. */
export const chaserPackResult = async (job: string): Promise<{ folder: string; files: ChaserFile[] }> => {
  const d = await Recon.ChaserPackResult(job)
  return { folder: d.folder, files: arr(d.files) }
}
