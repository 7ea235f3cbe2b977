// Backup: a folder target is added in Settings → Backup; the status bar says when the data was last
// backed up; a restore point is restored into a new folder; verify compares the tables; a restore
// over a folder that holds something is refused.
import assert from 'node:assert/strict'
import { mkdtempSync, existsSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

export const tests = {
  'a folder backup is added, shown, restored and verified': async ({ page, shot }) => {
    const nas = path.join(mkdtempSync(path.join(tmpdir(), 'gstdesk-e2e-nas-')), 'gstdesk')
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
}
