import { z } from 'zod';
import { mediaAnswer, openObject } from './common.js';

/** GET /api/health: liveness and the state of what the server depends on (operational detail stays loose). */
export const healthResponseSchema = openObject({
  status: z.string().describe('"ok" while the server answers'),
  source: z.string().describe('The live Landsat source'),
  synthetic: z.boolean(),
  cache: z.unknown().describe('Block cache sizes and hit counts'),
  queue: z.unknown().describe('Heavy-work queue: running, waiting, slots'),
  upstream: z.unknown().describe('Circuit breaker per archive host: closed, open or half_open'),
  notifications: z.unknown().describe('Subscription store: which one, whether it answers, and why not'),
});

/** GET /api/config: what the page needs to know. */
export const pageConfigSchema = openObject({
  tileUrl: z.string(),
  tileAttribution: z.string(),
  source: z.string(),
  synthetic: z.boolean(),
  maxScenes: z.number().describe('Most scenes one answer carries'),
  emailDelivery: z.enum(['smtp', 'outbox']).describe("'outbox': no SMTP_URL, so emails are written to the server's outbox folder and never leave it"),
});
export type PageConfig = z.infer<typeof pageConfigSchema>;

/** GET /api/metrics: Prometheus text exposition. */
export const metricsAnswer = mediaAnswer('text/plain', 'Prometheus text format 0.0.4: request latency by route, archive calls and errors, cache hit rate, queue depth, emails');
