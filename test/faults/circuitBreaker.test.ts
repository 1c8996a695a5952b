/**
 * A dead archive is not hammered: after CIRCUIT_FAILURES consecutive failures calls to its host fail
 * fast (502, Retry-After) for CIRCUIT_OPEN_MS, then one trial call closes the circuit again. The
 * state shows in /api/health and /api/metrics; every archive call is logged with the request id.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { createPlanetaryComputerCatalog } from '../../src/core/stac/createPlanetaryComputerCatalog.js';
import { createUpstreamGuard } from '../../src/server/ops/createUpstreamGuard.js';
import { createArchiveAllowlist } from '../../src/server/ops/createArchiveAllowlist.js';
import { requestScopeStorage } from '../../src/server/ops/requestScope.js';
import { startStacStandIn, type StacStandIn } from '../support/stacStandIn.js';
import { FIXTURE_CATALOG_DIR } from '../support/fixturePaths.js';
import { buildTestApp } from '../support/testApp.js';

const PIXEL_URL = '/api/pixel?lat=-14.7111791&lon=-67.3037941&startDate=2019-01-01&endDate=2019-01-31&bands=B04&latest=true';

let standIn: StacStandIn;
let app: FastifyInstance;
let host: string;

beforeAll(async () => {
  standIn = await startStacStandIn({ catalogDir: FIXTURE_CATALOG_DIR });
  host = new URL(standIn.url).host;
  app = await buildTestApp(
    { UPSTREAM_TIMEOUT_MS: '1000', ARCHIVE_HOSTS: host, CIRCUIT_FAILURES: '3', CIRCUIT_OPEN_MS: '600' },
    { createCatalog: (fetch) => createPlanetaryComputerCatalog({ stacUrl: standIn.stacUrl, tokenUrl: standIn.tokenUrl, timeoutMs: 1000, retryDelayMs: 10, fetch }) },
  );
});
afterAll(async () => {
  await app?.close();
  await standIn?.close();
});

describe('circuit breaker per archive host', () => {
  it('opens after 3 failures, fails fast without calling the archive, then closes after a good trial', async () => {
    expect((await app.inject(PIXEL_URL)).statusCode).toBe(200);
    standIn.injectFault('search', { status: 500 }, 3);
    const first = await app.inject(PIXEL_URL);
    expect(first.statusCode).toBe(502);

    const searchesBefore = standIn.searchRequests;
    const startedMs = performance.now();
    const paused = await app.inject(PIXEL_URL);
    expect(performance.now() - startedMs).toBeLessThan(400);
    expect(paused.statusCode).toBe(502);
    expect(paused.json().error).toEqual({ code: 'archive_unavailable', message: expect.stringMatching(/^The Landsat archive is failing; requests paused for 1 s$/) });
    expect(paused.headers['retry-after']).toBe('1');
    expect(standIn.searchRequests).toBe(searchesBefore);

    const health = (await app.inject('/api/health')).json();
    expect(health.upstream[host]).toMatchObject({ state: 'open', consecutiveFailures: 3 });
    const metrics = (await app.inject('/api/metrics')).body;
    expect(metrics).toContain(`landsat_upstream_circuit_state{host="${host}"} 2`);
    expect(metrics).toContain(`landsat_upstream_errors_total{kind="stac_search",host="${host}",outcome="http_error"} 3`);

    await new Promise((resolve) => setTimeout(resolve, 650));
    const healed = await app.inject(PIXEL_URL);
    expect(healed.statusCode).toBe(200);
    expect((await app.inject('/api/health')).json().upstream[host].state).toBe('closed');
  });

  it('metrics count archive calls by kind, requests by route, and the cache hit rate', async () => {
    await app.inject(PIXEL_URL);
    // The same series again comes from its kept parts (pixelSceneMemo.ts) without a cache lookup; another
    // band set at the point looks up B04's and QA's cached windows again (hits) beside B05's (misses).
    await app.inject(PIXEL_URL.replace('bands=B04', 'bands=B04,B05'));
    const metrics = (await app.inject('/api/metrics')).body;
    expect(metrics).toMatch(new RegExp(`landsat_upstream_request_duration_seconds_count\\{kind="stac_search",host="${host}"\\} \\d+`));
    expect(metrics).toMatch(/landsat_upstream_request_duration_seconds_count\{kind="token",host="[^"]+"\} [1-9]/);
    expect(metrics).toMatch(/landsat_upstream_request_duration_seconds_count\{kind="range",host="[^"]+"\} [1-9]/);
    expect(metrics).toMatch(/landsat_http_request_duration_seconds_count\{method="GET",route="\/api\/pixel",status_code="200"\} [1-9]/);
    expect(metrics).toMatch(/landsat_block_cache_hit_ratio 0\.\d+/);
    expect(metrics).toMatch(/landsat_heavy_queue_depth\{state="waiting"\} 0/);
  });
});

describe('archive call logging', () => {
  it('logs every archive call as JSON with the request id of the request that caused it, never the SAS token', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const log = pino({ level: 'info' }, sink);
    const guard = createUpstreamGuard({
      allowlist: createArchiveAllowlist({ landsatSource: 'demo', archiveHosts: host }),
      timeoutMs: 300,
      failureThreshold: 5,
      openMs: 1000,
      log,
    });
    const catalog = guard.wrapCatalog(createPlanetaryComputerCatalog({ stacUrl: standIn.stacUrl, tokenUrl: standIn.tokenUrl, timeoutMs: 300, fetch: guard.fetch }));
    await requestScopeStorage.run({ requestId: 'req-42', log: log.child({ requestId: 'req-42' }) }, async () => {
      const { scenes } = await catalog.search({ bboxLngLat: [-67.3, -14.7, -67.3, -14.7], startDate: '2019-01-01', endDate: '2019-01-31', maxCloudCover: 100, limit: 1 });
      const href = await catalog.resolveAssetHref(scenes[0].assets.red!);
      await guard.openSource(href).fetch([{ offset: 0, length: 16 }]);
    });
    await new Promise((resolve) => setImmediate(resolve));
    const calls = lines.filter((l) => l.msg === 'archive call');
    expect(calls.map((l) => (l.upstream as { kind: string }).kind)).toEqual(['stac_search', 'token', 'range']);
    for (const call of calls) {
      expect(call.requestId).toBe('req-42');
      expect(call.upstream).toMatchObject({ host, status: expect.any(Number), durationMs: expect.any(Number), outcome: 'ok' });
    }
    expect(JSON.stringify(lines)).not.toMatch(/sig=/);
  });
});
