// The contrast check the runner makes on every screenshot (not a test file: run.mjs only runs tests/*.mjs).
// axe-core's colour-contrast rule (WCAG AA: 4.5:1 for text, 3:1 for large text) on what is on the
// screen at that moment, plus our own rule that no figure (an amount, count, date or GSTIN) is set below 13 px.
// Only these two rules run, and only the visible part of the page is measured, so a check takes
// well under a second. E2E_CONTRAST=0 turns it off. A contrast problem fails the test; a figure set
// too small is listed under the test's line (E2E_FIGURES=fail makes it fail too: some dense tables of
// the GSTR-2A and three-way screens still set secondary dates at 12 px to fit 1280 px).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
let axeSource
const source = () => (axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'))

export const contrastOn = process.env.E2E_CONTRAST !== '0'
export const figuresFail = process.env.E2E_FIGURES === 'fail'

/** The smallest size a figure may be set in, in CSS pixels. */
export const MIN_FIGURE_PX = 13

/**
 * The contrast and figure-size problems on the page as it is now, one line each
 * ("contrast 4.12:1 (needs 4.5:1) #6e7a8a on #ffffff, …", "figure at 12px …"); empty when there are none.
 */
export async function readingProblems(page) {
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) await page.addScriptTag({ content: source() })
  return page.evaluate(async (minPx) => {
    const found = []
    const r = await window.axe.run(document, { runOnly: { type: 'rule', values: ['color-contrast'] }, resultTypes: ['violations'] })
    for (const v of r.violations) {
      for (const n of v.nodes) {
        const d = n.any[0]?.data || {}
        found.push(`contrast ${d.contrastRatio}:1 (needs ${d.expectedContrastRatio}) ${d.fgColor} on ${d.bgColor}, ${d.fontSize}: ${n.target.join(' ')} ${n.html.slice(0, 100)}`)
      }
    }
    // Figures: a visible amount, count, date, percentage or GSTIN ("₹1,23,456.00", "(50.00)",
    // "27/11/2026", "12 %", "27AAPFU0939F1ZV"), or anything in a .num cell, set smaller than minPx.
    const figure = /^[-−+(₹\s]*\d[\d,.\s/:%()×-]*$|^\d{2}[A-Z]{5}\d{4}[A-Z][0-9A-Z]{3}$/
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    const seen = new Set()
    for (let t = walk.nextNode(); t; t = walk.nextNode()) {
      const text = t.textContent.trim()
      // A column's heading ("2A tax") is a word, not a figure, even over a column of figures.
      if (!/\d/.test(text) || !(figure.test(text) || t.parentElement?.closest('.num:not(th)'))) continue
      const el = t.parentElement
      if (!el || seen.has(el)) continue
      seen.add(el)
      const cs = getComputedStyle(el)
      if (parseFloat(cs.fontSize) >= minPx - 0.01) continue
      const b = el.getBoundingClientRect()
      if (b.width === 0 || b.height === 0 || b.bottom < 0 || b.top > innerHeight || cs.visibility === 'hidden') continue
      if (el.closest('kbd, [aria-hidden=true], .sr-only')) continue // shortcut keys are not figures
      found.push(`figure at ${cs.fontSize} (at least ${minPx}px): ${el.tagName.toLowerCase()}${el.className ? '.' + String(el.className).trim().split(/\s+/).join('.') : ''} “${t.textContent.trim().slice(0, 60)}”`)
    }
    return found
  }, MIN_FIGURE_PX)
}
