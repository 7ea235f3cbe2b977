// Helpers the e2e tests share (not a test file: run.mjs only runs tests/*.mjs).

/**
 * Whether the element matching `selector` inside the scrolling table `testid` is wholly in view:
 * under its sticky header and above its pinned total, inside the scroller's box.
 */
export async function inView(page, testid, selector) {
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
