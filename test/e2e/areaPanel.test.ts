import { readFileSync } from 'node:fs';
import proj4 from 'proj4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/shared/csv.js';
import { startPageHarness, type PageHarness } from './support/pageHarness.js';

let harness: PageHarness;
beforeAll(async () => {
  harness = await startPageHarness();
});
afterAll(async () => {
  await harness?.close();
});

const POINT_URL = '/?lat=-14.7111791&lon=-67.3037941&startDate=2019-01-01&endDate=2019-01-31&size=full&cloud=100';
// 20 x 20 whole pixels (cols 330-349, rows 300-319) of the fixture grid (STAC proj:transform), a quarter pixel inside their edges: 400 centres.
const toLngLat = proj4('+proj=utm +zone=19 +datum=WGS84 +units=m +no_defs', '+proj=longlat +datum=WGS84 +no_defs');
const [PX, PY] = [448.30078125, 455.91796875];
const xy = (c: number, r: number) => toLngLat.forward([528285 + c * PX, -1482285 - r * PY]);
const RING = [xy(330.25, 300.25), xy(330.25, 319.75), xy(349.75, 319.75), xy(349.75, 300.25), xy(330.25, 300.25)];
const GEOJSON = JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { name: 'plot 7' }, geometry: { type: 'Polygon', coordinates: [RING] } }] });
const KML = `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>${RING.map((p) => p.join(',')).join(' ')}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></kml>`;

describe('area statistics, mask and GeoTIFF link (built page, headless Chromium, fixture scene)', () => {
  it('uploads a GeoJSON plot, sees its 400 pixels per date, downloads the CSV; the GeoTIFF link names the scene', async () => {
    const { page, consoleErrors } = await harness.openPage(POINT_URL, { viewport: { width: 1440, height: 1000 }, acceptDownloads: true });
    await page.getByRole('button', { name: 'Fetch Data' }).click();
    // A button that fetches the file (issue 35: a refusal is then said on the page, not saved as export.json).
    const geotiff = page.getByRole('button', { name: 'Download GeoTIFF' });
    await geotiff.waitFor({ timeout: 30_000 });
    const [exportRequest] = await Promise.all([page.waitForRequest('**/api/export.tif?**'), geotiff.click()]);
    expect(new URL(exportRequest.url()).pathname + new URL(exportRequest.url()).search).toMatch(/^\/api\/export\.tif\?sceneId=LC08_L2SP_001070_20190114_02_T2&bands=.*QA/);
    await harness.screenshot(page, '20-geotiff-link-1440', '#result-figure');

    const section = page.getByRole('region', { name: 'Area statistics' });
    await section.scrollIntoViewIfNeeded();
    await section.getByLabel('Polygon file').setInputFiles({ name: 'plot7.geojson', mimeType: 'application/geo+json', buffer: Buffer.from(GEOJSON) });
    // The filters' harmonisation switch goes with the area (issue 23); OLI statistics stay as they are.
    const areaBodies: string[] = [];
    page.on('request', (r) => r.url().includes('/api/area') && areaBodies.push(r.postData() ?? ''));
    await page.getByRole('checkbox', { name: /Harmonise TM\/ETM\+ to OLI/ }).check();
    await section.getByRole('button', { name: 'Measure the area' }).click();
    const table = section.getByRole('table', { name: /Per-date statistics/ });
    await table.waitFor({ timeout: 30_000 });
    const row = await table.locator('tbody tr').first().textContent();
    expect(row).toContain('400');
    await harness.screenshot(page, '21-area-panel-1440', '#area-statistics');
    const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download CSV' }).click()]);
    const [header, ...records] = parseCsv(readFileSync((await download.path())!, 'utf8'));
    expect(records.length).toBeGreaterThan(0);
    expect(records[0][header.indexOf('pixel_count')]).toBe('400');
    expect(areaBodies.length).toBeGreaterThan(0);
    expect(areaBodies.every((b) => JSON.parse(b).harmonize === 'oli')).toBe(true);
    expect([records[0][header.indexOf('sensor')], records[0][header.indexOf('harmonized')]]).toEqual(['OLI/TIRS', '']);
    expect(consoleErrors.filter((e) => !/ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
  }, 90_000);

  it('at 390 px: a KML outline, the mask boxes, nothing scrolls sideways', async () => {
    const { page } = await harness.openPage(POINT_URL, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const mask = page.getByRole('group', { name: /Not clear/ });
    await mask.scrollIntoViewIfNeeded();
    expect(await mask.getByLabel('Cloud shadow').isChecked()).toBe(true);
    expect(await mask.getByLabel('Water').isChecked()).toBe(false);
    await harness.screenshot(page, '22-mask-choice-390', '.mask-choice');
    const section = page.getByRole('region', { name: 'Area statistics' });
    await section.scrollIntoViewIfNeeded();
    await section.getByLabel('Polygon file').setInputFiles({ name: 'plot7.kml', mimeType: 'application/vnd.google-earth.kml+xml', buffer: Buffer.from(KML) });
    await section.getByRole('button', { name: 'Measure the area' }).click();
    await section.getByRole('table', { name: /Per-date statistics/ }).waitFor({ timeout: 30_000 });
    expect(await section.locator('tbody tr').first().textContent()).toContain('400');
    await harness.screenshot(page, '23-area-panel-390', '#area-statistics');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  }, 90_000);
});
