import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPageHarness, type PageHarness } from './support/pageHarness.js';
import { DEFAULT_POINT } from '../../src/shared/defaults.js';

// The whole product on the synthetic demo archive, as `npm start` serves it offline: the scenes are
// generated on first use, every view says "synthetic", and the full image lies over its footprint.
let harness: PageHarness;
let demoDir: string;

beforeAll(async () => {
  demoDir = await mkdtemp(path.join(os.tmpdir(), 'landsat-e2e-demo-'));
  harness = await startPageHarness({ LANDSAT_SOURCE: 'demo', DEMO_DIR: demoDir, DEMO_WORKER: 'false', DEMO_PREGENERATE_DAYS: '0' });
});

afterAll(async () => {
  await harness?.close();
  await rm(demoDir, { recursive: true, force: true });
});

describe('the page on the synthetic demo archive', () => {
  it('labels the data synthetic, shows the pixel grid of the API, and lays the image over the point', async () => {
    const query = `lat=${DEFAULT_POINT.lat}&lon=${DEFAULT_POINT.lon}&startDate=2025-07-01&endDate=2025-07-20&size=full&cloud=100&bands=B02,B03,B04,B05`;
    const { page, consoleErrors } = await harness.openPage(`/?${query}`);
    await expect.poll(() => page.getByText(/synthetic/i).first().isVisible(), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: 'Fetch Data' }).click();

    const grid = page.getByRole('table', { name: /B04 Red Band: surface reflectance/ });
    await grid.waitFor({ timeout: 60_000 });
    // The page shows what /api/pixel answers for the most recent scene.
    const api = await page.evaluate(async (q) => (await fetch(`/api/pixel?${q}&latest=true`)).json(), `lat=${DEFAULT_POINT.lat}&lon=${DEFAULT_POINT.lon}&startDate=2025-07-01&endDate=2025-07-20&cloudCoverage=100&bands=B04`);
    expect(api.synthetic).toBe(true);
    expect(api.scenes[0].id).toMatch(/SYNTHETIC$/);
    const targetDn = api.scenes[0].bands.B04.dn[1][1];
    expect(await grid.locator('td[data-target="true"]').textContent()).toContain(`DN ${targetDn}`);
    expect(await page.getByRole('table', { name: 'Scenes used' }).textContent()).toMatch(/SYNTHETIC/);

    // The full image is drawn on the map over its footprint: here a synthetic window centred on the point.
    const overlay = page.locator('.location-map img.leaflet-image-layer');
    await overlay.waitFor({ state: 'attached', timeout: 30_000 });
    const marker = page.locator('.location-map .leaflet-marker-icon').first();
    await expect.poll(async () => (await overlay.boundingBox())?.width ?? 0).toBeGreaterThan(5);
    const o = (await overlay.boundingBox())!;
    const m = (await marker.boundingBox())!;
    const markerTipX = m.x + m.width / 2;
    const markerTipY = m.y + m.height;
    expect(markerTipX).toBeGreaterThan(o.x);
    expect(markerTipX).toBeLessThan(o.x + o.width);
    expect(markerTipY).toBeGreaterThan(o.y);
    expect(markerTipY).toBeLessThan(o.y + o.height);

    await harness.screenshot(page, '07-demo-results');
    expect(consoleErrors.filter((e) => !/ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
  }, 150_000);
});
