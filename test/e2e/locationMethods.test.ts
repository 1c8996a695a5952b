import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startPageHarness, type PageHarness } from './support/pageHarness.js';
import { PLACE_INDEX_HANG_GUARD_MS } from '../support/hangGuards.js';

let harness: PageHarness;

beforeAll(async () => {
  harness = await startPageHarness();
});

afterAll(async () => {
  await harness?.close();
});

const coordinates = async (page: Page) => ({
  lat: Number(await page.getByLabel('Latitude').inputValue()),
  lon: Number(await page.getByLabel('Longitude').inputValue()),
});

/**
 * Records the page's /api/wrs2 look-ups: every way of choosing a point must ask for the footprint.
 * The default point's own look-up on load (issue 11: it gets its scene box as a click does) is left out.
 */
function recordFootprintLookups(page: Page): URL[] {
  const lookups: URL[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    const isDefaultPoint = Number(url.searchParams.get('lat')) === 45.3267 && Number(url.searchParams.get('lon')) === -79.2165;
    if (url.pathname === '/api/wrs2' && !isDefaultPoint) lookups.push(url);
  });
  return lookups;
}

async function mapReady(page: Page) {
  await page.locator('#main-container').scrollIntoViewIfNeeded();
  await page.getByText('Loading map...').waitFor({ state: 'detached' });
}

const highlightedBox = (page: Page) => page.locator('.leaflet-overlay-pane path[stroke="#ffffff"][fill="#1e6fd9"]');

describe('each way of choosing a location moves the marker, fills both inputs to 6 decimals and looks up the footprint', () => {
  it('a map click', async () => {
    const { page } = await harness.openPage('/');
    const lookups = recordFootprintLookups(page);
    await mapReady(page);
    const map = page.locator('.location-map');
    const box = (await map.boundingBox())!;
    const markerBefore = (await page.locator('.leaflet-marker-icon').boundingBox())!;
    // Right of and above the centre (the default marker sits at the centre).
    await map.click({ position: { x: box.width / 2 + 150, y: box.height / 2 - 100 } });
    await expect.poll(() => coordinates(page).then((c) => c.lon)).toBeGreaterThan(-79.2165);
    const { lat } = await coordinates(page);
    expect(lat).toBeGreaterThan(45.3267);
    expect(await page.getByLabel('Latitude').inputValue()).toMatch(/^-?\d+\.\d{6}$/);
    expect(await page.getByLabel('Longitude').inputValue()).toMatch(/^-?\d+\.\d{6}$/);
    await expect.poll(() => lookups.length).toBe(1);
    expect(Number(lookups[0].searchParams.get('lat'))).toBeCloseTo(lat, 5);
    await highlightedBox(page).waitFor();
    const markerAfter = (await page.locator('.leaflet-marker-icon').boundingBox())!;
    expect(markerAfter).not.toEqual(markerBefore);
  }, 60_000);

  it('a place search driven by the keyboard only (ARIA combobox)', async () => {
    const { page } = await harness.openPage('/');
    const lookups = recordFootprintLookups(page);
    await mapReady(page);
    const search = page.getByRole('combobox', { name: 'Search a place by name' });
    await expect(search.getAttribute('placeholder')).resolves.toBe('Search by Name...');
    await search.focus();
    await page.keyboard.type('Toronto');
    const listbox = page.getByRole('listbox', { name: 'Places' });
    // The first search waits for the place index the server builds at start (much longer on a busy machine).
    await listbox.waitFor({ timeout: PLACE_INDEX_HANG_GUARD_MS });
    await expect(search.getAttribute('aria-expanded')).resolves.toBe('true');
    const options = listbox.getByRole('option');
    expect(await options.count()).toBeGreaterThan(0);
    expect(await options.count()).toBeLessThanOrEqual(10);

    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    const activeId = await search.getAttribute('aria-activedescendant');
    expect(activeId).toBeTruthy();
    await expect(page.locator(`[id="${activeId}"]`).getAttribute('aria-selected')).resolves.toBe('true');
    await expect(page.locator(`[id="${activeId}"]`).textContent()).resolves.toMatch(/^Toronto/);

    // Escape closes the list; ArrowDown reopens it; Enter picks the active option.
    await page.keyboard.press('Escape');
    await expect(search.getAttribute('aria-expanded')).resolves.toBe('false');
    await page.keyboard.press('ArrowDown');
    await expect(search.getAttribute('aria-expanded')).resolves.toBe('true');
    await page.keyboard.press('Enter');
    await expect(search.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(search.inputValue()).resolves.toMatch(/^Toronto/);

    await expect.poll(() => coordinates(page).then((c) => Math.round(c.lat))).toBe(44);
    const { lon } = await coordinates(page);
    expect(lon).toBeCloseTo(-79.4, 0);
    await expect.poll(() => lookups.length).toBe(1);
    await highlightedBox(page).waitFor();
  }, PLACE_INDEX_HANG_GUARD_MS + 60_000);

  it('the current position (geolocation permission granted, position mocked)', async () => {
    const { page } = await harness.openPage('/', {
      permissions: ['geolocation'],
      geolocation: { latitude: -14.7111791, longitude: -67.3037941 },
    });
    const lookups = recordFootprintLookups(page);
    await mapReady(page);
    await page.getByRole('button', { name: 'Use my current location' }).click();
    await expect.poll(() => page.getByLabel('Latitude').inputValue()).toBe('-14.711179');
    await expect(page.getByLabel('Longitude').inputValue()).resolves.toBe('-67.303794');
    await expect.poll(() => lookups.length).toBe(1);
    await page.getByText('Path 1 / Row 70').first().waitFor();
  }, 60_000);

  it('the current position refused: logged and told to the person', async () => {
    const { page } = await harness.openPage('/');
    const logs: string[] = [];
    page.on('console', (msg) => logs.push(msg.text()));
    await mapReady(page);
    await page.getByRole('button', { name: 'Use my current location' }).click();
    await page.getByText(/Could not get your current position/).waitFor();
    expect(logs.some((l) => l.startsWith('Geolocation failed'))).toBe(true);
    await expect(page.getByLabel('Latitude').inputValue()).resolves.toBe('45.326700');
  }, 60_000);

  it('typed coordinates, used when the field is left; out-of-range values are refused', async () => {
    const { page } = await harness.openPage('/');
    const lookups = recordFootprintLookups(page);
    await mapReady(page);
    await page.getByLabel('Latitude').fill('95');
    await page.getByLabel('Longitude').focus(); // leaving the field commits it
    await page.getByText('Latitude must be between -90 and 90.').waitFor();
    expect(lookups).toHaveLength(0);

    await page.getByLabel('Latitude').fill('48.8566');
    await page.getByLabel('Longitude').fill('2.3522');
    await page.getByRole('button', { name: 'Next' }).focus(); // blur commits
    await expect.poll(() => page.getByLabel('Longitude').inputValue()).toBe('2.352200');
    await expect(page.getByLabel('Latitude').inputValue()).resolves.toBe('48.856600');
    await expect.poll(() => lookups.some((u) => u.searchParams.get('lon') === '2.3522')).toBe(true);
    await highlightedBox(page).waitFor();
    await expect(page.getByText('Latitude must be between -90 and 90.').count()).resolves.toBe(0);
  }, 60_000);
});

describe('the page without the network and when it breaks', () => {
  it('shows the bundled world outline when tiles cannot load', async () => {
    const { page, blocked } = await harness.openPage('/');
    await mapReady(page);
    await page.waitForFunction(() => document.querySelectorAll('.leaflet-world-outline-pane path').length > 100);
    expect(blocked.length).toBeGreaterThan(0);
    expect(blocked.every((u) => !u.startsWith('http://127.0.0.1'))).toBe(true);
    // The marker icon is bundled, not fetched from a CDN.
    const iconSrc = await page.locator('.leaflet-marker-icon').getAttribute('src');
    expect(iconSrc).toMatch(/^(data:image\/png|\/assets\/)/);
    await expect(page.locator('.leaflet-marker-icon').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).resolves.toBe(true);
    const map = (await page.locator('.location-map').boundingBox())!;
    expect(map.width).toBeLessThanOrEqual(1200);
    expect(map.height).toBeLessThanOrEqual(600);
  }, 60_000);

  it('shows the error screen for a render error (?crash=1) and reloads from it', async () => {
    const { page, consoleErrors } = await harness.openPage('/?crash=1');
    await page.getByRole('heading', { name: 'Something went wrong.' }).waitFor();
    expect(consoleErrors.some((e) => e.includes('Deliberate render error'))).toBe(true);
    await harness.screenshot(page, '06-error');
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Reload Page' }).click();
    await reloaded;
    await page.getByRole('heading', { name: 'Something went wrong.' }).waitFor();
  }, 60_000);
});
