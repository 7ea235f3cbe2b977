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
  it('says a second desk follows read-only, and when it was last up to date', () => {
    const following = (over: Record<string, unknown> = {}) => ({
      continuous: false, by: '', pid: 0, updated_at: '', targets: [], read_only: 'This desk follows "NAS" read-only.',
      following: { target: 'NAS', where: '/mnt/nas', txid: 9, replica_txid: 9, updated_at: '', checked_at: '2025-11-24T09:58:00', running: true, error: '', error_at: '', ...over },
    }) as never
    expect(backupSummary(following(), now)).toMatchObject({ text: 'Read-only: following NAS, last update 09:58', tone: 'warn' })
    expect(backupSummary(following({ running: false }), now)?.text).toBe('Read-only: following NAS stopped, last update 09:58')
    expect(backupSummary(following({ error: 'Backup target "NAS" is not there.' }), now)).toMatchObject({ text: 'Read-only: following NAS, failing (last update 09:58)', tone: 'bad' })
    expect(backupSummary(following({ checked_at: '0001-01-01T00:00:00Z' }), now)?.text).toBe('Read-only: following NAS, not up to date yet')
  })
  it('says a desk another took over only reads', () => {
    const st = { continuous: false, by: '', pid: 0, updated_at: '', targets: [], read_only: 'Desk X took over.' } as never
    expect(backupSummary(st, now)).toMatchObject({ text: 'Read-only: another desk now writes the backup', tone: 'bad' })
  })
  it('says which target another desk took over, and when', () => {
    const at = (d: Date) => ({ continuous: false, by: '', pid: 0, updated_at: '', targets: [{ id: 'a', name: 'NAS', state: 'not_writer' }],
      read_only: 'Another desk took over the replica on "NAS".', taken_over: { target: 'NAS', where: '/mnt/nas', desk: 7, at: d.toISOString(), shipped: 3 } }) as never
    const today = new Date(now.getTime() - 5 * 60_000)
    const hm = `${String(today.getHours()).padStart(2, '0')}:${String(today.getMinutes()).padStart(2, '0')}`
    expect(backupSummary(at(today), now)).toMatchObject({ text: `Read-only: another desk took over NAS at ${hm}`, tone: 'bad', title: 'Another desk took over the replica on "NAS".' })
    expect(backupSummary(at(new Date(2024, 2, 5, 10, 0)), now)?.text).toBe('Read-only: another desk took over NAS on 05/03/2024')
  })
})
