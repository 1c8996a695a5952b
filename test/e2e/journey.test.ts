import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { startPageHarness, type PageHarness } from './support/pageHarness.js';

let harness: PageHarness;

beforeAll(async () => {
  harness = await startPageHarness();
});

afterAll(async () => {
  await harness?.close();
});

async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Smooth scrolling ends with the target near the top (or as near as the page's length allows). */
async function waitUntilScrolledTo(page: Page, selector: string) {
  await page.waitForFunction((sel) => {
    const r = document.querySelector(sel)!.getBoundingClientRect();
    return window.scrollY > 0 && r.top >= 0 && r.bottom <= window.innerHeight;
  }, selector);
}

describe('the journey from landing page to results (built page, headless Chromium, fixture scene)', () => {
  it('goes landing -> coordinates -> filters -> Fetch Data -> image and charts', async () => {
    const { page, consoleErrors, blocked } = await harness.openPage('/');

    // Landing
    await page.getByRole('heading', { name: 'Space Apps Challenge 2024' }).waitFor();
    await expect(page.getByText('Landsat Reflectance Data: On the Fly and at Your Fingertips').isVisible()).resolves.toBe(true);
    await expect(page.locator('.steps li').count()).resolves.toBe(3);
    await harness.screenshot(page, '01-landing');

    // Location: the map becomes ready and the bundled world outline draws although tiles are blocked.
    await page.getByRole('link', { name: 'Get Started' }).click();
    await page.waitForFunction(() => location.hash === '#main-container');
    await page.locator('.location-map.leaflet-container').waitFor();
    await page.getByText('Loading map...').waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.querySelectorAll('.leaflet-world-outline-pane path').length > 100);
    expect(blocked.some((u) => u.includes('tile.openstreetmap.org'))).toBe(true);
    await expect(page.getByLabel('Latitude').inputValue()).resolves.toBe('45.326700');
    await expect(page.getByLabel('Longitude').inputValue()).resolves.toBe('-79.216500');

    await page.getByLabel('Latitude').fill('-14.7111791');
    await page.getByLabel('Longitude').fill('-67.3037941');
    await page.getByLabel('Longitude').press('Enter');
    await expect(page.getByLabel('Latitude').inputValue()).resolves.toBe('-14.711179');
    await expect(page.getByLabel('Longitude').inputValue()).resolves.toBe('-67.303794');
    // The scene footprint is highlighted (white outline, blue fill) once /api/wrs2 answers.
    await page.locator('.leaflet-overlay-pane path[stroke="#ffffff"][fill="#1e6fd9"]').first().waitFor();
    await page.getByText('Path 1 / Row 70').first().waitFor();
    await page.waitForTimeout(1200); // let the 1000 ms fit animation finish before the screenshot
    await harness.screenshot(page, '02-location', '#location');

    // Bands and filters
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Choose Your Desired Landsat Bands:' }).waitFor();
    await waitUntilScrolledTo(page, '#bands-heading');
    await page.getByLabel('Start Date').fill('2019-01-01');
    await page.getByLabel('End Date').fill('2019-01-31');
    const cloud = page.getByLabel(/^Cloud Coverage: \d+%$/).first();
    await cloud.fill('100');
    await page.getByText('Cloud Coverage: 100%').waitFor();
    await page.getByText('Level-1 only').first().waitFor();
    await page.getByRole('checkbox', { name: 'Red Band' }).focus(); // keyboard focus flips the card
    await harness.screenshot(page, '03-bands', '#bands');

    await page.getByRole('button', { name: 'Fetch Data' }).click();
    await page.getByRole('heading', { name: 'Landsat Results' }).waitFor({ timeout: 30_000 });
    const image = page.getByRole('img', { name: /Landsat 3 x 3 pixels around/ });
    await image.waitFor();
    expect(await image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true);

    // No band ticked: B01..B05, one chart each, reachable by visible title and by accessible name.
    for (const band of ['B01', 'B02', 'B03', 'B04', 'B05']) {
      await page.getByRole('heading', { name: `Band ${band} Analysis` }).waitFor();
      await page.getByRole('img', { name: `Band ${band} Analysis` }).waitFor();
    }
    const canvas = page.getByRole('img', { name: 'Band B04 Analysis' });
    const size = await canvas.evaluate((c: HTMLCanvasElement) => ({ w: c.clientWidth, h: c.clientHeight }));
    expect(size).toEqual({ w: 200, h: 250 });
    // After Fetch Data the view lands on the image (issue 11), not on the sidebar beside it.
    await waitUntilScrolledTo(page, '#result-figure');
    await page.getByText(/Landsat [89]/).first().waitFor(); // next overpasses
    await harness.screenshot(page, '04-results', '#results');

    expect(consoleErrors.filter((e) => !/ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
  }, 90_000);

  it('enforces the notification rule beside the form (no alert) and passes an accessibility scan', async () => {
    const { page } = await harness.openPage('/?lat=-14.7111791&lon=-67.3037941&startDate=2019-01-01&endDate=2019-01-31&size=3x3&cloud=100');
    await expect(page.getByLabel('Latitude').inputValue()).resolves.toBe('-14.711179');
    await expect(page.getByLabel('Start Date').inputValue()).resolves.toBe('2019-01-01');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Fetch Data' }).click();
    await page.getByRole('heading', { name: 'Landsat Results' }).waitFor({ timeout: 30_000 });
    await page.getByRole('img', { name: 'Band B01 Analysis' }).waitFor();

    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await page.getByLabel('Email').fill('ada@example.org');
    await page.getByRole('button', { name: 'Submit' }).click();
    // The seed's words, in the form's status line rather than an alert() (issue 21).
    const status = page.locator('.notification-form [role="status"]');
    await expect.poll(() => status.textContent()).toBe('Both Email and Lead Time must be filled out together.');

    await page.getByLabel('Email').fill('');
    await page.getByLabel('Lead Time').selectOption('6');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => status.textContent()).toBe('Both Email and Lead Time must be filled out together.');

    await page.getByLabel('Email').fill('ada@example.org');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(/Check your inbox to confirm|Email delivery is not configured on this server|notification service is unavailable/).waitFor();
    expect(alerts).toEqual([]);
    await harness.screenshot(page, '05-notification', '#results aside');

    expect(await seriousViolations(page)).toEqual([]);
  }, 90_000);
});
