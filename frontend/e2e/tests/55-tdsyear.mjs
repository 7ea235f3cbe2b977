// The payroll TDS year in the window, month by month on the demo workspace: the employer (its TAN
// checked in words), April, May with a raise and a new declaration, June with a bonus; the
// register's figures against the command line's for the same files (the expected values come from
// the backend, never written here); the change from last month and why; May imported again (the
// diff first, replaced only when asked, the out-of-order warning); a file with a bad cell; the
// keyboard; the forms (a job) and the annexure written, the PDFs read back; the HRA helper.
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { inView, chooseFile } from '../helpers.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const frontend = path.resolve(here, '..', '..')
const bin = path.resolve(frontend, process.env.DEV_BIN || '../build/bin/gstdesk-dev')
const fixture = (name) => path.join(here, '..', 'fixtures', 'tdsyear', name)
const FY = 'FY 2025-26'

/** The command line on a data folder of its own: the figures the window must show. */
const cliData = mkdtempSync(path.join(tmpdir(), 'gstdesk-tdsyear-cli-'))
function cli(...args) {
  return execFileSync(bin, args, { env: { ...process.env, GSTDESK_DATA_DIR: cliData }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
}
/** Records a month through the command line and returns its register by employee code. */
function cliMonth(month, file) {
  const lines = cli('tds', 'month', '--fy', FY, '--month', String(month), '--in', fixture(file)).trim().split('\n')
  return Object.fromEntries(lines.map((l) => JSON.parse(l)).map((r) => [r.employee, r]))
}

// pdftotext (poppler-utils) reads the forms back when the runner has it.
let pdftotext = ''
try { pdftotext = execFileSync('which', ['pdftotext'], { encoding: 'utf8' }).trim() } catch { /* not installed */ }

const num = (s) => Number(String(s).replace(/[₹,\s]/g, '').replace(/^\((.*)\)$/, '-$1'))

async function openYear(page) {
  await page.getByTestId('nav-tds').click()
  await page.getByTestId('tds-tab-year').click()
  await page.getByTestId('ty-view').waitFor()
  await page.getByTestId('ty-fy').selectOption(FY)
}

/** Chooses a month on the strip and imports a file for it (a month not recorded yet). */
async function importMonth(page, app, month, file) {
  await page.getByTestId('ty-month-' + month).click()
  await chooseFile(page, app, 'ty-choose-file', fixture(file))
  await page.getByTestId('ty-result').filter({ hasText: file }).waitFor()
}

/** The register on screen: code → the five figures, read from the cells. */
async function registerOnScreen(page) {
  await page.getByTestId('ty-row').first().waitFor()
  return page.evaluate(() => Object.fromEntries([...document.querySelectorAll('[data-testid=ty-row]')].map((tr) => {
    const fig = (c) => tr.querySelector(`[data-col=${c}] .fig`).textContent
    return [tr.dataset.code, { projected: fig('projected'), liability: fig('liability'), before: fig('before'), tds: fig('tds'), remaining: fig('remaining'), why: tr.querySelector('[data-col=why]').textContent }]
  })))
}

/** Waits for the register on screen to show the command line's figures (it reloads after an
 * import), then checks them; returns what is on screen. */
async function registerIs(page, expected, month) {
  let onScreen
  for (let i = 0; i < 50; i++) {
    onScreen = await registerOnScreen(page)
    try { sameFigures(onScreen, expected, month); return onScreen } catch { await page.waitForTimeout(100) }
  }
  sameFigures(onScreen, expected, month)
  return onScreen
}

function sameFigures(onScreen, expected, month) {
  assert.deepEqual(Object.keys(onScreen).sort(), Object.keys(expected).sort(), `employees of month ${month}`)
  for (const [code, e] of Object.entries(expected)) {
    const s = onScreen[code]
    assert.deepEqual(
      [num(s.projected), num(s.liability), num(s.before), num(s.tds), num(s.remaining)],
      [e.projected_taxable_income, e.annual_liability, e.deducted_before, e.tds_this_month, e.remaining],
      `month ${month}, ${code}: projected taxable, liability, deducted before, this month, remaining`)
  }
}

const expected = {}

export const tests = {
  'sets the employer; a TAN of the wrong pattern is refused in words': async ({ page, shot, app }) => {
    await openYear(page)
    const form = page.getByTestId('ty-employer-form')
    await form.waitFor()
    await page.getByTestId('ty-emp-name').fill('Demo Traders Pvt Ltd')
    await page.getByTestId('ty-emp-tan').fill('MUMD1234E')
    await page.getByTestId('ty-emp-tan').press('Enter')
    assert.match(await page.getByTestId('ty-tan-error').innerText(), /A TAN has 10 characters \(4 letters, 5 digits, 1 letter/)
    await shot('employer-tan-error')
    await page.getByTestId('ty-emp-tan').fill('mumd12345e')
    await page.getByTestId('ty-emp-pan').fill('AAACD1234F')
    await page.getByTestId('ty-emp-address').fill('14 Nariman Point, Mumbai 400021')
    await page.getByTestId('ty-emp-responsible').fill('Kavita Desai')
    await page.getByTestId('ty-emp-responsible').press('Enter')
    const line = page.getByTestId('ty-employer')
    await line.waitFor()
    assert.match(await line.innerText(), /Demo Traders Pvt Ltd · TAN MUMD12345E · PAN AAACD1234F · signed by Kavita Desai/)
    await page.getByText('No month of FY 2025-26 is recorded').waitFor()
    await shot('empty')
  },

  'April, May with a raise and June with a bonus: the register agrees with the command line': async ({ page, shot, app }) => {
    await openYear(page)
    for (const [month, file] of [[4, 'april.csv'], [5, 'may.csv'], [6, 'june-bonus.csv']]) {
      expected[month] = cliMonth(month, file)
      await importMonth(page, app, month, file)
      assert.match(await page.getByTestId('ty-result').innerText(), /recorded from .*: 4 employees/)
      assert.equal(await page.getByTestId('ty-month-' + month).getAttribute('data-recorded'), 'yes')
      const onScreen = await registerIs(page, expected[month], month)
      const total = Object.values(expected[month]).reduce((a, r) => a + r.tds_this_month, 0)
      assert.equal(num(await page.getByTestId('ty-total-tds').innerText()), total, `month ${month}: TDS this month in all`)
      if (month === 5) {
        // The change from April and why: a raise, a new declaration, April's deduction; the
        // over-deduction named with its excess, never a bare 0.
        assert.match(onScreen.E001.why, /raise: salary u\/s 17\(1\) 1,20,000 → 1,40,000 a month/)
        assert.match(onScreen.E002.why, /new declaration: 80D 0 → 25,000/)
        const over = page.getByTestId('ty-row').filter({ hasText: 'Farah Khan' }).getByTestId('ty-over')
        assert.equal(await over.innerText(), `over-deducted by ₹${expected[5].E004.over_deducted.toLocaleString('en-IN')}`)
        await shot('register-may')
      }
    }
    // The register leaves as a file: every employee of the month, the figures as the screen shows them.
    await page.getByTestId('ty-export-csv').click()
    const csvPath = await page.getByTestId('ty-export-path').locator('.mono').innerText()
    const csv = readFileSync(csvPath, 'utf8')
    assert.equal(csv.trim().split('\n').length, 5, 'the header and four employees')
    assert.ok(csv.includes(String(expected[6].E001.tds_this_month)), 'Asha Rao\'s June TDS in the CSV')
    const june = await registerOnScreen(page)
    assert.match(june.E001.why, /bonus or one-off salary 2,50,000 this month/)
    assert.deepEqual(await page.getByTestId('ty-gaps').count(), 0, 'no month missing before June')
    // June's TDS is paid to the government by the 7th of July.
    assert.match(await page.getByTestId('ty-deposit-due').innerText(), /Pay to the government by\s+07\/07\/2025/)
    await shot('register-june')
  },

  'May imported again: the diff first, replaced only when asked, the later month computed again': async ({ page, shot, app }) => {
    await openYear(page)
    await page.getByTestId('ty-month-5').click()
    await chooseFile(page, app, 'ty-choose-file', fixture('may-corrected.csv'))
    const preview = page.getByTestId('ty-preview')
    await preview.waitFor()
    assert.match(await page.getByTestId('ty-diff').innerText(), /E003\s+Salary u\/s 17\(1\) 60,000 → 65,000/)
    assert.match(await preview.innerText(), /1 changed.*0 added.*0 removed/s)
    await shot('reimport-diff')
    await page.getByTestId('ty-keep').click()
    await preview.waitFor({ state: 'detached' })
    await registerIs(page, expected[5], 5) // kept as recorded

    await chooseFile(page, app, 'ty-choose-file', fixture('may-corrected.csv'))
    await preview.waitFor()
    await page.getByTestId('ty-replace').click()
    await page.getByTestId('ty-result').filter({ hasText: 'may-corrected.csv' }).waitFor()
    assert.match(await page.getByTestId('ty-result').innerText(), /May 2025 recorded again from may-corrected\.csv/)
    assert.match(await page.getByTestId('ty-warnings').innerText(), /May 2025 comes in after June 2025/)
    expected[5] = cliMonth(5, 'may-corrected.csv')
    await registerIs(page, expected[5], 5)
    await shot('reimport-done')

    // A file with a bad cell: every problem by file, row and column; July stays unrecorded.
    await importMonth(page, app, 7, 'july-bad.csv')
    const problems = await page.getByTestId('ty-problems').innerText()
    assert.match(problems, /july-bad\.csv\s+3\s+E \(Basic salary 17\(1\)\)\s+abc\s+expected an amount in rupees/)
    assert.match(await page.getByTestId('ty-result').innerText(), /July 2025 is not recorded \(nothing was stored\)/)
    assert.equal(await page.getByTestId('ty-month-7').getAttribute('data-recorded'), 'no')
    await shot('bad-file')
  },

  'keyboard: arrows along the months, Enter opens an employee, Esc closes': async ({ page, shot, app }) => {
    await openYear(page)
    await page.getByTestId('ty-month-6').click()
    await page.getByTestId('ty-row').first().waitFor()
    await page.getByTestId('ty-month-6').focus()
    await page.keyboard.press('ArrowLeft')
    assert.equal(await page.getByTestId('ty-month-5').getAttribute('aria-pressed'), 'true')
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.month), '5')
    await page.keyboard.press('ArrowRight')
    assert.equal(await page.getByTestId('ty-month-6').getAttribute('aria-pressed'), 'true')
    // The register under the strip is June's, not the answer for May that came in late: its total
    // is the TDS the months list records for June.
    const juneTDS = num(/TDS (₹[\d,]+)/.exec(await page.getByTestId('ty-month-info').innerText())[1])
    await page.waitForFunction((want) => Number(document.querySelector('[data-testid=ty-total-tds]')?.textContent.replace(/[₹,]/g, '')) === want, juneTDS, { timeout: 5000 }).catch(() => {})
    assert.equal(num(await page.getByTestId('ty-total-tds').innerText()), juneTDS, 'the register shown is June\'s')
    await page.keyboard.press('ArrowDown') // into the register
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'ty-register')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    const panel = page.getByTestId('ty-employee-year')
    await panel.waitFor()
    // The panel opens at once and fills when the employee's months arrive: wait for them.
    await panel.getByTestId('ty-employee-months').locator('tbody tr').nth(2).waitFor()
    assert.match(await panel.innerText(), /Vikram Shah/)
    assert.equal(await panel.getByTestId('ty-employee-months').locator('tbody tr').count(), 3)
    const ytd = await cli('tds', 'ytd', '--fy', FY, '--employee', 'E002')
    const last = JSON.parse(ytd.trim().split('\n').pop())
    assert.match(await panel.getByTestId('ty-regimes').innerText(), new RegExp(`the new regime would save ₹${last.saving.toLocaleString('en-IN')}`))
    await shot('employee-year')
    await page.keyboard.press('Escape')
    await panel.waitFor({ state: 'detached' })
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.testid), 'ty-register')
  },

  'forms for every employee (a job) and the annexure: written, offered, the PDFs read back': async ({ page, shot, app }) => {
    await openYear(page)
    await page.getByTestId('ty-forms-all').click()
    const done = page.getByTestId('ty-forms-done')
    await done.waitFor({ timeout: 30000 })
    const folder = await done.locator('p .mono').first().innerText()
    const files = readdirSync(folder).sort()
    assert.deepEqual(files, ['Form12BA-E002-2025-26.pdf', 'Form12BA-E002-2025-26.xlsx',
      ...['E001', 'E002', 'E003', 'E004'].flatMap((c) => [`Form16-PartB-${c}-2025-26.pdf`, `Form16-PartB-${c}-2025-26.xlsx`])].sort())
    assert.equal(await done.getByTestId('file-open').count(), files.length, 'each file offered: Open, Show in folder, Save a copy as…')
    for (const f of files.filter((f) => f.endsWith('.pdf'))) {
      const p = path.join(folder, f)
      assert.ok(statSync(p).size > 1000, f + ' is not empty')
      assert.equal(readFileSync(p).subarray(0, 5).toString(), '%PDF-', f + ' is a PDF')
    }
    if (pdftotext) {
      const text = execFileSync(pdftotext, ['-layout', path.join(folder, 'Form16-PartB-E001-2025-26.pdf'), '-'], { encoding: 'utf8' })
      for (const want of ['FORM NO. 16', 'PART B', 'Demo Traders Pvt Ltd', 'MUMD12345E', 'Asha Rao', 'ABCPR1234K', 'Kavita Desai']) assert.ok(text.includes(want), `Form 16 Part B of E001 reads ${want}`)
      const perqs = execFileSync(pdftotext, [path.join(folder, 'Form12BA-E002-2025-26.pdf'), '-'], { encoding: 'utf8' })
      assert.match(perqs, /FORM NO\. 12BA/)
    } else {
      console.log('     (pdftotext is not installed: the PDFs were checked as PDFs, not read back)')
    }
    await shot('forms')

    // One employee's forms from the employee's year.
    await page.getByTestId('ty-employee').filter({ hasText: 'Asha Rao' }).click()
    await page.getByTestId('ty-employee-forms').click()
    const own = page.getByTestId('ty-employee-files')
    await own.waitFor()
    assert.equal(await own.getByTestId('file-open').count(), 2)
    assert.match(await own.innerText(), /Form16-PartB-E001-2025-26.*\.pdf/)
    await page.keyboard.press('Escape')

    await page.getByTestId('ty-annexure-xlsx').click()
    const ann = page.getByTestId('ty-annexure-path')
    await ann.waitFor()
    const annPath = await ann.locator('.mono').innerText()
    assert.ok(existsSync(annPath) && annPath.endsWith('.xlsx'), annPath)
    assert.equal(readFileSync(annPath).subarray(0, 2).toString(), 'PK', 'an XLSX file')
    assert.equal(await ann.getByTestId('file-show').count(), 1)
  },

  'the HRA helper works out the exemption with the year\'s rule': async ({ page, shot, app }) => {
    await openYear(page)
    await page.getByTestId('hra-rent').fill('30000')
    await page.getByTestId('hra-salary').fill('50000')
    await page.getByTestId('hra-received').fill('20000')
    await page.getByTestId('hra-city').fill('Pune')
    await page.getByTestId('hra-city').press('Enter')
    const out = page.getByTestId('hra-result')
    await out.waitFor()
    const want = JSON.parse(cli('tds', 'hra', '--fy', FY, '--rent', '30000', '--salary', '50000', '--hra', '20000', '--city', 'Pune'))
    assert.match(await out.innerText(), new RegExp(`Exempt: ₹${want.exempt.toLocaleString('en-IN')}`))
    assert.match(await out.innerText(), /not a listed city/, 'Pune is not one of the four metros before tax year 2026-27')
    await out.scrollIntoViewIfNeeded()
    await shot('hra')
  },

  'a month of 1,000 employees: the register scrolls as one list, its rows fetched a page at a time': async ({ page, shot, app }) => {
    await openYear(page)
    const lines = ['Emp code,Employee name,PAN,Regime,Basic salary 17(1),Perquisites 17(2),Professional tax,80C,TDS deducted']
    for (let i = 1; i <= 1000; i++) lines.push(`E${String(i).padStart(4, '0')},Employee ${i},ABCPE${String(i).padStart(4, '0')}K,,${200000 + i * 100},0,200,0,`)
    await page.getByTestId('ty-month-1').click()
    await chooseFile(page, app, 'ty-choose-file', { name: 'january-big.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) })
    await page.getByTestId('ty-result').filter({ hasText: 'january-big.csv' }).waitFor({ timeout: 60000 })
    await page.locator('[data-testid=ty-row][data-code=E0001]').waitFor()
    assert.match(await page.getByTestId('ty-rows-info').innerText(), /^Employees 1–\d+ of 1,000$/)
    assert.equal(await page.getByRole('button', { name: /Next|Prev/ }).count(), 0, 'no pages')
    const inPage = await page.getByTestId('ty-row').count()
    assert.ok(inPage < 80, `${inPage} rows in the page`)
    const table = page.getByTestId('ty-register')
    const selected = () => table.locator('tr.sel').getAttribute('data-code')
    await table.focus()
    // End: the last page is fetched and the last employee selected, in view above the total.
    await page.keyboard.press('End')
    await page.waitForFunction(() => document.querySelector('[data-testid=ty-register] tr.sel')?.getAttribute('data-code') === 'E1000')
    assert.ok(await inView(page, 'ty-register', 'tr.sel'), 'the last employee is in view')
    assert.match(await page.getByTestId('ty-rows-info').innerText(), /–1,000 of 1,000$/)
    for (const [w, h] of [[1366, 768], [1280, 720]]) {
      await page.setViewportSize({ width: w, height: h })
      const [sw, cw] = await table.evaluate((el) => [el.scrollWidth, el.clientWidth])
      assert.ok(sw <= cw + 1, `the register scrolls sideways at ${w}×${h}: ${sw} > ${cw}`)
    }
    await page.setViewportSize({ width: 1366, height: 768 })
    await shot('register-big-end')
    // PgUp a screenful; the middle by scrolling: rows of pages never fetched arrive as they come into view.
    await page.keyboard.press('PageUp')
    assert.ok(await inView(page, 'ty-register', 'tr.sel'))
    assert.match(await selected(), /^E09\d\d$/)
    await table.evaluate((el) => { el.scrollTop = el.scrollHeight / 2 })
    await page.locator('[data-testid=ty-row][data-code=E0500]').waitFor()
    assert.equal(await table.locator('.vt-wait').count(), 0, 'no row left waiting for its page')
    // Home, then ↑ on the first row goes back to the months.
    await page.keyboard.press('Home')
    assert.equal(await selected(), 'E0001')
    assert.ok(await inView(page, 'ty-register', 'tr.sel'))
    await page.keyboard.press('ArrowUp')
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.month), '1')
    // A filter starts again at the first row.
    await page.getByTestId('ty-filter').fill('Employee 99')
    await page.waitForFunction(() => /of 11$/.test(document.querySelector('[data-testid=ty-rows-info]')?.textContent ?? ''))
  },
}
