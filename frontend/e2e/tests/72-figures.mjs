// One truth on every screen, in the demo workspace: a year of GSTR-2A, the IMS month's GSTR-2B and
// IMS, the sample register reconciled against the 2B (through the bound methods, as the screens
// call them). Each figure is read from every screen that shows it (the data-figure attribute marks
// it) and must be the same to the paisa: the reconciliation's split on the dashboard and on its
// strip, 4(C) on the dashboard and on Table 4, the Rule 37A risk on the dashboard (per supplier and
// in total) and on the ITC calendar of each year, the 2B's ITC available as the service gives it.
// Every figure's name on screen is the one backend/figure gives (Overview.Figures).
import assert from 'node:assert/strict'
import { sideways } from '../helpers.mjs'
import { fyOf, monthFromNow, num, signIn } from '../gst.mjs'

const p = monthFromNow(-1)
const fy = fyOf(p)
const pad = (n) => String(n).padStart(2, '0')
const lastYear = Array.from({ length: 12 }, (_, i) => (i < 9 ? `${fy - 1}-${pad(i + 4)}` : `${fy}-${pad(i - 8)}`))
const paiseOf = (text) => Math.round(num(text) * 100)

/** Every figure on the page: id → list of { paise, gstin, period, fy }. */
async function figuresOnPage(page) {
  const list = await page.locator('[data-figure]').evaluateAll((els) => els.map((e) => ({ id: e.dataset.figure, text: e.textContent, gstin: e.dataset.gstin, period: e.dataset.period, fy: e.dataset.fy })))
  const out = {}
  for (const x of list) (out[x.id] ??= []).push({ ...x, paise: paiseOf(x.text) })
  return out
}

/** Each figure name on the page is the name backend/figure gives it. */
async function namesAgree(page, words) {
  await page.waitForFunction(() => [...document.querySelectorAll('[data-figure-name]')].every((e) => e.textContent.trim() !== ''))
  const shown = await page.locator('[data-figure-name]').evaluateAll((els) => els.map((e) => ({ id: e.dataset.figureName, text: e.textContent.trim(), title: e.getAttribute('title') })))
  assert.ok(shown.length > 0, 'figure names on the page')
  for (const s of shown) {
    const w = words.find((f) => f.id === s.id)
    assert.ok(w, `a figure ${s.id} backend/figure does not know`)
    assert.ok(s.text.startsWith(w.name), `${s.id} shown as “${s.text}”, named “${w.name}”`)
    assert.equal(s.title, w.definition, `${s.id}: its definition on hover`)
  }
  return shown.map((s) => s.id)
}

/** The one value of a figure on the page (a supplier's share, data-gstin, aside). */
const one = (figs, id) => {
  const whole = (figs[id] ?? []).filter((x) => !x.gstin)
  assert.ok(whole.length, `${id} is shown`)
  const vals = [...new Set(whole.map((x) => x.paise))]
  assert.equal(vals.length, 1, `${id} shows one value on the page: ${vals}`)
  return vals[0]
}

export const tests = {
  'the data: a year of GSTR-2A, the IMS month’s GSTR-2B, IMS, the sample register reconciled against the 2B': async ({ page }) => {
    await page.getByTestId('nav-gstr2b').click()
    await signIn(page)
    const got = await page.evaluate(async ([ms, p]) => {
      const m = window.go.main
      const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
      const wait = async (get) => { for (let i = 0; i < 600; i++) { try { return await get() } catch { await sleep(150) } } throw new Error('job did not finish') }
      const a = await m.Returns.StartPull({ gstin: '', periods: [...ms, p], supplier: '', from: '' })
      await wait(() => m.Returns.PullResults(a))
      const b = await m.Returns.StartPullGSTR2B([p])
      const res = await wait(() => m.Returns.PullGSTR2BResults(b))
      const ims = await m.Returns.IMSRefresh()
      const im = await m.Recon.ReconSampleRegister(p, p)
      const tw = await m.Recon.ReconAgainst2BToken(im.token, p, p)
      return { twoB: res.map((r) => r.status), ims: ims.rows.length, run: tw.run_id }
    }, [lastYear, p])
    assert.deepEqual(got.twoB, ['pulled'])
    assert.ok(got.ims > 0 && got.run)
  },

  'the same figure on the dashboard, the reconciliation strip, Table 4, the ITC calendar and the 2B screen': async ({ page, shot }) => {
    const words = await page.evaluate(() => window.go.main.Overview.Figures())
    // The dashboard, once the week is read.
    await page.getByTestId('nav-dashboard').click()
    await page.getByTestId('dash-due-item').first().waitFor({ timeout: 20000 })
    await page.getByTestId('dash-rule37a-total').waitFor()
    const named = new Set(await namesAgree(page, words))
    const dash = await figuresOnPage(page)
    assert.deepEqual(await sideways(page), [])
    await shot('dashboard')
    // Rule 37A: each supplier's amount adds up to the total, which is the calendars' (below).
    const r37a = one(dash, 'rule37a_risk')
    assert.ok(r37a > 0, 'the demo has Rule 37A risk')
    const week = await page.evaluate(() => window.go.main.Overview.DashboardWeek())
    for (const x of dash.rule37a_risk.filter((x) => x.gstin)) {
      assert.equal(x.paise, Math.round((week.rule37a_by_supplier[x.gstin] ?? 0) * 100), `Rule 37A of ${x.gstin}`)
    }
    assert.equal(Object.values(week.rule37a_by_supplier).reduce((n, v) => n + Math.round(v * 100), 0), r37a, 'suppliers add up to the total')
    assert.equal(Math.round(week.rule37a_total * 100), r37a)

    // The reconciliation's strip of the same run.
    const claimable = one(dash, 'itc_claimable'), review = one(dash, 'itc_to_review'), notBacked = one(dash, 'itc_not_backed')
    // The dashboard's link opens the run against GSTR-2B, whose ₹ strip names its figures the same.
    await page.getByTestId('dash-risk-open').click()
    await page.getByTestId('tw-strip').waitFor({ timeout: 20000 })
    await page.waitForFunction(() => document.querySelector('[data-testid=tw-strip] [data-figure=itc_not_backed]'))
    for (const id of await namesAgree(page, words)) named.add(id)
    const strip = await figuresOnPage(page)
    assert.equal(one(strip, 'itc_not_backed'), notBacked, 'Not backed: dashboard and the 2B run strip')
    assert.ok(claimable >= 0 && review >= 0, 'the dashboard gives ITC claimable and To review')
    await shot('recon-strip')

    // Table 4's 4(C) of the month, as the dashboard's claim.
    const c4 = dash.net_itc_4c.find((x) => x.period === p)
    assert.ok(c4, 'the dashboard claims the IMS month')
    await page.getByTestId('nav-dashboard').click()
    await page.getByTestId('dash-claim-open').click()
    await page.getByTestId('t4-table').waitFor({ timeout: 20000 })
    await page.waitForFunction(() => document.querySelector('[data-figure=net_itc_4c]'))
    const t4 = await figuresOnPage(page)
    assert.equal(t4.net_itc_4c[0].period, p)
    assert.equal(one(t4, 'net_itc_4c'), c4.paise, '4(C): dashboard and Table 4')
    await shot('table4')

    // The ITC calendar of each of the two years: its Rule 37A totals add up to the dashboard's.
    let cal = 0
    await page.getByTestId('nav-itcrisk').click()
    for (const y of [fy - 1, fy]) {
      await page.getByTestId('risk-fy').selectOption(String(y))
      const label = `FY ${y}-${pad((y + 1) % 100)}`
      await page.waitForFunction((label) => document.querySelector('[data-testid=risk-screen]')?.getAttribute('data-loading') === 'no' &&
        document.querySelector(`[data-figure=rule37a_risk][data-fy="${label}"]`), label, { timeout: 20000 }).catch(() => null)
      const figs = await figuresOnPage(page)
      const x = (figs.rule37a_risk ?? []).find((f) => f.fy === label)
      if (x) cal += Number.isNaN(x.paise) ? 0 : x.paise
    }
    for (const id of await namesAgree(page, words)) named.add(id)
    assert.equal(cal, r37a, 'Rule 37A: the dashboard and the ITC calendars of this year and the year before')
    await shot('calendar')

    // The 2B's ITC available, as the service gives it.
    await page.getByTestId('nav-gstr2b').click()
    await page.getByTestId('g2b-itc-available').waitFor({ timeout: 20000 })
    const g2b = await figuresOnPage(page)
    const shown = g2b.itc_available_2b[0]
    const v = await page.evaluate((p) => window.go.main.Returns.GSTR2BView(p, ''), shown.period)
    assert.equal(shown.paise, Math.round(Number(v.snapshot.itc_available) * 100), 'ITC available (2B): the screen and the service (rupees from the service)')
    for (const id of await namesAgree(page, words)) named.add(id)

    for (const id of ['itc_available_2b', 'itc_claimable', 'itc_to_review', 'itc_not_backed', 'net_itc_4c', 'rule37a_risk', 'ims_backlog', 'calendar_at_risk']) {
      assert.ok(named.has(id), `${id} is named on a screen`)
    }
  },
}
