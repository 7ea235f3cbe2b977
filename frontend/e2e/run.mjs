// End-to-end runner: starts the -tags dev binary (live Go bindings, assets from frontend/dist) on a
// fresh data directory, drives it in Debian's Chromium with playwright-core, and runs every
// tests/*.mjs. Screenshots go to build/e2e/. Prints "N passed, N failed" and exits non-zero on failure.
// `node e2e/run.mjs [file filter]`; E2E_COLOR_SCHEME=dark runs them in dark mode (screenshots
// named *-dark.png) to look at every screen in the dark theme.
import { spawn } from 'node:child_process'
import { mkdtempSync, mkdirSync, openSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { contrastOn, figuresFail, readingProblems } from './contrast.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.resolve(here, '../..')
const shots = path.join(root, 'build/e2e')
mkdirSync(shots, { recursive: true })

// Everything a run writes outside build/e2e lives in one folder, removed when the run ends however
// it ends: the apps' data folders, the tests' own temporary folders (TMPDIR: os.tmpdir() and Go's
// os.TempDir() read it), Chromium's profile (Playwright makes it under TMPDIR) and what Chromium and
// WebKitGTK write under the home folder (~/.config/chromium's crash reports, caches), through XDG_*.
const runDir = mkdtempSync(path.join(tmpdir(), 'gstdesk-e2e-run-'))
const homeDirs = { XDG_CONFIG_HOME: path.join(runDir, 'config'), XDG_CACHE_HOME: path.join(runDir, 'cache'), XDG_DATA_HOME: path.join(runDir, 'share') }
for (const d of Object.values(homeDirs)) mkdirSync(d)
Object.assign(process.env, homeDirs) // the CLI commands tests run too
process.env.TMPDIR = path.join(runDir, 'tmp')
mkdirSync(process.env.TMPDIR)
// Apps still running when the run is cut short (Ctrl+C, a crash) are stopped before the folder goes.
const running = new Set()
process.on('exit', () => {
  for (const p of running) p.kill('SIGKILL')
  rmSync(runDir, { recursive: true, force: true, maxRetries: 3 })
})
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(130))

function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => resolve(p)) })
  })
}

async function waitFor(url, ms) {
  const end = Date.now() + ms
  while (Date.now() < end) {
    try { const r = await fetch(url); if (r.ok) return } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${url} did not answer within ${ms} ms`)
}

/** Starts the dev binary on a fresh data directory; returns {url, stop}. */
export async function startApp(extraEnv = {}) {
  const bin = path.resolve(here, '..', process.env.DEV_BIN || '../build/bin/gstdesk-dev')
  const data = mkdtempSync(path.join(tmpdir(), 'gstdesk-e2e-'))
  // The system's Open dialog cannot be answered from the browser either: the dev binary reads the
  // path a test "chooses" from this file (helpers.mjs chooseFile writes it before the click).
  const openDialog = path.join(mkdtempSync(path.join(tmpdir(), 'gstdesk-e2e-open-')), 'chosen-path.txt')
  const port = await freePort()
  const t0 = Date.now()
  // The app's own output goes to build/e2e/app.log (the Wails dev server is chatty), not the test log.
  const log = openSync(path.join(shots, 'app.log'), 'a')
  const proc = spawn(bin, ['-assetdir', path.join(root, 'frontend/dist'), '-devserver', `127.0.0.1:${port}`, '-loglevel', 'Warning'], {
    // No system Save dialog can be answered from the browser: exports go to the exports folder
    // (and an Open dialog answers with the path a test wrote to openDialog).
    // The tests start from an empty demo workspace (GSTDESK_DEMO_DATA=empty) and pull what they
    // need; a test file of the first screen sets it to '' for the demo figures a person sees.
    env: { ...process.env, GSTDESK_DATA_DIR: data, GSTDESK_DEMO_DATE: demoDate(), GSTDESK_SAVE_DIALOG: 'exports', GSTDESK_OPEN_DIALOG: openDialog, GSTDESK_DEMO_DATA: 'empty', ...extraEnv }, stdio: ['ignore', log, log],
  })
  const url = `http://127.0.0.1:${port}/`
  await waitFor(url, 20000)
  console.log(`  app up in ${Date.now() - t0} ms at ${url}`)
  running.add(proc)
  const exited = new Promise((resolve) => proc.once('exit', resolve)).then((v) => { running.delete(proc); return v })
  // Stop waits for the app to exit before removing its data folder: on SIGTERM it still ships its
  // last writes (backup) and closes the database, and a folder removed under it is not empty.
  const stop = async () => {
    proc.kill()
    const gone = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 15000))])
    if (!gone) { proc.kill('SIGKILL'); await exited }
    rmSync(data, { recursive: true, force: true })
  }
  return { url, data, openDialog, stop }
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
})

const colorScheme = process.env.E2E_COLOR_SCHEME === 'dark' ? 'dark' : 'light'
// E2E_VIEWPORT=1366x768 runs them at another window size (screenshots named *-1366x768.png).
const [vw, vh] = (process.env.E2E_VIEWPORT || '1280x800').split('x').map(Number)
const sizeTag = process.env.E2E_VIEWPORT ? '-' + process.env.E2E_VIEWPORT : ''
let passed = 0
let failed = 0
const files = readdirSync(path.join(here, 'tests')).filter((f) => f.endsWith('.mjs')).sort()
const only = process.argv[2]
for (const f of files) {
  if (only && !f.includes(only)) continue
  const mod = await import(path.join(here, 'tests', f))
  const app = await startApp(mod.env || {})
  for (const [name, fn] of Object.entries(mod.tests)) {
    const ctx = await browser.newContext({ viewport: { width: vw, height: vh }, acceptDownloads: true, colorScheme })
    const page = await ctx.newPage()
    const pageErrors = []
    // The Wails dev IPC script throws once on load in a plain browser; our own code must not throw.
    page.on('pageerror', (e) => { if (!String(e.stack).includes('/wails/')) pageErrors.push(e.message) })
    // Every screen a test looks at is also read for contrast and figure size (e2e/contrast.mjs);
    // problems fail the test at its end, named by the screenshot they were seen on.
    const reading = new Map() // problem → the first screenshot it was seen on
    const picture = (n) => page.screenshot({ path: path.join(shots, `${f.replace('.mjs', '')}-${n}${sizeTag}${colorScheme === 'dark' ? '-dark' : ''}.png`), fullPage: false })
    const shot = async (n) => {
      await picture(n)
      if (contrastOn) for (const p of await readingProblems(page)) if (!reading.has(p)) reading.set(p, n)
    }
    try {
      await page.goto(app.url)
      await page.locator('[data-testid=status-bar] .badge').first().waitFor({ timeout: 30000 })
      await fn({ page, shot, app, startApp })
      if (pageErrors.length) throw new Error('page errors: ' + pageErrors.join('; '))
      const hard = [...reading].filter(([p]) => figuresFail || p.startsWith('contrast'))
      if (hard.length) throw new Error(`hard to read (${colorScheme}):\n` + hard.map(([p, n]) => `${n}: ${p}`).join('\n'))
      passed++
      console.log(`ok   ${f} › ${name}`)
      const small = [...reading].filter(([p]) => !p.startsWith('contrast'))
      if (small.length) console.log(`     note: ${small.length} figures below 13 px, e.g. ${small.slice(0, 2).map(([p, n]) => `${n}: ${p}`).join('; ')}`)
    } catch (e) {
      failed++
      console.log(`FAIL ${f} › ${name}\n     ${String(e.message || e).split('\n').join('\n     ')}`)
      await picture('FAILED-' + name.replace(/\W+/g, '_')).catch(() => {})
    } finally {
      await ctx.close()
    }
  }
  await app.stop()
}
await browser.close()
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)

// demoDate is the demo service's date for the app under test (GSTDESK_DEMO_DATE, DD/MM/YYYY):
// today from the 14th of a month on, else the 14th of this month, so the GSTR-2B of the demo's
// IMS month (the month before) is there whatever day the suite runs (as coretest.DemoDate).
function demoDate() {
  const d = new Date()
  const day = d.getDate() < 14 ? 14 : d.getDate()
  return `${String(day).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`
}
