// The reconciliation against GSTR-2B and IMS (three-way) in the demo workspace: the IMS month's
// GSTR-2A pulled and IMS read (through the bound methods, as the screens call them), its GSTR-2B
// imported as a portal file made of the IMS documents; then on the reconciliation screen: 2B is
// the default, every row carries a recommended IMS action and its reason, the accountant changes
// two (kept with the run on screen as they are made), previews what goes to IMS, applies it as a job
// and reads each row's result; preview and apply act on that run and save no other.
import assert from 'node:assert/strict'
import { fyOf, monthFromNow, signIn } from '../gst.mjs'
import { inView, chooseFile } from '../helpers.mjs'

const p = monthFromNow(-1) // the month IMS is open for
const rtnprd = p.slice(5) + p.slice(0, 4)

/** A GSTR-2B portal file holding the IMS documents of the month (the demo's 2B is made the same way). */
function portalFile(rows, gstin) {
  const rupees = (x) => Math.round(x * 100) / 100 // the bridge sends rupees with two decimals
  const amounts = (r) => ({ val: rupees(r.value), txval: rupees(r.taxable), igst: rupees(r.igst), cgst: rupees(r.cgst), sgst: rupees(r.sgst), cess: rupees(r.cess) })
  const by = (sec) => {
    const m = new Map()
    for (const r of rows.filter((x) => x.section === sec)) {
      if (!m.has(r.stin)) m.set(r.stin, { ctin: r.stin, trdnm: r.name ?? '', supfildt: `11-${p.slice(5)}-${p.slice(0, 4)}`, supprd: r.rtnprd, docs: [] })
      m.get(r.stin).docs.push(r)
    }
    return [...m.values()]
  }
  const b2b = by('b2b').map((s) => ({ ctin: s.ctin, trdnm: s.trdnm, supfildt: s.supfildt, supprd: s.supprd,
    inv: s.docs.map((r) => ({ inum: r.number, dt: r.date, pos: r.pos, rev: 'N', typ: r.inv_typ || 'R', itcavl: 'Y', rsn: '', imsStatus: r.action, ...amounts(r) })) }))
  const cdnr = [...by('b2bcn'), ...by('b2bdn')].map((s) => ({ ctin: s.ctin, trdnm: s.trdnm, supfildt: s.supfildt, supprd: s.supprd,
    nt: s.docs.map((r) => ({ ntnum: r.number, typ: r.section === 'b2bcn' ? 'C' : 'D', suptyp: r.inv_typ || 'R', dt: r.date, pos: r.pos, rev: 'N', itcavl: 'Y', rsn: '', imsStatus: r.action, ...amounts(r) })) }))
  return { chksum: 'e2e', data: { gstin, rtnprd, version: '1.0', gendt: `14-${monthFromNow(0).slice(5)}-${monthFromNow(0).slice(0, 4)}`, docdata: { b2b, cdnr } } }
}

/** Opens the reconciliation on the IMS month against 2B with the sample register, and runs it. */
async function openThreeWay(page) {
  await page.getByTestId('nav-recon').click()
  await page.getByTestId('recon-fy').selectOption(String(fyOf(p)))
  await page.getByTestId('recon-from').selectOption(p)
  await page.getByTestId('recon-to').selectOption(p)
  await page.waitForFunction(() => document.querySelector('[data-testid=recon-against]')?.getAttribute('data-against') === '2b')
  assert.equal(await page.getByTestId('recon-run').count(), 0, 'the 2A run is not offered against 2B')
  await page.getByTestId('recon-sample').click()
  await page.getByTestId('recon-import').waitFor()
  // The newest saved run may be open already: the run is a job, done once the picker shows a new run.
  const before = (await page.getByTestId('tw-runs').count()) ? await page.getByTestId('tw-runs').inputValue() : ''
  await page.getByTestId('tw-run').click()
  await page.waitForFunction((was) => { const v = document.querySelector('[data-testid=tw-runs]')?.value; return !!v && v !== was }, before, { timeout: 60000 })
  await page.getByTestId('tw-table').waitFor()
}

/** The first row holding text, scrolling the list down until it is drawn (only the rows in view are). */
async function drawn(page, text) {
  const row = page.getByTestId('tw-row').filter({ hasText: text }).first()
  const table = page.getByTestId('tw-table')
  for (let i = 0; i < 100 && !(await row.count()); i++) {
    const end = await table.evaluate((el) => { const at = el.scrollTop; el.scrollTop += el.clientHeight / 2; return el.scrollTop === at })
    if (end) break
  }
  return row
}

/** Waits until the element of testid reads text ('' : until it is gone). */
async function reads(page, testid, text) {
  await page.waitForFunction(([id, want]) => (document.querySelector(`[data-testid=${id}]`)?.textContent ?? '') === want, [testid, text])
}

/** How many three-way runs are saved (the bound method the screens call). */
const savedRuns = (page) => page.evaluate(async () => ((await window.go.main.Recon.ThreeWayRuns()) ?? []).length)

const tabCount = async (page, tab) => Number((await page.getByTestId('tw-tab-' + tab).locator('.cnt').innerText()).replace(/,/g, ''))

export const tests = {
  'the month: GSTR-2A pulled, IMS read, GSTR-2B imported from a portal file': async ({ page, app }) => {
    await page.getByTestId('nav-gstr2b').click()
    await signIn(page)
    const rows = await page.evaluate(async (period) => {
      const m = window.go.main
      const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
      const id = await m.Returns.StartPull({ gstin: '', periods: [period], supplier: '', from: '' })
      for (let i = 0; i < 400; i++) { try { await m.Returns.PullResults(id); break } catch { await sleep(150) } }
      return (await m.Returns.IMSRefresh()).rows
    }, p)
    assert.ok(rows.length > 10, `${rows.length} IMS documents`)
    const file = portalFile(rows, '27AAPFU0939F1ZV')
    await chooseFile(page, app, 'g2b-import', { name: `returns_R2B_27AAPFU0939F1ZV_${rtnprd}.json`, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) })
    await page.getByTestId('g2b-imported').waitFor()
    assert.match(await page.getByTestId('g2b-imported').innerText(), /^GSTR-2B of \w{3} \d{4} imported from returns_R2B/)
  },

  'against 2B by default: every row with its recommended IMS action and reason': async ({ page, shot }) => {
    await openThreeWay(page)
    const rows = page.getByTestId('tw-row')
    assert.ok((await rows.count()) > 10)
    assert.match(await page.getByTestId('tw-sources').innerText(), /against GSTR-2B of \w{3} \d{4} from file \d\d\/\d\d\/\d{4} \d\d:\d\d/)
    // Exact matches: Accept, because they match the books.
    const exact = await drawn(page, 'Exact')
    assert.match(await exact.innerText(), /Accept\s+Matched with the books: same supplier, number, date and amounts\./)
    // The sample's changed amount: keep pending, the difference named.
    await page.getByTestId('tw-table').evaluate((el) => { el.scrollTop = 0 })
    const mism = await drawn(page, 'Mismatch')
    assert.match(await mism.innerText(), /(Keep pending\s+Keep pending until the supplier corrects it: .*in the books, .* in 2B|No IMS action .*does not allow pending)/)
    // In 2B, not in the books: never Accept.
    await page.getByTestId('tw-table').evaluate((el) => { el.scrollTop = 0 })
    const missing = await drawn(page, 'Missing in books')
    assert.doesNotMatch(await missing.innerText(), /\bAccept\s+Matched/)
    assert.match(await missing.innerText(), /not in your books/)
    // Not in 2B: nothing to do in IMS.
    await page.getByTestId('tw-table').evaluate((el) => { el.scrollTop = 0 })
    assert.match(await (await drawn(page, 'Missing in 2B')).innerText(), /No IMS action\s+Not in GSTR-2B/)
    assert.ok(Number(await page.getByTestId('tw-tab-accept').locator('.cnt').innerText()) > 0)
    await page.getByTestId('tw-table').evaluate((el) => { el.scrollTop = 0 })
    await shot('threeway')
  },

  'the rows scroll as one list: keys move the cursor and keep it in view; the keys act on the row at the cursor': async ({ page, shot }) => {
    await openThreeWay(page)
    const all = await tabCount(page, 'all')
    assert.match(await page.getByTestId('tw-rows-info').innerText(), new RegExp(`^Rows 1–\\d+ of ${all.toLocaleString('en-IN')}$`))
    const inPage = await page.getByTestId('tw-row').count()
    assert.ok(inPage > 0 && inPage <= Math.min(all, 70), `${inPage} rows in the page of ${all}`)
    const table = page.getByTestId('tw-table')
    await table.focus()
    await page.keyboard.press('End')
    assert.equal(await table.locator('tr.sel').getAttribute('aria-rowindex'), String(all + 1))
    assert.ok(await inView(page, 'tw-table', 'tr.sel'), 'the last row is in view')
    await shot('threeway-end')
    await page.keyboard.press('PageUp')
    assert.ok(await inView(page, 'tw-table', 'tr.sel'))
    await page.keyboard.press('Home')
    assert.equal(await table.locator('tr.sel').getAttribute('aria-rowindex'), '2')
    assert.ok(await inView(page, 'tw-table', 'tr.sel'), 'the first row is under the sticky header')
    // s on the first row with a 2B document (↓ to it), then Backspace: back to the recommendation.
    for (let i = 0; i < all && !(await table.locator('tr.sel').getAttribute('data-key')); i++) await page.keyboard.press('ArrowDown')
    assert.ok(await table.locator('tr.sel').getAttribute('data-key'), 'a row with a 2B document')
    assert.ok(await inView(page, 'tw-table', 'tr.sel'))
    await page.keyboard.press('s')
    await reads(page, 'tw-changed', '1 row changed from the recommendation')
    assert.equal(await table.locator('tr.sel [data-testid=tw-choice]').inputValue(), 'skip')
    await page.keyboard.press('Backspace')
    await reads(page, 'tw-changed', '')
    assert.equal(await table.locator('tr.sel [data-testid=tw-choice]').inputValue(), '')
  },

  'change two actions, preview, apply to IMS as a job; results per row': async ({ page, shot }) => {
    await openThreeWay(page)
    const runs = await savedRuns(page)
    await page.getByTestId('tw-tab-accept').click()
    const rows = page.getByTestId('tw-row')
    const toAccept = await tabCount(page, 'accept')
    assert.ok(toAccept >= 3)
    // The first: reject instead (the select); the second: leave as it is (the s key).
    const first = rows.nth(0)
    const rejectNo = await first.getAttribute('data-doc')
    await first.getByTestId('tw-choice').selectOption('reject')
    await reads(page, 'tw-changed', '1 row changed from the recommendation')
    await page.getByTestId('tw-tab-all').click()
    await page.getByTestId('tw-tab-accept').click()
    const skipNo = await rows.nth(0).getAttribute('data-doc')
    await page.getByTestId('tw-table').focus()
    await page.keyboard.press('s')
    await reads(page, 'tw-changed', '2 rows changed from the recommendation')
    assert.equal(Number(await page.getByTestId('tw-tab-accept').locator('.cnt').innerText()), toAccept - 2)
    // Preview: nothing sent; the chosen reject says so; the skipped row is not there.
    await page.getByTestId('tw-preview').click()
    await page.getByTestId('tw-previewed').waitFor()
    const lines = page.getByTestId('tw-line')
    const rej = lines.filter({ hasText: rejectNo }).first()
    assert.match(await rej.innerText(), /No action → Reject\s+Your choice \(gstdesk recommended accepted: .+?\)\s+will be sent/)
    assert.equal(await lines.filter({ hasText: skipNo }).count(), 0)
    const toSend = await lines.filter({ hasText: 'will be sent' }).count()
    assert.match(await page.getByTestId('tw-apply').innerText(), new RegExp(`^Apply ${toSend} actions to IMS$`))
    await shot('threeway-preview')
    await page.getByTestId('tw-apply').click()
    await page.getByTestId('tw-applied').waitFor({ timeout: 60000 })
    const done = page.locator('[data-testid=tw-line][data-result=applied]')
    assert.equal(await done.count(), toSend)
    assert.match(await done.first().innerText(), /done: the portal has it/)
    await shot('threeway-applied')
    // The table was read again: the rejected document reads "rejected" in IMS now.
    await page.getByTestId('tw-tab-all').click()
    // (The list is scrolled on as it waits: only the rows in view are drawn.)
    await page.waitForFunction((no) => {
      const t = document.querySelector('[data-testid=tw-table]')
      const hit = [...t.querySelectorAll('[data-testid=tw-row]')].some((r) => r.getAttribute('data-doc') === no && /\bRejected\b/.test(r.children[5].textContent))
      if (!hit) t.scrollTop = t.scrollTop + t.clientHeight >= t.scrollHeight - 1 ? 0 : t.scrollTop + t.clientHeight / 2
      return hit
    }, rejectNo)
    // Preview and apply acted on the run on screen: no run was saved for them, and it keeps the choices.
    assert.equal(await savedRuns(page), runs)
    assert.equal(await page.getByTestId('tw-changed').innerText(), '2 rows changed from the recommendation')
    // The IMS screen shows what was done.
    await page.getByTestId('nav-ims').click()
    await page.getByTestId('ims-counts').waitFor()
    assert.equal(await page.getByTestId('ims-count-all-R').innerText(), '1')
    // Against 2A: the 2A run is back.
    await page.getByTestId('nav-recon').click()
    await page.getByTestId('recon-against-2a').click()
    await page.getByTestId('recon-run').waitFor()
  },
}
