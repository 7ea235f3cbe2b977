// GSTR-2B in the demo workspace: the empty state, pulls of several months as one job (pulled,
// nothing this period, not generated yet, each in words), the ITC summary first, sections,
// documents with the column chooser and detail, export; a portal file imported (kind detected,
// "from file" in the history, errors in words) and two snapshots compared.
import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fixtures, fyOf, label, monthFromNow, num, signIn } from '../gst.mjs'
import { comesIntoView, inView, chooseFile } from '../helpers.mjs'

async function open(page) {
  await page.getByTestId('nav-gstr2b').click()
  await page.getByTestId('g2b-periods').waitFor()
}

/** Waits until the document table shows the snapshot of the month shown and has loaded. */
async function settled(page) {
  await page.waitForFunction(() => document.querySelector('[data-testid=g2b-documents]')?.getAttribute('aria-busy') === 'false')
}

export const tests = {
  'empty state teaches; sign in on the 2B screen': async ({ page, shot }) => {
    await open(page)
    assert.match(await page.getByTestId('g2b-empty').innerText(), /Sign in and pull a month, or import the portal file/)
    assert.match(await page.getByTestId('g2b-empty').innerText(), /Import portal file/)
    await shot('gstr2b-empty')
    await signIn(page)
    assert.match(await page.getByTestId('g2b-empty').innerText(), /Pull a month, or import its portal file/)
  },

  'pull three months as one job: pulled, nothing this period, in words': async ({ page, shot }) => {
    await open(page)
    await signIn(page)
    await page.getByTestId('g2b-fy').selectOption('2020')
    await page.getByTestId('g2b-chip-2020-07').click()
    await page.getByTestId('g2b-chip-2020-09').click({ modifiers: ['Shift'] })
    assert.match(await page.getByTestId('g2b-selected').innerText(), /Jul 2020 – Sep 2020/)
    await page.getByTestId('g2b-pull').click()
    for (const p of ['2020-07', '2020-08', '2020-09']) await page.getByTestId('g2b-result-' + p).waitFor({ timeout: 60000 })
    assert.match(await page.getByTestId('g2b-result-2020-07').innerText(), /nothing\s+Jul 2020\s+nothing this period/)
    assert.match(await page.getByTestId('g2b-result-2020-08').innerText(), /pulled\s+Aug 2020\s+[\d,]+ documents? from [\d,]+ suppliers?/)
    assert.equal(await page.getByTestId('g2b-chip-2020-08').getAttribute('data-pulled'), 'yes')
    await shot('gstr2b-pulled')
    // The jobs panel names the pull.
    await page.keyboard.press('Control+j')
    await page.getByTestId('jobs-row').filter({ hasText: 'GSTR-2B pull' }).first().waitFor()
    await page.keyboard.press('Escape')
  },

  'a month not generated yet says when it is expected': async ({ page, shot }) => {
    await open(page)
    await signIn(page)
    const cur = monthFromNow(0)
    await page.getByTestId('g2b-fy').selectOption(String(fyOf(cur)))
    await page.getByTestId('g2b-chip-' + cur).click()
    await page.getByTestId('g2b-pull').click()
    await page.getByTestId('g2b-result-' + cur).waitFor({ timeout: 60000 })
    const next = monthFromNow(1)
    const by = `14/${next.slice(5)}/${next.slice(0, 4)}`
    assert.match(await page.getByTestId('g2b-result-' + cur).innerText(), new RegExp(`not yet\\s+${label(cur)}\\s+not generated yet, expected by ${by}`))
    assert.match(await page.getByTestId('g2b-empty-state').innerText(), new RegExp(`^The GST service expects it by ${by}\\.`))
    assert.equal(await page.getByTestId('g2b-chip-' + cur).getAttribute('data-pulled'), 'no')
    await shot('gstr2b-not-generated')
  },

  'summary numbers first; sections, documents, columns, detail, export': async ({ page, shot }) => {
    await open(page)
    await page.getByTestId('g2b-fy').selectOption('2020')
    await page.getByTestId('g2b-chip-2020-08').click()
    await page.getByTestId('g2b-summary').waitFor()
    await settled(page)
    assert.match(await page.getByTestId('g2b-itc-available').innerText(), /^₹[\d,]+\.\d\d$/)
    const docs = num(await page.getByTestId('g2b-doc-count').innerText())
    assert.ok(docs > 0)
    assert.match(await page.getByTestId('itc-part-itcavl').innerText(), /ITC available/)
    assert.match(await page.getByTestId('g2b-source').innerText(), /^pulled \d\d\/\d\d\/\d{4} \d\d:\d\d$/)
    // The pinned total of all documents is the ITC-bearing tax and more; it matches the rows' count.
    assert.match(await page.getByTestId('g2b-pager-info').innerText(), new RegExp(`of ${docs.toLocaleString('en-IN')}`))
    await shot('gstr2b-summary')
    // A section lists its documents only.
    await page.getByTestId('g2b-sec-cdnr').click()
    await settled(page)
    const kinds = await page.getByTestId('g2b-row').locator('td:nth-child(4)').allInnerTexts()
    assert.ok(kinds.length > 0 && kinds.every((k) => /note/.test(k)), kinds.join('|'))
    // Credit notes subtract: the pinned total is negative when they are all there is.
    if (kinds.every((k) => /Credit note/.test(k))) assert.ok(num(await page.getByTestId('g2b-total-tax').innerText()) < 0)
    await page.getByTestId('g2b-sec-all').click()
    await settled(page)
    // The column chooser adds the IMS status and the value.
    const before = await page.locator('[data-testid=g2b-table] thead th').count()
    await page.getByTestId('g2b-columns').click()
    await page.getByTestId('g2b-col-value').check()
    await page.getByTestId('g2b-col-filed').check()
    assert.equal(await page.locator('[data-testid=g2b-table] thead th').count(), before + 2)
    await page.getByTestId('g2b-columns').click()
    // Keyboard: the table, down, Enter → the detail with the line items of this older shape.
    await page.getByTestId('g2b-table').focus()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await page.getByTestId('g2b-detail').waitFor()
    assert.match(await page.getByTestId('g2b-detail').innerText(), /ITC available|Line/)
    await shot('gstr2b-detail')
    await page.keyboard.press('Escape')
    await page.getByTestId('g2b-detail').waitFor({ state: 'detached' })
    // '/' searches.
    await page.keyboard.press('/')
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-testid')), 'g2b-search')
    await page.keyboard.press('Escape')
    // Export every page of the view.
    await page.getByTestId('g2b-export-csv').click()
    await page.getByTestId('g2b-export-path').waitFor()
    const p = (await page.getByTestId('g2b-export-path').innerText()).trim()
    assert.ok(existsSync(p), p)
    const lines = readFileSync(p, 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/)
    assert.match(lines[0], /^Period,Part,Section,Document,Supplier GSTIN,Trade name,Number,Date/)
    assert.equal(lines.length - 1, docs, 'the export holds the view: the documents in the credit')
    await page.getByTestId('g2b-export-xlsx').click()
    await page.waitForFunction(() => document.querySelector('[data-testid=g2b-export-path]')?.textContent?.endsWith('.xlsx'))
    await page.getByTestId('file-actions').waitFor()
  },

  'the documents scroll as one list: keys move the selection and keep it in view; the detail opens in place': async ({ page, shot }) => {
    await open(page)
    await page.getByTestId('g2b-fy').selectOption('2020')
    await page.getByTestId('g2b-chip-2020-08').click()
    await page.getByTestId('g2b-summary').waitFor()
    await settled(page)
    const docs = num(await page.getByTestId('g2b-doc-count').innerText())
    assert.match(await page.getByTestId('g2b-pager-info').innerText(), new RegExp(`^Rows 1–\\d+ of ${docs.toLocaleString('en-IN')}`))
    assert.equal(await page.getByTestId('g2b-next').count(), 0, 'no pages')
    assert.equal(await page.getByRole('button', { name: /Next|Previous/ }).count(), 0, 'no Next/Previous')
    // Only the rows in view and a few either side are in the page.
    const inPage = await page.getByTestId('g2b-row').count()
    assert.ok(inPage <= docs && inPage < 70, `${inPage} rows in the page of ${docs}`)
    const table = page.getByTestId('g2b-table')
    const selectedNo = async () => num(await table.locator('tr.sel td').first().innerText())
    await table.focus()
    await page.keyboard.press('End')
    await page.waitForFunction((n) => document.querySelector('[data-testid=g2b-table] tr.sel td')?.textContent?.replace(/,/g, '') === String(n), docs)
    assert.equal(await selectedNo(), docs)
    assert.ok(await inView(page, 'g2b-table', 'tr.sel'), 'the last row is above the pinned total')
    assert.match(await page.getByTestId('g2b-pager-info').innerText(), new RegExp(`–${docs.toLocaleString('en-IN')} of`))
    // The last document's detail opens under it and stays in view.
    await page.keyboard.press('Enter')
    await page.getByTestId('g2b-detail').waitFor()
    assert.ok(await comesIntoView(page, 'g2b-table', '[data-testid=g2b-detail]'), 'the detail is in view')
    await shot('gstr2b-detail-last')
    await page.keyboard.press('Escape')
    await page.getByTestId('g2b-detail').waitFor({ state: 'detached' })
    await page.keyboard.press('PageUp')
    assert.ok(await inView(page, 'g2b-table', 'tr.sel'))
    if (docs > 30) assert.ok((await selectedNo()) < docs - 5, 'PgUp moves a screenful')
    await page.keyboard.press('Home')
    assert.equal(await selectedNo(), 1)
    assert.ok(await inView(page, 'g2b-table', 'tr.sel'), 'the first row is under the sticky header')
    await page.keyboard.press('ArrowDown')
    assert.equal(await selectedNo(), Math.min(2, docs))
  },

  'import portal files: kind detected, "from file", compared; bad files in words': async ({ page, shot, app }) => {
    await open(page)
    await chooseFile(page, app, 'g2b-import', path.join(fixtures, 'gstr2b-27AAPFU0939F1ZV-062025.json'))
    await page.getByTestId('g2b-imported').waitFor()
    assert.match(await page.getByTestId('g2b-imported').innerText(), /^GSTR-2B of Jun 2025 imported from gstr2b-27AAPFU0939F1ZV-062025\.json: 6 documents from 3 suppliers\. No API call was made\./)
    await page.getByTestId('g2b-summary').waitFor()
    await settled(page)
    assert.equal(await page.getByTestId('g2b-chip-2025-06').getAttribute('data-pulled'), 'yes')
    assert.match(await page.getByTestId('g2b-source').innerText(), /^from file gstr2b-27AAPFU0939F1ZV-062025\.json \d\d\/\d\d\/\d{4} \d\d:\d\d$/)
    assert.equal(await page.getByTestId('g2b-note').count(), 0, 'credit notes in the summary are not a disagreement')
    assert.equal(await page.getByTestId('g2b-rejected').innerText(), '1')
    assert.equal(await page.getByTestId('g2b-itc-available').innerText(), '₹85,644.18')
    // Names over GSTINs in the table.
    assert.match(await page.getByTestId('g2b-row').first().innerText(), /TATA CONSULTANCY SERVICES LIMITED\s+27AABCT1332L1ZT/)
    await shot('gstr2b-imported')
    // The regenerated file: a second snapshot, both marked "from file"; compare them.
    await chooseFile(page, app, 'g2b-import', path.join(fixtures, 'gstr2b-27AAPFU0939F1ZV-062025-regenerated.json'))
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=g2b-snapshot-row]').length === 2)
    const rows = await page.getByTestId('g2b-snapshot-row').allInnerTexts()
    assert.ok(rows.every((r) => /from file/.test(r) && /\d\d\/\d\d\/\d{4} \d\d:\d\d/.test(r)), rows.join('\n'))
    await page.getByTestId('g2b-compare').click()
    await page.getByTestId('g2b-diff').waitFor()
    assert.match(await page.getByTestId('g2b-diff-headline').innerText(), /1 added\s+1 removed\s+1 amended/)
    assert.match(await page.getByTestId('g2b-diff-amended').innerText(), /TCS\/25-26\/0488/)
    await shot('gstr2b-diff')
    // Another client's file, a truncated file, a spreadsheet: refused in words, nothing stored.
    await chooseFile(page, app, 'g2b-import', path.join(fixtures, '..', '..', '..', 'backend', 'gstr2b', 'testdata', 'post2024.json'))
    await page.getByTestId('error-banner').waitFor()
    assert.match(await page.getByTestId('error-message').innerText(), /is the GSTR-2B of 24ABKCS2033B1ZV, not of this workspace's GSTIN 27AAPFU0939F1ZV\. Nothing was imported/)
    await shot('gstr2b-wrong-gstin')
    await chooseFile(page, app, 'g2b-import', { name: 'returns_cut.json', mimeType: 'application/json', buffer: Buffer.from('{"chksum":"x","data":{"gstin":"27AAPFU0939F1ZV","rtnprd":"062025","docdata":{"b2b":[') })
    await page.waitForFunction(() => /not complete JSON/.test(document.querySelector('[data-testid=error-message]')?.textContent ?? ''))
    await chooseFile(page, app, 'g2b-import', { name: 'returns.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('PK\x03\x04 not json') })
    await page.waitForFunction(() => /not JSON/.test(document.querySelector('[data-testid=error-message]')?.textContent ?? ''))
    assert.equal(await page.getByTestId('g2b-snapshot-row').count(), 2)
    // A GSTR-2A portal file is told apart and stored as GSTR-2A.
    const twoA = { gstin: '27AAPFU0939F1ZV', fp: '062025', b2b: [{ ctin: '27AABCT1332L1ZT', cfs: 'Y', cfs3b: 'Y', fldtr1: '11-Jul-25', flprdr1: 'Jun-25',
      inv: [{ chksum: 'x', inum: 'TCS/25-26/0412', idt: '03-06-2025', val: 177000, pos: '27', rchrg: 'N', inv_typ: 'R', itms: [{ num: 1, itm_det: { rt: 18, txval: 150000, iamt: 0, camt: 13500, samt: 13500, csamt: 0 } }] }] }] }
    await chooseFile(page, app, 'g2b-import', { name: 'returns_R2A.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(twoA)) })
    await page.getByTestId('g2b-imported').waitFor()
    assert.match(await page.getByTestId('g2b-imported').innerText(), /^GSTR-2A of Jun 2025 imported from returns_R2A\.json: 1 invoice from 1 supplier/)
  },
}
