import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parseCsv } from '../../src/shared/csv.js';
import { fixtureDir, startPageHarness, type PageHarness } from './support/pageHarness.js';

let harness: PageHarness;
beforeAll(async () => {
  harness = await startPageHarness({ RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(async () => {
  await harness?.close();
});

const SCENE = 'LC08_L2SP_001070_20190114_02_T2';
const POINT_URL = '/?lat=-14.7111791&lon=-67.3037941&startDate=2019-01-01&endDate=2019-01-31&size=3x3&cloud=100&bands=B04,B05';
// The fixture scene's grid (gdalinfo of its SR_B4.TIF): origin (528285, -1482285), pixel 448.30078125 x 455.91796875 m, UTM 19N.
const [PX, PY] = [448.30078125, 455.91796875];
const run = promisify(execFile);
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
const realErrors = (errors: string[]) => errors.filter((e) => !/ERR_INTERNET_DISCONNECTED/.test(e));

/** Metres per screen pixel of Web Mercator at a zoom and latitude (256 px tiles). */
const metresPerPixel = (zoom: number, lat: number) => (2 * Math.PI * 6378137 * Math.cos((lat * Math.PI) / 180)) / (256 * 2 ** zoom);

/** The map's box once two readings 300 ms apart agree (a smooth scroll has ended). */
async function waitStill(page: Page): Promise<{ x: number; y: number; width: number; height: number }> {
  let last = JSON.stringify(await page.locator('.location-map').boundingBox());
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(300);
    const now = JSON.stringify(await page.locator('.location-map').boundingBox());
    if (now === last) return JSON.parse(now);
    last = now;
  }
  return JSON.parse(last);
}

/** How many pixel centres of the fixture grid GDAL burns for a polygon (ogr2ogr to UTM 19N, then gdal_rasterize). */
async function gdalBurntPixels(geometry: unknown): Promise<number> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'drawn-area-'));
  writeFileSync(path.join(dir, 'area.geojson'), JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry }] }));
  await run('ogr2ogr', ['-t_srs', 'EPSG:32619', path.join(dir, 'utm.geojson'), path.join(dir, 'area.geojson')]);
  await run('gdal_rasterize', ['-q', '-burn', '1', '-init', '0', '-te', '528285', String(-1482285 - 512 * PY), String(528285 + 512 * PX), '-1482285', '-tr', String(PX), String(PY), '-ot', 'Byte', path.join(dir, 'utm.geojson'), path.join(dir, 'burn.tif')]);
  const info = JSON.parse((await run('gdalinfo', ['-json', '-stats', path.join(dir, 'burn.tif')])).stdout);
  return Math.round(Number(info.bands[0].metadata[''].STATISTICS_MEAN) * 512 * 512);
}

describe('the map: pixels from zoom 15, a drawn area measured, the sites (built page, headless Chromium, fixture scene)', () => {
  it("draws the chosen scene's nine pixels from zoom 15 where the grid puts them, the target in yellow, with the accuracy in words", async () => {
    const { page, consoleErrors } = await harness.openPage(POINT_URL, { viewport: { width: 1440, height: 1000 } });
    await page.getByRole('button', { name: 'Fetch Data' }).click();
    const note = page.locator('.map-pixel-note');
    await note.waitFor({ timeout: 60_000 });
    expect(await note.textContent()).toContain('The 3 x 3 pixels of the 2019-01-14 scene show from zoom 15');
    expect(await note.locator(`[title="${SCENE}"]`).count()).toBe(1);
    expect(await page.locator('path.pixel-outline').count()).toBe(0);
    await page.locator('#location').scrollIntoViewIfNeeded();
    await note.getByRole('button', { name: 'Zoom to the pixels' }).click();
    await expect.poll(() => page.locator('path.pixel-outline').count(), { timeout: 10_000 }).toBe(9);
    expect(await page.locator('path.pixel-outline.pixel-target').count()).toBe(1);
    // GEOMETRIC_RMSE_MODEL of the fixture's MTL JSON.
    const mtl = JSON.parse(readFileSync(path.join(fixtureDir, 'LC08_L2SP_001070_20190114_20200830_02_T2', 'LC08_L2SP_001070_20190114_20200830_02_T2_MTL.json'), 'utf8'));
    const rmse = Number(mtl.LANDSAT_METADATA_FILE.LEVEL1_PROCESSING_RECORD.GEOMETRIC_RMSE_MODEL);
    const text = await note.textContent();
    expect(text).toContain(`Pixel outlines of ${SCENE} (2019-01-14, ${Math.round(PX)} x ${Math.round(PY)} m each)`);
    expect(text).toContain(`geolocation accuracy about ${Math.round(rmse)} m (GEOMETRIC_RMSE_MODEL)`);
    // The target pixel is GDAL's pixel size on screen, and the chosen point lies in it. Expected screen box: Web
    // Mercator draws metres of the WGS 84 ellipsoid on a sphere of radius a (north-south stretched by a/M, east-west
    // by a/N), and the UTM grid turns by its convergence γ ≈ (λ − λ0) sin φ against north (λ0 = −69°, zone 19), so a
    // pixel's box on screen is (PX·a/N + PY·sin γ) x (PY·a/M + PX·sin γ) metres; Leaflet rounds paths to whole screen pixels.
    const target = (await page.locator('path.pixel-target').boundingBox())!;
    const zoom = Number(await note.getAttribute('data-zoom'));
    expect(zoom).toBeGreaterThanOrEqual(15);
    const [lat, lon] = [-14.7111791, -67.3037941];
    const mpp = metresPerPixel(zoom, lat);
    const phi = (lat * Math.PI) / 180;
    const [a, e2] = [6378137, 0.00669437999014];
    const w = 1 - e2 * Math.sin(phi) ** 2;
    const [meridional, primeVertical] = [(a * (1 - e2)) / w ** 1.5, a / Math.sqrt(w)];
    const sinGamma = Math.abs(Math.sin((((lon + 69) * Math.PI) / 180) * Math.sin(phi)));
    const expectedWidthPx = (PX * (a / primeVertical) + PY * sinGamma) / mpp;
    const expectedHeightPx = (PY * (a / meridional) + PX * sinGamma) / mpp;
    // Chromium's box of an SVG path takes in its stroke: the target's outline is 3 px wide (1.5 px each side).
    const STROKE_PX = 3;
    expect(Math.abs(target.width - (expectedWidthPx + STROKE_PX))).toBeLessThan(1.5);
    expect(Math.abs(target.height - (expectedHeightPx + STROKE_PX))).toBeLessThan(1.5);
    const marker = (await page.locator('.leaflet-marker-icon').boundingBox())!;
    const tip = { x: marker.x + 12, y: marker.y + 41 };
    expect(tip.x > target.x && tip.x < target.x + target.width && tip.y > target.y && tip.y < target.y + target.height).toBe(true);
    // The nine tile the 3 x 3 block: its outline is three pixels wide and high.
    const all = await page.locator('path.pixel-outline').evaluateAll((paths) => paths.map((p) => p.getBoundingClientRect()).map((r) => [r.left, r.top, r.right, r.bottom]));
    const width = Math.max(...all.map((r) => r[2])) - Math.min(...all.map((r) => r[0]));
    expect(width / (3 * target.width)).toBeCloseTo(1, 1);
    await harness.screenshot(page, '30-map-pixels-1440', '.map-area');
    expect(realErrors(consoleErrors)).toEqual([]);
  }, 120_000);

  it('at 390 px: the pixels and their note fit the phone map', async () => {
    const { page } = await harness.openPage(POINT_URL, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.getByRole('button', { name: 'Fetch Data' }).tap();
    const note = page.locator('.map-pixel-note');
    await note.waitFor({ timeout: 60_000 });
    await page.locator('#location').scrollIntoViewIfNeeded();
    await note.getByRole('button', { name: 'Zoom to the pixels' }).tap();
    await expect.poll(() => page.locator('path.pixel-outline').count(), { timeout: 10_000 }).toBe(9);
    await page.waitForTimeout(400);
    await harness.screenshot(page, '36-map-pixels-390', '.map-area');
    expect(await noSidewaysScroll(page)).toBe(true);
  }, 90_000);

  it('draws a polygon by clicks and the keyboard, measures it (pixels as gdal_rasterize burns them), charts it per band, downloads the CSV', async () => {
    const { page, consoleErrors } = await harness.openPage(POINT_URL, { viewport: { width: 1440, height: 1000 }, acceptDownloads: true });
    const section = page.getByRole('region', { name: 'Area statistics' });
    await section.scrollIntoViewIfNeeded();
    await section.getByRole('button', { name: 'Draw on the map' }).click();
    const tools = page.getByRole('group', { name: 'Drawing an area' });
    await tools.waitFor();
    // The button brought the map into view.
    // Zoom in three steps (the 2,500 km² limit): a 200 px polygon is then some 15 km across.
    for (let i = 0; i < 3; i++) {
      await page.getByRole('button', { name: 'Zoom in' }).click();
      await page.waitForTimeout(500); // each zoom's animation (a click during one is not a corner where it was aimed)
    }
    // Where the map is now (the zoom buttons may have scrolled the page).
    const map = await waitStill(page);
    const [cx, cy] = [map.x + map.width / 2, map.y + map.height / 2];
    await page.mouse.click(cx - 90, cy - 70);
    await page.mouse.click(cx + 80, cy - 60);
    await page.mouse.click(cx + 100, cy + 80);
    await page.mouse.click(cx + 30, cy + 140);
    await tools.getByRole('button', { name: 'Undo corner' }).click();
    // The fourth corner by keyboard: the map pans left with the arrow key, Enter puts a corner at the cross.
    await page.locator('.location-map').focus();
    await page.keyboard.press('ArrowLeft');
    await page.waitForTimeout(500); // the pan's animation: a corner goes where the cross is when Enter is pressed
    await page.keyboard.press('Enter');
    expect(await tools.textContent()).toContain('4 corners');
    await harness.screenshot(page, '31-drawing-area-1440', '.map-area');
    await tools.getByRole('button', { name: 'Finish' }).click();
    expect(await section.textContent()).toContain('Area: the polygon drawn on the map.');
    expect(await page.locator('.location-map path[fill="#7a1fa2"]').count()).toBe(1);

    // "Measure it" on the map leads to the panel with its Measure button focused: Enter measures.
    await page.locator('.map-overlay').getByRole('button', { name: 'Measure it' }).click();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Measure the area');
    const [request] = await Promise.all([page.waitForRequest((r) => r.url().endsWith('/api/area/stream')), page.keyboard.press('Enter')]);
    const geometry = JSON.parse(request.postData()!).geometry;
    expect(geometry.type).toBe('Polygon');
    expect(geometry.coordinates[0]).toHaveLength(5);
    const table = section.getByRole('table', { name: /Per-date statistics/ });
    await table.waitFor({ timeout: 30_000 });
    const burnt = await gdalBurntPixels(geometry);
    expect(burnt).toBeGreaterThan(10);
    const cells = await table.locator('tbody tr').first().locator('td').allTextContents();
    expect(Number(cells[0])).toBe(burnt);
    // One chart per band, each with the clear share: the same numbers in its table.
    const charts = section.locator('figure.band-time-chart');
    await expect.poll(() => charts.count(), { timeout: 20_000 }).toBe(2);
    expect(await charts.first().locator('canvas').count()).toBe(1);
    const clearPercent = ((Number(cells[1]) / Number(cells[0])) * 100).toFixed(1);
    // The chart's table is rendered once its <details> opens (LazyDetails).
    await charts.first().locator('summary').click();
    await expect.poll(() => charts.first().locator('table').textContent(), { timeout: 10_000 }).toContain(`${clearPercent} %`);
    await harness.screenshot(page, '32-drawn-area-measured-1440', '#area-statistics');
    const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download CSV' }).click()]);
    const [header, ...records] = parseCsv(readFileSync((await download.path())!, 'utf8'));
    expect(records[0][header.indexOf('pixel_count')]).toBe(String(burnt));
    expect(realErrors(consoleErrors)).toEqual([]);
  }, 120_000);

  it('at 390 px with touch: taps draw the area; the Many sites panel\'s readable sites are on the map with their ids, the wrong row listed', async () => {
    const { page, consoleErrors } = await harness.openPage(POINT_URL, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const area = page.getByRole('region', { name: 'Area statistics' });
    await area.scrollIntoViewIfNeeded();
    await area.getByRole('button', { name: 'Draw on the map' }).click();
    const tools = page.getByRole('group', { name: 'Drawing an area' });
    await tools.waitFor();
    await page.locator('.location-map').scrollIntoViewIfNeeded();
    for (let i = 0; i < 3; i++) {
      await page.getByRole('button', { name: 'Zoom in' }).tap();
      await page.waitForTimeout(500);
    }
    const map = await waitStill(page);
    const [cx, cy] = [map.x + map.width / 2, map.y + map.height * 0.65];
    for (const [dx, dy] of [[-60, -30], [60, -40], [40, 60]]) {
      await page.touchscreen.tap(cx + dx, cy + dy);
      await page.waitForTimeout(350);
    }
    await expect.poll(() => tools.textContent()).toContain('3 corners');
    await harness.screenshot(page, '33-drawing-area-390', '.map-area');
    expect(await noSidewaysScroll(page)).toBe(true);
    await tools.getByRole('button', { name: 'Finish' }).tap();
    expect(await area.textContent()).toContain('Area: the polygon drawn on the map.');

    const sites = page.getByRole('region', { name: 'Many sites' });
    await sites.scrollIntoViewIfNeeded();
    await sites.getByLabel(/or paste the sites/).fill('id,lat,lon\nplot-1,-14.7111791,-67.3037941\nplot-2,-13.8928145,-67.6820161\nplot-3,-14.30,-67.95\nwrong,95,-67.3');
    const bad = sites.getByRole('table', { name: 'Rows that are wrong' });
    await bad.waitFor();
    expect(await bad.locator('tbody tr').allTextContents()).toEqual([expect.stringMatching(/^5latitude 95 is out of range/)]);
    expect(await sites.textContent()).toContain('The 3 readable sites are drawn on the map');
    const labels = page.locator('.location-map .site-label');
    await expect.poll(() => labels.allTextContents()).toEqual(['plot-1', 'plot-2', 'plot-3']);
    await page.locator('#location').scrollIntoViewIfNeeded();
    await waitStill(page);
    await page.waitForTimeout(600); // the fit's zoom animation
    await harness.screenshot(page, '34-sites-on-map-390', '.map-area');
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(realErrors(consoleErrors)).toEqual([]);
  }, 120_000);

  it('at 1440 px: the sites on the map with their ids, before anything runs', async () => {
    const { page } = await harness.openPage(POINT_URL, { viewport: { width: 1440, height: 1000 } });
    const sites = page.getByRole('region', { name: 'Many sites' });
    await sites.scrollIntoViewIfNeeded();
    await sites.getByLabel(/or paste the sites/).fill('id,lat,lon\nplot-1,-14.7111791,-67.3037941\nplot-2,-13.8928145,-67.6820161\nplot-3,-14.30,-67.95');
    await expect.poll(() => page.locator('.location-map .site-label').count()).toBe(3);
    await page.locator('#location').scrollIntoViewIfNeeded();
    await page.waitForTimeout(600); // the fit's zoom animation
    await harness.screenshot(page, '35-sites-on-map-1440', '.map-area');
  }, 60_000);
});
