import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponseSchema, pageConfigSchema } from '../../shared/api/health.js';

export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/health', { schema: { summary: 'Liveness, the live Landsat source, cache sizes, heavy-work queue and archive circuit breakers', response: { 200: healthResponseSchema } } }, async () => {
    const { catalog, cache, heavyQueue, upstream } = app.ctx;
    return {
      status: 'ok',
      source: catalog.name,
      synthetic: catalog.synthetic,
      cache: cache.stats,
      queue: heavyQueue.stats,
      /** Circuit breaker per archive host: closed (healthy), open (paused), half_open (trying again). */
      upstream: upstream.breakerStates(),
      /** Subscriptions and outbox: which store, whether it answers, and why not (the data API serves either way). */
      notifications: await app.ctx.notificationStore(),
    };
  });

  api.get('/api/config', { schema: { summary: 'What the page needs to know: map tiles, the data source, and whether emails really leave (smtp) or are written to the server outbox', response: { 200: pageConfigSchema } } }, async () => {
    const { config, catalog } = app.ctx;
    return {
      tileUrl: config.TILE_URL,
      tileAttribution: config.TILE_ATTRIBUTION,
      source: catalog.name,
      synthetic: catalog.synthetic,
      maxScenes: config.MAX_SCENES,
      /** 'outbox': no SMTP_URL, so emails are written to OUTBOX_DIR and never leave the server. */
      emailDelivery: config.SMTP_URL ? ('smtp' as const) : ('outbox' as const),
    };
  });
}
