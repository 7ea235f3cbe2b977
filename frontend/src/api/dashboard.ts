// The dashboard: the workspace at a glance, from SQLite only.
import * as Overview from '../../wailsjs/go/main/Overview'
import type { overview } from '../../wailsjs/go/models'

export type Dashboard = overview.Dashboard
export type Attention = overview.Attention

export const dashboard = (): Promise<Dashboard> => Overview.Dashboard()

/** Words for why a supplier needs attention. */
export function attentionLabel(reason: string): string {
  return ({
    cancelled: 'Registration cancelled',
    not_filed_gstr1: 'GSTR-1 not filed',
    not_filed_gstr3b: 'GSTR-3B not filed',
  } as Record<string, string>)[reason] ?? reason
}
