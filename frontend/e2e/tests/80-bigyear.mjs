// A large client's year: 12 months of GSTR-2A with about 12 lakh invoices, built by the simulator
// inside the dev binary at startup (GSTDESK_DEV_SEED_2A, devseed_dev.go: the same bulk path a pull
// takes). At 1366x768, the invoice table of the whole year reaches its last row with End (a
// browser will not make an element that tall: the table scrolls a scaled space), the totals stay
// pinned under it, nothing scrolls sideways, Enter opens the last row's line items and Home comes
// back to the first. The screen's crore-size amounts are shot in light and dark.
import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { num } from '../gst.mjs'
import { comesIntoView, sideways } from '../helpers.mjs'

const FY = 2022
const N = 1200000
export const env = { GSTDESK_DEV_SEED_2A: `${FY}:${N}` }

/** Waits for the dev binary's seeding to finish (it writes dev-seed.json in the data folder). */
async function seeded(app) {
  const file = path.join(app.data, 'dev-seed.json')
  for (let i = 0; i < 1800 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 100))
  assert.ok(existsSync(file), 'the dev seeding did not finish within 3 minutes')
  const s = JSON.parse(readFileSync(file, 'utf8'))
  assert.ok(!s.error, s.error)
  console.log(`  seeded ${s.invoices} invoices in ${s.ms} ms`)
  return s
}

/** The whole year chosen on the GSTR-2A screen, its invoice table loaded. */
async function openYear(page) {
  await page.getByTestId('nav-gstr2a').click()
  await page.getByTestId('g2-periods').waitFor()
  await page.getByTestId('g2-fy').selectOption(String(FY))
  await page.getByTestId(`chip-${FY}-04`).click()
  await page.getByTestId(`chip-${FY + 1}-03`).click({ modifiers: ['Shift'] })
  const want = Array.from({ length: 12 }, (_, k) => { const m = 4 + k; return m > 12 ? `${FY + 1}-${String(m - 12).padStart(2, '0')}` : `${FY}-${String(m).padStart(2, '0')}` }).join(',')
  await page.waitForFunction((want) => ['g2-summary', 'g2-invoices'].every((id) => {
    const el = document.querySelector(`[data-testid=${id}]`)
    return el?.getAttribute('aria-busy') === 'false' && el.getAttribute('data-shown') === want
  }), want, { timeout: 120000 })
  await page.getByTestId('invoice-row').first().waitFor({ timeout: 60000 })
}

/** The "#" of the last row drawn that is wholly in view. */
async function lastInView(page) {
  return page.getByTestId('g2-invoice-table').evaluate((box) => {
    const b = box.getBoundingClientRect()
    const foot = box.querySelector('tfoot')?.getBoundingClientRect()
    const bottom = foot ? Math.min(b.bottom, foot.top) : b.bottom
    let last = -1
    for (const tr of box.querySelectorAll('tr[data-testid=invoice-row]')) {
      const r = tr.getBoundingClientRect()
      if (r.top >= b.top - 1 && r.bottom <= bottom + 1) last = Math.max(last, Number(tr.dataset.i))
    }
    return last
  })
}

/** Where the table stands, for a failure's message. */
async function state(page, sel) {
  return page.getByTestId('g2-invoice-table').evaluate((box, sel) => {
    const r = box.querySelector(`[data-i="${sel}"]`)?.getBoundingClientRect()
    const h = box.querySelector('thead').getBoundingClientRect()
    const f = box.querySelector('tfoot')?.getBoundingClientRect()
    return JSON.stringify({ sel, row: r && [r.top, r.bottom], head: [h.top, h.bottom], foot: f && [f.top, f.bottom], scrollTop: box.scrollTop, scrollHeight: box.scrollHeight,
      clientHeight: box.clientHeight, view: box.dataset.view, first: box.dataset.first, last: box.dataset.last, selected: box.querySelector('[aria-selected=true]')?.dataset.i })
  }, sel)
}

/** Rows drawn that overlap one another (each row's top is the one above's bottom). */
async function overlaps(page) {
  return page.getByTestId('g2-invoice-table').evaluate((box) => {
    const rows = [...box.querySelectorAll('tbody > tr.vt-row, tbody > tr.vt-detail')].map((tr) => tr.getBoundingClientRect())
    let bad = 0
    for (let k = 1; k < rows.length; k++) if (Math.abs(rows[k].top - rows[k - 1].bottom) > 1) bad++
    return bad
  })
}

export const tests = {
  'a year of 12 lakh invoices: End reaches the last row, the total stays, Enter opens it (1366x768)': async ({ page, shot, app }) => {
    const s = await seeded(app)
    assert.ok(s.invoices > 1_000_000, `seeded ${s.invoices}`)
    await page.setViewportSize({ width: 1366, height: 768 })
    await page.reload()
    await page.locator('[data-testid=status-bar] .badge').first().waitFor({ timeout: 30000 })
    await openYear(page)
    const total = num((await page.getByTestId('g2-invoice-totals').innerText()).match(/Total of ([\d,]+) invoices/)[1])
    assert.equal(total, s.invoices)
    assert.match(await page.getByTestId('g2-pager-info').innerText(), new RegExp(`of ${total.toLocaleString('en-IN')}`))
    // The scroller is far shorter than the rows would be (a browser caps an element's height).
    const h = await page.getByTestId('g2-invoice-table').evaluate((b) => b.scrollHeight)
    assert.ok(h < 10_000_000, `scroll height ${h}`)
    await shot('bigyear-top')

    await page.getByTestId('invoice-row').first().click()
    await page.keyboard.press('End')
    await page.locator(`[data-testid=invoice-row][data-i="${total - 1}"]`).waitFor({ timeout: 60000 })
    assert.ok(await comesIntoView(page, 'g2-invoice-table', `[data-i="${total - 1}"]`), 'the last row is in view')
    assert.equal(await lastInView(page), total - 1)
    assert.equal(num(await page.locator(`[data-testid=invoice-row][data-i="${total - 1}"] td`).first().innerText()), total)
    assert.equal(await page.locator(`[data-testid=invoice-row][data-i="${total - 1}"]`).getAttribute('aria-selected'), 'true')
    assert.equal(await overlaps(page), 0)
    assert.ok(await page.getByTestId('g2-invoice-totals').isVisible(), 'the totals row shows')
    const foot = await page.getByTestId('g2-invoice-totals').boundingBox()
    const box = await page.getByTestId('g2-invoice-table').boundingBox()
    assert.ok(foot && box && foot.y + foot.height <= box.y + box.height + 1 && foot.y >= box.y, 'the totals row is inside the table')
    assert.ok(foot.y + foot.height <= 768 - 24, `the totals row is in the window (its bottom at ${foot.y + foot.height})`)
    assert.deepEqual(await sideways(page), [])
    await shot('bigyear-end')

    // Enter opens the last row's line items, under it and in view.
    await page.keyboard.press('Enter')
    await page.getByTestId('g2-items').locator('table.inner').waitFor({ timeout: 10000 })
    assert.ok(await comesIntoView(page, 'g2-invoice-table', '[data-testid=g2-items]'), 'the line items are in view')
    assert.equal(await overlaps(page), 0)
    assert.deepEqual(await sideways(page), [])
    await shot('bigyear-end-open')
    await page.keyboard.press('Escape')

    // PageUp moves a screenful up from the end, exactly; Home comes back to the first row.
    const before = await lastInView(page)
    await page.keyboard.press('PageUp')
    await page.waitForFunction(() => document.querySelector('[data-testid=invoice-row][aria-selected=true]')?.dataset.i !== undefined)
    const sel = Number(await page.locator('[data-testid=invoice-row][aria-selected=true]').getAttribute('data-i'))
    assert.ok(sel < before && sel > before - 30, `PageUp went to ${sel}`)
    assert.ok(await comesIntoView(page, 'g2-invoice-table', `[data-i="${sel}"]`), await state(page, sel))
    await page.keyboard.press('Home')
    await page.locator('[data-testid=invoice-row][data-i="0"]').waitFor({ timeout: 60000 })
    assert.ok(await comesIntoView(page, 'g2-invoice-table', '[data-i="0"]'), await state(page, 0))
    assert.equal(await page.getByTestId('g2-invoice-table').evaluate((b) => b.scrollTop), 0)

    // The scrollbar dragged to the bottom shows the last row too (the scaled space's end maps to it).
    await page.getByTestId('g2-invoice-table').evaluate((b) => { b.scrollTop = b.scrollHeight })
    await page.locator(`[data-testid=invoice-row][data-i="${total - 1}"]`).waitFor({ timeout: 60000 })
    assert.ok(await comesIntoView(page, 'g2-invoice-table', `[data-i="${total - 1}"]`), await state(page, total - 1))
    // The wheel moves rows, not a stretched scrollbar's pixels: three notches up are a few rows.
    await page.getByTestId('g2-invoice-table').hover()
    await page.mouse.wheel(0, -300)
    await page.waitForTimeout(300)
    const after = await lastInView(page)
    assert.ok(after < total - 1 && after > total - 30, `after the wheel, row ${after} is the last in view`)
    assert.equal(await overlaps(page), 0)
  },

  'crore-size amounts on the GSTR-2A screen fit 1366x768': async ({ page, shot, app }) => {
    await seeded(app)
    await page.setViewportSize({ width: 1366, height: 768 })
    await page.reload()
    await page.locator('[data-testid=status-bar] .badge').first().waitFor({ timeout: 30000 })
    await openYear(page)
    assert.deepEqual(await sideways(page), [])
    await shot('bigyear-gstr2a')
    await page.getByTestId('g2-summary').scrollIntoViewIfNeeded()
    await shot('bigyear-gstr2a-summary')
  },
  'the ITC calendar of the year counts every item, lists some, and its rules are never under its notes': async ({ page, shot, app }) => {
    await seeded(app)
    await page.setViewportSize({ width: 1366, height: 768 })
    await page.reload()
    await page.locator('[data-testid=status-bar] .badge').first().waitFor({ timeout: 30000 })
    await page.getByTestId('nav-itcrisk').click()
    await page.getByTestId('risk-fy').selectOption(String(FY))
    // The year takes a while to read: a job shows its progress (and can be cancelled) meanwhile.
    if (await page.getByTestId('risk-building').waitFor({ timeout: 30000 }).then(() => true, () => false)) await shot('bigyear-itc-building')
    await page.waitForFunction(() => document.querySelector('[data-testid=risk-screen]')?.getAttribute('data-loading') === 'no' &&
      document.querySelector('[data-testid=risk-table]'), null, { timeout: 400000 })
    // The year's count (the rules' table) is every item; the list holds fewer (at most 500 a month).
    const count = num(await page.getByTestId('risk-total').locator('td.num').first().innerText())
    const m = (await page.getByTestId('risk-listed').innerText()).match(/Showing ([\d,]+) of ([\d,]+) items/)
    assert.ok(m, await page.getByTestId('risk-listed').innerText())
    const listed = num(m[1])
    assert.equal(num(m[2]), count)
    assert.ok(listed < count, `${listed} listed of ${count}`)
    // The chips count every item of their status, not the items listed: together they are the year's count.
    assert.equal(num(await page.getByTestId('risk-status-all').locator('.cnt').innerText()), count)
    const chips = await page.locator('[data-testid^=risk-status-]:not([data-testid=risk-status-all])').evaluateAll((els) =>
      els.map((e) => [e.dataset.testid.replace('risk-status-', ''), Number(e.querySelector('.cnt').textContent.replace(/,/g, ''))]))
    assert.equal(chips.reduce((a, [, n]) => a + n, 0), count, JSON.stringify(chips))
    // One status chosen: "showing N of M", M its chip's count.
    const [st, n] = chips.sort((a, b) => b[1] - a[1])[0]
    await page.getByTestId('risk-status-' + st).click()
    assert.match(await page.getByTestId('risk-rows-info').innerText(), new RegExp(`showing [\\d,]+ of ${n.toLocaleString('en-IN')}`))
    await page.getByTestId('risk-status-all').click()
    // The rules' table and the notes never overlap; nothing scrolls sideways.
    const [t, nb] = await Promise.all([page.getByTestId('risk-totals').boundingBox(), page.getByTestId('risk-notes').boundingBox()])
    assert.ok(t.x + t.width <= nb.x + 1 || nb.y >= t.y + t.height - 1, `rules ${JSON.stringify(t)}, notes ${JSON.stringify(nb)}`)
    assert.deepEqual(await sideways(page), [])
    await shot('bigyear-itc-calendar')
  },

}
