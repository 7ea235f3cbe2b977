// The shell: sidebar, keyboard, palette, Settings, errors.
import assert from 'node:assert/strict'

const AREAS = [
  ['dashboard', 'Dashboard'], ['lookup', 'GSTIN lookup'], ['changed', 'Changed GSTINs'], ['applicants', 'Applicants'],
  ['gstr2a', 'GSTR-2A'], ['recon', 'Reconciliation'], ['itcrisk', 'ITC calendar'], ['tds', 'Salary TDS'], ['settings', 'Settings'],
]

export const tests = {
  'opens on the demo workspace with a DEMO badge': async ({ page, shot }) => {
    await page.getByTestId('demo-badge').waitFor()
    assert.match(await page.getByTestId('status-bar').innerText(), /Demo workspace/)
    await page.getByTestId('demo-notice').waitFor()
    await shot('dashboard')
  },
  'the sidebar reaches every area': async ({ page, shot }) => {
    for (const [id, label] of AREAS) {
      await page.getByTestId('nav-' + id).click()
      await page.getByTestId('screen-' + id).waitFor()
      assert.equal(await page.getByTestId('nav-' + id).getAttribute('aria-current'), 'page')
      assert.match(await page.getByTestId('screen-' + id).innerText(), new RegExp(label.replace('-', '.')))
      await shot('area-' + id)
    }
  },
  'Alt+number shortcuts and the Ctrl+K palette move between areas': async ({ page }) => {
    await page.keyboard.press('Alt+7')
    await page.getByTestId('screen-tds').waitFor()
    // A letter too: Alt+I opens the ITC calendar; with nothing stored it says what to do first.
    await page.keyboard.press('Alt+i')
    await page.getByTestId('screen-itcrisk').waitFor()
    assert.match(await page.getByTestId('risk-empty').innerText(), /Nothing to build FY \d{4}-\d\d’s calendar from yet\nPull or import GSTR-2A and GSTR-2B/)
    await page.keyboard.press('Control+k')
    await page.getByTestId('palette-input').fill('settings')
    await page.keyboard.press('Enter')
    await page.getByTestId('screen-settings').waitFor()
  },
  'Settings saves the workspace and the status bar follows': async ({ page, shot }) => {
    await page.getByTestId('nav-settings').click()
    await page.locator('#ws-name').fill('Sharma & Co')
    await page.getByTestId('save-settings').click()
    await page.getByTestId('saved').waitFor()
    await page.getByTestId('status-bar').getByText('Sharma & Co').waitFor()
    await shot('settings-saved')
  },
  'a bad base URL is refused with a readable error': async ({ page, shot }) => {
    await page.getByTestId('nav-settings').click()
    await page.getByTestId('env-test').check()
    await page.locator('#base-url').fill('http://gst.example.in')
    await page.getByTestId('save-settings').click()
    const msg = await page.getByTestId('error-message').innerText()
    assert.match(msg, /must use https/)
    await shot('settings-error')
    await page.keyboard.press('Escape')
    await page.getByTestId('error-banner').waitFor({ state: 'detached' })
  },
  'choosing the test environment asks for credentials and says where they go': async ({ page, shot }) => {
    await page.getByTestId('nav-settings').click()
    await page.getByTestId('env-test').check()
    await page.locator('#base-url').fill('')
    await page.getByTestId('save-settings').click()
    await page.getByTestId('env-badge').getByText('TEST').waitFor()
    const status = await page.getByTestId('cred-status').innerText()
    assert.match(status, /keychain/i)
    await shot('settings-test-env')
  },
}
