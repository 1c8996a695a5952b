import type { BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';

/** The two layouts the journey tests walk: a phone held upright (touch) and a wide desktop window. */
export const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
export const WIDE: BrowserContextOptions = { viewport: { width: 1440, height: 900 } };

/** The default point (Muskoka) as the page writes it in a link. */
export const MUSKOKA = 'lat=45.326700&lon=-79.216500';
/** A triangle of about 1 km² beside the point: lon,lat corners (the link's `poly` form). */
export const TRIANGLE = '-79.222,45.322,-79.210,45.322,-79.216,45.331,-79.222,45.322';

/** Waits until a Fetch's results are all on the page: the heading, the scene list (or why there is none), no progress left. */
export async function resultsIn(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Landsat Results' }).waitFor({ timeout: 150_000 });
  await page.locator('.scene-list, .empty-answer').first().waitFor({ timeout: 200_000 });
  await expect.poll(() => page.locator('.stream-progress, .fetch-progress').count(), { timeout: 200_000 }).toBe(0);
}
