import { it } from 'vitest';
import { startPageHarness } from './support/pageHarness.js';
it('debug', async () => {
  const h = await startPageHarness({ LANDSAT_SOURCE: 'demo', LOG_LEVEL: 'info' });
  const { page, consoleErrors } = await h.openPage(`/?startDate=2025-07-01&endDate=2025-08-31&cloud=100&bands=B02,B03,B04,B05&size=full`, { viewport: { width: 1440, height: 1000 } });
  await page.waitForTimeout(3000);
  await page.getByRole('group', { name: 'Try:' }).getByRole('button', { name: 'Tokyo' }).click();
  await page.getByRole('button', { name: 'Fetch Data' }).click();
  await page.waitForTimeout(25000);
  await h.screenshot(page, 'debug');
  await page.screenshot({ path: 'test-artifacts/debug-full.png', fullPage: true });
  console.log(consoleErrors);
  console.log((await page.locator('main').innerText()).slice(0, 3000));
  await h.close();
}, 120000);
