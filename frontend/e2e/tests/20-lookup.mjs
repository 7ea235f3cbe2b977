// GSTIN lookup, Changed GSTINs and Applicants in the demo workspace (the simulator answers).
import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { inView, chooseFile } from '../helpers.mjs'

async function lookUp(page, g) {
  await page.getByTestId('nav-lookup').click()
  await page.getByTestId('lookup-input').fill(g)
  await page.getByTestId('lookup-input').press('Enter')
}

export const tests = {
  'one GSTIN: detail card, source, preference': async ({ page, shot }) => {
    await page.getByTestId('nav-lookup').click()
    await page.getByTestId('lookup-empty').waitFor()
    await shot('lookup-empty')
    const calls = async () => Number((await page.getByTestId('calls-today').innerText()).replace(/\D.*$/, ''))
    const before = await calls()
    await lookUp(page, '27AAPFU0939F1ZV')
    await page.getByTestId('lookup-detail').waitFor()
    // The status bar counts the call at once (its own refresh is every 15 s).
    await page.waitForFunction((n) => Number(document.querySelector('[data-testid=calls-today]').textContent.replace(/\D.*$/, '')) > n, before, { timeout: 5000 })
    assert.equal(await page.getByTestId('detail-legal-name').innerText(), 'UMIYA ENTERPRISES')
    assert.equal(await page.getByTestId('detail-gstin').innerText(), '27 AAPFU0939F 1ZV')
    assert.match(await page.getByTestId('detail-status').innerText(), /Active/)
    assert.match(await page.getByTestId('detail-source').innerText(), /^demo data \(made up\), (asked just now|saved copy)/)
    assert.match(await page.getByTestId('detail-source').getAttribute('title'), /Transaction id \S+/)
    assert.match(await page.getByTestId('detail-address').innerText(), /Market Yard/)
    await page.getByTestId('pref-submit').click()
    const pref = await page.getByTestId('pref-table').innerText()
    assert.match(pref, /Q1[\s\S]*Q4/)
    assert.match(pref, /\b[MQ]\b/)
    await shot('lookup-single')
  },
  'Ctrl+K finds a looked-up GSTIN by name and a GSTIN typed in full': async ({ page, shot }) => {
    await page.getByTestId('nav-dashboard').click()
    await page.keyboard.press('Control+k')
    await page.getByTestId('palette-input').fill('umiya')
    const hit = page.getByTestId('palette-hit').filter({ hasText: '27AAPFU0939F1ZV' })
    await hit.waitFor()
    await shot('palette-gstin')
    await page.keyboard.press('Enter')
    await page.getByTestId('lookup-detail').waitFor()
    assert.equal(await page.getByTestId('detail-gstin').innerText(), '27 AAPFU0939F 1ZV')
    assert.match(await page.getByTestId('detail-source').innerText(), /^demo data \(made up\), saved copy/)
    // A GSTIN typed in full (spaces and all) is offered for a lookup.
    await page.keyboard.press('Control+k')
    await page.getByTestId('palette-input').fill('24 abkcs2033b 1zv')
    await page.getByTestId('palette-hit').filter({ hasText: 'Look up 24ABKCS2033B1ZV' }).waitFor()
    await page.keyboard.press('Enter')
    await page.getByTestId('detail-gstin').filter({ hasText: '24 ABKCS2033B 1ZV' }).waitFor()
  },
  'an invalid GSTIN says exactly what is wrong': async ({ page, shot }) => {
    await lookUp(page, '27AAPFU0939F1ZX')
    const msg = await page.getByTestId('lookup-error').innerText()
    assert.match(msg, /check character/i)
    assert.match(msg, /V/)
    assert.equal(await page.getByTestId('lookup-detail').count(), 0)
    await shot('lookup-invalid')
    // The error goes as soon as the text changes.
    await page.getByTestId('lookup-input').press('Backspace')
    assert.equal(await page.getByTestId('lookup-error').count(), 0)
  },
  'a pasted list: duplicates folded, invalid caught locally, summary counts, CSV export': async ({ page, shot, app }) => {
    await page.getByTestId('nav-lookup').click()
    const list = ['27AAPFU0939F1ZV', '24ABKCS2033B1ZV', '27aapfu0939f1zv', '27AAPFU0939F1ZX', '33EIUPS5109E1ZZ', '27AACCA8432H2ZP', '29AAGCB7383J1Z4'].join('\n')
    await page.getByTestId('lookup-input').fill(list)
    assert.match(await page.getByTestId('lookup-submit').innerText(), /Check 7 GSTINs/)
    await page.getByTestId('lookup-submit').click()
    await page.getByTestId('bulk-summary').waitFor({ timeout: 20000 })
    const n = async (id) => Number((await page.getByTestId(id).innerText()).replace(/,/g, ''))
    assert.equal(await n('sum-total'), 7)
    assert.equal(await n('sum-invalid'), 1)
    assert.equal(await n('sum-duplicates'), 1)
    assert.equal(await n('sum-unique'), 5)
    // 29AAGCB7383J1Z4 is a well-formed GSTIN no taxpayer has: an answer, counted apart from failures.
    assert.equal(await n('sum-not-registered'), 1)
    assert.equal(await n('sum-failed'), 0)
    assert.equal((await n('sum-cache')) + (await n('sum-paid')), 5)
    const table = await page.getByTestId('lookup-table').innerText()
    assert.match(table, /SRINIVASAN/)
    assert.match(table, /check character/i)
    assert.match(table, /Not registered/)
    assert.doesNotMatch(table, /FO8000/)
    assert.match(await page.getByTestId('pager-info').innerText(), /Rows 1–7 of 7/)
    // The export buttons stay together on one line.
    const tops = await page.getByTestId('lookup-export').locator('button').evaluateAll((bs) => bs.map((b) => Math.round(b.getBoundingClientRect().top)))
    assert.equal(new Set(tops).size, 1, `export buttons on several lines: ${tops}`)
    await shot('lookup-bulk')

    // Copy the rows for Excel: through the window's clipboard.
    await page.getByTestId('copy-rows').click()
    assert.match(await page.getByTestId('copied').innerText(), /Copied 7 rows/)

    // Filters: the cancelled supplier alone; '/' focuses the filter box.
    await page.getByTestId('filter-cancelled').click()
    assert.match(await page.getByTestId('pager-info').innerText(), /Rows 1–1 of 1/)
    await page.getByTestId('filter-all').click()
    await page.getByTestId('lookup-table').focus()
    await page.keyboard.press('/')
    await page.keyboard.type('umiya')
    assert.match(await page.getByTestId('pager-info').innerText(), /of 2 \(filtered from 7\)/)
    await page.getByTestId('lookup-filter').fill('')

    // Export the view as CSV and find the file at the path shown.
    await page.getByTestId('export-csv').click()
    const p = (await page.getByTestId('export-path').innerText()).trim()
    assert.ok(p.endsWith('.csv'), p)
    assert.ok(path.resolve(p).startsWith(path.resolve(app.data)), `${p} is not in ${app.data}`)
    assert.ok(existsSync(p), `${p} does not exist`)
    const csv = readFileSync(p, 'utf8')
    assert.match(csv, /UMIYA ENTERPRISES/)
    assert.match(csv, /SRINIVASAN/)
    assert.equal(csv.replace(/^\uFEFF/, '').trim().split(/\r?\n/).length, 8) // header and 7 rows
    await shot('lookup-exported')

    // Arrow keys and Enter open a row's detail.
    await page.getByTestId('lookup-table').focus()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await page.getByTestId('lookup-detail').waitFor()
    assert.equal(await page.getByTestId('detail-legal-name').innerText(), 'SANDBOX FINANCIAL TECHNOLOGIES PRIVATE LIMITED')
    assert.ok(await page.getByTestId('lookup-table').isVisible(), 'the table stays in view beside the detail')
    await shot('lookup-bulk-detail')
    await page.keyboard.press('Escape')
    assert.equal(await page.getByTestId('lookup-detail').count(), 0, 'Esc closes the detail')
  },
  'a CSV file: the GSTIN column found by its header (BOM, other columns)': async ({ page, shot, app }) => {
    await page.getByTestId('nav-lookup').click()
    const gstins = ['27AAPFU0939F1ZV', '24ABKCS2033B1ZV', '33EIUPS5109E1ZZ', '27AACCA8432H2ZP']
    const lines = ['Invoice,GSTIN of supplier,Amount']
    for (let i = 0; i < 1200; i++) lines.push(`INV-${i},${gstins[i % 4]},${100 + i}`)
    lines.push('INV-X,27AAPFU0939F1Z,1')
    await chooseFile(page, app, 'lookup-file', { name: 'purchases.csv', mimeType: 'text/csv', buffer: Buffer.from('\uFEFF' + lines.join('\r\n')) })
    await page.getByTestId('bulk-summary').waitFor({ timeout: 20000 })
    const n = async (id) => Number((await page.getByTestId(id).innerText()).replace(/,/g, ''))
    assert.equal(await n('sum-total'), 1201)
    assert.equal(await n('sum-unique'), 4)
    assert.equal(await n('sum-duplicates'), 1196)
    assert.equal(await n('sum-invalid'), 1)
    assert.match(await page.getByTestId('pager-info').innerText(), /^Rows 1–\d+ of 1,201$/)
    // The text box and its button show the file's list.
    assert.match(await page.getByTestId('lookup-submit').innerText(), /Check 1,201 GSTINs/)
    // One scrolling list, not pages: only the rows in view (and a few either side) are in the page.
    const inPage = await page.getByTestId('lookup-row').count()
    assert.ok(inPage > 10 && inPage < 80, `${inPage} rows in the page`)
    const table = page.getByTestId('lookup-table')
    const selectedNo = () => table.locator('tr.sel td').first().innerText()
    await table.focus()
    await page.keyboard.press('ArrowDown')
    assert.equal(await selectedNo(), '2')
    // PgDn moves the selection a screenful and keeps it in view; End goes to the last row.
    await page.keyboard.press('PageDown')
    assert.ok(Number(await selectedNo()) > 10, await selectedNo())
    await page.keyboard.press('End')
    assert.equal(await selectedNo(), '1201')
    assert.match(await page.getByTestId('pager-info').innerText(), /^Rows [\d,]+–1,201 of 1,201$/)
    assert.ok(await inView(page, 'lookup-table', 'tr.sel'), 'the last row is in view')
    await shot('lookup-file-end')
    await page.keyboard.press('Home')
    assert.equal(await selectedNo(), '1')
    assert.match(await page.getByTestId('pager-info').innerText(), /^Rows 1–/)
    // Scrolling with the wheel brings rows further down into the page.
    await table.evaluate((el) => { el.scrollTop = 600 * 25 })
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=lookup-row] td:first-child')].some((td) => td.textContent === '600'))
    await shot('lookup-file')
  },
  'changed list: your cancelled supplier first, then the rest by change type': async ({ page, shot }) => {
    // 33EIUPS5109E1ZZ was cancelled on 31-03-2024; looking it up makes it one of "your" GSTINs.
    await lookUp(page, '33EIUPS5109E1ZZ')
    await page.getByTestId('lookup-detail').waitFor()
    assert.match(await page.getByTestId('detail-status').innerText(), /Cancelled/)
    await page.getByTestId('nav-changed').click()
    await page.getByTestId('changed-empty').waitFor()
    // Dates are typed DD/MM/YYYY, as everywhere.
    assert.match(await page.getByTestId('changed-date').inputValue(), /^\d{2}\/\d{2}\/\d{4}$/)
    await page.getByTestId('changed-date').fill('31/02/2024')
    await page.getByTestId('changed-submit').click()
    assert.match(await page.getByTestId('changed-error').innerText(), /not a date.*DD\/MM\/YYYY/)
    await page.getByTestId('changed-date').fill('31/03/2024')
    await page.getByTestId('changed-state').selectOption('33')
    await page.getByTestId('changed-date').press('Enter')
    await page.getByTestId('changed-headline').waitFor({ timeout: 20000 })
    assert.equal(await page.getByTestId('changed-date').inputValue(), '31/03/2024')
    const head = await page.getByTestId('changed-headline').innerText()
    assert.match(head, /1 of your suppliers was cancelled on 31\/03\/2024/)
    assert.match(head, /\d+ changes? in Tamil Nadu/)
    const yours = await page.getByTestId('changed-yours').innerText()
    assert.match(yours, /33EIUPS5109E1ZZ/)
    assert.match(yours, /SRINIVASAN/)
    // The rest of the day's list as counts by change type, not a table of MD5 hashes.
    const counts = await page.getByTestId('changed-counts').innerText()
    assert.match(counts, /Cancelled\s+1\s+\d+\s+\d+/)
    assert.match(counts, /Total\s+1\s+\d+\s+\d+/)
    assert.doesNotMatch(await page.getByTestId('screen-changed').innerText(), /MD5|hash|[0-9a-f]{32}/i)
    await shot('changed')
  },
  'applicant lookup and contact validation side by side': async ({ page, shot }) => {
    await page.getByTestId('nav-applicants').click()
    await page.getByTestId('applicant-enrolment').fill('2999UAE00000000')
    await page.getByTestId('applicant-enrolment').press('Enter')
    const nf = await page.getByTestId('applicant-error').innerText()
    assert.match(nf, /No applicant with enrolment number 2999UAE00000000/)
    assert.doesNotMatch(nf, /nothing for|FO8000/, 'the message says it once, in words')
    // The demo simulator's first applicant (seed 2026).
    await page.getByTestId('applicant-enrolment').fill('1022UAE35676037')
    await page.getByTestId('applicant-enrolment').press('Enter')
    await page.getByTestId('applicant-detail').waitFor()
    assert.equal(await page.getByTestId('applicant-name').innerText(), 'Rajesh Gupta')
    assert.match(await page.getByTestId('applicant-detail').innerText(), /Bihar/)
    assert.match(await page.getByTestId('applicant-source').getAttribute('title'), /Transaction id \S+/)
    assert.equal(await page.getByTestId('check-enrolment').inputValue(), '1022UAE35676037')
    await page.getByTestId('check-email').fill('rajesh.gupta@example.in')
    await page.getByTestId('check-mobile').fill('+91 90000 00000') // as people type it
    await page.getByTestId('check-mobile').press('Enter')
    await page.getByTestId('check-result').waitFor()
    assert.equal(await page.getByTestId('check-email-result').innerText(), 'matched')
    assert.equal(await page.getByTestId('check-mobile-result').innerText(), 'unmatched')
    await shot('applicants')
  },
}
