import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPageHarness, type PageHarness } from './support/pageHarness.js';

let harness: PageHarness;

beforeAll(async () => {
  harness = await startPageHarness();
});

afterAll(async () => {
  await harness?.close();
});

// ../shared/fixtures/README.md: GDAL's SR_B4 3 x 3 block around -67.3037941, -14.7111791, rows north to south.
const GDAL_B04_DN = [
  [9010, 7816, 10705],
  [7926, 7663, 9276],
  [8158, 8513, 8856],
];

describe('ground comparison (built page, headless Chromium, fixture scene)', () => {
  it('shows the 3 x 3 grid with the values GDAL reads, the scene metadata, and lays the full image on the map', async () => {
    const { page, consoleErrors } = await harness.openPage('/?lat=-14.7111791&lon=-67.3037941&startDate=2019-01-01&endDate=2019-01-31&size=full&cloud=100');
    await page.getByLabel('Most recent scene').waitFor();
    expect(await page.getByLabel('Most recent scene').isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Fetch Data' }).click();

    const grid = page.getByRole('table', { name: /B04 Red Band: surface reflectance/ });
    await grid.waitFor({ timeout: 30_000 });
    const cellTexts = await grid.locator('tbody td').allTextContents();
    expect(cellTexts).toHaveLength(9);
    GDAL_B04_DN.flat().forEach((dn, i) => {
      expect(cellTexts[i]).toContain(`DN ${dn}`);
      expect(cellTexts[i]).toContain((dn * 0.0000275 - 0.2).toFixed(4));
    });
    const target = await grid.locator('td[data-target="true"]').textContent();
    expect(target).toContain('Target pixel');
    expect(target).toContain('0.0107'); // 7663 * 0.0000275 - 0.2 = 0.0107325
    // QA_PIXEL 21824 at the point: clear.
    expect(await page.getByRole('table', { name: /QA flags/ }).locator('td[data-target="true"]').textContent()).toContain('clear (QA 21824)');

    const metadata = page.getByRole('table', { name: 'Scenes used' });
    const row = await metadata.locator('tbody tr').first().textContent();
    expect(row).toContain('LC08_L2SP_001070_20190114'); // the STAC item id (Planetary Computer form)
    expect(row).toContain('001/070');
    expect(row).toContain('75.65 %');

    await page.getByRole('img', { name: /Spectral signature/ }).waitFor();
    expect(await page.getByRole('button', { name: 'Download pixel values (CSV)' }).isEnabled()).toBe(true);

    // The full image over its footprint, with a working opacity slider; the URL carries the view.
    const overlay = page.locator('.location-map img.leaflet-image-layer');
    await overlay.waitFor({ state: 'attached' });
    await page.getByLabel(/Scene image opacity on the map/).fill('30');
    await expect.poll(() => overlay.evaluate((img: HTMLImageElement) => img.style.opacity)).toBe('0.3');
    const search = new URL(page.url()).searchParams;
    expect(search.get('lat')).toBe('-14.711179');
    expect(search.get('size')).toBe('full');
    expect(search.get('cloud')).toBe('100');

    await harness.screenshot(page, '05-comparison', '.comparison');
    expect(consoleErrors.filter((e) => !/ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
  }, 90_000);

  it("shows GDAL's values at the README's second point too, in every reflectance band", async () => {
    // ../shared/fixtures/README.md, -67.6820161, -13.8928145: SR_B1..SR_B5.
    const gdalDn = { B01: 8604, B02: 8925, B03: 10640, B04: 9996, B05: 19799 };
    const labels = { B01: 'Coastal/Aerosol', B02: 'Blue Band', B03: 'Green Band', B04: 'Red Band', B05: 'Near-Infrared' };
    const { page } = await harness.openPage('/?lat=-13.8928145&lon=-67.6820161&startDate=2019-01-01&endDate=2019-01-31&size=3x3&cloud=100');
    await page.getByRole('button', { name: 'Fetch Data' }).click();
    for (const [band, dn] of Object.entries(gdalDn) as [keyof typeof gdalDn, number][]) {
      const grid = page.getByRole('table', { name: new RegExp(`${band} ${labels[band].replace(/[()/]/g, '.')}.*surface reflectance`) });
      await grid.waitFor({ timeout: 30_000 });
      const target = await grid.locator('td[data-target="true"]').textContent();
      expect(target, band).toContain(`DN ${dn}`);
      expect(target, band).toContain((dn * 0.0000275 - 0.2).toFixed(4));
    }
  }, 90_000);
});
