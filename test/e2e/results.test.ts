import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { startPageHarness, type PageHarness } from './support/pageHarness.js';
import { DEFAULT_POINT } from '../../src/shared/defaults.js';

// Issue 11: one analysis area, captioned images, a scene timeline, time charts, and the page's
// numbers equal to the API's. Fixture archive first, then the synthetic demo archive.

/** The statistics streams a page asked, oldest first, from its first load on. */
const streamRequests = (requested: string[]) => requested.filter((url) => url.includes('/api/landsatData/stream'));

async function seriousA11yViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The page has finished scrolling to the image: its top is in the upper part of the viewport. */
async function waitUntilImageInView(page: Page) {
  await page.waitForFunction(() => {
    const r = document.getElementById('result-figure')?.getBoundingClientRect();
    return Boolean(r && window.scrollY > 0 && r.top >= -2 && r.top < window.innerHeight / 2);
  }, undefined, { timeout: 15_000 });
}

const noisy = (e: string) => /ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(e);

describe('results a scientist can trust (fixture scene, headless Chromium)', () => {
  let harness: PageHarness;
  beforeAll(async () => {
    harness = await startPageHarness();
  });
  afterAll(async () => {
    await harness?.close();
  });

  const POINT = { lat: -14.7111791, lon: -67.3037941 };
  const QUERY = `lat=${POINT.lat}&lon=${POINT.lon}&startDate=2019-01-01&endDate=2019-01-31&size=3x3&cloud=100&scenes=all&bands=B02,B03,B04`;

  it('uses the scene box for a typed-in point, captions the 3x3 image, and shows the numbers of the API', async () => {
    const { page, consoleErrors, requested } = await harness.openPage(`/?${QUERY}`, { viewport: { width: 1440, height: 900 } });
    // The URL's point gets its WRS-2 footprint and scene box, exactly as a click does.
    await page.getByText(/Statistics and the full image use the scene box of the WRS-2 footprint/).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Fetch Data' }).click();

    // Lands on the image, not on a sidebar.
    await waitUntilImageInView(page);
    // The link's own Fetch may have asked the statistics already (with the image, not after it): every
    // request of the page counts, not only those after the click.
    const dataRequests = streamRequests(requested);
    const caption = await page.locator('#result-figure figcaption').textContent();
    expect(caption).toContain('LC08_L2SP_001070_20190114');
    expect(caption).toContain('2019-01-14');
    expect(caption).toContain('UTC');
    expect(caption).toContain('Landsat 8');
    expect(caption).toContain('R/G/B = B04/B03/B02');
    expect(caption).toContain('fixed: 0-0.3 reflectance');
    // The 3x3 image marks the target pixel and each pixel's QA state (QA_PIXEL 21824 at the point: clear).
    await expect.poll(() => page.locator('.grid-image-cell[data-target="true"]').textContent(), { timeout: 30_000 }).toContain('target: clear');
    expect(await page.locator('.grid-image-cell').count()).toBe(9);

    // The statistics box is the scene box: the request's box holds the whole WRS-2 scene (about 3° x 2°).
    const box = new URL(dataRequests[0]).searchParams;
    expect(Number(box.get('LON_UR')) - Number(box.get('LON_UL'))).toBeGreaterThan(1.5);

    // The table equals /api/pixel.
    const grid = page.getByRole('table', { name: /B04 Red Band: surface reflectance/ });
    await grid.waitFor({ timeout: 30_000 });
    const pixel = await page.evaluate(async (q) => (await fetch(`/api/pixel?${q}`)).json(), `lat=${POINT.lat}&lon=${POINT.lon}&startDate=2019-01-01&endDate=2019-01-31&cloudCoverage=100&bands=B02,B03,B04`);
    const cells = await grid.locator('tbody td').allTextContents();
    (pixel.scenes[0].bands.B04.dn as number[][]).flat().forEach((dn, i) => expect(cells[i]).toContain(`DN ${dn}`));

    // The time chart's points equal /api/landsatData for the same query.
    const plainUrl = dataRequests[0].replace('/api/landsatData/stream?', '/api/landsatData?');
    const api = await page.evaluate(async (u) => (await fetch(u)).json(), plainUrl);
    expect(api).toMatchObject({ truncated: false, coveredStartDate: '2019-01-01', coveredEndDate: '2019-01-31' });
    const timeChart = page.locator('.band-time-chart').filter({ hasText: 'B04 · OLI band 4, red over time' });
    await timeChart.locator('summary').click();
    const rows = timeChart.locator('table.time-points tbody tr');
    // The table is rendered once its <details> opens (LazyDetails).
    await expect.poll(() => rows.count()).toBe(api.data.length);
    for (let i = 0; i < api.data.length; i++) {
      const row = rows.nth(i);
      expect(await row.getAttribute('data-scene-id')).toBe(api.data[i].scene.id);
      expect(Number(await row.getAttribute('data-mean'))).toBe(api.data[i].outputs.data.bands.B04.stats.mean);
      expect(Number(await row.getAttribute('data-stdev'))).toBe(api.data[i].outputs.data.bands.B04.stats.stDev);
    }
    // The seed's chart stays: 'Band B04 Analysis', 200 x 250 px.
    const seedCanvas = page.getByRole('img', { name: 'Band B04 Analysis' });
    expect(await seedCanvas.evaluate((c: HTMLCanvasElement) => [c.style.width, c.style.height])).toEqual(['200px', '250px']);
    // The time chart fills its card.
    const card = (await timeChart.boundingBox())!;
    const canvas = (await timeChart.locator('canvas').boundingBox())!;
    expect(canvas.width).toBeGreaterThan(card.width - 40);

    // Timeline: the scene with a quicklook; choosing it shows its quicklook with a caption.
    const listRow = page.locator('.scene-list tbody tr').first();
    expect(await listRow.textContent()).toContain('001/070');
    await expect.poll(() => listRow.locator('img.quicklook').evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 15_000 }).toBeGreaterThan(100);
    await listRow.getByRole('button', { name: /Show/ }).click();
    const chosen = page.locator('.selected-scene figcaption.image-caption');
    await chosen.waitFor({ timeout: 15_000 });
    expect(await chosen.textContent()).toContain('2-98 % percentile stretch');
    expect(await page.locator('.selected-scene').textContent()).toContain('3 x 3 grid and spectral signature are shown');

    await page.locator('#result-figure').scrollIntoViewIfNeeded();
    await harness.screenshot(page, '11-results-1440');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(consoleErrors.filter((e) => !noisy(e))).toEqual([]);
  }, 120_000);

  it('lays the whole scene-box image on the map with a scale bar and fits the map to it', async () => {
    const { page } = await harness.openPage(`/?${QUERY.replace('size=3x3', 'size=full')}`, { viewport: { width: 1440, height: 900 } });
    await page.getByText(/scene box of the WRS-2 footprint/).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Fetch Data' }).click();
    await waitUntilImageInView(page);
    expect(await page.locator('#result-figure figcaption').textContent()).toMatch(/2-98 % percentile stretch, shared by R, G, B/);
    const png = await page.locator('#result-figure img').evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]);
    expect(Math.max(...png)).toBeGreaterThanOrEqual(512);
    expect(Math.max(...png)).toBeLessThanOrEqual(1024);
    expect(await page.locator('.location-map .leaflet-control-scale-line').count()).toBe(1);
    // The overlay lies inside the map's view after the fit (not a speck, not cut off).
    const map = (await page.locator('.location-map').boundingBox())!;
    const overlay = page.locator('.location-map img.leaflet-image-layer');
    await expect.poll(async () => (await overlay.boundingBox())?.width ?? 0, { timeout: 15_000 }).toBeGreaterThan(map.width / 4);
    await page.waitForTimeout(1200); // the 1 s fit animation
    const o = (await overlay.boundingBox())!;
    expect(o.x).toBeGreaterThanOrEqual(map.x - 1);
    expect(o.x + o.width).toBeLessThanOrEqual(map.x + map.width + 1);
    await page.locator('.location-map').scrollIntoViewIfNeeded();
    await harness.screenshot(page, '11-map-overlay-1440');
  }, 90_000);

  it('at 390 px nothing scrolls sideways and the view lands on the image', async () => {
    const { page } = await harness.openPage(`/?${QUERY}`, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.getByText(/scene box of the WRS-2 footprint/).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Fetch Data' }).click();
    await waitUntilImageInView(page);
    await page.locator('.scene-list tbody tr').first().waitFor({ timeout: 30_000 });
    await page.getByRole('table', { name: /B04 Red Band/ }).waitFor({ timeout: 30_000 });
    await harness.screenshot(page, '11-results-390');
    await page.locator('.area-choice').scrollIntoViewIfNeeded();
    await harness.screenshot(page, '11-area-choice-390');
    const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
    expect(widths.doc).toBeLessThanOrEqual(widths.view);
    await page.locator('.band-time-chart').first().scrollIntoViewIfNeeded();
    await harness.screenshot(page, '11-charts-390');
    await page.locator('.scene-timeline').scrollIntoViewIfNeeded();
    await harness.screenshot(page, '11-timeline-390');
  }, 90_000);
});

describe('results on the synthetic demo archive', () => {
  let harness: PageHarness;
  beforeAll(async () => {
    // A limit of 10 scenes, so that the 14 scenes of June-July 2025 at the default point overflow it.
    harness = await startPageHarness({ LANDSAT_SOURCE: 'demo', MAX_SCENES: '10', MAX_SCENES_STREAM: '10' });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('on load the default point gets its scene box; a 5 km square gives a timeline, time charts equal to the API, and captions', async () => {
    const { page, consoleErrors, requested } = await harness.openPage('/?startDate=2025-06-01&endDate=2025-07-31&size=full&cloud=100&bands=B04,B05', { viewport: { width: 1440, height: 900 } });
    await page.getByText(/scene box of the WRS-2 footprint/).waitFor({ timeout: 15_000 });
    await page.getByLabel('5 km square around the point').check();
    await expect.poll(() => new URL(page.url()).searchParams.get('area')).toBe('5km');
    // The square is drawn on the map (orange, dashed) and the map fits it.
    await page.locator('.leaflet-overlay-pane path[stroke="#b35c00"]').waitFor();
    await page.waitForTimeout(1200);
    await harness.screenshot(page, '11-demo-area-square-1440', '#location');
    await page.getByRole('button', { name: 'Fetch Data' }).click();
    await page.locator('#result-figure figcaption').waitFor({ timeout: 120_000 });
    const dataRequests = streamRequests(requested);
    const caption = await page.locator('#result-figure figcaption').textContent();
    expect(caption).toMatch(/SYNTHETIC/);
    expect(caption).toContain('synthetic demo data');
    expect(caption).toContain('R/G/B = B04/B05');

    const plainUrl = dataRequests.at(-1)!.replace('/api/landsatData/stream?', '/api/landsatData?');
    const q = new URL(plainUrl).searchParams;
    expect((Number(q.get('LAT_UL')) - Number(q.get('LAT_UR'))) * 111.32).toBeCloseTo(5, 1);
    expect(Number(q.get('LON_UL'))).toBeLessThan(DEFAULT_POINT.lon);
    const api = await page.evaluate(async (u) => (await fetch(u)).json(), plainUrl);
    expect(api.synthetic).toBe(true);
    expect(api.data.length).toBeGreaterThan(3);
    const rows = page.locator('.scene-list tbody tr');
    await expect.poll(() => rows.count(), { timeout: 30_000 }).toBe(api.data.length);
    const timeChart = page.locator('.band-time-chart').filter({ hasText: 'B05 · OLI band 5, near infrared over time' });
    await timeChart.locator('summary').click();
    await expect.poll(() => timeChart.locator('table.time-points tbody tr').count()).toBe(api.data.length);
    const means = await timeChart.locator('table.time-points tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-scene-id'), tr.getAttribute('data-mean')]));
    expect(means).toEqual(api.data.map((e: { scene: { id: string }; outputs: { data: { bands: { B05: { stats: { mean: number | null } } } } } }) => [e.scene.id, e.outputs.data.bands.B05.stats.mean === null ? '' : String(e.outputs.data.bands.B05.stats.mean)]));

    // No scene silently lost: the limit kept the newest 10, and the page and the CSV say which dates.
    expect(api).toMatchObject({ truncated: true, limit: 10, coveredEndDate: '2025-07-31' });
    const olderEnd = new Date(Date.parse(`${api.coveredStartDate}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const note = await page.locator('.coverage-note').textContent();
    expect(note).toContain(`These results cover ${api.coveredStartDate} to 2025-07-31: the newest 10 scenes.`);
    expect(note).toContain(`Scenes from 2025-06-01 to ${olderEnd} are not included.`);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download statistics series (CSV)' }).click();
    const csv = await (await download).createReadStream().then(async (stream) => {
      let text = '';
      for await (const chunk of stream) text += chunk;
      return text;
    });
    const [header, first] = csv.split('\r\n');
    expect(header.split(',').slice(-3)).toEqual(['covered_start_date', 'covered_end_date', 'older_scenes_left_out']);
    expect(first.split(',').slice(-3)).toEqual([api.coveredStartDate, '2025-07-31', 'true']);

    await page.locator('.scene-timeline').scrollIntoViewIfNeeded();
    await harness.screenshot(page, '11-demo-timeline-1440');

    // Choosing an older scene (the pixel series read only the latest) shows its quicklook, 3 x 3 grid and signature.
    const older = api.data[2].scene;
    await page.locator(`.scene-list tr[data-scene-id="${older.id}"]`).getByRole('button', { name: /Show/ }).click();
    const chosen = page.locator('.selected-scene');
    await chosen.locator('figcaption.image-caption').waitFor({ timeout: 30_000 });
    expect(await chosen.locator('figcaption.image-caption').textContent()).toContain(older.id);
    const olderGrid = chosen.getByRole('table', { name: /B04 Red Band: surface reflectance/ });
    await olderGrid.waitFor({ timeout: 30_000 });
    const day = older.datetime.slice(0, 10);
    const olderPixel = await page.evaluate(
      async (u) => (await fetch(u)).json(),
      `/api/pixel?lat=${DEFAULT_POINT.lat}&lon=${DEFAULT_POINT.lon}&startDate=${day}&endDate=${day}&cloudCoverage=100&bands=B04,B05`,
    );
    const olderScene = olderPixel.scenes.find((sc: { id: string }) => sc.id === older.id);
    expect(await olderGrid.locator('td[data-target="true"]').textContent()).toContain(`DN ${olderScene.bands.B04.dn[1][1]}`);
    await chosen.getByRole('img', { name: /Spectral signature/ }).waitFor();
    await chosen.scrollIntoViewIfNeeded();
    await harness.screenshot(page, '11-demo-chosen-scene-1440');
    await timeChart.scrollIntoViewIfNeeded();
    await harness.screenshot(page, '11-demo-charts-1440');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The button reaches the older scenes: End Date moves to the day before the covered range.
    await page.locator('.coverage-note').scrollIntoViewIfNeeded();
    await harness.screenshot(page, '11-demo-coverage-1440', '.coverage-note');
    await page.getByRole('button', { name: `Set End Date to ${olderEnd}` }).click();
    await expect.poll(() => page.getByLabel('End Date').inputValue()).toBe(olderEnd);
    await expect.poll(() => page.locator('.coverage-note').textContent(), { timeout: 60_000 }).toContain(`matched from 2025-06-01 to ${olderEnd}; all of them are summarised.`);
    expect(consoleErrors.filter((e) => !noisy(e))).toEqual([]);
  }, 240_000);
});
