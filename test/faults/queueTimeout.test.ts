/**
 * REQUEST_TIMEOUT_MS holds for queued work too: with one heavy slot busy, a full image that waits past
 * its deadline is answered 503 queue_timeout with Retry-After in the JSON error shape, and never runs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../support/testApp.js';

const IMAGE_URL = '/api/landsatImage?LON_UL=-67.9&LAT_UR=-14.9&LON_UR=-67.1&LAT_UL=-14.1&startDate=2019-01-01&endDate=2019-01-31&bands=B04,B03,B02';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ MAX_CONCURRENT_HEAVY: '1', MAX_QUEUED_HEAVY: '8', REQUEST_TIMEOUT_MS: '300', RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(async () => {
  await app?.close();
});

describe('queued heavy work and REQUEST_TIMEOUT_MS', () => {
  it('answers requests still queued at their deadline with 503 queue_timeout, without starting them', async () => {
    // Hold the only slot for longer than the deadline of everything queued behind it.
    let release!: () => void;
    const holding = app.ctx.heavyQueue.run(() => new Promise<void>((resolve) => (release = resolve)));
    const startedAt = performance.now();
    const queued = await Promise.all([app.inject(IMAGE_URL), app.inject(IMAGE_URL)]);
    const waitedMs = performance.now() - startedAt;
    release();
    await holding;
    for (const res of queued) {
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ error: { code: 'queue_timeout', message: expect.stringMatching(/^The server was too busy to start this request within/) } });
    }
    expect(waitedMs).toBeLessThan(5000);
    expect(app.ctx.heavyQueue.stats).toMatchObject({ active: 0, queued: 0, timedOut: 2, completed: 1 });
  });
});
