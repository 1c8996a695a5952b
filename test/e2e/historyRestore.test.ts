import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startPageHarness, type PageHarness } from './support/pageHarness.js';
import { PHONE, WIDE, MUSKOKA, TRIANGLE, resultsIn } from './support/journey.js';

// Issue 35 (fifth round): Back and Forward restore everything a history entry's link carries, as
// opening that link does: the point, dates, cloud limit, harmonisation, the chosen scene and the area
// polygon (`poly=` corners or a server-kept `areaId=`). Real server on the demo archive, headless Chromium.
let harness: PageHarness;

beforeAll(async () => {
  harness = await startPageHarness({ LANDSAT_SOURCE: 'demo' });
});

afterAll(async () => {
  await harness?.close();
});

// The area outline Leaflet draws on the map (DrawArea.tsx's colour).
const AREA_ON_MAP = '.location-map .leaflet-overlay-pane path[stroke="#7a1fa2"]';

/** Chooses another place with a click on the map (away from the polygon), as a person would. */
async function clickElsewhereOnMap(page: Page) {
  const lat = page.getByLabel('Latitude');
  const before = await lat.inputValue();
  const map = page.locator('.location-map');
  await map.scrollIntoViewIfNeeded();
  const box = (await map.boundingBox())!;
  await map.click({ position: { x: box.width * 0.15, y: box.height * 0.8 } });
  await expect.poll(() => lat.inputValue()).not.toBe(before);
  return lat.inputValue();
}

const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

/** Moves a range input as a drag would: React hears the input event of the value set natively. */
async function setRange(page: Page, selector: string, value: number) {
  await page.locator(selector).evaluate((el, v) => {
    const input = el as HTMLInputElement;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, String(v));
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, value);
}

describe('Back and Forward restore the polygon and the settings of each entry (1440 px)', () => {
  it('a polygon link with harmonisation and a chosen scene: another place without the polygon, Back restores all of it, Forward takes it away again', async () => {
    const { page } = await harness.openPage(`/?${MUSKOKA}&startDate=2024-06-01&endDate=2024-08-31&size=3x3&cloud=100&scenes=all&bands=B02,B03,B04&harmonize=oli&poly=${TRIANGLE}`, WIDE);
    const areaNote = page.locator('#area-statistics .area-chosen');
    await expect.poll(() => areaNote.textContent(), { timeout: 30_000 }).toContain('Area: the polygon from the link');
    await resultsIn(page);
    // An older scene chosen: the entry's link names it.
    const captionId = page.locator('#result-figure .image-caption .scene-id');
    const newest = (await captionId.textContent())!.replace(/ \(synthetic.*$/, '');
    const ids = await page.locator('.scene-list tbody tr').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-scene-id')!));
    const older = ids.find((id) => id !== newest)!;
    await page.locator(`.scene-list tr[data-scene-id="${older}"]`).getByRole('button', { name: /Show/ }).click();
    await expect.poll(() => param(page, 'scene')).toBe(older);
    const firstEntry = page.url();

    // Another place; there the cloud limit becomes 40 % and the polygon is cleared.
    const elsewhere = await clickElsewhereOnMap(page);
    const cloud = page.locator('#filter-cloud');
    await setRange(page, '#filter-cloud', 40);
    await expect.poll(() => param(page, 'cloud')).toBe('40');
    await page.getByRole('button', { name: 'Clear the area' }).click();
    await expect.poll(() => areaNote.textContent()).toContain('No area yet.');
    await expect.poll(() => param(page, 'poly')).toBeNull();
    expect(param(page, 'scene')).toBeNull();
    expect(await page.locator(AREA_ON_MAP).count()).toBe(0);
    const secondEntry = page.url();

    // Back: the first entry as its link opens it, polygon included.
    await page.goBack();
    await expect.poll(() => page.getByLabel('Latitude').inputValue()).toBe('45.326700');
    await expect.poll(() => areaNote.textContent()).toContain('Area: the polygon from the link (outlined on the map). It is kept in the page link.');
    await expect.poll(() => page.locator(AREA_ON_MAP).count()).toBe(1);
    expect(param(page, 'poly')?.split(',').map(Number)).toEqual(TRIANGLE.split(',').map(Number));
    expect(await cloud.inputValue()).toBe('100');
    expect(await page.locator('#start-date').inputValue()).toBe('2024-06-01');
    expect(await page.getByRole('checkbox', { name: 'Harmonise TM/ETM+ to OLI' }).isChecked()).toBe(true);
    // Its chosen scene is on screen again (the entry's fetch runs anew and lists it).
    await expect.poll(() => captionId.textContent(), { timeout: 120_000 }).toContain(older);
    await expect.poll(() => page.url(), { timeout: 30_000 }).toBe(firstEntry);
    await page.locator('#location').scrollIntoViewIfNeeded();
    await harness.screenshot(page, '35-history-back-polygon-1440');

    // Forward: the other place, its 40 % and no polygon.
    await page.goForward();
    await expect.poll(() => page.getByLabel('Latitude').inputValue()).toBe(elsewhere);
    await expect.poll(() => areaNote.textContent()).toContain('No area yet.');
    expect(await page.locator(AREA_ON_MAP).count()).toBe(0);
    expect(await cloud.inputValue()).toBe('40');
    await expect.poll(() => page.url()).toBe(secondEntry);
    await harness.screenshot(page, '35-history-forward-no-polygon-1440', '#location');
  }, 500_000);
});

describe('Back and Forward restore a server-kept polygon (390 px)', () => {
  it('an uploaded outline kept as areaId: another place, Clear, Back reads it back from the server, Forward takes it away', async () => {
    // A 600-corner circle of about 500 m around the point: too long for `poly`, so it goes in as areaId.
    const ring = Array.from({ length: 600 }, (_, i) => [-79.2165 + 0.006 * Math.cos((2 * Math.PI * i) / 600), 45.3267 + 0.0045 * Math.sin((2 * Math.PI * i) / 600)]);
    const geojson = JSON.stringify({ type: 'Polygon', coordinates: [[...ring, ring[0]]] });
    const { page } = await harness.openPage(`/?${MUSKOKA}&startDate=2024-07-01&endDate=2024-07-31&size=3x3&cloud=100&scenes=latest&bands=B04`, PHONE);
    await resultsIn(page);
    const panel = page.locator('#area-statistics');
    await panel.scrollIntoViewIfNeeded();
    await panel.getByLabel('Polygon file').setInputFiles({ name: 'circle.geojson', mimeType: 'application/geo+json', buffer: Buffer.from(geojson) });
    await expect.poll(() => param(page, 'areaId'), { timeout: 30_000 }).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const areaId = param(page, 'areaId');

    await clickElsewhereOnMap(page);
    // The polygon stays with the new place until cleared.
    expect(param(page, 'areaId')).toBe(areaId);
    await page.getByRole('button', { name: 'Clear the area' }).click();
    await expect.poll(() => param(page, 'areaId')).toBeNull();

    await page.goBack();
    await expect.poll(() => page.getByLabel('Latitude').inputValue()).toBe('45.326700');
    const note = panel.locator('.area-chosen');
    await expect.poll(() => note.textContent(), { timeout: 30_000 }).toContain('Area: the polygon from the link (outlined on the map). It is kept in the page link (as a short id the server keeps).');
    await expect.poll(() => page.locator(AREA_ON_MAP).count()).toBe(1);
    await expect.poll(() => param(page, 'areaId'), { timeout: 30_000 }).toBe(areaId);
    await page.locator('.location-map').scrollIntoViewIfNeeded();
    await harness.screenshot(page, '35-phone-history-back-area-id-390');

    await page.goForward();
    await expect.poll(() => note.textContent()).toContain('No area yet.');
    expect(await page.locator(AREA_ON_MAP).count()).toBe(0);
    expect(param(page, 'areaId')).toBeNull();
    await harness.screenshot(page, '35-phone-history-forward-390');
  }, 500_000);
});
