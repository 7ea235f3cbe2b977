// The first screen a newcomer sees, at 1366×768: the demo workspace opens on a made-up client's
// months already there (GSTR-2B, IMS, a reconciliation against 2B, GSTR-2A, a payroll month), every
// figure labelled demo; the workspace's whole name in the sidebar; the status bar says the demo
// service answers inside gstdesk (no address, no "Online"). The keys follow the month's routine in
// the sidebar's order. Reopening adds nothing; Clear empties the demo and Load brings it back.
// E2E_COLOR_SCHEME=dark for the dark screenshots.
import assert from 'node:assert/strict'
import { sideways } from '../helpers.mjs'
import { num } from '../gst.mjs'

// This file alone opens the demo as a person does: with its figures (the runner's default keeps it empty).
export const env = { GSTDESK_DEMO_DATA: '' }

const ROUTINE = [
  ['dashboard', 'Alt+1'], ['gstr2b', 'Alt+2'], ['ims', 'Alt+3'], ['recon', 'Alt+4'], ['itcrisk', 'Alt+5 / I'], ['table4', 'Alt+T'],
  ['gstr2a', 'Alt+6'], ['tds', 'Alt+7'], ['lookup', 'Alt+8'], ['changed', 'Alt+9'], ['applicants', 'Alt+0'], ['gstr9', 'Alt+Y'], ['settings', 'Alt+S'],
]

/** What the demo workspace holds, read through the bindings the screens use. */
function held(page) {
  return page.evaluate(async () => {
    const m = window.go.main
    const [a, b, ims, runs] = await Promise.all([m.Returns.GSTR2APeriods(), m.Returns.GSTR2BPeriods(), m.Returns.IMSStoredView(), m.Recon.ThreeWayRuns()])
    return { twoA: (a ?? []).length, twoB: (b ?? []).length, ims: (ims.rows ?? []).length, runs: (runs ?? []).length }
  })
}

async function firstScreen(page) {
  await page.setViewportSize({ width: 1366, height: 768 })
  await page.getByTestId('demo-figures').waitFor({ timeout: 20000 })
  await page.getByTestId('dash-due-item').first().waitFor({ timeout: 20000 })
}

export const tests = {
  'the demo opens on its figures, labelled demo, with the whole workspace name and the demo service': async ({ page, shot }) => {
    await firstScreen(page)
    // Figures, not zeros: the claim of the month, the IMS backlog, the ITC of the reconciliation against 2B.
    assert.ok(num(await page.getByTestId('dash-claim-amount').innerText()) > 0, 'the claim of the month')
    assert.match(await page.getByTestId('dash-ims').innerText(), /₹[1-9][\d,]*\.\d\d/)
    const risk = await page.getByTestId('dash-risk').innerText()
    assert.match(risk, /against GSTR-2B/)
    assert.match(risk, /ITC claimable\s*₹[1-9][\d,]*\.\d\d/)
    // Labelled demo: the heading, the notice, the sidebar and the status bar.
    assert.equal(await page.getByTestId('dash-demo-badge').innerText(), 'Demo')
    assert.match(await page.getByTestId('demo-figures').innerText(), /^Demo figures: a made-up client's /)
    assert.equal(await page.getByTestId('side-env').innerText(), 'DEMO')
    await page.getByTestId('demo-badge').waitFor()
    // The workspace's name whole: not cut, inside the sidebar.
    const name = await page.getByTestId('side-workspace-name').evaluate((el) => {
      const r = el.getBoundingClientRect()
      const side = el.closest('nav').getBoundingClientRect()
      return { text: el.textContent, cut: el.scrollWidth > el.clientWidth + 1 || getComputedStyle(el).textOverflow === 'ellipsis', inside: r.right <= side.right && r.left >= side.left }
    })
    assert.deepEqual(name, { text: 'Demo workspace', cut: false, inside: true })
    // The demo service in words: no "Online", no local address.
    const status = await page.getByTestId('status-bar').innerText()
    assert.equal(await page.getByTestId('online-state').innerText(), 'Demo service (simulated, no calls leave this computer)')
    assert.doesNotMatch(status, /Online|http:\/\/|127\.0\.0\.1/)
    assert.match(await page.getByTestId('calls-today').innerText(), /^\d+ simulated calls? today$/)
    assert.deepEqual(await sideways(page), [])
    await shot('dashboard-1366x768')
  },

  'the demo holds its months on their screens, and opening it again adds nothing': async ({ page, shot }) => {
    await firstScreen(page)
    const before = await held(page)
    assert.ok(before.twoA === 3 && before.twoB >= 2 && before.ims > 0 && before.runs === 1, JSON.stringify(before))
    await page.reload()
    await firstScreen(page)
    assert.deepEqual(await held(page), before, 'reopened: nothing duplicated')
    assert.match(await page.getByTestId('demo-figures').innerText(), /client's [A-Z][a-z]{2} \d{4} to [A-Z][a-z]{2} \d{4}:/, 'the months, after a reopen too')
    // The reconciliation is the one against 2B, its register the demo's.
    await page.getByTestId('nav-recon').click()
    await page.getByTestId('screen-recon').waitFor()
    // The payroll month with its TDS, under the demo employer.
    const months = await page.evaluate(async () => {
      const m = window.go.main
      const fys = new Set()
      for (const p of await m.Returns.GSTR2APeriods()) { const [y, mo] = p.period.split('-').map(Number); const s = mo >= 4 ? y : y - 1; fys.add(`FY ${s}-${String((s + 1) % 100).padStart(2, '0')}`) }
      const out = []
      for (const fy of fys) for (const x of (await m.Salary.TDSYearMonths(fy)) ?? []) out.push({ fy, ...x })
      return out
    })
    assert.equal(months.length, 1, JSON.stringify(months))
    await page.getByTestId('nav-tds').click()
    assert.match(await page.getByTestId('tds-runs').innerText(), /demo-payroll-/)
    await shot('tds-1366x768')
    await page.getByTestId('nav-gstr2b').click()
    await page.getByTestId('screen-gstr2b').waitFor()
    await page.waitForTimeout(500)
    await shot('gstr2b-1366x768')
  },

  'the keys follow the month’s routine, in the sidebar’s order, and the palette says 2B': async ({ page, shot }) => {
    await firstScreen(page)
    const side = await page.locator('nav.side a').evaluateAll((as) => as.map((a) => [a.dataset.testid.replace('nav-', ''), a.querySelector('kbd').textContent]))
    assert.deepEqual(side, ROUTINE)
    for (const [key, id] of [['2', 'gstr2b'], ['3', 'ims'], ['4', 'recon'], ['5', 'itcrisk'], ['t', 'table4'], ['6', 'gstr2a'], ['7', 'tds'], ['8', 'lookup'], ['9', 'changed'],
      ['0', 'applicants'], ['y', 'gstr9'], ['s', 'settings'], ['i', 'itcrisk'], ['1', 'dashboard']]) {
      await page.keyboard.press('Alt+' + key)
      await page.getByTestId('screen-' + id).waitFor()
      assert.equal(await page.getByTestId('nav-' + id).getAttribute('aria-current'), 'page', 'Alt+' + key)
    }
    await page.keyboard.press('Control+k')
    await page.getByTestId('palette-input').fill('reconciliation')
    const item = await page.locator('.palette li button').first().innerText()
    assert.match(item, /against GSTR-2B/)
    assert.doesNotMatch(item, /against GSTR-2A\./)
    await shot('palette-1366x768')
  },

  'Clear the demo data empties it, reopening keeps it empty, Load brings the figures back': async ({ page, shot }) => {
    await firstScreen(page)
    await page.getByTestId('demo-clear').click()
    await page.getByTestId('demo-clear-confirm').click()
    await page.getByTestId('demo-load').waitFor({ timeout: 20000 })
    assert.deepEqual(await held(page), { twoA: 0, twoB: 0, ims: 0, runs: 0 })
    await shot('cleared-1366x768')
    await page.reload()
    await page.getByTestId('demo-load').waitFor({ timeout: 20000 })
    assert.deepEqual(await held(page), { twoA: 0, twoB: 0, ims: 0, runs: 0 }, 'cleared stays cleared')
    await page.getByTestId('demo-load').click()
    await page.getByTestId('demo-figures').waitFor({ timeout: 20000 })
    assert.equal((await held(page)).runs, 1)
  },

  'a long workspace name wraps whole in the sidebar, at 1366 and 1280 px': async ({ page, shot }) => {
    await firstScreen(page)
    const long = 'Sharma & Co Chartered Accountants, Pune (demo)'
    const rename = (name) => page.evaluate(async (name) => {
      const m = window.go.main
      const info = await m.Workspaces.Info()
      await m.Workspaces.SaveSettings(name, info.workspace.gstin, await m.Workspaces.Settings())
    }, name)
    await rename(long)
    try {
      for (const [w, h] of [[1366, 768], [1280, 720]]) {
        await page.setViewportSize({ width: w, height: h })
        await page.reload()
        await page.getByTestId('demo-figures').waitFor({ timeout: 20000 })
        const el = page.getByTestId('side-workspace-name')
        await el.getByText(long).waitFor()
        const box = await el.evaluate((e) => {
          const r = e.getBoundingClientRect()
          const side = e.closest('nav').getBoundingClientRect()
          return { cut: e.scrollWidth > e.clientWidth + 1, inside: r.right <= side.right + 0.5, lines: Math.round(r.height / parseFloat(getComputedStyle(e).lineHeight)) }
        })
        assert.equal(box.cut, false, `cut at ${w}px`)
        assert.equal(box.inside, true, `outside the sidebar at ${w}px`)
        assert.ok(box.lines >= 2, `wraps at ${w}px`)
        // Every entry on one line with its key shown, none cut.
        const entries = await page.locator('nav.side a').evaluateAll((as) => as.map((a) => {
          const k = a.querySelector('kbd')
          return { id: a.dataset.testid, over: a.scrollWidth > a.clientWidth + 1, oneLine: a.getBoundingClientRect().height < 34, key: k && getComputedStyle(k).display !== 'none' }
        }).filter((x) => x.over || !x.oneLine || !x.key))
        assert.deepEqual(entries, [], `sidebar entries at ${w}px`)
        await page.getByTestId('dash-due-item').first().waitFor({ timeout: 20000 })
        await shot(`long-name-${w}x${h}`)
      }
    } finally {
      await rename('Demo workspace')
    }
  },
}
