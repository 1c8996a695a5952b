import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startPageHarness, type PageHarness } from './support/pageHarness.js';

// Issue 21 on the embedded default (the synthetic demo archive): the seed's default point and dates.
let harness: PageHarness;
beforeAll(async () => {
  harness = await startPageHarness({ LANDSAT_SOURCE: 'demo' });
});
afterAll(async () => {
  await harness?.close();
});

const DESKTOP = { viewport: { width: 1440, height: 900 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** Every data call the page sends, to prove that a refused Fetch sends none. */
function dataCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/(landsat|pixel)/.test(r.url())) calls.push(r.url());
  });
  return calls;
}

async function mapReady(page: Page) {
  await page.locator('.location-map.leaflet-container').waitFor();
  await page.getByText('Loading map...').waitFor({ state: 'detached' });
}

describe('the first minute (demo archive, headless Chromium)', () => {
  it('an empty answer says what exists and one click fetches it; image first, then every count agrees', async () => {
    const { page, consoleErrors } = await harness.openPage('/', DESKTOP);
    await mapReady(page);
    await page.getByRole('button', { name: 'Fetch Data' }).click();
    const empty = page.locator('.empty-answer');
    await empty.waitFor({ timeout: 60_000 });
    const text = (await empty.textContent())!;
    expect(text).toMatch(/none with 0% cloud or less\. \d+ scenes? up to \d+% cloud; the least cloudy, [\d.]+%, on /);
    expect(text).toMatch(/WRS-2 path 18, row 28/);
    // One message: the 3 x 3 image's own "no scene" answer is not repeated beside it.
    await expect(page.getByText(/^No image:/).count()).resolves.toBe(0);
    await harness.screenshot(page, '21-empty-answer-1440', '#results');

    const [, count, limit] = /(\d+) scenes? up to (\d+)% cloud;/.exec(text)!;
    await page.getByRole('button', { name: `Fetch the ${count} scenes up to ${limit}% cloud` }).click();
    await page.getByText(`Cloud Coverage: ${limit}%`).first().waitFor();
    await page.getByRole('img', { name: /Landsat 3 x 3 pixels around/ }).waitFor({ timeout: 30_000 });
    await page.getByText(`${count} scenes matched`).waitFor({ timeout: 90_000 });
    // The scene list and the charts hold the same scenes as the message counted.
    await expect(page.locator('.scene-timeline tbody tr').count()).resolves.toBe(Number(count));
    await page.getByText(/Statistics over the scene box use WRS-2 path 18, row 28 only: \d+ scenes of neighbouring paths and rows that only touch the box in these dates \(any cloud cover\) are left out/).waitFor();
    await page.getByText(/Each mean is over the clear pixels of a \d+ x \d+ grid of [\d,]+ m pixels read from the archive’s overview/).waitFor();
    await harness.screenshot(page, '21-results-1440', '#results');

    // One tab stop into the scene list; the arrow keys move inside it.
    await expect(page.locator('.scene-list tbody button[tabindex="0"]').count()).resolves.toBe(1);
    await expect(page.locator('.scene-list tbody button').count()).resolves.toBe(Number(count));
    await page.locator('.scene-list tbody button[tabindex="0"]').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const focused = await page.evaluate(() => document.activeElement?.closest('tr')?.getAttribute('data-scene-id'));
    const third = await page.locator('.scene-list tbody tr').nth(2).getAttribute('data-scene-id');
    expect(focused).toBe(third);
    await expect(page.locator('.scene-list tbody button[tabindex="0"]').count()).resolves.toBe(1);
    // Every chart names the sensor's own band.
    await page.getByText('B04 · OLI band 4, red').first().waitFor();
    // The seed logs a failed image fetch (here: no scene at 0% cloud) to the console; map tiles are
    // blocked (offline). The page harness's server sheds no load (pageHarness.ts), so no call is refused busy.
    const expected = /^Error fetching image:|status of 404|ERR_INTERNET_DISCONNECTED/;
    expect(consoleErrors.filter((e) => !expected.test(e)), consoleErrors.join('\n')).toEqual([]);
  }, 180_000);

  it('inputs: a decimal comma is a decimal point; empty or bad coordinates and reversed dates send nothing', async () => {
    const { page } = await harness.openPage('/', DESKTOP);
    await mapReady(page);
    const calls = dataCalls(page);
    await page.getByLabel('Longitude').fill('10,2');
    await page.getByLabel('Longitude').press('Enter');
    await expect(page.getByLabel('Longitude').inputValue()).resolves.toBe('10.200000');

    await page.getByLabel('Latitude').fill('');
    await page.getByRole('button', { name: 'Fetch Data' }).click();
    await page.locator('#coordinate-problem').getByText('Latitude is required.').waitFor();
    await page.getByText('Fetch needs a valid Latitude and Longitude').waitFor();
    await page.getByLabel('Latitude').fill('north');
    await page.getByRole('button', { name: 'Fetch Data' }).click();
    await page.locator('#coordinate-problem').getByText(/Latitude must be a decimal number/).waitFor();
    await harness.screenshot(page, '21-bad-latitude-1440', '#location');

    await page.getByLabel('Latitude').fill('45.3267');
    await page.getByLabel('Start Date').fill('2024-06-01');
    await page.getByLabel('End Date').fill('2024-05-01');
    await page.locator('#date-problem').getByText(/is after End Date/).waitFor();
    await page.getByRole('button', { name: 'Fetch Data' }).click();
    await expect(page.getByLabel('Start Date').getAttribute('aria-invalid')).resolves.toBe('true');
    await harness.screenshot(page, '21-reversed-dates-1440', '.filters-form');
    await page.waitForTimeout(300);
    expect(calls).toEqual([]);
  }, 60_000);

  it('never stale: a new place clears the results at once; each fetch is a history entry; a shared link shows its results', async () => {
    const { page, context } = await harness.openPage('/?cloud=100&startDate=2024-05-01&endDate=2024-05-31', DESKTOP);
    await mapReady(page);
    // A link that names no point is not a shared fetch: nothing is fetched until asked.
    await page.waitForTimeout(300);
    await expect(page.locator('#results').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Fetch Data' }).click();
    await page.locator('#results').waitFor({ timeout: 60_000 });
    await page.getByText(/For the point 45\.326700, -79\.216500/).waitFor();
    const firstUrl = page.url();

    // Typed coordinates: the old results go the moment the new point is committed.
    await page.getByLabel('Latitude').fill('48.85');
    await page.getByLabel('Longitude').fill('2,35');
    await page.getByLabel('Longitude').press('Enter');
    await expect(page.locator('#results').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Fetch Data' }).click();
    await page.getByText(/For the point 48\.850000, 2\.350000/).waitFor({ timeout: 60_000 });
    expect(page.url()).not.toBe(firstUrl);

    // Back: the first fetch again, inside the app; Forward: the second.
    await page.goBack();
    await page.getByText(/For the point 45\.326700, -79\.216500/).waitFor({ timeout: 60_000 });
    await expect(page.getByLabel('Latitude').inputValue()).resolves.toBe('45.326700');
    await page.goForward();
    await page.getByText(/For the point 48\.850000, 2\.350000/).waitFor({ timeout: 60_000 });

    // The shared link of the second fetch, opened in a new tab, shows its results without a click.
    const shared = await context.newPage();
    await shared.goto(page.url());
    await shared.getByText(/For the point 48\.850000, 2\.350000/).waitFor({ timeout: 60_000 });
    await shared.getByText(/scenes? matched/).waitFor({ timeout: 60_000 });

    // Map click: the results go at once too.
    await page.locator('.location-map').click({ position: { x: 200, y: 200 } });
    await expect(page.locator('#results').count()).resolves.toBe(0);
  }, 240_000);

  it('Cancel stops a long fetch, on the page and on the server', async () => {
    // The whole record: long enough to still be running when Cancel is clicked on a fast machine.
    const { page } = await harness.openPage('/?lat=45.326700&lon=-79.216500&cloud=100&startDate=1982-08-22&endDate=2023-12-31', DESKTOP);
    const cancel = page.getByRole('button', { name: 'Cancel' }).first();
    await cancel.waitFor({ timeout: 60_000 });
    await page.getByText(/Band statistics: [\d,]+ of [\d,]+ scenes read/).waitFor({ timeout: 60_000 });
    await cancel.click();
    await page.getByText(/Cancelled: the server stopped reading/).waitFor();
    const queue = harness.app.ctx.heavyQueue;
    for (let i = 0; i < 100 && queue.stats.active > 0; i++) await page.waitForTimeout(50);
    expect(queue.stats.active).toBe(0);
    await harness.screenshot(page, '21-cancelled-1440', '#results');
  }, 120_000);

  for (const [width, options] of [[1440, DESKTOP], [390, PHONE]] as const) {
    it(`a long series: the statistics say each scene was sampled on a smaller grid, and how to get finer means (${width} px)`, async () => {
      const { page } = await harness.openPage('/?lat=45.326700&lon=-79.216500&cloud=100&startDate=2013-04-01&endDate=2019-12-31', options);
      await page.getByRole('button', { name: 'Fetch Data' }).click();
      await page.getByText(/scenes matched/).waitFor({ timeout: 120_000 });
      const note = page.getByText(/This series is long, so each scene is sampled on at most (\d+) x \1 pixels to arrive in seconds \(256 x 256 for up to 48 scenes\): ask for fewer years for finer means\./);
      await note.waitFor();
      const side = Number(/at most (\d+) x/.exec((await note.textContent())!)![1]);
      expect(side).toBeGreaterThanOrEqual(64);
      expect(side).toBeLessThan(256);
      // The grid the means were read on is at most that side.
      const [, w, h] = /over the clear pixels of a (\d+) x (\d+) grid/.exec((await note.textContent())!)!;
      expect(Math.max(Number(w), Number(h))).toBe(side);
      await note.scrollIntoViewIfNeeded();
      await harness.screenshot(page, `33-long-series-statistics-${width}`, '.statistics-status');
    }, 180_000);
  }

  for (const [width, options] of [[1440, DESKTOP], [390, PHONE]] as const) {
    it(`a large area over a year: measured on the overview that fits its pixel budget, and the panel says so (${width} px)`, async () => {
      const { page } = await harness.openPage('/?lat=45.326700&lon=-79.216500&cloud=100&startDate=2024-01-01&endDate=2024-12-31', options);
      // A 45 x 45 km square (2,025 km²) around the default point: ~90 scenes x 2.25 million 30 m pixels, over the 40 million budget.
      const [x, y, dLat] = [-79.2165, 45.3267, 22.5 / 111.32];
      const dLon = 22.5 / (111.32 * Math.cos((y * Math.PI) / 180));
      const square = { type: 'Polygon', coordinates: [[[x - dLon, y - dLat], [x + dLon, y - dLat], [x + dLon, y + dLat], [x - dLon, y + dLat], [x - dLon, y - dLat]]] };
      const section = page.getByRole('region', { name: 'Area statistics' });
      await section.scrollIntoViewIfNeeded();
      await section.getByLabel('Polygon file').setInputFiles({ name: 'square.geojson', mimeType: 'application/geo+json', buffer: Buffer.from(JSON.stringify(square)) });
      await section.getByRole('button', { name: 'Measure the area' }).click();
      const note = section.getByText(/^Measured on (\d+) m pixels \(the archive.s overview, not its 30 m pixels\)/);
      await note.waitFor({ timeout: 150_000 });
      const metres = Number(/Measured on (\d+) m/.exec((await note.textContent())!)![1]);
      expect([60, 120, 240, 480]).toContain(metres);
      await expect(note.textContent()).resolves.toMatch(/start a job \(POST \/api\/jobs with the same body\), which always reads them/);
      await note.scrollIntoViewIfNeeded();
      await harness.screenshot(page, `33-large-area-resolution-${width}`, '.area-resolution-note');
    }, 240_000);
  }

  it('open ocean: the passes and the notification form say Landsat takes no scene there', async () => {
    const { page } = await harness.openPage('/?lat=30&lon=-40&cloud=100&startDate=2024-05-01&endDate=2024-05-31', PHONE);
    await page.locator('#results').waitFor({ timeout: 60_000 });
    await page.getByText(/do not image open ocean/).first().waitFor({ timeout: 30_000 });
    await page.getByText('The satellites pass over, but take no scene here (open ocean, where Landsat takes no scene).').waitFor();
    await expect(page.locator('.overpass-list').count()).resolves.toBe(0);
    await page.getByText('No notification can be set up for this point: Landsat takes no scene here.').waitFor();
    // The reason in full once: in the answer, not again in the passes or the form.
    await expect(page.getByText(/do not image open ocean/).count()).resolves.toBe(1);
    await expect(page.getByRole('button', { name: 'Submit' }).isDisabled()).resolves.toBe(true);
    await page.locator('#results').scrollIntoViewIfNeeded();
    await harness.screenshot(page, '21-open-ocean-390', '#results');
  }, 90_000);

  it('on a 390 px phone: the empty answer and its way out, then the results', async () => {
    const { page } = await harness.openPage('/', PHONE);
    await mapReady(page);
    await page.getByRole('button', { name: 'Fetch Data' }).click();
    await page.locator('.empty-answer').waitFor({ timeout: 60_000 });
    await page.locator('.empty-answer').scrollIntoViewIfNeeded();
    await harness.screenshot(page, '21-empty-answer-390');
    await page.locator('.empty-answer button').click();
    await page.getByText(/scenes matched/).waitFor({ timeout: 90_000 });
    await page.locator('.scene-timeline').scrollIntoViewIfNeeded();
    await harness.screenshot(page, '21-scene-list-390');
    // Tables scroll inside their box: the page itself never gets wider than the phone.
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(390);
  }, 180_000);
});
