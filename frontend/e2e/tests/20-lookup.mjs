// GSTIN lookup, Changed GSTINs and Applicants in the demo workspace (the simulator answers).
import assert from 'node:assert/strict'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

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
    await lookUp(page, '27AAPFU0939F1ZV')
    await page.getByTestId('lookup-detail').waitFor()
    assert.equal(await page.getByTestId('detail-legal-name').innerText(), 'UMIYA ENTERPRISES')
    assert.equal(await page.getByTestId('detail-gstin').innerText(), '27 AAPFU0939F 1ZV')
    assert.match(await page.getByTestId('detail-status').innerText(), /Active/)
    assert.match(await page.getByTestId('detail-source').innerText(), /fetched just now|from cache/)
    assert.match(await page.getByTestId('detail-source').getAttribute('title'), /Transaction id \S+/)
    assert.match(await page.getByTestId('detail-address').innerText(), /Market Yard/)
    await page.getByTestId('pref-submit').click()
    const pref = await page.getByTestId('pref-table').innerText()
    assert.match(pref, /Q1[\s\S]*Q4/)
    assert.match(pref, /\b[MQ]\b/)
    await shot('lookup-single')
  },
  'an invalid GSTIN says exactly what is wrong': async ({ page, shot }) => {
    await lookUp(page, '27AAPFU0939F1ZX')
    const msg = await page.getByTestId('lookup-error').innerText()
    assert.match(msg, /check character/i)
    assert.match(msg, /V/)
    assert.equal(await page.getByTestId('lookup-detail').count(), 0)
    await shot('lookup-invalid')
  },
  'a pasted list: duplicates folded, invalid caught locally, summary counts, CSV export': async ({ page, shot, app }) => {
    await page.getByTestId('nav-lookup').click()
    const list = ['27AAPFU0939F1ZV', '24ABKCS2033B1ZV', '27aapfu0939f1zv', '27AAPFU0939F1ZX', '33EIUPS5109E1ZZ', '27AACCA8432H2ZP'].join('\n')
    await page.getByTestId('lookup-input').fill(list)
    assert.match(await page.getByTestId('lookup-submit').innerText(), /Check 6 GSTINs/)
    await page.getByTestId('lookup-submit').click()
    await page.getByTestId('bulk-summary').waitFor({ timeout: 20000 })
    const n = async (id) => Number((await page.getByTestId(id).innerText()).replace(/,/g, ''))
    assert.equal(await n('sum-total'), 6)
    assert.equal(await n('sum-invalid'), 1)
    assert.equal(await n('sum-duplicates'), 1)
    assert.equal(await n('sum-unique'), 4)
    assert.equal(await n('sum-failed'), 0)
    assert.equal((await n('sum-cache')) + (await n('sum-paid')), 4)
    const table = await page.getByTestId('lookup-table').innerText()
    assert.match(table, /SRINIVASAN/)
    assert.match(table, /check character/i)
    assert.match(await page.getByTestId('pager-info').innerText(), /Rows 1–6 of 6/)
    await shot('lookup-bulk')

    // Filters: the cancelled supplier alone; '/' focuses the filter box.
    await page.getByTestId('filter-cancelled').click()
    assert.match(await page.getByTestId('pager-info').innerText(), /Rows 1–1 of 1/)
    await page.getByTestId('filter-all').click()
    await page.getByTestId('lookup-table').focus()
    await page.keyboard.press('/')
    await page.keyboard.type('umiya')
    assert.match(await page.getByTestId('pager-info').innerText(), /of 2 \(filtered from 6\)/)
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
    assert.equal(csv.replace(/^\uFEFF/, '').trim().split(/\r?\n/).length, 7) // header and 6 rows
    await shot('lookup-exported')

    // Arrow keys and Enter open a row's detail.
    await page.getByTestId('lookup-table').focus()
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await page.getByTestId('lookup-detail').waitFor()
    assert.equal(await page.getByTestId('detail-legal-name').innerText(), 'SANDBOX FINANCIAL TECHNOLOGIES PRIVATE LIMITED')
    await shot('lookup-bulk-detail')
  },
}
