import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../../test/support/testApp.js';
import { sleep, until } from '../../../test/support/waitUntil.js';
import { closeStreamWhen } from '../../../test/support/closeStreamWhen.js';
import { laneJobCounts } from '../../core/workLane.js';
import { DEFAULT_POINT } from '../../shared/defaults.js';

/**
 * Issue 33 on the embedded demo archive: an area's work stops when its stream is closed (the page's
 * Cancel) and when a plain request reaches REQUEST_TIMEOUT_MS, seen through counters (the heavy
 * queue's slots, the bulk lane's worker jobs), never through times.
 */
const square = (km: number) => {
  const dLat = km / 2 / 111.32;
  const dLon = km / 2 / (111.32 * Math.cos((DEFAULT_POINT.lat * Math.PI) / 180));
  const [x, y] = [DEFAULT_POINT.lon, DEFAULT_POINT.lat];
  return { type: 'Polygon', coordinates: [[[x - dLon, y - dLat], [x + dLon, y - dLat], [x + dLon, y + dLat], [x - dLon, y + dLat], [x - dLon, y - dLat]]] };
};
const YEAR = { startDate: '2024-06-01', endDate: '2025-05-31', cloudCoverage: 100 };

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ LANDSAT_SOURCE: 'demo', REQUEST_TIMEOUT_MS: '1500', RATE_LIMIT_PER_MINUTE: '100000' });
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app?.close();
});

describe('an area on the demo archive', () => {
  it('stops its work when the stream is closed: the queue slot frees and no worker job of it runs after', async () => {
    const { port } = app.server.address() as AddressInfo;
    const progress: { done: number; total: number | null }[] = [];
    const postedBefore = laneJobCounts.bulk.posted;
    await closeStreamWhen(port, { path: '/api/area/stream', method: 'POST', body: { ...YEAR, geometry: square(12) } }, (line) => {
      if (line.type !== 'progress') return false;
      progress.push(line as unknown as { done: number; total: number | null });
      // The first scene measured: the person clicks Cancel (the page aborts the stream's fetch).
      return (line.done as number) >= 1;
    });
    const total = progress.find((p) => p.total !== null)!.total!;
    expect(total).toBeGreaterThan(20);
    await until(() => app.ctx.heavyQueue.stats.active === 0, 'the heavy queue to free the area');
    const postedAtIdle = laneJobCounts.bulk.posted;
    // Worker jobs of the area were started; none starts once its slot is free.
    expect(postedAtIdle).toBeGreaterThan(postedBefore);
    await sleep(1000);
    expect(laneJobCounts.bulk.posted).toBe(postedAtIdle);
    expect(progress.at(-1)!.done).toBeLessThan(total);
  });

  it('a plain request past REQUEST_TIMEOUT_MS answers 504 in words pointing to the stream and jobs, and its work stops', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/area', payload: { ...YEAR, geometry: square(45) } });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(504);
    const { error } = res.json();
    expect(error.code).toBe('area_timeout');
    expect(error.message).toMatch(/\/api\/area\/stream/);
    expect(error.message).toMatch(/POST \/api\/jobs/);
    await until(() => app.ctx.heavyQueue.stats.active === 0, 'the heavy queue to free the area');
    const postedAtIdle = laneJobCounts.bulk.posted;
    await sleep(1000);
    expect(laneJobCounts.bulk.posted).toBe(postedAtIdle);
  });
});
