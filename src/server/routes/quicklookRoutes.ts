import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bandsParam } from '../../shared/apiQuery.js';
import { createQuicklookRenderer, QUICKLOOK_MAX_PX } from '../../core/landsat/quicklook.js';
import { requestSignal } from '../requestSignal.js';
import { sendScenePng } from './sendScenePng.js';

const quicklookQuerySchema = z.object({
  sceneId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_]{10,80}$/, 'sceneId must be a Landsat scene id such as LC08_L2SP_001070_20190114_20200830_02_T2')
    .describe('Scene id as /api/scenes, /api/pixel and /api/landsatData name it'),
  bands: bandsParam,
});

/** `GET /api/quicklook`: a whole scene as a PNG of at most 256 px, for the scene timeline. */
export default async function quicklookRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { catalog, cache, config, upstream } = app.ctx;
  const renderer = createQuicklookRenderer({ catalog, cache, openSource: upstream.openSource });

  api.get(
    '/api/quicklook',
    { schema: { summary: `PNG of a whole scene, long side at most ${QUICKLOOK_MAX_PX} px, from its coarsest sufficient overview (cached)`, querystring: quicklookQuerySchema } },
    async (req, reply) => {
      const q = req.query;
      const look = await renderer.quicklook(q.sceneId, q.bands, requestSignal(reply, config.REQUEST_TIMEOUT_MS));
      // A published scene never changes: browsers may keep its quicklook for a day.
      return sendScenePng(reply, look, { cacheControl: 'public, max-age=86400', sendBounds: false });
    },
  );
}
