// The backup area: targets, the backup state for the status bar, restore points, restore, verify.
import * as Backup from '../../wailsjs/go/main/Backup'
import { backup } from '../../wailsjs/go/models'

export type Target = backup.Target
export type TargetInfo = backup.TargetInfo
export type Status = backup.Status
export type TargetStatus = backup.TargetStatus
export type Point = backup.Point
export type Restored = backup.Restored
export type Verification = backup.Verification
export type Size = backup.Size
export type FollowStatus = backup.FollowStatus

export interface TargetSpec {
  kind: string; name: string; path: string; retention_days: number
  endpoint?: string; bucket?: string; region?: string; access_key_id?: string; secret_access_key?: string
  host?: string; port?: number; user?: string; key_file?: string; host_key?: string; password?: string
}

export const targets = (): Promise<TargetInfo[]> => Backup.Targets()
export const addTarget = (spec: TargetSpec): Promise<Target> => Backup.AddTarget(backup.TargetSpec.createFrom({ id: '', access_key_id: '', secret_access_key: '', password: '', ...spec }))
export const removeTarget = (id: string): Promise<Target> => Backup.RemoveTarget(id)
export const status = (): Promise<Status> => Backup.Status()
export const sync = (): Promise<Status> => Backup.Sync()
export const points = (target: string): Promise<Point[]> => Backup.Points(target)
/** at: "" for the latest point, else "DD/MM/YYYY HH:MM". */
export const restore = (target: string, dir: string, at: string): Promise<Restored> => Backup.Restore(target, dir, at)
export const verify = (target: string): Promise<Verification> => Backup.Verify(target)
export const sizes = (): Promise<Size[]> => Backup.Sizes()
export const takeOver = (): Promise<Target[]> => Backup.TakeOver()
/** A second desk: restore the replica spec describes into dir (new or empty) and follow it read-only. */
export const startFollowing = (spec: TargetSpec, dir: string): Promise<Restored> =>
  Backup.StartFollowing(backup.TargetSpec.createFrom({ id: '', access_key_id: '', secret_access_key: '', password: '', ...spec }), dir)
/** Opens a second desk's folder in a new window. */
export const openFolder = (dir: string): Promise<void> => Backup.OpenFolder(dir)
