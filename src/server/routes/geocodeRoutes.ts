import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { wholeNumberParam } from '../../shared/apiQuery.js';

export default async function geocodeRoutes(app: FastifyInstance): Promise<void> {
  // Build the gazetteer (~2 s of CPU: the city list and its region names) right after the server
  // starts listening, so a person's first search does not wait for it. In-process tests that never
  // listen (app.inject) build it on their first query only.
  app.addHook('onListen', async () => {
    setImmediate(() => {
      const started = performance.now();
      const size = app.ctx.gazetteer().size;
      app.log.info({ places: size, ms: Math.round(performance.now() - started) }, 'gazetteer loaded');
    });
  });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/geocode',
    {
      schema: {
        summary: 'Offline place search over GeoNames cities (with their state/province and country), ranked by match then population',
        querystring: z.object({
          q: z.string().trim().min(1, 'q (the place name to search) is required').max(100, 'q is at most 100 characters').describe('Place name or its beginning'),
          limit: wholeNumberParam('limit', 1, 10, 10).describe('Most results, 1 to 10 (default 10)'),
        }),
      },
    },
    async (req) => app.ctx.gazetteer().search(req.query.q, req.query.limit),
  );
}
