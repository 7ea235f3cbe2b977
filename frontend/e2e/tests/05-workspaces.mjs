// Workspaces: a real client's Test workspace is created from Settings, opened, and left again; the
// sidebar, the status bar and the data shown follow the workspace, and demo answers say so.
import assert from 'node:assert/strict'

async function lookUp(page, g) {
  await page.getByTestId('nav-lookup').click()
  await page.getByTestId('lookup-input').fill(g)
  await page.getByTestId('lookup-input').press('Enter')
  await page.getByTestId('lookup-detail').waitFor()
}

export const tests = {
  'a Test workspace is created from Settings, opened, and the demo reopened': async ({ page, shot }) => {
    // In the demo, an answer is labelled as made up.
    assert.match(await page.getByTestId('side-workspace').innerText(), /Demo workspace[\s\S]*DEMO/)
    await lookUp(page, '27AAPFU0939F1ZV')
    assert.match(await page.getByTestId('detail-source').innerText(), /^demo data \(made up\)/)

    // A Test workspace for a real client needs its GSTIN.
    await page.getByTestId('nav-settings').click()
    await page.getByTestId('new-ws-name').fill('Acme Traders')
    await page.getByTestId('new-ws-env').selectOption('test')
    assert.equal(await page.getByTestId('new-ws-add').isDisabled(), true)
    await page.getByTestId('new-ws-gstin').fill('29AAFCD5862R1ZR')
    await shot('new-workspace')
    await page.getByTestId('new-ws-add').click()

    // The window reopens on the new client: sidebar, status bar, Settings and screens follow.
    await page.getByTestId('env-badge').getByText('TEST').waitFor()
    assert.match(await page.getByTestId('side-workspace').innerText(), /Acme Traders[\s\S]*TEST/)
    assert.match(await page.getByTestId('status-bar').innerText(), /Acme Traders[\s\S]*29AAFCD5862R1ZR/)
    assert.equal(await page.getByTestId('demo-badge').count(), 0)
    // The demo's calls spent no credits of this environment.
    assert.match(await page.getByTestId('calls-today').innerText(), /^0 API calls today/)
    // No API key yet for Test: the status bar says so, and what to do.
    assert.match(await page.getByTestId('online-state').innerText(), /No API key for Test: add it in Settings/)
    await page.getByTestId('screen-settings').waitFor()
    const rows = await page.getByTestId('workspace-row').allInnerTexts()
    assert.ok(rows.some((r) => /Acme Traders\s+29AAFCD5862R1ZR\s+test\s+current/.test(r)), rows.join(' | '))
    assert.ok(rows.some((r) => /Demo workspace[\s\S]*demo/.test(r)), rows.join(' | '))
    // The demo's lookup result is not shown in this client's workspace.
    await page.getByTestId('nav-lookup').click()
    await page.getByTestId('lookup-empty').waitFor()
    // No key for the test environment: a lookup asks for one instead of answering from the demo.
    await page.getByTestId('lookup-input').fill('27AAPFU0939F1ZV')
    await page.getByTestId('lookup-input').press('Enter')
    assert.match(await page.getByTestId('error-message').innerText(), /No API key for the test environment/)
    await shot('test-workspace')
    await page.keyboard.press('Escape')

    // Paid calls are counted before they are spent: above the Settings threshold the check asks.
    await page.getByTestId('nav-settings').click()
    await page.getByTestId('ask-above').fill('1')
    await page.getByTestId('save-settings').click()
    await page.getByTestId('saved').waitFor()
    await page.getByTestId('nav-lookup').click()
    await page.getByTestId('lookup-input').fill('27AAPFU0939F1ZV\n24ABKCS2033B1ZV\n27AAPFU0939F1ZX')
    await page.getByTestId('lookup-submit').click()
    const prompt = page.getByTestId('spend-prompt')
    await prompt.waitFor()
    assert.match(await prompt.innerText(), /up to 2 paid calls for 2 GSTINs[\s\S]*Settings asks above 1/)
    await shot('spend-prompt')
    await page.keyboard.press('Escape')
    await prompt.waitFor({ state: 'detached' })
    assert.equal(await page.getByTestId('job-progress').count(), 0, 'nothing was started')

    // Back to the demo.
    await page.getByTestId('nav-settings').click()
    await page.getByTestId('open-ws-Demo workspace').click()
    await page.getByTestId('demo-badge').waitFor()
    assert.match(await page.getByTestId('side-workspace').innerText(), /Demo workspace[\s\S]*DEMO/)
    assert.match(await page.getByTestId('status-bar').innerText(), /Demo workspace/)
    await shot('back-to-demo')
  },
  'two workspaces for one client and environment are refused': async ({ page }) => {
    await page.getByTestId('nav-settings').click()
    await page.getByTestId('new-ws-name').fill('Demo copy')
    await page.getByTestId('new-ws-env').selectOption('demo')
    await page.getByTestId('new-ws-gstin').fill('27AAPFU0939F1ZV')
    await page.getByTestId('new-ws-add').click()
    assert.match(await page.getByTestId('error-message').innerText(), /already holds 27AAPFU0939F1ZV in the demo environment/)
  },
}
