/**
 * Every error answer in the one JSON shape, whatever raised it (Fastify before routing, the router,
 * the body parser, a schema, a route), numbers only in decimal, dates within a stated horizon, no
 * server paths in messages, and log levels that tell refusals (warn) from faults (error).
 */
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/support/testApp.js';
import { PLACE_INDEX_HANG_GUARD_MS } from '../../test/support/hangGuards.js';
import { ServerBusyError } from './ops/opsErrors.js';
import { createThreadPool } from '../core/raster/threadPool.js';

interface LogLine {
  level: number;
  msg: string;
  statusCode?: number;
  code?: string;
  reqId?: string;
}

const WARN = 40;
const ERROR = 50;

function expectErrorShape(body: string, code?: string): { code: string; message: string } {
  const parsed = JSON.parse(body) as { error: { code: string; message: string } };
  expect(Object.keys(parsed)).toEqual(['error']);
  expect(Object.keys(parsed.error).sort()).toEqual(['code', 'message']);
  expect(typeof parsed.error.message).toBe('string');
  expect(parsed.error.message.length).toBeGreaterThan(10);
  if (code) expect(parsed.error.code).toBe(code);
  return parsed.error;
}

describe('error answers', () => {
  let app: FastifyInstance;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
        done();
      },
    });
    app = await buildTestApp({ LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '1000' }, { logStream });
    app.get('/api/test-busy', { schema: { hide: true } }, async () => {
      throw new ServerBusyError(3);
    });
    // A real worker thread with a 16 MB heap cap, run out of it (test/support/heapHogWorker.mjs).
    const hogPool = createThreadPool(new URL('../../test/support/heapHogWorker.mjs', import.meta.url), 'test hog', { size: 1, maxOldGenerationMb: 16 });
    app.get('/api/test-worker-out-of-memory', { schema: { hide: true } }, async () => hogPool.run({ hog: true }, []));
    app.get('/api/test-fault', { schema: { hide: true } }, async () => {
      throw new Error('disk on fire at /var/lib/secret/landsat.db');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const logFor = (reqId: string) => lines.filter((l) => l.reqId === reqId && l.level >= WARN);

  it.each([
    ['/api/pixel%ff', 400],
    ['/api/pixel%', 400],
    ['/%E0%A4%A', 400],
  ])('answers malformed percent-encoding (%s) in the one shape, logged as a refusal', async (url, status) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(expectErrorShape(res.body, 'bad_request').message).toMatch(/percent-encoding/);
  });

  it('answers unknown API paths 404 and known paths with another method 405 with Allow', async () => {
    expectErrorShape((await app.inject({ method: 'GET', url: '/api/nope' })).body, 'not_found');
    const wrong = await app.inject({ method: 'DELETE', url: '/api/pixel?lat=1' });
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers.allow).toContain('GET');
    expect(expectErrorShape(wrong.body, 'method_not_allowed').message).toContain('GET');
    const withParam = await app.inject({ method: 'PUT', url: '/api/notifications/abc/confirm' });
    expect([404, 405]).toContain(withParam.statusCode); // 405 when notifications are on
    expectErrorShape(withParam.body);
  });

  it('answers body problems (415, bad JSON, too large) in the one shape', async () => {
    const url = '/api/notifications';
    const media = await app.inject({ method: 'POST', url, payload: '<a/>', headers: { 'content-type': 'application/xml' } });
    expect(media.statusCode).toBe(415);
    expectErrorShape(media.body, 'unsupported_media_type');
    const broken = await app.inject({ method: 'POST', url, payload: '{"a":', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
    expectErrorShape(broken.body, 'bad_request');
    const big = await app.inject({ method: 'POST', url, payload: JSON.stringify({ a: 'x'.repeat(70_000) }), headers: { 'content-type': 'application/json' } });
    expect(big.statusCode).toBe(413);
    expectErrorShape(big.body, 'payload_too_large');
  });

  it.each([
    ['/api/pixel?lat=0x2D&lon=10&startDate=2024-01-01&endDate=2024-02-01', 'lat'],
    ['/api/pixel?lat=45&lon=0b1010&startDate=2024-01-01&endDate=2024-02-01', 'lon'],
    ['/api/pixel?lat=45&lon=10&startDate=2024-01-01&endDate=2024-02-01&cloudCoverage=0x10', 'cloudCoverage'],
    ['/api/pixel?lat=45&lon=10&startDate=2024-01-01&endDate=2024-02-01&cloudCoverage=0o17', 'cloudCoverage'],
    ['/api/pixel?lat=Infinity&lon=10&startDate=2024-01-01&endDate=2024-02-01', 'lat'],
    ['/api/wrs2?lat=45&lon=0x10', 'lon'],
    ['/api/geocode?q=Paris&limit=0x5', 'limit'],
  ])('refuses numbers not written in decimal: %s', async (url, field) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    const { message } = expectErrorShape(res.body, 'bad_request');
    expect(message).toContain(field);
    expect(message).toMatch(/decimal/);
  });

  it('still reads decimal numbers in every spelling a program writes', async () => {
    for (const lat of ['45', '+45', '45.', '45.0', '4.5e1', '-0.5', '.5']) {
      const res = await app.inject({ method: 'GET', url: `/api/wrs2?lat=${encodeURIComponent(lat)}&lon=10` });
      expect(res.statusCode, lat).toBe(200);
    }
    // The search waits for the place index the app builds at start.
    expect((await app.inject({ method: 'GET', url: '/api/geocode?q=Paris&limit=3' })).statusCode).toBe(200);
  }, PLACE_INDEX_HANG_GUARD_MS);

  it.each([['0000-01-01'], ['1999-12-31'], ['2013-02-10'], ['9999-12-31']])('refuses overpass days outside the stated horizon: from=%s', async (from) => {
    const res = await app.inject({ method: 'GET', url: `/api/overpasses?lat=45&lon=10&from=${from}` });
    expect(res.statusCode).toBe(400);
    const { message } = expectErrorShape(res.body, 'bad_request');
    expect(message).toContain('from');
    expect(message).toContain('2013-02-11');
  });

  it('accepts overpass days from Landsat 8 launch up to a year ahead', async () => {
    const inAYear = new Date(Date.now() + 360 * 86_400_000).toISOString().slice(0, 10);
    for (const from of ['2013-02-11', inAYear]) {
      const res = await app.inject({ method: 'GET', url: `/api/overpasses?lat=45&lon=10&from=${from}&days=2` });
      expect(res.statusCode, from).toBe(200);
    }
  });

  it('logs refusals (4xx, 503 busy) at warn and faults (500, 503 worker stopped) at error, without paths in the answer', async () => {
    const refused = await app.inject({ method: 'GET', url: '/api/pixel?lat=91&lon=0&startDate=2024-01-01&endDate=2024-01-02' });
    expect(refused.statusCode).toBe(400);
    expect(logFor(refused.headers['x-request-id'] as string).map((l) => l.level)).toEqual([WARN]);

    const busy = await app.inject({ method: 'GET', url: '/api/test-busy' });
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('3');
    expectErrorShape(busy.body, 'busy');
    expect(logFor(busy.headers['x-request-id'] as string).map((l) => l.level)).toEqual([WARN]);

    const fault = await app.inject({ method: 'GET', url: '/api/test-fault' });
    expect(fault.statusCode).toBe(500);
    expect(fault.body).not.toContain('/var/lib');
    expectErrorShape(fault.body, 'internal_error');
    expect(logFor(fault.headers['x-request-id'] as string).map((l) => l.level)).toEqual([ERROR]);

    // A worker thread that died at its heap cap (issue 27's memory bound): 503 in words, logged as a fault.
    const stopped = await app.inject({ method: 'GET', url: '/api/test-worker-out-of-memory' });
    expect(stopped.statusCode).toBe(503);
    expect(stopped.headers['retry-after']).toBe('2');
    expect(expectErrorShape(stopped.body, 'worker_stopped').message).toMatch(/^The test hog thread stopped \(it ran out of its 16 MB of memory\) while working on this request; a new one takes the next request, so try again\.$/);
    expect(logFor(stopped.headers['x-request-id'] as string).map((l) => l.level)).toEqual([ERROR]);

    const bad = await app.inject({ method: 'GET', url: '/api/pixel%ff' });
    expect(logFor(bad.headers['x-request-id'] as string).map((l) => l.level)).toEqual([WARN]);
  });
});

describe('the rate limit', () => {
  it('answers 429 in the one shape and logs it at warn', async () => {
    const lines: LogLine[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
        done();
      },
    });
    const app = await buildTestApp({ LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '2' }, { logStream });
    try {
      let last;
      // Health is outside the limit (a load balancer's probe); a cheap API call is not.
      for (let i = 0; i < 3; i++) last = await app.inject({ method: 'GET', url: '/api/wrs2?lat=45&lon=5' });
      expect(last!.statusCode).toBe(429);
      expectErrorShape(last!.body, 'rate_limited');
      const id = last!.headers['x-request-id'] as string;
      expect(lines.filter((l) => l.reqId === id && l.level >= WARN).map((l) => l.level)).toEqual([WARN]);
    } finally {
      await app.close();
    }
  });
});
