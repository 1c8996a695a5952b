// zod/mini (issue 33): /api/config is read before the map can draw, so its contract must not bring
// classic zod (~26 KB of the first load); the mini build of the same library is ~6 KB, and the
// server, its serializer and /api/docs read both kinds alike (zod/v4/core).
import * as z from 'zod/mini';

/** An answer object that keeps keys it does not name (as common.ts's `openObject`), typed with the named keys only. */
const openObject = <T extends z.core.$ZodLooseShape>(shape: T) => z.looseObject(shape) as unknown as z.ZodMiniObject<T>;
const described = <T extends z.ZodMiniType>(schema: T, description: string) => schema.check(z.describe(description));

/** GET /api/health: liveness and the state of what the server depends on (operational detail stays loose). */
export const healthResponseSchema = openObject({
  status: described(z.string(), '"ok" while the server answers'),
  source: described(z.string(), 'The live Landsat source'),
  synthetic: z.boolean(),
  cache: described(z.unknown(), 'Block cache sizes and hit counts'),
  queue: described(z.unknown(), 'Heavy-work queue: running, waiting, slots'),
  upstream: described(z.unknown(), 'Circuit breaker per archive host: closed, open or half_open'),
  notifications: described(z.unknown(), 'Subscription store: which one, whether it answers, and why not'),
});

/** GET /api/config: what the page needs to know. */
export const pageConfigSchema = openObject({
  tileUrl: z.string(),
  tileAttribution: z.string(),
  source: z.string(),
  synthetic: z.boolean(),
  maxScenes: described(z.number(), 'Most scenes one answer carries'),
  emailDelivery: described(z.enum(['smtp', 'outbox']), "'outbox': no SMTP_URL, so emails are written to the server's outbox folder and never leave it"),
});
export type PageConfig = z.infer<typeof pageConfigSchema>;

/** GET /api/metrics: Prometheus text exposition (documented by its media type only, as common.ts's `mediaAnswer`). */
const metricsDescription = 'Prometheus text format 0.0.4: request latency by route, archive calls and errors, cache hit rate, queue depth, emails';
export const metricsAnswer = { description: metricsDescription, content: { 'text/plain': { schema: described(z.string(), metricsDescription) } } };
