// Helpers the GSTR-2B, IMS and three-way e2e files share (not a test file: the runner only loads tests/).
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures')

/** Signs in to the demo taxpayer's portal account from the sign-in strip of the screen shown. */
export async function signIn(page) {
  await page.locator('[data-testid=g2-signout], [data-testid=g2-signin-open]').first().waitFor()
  if (await page.getByTestId('g2-signout').count()) return
  await page.getByTestId('g2-signin-open').click()
  await page.getByTestId('g2-username').fill('demo')
  await page.getByTestId('g2-send-otp').click()
  await page.getByTestId('g2-otp').fill('575757')
  await page.getByTestId('g2-otp').press('Enter')
  await page.getByTestId('g2-signout').waitFor()
}

/** A period YYYY-MM some months from now (0: this month, -1: the month before). */
export function monthFromNow(delta, now = new Date()) {
  const d = new Date(now.getFullYear(), now.getMonth() + delta, 1)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`
}

/** The financial year (its first calendar year) of a period. */
export const fyOf = (p) => (Number(p.slice(5)) >= 4 ? Number(p.slice(0, 4)) : Number(p.slice(0, 4)) - 1)

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
/** "2025-06" → "Jun 2025". */
export const label = (p) => `${MONTHS[Number(p.slice(5)) - 1]} ${p.slice(0, 4)}`

/** Amount text ("₹1,23,456.78", "(50.00)") as a number. */
export const num = (s) => Number(s.replace(/[₹,\s]/g, '').replace(/^\((.*)\)$/, '-$1'))
