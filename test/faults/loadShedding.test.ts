/**
 * Load shedding: while the event loop lags past LOAD_SHED_EVENT_LOOP_DELAY_MS, new API work is refused
 * with 503 + Retry-After in the JSON error shape, and /api/health still answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../support/testApp.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ LOAD_SHED_EVENT_LOOP_DELAY_MS: '60', RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(async () => {
  await app?.close();
});

const blockEventLoop = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('load shedding with @fastify/under-pressure', () => {
  it('lets a single stall pass (the loop is free again)', async () => {
    blockEventLoop(400);
    await sleep(20);
    expect((await app.inject('/api/wrs2?lat=34.7&lon=-86.6')).statusCode).toBe(200);
  });

  it('refuses API work with 503 busy + Retry-After while the loop lags, keeps /api/health up, recovers after', async () => {
    expect((await app.inject('/api/wrs2?lat=34.7&lon=-86.6')).statusCode).toBe(200);
    let refused: Awaited<ReturnType<typeof app.inject>> | null = null;
    for (let attempt = 0; attempt < 20 && !refused; attempt++) {
      // Lag in two consecutive 100 ms samples: sustained pressure, not a single stall.
      blockEventLoop(300);
      await sleep(5);
      blockEventLoop(300);
      await sleep(5);
      blockEventLoop(300);
      await sleep(5);
      const res = await app.inject('/api/wrs2?lat=34.7&lon=-86.6');
      if (res.statusCode === 503) refused = res;
      const health = await app.inject('/api/health');
      expect(health.statusCode).toBe(200);
    }
    expect(refused).not.toBeNull();
    expect(refused!.headers['retry-after']).toBe('2');
    expect(refused!.json()).toEqual({ error: { code: 'busy', message: expect.stringMatching(/^The server is busy/) } });
    // Quiet again: served.
    let status = 0;
    for (let i = 0; i < 60 && status !== 200; i++) {
      await sleep(150);
      status = (await app.inject('/api/wrs2?lat=34.7&lon=-86.6')).statusCode;
    }
    expect(status).toBe(200);
  });
});
