import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createExporter } from '../../core/export/createExporter.js';
import { exportTifAnswer, exportTifQuerySchema } from '../../shared/api/exportTif.js';
import { requestSignal } from '../requestSignal.js';

/** `GET /api/export.tif`: a window of one scene as a Cloud-Optimized GeoTIFF on the scene's own grid. */
export default async function exportRoutes(app: FastifyInstance): Promise<void> {
  const { catalog, cache, config, upstream, heavyQueue } = app.ctx;
  const exportScene = createExporter({ catalog, cache, openSource: upstream.openSource, maxValues: config.EXPORT_MAX_VALUES });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/export.tif',
    {
      schema: {
        summary: "A scene's pixels under a box or polygon as a Cloud-Optimized GeoTIFF in the scene's own CRS and grid (no resampling; an internal overview when the full resolution exceeds the cap)",
        querystring: exportTifQuerySchema,
        response: { 200: exportTifAnswer },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const signal = requestSignal(reply, config.REQUEST_TIMEOUT_MS);
      const box = q.LON_UL !== undefined ? { minLon: q.LON_UL, minLat: q.LAT_UR!, maxLon: q.LON_UR!, maxLat: q.LAT_UL! } : undefined;
      const file = await heavyQueue.run(() => exportScene({ sceneId: q.sceneId, bands: q.bands, box, geometryText: q.geometry, format: q.format, mask: q.mask }, signal), signal);
      return reply
        .type('image/tiff; application=geotiff; profile=cloud-optimized')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .header('x-scene-id', q.sceneId)
        .header('x-synthetic', String(catalog.synthetic))
        // The pixel size written (the full resolution, or the internal overview that fits the cap) for the page to say.
        .header('x-pixel-size-m', String(file.pixelSizeM))
        .header('x-overview-level', String(file.overviewLevel))
        .send(file.tiff);
    },
  );
}
