// Measures the peak memory of the whole app process (the dev binary's Go process: the bindings, the
// services, SQLite) while a person imports big files from the window: a payroll of 200,000 rows
// (imported, then computed as a run) and a GSTR-2B portal file of 100,000 documents, each chosen
// through the Open dialog (answered by GSTDESK_OPEN_DIALOG, as in the e2e tests). Not a test: it
// prints the figures for BENCHMARKS.md beside it. Run from frontend/ after `make frontend-dist` and
// `go build -tags dev -o build/bin/gstdesk-dev .`:
//
//   DEV_BIN=../build/bin/gstdesk-dev xvfb-run -a node e2e/measure/window-imports.mjs [payroll|gstr2b|bindings|idle]
//
// Each file gets a new app (a new data folder), so each peak is that import's alone. Two peaks are
// read: the kernel's VmHWM of the process (shared libraries' pages included) and its own memory
// (RssAnon, sampled every 10 ms). MEASURE_LOG=file keeps the app's output (GODEBUG=gctrace=1 shows
// the Go heap), MEASURE_SMAPS=ms dumps its biggest private regions ms after a run starts,
// MEASURE_TRACE=1 prints RssAnon as it moves.
import { spawn } from 'node:child_process'
import { mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.resolve(here, '../../..')
const work = mkdtempSync(path.join(tmpdir(), 'gstdesk-measure-'))
process.on('exit', () => rmSync(work, { recursive: true, force: true }))

const peakMB = (pid) => {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return Math.round(Number(m[1]) / 1024)
}
const sizeMB = (p) => (statSync(p).size / 1048576).toFixed(1)
// The process's own memory (RssAnon: its heap, the Go heap and SQLite's, not the shared libraries'
// pages, which the kernel counts in VmHWM), sampled every 10 ms; peakAnon() is the highest so far.
function anonSampler(pid) {
  let peak = 0
  let last = 0
  const read = () => {
    try {
      const m = /RssAnon:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
      const v = Math.round(Number(m[1]) / 1024)
      if (process.env.MEASURE_TRACE && Math.abs(v - last) >= 10) { console.log(`  ${Date.now() % 100000} ms: ${v} MB`); last = v }
      peak = Math.max(peak, v)
    } catch { /* exited */ }
  }
  read()
  const t = setInterval(read, 10)
  return { peak: () => { read(); return peak }, stop: () => clearInterval(t) }
}

async function startApp() {
  const port = await new Promise((resolve) => { const s = net.createServer().listen(0, '127.0.0.1', () => { const p = s.address().port; s.close(() => resolve(p)) }) })
  const data = mkdtempSync(path.join(work, 'data-'))
  const openDialog = path.join(work, 'chosen-' + port + '.txt')
  const bin = path.resolve(root, 'frontend', process.env.DEV_BIN || '../build/bin/gstdesk-dev')
  // The app's output (GODEBUG=gctrace=1 shows the Go heap at each collection) goes to MEASURE_LOG.
  const log = process.env.MEASURE_LOG ? openSync(process.env.MEASURE_LOG, 'a') : 'ignore'
  const proc = spawn(bin, ['-assetdir', path.join(root, 'frontend/dist'), '-devserver', `127.0.0.1:${port}`, '-loglevel', process.env.MEASURE_LOGLEVEL || 'Warning'], {
    env: { ...process.env, GSTDESK_DATA_DIR: data, GSTDESK_SAVE_DIALOG: 'exports', GSTDESK_OPEN_DIALOG: openDialog, GSTDESK_DEMO_DATA: 'empty' }, stdio: ['ignore', log, log],
  })
  const url = `http://127.0.0.1:${port}/`
  for (let i = 0; i < 200; i++) { try { if ((await fetch(url)).ok) break } catch { /* not up */ } await new Promise((r) => setTimeout(r, 100)) }
  return { url, proc, openDialog }
}

function payrollFile(rows) {
  const p = path.join(work, `payroll-${rows}.csv`)
  const lines = ['employee_code,name,pan,pan_status,employee_category,salary_as_per_provisions_contained_in_section_17_1,deductible_amount_us_80_c,professional_tax']
  for (let i = 0; i < rows; i++) lines.push(`E${String(i + 1).padStart(6, '0')},Employee ${i + 1},ABCP${'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[Math.floor(i / 10000) % 26]}${String(i % 10000).padStart(4, '0')}K,PANISVALID,general,${600000 + (i % 900) * 1000},${(i * 7) % 150000},2400`)
  writeFileSync(p, lines.join('\n') + '\n')
  return p
}

function gstr2bFile(docs) {
  const p = path.join(work, `returns_R2B_27AAPFU0939F1ZV_102025-${docs}.json`)
  const suppliers = []
  const perSupplier = 50
  for (let s = 0; s * perSupplier < docs; s++) {
    const inv = []
    for (let i = 0; i < perSupplier && s * perSupplier + i < docs; i++) {
      const tx = 1000 + ((s * 31 + i * 17) % 90000)
      inv.push({ inum: `S${s}/25-26/${i + 1}`, dt: `${String(1 + (i % 28)).padStart(2, '0')}-10-2025`, val: +(tx * 1.18).toFixed(2), pos: '27', rev: 'N', typ: 'R', itcavl: 'Y', rsn: '', imsStatus: 'N',
        txval: tx, igst: 0, cgst: +(tx * 0.09).toFixed(2), sgst: +(tx * 0.09).toFixed(2), cess: 0 })
    }
    suppliers.push({ ctin: '27AABCT1332L1ZT', trdnm: `Supplier ${s}`, supfildt: '11-11-2025', supprd: '102025', inv })
  }
  writeFileSync(p, JSON.stringify({ chksum: 'x', data: { gstin: '27AAPFU0939F1ZV', rtnprd: '102025', version: '1.0', gendt: '14-11-2025', docdata: { b2b: suppliers } } }))
  return p
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
// MEASURE_SMAPS=ms: the biggest private regions of the process, ms after a run starts and at the end.
function dumpSmaps(pid) {
  const regs = readFileSync(`/proc/${pid}/smaps`, 'utf8').split(/\n(?=[0-9a-f]+-[0-9a-f]+ )/)
  const big = regs.map((r) => ({ head: r.split('\n')[0], anon: Number(/\nAnonymous:\s+(\d+) kB/.exec(r)?.[1] ?? 0) })).filter((r) => r.anon > 4096).sort((a, b) => b.anon - a.anon)
  const all = regs.map((r) => Number(/\nAnonymous:\s+(\d+) kB/.exec(r)?.[1] ?? 0))
  const small = all.filter((a) => a <= 4096)
  console.log(`  smaps: anonymous ${Math.round(all.reduce((a, b) => a + b, 0) / 1024)} MB in ${all.length} regions; ${Math.round(small.reduce((a, b) => a + b, 0) / 1024)} MB in ${small.filter((a) => a > 0).length} regions of 4 MB or less`)
  for (const r of big.slice(0, 12)) console.log(`  ${Math.round(r.anon / 1024)} MB  ${r.head}`)
}

async function withApp(fn) {
  const app = await startApp()
  const page = await (await browser.newContext({ viewport: { width: 1366, height: 768 } })).newPage()
  await page.goto(app.url)
  await page.locator('[data-testid=status-bar] .badge').first().waitFor({ timeout: 60000 })
  const choose = async (testid, file) => { writeFileSync(app.openDialog, file); await page.getByTestId(testid).click() }
  app.anon = anonSampler(app.proc.pid)
  try {
    await fn(page, app, choose)
    if (process.env.MEASURE_SMAPS) dumpSmaps(app.proc.pid)
  } finally { app.anon.stop(); app.proc.kill('SIGKILL'); await page.context().close() }
}

const only = process.argv[2]
if (!only || only === 'payroll') {
  const file = payrollFile(200000)
  await withApp(async (page, app, choose) => {
    const before = peakMB(app.proc.pid)
    const anonBefore = app.anon.peak()
    await page.getByTestId('nav-tds').click()
    await page.getByTestId('screen-tds').waitFor()
    const t0 = Date.now()
    await choose('tds-choose-file', file)
    await page.getByTestId('tds-preview').waitFor({ timeout: 300000 })
    const imported = peakMB(app.proc.pid)
    const anonImported = app.anon.peak()
    const t1 = Date.now()
    await page.getByTestId('tds-start').click()
    if (process.env.MEASURE_SMAPS) { await page.waitForTimeout(Number(process.env.MEASURE_SMAPS)); dumpSmaps(app.proc.pid) }
    await page.getByTestId('tds-runs').waitFor({ timeout: 600000 })
    await page.waitForFunction(() => !document.querySelector('[data-testid=job-progress]'), null, { timeout: 600000 })
    console.log(`payroll, 200,000 rows CSV (${sizeMB(file)} MB), peak RSS (VmHWM) / own memory (RssAnon): before ${before} / ${anonBefore} MB; after the import ${imported} / ${anonImported} MB (${((t1 - t0) / 1000).toFixed(1)} s); after the run ${peakMB(app.proc.pid)} / ${app.anon.peak()} MB (${((Date.now() - t1) / 1000).toFixed(1)} s)`)
  })
}
if (only === 'bindings') {
  // The same payroll through the bound methods alone, from a page left on the dashboard.
  const file = payrollFile(200000)
  await withApp(async (page, app) => {
    const r = await page.evaluate(async (f) => {
      const m = window.go.main
      const im = await m.Salary.TDSImportPath(f)
      const id = await m.Salary.TDSStartRun(im.token, 'FY 2025-26', 6, false)
      for (;;) { try { return await m.Salary.TDSRunResult(id) } catch { await new Promise((r) => setTimeout(r, 200)) } }
    }, file)
    console.log(`bindings only: ${r.totals.employees} employees; peak RSS (VmHWM) / own memory (RssAnon) ${peakMB(app.proc.pid)} / ${app.anon.peak()} MB`)
  })
}
if (only === 'idle') {
  // The same screens with no import: what the window itself takes over the same time.
  await withApp(async (page, app) => {
    for (const nav of ['nav-tds', 'nav-gstr2b', 'nav-dashboard', 'nav-tds']) {
      await page.getByTestId(nav).click()
      await page.waitForTimeout(2000)
    }
    console.log(`no import, four screens over 8 s: peak RSS (VmHWM) / own memory (RssAnon) ${peakMB(app.proc.pid)} / ${app.anon.peak()} MB`)
  })
}
if (!only || only === 'gstr2b') {
  const file = gstr2bFile(100000)
  await withApp(async (page, app, choose) => {
    const before = peakMB(app.proc.pid)
    const anonBefore = app.anon.peak()
    await page.getByTestId('nav-gstr2b').click()
    const t0 = Date.now()
    await choose('g2b-import', file)
    await page.getByTestId('g2b-imported').waitFor({ timeout: 300000 })
    await page.getByTestId('g2b-summary').waitFor({ timeout: 300000 })
    await page.waitForTimeout(2000) // the screen's reads after the import (summary, first page, dashboard)
    console.log(`GSTR-2B portal file, 100,000 documents (${sizeMB(file)} MB), peak RSS (VmHWM) / own memory (RssAnon): before ${before} / ${anonBefore} MB; after the import and the screen's reads ${peakMB(app.proc.pid)} / ${app.anon.peak()} MB (${((Date.now() - t0) / 1000).toFixed(1)} s): ${await page.getByTestId('g2b-imported').innerText()}`)
  })
}
await browser.close()
