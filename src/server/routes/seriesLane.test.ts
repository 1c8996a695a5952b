import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../../../test/support/testApp.js';
import { sleep, until } from '../../../test/support/waitUntil.js';
import { closeStreamWhen } from '../../../test/support/closeStreamWhen.js';
import { laneJobCounts } from '../../core/workLane.js';
import { findWrs2Tiles, seedBBoxFromTile } from '../../core/wrs2/wrs2.js';
import { DEFAULT_POINT } from '../../shared/defaults.js';

/**
 * The page asks its image and its two streamed series at once; the server keeps the image first by
 * running the streams in the series lane (src/core/workLane.ts). Seen through the lanes' job counters
 * on the demo archive, never through times: the streams' worker jobs are the series lane's, the image's
 * are not, and closing a stream (the page's Cancel) stops its jobs.
 */
const box = seedBBoxFromTile(findWrs2Tiles([DEFAULT_POINT.lon, DEFAULT_POINT.lat])[0]);
const BOX = { LON_UL: box.minLon, LAT_UR: box.minLat, LON_UR: box.maxLon, LAT_UL: box.maxLat };
const qs = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
const YEAR = { startDate: '2024-06-01', endDate: '2025-05-31', cloudCoverage: 100 };

const snapshot = () => ({ series: { ...laneJobCounts.series }, bulk: { ...laneJobCounts.bulk } });

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ LANDSAT_SOURCE: 'demo', RATE_LIMIT_PER_MINUTE: '100000' });
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app?.close();
});

describe('a Fetch\'s streamed series run in the series lane', () => {
  it.each([
    ['the statistics stream', `/api/landsatData/stream?${qs({ ...BOX, ...YEAR, bands: 'B04' })}`],
    ['the pixel stream', `/api/pixel/stream?${qs({ lat: DEFAULT_POINT.lat, lon: DEFAULT_POINT.lon, ...YEAR, bands: 'B04' })}`],
  ])('%s: its worker jobs are the series lane\'s, and it answers in full', async (_what, url) => {
    const before = snapshot();
    const res = await app.inject(url);
    expect(res.statusCode).toBe(200);
    const last = JSON.parse(res.body.trim().split('\n').at(-1)!);
    expect(last.type).toBe('result');
    expect(laneJobCounts.series.posted).toBeGreaterThan(before.series.posted);
    expect(laneJobCounts.bulk).toEqual(before.bulk);
  });

  it('the image\'s worker jobs are not the series lane\'s', async () => {
    const before = snapshot();
    const res = await app.inject(`/api/landsatImage?${qs({ ...BOX, startDate: '2025-01-01', endDate: '2025-03-31', cloudCoverage: 100 })}`);
    expect(res.statusCode).toBe(200);
    expect(laneJobCounts.series).toEqual(before.series);
  });

  it('closing a long statistics stream stops its work: the queue slot frees and no job of it starts after', async () => {
    const { port } = app.server.address() as AddressInfo;
    const path = `/api/landsatData/stream?${qs({ ...BOX, startDate: '1982-08-22', endDate: '2025-12-31', cloudCoverage: 100, bands: 'B04' })}`;
    let total = 0;
    const postedBefore = laneJobCounts.series.posted;
    await closeStreamWhen(port, { path }, (line) => {
      if (line.type === 'progress' && line.total !== null) total = line.total as number;
      // The first scene's statistics: the person clicks Cancel (the page aborts the stream's fetch).
      return line.type === 'item';
    });
    expect(total).toBeGreaterThan(1000);
    await until(() => app.ctx.heavyQueue.stats.active === 0, 'the heavy queue to free the stream');
    const postedAtIdle = laneJobCounts.series.posted;
    await sleep(1000);
    expect(laneJobCounts.series.posted).toBe(postedAtIdle);
    // Far fewer jobs ran than the record has scenes.
    expect(postedAtIdle - postedBefore).toBeGreaterThan(0);
    expect(postedAtIdle - postedBefore).toBeLessThan(total);
  });
});
