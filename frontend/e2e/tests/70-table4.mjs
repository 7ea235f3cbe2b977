// GSTR-3B Table 4 and GSTR-9 (ITC) in the demo workspace: the IMS month's GSTR-2A and GSTR-2B
// pulled, IMS read, the sample register reconciled against the 2B (through the bound methods, as
// the screens call them). The worksheet's bridge adds up on screen to 4(C), its figures are the
// service's, a line opens its documents (click and Enter), claiming or holding a document changes
// the figure by its tax; GSTR-9 shows its tables with their documents. No sideways scroll.
// Run at 1366×768 (E2E_VIEWPORT=1366x768), light and dark (E2E_COLOR_SCHEME=dark).
import assert from 'node:assert/strict'
import { sideways } from '../helpers.mjs'
import { existsSync } from 'node:fs'
import { fyOf, label, monthFromNow, signIn } from '../gst.mjs'

const p = monthFromNow(-1) // the month IMS is open for, whose 2B the demo has
const fy = fyOf(p)
const prevMonth = (m) => { const d = new Date(Number(m.slice(0, 4)), Number(m.slice(5)) - 2, 1); return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}` }

async function openSheet(page) {
  await page.getByTestId('nav-table4').click()
  await page.getByTestId('t4-period').selectOption(p)
  await page.waitForFunction((lbl) => document.querySelector('[data-testid=t4-screen]')?.getAttribute('data-loading') === 'no' &&
    (document.querySelector('[data-testid=t4-sources]')?.textContent ?? '').includes(lbl), label(p))
  await page.getByTestId('t4-bridge').waitFor()
}

/** The bridge as drawn: proposal, each line's effect on 4(C), the figure (paise from data-paise). */
async function bridge(page) {
  return page.getByTestId('t4-bridge').evaluate((t) => ({
    ok: t.dataset.ok,
    proposal: Number(t.querySelector('[data-testid=t4-bridge-proposal]').dataset.paise),
    figure: Number(t.querySelector('[data-testid=t4-bridge-figure]').dataset.paise),
    lines: [...t.querySelectorAll('[data-testid=t4-line]')].map((r) => ({ kind: r.dataset.kind, paise: Number(r.dataset.paise), text: r.textContent })),
    figureText: t.querySelector('[data-testid=t4-bridge-figure] .num').textContent,
  }))
}

/** Row 4(C) of the table as drawn, in paise per head. */
const row4C = (page) => page.locator('[data-testid=t4-row][data-code="4C"] td.num').evaluateAll((cs) => cs.map((c) => Number(c.dataset.paise)))
const paise = (r) => Math.round(r * 100)

export const tests = {
  'the month: GSTR-2A and GSTR-2B pulled, IMS read, the sample register reconciled against 2B': async ({ page }) => {
    await page.getByTestId('nav-gstr2b').click()
    await signIn(page)
    const got = await page.evaluate(async (p) => {
      const m = window.go.main
      const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
      const wait = async (get) => { for (let i = 0; i < 600; i++) { try { return await get() } catch { await sleep(150) } } throw new Error('job did not finish') }
      const a = await m.Returns.StartPull({ gstin: '', periods: [p], supplier: '', from: '' })
      await wait(() => m.Returns.PullResults(a))
      const b = await m.Returns.StartPullGSTR2B([p])
      const res = await wait(() => m.Returns.PullGSTR2BResults(b))
      await m.Returns.IMSRefresh()
      const im = await m.Recon.ReconSampleRegister(p, p)
      const r = await m.Recon.ReconAgainst2BToken(im.token, p, p)
      return { twoB: res.map((x) => x.status), rows: (r.rows ?? []).length, runs: ((await m.Recon.ThreeWayRuns()) ?? []).length }
    }, p)
    assert.deepEqual(got.twoB, ['pulled'])
    assert.ok(got.rows > 10, `${got.rows} rows`)
    assert.equal(got.runs, 1)
  },

  'the worksheet: the bridge adds up on screen to 4(C), and the figures are the service’s': async ({ page, shot }) => {
    await openSheet(page)
    const b = await bridge(page)
    assert.equal(b.ok, 'yes')
    assert.ok(b.lines.length >= 2, `${b.lines.length} lines`)
    assert.equal(b.proposal + b.lines.reduce((n, l) => n + l.paise, 0), b.figure, 'proposal + lines = 4(C)')
    const c = await row4C(page)
    assert.equal(c.reduce((n, v) => n + v, 0), b.figure, 'the table’s 4(C) is the bridge’s')
    const want = await page.evaluate((p) => window.go.main.Table4.Table4Worksheet(p), p)
    const w4C = want.rows.find((r) => r.code === '4C').figure
    assert.deepEqual(c, [w4C.igst_rupees, w4C.cgst_rupees, w4C.sgst_rupees, w4C.cess_rupees].map(paise))
    assert.deepEqual(b.lines.map((l) => l.kind), want.bridge.map((l) => l.kind))
    // Ledger warnings, when the month has any, come before the figures and name documents.
    if (want.warnings?.length) {
      const first = await page.evaluate(() => {
        const w = document.querySelector('[data-testid=t4-warnings]'), t = document.querySelector('[data-testid=t4-table]')
        return !!w && !!(w.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING)
      })
      assert.ok(first, 'warnings before the table')
    }
    assert.match(b.figureText, /^\(?[\d,]+\.\d\d\)?$/)
    assert.deepEqual(await sideways(page), [])
    await shot('worksheet')
    // The bridge to one row: Enter on 4(B)(2) leads the lines there; they add up to its figure.
    await page.locator('[data-testid=t4-row][data-code="4B2"]').focus()
    await page.keyboard.press('Enter')
    await page.waitForFunction(() => /to 4\(B\)\(2\)/.test(document.querySelector('[data-testid=t4-bridge-title]')?.textContent ?? ''))
    const b2 = await bridge(page)
    const r2 = await page.locator('[data-testid=t4-row][data-code="4B2"] td.num').evaluateAll((cs) => cs.reduce((n, c) => n + Number(c.dataset.paise), 0))
    assert.equal(b2.ok, 'yes')
    assert.equal(b2.figure, r2)
    assert.equal(b2.proposal + b2.lines.reduce((n, l) => n + l.paise, 0), b2.figure, '4(B)(2): proposal + lines = figure')
    await shot('bridge-4B2')
    await page.getByTestId('t4-bridge-net').click()
    assert.equal((await bridge(page)).figure, b.figure)
    // [ the month before, ] back.
    await page.keyboard.press('[')
    assert.equal(await page.getByTestId('t4-period').inputValue(), prevMonth(p))
    await page.keyboard.press(']')
    assert.equal(await page.getByTestId('t4-period').inputValue(), p)
  },

  'a line opens its documents by keyboard; claim now and hold change the figure by the document’s tax': async ({ page, shot }) => {
    await openSheet(page)
    const b = await bridge(page)
    // A line with a document to claim (not booked, held, Rule 37/37A).
    const idx = await page.getByTestId('t4-line').evaluateAll((rs) => rs.findIndex((r) => ['not_booked', 'held', 'held_by_person', 'rule_37', 'rule_37a'].includes(r.dataset.kind) && Number(r.children[1].textContent.replace(/,/g, '')) > 0))
    assert.ok(idx >= 0, 'a line with held documents: ' + b.lines.map((l) => l.kind).join(', '))
    await page.getByTestId('t4-line').first().focus()
    for (let i = 0; i < idx; i++) await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await page.getByTestId('t4-docs').waitFor()
    const doc = page.getByTestId('t4-doc').filter({ has: page.getByTestId('t4-claim') }).first()
    const number = await doc.getAttribute('data-number')
    const tax = Number(await doc.getAttribute('data-paise'))
    assert.ok(tax > 0)
    await shot('documents')
    await doc.getByTestId('t4-claim').click()
    await page.waitForFunction((n) => (document.querySelector('[data-testid=t4-note]')?.textContent ?? '').startsWith(n + ':'), number)
    await page.waitForFunction(() => document.querySelector('[data-testid=t4-screen]')?.getAttribute('data-loading') === 'no')
    const after = await bridge(page)
    assert.equal(after.figure, b.figure + tax, 'claimed now: 4(C) up by its tax')
    assert.equal(after.ok, 'yes')
    const claimed = await page.evaluate(async (n) => (await window.go.main.Table4.Table4ClaimLog('', n)).length, number)
    assert.ok(claimed >= 1, 'the change is logged')
    // Decided here: Hold turns it back, and the figure returns.
    const mine = page.getByTestId('t4-decided-doc').filter({ has: page.getByTestId('t4-hold') }).first()
    assert.equal(await mine.getAttribute('data-number'), number)
    await mine.getByTestId('t4-hold').click()
    await page.waitForFunction((n) => (document.querySelector('[data-testid=t4-note]')?.textContent ?? '') === n + ': held.', number)
    await page.waitForFunction(() => document.querySelector('[data-testid=t4-screen]')?.getAttribute('data-loading') === 'no')
    assert.equal((await bridge(page)).figure, b.figure, 'held again: 4(C) as before')
    await shot('decided')
    // Esc closes the documents.
    await page.getByTestId('t4-line').nth(idx).focus()
    await page.keyboard.press('Escape')
    assert.equal(await page.getByTestId('t4-docs').count(), 0)
    assert.deepEqual(await sideways(page), [])
  },

  'Record the month’s claims stores each 2B document’s claim period; the worksheet exports to Excel and JSON': async ({ page }) => {
    await openSheet(page)
    const before = (await bridge(page)).figure
    await page.getByTestId('t4-record').click()
    await page.waitForFunction(() => / (claim period|claim periods) recorded\.$/.test(document.querySelector('[data-testid=t4-note]')?.textContent ?? ''))
    await page.waitForFunction(() => document.querySelector('[data-testid=t4-screen]')?.getAttribute('data-loading') === 'no')
    assert.equal((await bridge(page)).figure, before, 'recording the worksheet leaves its figures as they were')
    await page.getByTestId('t4-export-xlsx').click()
    const x = await page.getByTestId('t4-export-path').innerText()
    assert.match(x, /\.xlsx$/)
    assert.ok(existsSync(x))
    await page.getByTestId('t4-export-json').click()
    await page.waitForFunction(() => /\.json$/.test(document.querySelector('[data-testid=t4-export-path]')?.textContent ?? ''))
  },

  'GSTR-9 (ITC): the tables of the year, each opening its documents; Excel': async ({ page, shot }) => {
    await page.keyboard.press('Alt+Y')
    await page.getByTestId('g9-fy').selectOption(String(fy))
    await page.waitForFunction(() => document.querySelector('[data-testid=g9-screen]')?.getAttribute('data-loading') === 'no' && document.querySelectorAll('[data-testid=g9-table]').length > 0)
    const tables = await page.getByTestId('g9-table').evaluateAll((rs) => rs.map((r) => r.dataset.table))
    for (const t of ['6A', '6A1', '8A', '8B', '8C', '8D', '13']) assert.ok(tables.includes(t), `table ${t} in ${tables}`)
    const i8a = tables.indexOf('8A')
    await page.getByTestId('g9-table').first().focus()
    for (let i = 0; i < i8a; i++) await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await page.getByTestId('g9-docs').waitFor()
    assert.ok((await page.getByTestId('g9-doc').count()) > 0)
    assert.deepEqual(await sideways(page), [])
    await shot('gstr9')
    // [ the year before, ] back.
    await page.keyboard.press('[')
    assert.equal(await page.getByTestId('g9-fy').inputValue(), String(fy - 1))
    await page.keyboard.press(']')
    assert.equal(await page.getByTestId('g9-fy').inputValue(), String(fy))
    await page.getByTestId('g9-export-xlsx').click()
    assert.match(await page.getByTestId('g9-export-path').innerText(), /\.xlsx$/)
  },
}
