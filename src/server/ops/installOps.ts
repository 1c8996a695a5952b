import type { FastifyInstance } from 'fastify';
import { metricsAnswer } from '../../shared/api/health.js';
import { requestScopeStorage } from './requestScope.js';

/**
 * Root-level hooks: every request runs in its own scope (so archive calls log with its request id)
 * and is timed by route. Not a plugin, because hooks inside a plugin would not see sibling plugins' routes.
 */
/** Longest URL accepted: every query of the API fits in a few hundred characters; longer is abuse or a mistake. */
export const MAX_URL_CHARS = 4096;

export function installOps(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    if (req.url.length > MAX_URL_CHARS) {
      // Answering from a callback hook ends the request here: done() must not be called as well.
      void reply.code(414).send({ error: { code: 'uri_too_long', message: `The request URL is too long: at most ${MAX_URL_CHARS} characters.` } });
      return;
    }
    requestScopeStorage.run({ requestId: req.id, log: req.log }, done);
  });
  app.addHook('onResponse', async (req, reply) => {
    // The route pattern, not the URL: one series per endpoint, whatever the query.
    const route = req.routeOptions.url ?? 'unmatched';
    app.ctx.metrics.observeRequest({ method: req.method, route, statusCode: reply.statusCode }, reply.elapsedTime / 1000);
  });
  app.get(
    '/api/metrics',
    { schema: { summary: 'Prometheus metrics: request latency by route, archive calls and errors, cache hit rate, queue depth, emails', response: { 200: metricsAnswer } } },
    async (_req, reply) => {
      const { registry } = app.ctx.metrics;
      return reply.type(registry.contentType).header('cache-control', 'no-store').send(await registry.metrics());
    },
  );
}
