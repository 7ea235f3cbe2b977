import { tests as laptop } from './90-laptop.mjs'
export const tests = {
  'load': laptop['load the demo data'],
  'missing in books': async ({ page, shot }) => {
    await page.setViewportSize({ width: 1366, height: 768 })
    await page.getByTestId('nav-recon').click()
    await page.getByTestId('recon-summary').waitFor({ timeout: 15000 })
    await page.getByTestId('recon-tab-missing_in_books').click()
    await page.getByTestId('recon-row').first().waitFor()
    await shot('missing-books')
    console.log(await page.getByTestId('recon-rows').innerText())
  },
}
