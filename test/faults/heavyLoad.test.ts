/**
 * 50 concurrent full-image requests: an image holds two of the MAX_CONCURRENT_HEAVY slots, so with 4
 * slots two run, MAX_QUEUED_HEAVY wait, the rest get 503 busy with Retry-After at once; memory stays
 * bounded and cheap calls still answer fast.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../support/testApp.js';

const IMAGE_URL = '/api/landsatImage?LON_UL=-67.9&LAT_UR=-14.9&LON_UR=-67.1&LAT_UL=-14.1&startDate=2019-01-01&endDate=2019-01-31&bands=B04,B03,B02';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ MAX_CONCURRENT_HEAVY: '4', MAX_QUEUED_HEAVY: '8', RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(async () => {
  await app?.close();
});

describe('heavy-work queue under 50 concurrent full-image requests', () => {
  it('serves 2 + 8, refuses the rest with 503 busy, keeps memory bounded and /api/health fast', async () => {
    expect((await app.inject(IMAGE_URL)).statusCode).toBe(200); // warm: what is measured is the queue, not first reads
    const rssBeforeMb = process.memoryUsage().rss / 2 ** 20;
    let peakRssMb = rssBeforeMb;
    let peakActiveSlots = 0;
    const sampler = setInterval(() => {
      peakRssMb = Math.max(peakRssMb, process.memoryUsage().rss / 2 ** 20);
      peakActiveSlots = Math.max(peakActiveSlots, app.ctx.heavyQueue.stats.active);
    }, 20);
    const completedBefore = app.ctx.heavyQueue.stats.completed;

    const images = Array.from({ length: 50 }, () => app.inject(IMAGE_URL));
    const healthLatenciesMs: number[] = [];
    for (let i = 0; i < 5; i++) {
      const startedMs = performance.now();
      const health = await app.inject('/api/health');
      healthLatenciesMs.push(performance.now() - startedMs);
      expect(health.statusCode).toBe(200);
      expect(health.json().queue).toMatchObject({ maxConcurrent: 4, maxQueued: 8 });
    }
    const answers = await Promise.all(images);
    clearInterval(sampler);

    const ok = answers.filter((r) => r.statusCode === 200);
    const busy = answers.filter((r) => r.statusCode === 503);
    expect(ok).toHaveLength(10);
    expect(busy).toHaveLength(40);
    for (const res of busy) {
      expect(res.json()).toEqual({ error: { code: 'busy', message: 'The server is busy; try again in a few seconds' } });
      expect(res.headers['retry-after']).toBe('5');
    }
    expect(app.ctx.heavyQueue.stats.completed - completedBefore).toBe(10);
    // Never more than two images at a time (two slots each); the queue's own test checks the order.
    expect(peakActiveSlots).toBeLessThanOrEqual(4);
    expect(Math.max(...healthLatenciesMs)).toBeLessThan(1000);
    expect(peakRssMb - rssBeforeMb).toBeLessThan(400);
    expect(app.ctx.heavyQueue.stats).toMatchObject({ active: 0, queued: 0 });
    const metrics = (await app.inject('/api/metrics')).body;
    expect(metrics).toMatch(/landsat_heavy_queue_rejected 40/);
  });
});
