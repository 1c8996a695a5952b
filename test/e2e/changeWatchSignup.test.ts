import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startPageHarness, type PageHarness } from './support/pageHarness.js';
import { PHONE, WIDE } from './support/journey.js';
import { undersizedTapTargets } from './support/tapTargets.js';
import { startSmtpTestServer, type ReceivedMail, type SmtpTestServer } from '../support/startSmtpTestServer.js';

// Issue 34 item 6 on the page: the notification form can also ask for change alerts ("watch":"change").
// Real server on the demo archive sending through a real SMTP server on loopback; the confirmation
// email's link is followed in the browser, and the server's own view of the subscription says "change".
let harness: PageHarness;
let smtp: SmtpTestServer;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  harness = await startPageHarness({ LANDSAT_SOURCE: 'demo', SMTP_URL: smtp.url });
});

afterAll(async () => {
  await harness?.close();
  await smtp?.close();
});

const LINK = '/?lat=45.326700&lon=-79.216500&startDate=2024-07-01&endDate=2024-07-31&size=3x3&cloud=100&scenes=latest&bands=B04';
const CHANGE_CHOICE = 'When the land here may have changed (CCDC)';
const CONFIRM_CHANGE = 'Check your inbox to confirm the change alerts: then you get one email each time the land here may have changed, at most one per change.';

async function formIn(page: Page) {
  await page.getByRole('heading', { name: 'Landsat Results' }).waitFor({ timeout: 150_000 });
  const form = page.locator('.notification-form');
  await form.waitFor({ timeout: 150_000 });
  await form.scrollIntoViewIfNeeded();
  return form;
}

/** Signs up for change alerts as a person would; answers the JSON bodies the page posted. */
async function signUpForChange(page: Page, email: string): Promise<Record<string, unknown>[]> {
  const form = await formIn(page);
  const posted: Record<string, unknown>[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/notifications') posted.push(JSON.parse(r.postData() ?? '{}') as Record<string, unknown>);
  });
  await form.getByLabel('Email').fill(email);
  await form.getByRole('radio', { name: CHANGE_CHOICE }).check();
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect.poll(() => form.locator('[role=status]').textContent(), { timeout: 30_000 }).toBe(CONFIRM_CHANGE);
  return posted;
}

const mailTo = (mails: ReceivedMail[], email: string, subject: RegExp) => mails.find((m) => m.envelopeTo.includes(email) && subject.test(m.subject));

describe('change alerts from the notification form (1440 px)', () => {
  it('sends "watch":"change", says so in words, and the emailed link confirms change alerts', async () => {
    const { page, context } = await harness.openPage(LINK, WIDE);
    const email = 'ada.change@example.org';
    const form = await formIn(page);
    // The choice says what it does and that at most one email per change is sent; passes stay the default.
    expect(await form.getByRole('radio', { name: /Before each Landsat 8\/9 pass/ }).isChecked()).toBe(true);
    const choice = form.getByRole('radio', { name: CHANGE_CHOICE });
    const hint = await form.locator(`[id="${await choice.getAttribute('aria-describedby')}"]`).textContent();
    expect(hint).toMatch(/change detection \(CCDC\) tests the newest clear observations .* at most one email per\s+change, and no pass emails/);

    const posted = await signUpForChange(page, email);
    expect(posted).toEqual([{ email, leadTime: '24', cloudCoverage: 50, lat: 45.3267, lon: -79.2165, watch: 'change' }]);
    await harness.screenshot(page, '34-change-alert-signup-1440', '.notification-form');

    // The change confirmation email reached the SMTP server.
    await smtp.waitFor(1, 30_000);
    const changeMail = mailTo(smtp.messages, email, /^Confirm your Landsat change alerts for /);
    expect(changeMail).toBeTruthy();
    const confirmLink = new URL(changeMail!.links.find((l) => /\/api\/notifications\/[^/]+\/confirm\?token=/.test(l))!);

    // The person follows the link (on this server) and presses Confirm.
    const mailPage = await context.newPage();
    await mailPage.goto(`${harness.baseUrl}${confirmLink.pathname}${confirmLink.search}`);
    await mailPage.getByRole('button', { name: 'Confirm my alerts' }).click();
    await mailPage.getByText('Alerts confirmed').first().waitFor({ timeout: 30_000 });
    expect(await mailPage.locator('main').textContent()).toContain('one email each time the land at this point may have changed');
    expect(await mailPage.locator('main').textContent()).toContain('possible change of the land (CCDC), at most one email per change');
    expect(await mailPage.locator('main').textContent()).not.toContain('Lead time');
    await harness.screenshot(mailPage, '34-change-alert-confirmed-1440');

    // The server's own view of the subscription: active, watching for change.
    const id = /\/api\/notifications\/([^/]+)\/confirm/.exec(confirmLink.pathname)![1];
    const token = confirmLink.searchParams.get('token')!;
    const view = (await (await fetch(`${harness.baseUrl}/api/notifications/${id}?token=${encodeURIComponent(token)}`, { headers: { Accept: 'application/json' } })).json()) as { status: string; watch: string; lat: number; lon: number };
    expect(view).toMatchObject({ status: 'active', watch: 'change', lat: 45.3267, lon: -79.2165 });
  }, 400_000);
});

describe('change alerts from the notification form (390 px)', () => {
  it('the choice and its sentence fit the phone, every control at least 24 x 24 px, and the sign-up is said in words', async () => {
    const { page } = await harness.openPage(LINK, PHONE);
    const posted = await signUpForChange(page, 'grace.change@example.org');
    expect(posted.map((b) => b.watch)).toEqual(['change']);
    const form = page.locator('.notification-form');
    const box = await form.getByRole('radio', { name: CHANGE_CHOICE }).boundingBox();
    expect(Math.min(box!.width, box!.height)).toBeGreaterThanOrEqual(24);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const measured = await undersizedTapTargets(page);
    expect(measured.failing).toEqual([]);
    await harness.screenshot(page, '34-change-alert-signup-390', '.notification-form');
  }, 400_000);
});
