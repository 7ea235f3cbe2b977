// The app-wide backend area: workspace, settings, credentials, connectivity.
import * as App from '../../wailsjs/go/main/App'
import { config, desk, store } from '../../wailsjs/go/models'

export type Info = desk.Info
export type Workspace = store.Workspace
export type Settings = config.Settings
export type CredentialStatus = config.CredentialStatus

export const info = (): Promise<Info> => App.Info()
export const online = (): Promise<boolean> => App.Online()
export const setOffline = (off: boolean): Promise<void> => App.SetOffline(off)
export const workspaces = (): Promise<Workspace[]> => App.Workspaces()
export const createWorkspace = (name: string, gstin: string, env: string): Promise<Workspace> => App.CreateWorkspace(name, gstin, env)
export const switchWorkspace = (id: string): Promise<Workspace> => App.SwitchWorkspace(id)
export const settings = (): Promise<Settings> => App.Settings()
export const saveSettings = (name: string, gstin: string, s: Settings): Promise<Workspace> => App.SaveSettings(name, gstin, config.Settings.createFrom(s))
export const saveCredentials = (env: string, key: string, secret: string): Promise<CredentialStatus> => App.SaveCredentials(env, key, secret)
export const deleteCredentials = (env: string): Promise<CredentialStatus> => App.DeleteCredentials(env)
export const openDataFolder = (): Promise<void> => App.OpenDataFolder()
