/**
 * The archive misbehaving on purpose (a local stand-in of the Planetary Computer: STAC API, SAS
 * token service and blob storage): every request ends within its limit with a 502 or 504 a person
 * can read, the server stays up, nothing bad is cached, and a dead upstream is not hammered.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createPlanetaryComputerCatalog } from '../../src/core/stac/createPlanetaryComputerCatalog.js';
import { startStacStandIn, type StacStandIn } from '../support/stacStandIn.js';
import { FIXTURE_CATALOG_DIR } from '../support/fixturePaths.js';
import { buildTestApp } from '../support/testApp.js';

const POINT = { lon: -67.3037941, lat: -14.7111791 };
const PIXEL_URL = `/api/pixel?lat=${POINT.lat}&lon=${POINT.lon}&startDate=2019-01-01&endDate=2019-01-31&bands=B04&latest=true`;
// Generous enough for a loaded 2-core machine running test files in parallel; delays exceed it by far.
const UPSTREAM_TIMEOUT_MS = 1000;

let standIn: StacStandIn;
let app: FastifyInstance;
/** A served asset path, for draining unused injected faults. */
let assetPath = '';

async function buildFaultApp(env: Record<string, string> = {}): Promise<FastifyInstance> {
  return buildTestApp(
    { UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS), ARCHIVE_HOSTS: new URL(standIn.url).host, CIRCUIT_FAILURES: '100', ...env },
    {
      createCatalog: (fetch) =>
        createPlanetaryComputerCatalog({ stacUrl: standIn.stacUrl, tokenUrl: standIn.tokenUrl, timeoutMs: UPSTREAM_TIMEOUT_MS, retryDelayMs: 10, fetch }),
    },
  );
}

async function timed(url: string, target = app) {
  const startedMs = performance.now();
  const res = await target.inject(url);
  return { res, elapsedMs: performance.now() - startedMs };
}

/**
 * Injected asset faults are consumed one range request each, and how many a failing request makes
 * depends on timing; consume the rest directly (a request is faulted as soon as it arrives).
 */
async function drainAssetFaults() {
  for (let i = 0; i < 100; i++) {
    try {
      const res = await fetch(`${standIn.url}${assetPath}`, { headers: { range: 'bytes=0-0' }, signal: AbortSignal.timeout(100) });
      await res.body?.cancel();
      if (res.status === 403 || res.status === 206) return; // not faulted (403: no token, as blob storage answers)
    } catch {
      // a delayed (faulted) request: its fault is consumed
    }
  }
}

beforeAll(async () => {
  standIn = await startStacStandIn({ catalogDir: FIXTURE_CATALOG_DIR });
  const warm = await buildFaultApp();
  expect((await warm.inject(PIXEL_URL)).statusCode).toBe(200);
  assetPath = standIn.assetReads[0].path;
  await warm.close();
});
afterAll(async () => {
  await standIn?.close();
});

// A fresh app per test: a cold block cache and token cache, so every fault is met.
beforeEach(async () => {
  app = await buildFaultApp();
});
afterEach(async () => {
  await drainAssetFaults();
  // Whatever failed before, the next good request succeeds: no failure was cached and the server is up.
  const { res } = await timed(PIXEL_URL);
  expect(res.statusCode).toBe(200);
  expect(res.json().scenes).toHaveLength(1);
  expect((await app.inject('/api/health')).statusCode).toBe(200);
  await app.close();
});

describe('STAC search faults', () => {
  it('HTTP 500 on every attempt: retried with backoff, then 502 naming the failure', async () => {
    const before = standIn.searchRequests;
    standIn.injectFault('search', { status: 500 }, 3);
    const { res, elapsedMs } = await timed(PIXEL_URL);
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatchObject({ code: 'archive_unavailable' });
    expect(res.json().error.message).toMatch(/Landsat archive .*not available.*HTTP 500/);
    expect(standIn.searchRequests - before).toBe(3); // first try + 2 retries
    expect(elapsedMs).toBeLessThan(4000);
  });

  it('one transient 503 is absorbed by a retry', async () => {
    standIn.injectFault('search', { status: 503 }, 1);
    const { res } = await timed(PIXEL_URL);
    expect(res.statusCode).toBe(200);
  });

  it('garbage instead of JSON: 502 saying so, no stack trace', async () => {
    standIn.injectFault('search', { garbage: true }, 1);
    const { res } = await timed(PIXEL_URL);
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toMatch(/not JSON/);
    expect(res.body).not.toMatch(/\.ts:\d+|\n\s+at /);
  });

  it('slower than UPSTREAM_TIMEOUT_MS: 504 within the limit, not a hang', async () => {
    standIn.injectFault('search', { delayMs: 4000 }, 1);
    const { res, elapsedMs } = await timed(PIXEL_URL);
    expect(res.statusCode).toBe(504);
    expect(res.json().error).toMatchObject({ code: 'archive_timeout' });
    expect(res.json().error.message).toMatch(/did not answer within 1 s/);
    expect(elapsedMs).toBeLessThan(3000);
  });
});

describe('SAS token service faults', () => {
  it('token service down (500): 502, and the failed token is not cached', async () => {
    standIn.injectFault('token', { status: 500 }, 3);
    const { res } = await timed(PIXEL_URL);
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toMatch(/token.*HTTP 500/);
  });

  it('token service answering garbage: 502', async () => {
    standIn.injectFault('token', { garbage: true }, 1);
    const { res } = await timed(PIXEL_URL);
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('archive_unavailable');
  });

  it('token service slower than the limit: 504 within the limit', async () => {
    standIn.injectFault('token', { delayMs: 4000 }, 1);
    const { res, elapsedMs } = await timed(PIXEL_URL);
    expect(res.statusCode).toBe(504);
    expect(elapsedMs).toBeLessThan(3000);
  });
});

describe('asset (COG) faults', () => {
  it('asset gone (404): 502 saying the archive could not deliver image data', async () => {
    standIn.injectFault('asset', { status: 404 }, 20);
    const { res } = await timed(PIXEL_URL);
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toMatch(/could not deliver image data.*not found/);
  });

  it('asset answering 500: 502', async () => {
    standIn.injectFault('asset', { status: 500 }, 20);
    const { res } = await timed(PIXEL_URL);
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toMatch(/HTTP 500/);
  });

  it('asset slower than UPSTREAM_TIMEOUT_MS: 504 within the limit', async () => {
    standIn.injectFault('asset', { delayMs: 4000 }, 4);
    const { res, elapsedMs } = await timed(PIXEL_URL);
    expect(res.statusCode).toBe(504);
    expect(res.json().error.code).toBe('archive_timeout');
    expect(elapsedMs).toBeLessThan(3000);
  });
});
