/**
 * Refuses new API work with 503 + Retry-After before the event loop saturates, through the ecosystem's
 * @fastify/under-pressure (https://github.com/fastify/under-pressure), which answers from its own
 * onRequest hook; the handler here gives the API's JSON error shape. /api/health, /api/metrics and the
 * page's static files are exempt: they are cheap, and health must keep telling an operator the truth.
 *
 * Event-loop lag is judged by our own sampler and handed to under-pressure as its health check:
 * pressure means the loop lagged past the limit in two samples in a row. under-pressure's built-in check uses one sample's mean, so a single stall (a cold start, one long
 * decode) would refuse every request of the next interval although the loop is free again.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import underPressure from '@fastify/under-pressure';

export interface LoadSheddingOptions {
  /** Event-loop lag (ms, how late a 100 ms sampling timer fires) that, twice in a row, means pressure; 0 disables. */
  maxEventLoopDelayMs: number;
  /** Resident memory (MB) past which new API work is refused; 0 disables. */
  maxRssMb: number;
  retryAfterSeconds?: number;
}

const SAMPLE_MS = 100;
const EXEMPT = /^\/api\/(health|metrics)(\?|$)/;

/**
 * Tracks whether the loop lagged past `limitMs` in the last two samples. The lag of a sample is how late
 * the sampling timer itself fired: a single stall makes one late sample, a saturated loop makes them all
 * late. (perf_hooks' delay histogram is not used for the decision: it records a stall when its own timer
 * next fires, which can fall into the following sample and make one stall look sustained.)
 */
export function createLagTracker(limitMs: number, sampleMs = SAMPLE_MS) {
  let previousOver = false;
  let sustained = false;
  let lastSampleAt = performance.now();
  return {
    sample(): boolean {
      const now = performance.now();
      const over = now - lastSampleAt - sampleMs > limitMs;
      lastSampleAt = now;
      sustained = over && previousOver;
      previousOver = over;
      return sustained;
    },
    get sustained() {
      return sustained;
    },
  };
}

export async function installLoadShedding(app: FastifyInstance, { maxEventLoopDelayMs, maxRssMb, retryAfterSeconds = 2 }: LoadSheddingOptions): Promise<void> {
  if (maxEventLoopDelayMs <= 0 && maxRssMb <= 0) return;
  const lag = maxEventLoopDelayMs > 0 ? createLagTracker(maxEventLoopDelayMs) : null;
  await app.register(underPressure, {
    maxRssBytes: maxRssMb * 1024 * 1024,
    sampleInterval: SAMPLE_MS,
    retryAfter: retryAfterSeconds,
    // "Healthy" = the loop is not lagging persistently; under-pressure polls it every sample.
    healthCheck: async () => !(lag?.sample() ?? false),
    healthCheckInterval: SAMPLE_MS,
    // under-pressure sends what the handler returns (index.js handlePressure), though its types say void.
    pressureHandler: ((req: FastifyRequest, reply: FastifyReply, type: string) => {
      if (EXEMPT.test(req.url) || !req.url.startsWith('/api/')) return undefined; // let it through
      void reply.status(503).header('retry-after', String(retryAfterSeconds));
      const what = type === 'rssBytes' ? 'memory is high' : 'it is working through other requests';
      return { error: { code: 'busy', message: `The server is busy (${what}); try again in ${retryAfterSeconds} s.` } };
    }) as unknown as (req: FastifyRequest, reply: FastifyReply, type: string) => void,
  });
}
