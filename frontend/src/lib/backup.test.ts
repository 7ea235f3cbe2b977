import { describe, expect, it } from 'vitest'
import { backupSummary } from './backup'

const now = new Date('2025-11-24T10:00:00Z')
const target = (over: Record<string, unknown> = {}) => ({
  id: 'a', name: 'NAS', kind: 'folder', where: '/mnt/nas', role: 'replica', state: 'ok',
  last_replicated_at: '2025-11-24T09:59:48Z', lag_seconds: 0, local_txid: 5, replicated_txid: 5, error: '', error_at: '', ...over,
})
const status = (targets: unknown[], continuous = true) => ({ continuous, by: 'window', pid: 1, updated_at: '', targets }) as never

describe('backupSummary', () => {
  it('says nothing without a target', () => {
    expect(backupSummary(null, now)).toBeNull()
    expect(backupSummary(status([]), now)).toBeNull()
  })
  it('says when the last backup was', () => {
    expect(backupSummary(status([target()]), now)).toMatchObject({ text: 'Backed up 12 s ago', tone: 'ok' })
  })
  it('shows a failure, naming the target', () => {
    const s = backupSummary(status([target(), target({ name: 'S3', state: 'failing', error: 'Backup target "S3" refused the access key.' })]), now)
    expect(s).toMatchObject({ text: 'Backup to S3: failing', tone: 'bad' })
    expect(s?.title).toContain('refused the access key')
  })
  it('says another desk writes the replica', () => {
    expect(backupSummary(status([target({ state: 'not_writer' })]), now)?.text).toBe('Backup to NAS: another desk writes it')
  })
  it('shows the lag', () => {
    expect(backupSummary(status([target({ state: 'behind', lag_seconds: 95 })]), now)).toMatchObject({ text: 'Backup behind by 1 min', tone: 'warn' })
  })
  it('never backed up yet', () => {
    expect(backupSummary(status([target({ last_replicated_at: '0001-01-01T00:00:00Z', state: 'idle' })]), now)?.text).toBe('Backup: not yet')
  })
})
