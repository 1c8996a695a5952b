import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parseCsv } from '../../src/shared/csv.js';
import { startPageHarness, type PageHarness } from './support/pageHarness.js';

let harness: PageHarness;
beforeAll(async () => {
  harness = await startPageHarness();
});
afterAll(async () => {
  await harness?.close();
});

// ../shared/fixtures/README.md: GDAL's DN at -67.3037941, -14.7111791 (clear), Collection 2 scale and offset.
const GDAL_DN = { B01: 8121, B02: 7939, B03: 8418, B04: 7663, B05: 16909, B06: 10348, B07: 8424 };
const reflectance = (dn: number) => dn * 0.0000275 - 0.2;
const POINT_URL = '/?lat=-14.7111791&lon=-67.3037941&startDate=2019-01-01&endDate=2019-01-31&size=3x3&cloud=100';

/** A spectroradiometer text export as a person would paste it: header, nm, percent, 350-2500 nm every 2 nm. */
function asdLikeExport(): string {
  const lines = ['Wavelength\tfield_plot_7.asd'];
  for (let nm = 350; nm <= 2500; nm += 2) lines.push(`${nm}\t${(nm < 700 ? 5 + 3 * Math.exp(-(((nm - 550) / 30) ** 2)) : nm < 1300 ? 40 : 22).toFixed(3)}`);
  return lines.join('\n');
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('field spectrum against Landsat (built page, headless Chromium, fixture scene)', () => {
  it('pastes a spectrum, sees what was detected, compares with the fixture scene and downloads the CSV', async () => {
    const { page, consoleErrors } = await harness.openPage(POINT_URL, { viewport: { width: 1440, height: 1000 }, acceptDownloads: true });
    const section = page.getByRole('region', { name: 'Compare your field spectrum with Landsat' });
    await section.scrollIntoViewIfNeeded();
    await section.getByLabel(/or paste it/).fill(asdLikeExport());
    await expect.poll(() => section.getByRole('status').first().textContent()).toMatch(
      /Wavelengths in nanometres \(detected\); reflectance as percent \(detected\) from "field_plot_7.asd"; 1076 points from 0.35 to 2.5 µm/,
    );
    await section.getByLabel('Measured at (UTC)').fill('2019-01-14T16:00');
    await section.getByRole('button', { name: 'Compare with Landsat' }).click();

    const table = section.getByRole('table', { name: /Field versus Landsat/ });
    await table.waitFor({ timeout: 30_000 });
    expect(await section.textContent()).toContain('Landsat 8 scene LC08_L2SP_001070_20190114_02_T2');
    const rows = await table.locator('tbody tr').allTextContents();
    expect(rows).toHaveLength(7);
    for (const [i, [band, dn]] of Object.entries(GDAL_DN).entries()) {
      expect(rows[i]).toContain(band);
      expect(rows[i]).toContain(reflectance(dn).toFixed(4));
      expect(rows[i]).toContain('100.0 %'); // coverage
    }
    await section.getByRole('img', { name: /Field spectrum and Landsat bands/ }).waitFor();
    await harness.screenshot(page, '08-field-spectrum-1440', '#field-spectrum');

    const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download the comparison (CSV)' }).click()]);
    expect(download.suggestedFilename()).toBe('landsat-field-comparison_-14.711179_-67.303794_2019-01-14_2019-01-14.csv');
    const [header, ...records] = parseCsv(readFileSync((await download.path())!, 'utf8'));
    const col = (name: string) => header.indexOf(name);
    expect(records).toHaveLength(7);
    const b04 = records.find((r) => r[col('band')] === 'B04')!;
    // Reflectance to the CSV's 6 decimals (src/shared/csv.ts).
    expect(b04[col('landsat_value')]).toBe(String(Number(reflectance(GDAL_DN.B04).toFixed(6))));
    const simulated = Number(b04[col('simulated_reflectance')]);
    expect(simulated).toBeGreaterThan(0.05);
    // Both sides rounded to 6 decimals: the difference agrees to within a unit of the 6th.
    expect(Number(b04[col('difference_absolute')])).toBeCloseTo(simulated - reflectance(GDAL_DN.B04), 5);
    expect(b04[col('scene_id')]).toBe('LC08_L2SP_001070_20190114_02_T2');
    expect(consoleErrors.filter((e) => !/ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
  }, 90_000);

  it('at 390 px: typed band values, an error in words, and nothing scrolls sideways', async () => {
    const { page } = await harness.openPage(POINT_URL, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const section = page.getByRole('region', { name: 'Compare your field spectrum with Landsat' });
    await section.scrollIntoViewIfNeeded();
    // A spectrum in the wrong order gets the server's words back.
    await section.getByLabel(/or paste it/).fill('500,0.1\n450,0.1\n900,0.3');
    await section.getByLabel('Measured at (UTC)').fill('2019-01-14T16:00');
    await section.getByRole('button', { name: 'Compare with Landsat' }).click();
    await expect.poll(() => section.getByRole('alert').textContent()).toMatch(/0.45 µm comes after 0.5 µm; wavelengths must increase/);

    await section.getByLabel('Values per band').check();
    await section.getByLabel(/B04 Red Band/).fill('8');
    await section.getByLabel(/B05 Near-Infrared/).fill('35');
    await section.getByLabel('Values are in percent').check();
    await section.getByRole('button', { name: 'Compare with Landsat' }).click();
    const table = section.getByRole('table', { name: /Field versus Landsat/ });
    await table.waitFor({ timeout: 30_000 });
    const b04 = await table.locator('tbody tr').nth(3).textContent();
    expect(b04).toContain('0.0800');
    expect(b04).toContain(reflectance(GDAL_DN.B04).toFixed(4));
    expect(b04).toContain((0.08 - reflectance(GDAL_DN.B04)).toFixed(4));
    await section.getByRole('img', { name: /Field spectrum and Landsat bands/ }).waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await harness.screenshot(page, '08-field-spectrum-390', '#field-spectrum');
  }, 90_000);

  it('shows the indices through time beside the pixel analysis, and an Add to calendar link beside the next passes', async () => {
    const { page } = await harness.openPage(`${POINT_URL}&bands=B02,B03,B04,B05,B06,B07,B09&scenes=all`, { viewport: { width: 1440, height: 1000 } });
    await page.getByRole('button', { name: 'Fetch Data' }).click();
    const indices = page.getByRole('figure', { name: 'Indices through time at the target pixel' });
    await indices.waitFor({ timeout: 30_000 });
    await indices.getByRole('img', { name: /Indices at the target pixel by date: NDVI, EVI, NDWI, NBR, NDSI, Surface temperature/ }).waitFor();
    await indices.getByText('Index values per scene').click();
    const row = await indices.getByRole('table', { name: 'Indices at the target pixel' }).locator('tbody tr').first().textContent();
    const r = Object.fromEntries(Object.entries(GDAL_DN).map(([b, dn]) => [b, reflectance(dn)]));
    expect(row).toContain(((r.B05 - r.B04) / (r.B05 + r.B04)).toFixed(3)); // NDVI from GDAL's values
    expect(row).toContain(`${(43782 * 0.00341802 + 149 - 273.15).toFixed(1)} °C`);
    await harness.screenshot(page, '09-indices', '.indices-chart');

    const calendar = page.getByRole('link', { name: /Add to calendar/ });
    const href = await calendar.getAttribute('href');
    expect(href).toMatch(/^\/api\/overpasses\.ics\?lat=-14\.7111791&lon=-67\.3037941&days=92$/);
    const feed = await page.evaluate(async (url) => {
      const res = await fetch(url);
      return { type: res.headers.get('content-type'), text: await res.text() };
    }, href!);
    expect(feed.type).toBe('text/calendar; charset=utf-8');
    expect(feed.text).toMatch(/^BEGIN:VCALENDAR/);
  }, 90_000);
});
