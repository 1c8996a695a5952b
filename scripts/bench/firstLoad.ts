/**
 * First-load bytes over the wire: the built page served by the real server (its compression and
 * cache headers), as a browser asking for `br, gzip` receives it, up to the map being interactive.
 * Self-contained so `scripts/bench.ts` adds it with one line.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { runAsScript } from './runAsScript.js';

/** Issue 33's budget (it was 200 KB): at most 150 KB over the wire before the map is interactive. */
export const FIRST_LOAD_BUDGET_KB = 150;
const RUNS = 5;

interface Fetched {
  path: string;
  status: number;
  encoding: string;
  cacheControl: string;
  /** Status line + headers + body as sent (body still compressed). */
  wireBytes: number;
}

function fetchRaw(baseUrl: string, urlPath: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${baseUrl}${urlPath}`, { headers: { 'accept-encoding': 'br, gzip', accept: urlPath.startsWith('/api/') ? 'application/json' : '*/*' } }, (res) => {
      let bodyBytes = 0;
      res.on('data', (chunk: Buffer) => (bodyBytes += chunk.byteLength));
      res.on('end', () => {
        const statusLine = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length;
        let headerBytes = 2; // the blank line
        for (let i = 0; i < res.rawHeaders.length; i += 2) headerBytes += res.rawHeaders[i].length + 2 + res.rawHeaders[i + 1].length + 2;
        resolve({
          path: urlPath,
          status: res.statusCode ?? 0,
          encoding: String(res.headers['content-encoding'] ?? 'identity'),
          cacheControl: String(res.headers['cache-control'] ?? ''),
          wireBytes: statusLine + headerBytes + bodyBytes,
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** What index.html makes the browser fetch before first render: entry script, preloads, styles. */
function initialAssets(html: string): string[] {
  const found = [
    ...html.matchAll(/<script[^>]+src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="(?:modulepreload|stylesheet)"[^>]+href="([^"]+)"/g),
    ...html.matchAll(/<link[^>]+href="([^"]+)"[^>]+rel="(?:modulepreload|stylesheet)"/g),
  ].map((m) => m[1]);
  return [...new Set(found)].filter((href) => href.startsWith('/'));
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

const CHROMIUM_PATH = '/usr/bin/chromium';
// A 1 x 1 PNG for the map's tiles: the bench never reaches the network, and tiles that load keep the
// page on its usual path (the world outline is only for tiles that fail).
const TILE_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/**
 * What Chromium really fetches for the first screen, with no click: from the document until the map
 * is drawn and the network has been idle (scripts loaded lazily at once, such as the clear-view toggle,
 * count too). Bytes are the encoded body plus headers as Chromium reports them.
 */
async function firstScreenInBrowser(baseUrl: string, viewport: { width: number; height: number }) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  try {
    const context = await browser.newContext({ viewport });
    await context.route('**/*', (route) => {
      if (new URL(route.request().url()).hostname === '127.0.0.1') return route.continue();
      return route.request().resourceType() === 'image' ? route.fulfill({ status: 200, contentType: 'image/png', body: TILE_PNG }) : route.abort();
    });
    const page = await context.newPage();
    const sized: Array<Promise<{ type: string; path: string; wireBytes: number }>> = [];
    page.on('requestfinished', (req) => {
      const url = new URL(req.url());
      if (url.hostname !== '127.0.0.1') return;
      sized.push(req.sizes().then((s) => ({ type: req.resourceType(), path: url.pathname + url.search, wireBytes: s.responseHeadersSize + s.responseBodySize })));
    });
    await page.goto(baseUrl + '/');
    await page.locator('.location-map.leaflet-container').waitFor();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    const files = await Promise.all(sized);
    const sum = (types: string[]) => kb(files.filter((f) => types.includes(f.type)).reduce((t, f) => t + f.wireBytes, 0));
    return {
      /** Document, scripts and styles: the measure. */
      documentJsCssKB: sum(['document', 'script', 'stylesheet']),
      /** The API answers the first screen asks (config, footprints), beside it. */
      apiKB: sum(['fetch', 'xhr']),
      imagesKB: sum(['image']),
      files: files.map((f) => ({ ...f, wireKB: kb(f.wireBytes), wireBytes: undefined })),
    };
  } finally {
    await browser.close();
  }
}

export async function benchFirstLoad(distDir = path.resolve('dist/client')) {
  const indexPath = path.join(distDir, 'index.html');
  if (!existsSync(indexPath)) return { note: 'run `npm run build` first' };
  const html = await readFile(indexPath, 'utf8');
  // index.html, its initial assets, then the one API call the map waits for (its tiles and outline come after).
  const firstLoad = ['/', ...initialAssets(html), '/api/config'];
  const lazy = (await readdir(path.join(distDir, 'assets'))).map((f) => `/assets/${f}`).filter((p) => !firstLoad.includes(p));

  const tmpDir = await mkdtemp(path.join(os.tmpdir(), 'landsat-bench-firstload-'));
  const app = await buildApp(
    loadConfig({
      LANDSAT_SOURCE: 'demo',
      STATIC_DIR: distDir,
      DATABASE_PATH: ':memory:',
      OUTBOX_DIR: path.join(tmpDir, 'outbox'),
      SCHEDULER_INTERVAL_MS: '0',
      LOG_LEVEL: 'silent',
      PORT: '0',
    }),
  );
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const totals: number[] = [];
    let last: Fetched[] = [];
    for (let run = 0; run < RUNS; run++) {
      last = [];
      for (const p of firstLoad) last.push(await fetchRaw(baseUrl, p));
      totals.push(last.reduce((sum, f) => sum + f.wireBytes, 0));
    }
    const lazyFetched: Fetched[] = [];
    for (const p of lazy) lazyFetched.push(await fetchRaw(baseUrl, p));
    const sorted = [...totals].sort((a, b) => a - b);
    const inBrowser = {
      '1440x900': await firstScreenInBrowser(baseUrl, { width: 1440, height: 900 }),
      '390x844': await firstScreenInBrowser(baseUrl, { width: 390, height: 844 }),
    };
    return {
      budgetKB: FIRST_LOAD_BUDGET_KB,
      runs: RUNS,
      wireKB: { min: kb(sorted[0]), median: kb(sorted[Math.floor(RUNS / 2)]), max: kb(sorted[RUNS - 1]) },
      withinBudget: sorted[RUNS - 1] <= FIRST_LOAD_BUDGET_KB * 1024,
      files: last.map((f) => ({ path: f.path, status: f.status, encoding: f.encoding, cacheControl: f.cacheControl, wireKB: kb(f.wireBytes) })),
      /** Fetched when first needed: charts with the results, the outline only when tiles fail. */
      loadedLater: lazyFetched.map((f) => ({ path: f.path, encoding: f.encoding, wireKB: kb(f.wireBytes) })),
      inBrowser,
    };
  } finally {
    await app.close();
    await rm(tmpDir, { recursive: true, force: true });
  }
}

// `npx tsx scripts/bench/firstLoad.ts` runs this part alone.
runAsScript(import.meta.url, benchFirstLoad);
