import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleMessage, Page } from 'playwright-core';
import { artifactsDir, startPageHarness, type PageHarness } from './support/pageHarness.js';
import { PHONE, WIDE } from './support/journey.js';
import { PLACE_INDEX_HANG_GUARD_MS } from '../support/hangGuards.js';

// Issue 13: the journey feels finished. Place search, the offline map, phone and touch, honest
// notifications, a fast first load, dates. Real server, built page, headless Chromium.
let harness: PageHarness;

beforeAll(async () => {
  harness = await startPageHarness();
});

afterAll(async () => {
  await harness?.close();
});

const FIXTURE_QUERY = '/?lat=-14.7111791&lon=-67.3037941&startDate=2019-01-01&endDate=2019-01-31&size=3x3&cloud=100';
const TILE_HOST = 'tile.openstreetmap.org';

async function mapReady(page: Page) {
  await page.locator('.location-map.leaflet-container').waitFor();
  await page.getByText('Loading map...').waitFor({ state: 'detached' });
}

/** Console messages about map tiles: failed tile loads (the browser's own network errors) or the page's. */
function recordTileConsole(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (msg: ConsoleMessage) => {
    const where = msg.location()?.url ?? '';
    if (msg.type() === 'error' && (where.includes(TILE_HOST) || /tile/i.test(msg.text()))) found.push(`${msg.text()} @ ${where}`);
  });
  return found;
}

/**
 * The map's zoom, read off its grid: two longitude labels' pixel distance over their degrees
 * (Web Mercator draws 360° across 256 * 2^zoom px), so the test needs no handle on Leaflet.
 */
async function zoomFromGrid(page: Page): Promise<number> {
  const lons = await page.locator('.graticule-label').evaluateAll((els) =>
    els
      .map((el) => ({ text: el.textContent ?? '', x: parseFloat((el as HTMLElement).style.left) }))
      .filter((l) => /° [EW]$/.test(l.text) && Number.isFinite(l.x))
      .map((l) => ({ deg: parseFloat(l.text) * (l.text.endsWith('W') ? -1 : 1), x: l.x })),
  );
  if (lons.length < 2) return Number.NaN;
  const [a, b] = [lons[0], lons[lons.length - 1]];
  return Math.log2((Math.abs(b.x - a.x) / Math.abs(b.deg - a.deg)) * (360 / 256));
}

/**
 * The zoom once the grid has stopped changing: two readings 400 ms apart agree. A reading taken while
 * the grid still shows the previous zoom made the loop below click once too often (seen in CI: 15).
 */
async function settledZoomFromGrid(page: Page): Promise<number> {
  let previous = await zoomFromGrid(page);
  for (let i = 0; i < 10; i++) {
    await page.waitForTimeout(400);
    const zoom = await zoomFromGrid(page);
    if (Number.isFinite(zoom) && Math.abs(zoom - previous) < 0.01) return zoom;
    previous = zoom;
  }
  return previous;
}

async function zoomOutDisabled(page: Page): Promise<boolean> {
  return (await page.locator('.leaflet-control-zoom-out').getAttribute('class'))?.includes('leaflet-disabled') ?? false;
}

async function documentWidth(page: Page) {
  return page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, body: document.body.scrollWidth }));
}

async function fetchFixtureResults(page: Page) {
  await page.getByRole('button', { name: 'Fetch Data' }).click();
  await page.getByRole('heading', { name: 'Landsat Results' }).waitFor({ timeout: 30_000 });
  await page.getByRole('table', { name: /B04 Red Band: surface reflectance/ }).waitFor({ timeout: 30_000 });
}

/** The newest confirmation email for an address in the harness's outbox folder, as a path on the server. */
async function confirmationPath(email: string): Promise<string> {
  const outbox = path.join(artifactsDir, 'outbox');
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));
    const withTimes = await Promise.all(files.map(async (f) => ({ f, t: (await stat(path.join(outbox, f))).mtimeMs })));
    for (const { f } of withTimes.sort((a, b) => b.t - a.t)) {
      // Quoted-printable: undo soft line breaks and =XX escapes before reading the link.
      const eml = (await readFile(path.join(outbox, f), 'utf8'))
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      if (!eml.includes(email)) continue;
      const link = eml.match(/https?:\/\/[^/\s]+(\/api\/notifications\/[^/\s]+\/confirm\?token=[\w-]+)/);
      if (link) return link[1];
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no confirmation email for ${email} in ${outbox}`);
}

function tilePng(): Buffer {
  const png = new PNG({ width: 256, height: 256 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([200, 220, 190, 255], i);
  return PNG.sync.write(png);
}

describe('place search that helps', () => {
  it('is busy from the keystroke, Enter picks the first match while results load, regions tell places apart, and "No place found" shows', async () => {
    const { page } = await harness.openPage('/', WIDE);
    await mapReady(page);
    const search = page.getByRole('combobox', { name: 'Search a place by name' });
    const status = page.locator('.place-search-status');

    // Hold the first answer back, so the busy state and an early Enter are seen for certain.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/geocode?**', async (route) => {
      await held;
      await route.continue();
    });

    // Busy from the keystroke on (debounce + request), visibly.
    await search.fill('Huntsville');
    await expect(page.locator('.place-search-spinner').isVisible()).resolves.toBe(true);
    await expect(status.textContent()).resolves.toBe('Searching for "Huntsville"...');
    // Enter before the answer arrives picks the first match when it comes.
    await search.press('Enter');
    await page.waitForTimeout(400); // past the debounce: the request is out and held
    await expect(page.locator('.place-search-spinner').isVisible()).resolves.toBe(true);
    release();
    // The first search also waits for the place index the server builds in a worker after it starts
    // (about 2 s, much longer on a busy machine): the spinner stays meanwhile.
    await expect.poll(() => search.inputValue(), { timeout: PLACE_INDEX_HANG_GUARD_MS }).toBe('Huntsville, Alabama, United States');
    await expect.poll(() => page.getByLabel('Latitude').inputValue()).toMatch(/^34\.7/);

    // Same-named towns are told apart by region and country.
    await search.fill('Huntsvil');
    const listbox = page.getByRole('listbox', { name: 'Places' });
    await listbox.waitFor();
    const details = await listbox.locator('.place-detail').allTextContents();
    expect(details).toContain('Ontario, Canada');
    expect(details).toContain('Alabama, United States');
    expect(details).toContain('Texas, United States');
    await harness.screenshot(page, '13-place-search-1440', '#location');

    // A natural feature says what it is (Natural Earth's regions layer: Sahara, a desert).
    await search.fill('Sahara');
    await expect.poll(async () => (await listbox.locator('.place-detail').allTextContents())[0], { timeout: 20_000 }).toMatch(/^Desert/);
    await expect(listbox.locator('.place-name').first().textContent()).resolves.toBe('Sahara');
    await harness.screenshot(page, '35-place-search-desert-1440', '#location');

    // The new kind of Natural Earth's 1:50m marine layer and a national park from its parks layer.
    await search.fill('English Channel');
    await expect.poll(async () => (await listbox.locator('.place-detail').allTextContents())[0], { timeout: 20_000 }).toBe('Channel');
    await expect(listbox.locator('.place-name').first().textContent()).resolves.toBe('English Channel');
    await search.fill('Yellowstone');
    await expect.poll(async () => (await listbox.locator('.place-detail').allTextContents())[0], { timeout: 20_000 }).toMatch(/^National park · .*United States$/);
    await expect(listbox.locator('.place-name').first().textContent()).resolves.toBe('Yellowstone National Park');
    await harness.screenshot(page, '36-place-search-national-park-1440', '#location');

    // Nothing found: said visibly, not only to screen readers.
    await search.fill('zzqxjv');
    const none = page.getByText('No place found for "zzqxjv".', { exact: false });
    await none.waitFor();
    await expect(none.isVisible()).resolves.toBe(true);
    await expect(listbox.isHidden()).resolves.toBe(true);
    await harness.screenshot(page, '13-no-place-found-1440', '#location aside');
  }, PLACE_INDEX_HANG_GUARD_MS + 60_000);
});

describe('the map works offline', () => {
  it('with tiles blocked: one probe, the outline and grid at zoom 14, the note, no tile error flood', async () => {
    const { page, blocked, consoleErrors } = await harness.openPage('/', WIDE);
    const tileConsole = recordTileConsole(page);
    await mapReady(page);
    await page.getByText('Map tiles are unavailable; showing the built-in outline').waitFor();
    await page.locator('.graticule-label').first().waitFor();
    await page.waitForTimeout(1500); // the load's fit onto the default point's scene box (1000 ms animation)

    // Street zoom: zoom in (or out) from wherever the load's fit left the map until the grid says 14.
    const zoomIn = page.locator('.leaflet-control-zoom-in');
    const zoomOut = page.locator('.leaflet-control-zoom-out');
    for (let i = 0; i < 20; i++) {
      const zoom = await settledZoomFromGrid(page);
      if (Math.abs(zoom - 14) < 0.5) break;
      if (!Number.isFinite(zoom)) {
        await page.waitForTimeout(200); // the grid is redrawing
        continue;
      }
      await (zoom < 14 ? zoomIn : zoomOut).click();
      await page.waitForTimeout(350); // each zoom animates; clicks meanwhile are ignored
    }
    await expect.poll(() => zoomFromGrid(page)).toBeCloseTo(14, 0);
    // The outline (1:50m at zoom 14: land, coasts, borders) and a labelled coordinate grid draw.
    await page.waitForFunction(() => document.querySelectorAll('.leaflet-world-outline-pane path').length > 200);
    const gridLabels = await page.locator('.graticule-label').allTextContents();
    expect(gridLabels.some((t) => /° N$/.test(t))).toBe(true);
    expect(gridLabels.some((t) => /° W$/.test(t))).toBe(true);
    await page.locator('#location').scrollIntoViewIfNeeded();
    await harness.screenshot(page, '13-offline-map-1440', '#location');

    // Zooming out to the whole world asks no tile server meanwhile; the outline stays (1:110m below zoom 4).
    for (let i = 0; i < 25 && !(await zoomOutDisabled(page)); i++) {
      await zoomOut.click();
      await page.waitForTimeout(350);
    }
    expect(await zoomOutDisabled(page)).toBe(true);
    await page.waitForTimeout(1000);
    await page.waitForFunction(() => document.querySelectorAll('.leaflet-world-outline-pane path').length > 100);
    const tileRequests = blocked.filter((u) => u.includes(TILE_HOST));
    expect(tileRequests).toHaveLength(1); // the single probe
    // At most the probe's own network line; no error per tile, none logged by the page.
    expect(tileConsole.length).toBeLessThanOrEqual(1);
    expect(consoleErrors.filter((e) => !/ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
    await harness.screenshot(page, '13-offline-map-world-1440', '#location');
  }, 60_000);

  it('with tiles reachable: tiles draw, no note, and the outline is never downloaded', async () => {
    const context = await harness.browser.newContext(WIDE);
    try {
      const png = tilePng();
      const requested: string[] = [];
      await context.route('**/*', (route) => {
        const url = new URL(route.request().url());
        requested.push(url.pathname);
        if (url.hostname === '127.0.0.1' || url.protocol === 'data:' || url.protocol === 'blob:') return route.continue();
        if (url.hostname.endsWith(TILE_HOST)) return route.fulfill({ status: 200, contentType: 'image/png', body: png });
        return route.abort('internetdisconnected');
      });
      const page = await context.newPage();
      await page.goto(`${harness.baseUrl}/`);
      await mapReady(page);
      await page.waitForFunction(() => document.querySelectorAll('.leaflet-tile-loaded').length >= 4);
      await expect(page.getByText('Map tiles are unavailable').count()).resolves.toBe(0);
      expect(requested.filter((p) => /countries-(110m|50m)/.test(p))).toEqual([]);
      // Charts load with the results, not before.
      expect(requested.filter((p) => /BandChartGrid|\/dist-/.test(p))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});

describe('phone and touch (390 px)', () => {
  it('never scrolls sideways, 3x3 tables scroll in their own box, band cards flip on tap and focus', async () => {
    const { page } = await harness.openPage(FIXTURE_QUERY, PHONE);
    await mapReady(page);
    await page.locator('.leaflet-overlay-pane path[stroke="#ffffff"][fill="#1e6fd9"]').first().waitFor();
    await page.locator('.location-map').scrollIntoViewIfNeeded();
    await page.waitForTimeout(1500); // the 1000 ms fit animation, then the outline redraws
    await harness.screenshot(page, '13-phone-location-390');
    expect((await documentWidth(page)).scroll).toBeLessThanOrEqual(390);

    // Tap a card: its description shows (touch has no hover).
    const card = page.locator('.band-card').filter({ hasText: 'Red Band' });
    const flipper = card.locator('.band-card-flipper');
    await flipper.scrollIntoViewIfNeeded();
    await flipper.tap();
    await expect(card.getAttribute('class')).resolves.toMatch(/\bflipped\b/);
    await expect(flipper.getAttribute('aria-expanded')).resolves.toBe('true');
    const back = card.locator('.band-card-back');
    await expect(back.textContent()).resolves.toMatch(/0\.6[34]/);
    await page.waitForTimeout(600); // the flip animation
    await harness.screenshot(page, '13-phone-bands-390', '#bands');
    await flipper.tap();
    await expect(flipper.getAttribute('aria-expanded')).resolves.toBe('false');

    // Keyboard focus on the card shows its description too (CSS :focus-within turns the back face to the front).
    await card.locator('.band-card-flipper').focus();
    await page.waitForTimeout(600);
    const backTransform = await back.evaluate((el) => getComputedStyle(el).transform);
    expect(['none', 'matrix(1, 0, 0, 1, 0, 0)', 'matrix3d(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)']).toContain(backTransform);

    await fetchFixtureResults(page);
    const grid = page.getByRole('table', { name: /B04 Red Band: surface reflectance/ });
    await grid.scrollIntoViewIfNeeded();
    await page.getByRole('columnheader', { name: 'East' }).first().waitFor();
    const width = await documentWidth(page);
    expect(width.scroll).toBeLessThanOrEqual(390);
    expect(width.body).toBeLessThanOrEqual(390);
    // The tables' own box scrolls when they are wider than the screen; its right edge stays on screen.
    const box = await page.locator('.pixel-grids').first().evaluate((el) => ({ right: el.getBoundingClientRect().right, overflowX: getComputedStyle(el).overflowX }));
    expect(box.right).toBeLessThanOrEqual(390);
    expect(box.overflowX).toBe('auto');
    await harness.screenshot(page, '13-phone-results-390');
  }, 90_000);
});

describe('honest notifications', () => {
  it("says the confirmation went to the server's outbox, refuses a point without passes, and styles the confirm page", async () => {
    const email = `finished-journey-${Date.now()}@example.org`;
    const { page } = await harness.openPage(FIXTURE_QUERY, WIDE);
    await fetchFixtureResults(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Lead Time').selectOption('6');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText("Email delivery is not configured on this server; your confirmation was saved to the server's outbox.").waitFor();
    await expect(page.getByText('Check your inbox to confirm the notification.').count()).resolves.toBe(0);
    await harness.screenshot(page, '13-notification-outbox-1440', '#results aside');

    // 85° N: no Landsat pass in the next 32 days, refused in words.
    const refused = await page.evaluate(async () => {
      const res = await fetch('/api/notifications', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'north@example.org', leadTime: '6', cloudCoverage: 50, lat: 85, lon: 10 }),
      });
      return { status: res.status, body: await res.json() };
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('no_upcoming_pass');
    expect(refused.body.error.message).toMatch(/next 32 days/);

    // The emailed confirm link opens a page in the app's style.
    await page.goto(harness.baseUrl + (await confirmationPath(email)));
    await page.getByRole('heading', { name: 'Confirm your Landsat alerts' }).waitFor();
    const button = page.getByRole('button', { name: 'Confirm my alerts' });
    const look = await button.evaluate((el) => ({ bg: getComputedStyle(el).backgroundColor, font: getComputedStyle(document.body).fontFamily }));
    expect(look.bg).toBe('rgb(11, 92, 173)');
    expect(look.font).toMatch(/system-ui/);
    await harness.screenshot(page, '13-confirm-page-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    expect((await documentWidth(page)).scroll).toBeLessThanOrEqual(390);
    await harness.screenshot(page, '13-confirm-page-390');
    await button.click();
    await page.getByRole('heading', { name: 'Alerts confirmed' }).waitFor();
  }, 90_000);
});

describe('a fast first load', () => {
  it('sends the page compressed, hashed assets immutable for a year, index.html revalidated', async () => {
    const { page } = await harness.openPage('/', WIDE);
    await mapReady(page);
    const headers = await page.evaluate(async () => {
      const script = document.querySelector<HTMLScriptElement>('script[type="module"][src]')!.src;
      const read = async (url: string) => {
        const res = await fetch(url, { cache: 'no-store' });
        return { cacheControl: res.headers.get('cache-control'), encoding: res.headers.get('content-encoding') };
      };
      return { page: await read('/'), script: await read(script), config: await read('/api/config') };
    });
    expect(headers.page.cacheControl).toBe('no-cache');
    expect(headers.script.cacheControl).toBe('public, max-age=31536000, immutable');
    expect(headers.script.encoding).toMatch(/^(br|gzip)$/);
    const config = await page.evaluate(async () => (await fetch('/api/config')).json());
    expect(config.emailDelivery).toBe('outbox');
  }, 60_000);
});

describe('sensible defaults and words', () => {
  it('prefills the last 12 months; a link’s dates win', async () => {
    const { page } = await harness.openPage('/', WIDE);
    const expected = await page.evaluate(() => {
      const pad = (n: number) => String(n).padStart(2, '0');
      const iso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
      const today = new Date();
      return { start: iso(new Date(today.getFullYear(), today.getMonth() - 12, today.getDate())), end: iso(today) };
    });
    await expect(page.getByLabel('Start Date').inputValue()).resolves.toBe(expected.start);
    await expect(page.getByLabel('End Date').inputValue()).resolves.toBe(expected.end);
    await expect(page.getByLabel(/^Cloud Coverage: \d+%$/).first().inputValue()).resolves.toBe('0');

    const linked = await harness.openPage(FIXTURE_QUERY, WIDE);
    await expect(linked.page.getByLabel('Start Date').inputValue()).resolves.toBe('2019-01-01');
    await expect(linked.page.getByLabel('End Date').inputValue()).resolves.toBe('2019-01-31');
  }, 60_000);

  it('writes dates as the inputs show them (en-GB) and explains a range before the Level-2 record', async () => {
    const { page } = await harness.openPage(FIXTURE_QUERY, { ...WIDE, locale: 'en-GB' });
    // The fixture catalogue is a real-form archive: its record starts with Landsat 4 TM (issue 23).
    await page.getByLabel('Start Date').fill('1980-01-01');
    await page.getByLabel('End Date').fill('1981-12-31');
    await page.getByRole('button', { name: 'Fetch Data' }).click();
    // Refused at the date fields (issue 21), before any request.
    const alert = page.locator('#date-problem');
    await expect
      .poll(() => alert.textContent())
      .toBe('The range 01/01/1980 to 31/12/1981 ends before the first Landsat Level-2 scenes (Landsat 4 TM, 22/08/1982). Pick an End Date on or after 22/08/1982.');

    // The server's "No Landsat scene covers … between …" is shown with the same date form.
    await page.getByLabel('Start Date').fill('2019-06-01');
    await page.getByLabel('End Date').fill('2019-06-02');
    await page.getByRole('button', { name: 'Fetch Data' }).click();
    // Said once, in the results' empty answer (issue 21: one message, with its way out).
    const empty = page.locator('.empty-answer');
    await expect.poll(() => empty.textContent(), { timeout: 20_000 }).toMatch(/between 01\/06\/2019 and 02\/06\/2019/);
    expect(await empty.textContent()).not.toMatch(/\d{4}-\d{2}-\d{2}/);

    // Headless Chromium draws date inputs in its own UI language (en-US) whatever the page's locale,
    // so the screenshot is taken where both agree.
    const us = await harness.openPage(FIXTURE_QUERY, { ...WIDE, locale: 'en-US' });
    await us.page.getByLabel('Start Date').fill('1980-01-01');
    await us.page.getByLabel('End Date').fill('1981-12-31');
    await us.page.getByRole('button', { name: 'Fetch Data' }).click();
    await us.page.getByText('The range 01/01/1980 to 12/31/1981 ends before the first Landsat Level-2 scenes').waitFor();
    await harness.screenshot(us.page, '13-before-record-1440', '#bands');
  }, 60_000);
});
