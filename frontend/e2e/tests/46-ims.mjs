// IMS in the demo workspace: read the documents, count them by section and status, stage actions
// from the keyboard (a, r, p; Space and Shift+arrows select), "pending" refused with its reason
// where the portal blocks it, save as a job with each document's result in words, the log, then
// regenerate GSTR-2B (the new 2B opened, or IMS2B009 in words before the draft exists).
import assert from 'node:assert/strict'
import { label, monthFromNow, num, signIn } from '../gst.mjs'
import { inView } from '../helpers.mjs'

async function open(page) {
  await page.getByTestId('nav-ims').click()
  await page.locator('[data-testid=ims-empty], [data-testid=ims-counts]').first().waitFor()
}

const focused = (page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))

export const tests = {
  'empty state teaches; read IMS: counts by section and status': async ({ page, shot }) => {
    await open(page)
    assert.match(await page.getByTestId('ims-empty').innerText(), /Read IMS to act on your suppliers’ documents/)
    assert.equal(await page.getByTestId('ims-listed').innerText(), 'Not read yet.')
    await signIn(page)
    await shot('ims-empty')
    await page.getByTestId('ims-read').click()
    await page.getByTestId('ims-counts').waitFor({ timeout: 30000 })
    assert.match(await page.getByTestId('ims-listed').innerText(), /^As read on \d\d\/\d\d\/\d{4} \d\d:\d\d$/)
    const all = num(await page.getByTestId('ims-count-all-all').innerText())
    const none = num(await page.getByTestId('ims-count-all-N').innerText())
    assert.ok(all > 0 && none === all, `all ${all}, no action ${none}`)
    // One scrolling list of every document: the line above says which are in view, no "Show more".
    assert.match(await page.getByTestId('ims-rows-info').innerText(), new RegExp(`^Documents 1–\\d+ of ${all.toLocaleString('en-IN')}`))
    assert.equal(await page.getByRole('button', { name: /Show [\d,]+ more/ }).count(), 0, 'no "Show more"')
    const inPage = await page.getByTestId('ims-row').count()
    assert.ok(inPage > 0 && inPage <= Math.min(all, 70), `${inPage} rows in the page of ${all}`)
    // Suppliers by name over GSTIN (names from the 2B's trade names or lookups; GSTIN alone otherwise).
    assert.match(await page.getByTestId('ims-row').first().innerText(), /\d\d[A-Z]{5}\d{4}[A-Z]\w{3}/)
    await shot('ims-read')
  },

  'the documents scroll as one list: keys move the cursor and keep it in view; Ctrl+A selects every one listed': async ({ page, shot }) => {
    await open(page)
    await page.getByTestId('ims-count-all-all').click()
    const all = num(await page.getByTestId('ims-count-all-all').innerText())
    const table = page.getByTestId('ims-table')
    await table.focus()
    await page.keyboard.press('End')
    assert.equal(await table.locator('tr.sel').getAttribute('aria-rowindex'), String(all + 1))
    assert.ok(await inView(page, 'ims-table', 'tr.sel'), 'the last document is in view')
    assert.match(await page.getByTestId('ims-rows-info').innerText(), new RegExp(`–${all.toLocaleString('en-IN')} of ${all.toLocaleString('en-IN')}`))
    await shot('ims-end')
    await page.keyboard.press('PageUp')
    assert.ok(await inView(page, 'ims-table', 'tr.sel'))
    await page.keyboard.press('Home')
    assert.equal(await table.locator('tr.sel').getAttribute('aria-rowindex'), '2')
    assert.ok(await inView(page, 'ims-table', 'tr.sel'), 'the first document is under the sticky header')
    // Ctrl+A: every document listed, not only those drawn; Esc clears the selection.
    await page.keyboard.press('Control+a')
    assert.match(await page.getByTestId('ims-rows-info').innerText(), new RegExp(` · ${all.toLocaleString('en-IN')} selected$`))
    assert.match(await page.getByTestId('ims-actions').innerText(), new RegExp(`The ${all.toLocaleString('en-IN')} selected documents:`))
    await page.keyboard.press('Escape')
    assert.doesNotMatch(await page.getByTestId('ims-rows-info').innerText(), /selected/)
  },

  'stage from the keyboard; blocked pending refused with the reason; save as a job; results in words': async ({ page, shot }) => {
    await open(page)
    await page.getByTestId('ims-count-b2b-N').click()
    const table = page.getByTestId('ims-table')
    await table.focus()
    await page.keyboard.press(' ')
    await page.keyboard.press('Shift+ArrowDown')
    await page.keyboard.press('a')
    assert.equal(await page.getByTestId('ims-staged-words').innerText(), '2 to accept')
    assert.deepEqual((await page.getByTestId('ims-staged').allInnerTexts()).slice(0, 2), ['accept', 'accept'])
    // A document whose pending action the portal blocks.
    await page.keyboard.press('Escape')
    const blocked = page.getByTestId('ims-row').filter({ hasText: 'no pending' }).first()
    for (let i = 0; i < 50 && !(await blocked.count()); i++) await table.evaluate((el) => { el.scrollTop += el.clientHeight / 2 })
    await blocked.locator('td').nth(3).click()
    assert.equal(await focused(page), 'ims-table')
    assert.match(await page.getByTestId('ims-blocked').innerText(), /does not allow “pending” for this document: accept or reject it/)
    assert.equal(await page.getByTestId('ims-pending').isDisabled(), true)
    await page.keyboard.press('p')
    assert.match(await page.getByTestId('ims-refused').innerText(), /does not allow “pending”/)
    await page.keyboard.press('r')
    assert.equal(await page.getByTestId('ims-staged-words').innerText(), '2 to accept, 1 to reject')
    await shot('ims-staged')
    // u takes a staged action back; r again.
    await page.keyboard.press('u')
    assert.equal(await page.getByTestId('ims-staged-words').innerText(), '2 to accept')
    await page.keyboard.press('r')
    const rejected = (await blocked.getAttribute('data-key')).split('|').at(-1)
    await page.getByTestId('ims-reason').fill('Checked against the purchase register')
    await page.getByTestId('ims-save').click()
    await page.getByTestId('ims-result').waitFor({ timeout: 60000 })
    const results = page.getByTestId('ims-result-row')
    assert.equal(await results.count(), 3)
    for (const r of await results.all()) {
      assert.equal(await r.getAttribute('data-result'), 'applied')
      assert.match(await r.innerText(), /done Done: the portal has it\./)
    }
    assert.match(await page.getByTestId('ims-result').innerText(), /Saved: 3 documents done/)
    await shot('ims-saved')
    // The lists were read again: the counts say it; nothing is staged any more.
    await page.waitForFunction(() => document.querySelector('[data-testid=ims-count-b2b-A]')?.textContent?.trim() === '2')
    assert.equal(await page.getByTestId('ims-count-b2b-R').innerText(), '1')
    assert.equal(await page.getByTestId('ims-save-bar').count(), 0)
    // The log says who, when, what and why.
    await page.getByTestId('ims-log').locator('summary').click()
    const log = await page.getByTestId('ims-log').innerText()
    assert.match(log, new RegExp(`${rejected.replace(/[/\\.-]/g, '\\$&')}[\\s\\S]*No action → Rejected\\s+applied\\s+Checked against the purchase register`))
  },

  'IMS 2.0: accepting a credit note shows the reduction of credit gstdesk declares, and it is saved': async ({ page, shot }) => {
    await open(page)
    await page.getByTestId('ims-count-b2bcn-N').click()
    const table = page.getByTestId('ims-table')
    await table.focus()
    await page.keyboard.press('a')
    const panel = page.getByTestId('ims-reduction')
    await panel.waitFor()
    assert.match(await panel.innerText(), /declares whether your credit is reduced \(IMS 2\.0\)[\s\S]*itcRedReq Y/)
    await shot('ims-reduction')
    await page.getByTestId('ims-save').click()
    await page.getByTestId('ims-result').waitFor({ timeout: 60000 })
    for (const r of await page.getByTestId('ims-result-row').all()) assert.equal(await r.getAttribute('data-result'), 'applied')
  },

  'regenerate GSTR-2B: the new 2B opened in its place': async ({ page, shot }) => {
    // The runner sets the demo's date on or after the 14th (GSTDESK_DEMO_DATE), so the portal
    // has the IMS month's draft.
    await open(page)
    await signIn(page)
    const p = monthFromNow(-1)
    assert.equal(await page.getByTestId('ims-regen-period').inputValue(), p)
    await page.getByTestId('ims-regenerate').click()
    // Regenerated, then pulled; the rejected document left the credit.
    await page.getByTestId('ims-regen-result').waitFor({ timeout: 60000 })
    assert.match(await page.getByTestId('ims-regen-result').innerText(), new RegExp(`GSTR-2B of ${label(p)} regenerated \\(reference \\w+\\); the new 2B: [\\d,]+ documents from [\\d,]+ suppliers, 1 rejected in IMS\\.`))
    await shot('ims-regenerated')
    await page.getByTestId('ims-open-2b').click()
    await page.getByTestId('g2b-summary').waitFor()
    assert.equal(await page.getByTestId('g2b-rejected').innerText(), '1')
    assert.match(await page.getByTestId('g2b-source').innerText(), /^pulled /)
  },
}
