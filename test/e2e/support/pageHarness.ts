import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { clientDist, ensureClientBuild, repoRoot } from './ensureClientBuild.js';

export const fixtureDir = path.resolve(repoRoot, '../shared/fixtures/landsat-c2-l2');
export const artifactsDir = path.join(repoRoot, 'test-artifacts');

const CHROMIUM_PATH = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface PageHarness {
  baseUrl: string;
  app: FastifyInstance;
  browser: Browser;
  /** A fresh context whose page can reach only 127.0.0.1 (map tiles and the rest of the web fail). */
  /** `requested`: every URL the page asked, from its first load on, in order (a Fetch may start before a test's own listener could). */
  openPage(pathAndQuery?: string, options?: BrowserContextOptions): Promise<{ page: Page; context: BrowserContext; consoleErrors: string[]; blocked: string[]; requested: string[] }>;
  screenshot(page: Page, name: string, selector?: string): Promise<string>;
  close(): Promise<void>;
}

/** Starts the real server on the fixture archive and a headless Chromium; tests never touch the network. */
export async function startPageHarness(env: Record<string, string> = {}): Promise<PageHarness> {
  await ensureClientBuild();
  const app = await buildApp(
    loadConfig({
      LANDSAT_SOURCE: `local:${fixtureDir}`,
      PORT: '0',
      STATIC_DIR: clientDist,
      DATABASE_PATH: ':memory:',
      OUTBOX_DIR: path.join(artifactsDir, 'outbox'),
      LOG_LEVEL: 'silent',
      SCHEDULER_INTERVAL_MS: '0',
      // No load shedding (test/faults/loadShedding.test.ts tests it): the server runs in the test's own
      // process beside Chromium, and on a busy machine (load ~10 on 2 cores) its event loop lagged past the
      // default 500 ms, so a page test's data calls were refused 503 "busy" and the page logged them.
      LOAD_SHED_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  mkdirSync(artifactsDir, { recursive: true });
  const contexts: BrowserContext[] = [];

  return {
    baseUrl,
    app,
    browser,
    async openPage(pathAndQuery = '/', options = {}) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
      contexts.push(context);
      const blocked: string[] = [];
      await context.route('**/*', (route) => {
        const url = new URL(route.request().url());
        if (url.hostname === '127.0.0.1' || url.protocol === 'data:' || url.protocol === 'blob:') return route.continue();
        blocked.push(url.href);
        return route.abort('internetdisconnected');
      });
      const page = await context.newPage();
      const consoleErrors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') consoleErrors.push(msg.text());
      });
      page.on('pageerror', (err) => consoleErrors.push(String(err)));
      const requested: string[] = [];
      page.on('request', (r) => void requested.push(r.url()));
      await page.goto(baseUrl + pathAndQuery);
      return { page, context, consoleErrors, blocked, requested };
    },
    async screenshot(page, name, selector) {
      const file = path.join(artifactsDir, `${name}.png`);
      if (selector) await page.locator(selector).screenshot({ path: file });
      else await page.screenshot({ path: file, fullPage: false });
      return file;
    },
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await browser.close();
      await app.close();
    },
  };
}
