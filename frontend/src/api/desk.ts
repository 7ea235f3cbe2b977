// The app-wide backend area: workspace, settings, credentials, connectivity.
import * as Workspaces from '../../wailsjs/go/main/Workspaces'
import { config, desk, store, workspaces as ws } from '../../wailsjs/go/models'

export type Info = ws.Info
export type Workspace = store.Workspace
export type Settings = config.Settings
export type CredentialStatus = config.CredentialStatus

export const info = (): Promise<Info> => Workspaces.Info()
export const online = (): Promise<boolean> => Workspaces.Online()
export const setOffline = (off: boolean): Promise<void> => Workspaces.SetOffline(off)
export const workspaces = (): Promise<Workspace[]> => Workspaces.Workspaces()
export interface WorkspaceSpec { name: string; gstin: string; environment: string; base_url: string }
export const createWorkspace = (spec: WorkspaceSpec): Promise<Workspace> => Workspaces.CreateWorkspace(spec)
export const switchWorkspace = (id: string): Promise<Workspace> => Workspaces.SwitchWorkspace(id)
export const settings = (): Promise<Settings> => Workspaces.Settings()
export const saveSettings = (name: string, gstin: string, s: Settings): Promise<Workspace> => Workspaces.SaveSettings(name, gstin, config.Settings.createFrom(s))
export const saveCredentials = (env: string, key: string, secret: string): Promise<CredentialStatus> => Workspaces.SaveCredentials(env, key, secret)
export const deleteCredentials = (env: string): Promise<CredentialStatus> => Workspaces.DeleteCredentials(env)
export const openDataFolder = (): Promise<void> => Workspaces.OpenDataFolder()

/** The demo workspace's made-up figures: loaded (on the first open), cleared by the person, or neither. */
export type DemoData = desk.DemoData
export const openDemo = (): Promise<DemoData> => Workspaces.OpenDemo()
export const loadDemo = (): Promise<DemoData> => Workspaces.LoadDemo()
export const clearDemo = (): Promise<DemoData> => Workspaces.ClearDemo()
