// Salary TDS for a payroll: import the filled template through the file input, compute, open an
// employee's computation sheet, export the results.
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { inView, chooseFile } from '../helpers.mjs'

const frontend = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const bin = path.resolve(frontend, process.env.DEV_BIN || '../build/bin/gstdesk-dev')

/** The XLSX template filled with five demo employees, made by the app's own command line. */
function filledTemplate() {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'gstdesk-tds-')), 'payroll-april.xlsx')
  execFileSync(bin, ['tds', 'template', '--example', '--out', file])
  return file
}

async function openTDS(page) {
  await page.getByTestId('nav-tds').click()
  await page.getByTestId('screen-tds').waitFor()
}

export const tests = {
  'imports the filled template and computes the payroll': async ({ page, shot, app }) => {
    await openTDS(page)
    await page.getByText('No payroll runs yet').waitFor()
    await shot('empty')
    await chooseFile(page, app, 'tds-choose-file', filledTemplate())
    await page.getByTestId('tds-preview').waitFor()
    assert.match(await page.getByTestId('tds-good').innerText(), /5 ready/)
    assert.equal(await page.getByTestId('tds-bad').count(), 0)
    await page.getByTestId('tds-fy').selectOption('FY 2025-26')
    // A year that has ended is computed for its last month, March, unless another is chosen.
    assert.equal(await page.locator('#tds-month').inputValue(), '3')
    // The column mapping names salary items, never the workbook's keys.
    const options = await page.getByTestId('tds-mapping').locator('option').allInnerTexts()
    assert.ok(options.some((o) => /Salary/.test(o)), 'salary items are offered')
    assert.ok(options.every((o) => !/ — |^[a-z0-9_]+$|_/.test(o)), 'no workbook keys: ' + options.filter((o) => /_/.test(o)).slice(0, 3).join(', '))
    await shot('preview')
    await page.getByTestId('tds-start').click()
    await page.getByTestId('tds-run').waitFor()
    await page.getByTestId('tds-table').getByText('Asha Rao').waitFor()
    assert.equal(await page.getByTestId('tds-employee').count(), 5)
    const text = await page.getByTestId('tds-table').innerText()
    assert.match(text, /Total of 5 employees/)
    assert.match(text, /12,10,000/, 'Asha Rao: 12,85,000 less the 75,000 standard deduction, in Indian grouping')
    // March's TDS is paid to the government by 30 April; "Saving" is named for what it is.
    const run = await page.getByTestId('tds-run').innerText()
    assert.match(await page.getByTestId('tds-deposit-due').innerText(), /Pay to the government by\s+30\/04\/2026/)
    assert.match(run, /TDS this month \(March\)/)
    assert.match(run, /Saved by choosing the regime\s+₹[\d,]+\s+less tax than in the other regime/)
    assert.doesNotMatch(run, /\bSaving\b/)
    await shot('run-table')
  },
  'the employees scroll as one list: keys move, Space ticks, Enter opens the sheet': async ({ page }) => {
    await openTDS(page)
    await page.getByTestId('tds-table').getByText('Asha Rao').waitFor()
    assert.match(await page.getByTestId('tds-rows-info').innerText(), /^Employees 1–5 of 5$/)
    assert.equal(await page.getByRole('button', { name: /Next|Prev/ }).count(), 0, 'no pages')
    const table = page.getByTestId('tds-table')
    await table.focus()
    await page.keyboard.press('End')
    assert.equal(await table.locator('tr.sel').getAttribute('aria-rowindex'), '6')
    await page.keyboard.press('Home')
    await page.keyboard.press('ArrowDown')
    assert.equal(await table.locator('tr.sel').getAttribute('aria-rowindex'), '3')
    await page.keyboard.press(' ')
    assert.equal(await table.locator('tr.sel input[type=checkbox]').isChecked(), true)
    assert.match(await page.getByTestId('tds-crosscheck').innerText(), /Check 1 selected/)
    await page.keyboard.press(' ')
    await page.keyboard.press('Enter')
    await page.getByTestId('tds-sheet').waitFor()
    await page.keyboard.press('Escape')
    await page.getByTestId('tds-sheet').waitFor({ state: 'detached' })
  },
  'opens an employee computation sheet, both regimes side by side': async ({ page, shot, app }) => {
    await openTDS(page)
    await page.getByTestId('tds-table').getByText('Vikram Shah').click()
    const sheet = page.getByTestId('tds-sheet')
    await sheet.getByTestId('tds-sheet-new').waitFor()
    const newCol = await sheet.getByTestId('tds-sheet-new').innerText()
    const oldCol = await sheet.getByTestId('tds-sheet-old').innerText()
    assert.match(newCol, /s\.16\(ia\)/)
    assert.match(oldCol, /80C/)
    assert.match(oldCol, /10\(13A\)/)
    assert.match(await sheet.getByTestId('tds-schedule').innerText(), /Mar/)
    await sheet.getByTestId('tds-sheet-new').scrollIntoViewIfNeeded()
    await shot('sheet')
    // The sticky header never overlaps a line: unscrolled, the first line starts under it; scrolled
    // half-way down the sheet, it sits at the pane's very top and no line shows above it.
    const overlap = () => sheet.getByTestId('tds-sheet-new').evaluate((col) => {
      const main = col.closest('main').getBoundingClientRect()
      const head = col.querySelector('thead th').getBoundingClientRect()
      const rows = [...col.querySelectorAll('tbody tr')].map((r) => r.getBoundingClientRect())
      const first = rows.find((r) => r.bottom > head.bottom) ?? rows[0]
      return {
        stuck: head.top <= main.top + 1,
        headTop: head.top - main.top,
        under: first.top - head.bottom,
        // Lines with a part in view between the pane's top and the header's top.
        above: rows.filter((r) => Math.min(r.bottom, head.top) - Math.max(r.top, main.top) > 1).length,
      }
    })
    await sheet.getByTestId('tds-sheet-new').evaluate((col) => { col.closest('main').scrollTop = col.querySelector('tbody').getBoundingClientRect().top - col.closest('main').getBoundingClientRect().top + col.closest('main').scrollTop - 40 })
    let o = await overlap()
    assert.ok(!o.stuck && o.under >= -0.5, `unscrolled: the header covers the first line by ${-o.under}px`)
    await sheet.getByTestId('tds-sheet-new').evaluate((col) => { col.closest('main').scrollTop += 300 })
    o = await overlap()
    assert.ok(o.stuck, `scrolled: the header is ${o.headTop}px below the pane's top`)
    assert.equal(o.above, 0, 'scrolled: lines show above the sticky header')
    await shot('sheet-scrolled')
    await sheet.getByTestId('tds-sheet-html').click()
    const p = (await sheet.getByTestId('tds-sheet-path').innerText()).replace(/^Written to /, '')
    assert.ok(existsSync(p), 'the printable sheet exists at ' + p)
    assert.match(readFileSync(p, 'utf8'), /Vikram Shah \(EMP002\)/)
    await page.keyboard.press('Escape')
    await sheet.waitFor({ state: 'detached' })
  },
  'Ctrl+K finds an employee and opens the computation sheet': async ({ page, shot, app }) => {
    await page.keyboard.press('Control+k')
    await page.getByTestId('palette-input').fill('vikram')
    const hit = page.getByTestId('palette-hit').filter({ hasText: 'Vikram Shah' })
    await hit.waitFor()
    assert.match(await hit.innerText(), /EMP002.*FY 2025-26/s)
    await shot('palette-employee')
    await page.keyboard.press('Enter')
    const sheet = page.getByTestId('tds-sheet')
    await sheet.getByTestId('tds-sheet-new').waitFor()
    assert.match(await sheet.innerText(), /Vikram Shah/)
    await shot('palette-sheet')
    await page.keyboard.press('Escape')
  },
  'exports the results as CSV and XLSX': async ({ page, shot, app }) => {
    await openTDS(page)
    await page.getByTestId('tds-table').getByText('Asha Rao').waitFor()
    await page.getByTestId('tds-export-csv').click()
    let p = (await page.getByTestId('tds-export-path').innerText()).replace(/^Written to /, '')
    assert.ok(p.endsWith('.csv') && existsSync(p))
    const csv = readFileSync(p, 'utf8')
    assert.match(csv, /Asha Rao/)
    assert.equal(csv.trim().split('\n').length, 6, 'header and five employees')
    await page.getByTestId('tds-export-xlsx').click()
    await page.getByTestId('tds-export-path').getByText('.xlsx').waitFor()
    p = (await page.getByTestId('tds-export-path').innerText()).replace(/^Written to /, '')
    assert.ok(existsSync(p))
    await shot('exported')
  },
  'a payroll of 1,000 employees scrolls as one list, its rows fetched a page at a time': async ({ page, shot, app }) => {
    await openTDS(page)
    const lines = ['employee_code,name,pan,pan_status,employee_category,salary_as_per_provisions_contained_in_section_17_1,deductible_amount_us_80_c']
    for (let i = 0; i < 1000; i++) lines.push(`E${String(i + 1).padStart(4, '0')},Employee ${i + 1},ABCPE${String(i).padStart(4, '0')}K,PANISVALID,general,${600000 + i * 1000},${i % 150000}`)
    await chooseFile(page, app, 'tds-choose-file', { name: 'big-payroll.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) })
    await page.getByTestId('tds-preview').waitFor()
    assert.match(await page.getByTestId('tds-good').innerText(), /1,000 ready/)
    await page.getByTestId('tds-fy').selectOption('FY 2025-26')
    await page.getByTestId('tds-start').click()
    await page.getByTestId('tds-table').getByText('Employee 1', { exact: true }).waitFor({ timeout: 30000 })
    assert.match(await page.getByTestId('tds-rows-info').innerText(), /^Employees 1–\d+ of 1,000$/)
    const inPage = await page.getByTestId('tds-row').count()
    assert.ok(inPage < 80, `${inPage} rows in the page`)
    const table = page.getByTestId('tds-table')
    const selected = () => table.locator('tr.sel [data-testid=tds-employee]').innerText()
    await table.focus()
    // End: the last page is fetched and the last employee is selected, in view above the total.
    await page.keyboard.press('End')
    await page.waitForFunction(() => document.querySelector('[data-testid=tds-table] tr.sel [data-testid=tds-employee]')?.textContent === 'Employee 1000')
    assert.ok(await inView(page, 'tds-table', 'tr.sel'), 'the last employee is in view')
    assert.match(await page.getByTestId('tds-rows-info').innerText(), /–1,000 of 1,000$/)
    // Crores in ten columns still fit: no sideways scrolling.
    for (const [w, h] of [[1366, 768], [1280, 720]]) {
      await page.setViewportSize({ width: w, height: h })
      const [sw, cw] = await table.evaluate((el) => [el.scrollWidth, el.clientWidth])
      assert.ok(sw <= cw + 1, `the employees' table scrolls sideways at ${w}×${h}: ${sw} > ${cw}`)
    }
    await page.setViewportSize({ width: 1366, height: 768 })
    await shot('tds-big-end')
    // PgUp twice, then the middle by scrolling: rows of pages never fetched arrive as they come into view.
    await page.keyboard.press('PageUp')
    await page.keyboard.press('PageUp')
    assert.ok(await inView(page, 'tds-table', 'tr.sel'))
    assert.match(await selected(), /^Employee 9\d\d$/)
    await table.evaluate((el) => { el.scrollTop = el.scrollHeight / 2 })
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=tds-employee]')].some((b) => b.textContent === 'Employee 500'))
    assert.equal(await table.locator('.vt-wait').count(), 0, 'no row left waiting for its page')
    await page.keyboard.press('Home')
    assert.equal(await selected(), 'Employee 1')
    assert.ok(await inView(page, 'tds-table', 'tr.sel'))
  },
}
