import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parseCsv } from '../../src/shared/csv.js';
import { startPageHarness, type PageHarness } from './support/pageHarness.js';

let harness: PageHarness;
beforeAll(async () => {
  harness = await startPageHarness({ RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(async () => {
  await harness?.close();
});

// ../shared/fixtures/README.md: GDAL's values at two points of the fixture scene.
const POINT_URL = '/?lat=-14.7111791&lon=-67.3037941&startDate=2019-01-01&endDate=2019-01-31&size=3x3&cloud=100&bands=B04,B05';
const GOOD = 'id,lat,lon\nplot-1,-14.7111791,-67.3037941\nplot-2,-13.8928145,-67.6820161\nfar,50,10';
const BAD = 'id,lat,lon\nplot-1,-14.7111791,-67.3037941\nplot-2,95,-67.6820161\nplot-1,1,2\nplot-4,,3';
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('Many sites panel (built page, headless Chromium, fixture scene)', () => {
  it('lists the wrong rows before anything runs, then reads the sites and downloads the CSV with GDAL values', async () => {
    const { page, consoleErrors } = await harness.openPage(POINT_URL, { viewport: { width: 1440, height: 1000 }, acceptDownloads: true });
    const section = page.getByRole('region', { name: 'Many sites' });
    await section.scrollIntoViewIfNeeded();
    await section.getByLabel(/or paste the sites/).fill(BAD);
    const bad = section.getByRole('table', { name: 'Rows that are wrong' });
    await bad.waitFor();
    const rows = await bad.locator('tbody tr').allTextContents();
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(/^3latitude 95 is out of range/);
    expect(rows[1]).toMatch(/^4duplicate id "plot-1"/);
    expect(rows[2]).toMatch(/^5latitude is missing/);
    expect(await section.getByRole('button', { name: 'Read the sites' }).isDisabled()).toBe(true);
    await harness.screenshot(page, '10-many-sites-wrong-rows-1440', '#many-sites');

    await section.getByLabel(/or paste the sites/).fill(GOOD);
    await expect.poll(() => section.getByText('3 sites, all readable.').count()).toBe(1);
    // The filters' harmonisation switch goes with the sites (issue 23): OLI values stay as they are.
    const sitesRequests: string[] = [];
    page.on('request', (r) => r.url().includes('/api/sites') && sitesRequests.push(r.url()));
    await page.getByRole('checkbox', { name: /Harmonise TM\/ETM\+ to OLI/ }).check();
    await section.getByRole('button', { name: 'Read the sites' }).click();
    const download = section.getByRole('link', { name: 'Download the CSV' });
    await download.waitFor({ timeout: 30_000 });
    expect(await section.textContent()).toContain('3 rows for 3 sites.');
    await harness.screenshot(page, '10-many-sites-done-1440', '#many-sites');
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const [header, ...records] = parseCsv(readFileSync((await file.path())!, 'utf8'));
    expect(records.map((r) => r[0])).toEqual(['plot-1', 'plot-2', 'far']);
    expect(Number(records[0][header.indexOf('qa_pixel')])).toBe(21824);
    expect(Number(records[1][header.findIndex((h) => h.startsWith('B04'))])).toBeCloseTo(9996 * 0.0000275 - 0.2, 10);
    expect(records[2][header.indexOf('note')]).toMatch(/no Landsat scene/);
    expect(sitesRequests.some((u) => new URL(u).searchParams.get('harmonize') === 'oli')).toBe(true);
    expect([records[0][header.indexOf('sensor')], records[0][header.indexOf('harmonized')]]).toEqual(['OLI/TIRS', '']);
    expect(consoleErrors.filter((e) => !/ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
  }, 120_000);

  it('at 390 px: more than 1,000 sites become a job whose kept link opens it later', async () => {
    const { page, context } = await harness.openPage(POINT_URL, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const section = page.getByRole('region', { name: 'Many sites' });
    await section.scrollIntoViewIfNeeded();
    const csv = ['lat,lon', ...Array.from({ length: 1200 }, (_, i) => `${(-14.6 + Math.floor(i / 40) * 0.01).toFixed(4)},${(-67.7 + (i % 40) * 0.01).toFixed(4)}`)].join('\n');
    await section.getByLabel(/or paste the sites/).fill(csv);
    await section.getByRole('button', { name: 'Start a job for 1,200 sites' }).click();
    await section.getByRole('link', { name: 'Download the CSV' }).waitFor({ timeout: 60_000 });
    expect(await section.textContent()).toContain('Done: 1,200 rows.');
    const link = await section.locator('.many-sites-link').getAttribute('href');
    expect(link).toMatch(/#job=[A-Za-z0-9_-]{22}$/);
    expect(await noSidewaysScroll(page)).toBe(true);
    await harness.screenshot(page, '10-many-sites-job-390', '#many-sites');

    const later = await context.newPage();
    await later.goto(link!);
    const again = later.getByRole('region', { name: 'Many sites' });
    await again.getByRole('link', { name: 'Download the CSV' }).waitFor({ timeout: 30_000 });
    const href = await again.getByRole('link', { name: 'Download the CSV' }).getAttribute('href');
    const result = await later.evaluate(async (url) => (await fetch(url)).text(), href!);
    const [, ...records] = parseCsv(result);
    expect(records).toHaveLength(1200);
    expect(records.map((r) => r[0])).toEqual(Array.from({ length: 1200 }, (_, i) => String(i + 2)));
  }, 180_000);
});
