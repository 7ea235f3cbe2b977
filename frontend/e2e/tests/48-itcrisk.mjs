// The ITC calendar and the supplier scorecard in the demo workspace: GSTR-2A of the year up to the
// IMS month pulled, that month's GSTR-2B pulled and IMS read (through the bound methods, as the
// screens call them); on the screen, the sample register of the year (it carries payment dates).
// Each rule's total equals the sum of its items on screen, and the figures are the ones the
// service gives for the same year and register (asked, never written here); the scorecard sorts,
// a row tells its points, and the chaser pack writes non-empty Excel files.
import assert from 'node:assert/strict'
import { openSync, readSync, closeSync, statSync } from 'node:fs'
import { fyOf, monthFromNow, num, signIn } from '../gst.mjs'

const p = monthFromNow(-1) // the month IMS is open for, whose 2B the demo has
const fy = fyOf(p)
const fyLabel = `FY ${fy}-${String((fy + 1) % 100).padStart(2, '0')}`
const pad = (n) => String(n).padStart(2, '0')
/** Rupees (as the bridge sends every amount) in paise, as the screen's data-paise holds them. */
const paise = (r) => Math.round(r * 100)
/** The year's months from April up to the IMS month. */
function months() {
  const out = []
  for (let y = fy, m = 4; `${y}-${pad(m)}` <= p; m === 12 ? ((y += 1), (m = 1)) : (m += 1)) out.push(`${y}-${pad(m)}`)
  return out
}

/** What the service gives for the year with the screen's register: the sample of the year is the same file for the same day, so the same token. */
async function backend(page) {
  return page.evaluate(async ([fyLabel, from, to]) => {
    const m = window.go.main
    const im = await m.Recon.ReconSampleRegister(from, to)
    return { cal: await m.Recon.ITCRisk(fyLabel, im.token, 0), sc: await m.Recon.Scorecard(fyLabel, im.token), token: im.token }
  }, [fyLabel, `${fy}-04`, `${fy + 1}-03`])
}

/** Opens the ITC calendar on the year with the sample register. */
async function openCalendar(page) {
  await page.getByTestId('nav-itcrisk').click()
  await page.getByTestId('risk-fy').selectOption(String(fy))
  await page.getByTestId('risk-sample').click()
  await page.waitForFunction(() => /with payment dates/.test(document.querySelector('[data-testid=risk-register-words]')?.textContent ?? ''))
  await page.waitForFunction(() => document.querySelector('[data-testid=risk-screen]')?.getAttribute('data-loading') === 'no' &&
    document.querySelector('[data-testid=risk-rule][data-rule=rule_37]')?.getAttribute('data-checked') === 'yes')
  await page.getByTestId('risk-table').waitFor()
}

/**
 * Every row of the calendar's list, scrolling it from the top to the bottom (only the rows in view
 * are drawn): its items, by their place among the items shown, and its months' headers, in order.
 */
async function listed(page) {
  return page.getByTestId('risk-table').evaluate(async (t) => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
    const items = new Map()
    const months = new Map()
    t.scrollTop = 0
    await frame()
    for (let k = 0; k < 10000; k++) {
      for (const r of t.querySelectorAll('tr[data-testid=risk-item]')) {
        items.set(Number(r.dataset.n), { n: Number(r.dataset.n), rule: r.dataset.rule, status: r.dataset.status, paise: Number(r.dataset.paise), number: r.dataset.number,
          date: r.children[0].textContent, badge: r.querySelector('[data-testid=risk-item-status]').textContent })
      }
      for (const r of t.querySelectorAll('tr[data-testid=risk-month]')) months.set(Number(r.dataset.i), r.dataset.month)
      if (t.scrollTop + t.clientHeight >= t.scrollHeight - 1) break
      t.scrollTop += t.clientHeight / 2
      await frame()
    }
    t.scrollTop = 0
    await frame()
    return { items: [...items.values()].sort((a, b) => a.n - b.n), months: [...months.entries()].sort((a, b) => a[0] - b[0]).map((x) => x[1]) }
  })
}

/** Whether the row at the cursor is in the table's view (under its sticky header). */
const cursorInView = (page) => page.getByTestId('risk-table').evaluate((t) => {
  const r = t.querySelector('tr.vt-row.sel')
  if (!r) return false
  const a = t.getBoundingClientRect(), b = r.getBoundingClientRect(), h = t.querySelector('thead').getBoundingClientRect().height
  return b.top >= a.top + h - 1 && b.bottom <= a.bottom + 1
})

const isXlsx = (path) => {
  const fd = openSync(path, 'r')
  const b = Buffer.alloc(2)
  readSync(fd, b, 0, 2, 0)
  closeSync(fd)
  return b.toString() === 'PK' && statSync(path).size > 1000
}

export const tests = {
  'the year: GSTR-2A pulled, GSTR-2B of the IMS month pulled, IMS read': async ({ page }) => {
    await page.getByTestId('nav-gstr2b').click()
    await signIn(page)
    const got = await page.evaluate(async ([ms, p]) => {
      const m = window.go.main
      const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
      const wait = async (get) => { for (let i = 0; i < 600; i++) { try { return await get() } catch { await sleep(150) } } throw new Error('job did not finish') }
      const a = await m.Returns.StartPull({ gstin: '', periods: ms, supplier: '', from: '' })
      await wait(() => m.Returns.PullResults(a))
      const b = await m.Returns.StartPullGSTR2B([p])
      const res = await wait(() => m.Returns.PullGSTR2BResults(b))
      const ims = await m.Returns.IMSRefresh()
      return { twoB: res.map((r) => r.status), ims: ims.rows.length }
    }, [months(), p])
    assert.deepEqual(got.twoB, ['pulled'])
    assert.ok(got.ims > 0)
  },

  'the calendar: each rule’s total is the sum of its items, and the service’s figures': async ({ page, shot }) => {
    await openCalendar(page)
    const want = await backend(page)
    assert.equal(want.cal.fy_label, fyLabel)
    // The register was read: the books' rules are checked, and the sample's unpaid invoices are under Rule 37.
    const rules = await page.getByTestId('risk-rule').evaluateAll((rs) => rs.map((r) => ({
      rule: r.dataset.rule, checked: r.dataset.checked === 'yes',
      count: Number(r.querySelector('[data-testid=risk-rule-count]')?.textContent.replace(/,/g, '') ?? 0),
      at_risk: Number(r.querySelector('[data-testid=risk-rule-atrisk]')?.dataset.paise ?? 0),
      reclaim: Number(r.querySelector('[data-testid=risk-rule-reclaim]')?.dataset.paise ?? 0),
      atRiskText: r.querySelector('[data-testid=risk-rule-atrisk]')?.textContent ?? '',
    })))
    assert.deepEqual(rules.map((r) => r.rule), want.cal.rules.map((r) => r.rule))
    const all = await listed(page)
    const items = all.items
    assert.equal(items.length, want.cal.count, 'every item is listed')
    assert.deepEqual(items.map((x) => x.n), items.map((_, i) => i), 'one list, every item once')
    assert.deepEqual(items.map((x) => x.number), want.cal.months.flatMap((g) => g.items.map((it) => it.document_number)), 'in the calendar’s order')
    for (const [i, r] of rules.entries()) {
      const w = want.cal.rules[i]
      assert.equal(r.checked, w.checked, r.rule)
      if (!r.checked) continue
      // On screen: the total is the sum of the items under it (at risk and take back apart).
      const mine = items.filter((x) => x.rule === r.rule)
      assert.equal(r.count, mine.length, `${r.rule}: count`)
      assert.equal(r.at_risk, mine.filter((x) => x.status !== 'reclaim').reduce((n, x) => n + x.paise, 0), `${r.rule}: at risk`)
      assert.equal(r.reclaim, mine.filter((x) => x.status === 'reclaim').reduce((n, x) => n + x.paise, 0), `${r.rule}: to take back`)
      // And it is the service's figure, written in rupees with lakh grouping.
      assert.deepEqual([r.count, r.at_risk, r.reclaim], [w.count, paise(w.at_risk), paise(w.reclaim)], `${r.rule}: the service's totals`)
      if (r.at_risk) assert.equal(num(r.atRiskText), w.at_risk)
    }
    const r37 = rules.find((r) => r.rule === 'rule_37')
    assert.ok(r37.checked && r37.count > 0, 'the sample register has unpaid invoices under Rule 37')
    assert.equal(num(await page.getByTestId('risk-total-atrisk').innerText()), want.cal.at_risk)
    // Each month's items are its own, in date order; dates DD/MM/YYYY, statuses in words.
    assert.ok(items.every((x) => /^\d\d\/\d\d\/\d{4}/.test(x.date)))
    assert.ok(items.every((x) => ['Overdue', 'Due now', 'Upcoming', 'Take back'].includes(x.badge)), [...new Set(items.map((x) => x.badge))].join(', '))
    assert.deepEqual(all.months, want.cal.months.map((g) => g.month), 'each month a header row of its own, in order')
    // One list, of which only the rows in view are drawn.
    const drawn = await page.locator('[data-testid=risk-table] tr.vt-row').count()
    if (items.length + all.months.length > 60) assert.ok(drawn < items.length + all.months.length, `${drawn} rows drawn`)
    // The notes say what could not be checked, as the service wrote them.
    assert.deepEqual(await page.getByTestId('risk-note').allInnerTexts(), want.cal.notes)
    await shot('calendar')

    // The keyboard: arrows move among the items (never onto a month's header), PgDn PgUp the first
    // item of the month after/before, Home End, each keeping the cursor in view; Enter tells the
    // row's details; a rule's name filters, Esc clears.
    const cur = () => page.locator('[data-testid=risk-table] tr.vt-row.sel').getAttribute('data-n').then(Number)
    const firsts = [] // the first item of each month with items
    want.cal.months.reduce((n, g) => { if (g.items.length) firsts.push(n); return n + g.items.length }, 0)
    await page.getByTestId('risk-table').focus()
    assert.equal(await cur(), 0)
    await page.keyboard.press('ArrowDown')
    assert.equal(await cur(), 1)
    assert.equal(await page.locator('[data-testid=risk-table] tr.vt-row.sel').getAttribute('data-number'), items[1].number)
    await page.keyboard.press('End')
    assert.equal(await cur(), items.length - 1)
    assert.ok(await cursorInView(page), 'End: the last item in view')
    await page.keyboard.press('Home')
    assert.equal(await cur(), 0)
    assert.ok(await cursorInView(page), 'Home: the first item in view')
    if (firsts.length > 1) {
      await page.keyboard.press('PageDown')
      assert.equal(await cur(), firsts[1], 'PgDn: the month after')
      assert.ok(await cursorInView(page), 'PgDn: in view')
      await page.keyboard.press('ArrowDown')
      await page.keyboard.press('PageUp')
      assert.equal(await cur(), firsts[0], 'PgUp: the month before')
    }
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    assert.match(await page.getByTestId('risk-detail').innerText(), /(Invoice|Debit note) of \w{3} \d{4}/)
    await page.locator('[data-testid=risk-rule][data-rule=rule_37] button').click()
    const only37 = (await listed(page)).items
    assert.equal(only37.length, r37.count)
    assert.ok(only37.every((x) => x.rule === 'rule_37'))
    if (r37.count < items.length) assert.match(await page.getByTestId('risk-rows-info').innerText(), new RegExp(`of ${r37.count.toLocaleString('en-IN')} \\(filtered from ${items.length.toLocaleString('en-IN')}\\)`))
    await page.getByTestId('risk-table').focus()
    await page.keyboard.press('Escape')
    assert.equal((await listed(page)).items.length, want.cal.count)
    await page.keyboard.press('/')
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'risk-search')

    // The export: the whole year, to the exports folder, with Open and Show in folder.
    await page.getByTestId('risk-export-xlsx').click()
    const path = await page.getByTestId('risk-export-path').innerText()
    assert.match(path, new RegExp(`itc-at-risk-${fy}-\\d\\d.*\\.xlsx$`))
    assert.ok(isXlsx(path))
    await page.getByTestId('file-open').waitFor()
  },

  'the scorecard sorts, tells each supplier’s points, and writes the chaser pack': async ({ page, shot }) => {
    await openCalendar(page)
    const want = await backend(page)
    await page.getByTestId('risk-tab-scorecard').click()
    await page.getByTestId('risk-sc-row').first().waitFor()
    const scores = () => page.getByTestId('risk-sc-row').evaluateAll((rs) => rs.map((r) => [r.dataset.gstin, Number(r.dataset.score)]))
    // Worst first, as the service orders it; every supplier there.
    assert.deepEqual((await scores()).map((x) => x[1]), want.sc.rows.map((r) => r.score))
    assert.deepEqual(new Set((await scores()).map((x) => x[0])), new Set(want.sc.rows.map((r) => r.supplier_gstin)))
    await page.getByTestId('risk-sort-score').click()
    const best = (await scores()).map((x) => x[1])
    assert.deepEqual(best, [...best].sort((a, b) => b - a), 'best first')
    await page.getByTestId('risk-sort-score').click()
    const worst = (await scores()).map((x) => x[1])
    assert.deepEqual(worst, [...worst].sort((a, b) => a - b), 'worst first')
    // By the tax missing in 2B, largest first.
    await page.getByTestId('risk-sort-missing').click()
    const tax = new Map(want.sc.rows.map((r) => [r.supplier_gstin, r.missing_tax]))
    const missing = (await scores()).map((x) => tax.get(x[0]))
    assert.deepEqual(missing, [...missing].sort((a, b) => b - a))
    assert.match(await page.getByTestId('risk-sort-missing').innerText(), /▼$/)

    // A row: the points taken off add up to its score.
    await page.getByTestId('risk-sort-score').click()
    const first = page.getByTestId('risk-sc-row').first()
    const g = await first.getAttribute('data-gstin')
    const row = want.sc.rows.find((r) => r.supplier_gstin === g)
    await first.click()
    const detail = page.getByTestId('risk-sc-detail')
    await detail.waitFor()
    assert.equal(await page.getByTestId('risk-penalty').count(), row.penalties.length)
    const off = row.penalties.reduce((n, x) => n + x.points, 0)
    assert.equal(Math.max(0, Math.round(100 - off)), row.score)
    if (row.penalties.length) assert.match(await page.getByTestId('risk-penalty').first().innerText(), new RegExp(`^− ${row.penalties[0].points}\\s+${row.penalties[0].what}`))
    await page.getByTestId('risk-formula-toggle').click()
    assert.equal(await page.getByTestId('risk-formula').innerText(), want.sc.formula)
    await shot('scorecard')

    // The chaser pack: one non-empty workbook per supplier to chase, in a new folder of the exports folder.
    await page.getByTestId('risk-chaser').click()
    await page.getByTestId('risk-pack').waitFor({ timeout: 30000 })
    const files = await page.getByTestId('risk-pack-file').evaluateAll((fs) => fs.map((f) => f.dataset.path))
    const expected = want.sc.rows.filter((r) => r.missing_in_2b || r.mismatches || r.unfiled_3b || r.late).length
    assert.ok(files.length > 0)
    assert.equal(files.length, expected)
    const dir = await page.getByTestId('risk-pack-dir').innerText()
    assert.match(dir, /exports[\\/]chasers-\d{4}-\d\d-\d{8}-\d{6}$/)
    for (const f of files) {
      assert.ok(f.startsWith(dir) && f.endsWith('.xlsx'), f)
      assert.ok(isXlsx(f), `${f} is a non-empty workbook`)
    }
    assert.match(await page.getByTestId('risk-pack').locator('[data-testid=file-open]').first().innerText(), /^Open folder$/)
    await shot('chaser-pack')
  },
}
