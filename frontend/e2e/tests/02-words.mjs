// Words an accountant uses: no developer's words on the everyday screens (the runner also checks
// contrast and figure size on every screenshot, light and dark: e2e/contrast.mjs).
import assert from 'node:assert/strict'

// Words that belong in the code, not on a screen a person reads.
const DEV_WORDS = /\b(base url|override|calls per minute|replica|GSTDESK_[A-Z_]+|cfs3b|md5|hash|cache|fetched|endpoint url|workbook key|item key)\b|https?:\/\/127\.0\.0\.1/i

export const tests = {
  'Settings and the status bar speak in words, everyday settings before Backup': async ({ page, shot }) => {
    await page.getByTestId('nav-settings').click()
    await page.getByTestId('settings-form').waitFor()
    await page.getByTestId('data-dir').waitFor()
    const settings = await page.getByTestId('screen-settings').innerText()
    // The settings' own words (the data folder's path itself may be anything).
    const words = settings.replace(await page.getByTestId('data-dir').innerText(), '')
    assert.doesNotMatch(words.replace(/Endpoint \(empty for AWS\)/, ''), DEV_WORDS)
    assert.match(settings, /Your firm's own gateway address/)
    assert.match(settings, /Most calls a minute \(0: as many as the service allows\)/)
    assert.match(settings, /Reuse a GSTIN's saved details for \(days\)/)
    // Everyday settings first; Backup after them.
    const order = await page.getByTestId('screen-settings').evaluate((el) => [...el.querySelectorAll('h2')].map((h) => h.textContent.trim()))
    const backup = order.findIndex((h) => /^Backup/.test(h))
    assert.ok(backup > order.indexOf('Workspace') && backup > order.indexOf('Data folder'), 'Backup comes after the everyday settings: ' + order.join(' | '))
    const bar = await page.getByTestId('status-bar').innerText()
    assert.doesNotMatch(bar, /https?:\/\//, 'no address in the status bar')
    await shot('settings-words')
  },
  'the lookup says saved copy or asked, not cache or fetched': async ({ page, shot }) => {
    await page.getByTestId('nav-lookup').click()
    await page.getByTestId('lookup-input').fill('27AAPFU0939F1ZV\n24ABKCS2033B1ZV')
    await page.getByTestId('lookup-submit').click()
    await page.getByTestId('bulk-summary').waitFor({ timeout: 20000 })
    const summary = await page.getByTestId('bulk-summary').innerText()
    assert.match(summary, /saved copies/)
    assert.doesNotMatch(summary, DEV_WORDS)
    const table = await page.getByTestId('lookup-table').innerText()
    assert.match(table, /asked now|saved copy/)
    assert.doesNotMatch(table, /\b(fetched|cache|answered)\b/)
    await shot('lookup-words')
  },
}
