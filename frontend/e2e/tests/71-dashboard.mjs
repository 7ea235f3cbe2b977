// The dashboard as this week's work, in the demo workspace: the year before's GSTR-2A (for Rule
// 37A and s.16(4) of the ITC calendar), the IMS month's GSTR-2A and GSTR-2B, IMS read. What is due
// lists the GSTR-3B with the worksheet's claim (the figure of 4(C), asked of the service), the IMS
// backlog is IMS's, the calendar's Rule 37A items carry the calendar's ₹, "no backup set up" has
// its button; Open goes to the screen that does it. No sideways scroll at 1366×768.
import assert from 'node:assert/strict'
import { sideways } from '../helpers.mjs'
import { fyOf, monthFromNow, num, signIn } from '../gst.mjs'

const p = monthFromNow(-1)
const fy = fyOf(p)
const pad = (n) => String(n).padStart(2, '0')
const lastYear = Array.from({ length: 12 }, (_, i) => (i < 9 ? `${fy - 1}-${pad(i + 4)}` : `${fy}-${pad(i - 8)}`))

async function openDashboard(page) {
  await page.getByTestId('nav-dashboard').click()
  await page.getByTestId('dash-due-item').first().waitFor({ timeout: 20000 })
}

export const tests = {
  'the data: last year’s GSTR-2A, the IMS month’s GSTR-2A and GSTR-2B, IMS read': async ({ page }) => {
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
      return { twoB: res.map((r) => r.status), ims: ims.rows.length }
    }, [lastYear, p])
    assert.deepEqual(got.twoB, ['pulled'])
    assert.ok(got.ims > 0)
  },

  'what is due: the GSTR-3B with the worksheet’s claim, the IMS backlog, Rule 37A with the calendar’s ₹, no backup': async ({ page, shot }) => {
    await openDashboard(page)
    const want = await page.evaluate(async (p) => {
      const m = window.go.main
      return { sheet: await m.Table4.Table4Worksheet(p), week: await m.Overview.DashboardWeek() }
    }, p)
    const items = await page.getByTestId('dash-due-item').evaluateAll((rs) => rs.map((r) => ({ kind: r.dataset.kind, overdue: r.dataset.overdue, amount: r.querySelector('[data-testid=dash-due-amount]').textContent, text: r.textContent })))
    assert.equal(items.length, want.week.due.length)
    // Overdue first, then by date.
    const firstOnTime = items.findIndex((x) => x.overdue === 'no')
    assert.ok(firstOnTime === -1 || items.slice(firstOnTime).every((x) => x.overdue === 'no'), 'overdue first')
    // The GSTR-3B of the IMS month carries 4(C) of its worksheet.
    const c = want.sheet.rows.find((r) => r.code === '4C').figure
    const c4 = Math.round(c.igst_rupees * 100) + Math.round(c.cgst_rupees * 100) + Math.round(c.sgst_rupees * 100) + Math.round(c.cess_rupees * 100)
    const g3b = items.find((x) => x.kind === 'gstr3b' && x.text.includes('GSTR-3B of'))
    assert.ok(g3b, 'a GSTR-3B is due')
    assert.equal(Math.round(num(await page.getByTestId('dash-claim-amount').innerText()) * 100), c4, 'the claim card is the worksheet’s 4(C)')
    const mine = want.week.due.find((x) => x.kind === 'gstr3b' && x.period === p)
    assert.ok(mine, 'the IMS month’s GSTR-3B is listed')
    assert.equal(Math.round(mine.amount_rupees * 100), c4)
    // Rule 37A: each item's ₹ is the calendar's (the service's figure, shown as given).
    for (const x of want.week.due.filter((d) => d.kind === 'rule_37a')) {
      const cal = await page.evaluate((fy) => window.go.main.Recon.ITCRisk(fy, '', 0), x.period)
      const sum = cal.months.flatMap((g) => g.items ?? []).filter((it) => it.rule === 'rule_37a' && it.deadline === x.due && (it.status === 'overdue') === x.overdue && it.status !== 'reclaim').reduce((n, it) => n + Math.round(it.amount * 100), 0)
      assert.equal(Math.round(x.amount_rupees * 100), sum, `Rule 37A due ${x.due}`)
    }
    // The IMS backlog in ₹.
    assert.match(await page.getByTestId('dash-ims').innerText(), /₹[\d,]+\.\d\d/)
    assert.ok(want.week.ims.no_action > 0)
    // No backup set up, with its button.
    await page.getByTestId('dash-no-backup').waitFor()
    assert.deepEqual(await sideways(page), [])
    await shot('dashboard')
    await page.getByTestId('dash-backup-setup').click()
    await page.getByTestId('screen-settings').waitFor()
  },

  'Open goes to the screen that does it: the GSTR-3B to its worksheet, whose ledger warnings come first and name documents': async ({ page, shot }) => {
    await openDashboard(page)
    const i = await page.getByTestId('dash-due-item').evaluateAll((rs, p) => rs.findIndex((r) => r.dataset.kind === 'gstr3b' && r.textContent.includes('GSTR-3B of')), p)
    await page.getByTestId('dash-due-item').nth(i).getByTestId('dash-due-open').click()
    await page.getByTestId('t4-screen').waitFor()
    await page.getByTestId('t4-table').waitFor({ timeout: 15000 })
    const week = await page.evaluate(() => window.go.main.Overview.DashboardWeek())
    assert.equal(await page.getByTestId('t4-period').inputValue(), week.claim.period)
    assert.ok(week.claim.warnings > 0, 'the month without a reconciliation has a ledger warning (credit reversed with no opening balance)')
    assert.equal(await page.getByTestId('t4-warning').count(), week.claim.warnings)
    const first = await page.evaluate(() => !!(document.querySelector('[data-testid=t4-warnings]').compareDocumentPosition(document.querySelector('[data-testid=t4-table]')) & Node.DOCUMENT_POSITION_FOLLOWING))
    assert.ok(first, 'warnings before the figures')
    await shot('ledger-warning')
  },
}
