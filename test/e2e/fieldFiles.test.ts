import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parseCsv } from '../../src/shared/csv.js';
import { REAL_WORLD_DIR } from '../support/fixturePaths.js';
import { startPageHarness, type PageHarness } from './support/pageHarness.js';

// Issue 36 on the page: real spectrometer files dropped (picked) on the comparison section, against
// the embedded demo archive (synthetic, labelled so). Expected places come from the files' own text.
const SPECTRA = path.join(REAL_WORLD_DIR, 'spectra');
const FILES = ['svc-acer/ACPL_D2_P1_B_1_001.sig', 'svc-acer/3_6_PANVI_2_T_1_001_BAD.sig', 'malformed/data_psr_added_lines.sed'].map((f) => path.join(SPECTRA, f));
const URL = '/?lat=46.68&lon=-92.52&startDate=2015-08-01&endDate=2015-08-10&cloud=100';

let harness: PageHarness;
beforeAll(async () => {
  harness = await startPageHarness({ LANDSAT_SOURCE: 'demo' });
});
afterAll(async () => {
  await harness?.close();
});

/** The target scan's latitude written in a .sig file (degrees and decimal minutes), as decimal degrees. */
const latOf = (file: string) => {
  const m = /^latitude=.*,\s*(\d\d)(\d\d\.\d+)N/m.exec(readFileSync(file, 'latin1'))!;
  return Number(m[1]) + Number(m[2]) / 60;
};
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

async function pickFiles(page: Page) {
  // The comparison section loads as the person scrolls near it (LazySection), as a person would.
  await page.locator('#field-spectrum').scrollIntoViewIfNeeded();
  const panel = page.getByRole('region', { name: 'A whole campaign: your spectrometer files' });
  await panel.waitFor({ timeout: 30_000 });
  await panel.scrollIntoViewIfNeeded();
  await panel.getByLabel('Largest gap (days)').fill('16');
  await panel.getByLabel('Choose files').setInputFiles(FILES);
  const table = panel.getByRole('table');
  await expect.poll(() => panel.getByRole('status').textContent(), { timeout: 60_000 }).toMatch(/3 files compared/);
  return { panel, table };
}

describe('a field campaign dropped on the comparison section (built page, headless Chromium, demo archive)', () => {
  it('at 1440 px: the table of files, their places on the map, a chart by keyboard, the CSV', async () => {
    const { page, consoleErrors } = await harness.openPage(URL, { viewport: { width: 1440, height: 1000 }, acceptDownloads: true });
    const { panel, table } = await pickFiles(page);
    const rows = await table.locator('tbody tr').allTextContents();
    expect(rows).toHaveLength(3);
    const good = rows.find((r) => r.startsWith('ACPL_D2_P1_B_1_001.sig'))!;
    expect(good).toContain(latOf(FILES[0]).toFixed(5));
    expect(good).toMatch(/L[CE]0\d_L2SP_\d{6}_2015\d{4}_SYNTHETIC/);
    expect(rows.find((r) => r.startsWith('data_psr_added_lines.sed'))).toMatch(/line 2: "ADDED" is not a header line/);
    expect(await panel.textContent()).toMatch(/Synthetic|synthetic/);

    // The places go on the map as labelled markers.
    await expect.poll(() => page.locator('.site-label').allTextContents()).toEqual(expect.arrayContaining(['ACPL_D2_P1_B_1_001.sig', '3_6_PANVI_2_T_1_001_BAD.sig']));

    // A chart on demand, by keyboard.
    const show = table.locator('tbody tr').filter({ hasText: 'ACPL_D2_P1_B_1_001.sig' }).getByRole('button', { name: 'Show' });
    await show.focus();
    await page.keyboard.press('Enter');
    await panel.getByRole('img', { name: /Field spectrum and Landsat bands/ }).waitFor({ timeout: 30_000 });

    // Every control at least 24 x 24 CSS px.
    for (const control of await panel.locator('button, label.button-like, input[type=number], input[type=checkbox]').all()) {
      const box = (await control.boundingBox())!;
      expect(box.width, (await control.textContent()) ?? "").toBeGreaterThanOrEqual(24);
      expect(box.height, (await control.textContent()) ?? "").toBeGreaterThanOrEqual(24);
    }
    await harness.screenshot(page, '36-field-files-1440', '.field-files');
    await page.locator('.leaflet-container').first().scrollIntoViewIfNeeded();
    await harness.screenshot(page, '36-field-files-map-1440', '.leaflet-container');

    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Download the CSV' }).click()]);
    const [header, ...records] = parseCsv(readFileSync((await download.path())!, 'utf8'));
    expect(header.slice(0, 6)).toEqual(['file', 'instrument', 'measured_utc', 'time_from', 'lat', 'lon']);
    expect(records).toHaveLength(7 + 7 + 1);
    const acpl = records.filter((r) => r[0] === 'ACPL_D2_P1_B_1_001.sig');
    expect(acpl.map((r) => r[header.indexOf('band')])).toEqual(['B01', 'B02', 'B03', 'B04', 'B05', 'B06', 'B07']);
    expect(Number(acpl[0][header.indexOf('lat')])).toBeCloseTo(latOf(FILES[0]), 6);
    expect(records.find((r) => r[0] === 'data_psr_added_lines.sed')![header.indexOf('reason')]).toMatch(/line 2:/);
    expect(consoleErrors.filter((e) => !/ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
  }, 180_000);

  it('at 390 px (touch): the same files, nothing scrolls sideways', async () => {
    const { page } = await harness.openPage(URL, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const { table } = await pickFiles(page);
    expect(await table.locator('tbody tr').count()).toBe(3);
    await table.locator('tbody tr').filter({ hasText: 'ACPL_D2_P1_B_1_001.sig' }).getByRole('button', { name: 'Show' }).tap();
    await page.getByRole('img', { name: /Field spectrum and Landsat bands/ }).waitFor({ timeout: 30_000 });
    expect(await noSidewaysScroll(page)).toBe(true);
    await harness.screenshot(page, '36-field-files-390', '.field-files');

    // A .sed without GPS: refused in words, then compared at the map's point once that box is ticked.
    const panel = page.getByRole('region', { name: 'A whole campaign: your spectrometer files' });
    const sed = path.join(SPECTRA, 'sed-psr/1566060_09506_working.sed');
    await panel.getByLabel('Choose files').setInputFiles([sed]);
    await expect.poll(() => table.locator('tbody tr').first().textContent(), { timeout: 60_000 }).toMatch(/holds no GPS position/);
    await panel.getByLabel(/Files without GPS were measured at the map's point/).check();
    await panel.getByLabel('Choose files').setInputFiles([]);
    await panel.getByLabel('Choose files').setInputFiles([sed]);
    await expect.poll(() => table.locator('tbody tr').first().textContent(), { timeout: 60_000 }).toMatch(/46\.68000, -92\.52000/);
  }, 180_000);
});
