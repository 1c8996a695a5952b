import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isOutsideRateLimit } from '../src/server/rateLimitOptions.js';
import { buildTestApp } from './support/testApp.js';

/**
 * Every operation /api/docs lists answers 429 in the error shape once a client is past its limit,
 * whatever the route's response schema, body parser or error handler (routes added later are walked
 * too). Requests carry no parameters: they are refused cheaply (400) until the limit, which counts
 * them all the same, then refused with 429.
 */
const LIMIT = 2;
/** Routes with a limit of their own (notification links) may allow more; past this many tries the route is not limited. */
const MAX_TRIES = 400;

let app: FastifyInstance;
let operations: { method: string; url: string }[];
beforeAll(async () => {
  app = await buildTestApp({ RATE_LIMIT_PER_MINUTE: String(LIMIT), LOAD_SHED_EVENT_LOOP_DELAY_MS: '0' });
  const docs = (await app.inject('/api/docs')).json() as { paths: Record<string, Record<string, unknown>> };
  operations = Object.entries(docs.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
      .map((method) => ({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, 'x') })),
  )
    // The documented exceptions: the load balancer's health probe and the metrics scrape.
    .filter((op) => !isOutsideRateLimit({ url: op.url } as FastifyRequest));
});
afterAll(async () => {
  await app?.close();
});

describe('the per-client rate limit on every operation of /api/docs', () => {
  it('lists the routes (a sanity check that the walk walks something); only /api/health and /api/metrics are outside the limit', () => {
    expect(operations.map((op) => op.url)).not.toContain('/api/health');
    expect(operations.length).toBeGreaterThan(15);
    expect(operations).toContainEqual({ method: 'POST', url: '/api/area.csv' });
    expect(operations).toContainEqual({ method: 'POST', url: '/api/area/stream' });
  });

  it('answers 429 {"error":{"code":"rate_limited","message"}} past the limit, on each operation', async () => {
    const failures: string[] = [];
    for (const op of operations) {
      let last: Awaited<ReturnType<FastifyInstance['inject']>> | undefined;
      for (let i = 0; i < MAX_TRIES; i++) {
        // A distinct client per operation: each is measured from its own first request.
        last = await app.inject({ method: op.method as 'GET', url: op.url, remoteAddress: `10.9.${operations.indexOf(op)}.1`, ...(op.method === 'GET' ? {} : { payload: {} }) });
        if (last.statusCode === 429) break;
      }
      const body = (() => {
        try {
          return last!.json() as { error?: { code?: unknown; message?: unknown } };
        } catch {
          return {};
        }
      })();
      const ok = last!.statusCode === 429 && body.error?.code === 'rate_limited' && typeof body.error.message === 'string' && /Too many requests/.test(body.error.message);
      if (!ok) failures.push(`${op.method} ${op.url}: ${last!.statusCode} ${last!.body.slice(0, 160)}`);
      else expect(last!.headers['retry-after']).toBeDefined();
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
