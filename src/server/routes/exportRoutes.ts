import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createExporter, type ExportCall } from '../../core/export/createExporter.js';
import { EXPORT_BODY_LIMIT_BYTES, exportTifAnswer, exportTifBodySchema, exportTifQuerySchema } from '../../shared/api/exportTif.js';
import { requestSignal } from '../requestSignal.js';

const tooLarge = (err: unknown) => {
  // Say the limit in words; every other error goes on to the app's handler.
  if ((err as { code?: string }).code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw err;
  throw Object.assign(new Error('The request is larger than 1 MB. Simplify the polygon (e.g. QGIS "Simplify", 1 m tolerance) and send it again.'), {
    statusCode: 413,
    code: 'payload_too_large',
  });
};

/**
 * `GET /api/export.tif` (a box, or a short geometry in the URL) and `POST /api/export.tif` (the same
 * fields as JSON, for a drawn or uploaded polygon of any length): a window of one scene as a
 * Cloud-Optimized GeoTIFF on the scene's own grid.
 */
export default async function exportRoutes(app: FastifyInstance): Promise<void> {
  const { catalog, cache, config, upstream, heavyQueue } = app.ctx;
  const exportScene = createExporter({ catalog, cache, openSource: upstream.openSource, maxValues: config.EXPORT_MAX_VALUES });
  const api = app.withTypeProvider<ZodTypeProvider>();

  async function send(reply: FastifyReply, call: ExportCall) {
    const signal = requestSignal(reply, config.REQUEST_TIMEOUT_MS);
    const file = await heavyQueue.run(() => exportScene(call, signal), signal);
    return reply
      .type('image/tiff; application=geotiff; profile=cloud-optimized')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'no-store')
      .header('x-scene-id', call.sceneId)
      .header('x-synthetic', String(catalog.synthetic))
      // The pixel size written (the full resolution, or the internal overview that fits the cap) for the page to say.
      .header('x-pixel-size-m', String(file.pixelSizeM))
      .header('x-overview-level', String(file.overviewLevel))
      .send(file.tiff);
  }

  api.get(
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
      const box = q.LON_UL !== undefined ? { minLon: q.LON_UL, minLat: q.LAT_UR!, maxLon: q.LON_UR!, maxLat: q.LAT_UL! } : undefined;
      return send(reply, { sceneId: q.sceneId, bands: q.bands, box, geometryText: q.geometry, format: q.format, mask: q.mask });
    },
  );

  api.post(
    '/api/export.tif',
    {
      bodyLimit: EXPORT_BODY_LIMIT_BYTES,
      errorHandler: tooLarge,
      schema: {
        summary: 'The same GeoTIFF for a polygon sent as JSON {sceneId, bands, geometry, format?, mask?}: pixels whose centre lies outside it are nodata',
        body: exportTifBodySchema,
        response: { 200: exportTifAnswer },
      },
    },
    async (req, reply) => {
      const b = req.body;
      return send(reply, { sceneId: b.sceneId, bands: b.bands, geometryText: b.geometry, format: b.format, mask: b.mask });
    },
  );
}
