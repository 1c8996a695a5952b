import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { createExporter, type ExportCall } from '../../core/export/createExporter.js';
import { exportStacItem, sceneStacItemUrl } from '../../core/export/exportStacItem.js';
import { findSceneById } from '../../core/landsat/findSceneById.js';
import { EXPORT_BODY_LIMIT_BYTES, exportStacItemAnswer, exportTifAnswer, exportTifBodySchema, exportTifQuerySchema } from '../../shared/api/exportTif.js';
import { requestSignal } from '../requestSignal.js';
import { publicBaseUrl } from './publicBaseUrl.js';
import { queryOf, SOFTWARE_VERSION } from './tileReply.js';

type ExportQuery = z.infer<typeof exportTifQuerySchema>;

const tooLarge = (err: unknown) => {
  // Say the limit in words; every other error goes on to the app's handler.
  if ((err as { code?: string }).code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw err;
  throw Object.assign(new Error('The request is larger than 1 MB. Simplify the polygon (e.g. QGIS "Simplify", 1 m tolerance) and send it again.'), {
    statusCode: 413,
    code: 'payload_too_large',
  });
};

const callOfQuery = (q: ExportQuery): ExportCall => {
  const box = q.LON_UL !== undefined ? { minLon: q.LON_UL, minLat: q.LAT_UR!, maxLon: q.LON_UR!, maxLat: q.LAT_UL! } : undefined;
  return { sceneId: q.sceneId, bands: q.bands, box, geometryText: q.geometry, format: q.format, mask: q.mask };
};

/**
 * `GET /api/export.tif` (a box, or a short geometry in the URL) and `POST /api/export.tif` (the same
 * fields as JSON, for a drawn or uploaded polygon of any length): a window of one scene as a
 * Cloud-Optimized GeoTIFF on the scene's own grid. `GET /api/export.json`: the STAC Item describing the
 * file the same query exports (the GeoTIFF's `Link` header points there).
 */
export default async function exportRoutes(app: FastifyInstance): Promise<void> {
  const { catalog, cache, config, upstream, heavyQueue } = app.ctx;
  const exportScene = createExporter({ catalog, cache, openSource: upstream.openSource, maxValues: config.EXPORT_MAX_VALUES });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const run = (call: ExportCall, signal: AbortSignal) => heavyQueue.run(() => exportScene(call, signal), signal);
  const urlsOf = (req: FastifyRequest) => {
    const base = publicBaseUrl(req, config.PUBLIC_URL).url;
    const query = queryOf(req);
    return { tiffUrl: `${base}/api/export.tif?${query}`, selfUrl: `${base}/api/export.json?${query}` };
  };

  /** `stacUrl`: the Item describing this file, when the request is a GET whose query names it. */
  async function send(reply: FastifyReply, call: ExportCall, stacUrl: string | null) {
    const file = await run(call, requestSignal(reply, config.REQUEST_TIMEOUT_MS));
    if (stacUrl) void reply.header('link', `<${stacUrl}>; rel="describedby"; type="application/geo+json"`);
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
        summary:
          "A scene's pixels under a box or polygon as a Cloud-Optimized GeoTIFF in the scene's own CRS and grid (no resampling; an internal overview when the full resolution exceeds the cap); its STAC Item is at /api/export.json with the same query (Link header)",
        querystring: exportTifQuerySchema,
        response: { 200: exportTifAnswer },
      },
    },
    async (req, reply) => send(reply, callOfQuery(req.query), urlsOf(req).selfUrl),
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
      return send(reply, { sceneId: b.sceneId, bands: b.bands, geometryText: b.geometry, format: b.format, mask: b.mask }, null);
    },
  );

  api.get(
    '/api/export.json',
    {
      schema: {
        summary:
          'The STAC Item (1.1.0; proj, raster, eo, file, processing extensions) of the GeoTIFF /api/export.tif sends for the same query: source scene and its STAC link, bands with unit, scale, offset and nodata, mask, software version, file size and checksum',
        querystring: exportTifQuerySchema,
        response: { 200: exportStacItemAnswer },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const signal = requestSignal(reply, config.REQUEST_TIMEOUT_MS);
      // The file is made to describe it: its size and checksum are the bytes /api/export.tif sends.
      const [file, scene] = await Promise.all([run(callOfQuery(q), signal), findSceneById(catalog, q.sceneId, signal)]);
      const [name, version] = SOFTWARE_VERSION.split(' ');
      void reply.type('application/geo+json').header('cache-control', 'no-store').header('link', `<${urlsOf(req).tiffUrl}>; rel="describes"; type="image/tiff; application=geotiff"`);
      return exportStacItem({
        scene,
        file,
        bands: q.bands,
        format: q.format,
        mask: q.mask,
        synthetic: catalog.synthetic,
        ...urlsOf(req),
        sourceSceneStacUrl: sceneStacItemUrl(catalog.name, config.PC_STAC_URL, scene.id),
        software: { name, version },
      });
    },
  );
}
