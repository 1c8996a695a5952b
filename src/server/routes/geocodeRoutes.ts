import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { coordinatesPlace } from '../../core/geocode/coordinatesPlace.js';
import { parseCoordinates } from '../../core/geocode/parseCoordinates.js';
import { geocodeQuerySchema, geocodeResponseSchema } from '../../shared/api/geocode.js';

export default async function geocodeRoutes(app: FastifyInstance): Promise<void> {
  // Load the gazetteer (~2 s of CPU in a worker thread: the city list and its region names) right
  // after the server starts listening, so a person's first search does not wait for it, and requests
  // meanwhile are served as usual. A search before it is ready waits for the same load. In-process
  // tests that never listen (app.inject) load it on their first query only.
  app.addHook('onListen', async () => {
    const started = performance.now();
    app.ctx.gazetteer().then(
      (gazetteer) => app.log.info({ places: gazetteer.size, ms: Math.round(performance.now() - started) }, 'gazetteer loaded'),
      (err: unknown) => app.log.error({ err }, 'gazetteer failed to load; the next search tries again'),
    );
  });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/geocode',
    {
      schema: {
        summary: 'Offline place search over GeoNames cities (with their state/province and country) and natural features (lakes, mountains, parks, deserts, valleys, seas), ranked by match then population; a typed point (decimal or degrees-minutes-seconds) answers as one coordinates result',
        querystring: geocodeQuerySchema,
        response: { 200: geocodeResponseSchema },
      },
    },
    async (req) => {
      // A point typed in the box is answered as itself, without waiting for the place index.
      const point = parseCoordinates(req.query.q);
      if (point) return [coordinatesPlace(point)];
      return (await app.ctx.gazetteer()).search(req.query.q, req.query.limit);
    },
  );
}
