// The dashboard: the workspace at a glance, from SQLite only.
import * as App from '../../wailsjs/go/main/App'
import type { desk } from '../../wailsjs/go/models'

export type Dashboard = desk.Dashboard
export type Attention = desk.Attention

export const dashboard = (): Promise<Dashboard> => App.Dashboard()

/** Words for why a supplier needs attention. */
export function attentionLabel(reason: string): string {
  return ({
    cancelled: 'Registration cancelled',
    not_filed_gstr1: 'GSTR-1 not filed',
    not_filed_gstr3b: 'GSTR-3B not filed',
  } as Record<string, string>)[reason] ?? reason
}
