import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TM_ETM_CATALOG_DIR } from '../support/fixturePaths.js';
import { startPageHarness, type PageHarness } from './support/pageHarness.js';

// Issue 23 on the page: a real Landsat 5 TM and a real Landsat 7 ETM+ scene (../shared/real-world/landsat-tm-etm)
// on one time axis, each point marked by sensor with a legend, and the harmonisation switch.
describe('forty years at a point (real TM and ETM+ scenes, headless Chromium)', () => {
  let harness: PageHarness;
  beforeAll(async () => {
    harness = await startPageHarness({ LANDSAT_SOURCE: `local:${TM_ETM_CATALOG_DIR}` });
  });
  afterAll(async () => {
    await harness?.close();
  });

  const QUERY = 'lat=-34.3059109&lon=149.8378759&startDate=1990-01-01&endDate=2024-12-31&size=full&cloud=100&scenes=all&bands=B02,B03,B04,B05';

  for (const width of [1440, 390]) {
    it(`marks TM and ETM+ points in the charts and asks for harmonize=oli when switched on (${width} px)`, async () => {
      const { page, consoleErrors } = await harness.openPage(`/?${QUERY}`, { viewport: { width, height: 900 } });
      const requests: string[] = [];
      page.on('request', (r) => r.url().includes('/stream') && requests.push(r.url()));
      await page.getByRole('checkbox', { name: /Harmonise TM\/ETM\+ to OLI/ }).check();
      await page.getByRole('button', { name: 'Fetch Data' }).click();
      const chart = page.locator('.band-time-chart').filter({ hasText: 'Band B04 over time' });
      await chart.waitFor({ timeout: 60_000 });
      const legend = chart.locator('.sensor-legend li');
      await expect.poll(() => legend.allTextContents(), { timeout: 30_000 }).toEqual(['▲ Landsat 4/5 TM', '■ Landsat 7 ETM+']);
      expect(requests.some((u) => u.includes('/api/landsatData/stream') && new URL(u).searchParams.get('harmonize') === 'oli')).toBe(true);
      expect(requests.some((u) => u.includes('/api/pixel/stream') && new URL(u).searchParams.get('harmonize') === 'oli')).toBe(true);
      await chart.scrollIntoViewIfNeeded();
      await harness.screenshot(page, `forty-years-chart-${width}`, '.band-time-chart >> nth=2');
      await page.locator('.filters-form').scrollIntoViewIfNeeded();
      await harness.screenshot(page, `forty-years-filters-${width}`, '.filters-form');
      expect(consoleErrors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(e))).toEqual([]);
    }, 120_000);
  }
});
