// Backup: a folder target is added in Settings → Backup; the status bar says when the data was last
// backed up; a restore point is restored into a new folder; verify compares the tables; a restore
// over a folder that holds something is refused. A second desk follows the replica read-only in a
// window of its own, says so in the status bar, and refuses a change.
import assert from 'node:assert/strict'
import { mkdtempSync, existsSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

let nas = ''
// Screenshots of the second desk's own page, named as the runner names its shots.
const shotOf = (p, name) => p.screenshot({ path: fileURLToPath(new URL(`../../../build/e2e/60-backup-${name}${process.env.E2E_VIEWPORT ? '-' + process.env.E2E_VIEWPORT : ''}${process.env.E2E_COLOR_SCHEME === 'dark' ? '-dark' : ''}.png`, import.meta.url)) })

export const tests = {
  'a folder backup is added, shown, restored and verified': async ({ page, shot }) => {
    nas = path.join(mkdtempSync(path.join(tmpdir(), 'gstdesk-e2e-nas-')), 'gstdesk')
    await page.getByTestId('nav-settings').click()
    await page.getByTestId('backup-empty').waitFor()
    await page.getByTestId('backup-kind').selectOption('folder')
    await page.getByTestId('backup-path').fill(nas)
    await page.getByTestId('backup-add-go').click()
    await page.getByTestId('backup-target-row').waitFor()
    assert.match(await page.getByTestId('backup-message').innerText(), /added/)

    // The window replicates continuously: the status bar says when the last backup was.
    await page.getByTestId('backup-sync').click()
    await page.getByTestId('backup-state').getByText(/Backed up/).waitFor({ timeout: 15000 })
    assert.match(await page.getByTestId('backup-target-state').innerText(), /ok/)
    await shot('backup-settings')

    // Restore the latest point into a new folder.
    const to = path.join(mkdtempSync(path.join(tmpdir(), 'gstdesk-e2e-restore-')), 'restored')
    await page.getByTestId('backup-points-gstdesk').click()
    await page.getByTestId('backup-points').locator('tbody tr').first().waitFor()
    await page.getByTestId('backup-restore-dir').fill(to)
    await page.getByTestId('backup-restore-go').click()
    await page.getByTestId('backup-message').getByText(/Restored the point/).waitFor()
    assert.ok(existsSync(path.join(to, 'gstdesk.db')), 'the restored database is there')

    // A folder that holds something is refused.
    const full = mkdtempSync(path.join(tmpdir(), 'gstdesk-e2e-full-'))
    writeFileSync(path.join(full, 'keep.txt'), 'mine')
    await page.getByTestId('backup-restore-dir').fill(full)
    await page.getByTestId('backup-restore-go').click()
    assert.match(await page.getByTestId('error-message').innerText(), /not empty/)
    await page.keyboard.press('Escape')

    // Verify: integrity_check and the rows of every table.
    await page.getByTestId('backup-verify-gstdesk').click()
    await page.getByTestId('backup-verification').waitFor({ timeout: 20000 })
    assert.match(await page.getByTestId('backup-verification').innerText(), /Verified[\s\S]*integrity: ok/)
    await shot('backup-verified')
  },

  'a second desk follows the replica read-only and refuses a change': async ({ page, shot, startApp }) => {
    await page.getByTestId('nav-settings').click()
    await page.getByTestId('backup-target-row').waitFor()
    await page.getByTestId('backup-kind').selectOption('folder')
    await page.getByTestId('backup-path').fill(nas)
    const second = path.join(mkdtempSync(path.join(tmpdir(), 'gstdesk-e2e-second-')), 'desk')
    await page.getByTestId('backup-follow-dir').fill(second)
    await page.getByTestId('backup-follow-go').click()
    await page.getByTestId('backup-message').getByText(/A second desk is ready/).waitFor()
    await page.getByTestId('backup-follow-open').waitFor()

    // The second desk in a window of its own: it follows, says so, and refuses a change.
    const app2 = await startApp({ GSTDESK_DATA_DIR: second })
    try {
      const p2 = await page.context().newPage()
      await p2.goto(app2.url)
      await p2.locator('[data-testid=status-bar] .badge').first().waitFor({ timeout: 30000 })
      await p2.getByTestId('backup-state').getByText(/Read-only: following gstdesk, last update \d\d:\d\d/).waitFor({ timeout: 30000 })
      await p2.getByTestId('nav-settings').click()
      await p2.getByTestId('backup-follower').waitFor()
      await p2.getByTestId('new-ws-name').fill('Gamma')
      await p2.getByTestId('new-ws-env').selectOption('demo')
      await p2.getByTestId('new-ws-add').click()
      assert.match(await p2.getByTestId('error-message').innerText(), /This desk follows "gstdesk" .* read-only/)
      await shotOf(p2, 'second-desk')
      await p2.keyboard.press('Escape')
      await p2.getByTestId('backup-follower').scrollIntoViewIfNeeded()
      await shotOf(p2, 'second-desk-panel')
      await p2.close()
    } finally {
      await app2.stop()
    }
    await shot('follow-started')
  },
}
