// Helpers the e2e tests share (not a test file: run.mjs only runs tests/*.mjs).
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * Whether the element matching `selector` inside the scrolling table `testid` is wholly in view:
 * under its sticky header and above its pinned total, inside the scroller's box.
 */
export async function inView(page, testid, selector) {
  // Every caller asserts it is in view: the table may take a frame or two to scroll there after a
  // key (more on a loaded machine), so it is asked again for up to 3 s before it is false.
  return comesIntoView(page, testid, selector, 3000)
}

async function inViewNow(page, testid, selector) {
  return page.getByTestId(testid).evaluate((box, sel) => {
    const el = box.querySelector(sel)
    if (!el) return false
    const b = box.getBoundingClientRect()
    const head = box.querySelector('thead')?.getBoundingClientRect()
    const foot = box.querySelector('tfoot')?.getBoundingClientRect()
    const top = head ? Math.max(b.top, head.bottom) : b.top
    const bottom = foot ? Math.min(b.bottom, foot.top) : b.bottom
    const r = el.getBoundingClientRect()
    return r.top >= top - 1 && r.bottom <= bottom + 1
  }, selector)
}

/**
 * Whether the element comes wholly into view within `timeout` ms. A detail that opens under a row
 * is measured when the browser lays it out (a resize observer, the frame after it is added, and
 * again as its content arrives); only then is it scrolled into view, so an immediate look can
 * land a frame early.
 */
export async function comesIntoView(page, testid, selector, timeout = 5000) {
  const end = Date.now() + timeout
  for (;;) {
    if (await inViewNow(page, testid, selector)) return true
    if (Date.now() > end) return false
    await page.waitForTimeout(50)
  }
}

/**
 * Chooses a file to import as a person would with the system's Open dialog: the dev binary's dialog
 * answers with the path written to app.openDialog (GSTDESK_OPEN_DIALOG), then the button `testid`
 * is clicked. `file` is a path, or { name, buffer } (written to a folder of the run first).
 * Resolves to the path chosen.
 */
export async function chooseFile(page, app, testid, file) {
  let chosen = file
  if (typeof file !== 'string') {
    const dir = mkdtempSync(path.join(tmpdir(), 'gstdesk-e2e-file-'))
    chosen = path.join(dir, file.name)
    writeFileSync(chosen, file.buffer)
  }
  writeFileSync(app.openDialog, chosen)
  await page.getByTestId(testid).click()
  return chosen
}

/** Elements that scroll sideways (the document, the main pane, or any pane inside), by name. */
export async function sideways(page) {
  return page.evaluate(() => {
    const out = []
    const name = (el) => el.getAttribute('data-testid') || (el.id ? '#' + el.id : '') || el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : '')
    const de = document.documentElement
    if (de.scrollWidth > de.clientWidth) out.push(`document (${de.scrollWidth} > ${de.clientWidth})`)
    for (const el of document.querySelectorAll('.main, main, main *')) {
      const st = getComputedStyle(el)
      const scrolls = st.overflowX === 'auto' || st.overflowX === 'scroll'
      if ((scrolls || el.matches('.main, main')) && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) {
        out.push(`${name(el)} (${el.scrollWidth} > ${el.clientWidth})`)
      }
    }
    return out
  })
}
