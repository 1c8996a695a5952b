import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { artifactsDir, startPageHarness, type PageHarness } from './support/pageHarness.js';
import { PHONE, WIDE, MUSKOKA, TRIANGLE, resultsIn } from './support/journey.js';
import { undersizedTapTargets } from './support/tapTargets.js';

// Issue 35 (the page's part): the research journey finished, on the synthetic demo archive at
// 1440 px and 390 px. Real server, built page, headless Chromium; screenshots in test-artifacts/35-*.png.
let harness: PageHarness;

beforeAll(async () => {
  harness = await startPageHarness({ LANDSAT_SOURCE: 'demo' });
});

afterAll(async () => {
  await harness?.close();
});

const SUMMER = 'startDate=2024-06-01&endDate=2024-08-31&size=3x3&cloud=100&scenes=all&bands=B02,B03,B04';

/** GDAL's reading of a downloaded file: driver, size, pixel size and the share of valid pixels in band 1. */
function gdalInfo(file: string) {
  const info = JSON.parse(execFileSync('gdalinfo', ['-json', '-stats', file], { encoding: 'utf8' })) as {
    driverShortName: string;
    size: [number, number];
    geoTransform: number[];
    bands: { metadata?: { ''?: Record<string, string> } }[];
  };
  return { driver: info.driverShortName, size: info.size, pixelSizeM: info.geoTransform[1], validPercent: Number(info.bands[0].metadata?.['']?.STATISTICS_VALID_PERCENT) };
}

async function inViewport(page: Page, selector: string): Promise<boolean> {
  const box = await page.locator(selector).first().boundingBox();
  const height = page.viewportSize()!.height;
  return box !== null && box.y >= -2 && box.y < height - 40;
}

describe('GeoTIFF downloads say what happened (1440 px)', () => {
  it('the default area (scene box) downloads a GeoTIFF and the page says its pixel size; a refusal is said in words with what to change', async () => {
    const { page } = await harness.openPage(`/?${MUSKOKA}&startDate=2024-07-01&endDate=2024-07-31&size=3x3&cloud=100&scenes=latest&bands=B02,B03,B04`, WIDE);
    await resultsIn(page);
    const button = page.getByRole('button', { name: 'Download GeoTIFF' });
    await button.scrollIntoViewIfNeeded();
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 200_000 }), button.click()]);
    const name = download.suggestedFilename();
    expect(name).toMatch(/\.tif$/);
    const saved = path.join(artifactsDir, `35-${name}`);
    await download.saveAs(saved);
    const gdal = gdalInfo(saved);
    expect(gdal.driver).toBe('GTiff');
    const note = page.locator('.geotiff-download [role=status]').first();
    await expect.poll(() => note.textContent(), { timeout: 30_000 }).toContain(`Saved ${name}`);
    // What the page says is GDAL's own pixel size of the file.
    // Three bands and QA over the whole scene box pass the 50 M value cap at 30 m: the server reads an overview.
    expect(gdal.pixelSizeM).toBeGreaterThan(30);
    expect(await note.textContent()).toContain(`at ${Math.round(gdal.pixelSizeM)} m pixels (not the archive's 30 m)`);
    await harness.screenshot(page, '35-geotiff-saved-1440', '#result-figure');

    // A refusal (as the server words a 413) is said on the page, never saved as export.json.
    await page.route('**/api/export.tif?**', (route) =>
      route.fulfill({
        status: 413,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'export_too_large', message: 'The export would hold 99,700,000 values; at most 50,000,000 are written at once.' } }),
      }),
    );
    let downloads = 0;
    page.on('download', () => downloads++);
    await button.click();
    const alert = page.locator('.geotiff-download [role=alert]');
    await expect.poll(() => alert.textContent(), { timeout: 10_000 }).toMatch(/^The GeoTIFF is too large: The export would hold 99,700,000 values.*Choose a smaller area under the map \(a 1, 5 or 20 km square\), or tick fewer bands/);
    expect(downloads).toBe(0);
    await harness.screenshot(page, '35-geotiff-refused-1440', '#result-figure');
  }, 400_000);

  it('a polygon from the link is restored, measured, and exported as a masked GeoTIFF from the area panel; the link keeps it', async () => {
    const { page } = await harness.openPage(`/?${MUSKOKA}&${SUMMER}&poly=${TRIANGLE}`, WIDE);
    const panel = page.locator('#area-statistics');
    await expect.poll(() => panel.locator('.area-chosen').textContent(), { timeout: 30_000 }).toContain('Area: the polygon from the link (outlined on the map). It is kept in the page link.');
    await resultsIn(page);
    expect(new URL(page.url()).searchParams.get('poly')?.split(',').map(Number)).toEqual(TRIANGLE.split(',').map(Number));
    await panel.getByRole('button', { name: 'Measure the area' }).click();
    await panel.locator('.area-result table').waitFor({ timeout: 200_000 });
    const exportButton = panel.getByRole('button', { name: 'Download the polygon as GeoTIFF' });
    await exportButton.scrollIntoViewIfNeeded();
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 200_000 }), exportButton.click()]);
    const saved = path.join(artifactsDir, `35-polygon-${download.suggestedFilename()}`);
    await download.saveAs(saved);
    const gdal = gdalInfo(saved);
    expect(gdal.driver).toBe('GTiff');
    expect(gdal.pixelSizeM).toBe(30);
    // A triangle in its bounding window: about half the pixels are outside it (nodata), the rest valid.
    expect(gdal.validPercent).toBeGreaterThan(20);
    expect(gdal.validPercent).toBeLessThan(80);
    await harness.screenshot(page, '35-polygon-export-1440', '#area-statistics');
  }, 400_000);
});

describe('a long polygon is kept by the server for the link (1440 px)', () => {
  it('an uploaded outline too long for a link gets a short areaId; the link reopens it', async () => {
    // A 600-corner circle of about 500 m around the point: thousands of characters as corners.
    const ring = Array.from({ length: 600 }, (_, i) => [-79.2165 + 0.006 * Math.cos((2 * Math.PI * i) / 600), 45.3267 + 0.0045 * Math.sin((2 * Math.PI * i) / 600)]);
    const geojson = JSON.stringify({ type: 'Polygon', coordinates: [[...ring, ring[0]]] });
    const { page, context } = await harness.openPage(`/?${MUSKOKA}&startDate=2024-07-01&endDate=2024-07-31&size=3x3&cloud=100&scenes=latest&bands=B04`, WIDE);
    const panel = page.locator('#area-statistics');
    // The area panel loads as the person scrolls near it (LazySection).
    await panel.scrollIntoViewIfNeeded();
    await panel.getByLabel('Polygon file').setInputFiles({ name: 'circle.geojson', mimeType: 'application/geo+json', buffer: Buffer.from(geojson) });
    await expect.poll(() => panel.locator('.area-chosen').textContent(), { timeout: 30_000 }).toContain('It is kept in the page link (as a short id the server keeps).');
    await expect.poll(() => new URL(page.url()).searchParams.get('areaId'), { timeout: 30_000 }).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(new URL(page.url()).searchParams.get('poly')).toBeNull();
    const link = page.url();
    expect(link.length).toBeLessThan(400);

    const reopened = await context.newPage();
    await reopened.goto(link);
    const again = reopened.locator('#area-statistics');
    await expect.poll(() => again.locator('.area-chosen').textContent(), { timeout: 30_000 }).toContain('Area: the polygon from the link (outlined on the map).');
    await again.getByRole('button', { name: 'Measure the area' }).click();
    await again.locator('.area-result table').waitFor({ timeout: 200_000 });
    // The same ellipse measured: pi x 0.470 km (0.006° of longitude at 45.33°) x 0.500 km (0.0045° of latitude) = 0.738 km².
    expect(await again.locator('.area-result > p').first().textContent()).toMatch(/^0\.73\d km²/);
    await harness.screenshot(reopened, '35-area-id-link-1440', '#area-statistics');
  }, 400_000);
});

describe('typed coordinates in the place search (1440 px)', () => {
  it.each([
    ['45.5, -73.6', '45.500000', '-73.600000'],
    ["45°30'N 73°36'W", '45.500000', '-73.600000'],
  ])('"%s" is understood and the page moves there', async (typed, lat, lon) => {
    const { page } = await harness.openPage('/', WIDE);
    const search = page.getByRole('combobox', { name: 'Search a place by name' });
    await search.fill(typed);
    const listbox = page.getByRole('listbox', { name: 'Places' });
    await listbox.waitFor({ timeout: 30_000 });
    await search.press('Enter');
    await expect.poll(() => page.getByLabel('Latitude').inputValue(), { timeout: 20_000 }).toBe(lat);
    expect(await page.getByLabel('Longitude').inputValue()).toBe(lon);
    expect(new URL(page.url()).searchParams.get('lat')).toBe(lat);
    if (typed.includes('°')) await harness.screenshot(page, '35-typed-coordinates-1440', '#location');
  }, 120_000);
});

describe('the chosen scene is the scene on screen (1440 px)', () => {
  it('"Show" on an older scene changes the image, caption, 3 x 3 QA and GeoTIFF together, and is kept in the link; "latest clear scene" picks the newest clear target pixel', async () => {
    const { page, context } = await harness.openPage(`/?${MUSKOKA}&${SUMMER}`, WIDE);
    await resultsIn(page);
    const captionId = page.locator('#result-figure .image-caption .scene-id');
    const newest = (await captionId.textContent())!.replace(/ \(synthetic.*$/, '');
    const rows = page.locator('.scene-list tbody tr');
    const older = (await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-scene-id')!))).find((id) => id !== newest)!;
    await page.locator(`.scene-list tr[data-scene-id="${older}"]`).getByRole('button', { name: /Show/ }).click();
    await expect.poll(() => captionId.textContent(), { timeout: 60_000 }).toContain(older);
    await expect.poll(() => page.locator('#result-figure .image-caption p').textContent(), { timeout: 60_000 }).toMatch(/QA: .*target: /);
    expect(await page.locator('.chosen-scene-note').textContent()).toContain('Showing the chosen scene');
    await page.locator('#result-figure').scrollIntoViewIfNeeded();
    await harness.screenshot(page, '35-chosen-scene-1440');
    // The chosen scene is in the link, and the link reopens it.
    await expect.poll(() => new URL(page.url()).searchParams.get('scene')).toBe(older);
    const reopened = await context.newPage();
    await reopened.goto(page.url());
    await expect.poll(() => reopened.locator('#result-figure .image-caption .scene-id').textContent(), { timeout: 120_000 }).toContain(older);
    await reopened.close();
    // The GeoTIFF asks for the chosen scene.
    const [request] = await Promise.all([page.waitForRequest('**/api/export.tif?**'), page.getByRole('button', { name: 'Download GeoTIFF' }).click()]);
    expect(new URL(request.url()).searchParams.get('sceneId')).toBe(older);

    // The latest clear scene, as /api/pixel says: the newest listed scene whose target pixel is clear.
    const api = await page.evaluate(async () => {
      const r = await fetch('/api/pixel?lat=45.3267&lon=-79.2165&startDate=2024-06-01&endDate=2024-08-31&cloudCoverage=100&bands=B02,B03,B04');
      return (await r.json()) as { scenes: { id: string; datetime: string; clear: (boolean | null)[][] }[] };
    });
    const listed = new Set(await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-scene-id')!)));
    const clear = api.scenes.filter((s) => s.clear[1][1] === true && listed.has(s.id)).sort((a, b) => (a.datetime < b.datetime ? 1 : -1));
    await page.getByRole('button', { name: 'Show the latest clear scene' }).click();
    if (clear.length > 0) await expect.poll(() => captionId.textContent(), { timeout: 60_000 }).toContain(clear[0].id);
    else await expect.poll(() => page.locator('.latest-clear').textContent()).toContain('No scene in the date range has a clear target pixel');
    await harness.screenshot(page, '35-latest-clear-1440', '#result-figure');
  }, 400_000);
});

describe('the link carries every setting and refuses bad values in words', () => {
  it.each([
    ['lat=91&lon=10', 'lat=91 is outside -90 to 90'],
    ['lat=abc&lon=10', 'lat=abc is not a number'],
    ['lat=10,2&lon=10', 'lat=10,2 uses a comma as the decimal mark: write 10.2'],
    [`${MUSKOKA}&cloud=150`, 'cloud=150 is outside 0 to 100'],
  ])('?%s is refused on the page, not replaced silently, and nothing is fetched', async (query, words) => {
    const { page } = await harness.openPage(`/?${query}`, WIDE);
    const box = page.locator('.link-problems');
    await box.waitFor({ timeout: 30_000 });
    expect(await box.locator('li').allTextContents()).toEqual([expect.stringContaining(words)]);
    expect(await page.getByLabel('Latitude').inputValue()).not.toMatch(/^(91|10\.2)/);
    await page.waitForTimeout(1500);
    expect(await page.getByRole('heading', { name: 'Landsat Results' }).count()).toBe(0);
    if (query.startsWith('lat=91')) await harness.screenshot(page, '35-link-refused-1440', '.link-problems');
  }, 60_000);

  it('harmonisation is in the link and the charts say so; SLC-off scenes are marked; the seed chart plots against date with a trend per year', async () => {
    const { page } = await harness.openPage(`/?${MUSKOKA}&startDate=2003-06-01&endDate=2003-07-31&size=3x3&cloud=100&scenes=latest&bands=B03,B04&harmonize=oli`, WIDE);
    expect(await page.getByRole('checkbox', { name: 'Harmonise TM/ETM+ to OLI' }).isChecked()).toBe(true);
    await resultsIn(page);
    const notes = page.locator('.chart-notes');
    await expect.poll(() => notes.textContent(), { timeout: 100_000 }).toContain('Harmonised values');
    expect(await notes.textContent()).toContain('SLC-off');
    expect(await page.locator('.scene-list').textContent()).toContain('Landsat 7 (SLC-off)');
    expect(await page.locator('.scene-list').textContent()).not.toMatch(/landsat-\d/);
    expect(await page.locator('.band-chart-trend').first().textContent()).toMatch(/^Trend [+-][\d.e+-]+ per year \(least squares against date\); TM\/ETM\+ harmonised to OLI/);
    expect(new URL(page.url()).searchParams.get('harmonize')).toBe('oli');
    await page.locator('.chart-grid').scrollIntoViewIfNeeded();
    await harness.screenshot(page, '35-charts-harmonised-1440', '.chart-grid');
  }, 400_000);

  it('each place chosen on the map is one history entry: Back returns to the place before', async () => {
    const { page } = await harness.openPage('/', WIDE);
    await page.locator('.location-map.leaflet-container').waitFor();
    await page.getByText('Loading map...').waitFor({ state: 'detached' });
    const lat = page.getByLabel('Latitude');
    const start = await lat.inputValue();
    const map = page.locator('.location-map');
    const box = (await map.boundingBox())!;
    await map.click({ position: { x: box.width * 0.3, y: box.height * 0.3 } });
    await expect.poll(() => lat.inputValue()).not.toBe(start);
    const first = await lat.inputValue();
    await map.click({ position: { x: box.width * 0.7, y: box.height * 0.6 } });
    await expect.poll(() => lat.inputValue()).not.toBe(first);
    expect(new URL(page.url()).searchParams.get('lat')).toBe(await lat.inputValue());
    await page.goBack();
    await expect.poll(() => lat.inputValue()).toBe(first);
    await page.goBack();
    await expect.poll(() => lat.inputValue()).toBe(start);
  }, 120_000);
});

describe('phone (390 px)', () => {
  it('after Fetch the view is on the results, the timeline ticks fit, and every control is at least 24 x 24 CSS px', async () => {
    const { page } = await harness.openPage(`/?${MUSKOKA}&${SUMMER}`, PHONE);
    await resultsIn(page);
    await page.locator('.pixel-analysis').first().waitFor({ timeout: 200_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Fetch Data' }).click();
    await expect.poll(() => inViewport(page, '#result-figure'), { timeout: 60_000 }).toBe(true);
    await page.waitForTimeout(800);
    await harness.screenshot(page, '35-phone-after-fetch-390');

    const ticks = await page.locator('.timeline-tick').evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right })));
    expect(ticks.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < ticks.length; i++) expect(ticks[i].left).toBeGreaterThan(ticks[i - 1].right);
    await page.locator('.scene-timeline').scrollIntoViewIfNeeded();
    await harness.screenshot(page, '35-phone-timeline-390', '.scene-timeline');

    const measured = await undersizedTapTargets(page);
    expect(measured.checked).toBeGreaterThan(100);
    expect(measured.failing).toEqual([]);
  }, 400_000);

  it('an empty answer lands on its explanation and its way out, not on the next-pass form', async () => {
    // Two scenes in the half month, the clearest 29.99 % cloudy: none at 0 %.
    const { page } = await harness.openPage(`/?${MUSKOKA}&startDate=2024-09-01&endDate=2024-09-15&size=3x3&cloud=0&scenes=latest&bands=B04`, PHONE);
    await resultsIn(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Fetch Data' }).click();
    // Both in view once the smooth scroll has landed: looked at mid-way, the explanation may already be
    // in at the bottom edge with its button still below (a full run's flake).
    await expect.poll(async () => (await inViewport(page, '#results .empty-answer')) && (await inViewport(page, '#results .empty-answer button')), { timeout: 60_000 }).toBe(true);
    expect(await page.locator('#results .empty-answer button').textContent()).toMatch(/^Fetch the 1 scene up to 30% cloud$/);
    await page.waitForTimeout(800);
    await harness.screenshot(page, '35-phone-empty-answer-390');
    const measured = await undersizedTapTargets(page);
    expect(measured.failing).toEqual([]);
  }, 400_000);

  it('a bad link is refused in words on the phone too', async () => {
    const { page } = await harness.openPage('/?lat=10,2&lon=3&cloud=150', PHONE);
    await page.locator('.link-problems').waitFor({ timeout: 30_000 });
    expect(await page.locator('.link-problems li').count()).toBe(2);
    await harness.screenshot(page, '35-phone-link-refused-390');
  }, 60_000);
});
