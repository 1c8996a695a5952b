/**
 * Random and malformed parameters at every endpoint (fast-check): the answer is always a clean JSON
 * error (4xx) or a valid answer, never a 5xx, a hang or a stack trace.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildTestApp } from '../support/testApp.js';
import { PLACE_INDEX_HANG_GUARD_MS } from '../support/hangGuards.js';

const RUNS_PER_ENDPOINT = 40;
const MAX_ANSWER_MS = 10_000;

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '1000000', REQUEST_TIMEOUT_MS: '8000' });
  // The place index first: a search waits for its build, which a busy machine stretches past MAX_ANSWER_MS.
  await app.inject('/api/geocode?q=Paris&limit=1');
}, PLACE_INDEX_HANG_GUARD_MS);
afterAll(async () => {
  await app?.close();
});

/** Values near the valid ones (the fixture scene is at about -67.5, -14.5, January 2019) and plain hostile ones. */
const hostileText = fc.constantFrom(
  '', ' ', 'NaN', 'Infinity', '-Infinity', '1e400', '-0', '0x1F', '1,2', '[]', '{}', 'null', 'true', '%00', '\u0000', '../../etc/passwd',
  '<script>alert(1)</script>', "' OR 1=1 --", '2019-02-30', '2019-13-01', '9999-12-31', '0000-00-00', '2019-01-01T00:00:00Z', 'B04,B04', 'B99', 'b04', ',', 'B01,,B02',
  '１２', '\uD800', 'é', '🛰️', '9'.repeat(400),
);
const nearValid = fc.oneof(
  fc.double({ min: -200, max: 200, noNaN: true }).map(String),
  fc.integer({ min: -1000, max: 1000 }).map(String),
  fc.constantFrom('-14.7111791', '-67.3037941', '-14.5', '-67.5', '-14.2', '-67.4', '-67.6', '45', '-79', '2019-01-01', '2019-01-31', '100', '0', '50', 'B04,B03,B02', 'B10', 'B08', 'true', 'false', '1', '7', '366'),
);
const value = fc.oneof({ weight: 3, arbitrary: nearValid }, { weight: 2, arbitrary: hostileText }, { weight: 1, arbitrary: fc.string({ maxLength: 40 }) });

const COMMON = ['startDate', 'endDate', 'cloudCoverage', 'bands', '__proto__', 'constructor', 'extra'];
const BOX = ['LON_UL', 'LAT_UR', 'LON_UR', 'LAT_UL'];
const ENDPOINTS: Record<string, string[]> = {
  '/api/landsat3x3': ['latitude', 'longitude', ...BOX, ...COMMON],
  '/api/landsatImage': [...BOX, ...COMMON],
  '/api/landsatData': [...BOX, ...COMMON],
  '/api/pixel': ['lat', 'lon', 'latest', ...COMMON],
  '/api/scenes': ['lat', 'lon', ...BOX, ...COMMON],
  '/api/wrs2': ['lat', 'lon', 'extra'],
  '/api/overpasses': ['lat', 'lon', 'from', 'days', 'extra'],
  '/api/geocode': ['q', 'limit', 'extra'],
  '/api/health': ['extra'],
  '/api/config': ['extra'],
  '/api/metrics': ['extra'],
};

/** A query string: each known key present or not, sometimes repeated (arrays), sometimes raw broken escapes. */
const queryFor = (keys: string[]) =>
  fc
    .tuple(
      fc.array(fc.tuple(fc.constantFrom(...keys), value), { maxLength: keys.length + 2 }),
      fc.constantFrom('', '', '', '&%', '&lat=%E0%A4%A', '&bands[]=B04', '&&&=', '&=x'),
    )
    .map(([pairs, raw]) => new URLSearchParams(pairs).toString() + raw);

function withDeadline(promise: Promise<LightMyRequestResponse>, what: string): Promise<LightMyRequestResponse> {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${MAX_ANSWER_MS} ms: ${what}`)), MAX_ANSWER_MS))]);
}

function expectCleanAnswer(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what} -> ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  expect(res.body, what).not.toMatch(/\n\s+at |\.ts:\d+|node_modules/);
  if (res.statusCode >= 400) {
    expect(String(res.headers['content-type']), what).toMatch(/^application\/json/);
    const body = res.json();
    expect(body, what).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
    expect(body.error.message.length, what).toBeGreaterThan(0);
  }
}

describe('fuzzed query strings', () => {
  for (const [endpoint, keys] of Object.entries(ENDPOINTS)) {
    it(`${endpoint}: only clean 4xx JSON errors or valid answers`, async () => {
      await fc.assert(
        fc.asyncProperty(queryFor(keys), async (query) => {
          const url = `${endpoint}?${query}`;
          const res = await withDeadline(app.inject(url), url);
          expectCleanAnswer(res, url);
        }),
        { numRuns: RUNS_PER_ENDPOINT },
      );
    }, 120_000);
  }
});

describe('fuzzed POST /api/notifications bodies', () => {
  const field = fc.oneof(value, fc.double().map((n) => n), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 3 }));
  const body = fc.oneof(
    fc.record({ email: fc.oneof(fc.emailAddress(), value), leadTime: field, cloudCoverage: field, lat: field, lon: field }, { requiredKeys: [] }),
    fc.jsonValue({ maxDepth: 3 }),
  );
  const hasRoute = () => app.hasRoute({ method: 'POST', url: '/api/notifications' });

  it('only clean 4xx JSON errors or 201', async () => {
    if (!hasRoute()) return;
    await fc.assert(
      fc.asyncProperty(body, fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16'), async (payload, contentType) => {
        const res = await withDeadline(
          app.inject({ method: 'POST', url: '/api/notifications', headers: { 'content-type': contentType }, payload: JSON.stringify(payload) }),
          `POST ${contentType} ${JSON.stringify(payload)}`,
        );
        expectCleanAnswer(res, `POST ${contentType} ${JSON.stringify(payload).slice(0, 200)}`);
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it('broken JSON is a 400, not a 500', async () => {
    for (const payload of ['{', '{"email":', 'null', '[]', '"x"', '{"__proto__":{"polluted":1}}']) {
      const res = await app.inject({ method: 'POST', url: '/api/notifications', headers: { 'content-type': 'application/json' }, payload });
      expectCleanAnswer(res, payload);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
