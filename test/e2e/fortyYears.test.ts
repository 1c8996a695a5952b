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
      const chart = page.locator('.band-time-chart').filter({ hasText: 'B04 over time' });
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

  it('says why a Landsat 7 pixel is empty (scan-line gap) and that B01 does not exist on ETM+', async () => {
    // QA_PIXEL 1 (fill) at this pixel centre per gdallocationinfo (test/tmEtmArchive.test.ts).
    const q = 'lat=-34.2558331734294&lon=149.398938473416&startDate=2021-03-01&endDate=2021-04-30&size=3x3&cloud=100&scenes=latest&bands=B01,B02,B03,B04';
    const { page } = await harness.openPage(`/?${q}`, { viewport: { width: 1440, height: 900 } });
    await page.getByRole('button', { name: 'Fetch Data' }).click();
    await expect.poll(() => page.locator('.empty-reason').textContent(), { timeout: 60_000 }).toMatch(/Landsat 7 scan-line gap/);
    expect(await page.locator('.missing-bands').textContent()).toMatch(/B01\) is not on ETM\+ scenes: TM and ETM\+ have no coastal\/aerosol band/);
    await page.locator('.empty-reason').scrollIntoViewIfNeeded();
    await harness.screenshot(page, 'forty-years-slc-gap-1440', '.pixel-analysis');
  }, 120_000);
});
