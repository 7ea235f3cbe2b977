// GSTR-2A in the demo workspace: sign in with the simulator's OTP, pull months, review totals,
// suppliers and invoices (filter, line items, keyboard), export, pull again and compare pulls.
import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { comesIntoView, inView } from '../helpers.mjs'

const num = (s) => Number(s.replace(/[₹,\s▸▾]/g, '').replace(/^\((.*)\)$/, '-$1'))

async function open(page) {
  await page.getByTestId('nav-gstr2a').click()
  await page.getByTestId('g2-periods').waitFor()
}

/** Opens the screen on April 2025 alone (the screen opens on the latest month pulled). */
async function openApril(page) {
  await open(page)
  await page.getByTestId('chip-2025-04').waitFor()
  await page.getByTestId('chip-2025-04').click()
  await page.getByTestId('g2-summary').waitFor()
  await settled(page, '2025-04')
  assert.equal(await page.getByTestId('g2-selected').innerText(), 'Chosen: Apr 2025')
}

/** Waits until the summary and the invoice table have loaded what is chosen (periods: the chosen
 * months, "2025-04,2025-05"; a panel that has not begun loading a new choice still shows the old). */
async function settled(page, periods) {
  await page.waitForFunction((want) => ['g2-summary', 'g2-invoices'].every((id) => {
    const el = document.querySelector(`[data-testid=${id}]`)
    return el?.getAttribute('aria-busy') === 'false' && (!want || el.getAttribute('data-shown') === want)
  }), periods)
}

async function pullAndWait(page, periods) {
  await page.getByTestId('g2-pull').click()
  for (const p of periods) await page.getByTestId('pull-result-' + p).waitFor({ timeout: 60000 })
}

export const tests = {
  'empty state teaches; sign in with the demo OTP': async ({ page, shot }) => {
    await open(page)
    assert.match(await page.getByTestId('g2-empty').innerText(), /Sign in and pull a month to see its invoices/)
    assert.match(await page.getByTestId('g2-session-line').innerText(), /Not signed in/)
    await shot('gstr2a-empty')
    await page.getByTestId('g2-signin-open').click()
    assert.equal(await page.getByTestId('g2-gstin').inputValue(), '27AAPFU0939F1ZV')
    await page.getByTestId('g2-username').fill('demo')
    await page.getByTestId('g2-send-otp').click()
    await page.getByTestId('g2-otp').waitFor()
    assert.match(await page.getByTestId('g2-demo-otp').innerText(), /Demo: the OTP is 575757/)
    await page.getByTestId('g2-otp').fill('123456')
    await page.getByTestId('g2-verify').click()
    await page.getByTestId('error-banner').waitFor({ timeout: 5000 })
    assert.match(await page.getByTestId('error-message').innerText(), /OTP/i)
    await shot('gstr2a-wrong-otp')
    await page.getByTestId('g2-otp').fill('575757')
    await page.getByTestId('g2-otp').press('Enter')
    await page.getByTestId('g2-signout').waitFor()
    assert.match(await page.getByTestId('g2-session-line').innerText(), /^Signed in as demo until \d\d:\d\d$/)
    assert.equal(await page.getByTestId('g2-session-state').innerText(), 'signed in')
    assert.match(await page.getByTestId('g2-empty').innerText(), /Pull a month to see its invoices/)
    await shot('gstr2a-signed-in')
  },

  'pull two months (shift-click range), results per month, summary and suppliers': async ({ page, shot }) => {
    await open(page)
    // The session survives a reload (kept by the backend).
    await page.getByTestId('g2-signout').waitFor()
    await page.getByTestId('g2-fy').selectOption('2025')
    await page.getByTestId('chip-2025-04').click()
    await page.getByTestId('chip-2025-05').click({ modifiers: ['Shift'] })
    assert.match(await page.getByTestId('g2-selected').innerText(), /Apr 2025 – May 2025/)
    await pullAndWait(page, ['2025-04', '2025-05'])
    for (const p of ['2025-04', '2025-05']) {
      assert.match(await page.getByTestId('pull-result-' + p).innerText(), /pulled [\d,]+ invoices? from [\d,]+ suppliers?/)
      assert.equal(await page.getByTestId('chip-' + p).getAttribute('data-pulled'), 'yes')
    }
    await page.getByTestId('g2-summary').waitFor()
    await shot('gstr2a-pulled-two')

    // The status bar counts the pull's calls as soon as it ends.
    await page.waitForFunction(() => /^[1-9][\d,]* (API|simulated) calls? today/.test(document.querySelector('[data-testid=calls-today]')?.textContent ?? ''))
    // The jobs panel (status bar, Ctrl+J) lists the pull as done; Esc closes it.
    await page.getByTestId('jobs-button').waitFor()
    await page.keyboard.press('Control+j')
    const job = page.getByTestId('jobs-row').filter({ hasText: 'GSTR-2A pull' }).first()
    await job.waitFor()
    assert.equal(await job.getAttribute('data-state'), 'done')
    assert.match(await job.innerText(), /2 of 2/)
    // It says what the pull did, month by month.
    assert.match(await job.getByTestId('jobs-summary').innerText(), /^[A-Z][a-z]{2} 2025: [\d,]+ invoices; [A-Z][a-z]{2} 2025: [\d,]+ invoices$/)
    await shot('jobs-panel')
    await page.keyboard.press('Escape')
    await page.getByTestId('jobs-panel').waitFor({ state: 'detached' })

    // Review April alone.
    await page.getByTestId('chip-2025-04').click()
    await settled(page)
    const invoices = num(await page.getByTestId('sum-invoices').innerText())
    assert.ok(invoices > 0, `invoices ${invoices}`)
    // Cards show whole rupees; the exact amount (paise) is on hover.
    const exact = async (id) => num(await page.getByTestId(id).getAttribute('title'))
    const tax = await exact('sum-tax')
    assert.equal(await page.getByTestId('sum-tax').innerText(), '₹' + Math.round(tax).toLocaleString('en-IN'))
    let sum = 0
    for (const id of ['sum-igst', 'sum-cgst', 'sum-sgst', 'sum-cess']) sum += await exact(id)
    assert.ok(Math.abs(sum - tax) < 0.005, `IGST+CGST+SGST+cess ${sum} != total ${tax}`)
    // The invoice table's pinned totals agree with the cards.
    await page.getByTestId('g2-invoice-totals').waitFor()
    assert.ok(Math.abs(num(await page.getByTestId('g2-total-tax').innerText()) - tax) < 0.005)
    assert.match(await page.getByTestId('g2-pager-info').innerText(), new RegExp(`of ${invoices.toLocaleString('en-IN')}$`))
    const suppliers = await page.getByTestId('supplier-row').count()
    assert.ok(suppliers > 0)
    assert.ok((await page.getByTestId('g2-rates').locator('tbody tr').count()) > 0)
    assert.ok((await page.getByTestId('g2-chart').locator('[role=listitem]').count()) > 0)
    await shot('gstr2a-summary')
  },

  'drill down: a supplier’s invoices, keyboard, line items; export CSV': async ({ page, shot, app }) => {
    await openApril(page)
    await page.getByTestId('g2-invoice-totals').waitFor()
    const total = num((await page.getByTestId('g2-pager-info').innerText()).replace(/.* of /, ''))
    const first = page.getByTestId('supplier-row').first()
    const gstin = (await first.locator('td').first().innerText()).trim()
    const supplierInvoices = num(await first.locator('td').nth(2).innerText())
    await first.locator('button').first().click()
    assert.equal(await page.getByTestId('g2-filter-supplier').inputValue(), gstin)
    await page.waitForFunction((n) => document.querySelector('[data-testid=g2-pager-info]')?.textContent?.includes(`filtered from`), total)
    const info = await page.getByTestId('g2-pager-info').innerText()
    assert.match(info, new RegExp(`of ${supplierInvoices.toLocaleString('en-IN')} \\(filtered from ${total.toLocaleString('en-IN')}\\)`))
    // The supplier cell: the name (once looked up) over the GSTIN.
    const gstins = await page.getByTestId('invoice-row').locator('td:nth-child(2) .who-gstin').allInnerTexts()
    assert.ok(gstins.length > 0 && gstins.length <= supplierInvoices, `${gstins.length} rows`)
    assert.ok(gstins.every((g) => g.trim() === gstin), 'every row is the supplier’s')

    // Keyboard: the table has focus after the drill-down; move down and open the line items.
    await page.getByTestId('g2-invoice-table').focus()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await page.getByTestId('g2-items').waitFor()
    // The row opens at once; its items arrive from the database a moment later.
    await page.getByTestId('g2-items').locator('table.inner tbody tr').first().waitFor()
    const itemRows = await page.getByTestId('g2-items').locator('tbody tr').count()
    const expected = num(await page.locator('tr.sel [data-testid=items-toggle]').innerText())
    assert.equal(itemRows, expected)
    await shot('gstr2a-items')
    await page.keyboard.press('Escape')
    assert.equal(await page.getByTestId('g2-items').count(), 0)

    // '/' focuses the filter.
    await page.getByTestId('g2-invoice-table').focus()
    await page.keyboard.press('/')
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'g2-filter-supplier')

    // Export the filtered view as CSV: one line per invoice of the supplier.
    await page.getByTestId('g2-export-csv').click()
    const p = (await page.getByTestId('g2-export-path').innerText()).trim()
    assert.ok(p.endsWith('.csv'), p)
    assert.ok(path.resolve(p).startsWith(path.resolve(app.data)), `${p} is not in ${app.data}`)
    assert.ok(existsSync(p), `${p} does not exist`)
    const lines = readFileSync(p, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/)
    assert.equal(lines.length, supplierInvoices + 1)
    assert.ok(lines.slice(1).every((l) => l.includes(gstin)))
    // And at line-item level as Excel.
    await page.getByTestId('g2-export-level').selectOption('item')
    await page.getByTestId('g2-export-xlsx').click()
    await page.waitForFunction(() => document.querySelector('[data-testid=g2-export-path]')?.textContent?.endsWith('.xlsx'))
    assert.ok(existsSync((await page.getByTestId('g2-export-path').innerText()).trim()))
    await shot('gstr2a-exported')
  },

  'the invoices scroll as one list: keys move the selection and keep it in view; line items open in place': async ({ page, shot }) => {
    // Both months pulled: the longest list here.
    await openApril(page)
    await page.getByTestId('chip-2025-05').click({ modifiers: ['Shift'] })
    await settled(page, '2025-04,2025-05')
    await page.getByTestId('g2-invoice-totals').waitFor()
    const total = num((await page.getByTestId('g2-pager-info').innerText()).replace(/.* of /, ''))
    assert.ok(total > 40, `${total} invoices`)
    assert.equal(await page.getByTestId('g2-prev').count(), 0, 'no pages')
    // Only the rows in view and a few either side are in the page.
    const inPage = await page.getByTestId('invoice-row').count()
    assert.ok(inPage < Math.min(total, 60), `${inPage} rows in the page of ${total}`)
    const table = page.getByTestId('g2-invoice-table')
    const selectedNo = async () => num(await table.locator('tr.sel td').first().innerText())
    await table.focus()
    await page.keyboard.press('End')
    assert.equal(await selectedNo(), total)
    assert.ok(await inView(page, 'g2-invoice-table', 'tr.sel'), 'the last row is above the pinned total')
    assert.match(await page.getByTestId('g2-pager-info').innerText(), new RegExp(`–${total.toLocaleString('en-IN')} of`))
    // The last row's line items open under it and stay in view.
    await page.keyboard.press('Enter')
    await page.getByTestId('g2-items').locator('table.inner tbody tr').first().waitFor()
    assert.ok(await comesIntoView(page, 'g2-invoice-table', '[data-testid=g2-items]'), 'the line items are in view')
    await shot('gstr2a-items-last')
    await page.keyboard.press('Escape')
    await page.keyboard.press('PageUp')
    const up = await selectedNo()
    assert.ok(up < total - 5, `PgUp went to ${up}`)
    assert.ok(await inView(page, 'g2-invoice-table', 'tr.sel'))
    await page.keyboard.press('Home')
    assert.equal(await selectedNo(), 1)
    assert.ok(await inView(page, 'g2-invoice-table', 'tr.sel'), 'the first row is under the sticky header')
    await page.keyboard.press('ArrowDown')
    assert.equal(await selectedNo(), 2)
  },

  'pull again, then a filtered pull; compare pulls': async ({ page, shot }) => {
    await openApril(page)
    await pullAndWait(page, ['2025-04'])
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=snapshot-row]').length === 2)
    await page.getByTestId('g2-compare').click()
    await page.getByTestId('g2-diff').waitFor()
    const head = await page.getByTestId('g2-diff-headline').innerText()
    assert.match(head, /0 added/)
    assert.match(head, /0 removed/)
    assert.match(head, /0 amended/)
    await page.getByTestId('g2-diff-same').waitFor()
    await shot('gstr2a-diff-same')

    // A pull of one supplier only: the button says so, the filter is gone after it, and the
    // comparison with the full pull covers that supplier only (nobody else is "removed").
    const first = page.getByTestId('supplier-row').first()
    const gstin = (await first.locator('td').first().innerText()).trim()
    const theirs = num(await first.locator('td').nth(2).innerText())
    const all = num(await page.getByTestId('sum-invoices').innerText())
    await page.getByRole('button', { name: /Pull filters/ }).click()
    await page.getByTestId('g2-pull-supplier').fill(gstin)
    assert.match(await page.getByTestId('g2-pull').innerText(), new RegExp(`for ${gstin} only`))
    await page.getByTestId('g2-pull').click()
    await page.getByTestId('pull-result-2025-04').filter({ hasText: 'from 1 supplier' }).waitFor({ timeout: 60000 })
    assert.match(await page.getByTestId('pull-result-2025-04').innerText(), new RegExp(`pulled ${theirs} invoices? from 1 supplier`))
    assert.doesNotMatch(await page.getByTestId('g2-pull').innerText(), /only/)
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=snapshot-row]').length === 3)
    assert.match(await page.getByTestId('g2-snapshots').innerText(), new RegExp(`supplier ${gstin}`))
    // Pull history shows the date and the time of each pull.
    assert.match(await page.getByTestId('g2-snapshots').innerText(), /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/)
    // The full pull still stands for the month.
    assert.equal(num(await page.getByTestId('sum-invoices').innerText()), all)
    // The default pair: the newest (one-supplier) pull against the newest full one.
    await page.waitForFunction(() => {
      const rows = [...document.querySelectorAll('[data-testid=snapshot-row]')]
      const t = document.querySelector('[data-testid=g2-snapshots]')
      return rows.length === 3 && t?.getAttribute('data-pair') && rows[0].querySelector('input[name=g2-to]')?.checked && rows[1].querySelector('input[name=g2-from]')?.checked
    })
    await page.getByTestId('g2-compare').click()
    // The first comparison's result is still on screen until the new one arrives.
    await page.getByTestId('g2-diff-scope').filter({ hasText: `supplier ${gstin} only` }).waitFor()
    const head2 = await page.getByTestId('g2-diff-headline').innerText()
    assert.match(head2, /0 removed/)
    assert.match(head2, new RegExp(`${theirs.toLocaleString('en-IN')} unchanged`))
    assert.match(await page.getByTestId('g2-diff-scope').innerText(), new RegExp(`Compared supplier ${gstin} only`))
    await page.getByTestId('g2-diff').scrollIntoViewIfNeeded()
    await shot('gstr2a-diff')
  },

  'look up supplier names in one click; filter invoices by name': async ({ page, shot }) => {
    await openApril(page)
    await page.getByTestId('g2-lookup-names').click()
    await page.waitForFunction(() => !document.querySelector('[data-testid=g2-lookup-names]') && !document.querySelector('[data-testid=g2-suppliers] [data-testid=job-progress]'), null, { timeout: 60000 })
    await settled(page)
    const names = await page.getByTestId('supplier-row').locator('td:nth-child(2)').allInnerTexts()
    assert.ok(names.length > 0 && names.every((n) => n.trim() && n.trim() !== '—'), names.join('|'))
    // The invoice table now shows the names too, and its supplier filter matches by name.
    const name = names[0].trim()
    await page.getByTestId('g2-filter-supplier').fill(name.split(/\s+/)[0].toLowerCase())
    await page.waitForFunction(() => document.querySelector('[data-testid=g2-pager-info]')?.textContent?.includes('filtered from'))
    await settled(page)
    const shown = await page.getByTestId('invoice-row').locator('td:nth-child(2) .who-name').allInnerTexts()
    assert.ok(shown.length > 0 && shown.every((n) => n.toLowerCase().includes(name.split(/\s+/)[0].toLowerCase())), shown.join('|'))
    await shot('gstr2a-named')
  },

  'Ctrl+K finds a supplier and shows its invoices': async ({ page, shot }) => {
    await openApril(page)
    const gstin = (await page.getByTestId('supplier-row').first().locator('td').first().innerText()).trim()
    await page.getByTestId('nav-dashboard').click()
    await page.keyboard.press('Control+k')
    await page.getByTestId('palette-input').fill(gstin.slice(2, 12).toLowerCase())
    const hit = page.getByTestId('palette-hit').filter({ hasText: gstin })
    await hit.waitFor()
    assert.match(await hit.innerText(), /SUPPLIER[\s\S]*invoices in GSTR-2A/i)
    await page.keyboard.press('Enter')
    await page.getByTestId('g2-filter-supplier').waitFor()
    assert.equal(await page.getByTestId('g2-filter-supplier').inputValue(), gstin)
    await page.waitForFunction(() => document.querySelector('[data-testid=g2-pager-info]')?.textContent?.includes('filtered from'))
    await settled(page)
    const shown = await page.getByTestId('invoice-row').locator('td:nth-child(2) .who-gstin').allInnerTexts()
    assert.ok(shown.length > 0 && shown.every((g) => g.trim() === gstin), shown.join('|'))
    await shot('gstr2a-palette-supplier')
  },
}
