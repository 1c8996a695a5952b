import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { startPageHarness, type PageHarness } from './support/pageHarness.js';
import { undersizedTapTargets } from './support/tapTargets.js';

// Issue 35 (the page's part): the research journey finished, on the synthetic demo archive at
// 1440 px and 390 px. Real server, built page, headless Chromium; screenshots in test-artifacts/.
let harness: PageHarness;

beforeAll(async () => {
  harness = await startPageHarness({ LANDSAT_SOURCE: 'demo' });
});

afterAll(async () => {
  await harness?.close();
});

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const WIDE: BrowserContextOptions = { viewport: { width: 1440, height: 900 } };
const MUSKOKA = 'lat=45.326700&lon=-79.216500';
const SUMMER = 'startDate=2024-06-01&endDate=2024-08-31&size=3x3&cloud=100&scenes=all&bands=B02,B03,B04';

async function resultsIn(page: Page) {
  await page.getByRole('heading', { name: 'Landsat Results' }).waitFor({ timeout: 150_000 });
  await page.locator('.scene-list').waitFor({ timeout: 200_000 });
  await expect.poll(() => page.locator('.stream-progress, .fetch-progress').count(), { timeout: 200_000 }).toBe(0);
  await page.locator('.pixel-analysis').first().waitFor({ timeout: 200_000 });
}

describe('phone (390 px)', () => {
  it('every control is at least 24 x 24 CSS px (or spaced as WCAG 2.2 allows), before and after a fetch', async () => {
    const { page } = await harness.openPage(`/?${MUSKOKA}&${SUMMER}`, PHONE);
    await resultsIn(page);
    const measured = await undersizedTapTargets(page);
    console.log(measured.checked, measured.failing.map((f) => `${f.width}x${f.height} ${f.what}`).join('\n'));
    expect(measured.checked).toBeGreaterThan(50);
    expect(measured.failing).toEqual([]);
  }, 400_000);
});
