// Saved runs against GSTR-2B reopen in the window, without importing the register again: two runs
// are made as jobs (the month IMS is open for, and the month before it, whose IMS is closed); the
// reconciliation in 2B mode opens the newest with its ₹ strip (which adds up), money on the tabs
// and a totals row; the picker reopens the other, whose closed month is said once and whose
// preview spends no paid call (and says so before); the dashboard's link lands on the newest 2B
// run, whose at risk is the dashboard's ITC at risk. No sideways scroll at 1366×768.
import assert from 'node:assert/strict'
import { sideways } from '../helpers.mjs'
import { monthFromNow, num, signIn } from '../gst.mjs'

const open = monthFromNow(-1) // the month IMS is open for
const closed = monthFromNow(-2) // its GSTR-3B period is over: IMS is closed for it

/** The strip's figures, by key, as numbers. */
async function strip(page) {
  await page.getByTestId('tw-strip').waitFor()
  const figs = await page.getByTestId('tw-strip').locator('[data-testid^=tw-fig-value-]').evaluateAll((els) => els.map((e) => [e.dataset.testid.slice('tw-fig-value-'.length), e.textContent]))
  return Object.fromEntries(figs.map(([k, v]) => [k, Math.round(num(v) * 100)]))
}

/** The saved runs against GSTR-2B as the service lists them (newest first). */
const savedRuns = (page) => page.evaluate(async () => (await window.go.main.Recon.ThreeWayRuns()) ?? [])

async function openRecon2B(page) {
  await page.getByTestId('nav-recon').click()
  await page.getByTestId('recon-against-2b').click()
  await page.getByTestId('tw-runs').waitFor()
  await page.getByTestId('tw-table').waitFor()
}

export const tests = {
  'two runs against GSTR-2B, made as jobs: the month IMS is open for and the one before': async ({ page }) => {
    await page.getByTestId('nav-gstr2b').click()
    await signIn(page)
    const got = await page.evaluate(async ([closed, open]) => {
      const m = window.go.main
      const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
      const wait = async (get) => { for (let i = 0; i < 600; i++) { try { return await get() } catch { await sleep(150) } } throw new Error('job did not finish') }
      const a = await m.Returns.StartPull({ gstin: '', periods: [closed, open], supplier: '', from: '' })
      await wait(() => m.Returns.PullResults(a))
      const b = await m.Returns.StartPullGSTR2B([closed, open])
      const pulled = await wait(() => m.Returns.PullGSTR2BResults(b))
      await m.Returns.IMSRefresh()
      const runs = []
      for (const p of [closed, open]) {
        const imp = await m.Recon.ReconSampleRegister(p, p)
        const id = await m.Recon.StartReconAgainst2B(imp.token, p, p)
        const r = await wait(() => m.Recon.ReconAgainst2BResult(id))
        runs.push({ id: r.run_id, rows: r.rows.length, closed: (r.ims_closed ?? []).map((c) => c.period), calls: r.list_calls })
      }
      return { twoB: pulled.map((r) => r.status), runs }
    }, [closed, open])
    assert.deepEqual(got.twoB, ['pulled', 'pulled'])
    assert.ok(got.runs.every((r) => r.id && r.rows > 5), JSON.stringify(got.runs))
    assert.deepEqual(got.runs[0].closed, [closed], 'the month before the IMS month is closed in IMS')
    assert.equal(got.runs[0].calls, 0, 'a closed month’s preview would spend no call')
    assert.deepEqual(got.runs[1].closed, [], 'the IMS month is open')
    assert.ok(got.runs[1].calls > 0)
  },

  'the 2B mode opens the newest saved run: its ₹ strip adds up, money on the tabs, a totals row': async ({ page, shot }) => {
    const runs = await savedRuns(page)
    await openRecon2B(page)
    assert.equal(await page.getByTestId('tw-runs').inputValue(), runs[0].id, 'the newest run, without a register')
    assert.equal(await page.getByTestId('recon-import').count(), 0, 'no register was imported')
    const options = await page.getByTestId('tw-runs').locator('option').allInnerTexts()
    assert.equal(options.length, 2)
    assert.match(options[0], /^\w{3} \d{4} · run \d\d\/\d\d\/\d{4} \d\d:\d\d · \d+ rows · .*2B ITC ₹[\d,]+\.\d\d · /)
    const f = await strip(page)
    assert.deepEqual(Object.keys(f), ['gstr2b_itc', 'books_itc', 'difference', 'claim_now', 'held', 'at_risk'])
    assert.equal(f.claim_now + f.held, f.gstr2b_itc, 'claim now + held = 2B ITC, to the paisa')
    assert.equal(f.gstr2b_itc - f.books_itc, f.difference)
    assert.ok(f.gstr2b_itc > 0 && f.books_itc > 0)
    // The figures are the run's, as the service worked them out.
    const sum = (await page.evaluate(async (id) => (await window.go.main.Recon.ThreeWayRunNow(id)).summary, runs[0].id)).figures
    for (const x of sum) assert.equal(f[x.key], Math.round(x.rupees * 100), x.key)
    // Each figure says what it counts, in one line.
    assert.match(await page.getByTestId('tw-fig-held').innerText(), /Held · \d+\s+₹[\d,]+\.\d\d\s+not booked, mismatch, IMS/)
    // Money on the tabs; the tabs add up to All.
    const tabs = await page.locator('button[data-testid^=tw-tab-]').evaluateAll((ts) => ts.map((t) => [t.dataset.testid, t.querySelector('[data-testid=tw-tab-rupees]').textContent]))
    const all = tabs.find(([k]) => k === 'tw-tab-all')
    const rest = tabs.filter(([k]) => k !== 'tw-tab-all').reduce((n, [, v]) => n + Math.round(num(v) * 100), 0)
    assert.equal(rest, Math.round(num(all[1]) * 100), 'the tabs’ ₹ add up to All')
    // The totals row under the table: the rows shown.
    const all2B = await page.evaluate(async (id) => (await window.go.main.Recon.ThreeWayRunNow(id)).rows.reduce((n, r) => n + (r.gstr2a ? Math.round((r.gstr2a.igst + r.gstr2a.cgst + r.gstr2a.sgst + r.gstr2a.cess) * 100) : 0), 0), runs[0].id)
    assert.match(await page.getByTestId('tw-totals').innerText(), /^Total of \d+ rows/)
    assert.equal(Math.round(num(await page.getByTestId('tw-total-2b').innerText()) * 100), all2B)
    // The IMS month is open: no banner; the preview says its paid calls before any is spent.
    assert.equal(await page.getByTestId('tw-ims-closed').count(), 0)
    assert.match(await page.getByTestId('tw-preview-calls').innerText(), /^\(\d+ paid calls to list IMS\)$/)
    assert.deepEqual(await sideways(page), [])
    await shot('threeway-run-reopened')
  },

  'the picker reopens the closed month’s run: one banner, and its preview spends no paid call': async ({ page, shot }) => {
    const runs = await savedRuns(page)
    await openRecon2B(page)
    await page.getByTestId('tw-runs').selectOption(runs[1].id)
    await page.getByTestId('tw-ims-closed').waitFor()
    assert.equal(await page.getByTestId('tw-ims-closed').count(), 1, 'said once')
    assert.match(await page.getByTestId('tw-ims-closed').innerText(), /^IMS is closed for \w+ \d{4}: its GSTR-3B period is over/)
    assert.equal(await page.getByTestId('recon-from').inputValue(), closed, 'the months are the run’s')
    const f = await strip(page)
    assert.equal(f.claim_now + f.held, f.gstr2b_itc)
    // No row repeats it: the closed month's IMS documents read — in the IMS column, not "not in IMS"
    // (a bill of entry or an ISD document, never in IMS, still says so).
    assert.equal(await page.locator('[data-testid=tw-row][data-key]:not([data-key=""])').filter({ hasText: 'not in IMS' }).count(), 0)
    assert.equal(await page.getByTestId('tw-preview-calls').innerText(), '(no paid call)')
    await page.getByTestId('tw-preview').click()
    await page.getByTestId('tw-previewed').waitFor()
    assert.equal(await page.getByTestId('tw-preview-spent').innerText(), 'IMS was not listed: no paid call')
    assert.equal(await page.getByTestId('tw-line').count(), 0, 'no line per closed document')
    assert.deepEqual(await sideways(page), [])
    await shot('threeway-run-closed')
  },

  'the dashboard’s reconciliation link lands on the newest 2B run': async ({ page, shot }) => {
    const runs = await savedRuns(page)
    await page.getByTestId('nav-recon').click()
    await page.getByTestId('recon-against-2a').click() // the 2A view last: the link must leave it
    await page.getByTestId('nav-dashboard').click()
    const dash = num(await page.getByTestId('dash-risk').locator('strong').innerText())
    await page.getByTestId('dash-risk-open').click()
    await page.getByTestId('tw-strip').waitFor()
    assert.equal(await page.getByTestId('recon-against').getAttribute('data-against'), '2b')
    assert.equal(await page.getByTestId('tw-runs').inputValue(), runs[0].id)
    assert.equal(await page.getByTestId('recon-from').inputValue(), open)
    assert.equal(num(await page.getByTestId('tw-fig-value-at_risk').innerText()), dash, 'the dashboard’s ITC at risk is the strip’s at risk')
    assert.deepEqual(await sideways(page), [])
    await shot('threeway-run-from-dashboard')
  },
}
