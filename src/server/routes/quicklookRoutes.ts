import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { quicklookAnswer, quicklookQuerySchema } from '../../shared/api/quicklook.js';
import { createQuicklookRenderer, QUICKLOOK_MAX_PX } from '../../core/landsat/quicklook.js';
import { requestSignal } from '../requestSignal.js';
import { sendScenePng } from './sendScenePng.js';

/** `GET /api/quicklook`: a whole scene as a PNG of at most 256 px, for the scene timeline. */
export default async function quicklookRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { catalog, cache, config, upstream } = app.ctx;
  const renderer = createQuicklookRenderer({ catalog, cache, openSource: upstream.openSource });

  api.get(
    '/api/quicklook',
    { schema: { summary: `PNG of a whole scene, long side at most ${QUICKLOOK_MAX_PX} px, from its coarsest sufficient overview (cached)`, querystring: quicklookQuerySchema, response: { 200: quicklookAnswer } } },
    async (req, reply) => {
      const q = req.query;
      const look = await renderer.quicklook(q.sceneId, q.bands, requestSignal(reply, config.REQUEST_TIMEOUT_MS));
      // A published scene never changes: browsers may keep its quicklook for a day.
      return sendScenePng(reply, look, { cacheControl: 'public, max-age=86400', sendBounds: false });
    },
  );
}
