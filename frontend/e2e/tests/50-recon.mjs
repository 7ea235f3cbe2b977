// Reconciliation in the demo workspace: pull three months of GSTR-2A (through the bound methods),
// reconcile a sample register, explain a mismatch, accept a suggested match from the keyboard,
// link a missing invoice, export a supplier pack and the rows, and run the supplier watch.
import assert from 'node:assert/strict'
import { existsSync, statSync } from 'node:fs'
import path from 'node:path'
import { inView } from '../helpers.mjs'

const num = (s) => Number(s.replace(/[₹,\s]/g, '').replace(/^\((.*)\)$/, '-$1'))

async function open(page) {
  await page.getByTestId('nav-recon').click()
  await page.getByTestId('recon-screen').waitFor()
}

/** Opens the screen on the newest run and waits until the counts are in. */
async function openRun(page) {
  await open(page)
  await page.getByTestId('recon-summary').waitFor({ timeout: 15000 })
  await page.waitForFunction(() => Number(document.querySelector('[data-testid=recon-tab-exact] .cnt')?.textContent?.replace(/,/g, '') || 0) > 0)
}

async function tab(page, key) {
  await page.getByTestId('recon-tab-' + key).click()
  await page.waitForFunction((k) => document.querySelector(`[data-testid=recon-tab-${k}]`)?.classList.contains('on'), key)
}

export const tests = {
  'empty state; sign in and pull Apr–Jun 2025 through the bound methods': async ({ page, shot }) => {
    await open(page)
    await page.getByText('Match your purchase register with GSTR-2A').waitFor()
    await shot('recon-empty')
    const results = await page.evaluate(async () => {
      const app = { ...window.go.main.Returns, ...window.go.main.Recon }
      await app.RequestOTP('demo', '')
      await app.VerifyOTP('demo', '', '575757')
      const id = await app.StartPull({ gstin: '', periods: ['2025-04', '2025-05', '2025-06'], supplier: '', from: '' })
      for (let i = 0; i < 200; i++) {
        try { return await app.PullResults(id) } catch { await new Promise((r) => setTimeout(r, 150)) }
      }
      return null
    })
    assert.ok(results && results.length === 3, JSON.stringify(results))
    for (const r of results) assert.equal(r.status, 'pulled', JSON.stringify(r))
  },

  'sample register, run: every status has rows; summary strip and tabs': async ({ page, shot }) => {
    await page.reload()
    await page.locator('[data-testid=status-bar] .badge').first().waitFor()
    await open(page)
    await page.getByTestId('recon-fy').selectOption('2025')
    await page.getByTestId('recon-from').selectOption('2025-04')
    await page.getByTestId('recon-to').selectOption('2025-06')
    await page.getByTestId('recon-sample').click()
    await page.getByTestId('recon-import').waitFor()
    assert.match(await page.getByTestId('recon-import').innerText(), /sample-register-2025-04-to-2025-06\.csv.*\d+ invoices.*ready: press Run/s)
    assert.equal(await page.getByTestId('recon-mapping').count(), 0, 'the sample needs no mapping confirmation')
    await page.getByTestId('recon-run').click()
    await openRun(page)
    for (const k of ['exact', 'suggested', 'mismatch', 'missing_in_2a', 'missing_in_books']) {
      const n = num(await page.locator(`[data-testid=recon-tab-${k}] .cnt`).innerText())
      assert.ok(n > 0, `${k}: ${n}`)
    }
    // The strip shows the total of the three months; each month on request.
    assert.match(await page.getByTestId('recon-summary').innerText(), /Total of 3 months/)
    await page.getByTestId('recon-months').click()
    const strip = await page.getByTestId('recon-summary').innerText()
    assert.match(strip, /Apr 2025[\s\S]*May 2025[\s\S]*Jun 2025[\s\S]*Total/)
    await page.getByTestId('recon-months').click()
    await shot('recon-run')
  },

  'the rows scroll as one list: keys keep the selection in view above the pinned total': async ({ page, shot }) => {
    await openRun(page)
    await tab(page, 'exact')
    const n = num(await page.locator('[data-testid=recon-tab-exact] .cnt').innerText())
    await page.getByTestId('recon-row').first().waitFor()
    // The pinned total covers every row of the tab, not only those fetched or in the page.
    assert.match(await page.getByTestId('recon-rows-total').innerText(), new RegExp(`Total of ${n.toLocaleString('en-IN')} rows?`))
    assert.equal(await page.getByRole('button', { name: /Show \d+ more/ }).count(), 0, 'no "Show more"')
    const inPage = await page.getByTestId('recon-row').count()
    assert.ok(inPage <= Math.min(n, 60), `${inPage} rows in the page of ${n}`)
    const table = page.getByTestId('recon-rows')
    await table.focus()
    await page.keyboard.press('End')
    assert.equal(await table.locator('tr.sel').getAttribute('aria-rowindex'), String(n + 1))
    assert.ok(await inView(page, 'recon-rows', 'tr.sel'), 'the last row ends above the pinned total')
    await shot('recon-rows-end')
    await page.keyboard.press('PageUp')
    assert.ok(await inView(page, 'recon-rows', 'tr.sel'))
    await page.keyboard.press('Home')
    assert.equal(await table.locator('tr.sel').getAttribute('aria-rowindex'), '2')
    assert.ok(await inView(page, 'recon-rows', 'tr.sel'), 'the first row is under the sticky header')
    // A row missing in books (2A carries no names) shows its supplier's name, from the register.
    await tab(page, 'missing_in_books')
    await page.getByTestId('recon-row').first().waitFor()
    assert.match(await page.getByTestId('recon-row').first().locator('.who-name').innerText(), /\S/)
    await shot('recon-missing-in-books')
  },

  'a mismatch explained field by field': async ({ page, shot }) => {
    await openRun(page)
    await tab(page, 'mismatch')
    await page.getByTestId('recon-row').first().waitFor()
    await page.getByTestId('recon-rows').focus()
    await page.keyboard.press('Enter')
    await page.getByTestId('recon-fields').waitFor()
    const text = await page.getByTestId('recon-explain').innerText()
    // The first mismatch of the sample may be an invoice, an ISD document or a bill of entry: each names its rule.
    assert.match(text, /Same supplier and number, but fields differ|ISD document: same ISD GSTIN, number and type|Bill of entry: same port code, number and date/)
    assert.match(text, /Number as compared/)
    assert.match(await page.getByTestId('recon-fields').innerText(), /differs/)
    // The explanation never covers the amounts: the open row's figures stay in sight beside it.
    const covered = await page.evaluate(() => {
      const p = document.querySelector('[data-testid=recon-explain]').getBoundingClientRect()
      const row = document.querySelector('[data-testid=recon-rows] tr.opened') ?? document.querySelector('[data-testid=recon-rows] tr.sel')
      return [...row.querySelectorAll('td.num')].filter((td) => {
        const r = td.getBoundingClientRect()
        return r.width > 0 && r.left < p.right && r.right > p.left && r.top < p.bottom && r.bottom > p.top
      }).length
    })
    assert.equal(covered, 0, 'the explanation covers amounts of the row it explains')
    await shot('recon-explain-mismatch')
    await page.keyboard.press('Escape')
    await page.getByTestId('recon-explain').waitFor({ state: 'detached' })
  },

  'accept a suggested match with A; bulk ignore with checkboxes': async ({ page, shot }) => {
    await openRun(page)
    await tab(page, 'suggested')
    const first = page.getByTestId('recon-row').first()
    await first.waitFor()
    await page.getByTestId('recon-rows').focus()
    await page.keyboard.press('a')
    await page.getByTestId('recon-note').waitFor()
    assert.match(await page.getByTestId('recon-note').innerText(), /1 row accepted/)
    await page.waitForFunction(() => document.querySelector('[data-testid=recon-row]')?.textContent?.includes('accepted'))
    // Enter shows the decision in the panel too.
    await page.keyboard.press('Enter')
    await page.getByTestId('recon-fields').waitFor()
    assert.match(await page.getByTestId('recon-explain').innerText(), /accepted/)
    await shot('recon-suggested-accepted')
    await page.keyboard.press('Escape')

    await tab(page, 'missing_in_books')
    const boxes = page.locator('[data-testid=recon-row] input[type=checkbox]')
    await boxes.first().waitFor()
    await boxes.nth(0).check()
    if (await boxes.count() > 1) await boxes.nth(1).check()
    const ticked = Math.min(2, await boxes.count())
    await page.getByRole('button', { name: 'Ignore', exact: true }).click()
    await page.waitForFunction((n) => document.querySelector('[data-testid=recon-note]')?.textContent?.includes(`${n} row`), ticked)
  },

  'link a missing-in-2A invoice to a candidate and re-run': async ({ page, shot }) => {
    await openRun(page)
    await tab(page, 'missing_in_2a')
    await page.getByTestId('recon-row').first().waitFor()
    await page.getByTestId('recon-rows').focus()
    await page.keyboard.press('Enter')
    await page.getByTestId('recon-candidates').waitFor()
    await shot('recon-missing-candidates')
    await page.getByTestId('recon-link').first().click()
    await page.waitForFunction(() => /re-run to pair them/.test(document.querySelector('[data-testid=recon-note]')?.textContent || ''))
    const runsBefore = await page.locator('[data-testid=recon-runs] option').count()
    await page.getByTestId('recon-rerun').click()
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid=recon-runs] option').length === n + 1, runsBefore, { timeout: 15000 })
    // The linked pair now shows as a manual link; the accepted suggestion is still accepted.
    const rows = await page.evaluate(async () => {
      const app = { ...window.go.main.Returns, ...window.go.main.Recon }
      const runs = await app.ReconRuns()
      return (await app.ReconRows(runs[0].id, '', '', 0, 5000)).rows
    })
    assert.ok(rows.some((r) => r.rule_id === 'manual_link'), 'a manually linked row after the re-run')
    assert.ok(rows.some((r) => r.action === 'accept'), 'the accepted row is still accepted')
  },

  'suppliers with risk and a supplier pack; export the rows': async ({ page, shot, app }) => {
    await openRun(page)
    await page.getByTestId('recon-tab-suppliers').click()
    await page.getByTestId('recon-supplier').first().waitFor()
    assert.match(await page.getByTestId('recon-suppliers').innerText(), /high/)
    await page.locator('[data-testid=recon-pack]:not([disabled])').first().click()
    await page.getByTestId('recon-export-path').waitFor()
    const saved = (await page.getByTestId('recon-export-path').innerText())
    assert.match(saved, /supplier-pack-\w{15}-.*\.xlsx$/)
    assert.ok(saved.startsWith(app.data), `${saved} is in the data folder ${app.data}`)
    assert.ok(existsSync(saved) && statSync(saved).size > 0, saved)
    // What to do with it next: open it, show its folder. (The window asks where to save first; the
    // runner sets GSTDESK_SAVE_DIALOG=exports, as no system dialog can be answered from the browser.)
    assert.match(await page.getByTestId('file-actions').innerText(), /^Open\s+Show in folder$/)
    await shot('recon-suppliers')

    await tab(page, 'mismatch')
    await page.getByTestId('recon-export-csv').click()
    await page.waitForFunction(() => /recon-2025-04-2025-06-mismatch-.*\.csv$/.test(document.querySelector('[data-testid=recon-export-path]')?.textContent || ''))
    const csv = (await page.getByTestId('recon-export-path').innerText())
    assert.ok(existsSync(csv), csv)
    assert.ok(path.basename(csv).startsWith('recon-'))
  },

  'supplier watch over three days': async ({ page, shot }) => {
    await openRun(page)
    await page.getByTestId('recon-tab-watch').click()
    // Dates are typed DD/MM/YYYY whatever the browser's locale: a US-style date is refused.
    await page.getByTestId('watch-from').fill('06/13/2025')
    assert.match(await page.getByTestId('watch-hint').innerText(), /DD\/MM\/YYYY/)
    assert.ok(await page.getByTestId('watch-run').isDisabled())
    await page.getByTestId('watch-from').fill('01/06/2025')
    await page.getByTestId('watch-to').fill('03/06/2025')
    assert.match(await page.getByTestId('watch-hint').innerText(), /^3 days of the changed list/)
    await page.getByTestId('watch-run').click()
    await page.getByTestId('watch-summary').waitFor({ timeout: 60000 })
    const line = await page.getByTestId('watch-summary').innerText()
    assert.match(line, /\d+ suppliers in \d+ states, \d+ day lists checked, 01\/06\/2025 to 03\/06\/2025/)
    await shot('recon-watch')
    // The dashboard keeps the last watch (from SQLite) and leads back to it.
    const changes = /(\d+) changes?/.exec(line)?.[1] ?? 'no supplier changed'
    await page.keyboard.press('Alt+1')
    const dash = page.getByTestId('dash-watch')
    await dash.waitFor()
    const text = await dash.innerText()
    assert.match(text, /01\/06\/2025 to 03\/06\/2025/)
    assert.ok(text.includes(changes === 'no supplier changed' ? 'No supplier changed' : `${changes} change`), text)
    await shot('dashboard-watch')
    await page.getByRole('link', { name: 'Open the supplier watch' }).click()
    await page.getByTestId('watch-run').waitFor()
  },
}
