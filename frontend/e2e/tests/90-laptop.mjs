// The accountant's laptop: every screen at 1366×768 and 1280×720 with demo data loaded (three
// months of GSTR-2A, a month of GSTR-2B and IMS, a reconciliation of the sample register against
// each, the ITC calendar and supplier scorecard of the year, a payroll run, two months of the TDS
// year, a bulk lookup). No page and no pane scrolls sideways, and the figures that should agree
// do. Screenshots of each screen go to build/e2e/ (named 90-laptop-<screen>-<size>.png) to be
// looked at, never committed.
import assert from 'node:assert/strict'
import { sideways } from '../helpers.mjs'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const SIZES = [[1366, 768], [1280, 720]]

/** The TDS year's April and May (May with a raise and an over-deduction), as files on disk. */
function monthFiles() {
  const dir = mkdtempSync(path.join(tmpdir(), 'gstdesk-e2e-months-'))
  const head = 'Emp code,Employee name,PAN,Regime,Basic salary 17(1),Perquisites 17(2),Professional tax,80C,TDS deducted\n'
  const april = head + 'E001,Asha Rao,ABCPR1234K,,120000,0,200,0,10000\nE002,Vikram Shah,BCDPS2345L,old,200000,5000,200,150000,30000\nE003,Meena Iyer,CDEPI3456M,,60000,0,200,0,\nE004,Farah Khan,EFGPK5678P,,90000,0,200,0,5000\n'
  const may = april.replace('E001,Asha Rao,ABCPR1234K,,120000,0,200,0,10000', 'E001,Asha Rao,ABCPR1234K,,140000,0,200,0,')
  writeFileSync(path.join(dir, 'april.csv'), april)
  writeFileSync(path.join(dir, 'may.csv'), may)
  return { april: path.join(dir, 'april.csv'), may: path.join(dir, 'may.csv') }
}

/** Loads the demo data through the bound methods, the same calls the screens make. */
async function loadDemoData(page) {
  const ok = await page.evaluate(async (files) => {
    const m = window.go.main
    const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
    const wait = async (get) => {
      for (let i = 0; i < 400; i++) {
        try { return await get() } catch { await sleep(150) }
      }
      throw new Error('job did not finish')
    }
    await m.Returns.RequestOTP('demo', '')
    await m.Returns.VerifyOTP('demo', '', '575757')
    const pull = await m.Returns.StartPull({ gstin: '', periods: ['2025-04', '2025-05', '2025-06'], supplier: '', from: '' })
    await wait(() => m.Returns.PullResults(pull))
    const im = await m.Recon.ReconSampleRegister('2025-04', '2025-06')
    const run = await m.Recon.ReconStartRun(im.token, '2025-04', '2025-06', false)
    await wait(() => m.Recon.ReconRunResult(run))
    // GSTR-2B of one month and the IMS lists, for the 2B, IMS and three-way screens.
    const pull2b = await m.Returns.StartPullGSTR2B(['2025-06'])
    await wait(() => m.Returns.PullGSTR2BResults(pull2b))
    await m.Returns.IMSRefresh()
    const pay = await m.Salary.TDSImportExample()
    const tds = await m.Salary.TDSStartRun(pay.token, 'FY 2025-26', 0, false)
    await wait(() => m.Salary.TDSRunResult(tds))
    // The TDS year: an employer and two months (May with a raise and an over-deduction).
    await m.Salary.TDSEmployerSet('FY 2025-26', { name: 'Demo Traders Pvt Ltd', tan: 'MUMD12345E', pan: 'AAACD1234F', address: '14 Nariman Point, Mumbai 400021', responsible: 'Kavita Desai', designation: 'Director' })
    await m.Salary.TDSMonthImportPath('FY 2025-26', 4, files.april, false)
    await m.Salary.TDSMonthImportPath('FY 2025-26', 5, files.may, false)
    return true
  }, monthFiles())
  assert.ok(ok)
}

async function settle(page) {
  await page.waitForLoadState('networkidle').catch(() => {})
  await page.waitForTimeout(300)
}

/** The screens to walk: [name, how to open it]. */
const SCREENS = [
  ['dashboard', async (page) => { await page.getByTestId('nav-dashboard').click(); await page.getByTestId('dash-risk').waitFor() }],
  ['lookup', async (page) => {
    await page.getByTestId('nav-lookup').click()
    await page.getByTestId('lookup-input').fill('27AAPFU0939F1ZV\n29AAGCB7383J1Z4\n33EIUPS5109E1ZZ\n07AAACR5055K1Z6')
    await page.getByTestId('lookup-submit').click()
    await page.getByTestId('bulk-summary').waitFor({ timeout: 15000 })
  }],
  ['changed', async (page) => { await page.getByTestId('nav-changed').click() }],
  ['applicants', async (page) => { await page.getByTestId('nav-applicants').click() }],
  ['gstr2a', async (page) => {
    await page.getByTestId('nav-gstr2a').click()
    await page.getByTestId('g2-periods').waitFor()
    await page.getByTestId('g2-fy').selectOption('2025')
    await page.getByTestId('chip-2025-04').click()
    await page.getByTestId('g2-invoice-table').waitFor({ timeout: 15000 })
  }],
  ['gstr2b', async (page) => {
    await page.getByTestId('nav-gstr2b').click()
    await page.getByTestId('g2b-fy').selectOption('2025')
    await page.getByTestId('g2b-chip-2025-06').click()
    await page.getByTestId('g2b-table').waitFor({ timeout: 15000 })
  }],
  ['ims', async (page) => { await page.getByTestId('nav-ims').click(); await page.getByTestId('ims-table').waitFor({ timeout: 15000 }) }],
  ['recon-rows', async (page) => {
    await page.getByTestId('nav-recon').click()
    await page.getByTestId('recon-summary').waitFor({ timeout: 15000 })
    await page.getByTestId('recon-tab-mismatch').click()
  }],
  ['recon-suppliers', async (page) => { await page.getByTestId('recon-tab-suppliers').click() }],
  ['recon-watch', async (page) => { await page.getByTestId('recon-tab-watch').click() }],
  ['recon-2b', async (page) => {
    await page.getByTestId('recon-from').selectOption('2025-06')
    await page.getByTestId('recon-to').selectOption('2025-06')
    await page.getByTestId('recon-against-2b').click()
    await page.getByTestId('recon-sample').click()
    await page.getByTestId('recon-import').waitFor()
    await page.getByTestId('tw-run').click()
    await page.getByTestId('tw-table').waitFor({ timeout: 15000 })
  }],
  ['itcrisk', async (page) => {
    await page.getByTestId('nav-itcrisk').click()
    await page.getByTestId('risk-fy').selectOption('2025')
    await page.getByTestId('risk-sample').click()
    await page.waitForFunction(() => /with payment dates/.test(document.querySelector('[data-testid=risk-register-words]')?.textContent ?? ''))
    await page.getByTestId('risk-item').first().waitFor({ timeout: 15000 })
  }],
  ['itcrisk-scorecard', async (page) => {
    await page.getByTestId('risk-tab-scorecard').click()
    await page.getByTestId('risk-sc-row').first().click()
    await page.getByTestId('risk-sc-detail').waitFor({ timeout: 15000 })
  }],
  ['tds', async (page) => {
    await page.getByTestId('nav-tds').click()
    await page.getByTestId('tds-table').waitFor({ timeout: 15000 })
    // The demo run was made without a month: "TDS this month" is a dash, never a 0.
    assert.equal((await page.getByTestId('tds-month-total').innerText()).trim(), '—')
  }],
  ['tds-sheet', async (page) => {
    await page.getByTestId('tds-employee').first().click()
    await page.getByTestId('tds-sheet').waitFor()
  }],
  ['tds-year', async (page) => {
    await page.getByTestId('tds-tab-year').click()
    await page.getByTestId('ty-fy').selectOption('FY 2025-26')
    await page.getByTestId('ty-month-5').click()
    await page.getByTestId('ty-row').first().waitFor({ timeout: 15000 })
  }],
  ['tds-year-employee', async (page) => {
    await page.getByTestId('ty-employee').nth(1).click()
    await page.getByTestId('ty-employee-year').getByTestId('ty-employee-months').waitFor()
  }],
  ['settings', async (page) => { await page.getByTestId('nav-settings').click() }],
]

export const tests = {
  'load the demo data': async ({ page }) => {
    await loadDemoData(page)
  },

  'no screen scrolls sideways at 1366×768 or 1280×720': async ({ page, shot }) => {
    const problems = []
    for (const [w, h] of SIZES) {
      await page.setViewportSize({ width: w, height: h })
      await page.reload()
      await page.locator('[data-testid=status-bar] .badge').first().waitFor()
      for (const [screen, open] of SCREENS) {
        await open(page)
        await settle(page)
        await shot(`${screen}-${w}x${h}`)
        for (const p of await sideways(page)) problems.push(`${screen} at ${w}×${h}: ${p}`)
      }
    }
    assert.deepEqual(problems, [], 'panes that scroll sideways:\n' + problems.join('\n'))
  },

  'reconciliation shows at least 12 rows at 1366×768; the explanation keeps its buttons in view': async ({ page, shot }) => {
    await page.setViewportSize({ width: 1366, height: 768 })
    await page.getByTestId('nav-recon').click()
    await page.getByTestId('recon-summary').waitFor({ timeout: 15000 })
    await page.getByTestId('recon-tab-exact').click()
    await page.getByTestId('recon-row').nth(12).waitFor()
    const visible = await page.evaluate(() => {
      const box = document.querySelector('[data-testid=recon-rows]').getBoundingClientRect()
      const foot = document.querySelector('[data-testid=recon-rows] tfoot')?.getBoundingClientRect()
      const bottom = Math.min(box.bottom, foot ? foot.top : box.bottom)
      const head = document.querySelector('[data-testid=recon-rows] thead').getBoundingClientRect()
      return [...document.querySelectorAll('[data-testid=recon-row]')].filter((r) => {
        const b = r.getBoundingClientRect()
        return b.top >= head.bottom - 1 && b.bottom <= bottom + 1
      }).length
    })
    assert.ok(visible >= 12, `${visible} rows in view`)
    // The pinned total does not cover a row: the last row in view ends above it.
    await page.getByTestId('recon-tab-mismatch').click()
    await page.getByTestId('recon-row').first().dblclick()
    const panel = page.getByTestId('recon-explain')
    await panel.waitFor()
    await shot('recon-explain-1366x768')
    const inView = await panel.locator('button').evaluateAll((bs) => bs.every((b) => {
      const r = b.getBoundingClientRect()
      const p = b.closest('[data-testid=recon-explain]').getBoundingClientRect()
      return r.right <= p.right + 1 && r.left >= p.left - 1
    }))
    assert.ok(inView, 'a button of the explanation is cut off')
    assert.deepEqual(await sideways(page), [])
  },

  'ITC at risk agrees: dashboard, summary strip and supplier total': async ({ page }) => {
    const num = (s) => Number(s.replace(/[₹,\s]/g, ''))
    await page.getByTestId('nav-dashboard').click()
    const dash = num((await page.getByTestId('dash-risk').locator('strong').innerText()))
    // The card's link opens the run the figure comes from: the newest run is against 2B, so its 2B
    // strip, whose at risk is the same figure; then the same run's 2A summary strip.
    await page.getByTestId('dash-risk-open').click()
    await page.getByTestId('tw-strip').waitFor({ timeout: 15000 })
    assert.equal(num(await page.getByTestId('tw-fig-value-at_risk').innerText()), dash, '2B strip vs dashboard')
    await page.getByTestId('recon-against-2a').click()
    await page.getByTestId('recon-summary').waitFor({ timeout: 15000 })
    const strip = num(await page.getByTestId('recon-risk-total').innerText())
    await page.getByTestId('recon-tab-suppliers').click()
    await page.getByTestId('recon-supplier').first().waitFor()
    const sup = num(await page.getByTestId('recon-suppliers-risk-total').innerText())
    assert.ok(dash > 0, `dashboard at risk ${dash}`)
    assert.equal(strip, dash, 'summary strip vs dashboard')
    assert.equal(sup, dash, 'supplier total vs dashboard')
  },
}
