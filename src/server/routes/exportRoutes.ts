import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createExporter } from '../../core/export/createExporter.js';
import { exportStacItem, sceneStacItemUrl } from '../../core/export/exportStacItem.js';
import { findSceneById } from '../../core/landsat/findSceneById.js';
import { exportStacItemAnswer, exportTifAnswer, exportTifQuerySchema } from '../../shared/api/exportTif.js';
import type { z } from 'zod';
import { requestSignal } from '../requestSignal.js';
import { publicBaseUrl } from './publicBaseUrl.js';
import { queryOf, SOFTWARE_VERSION } from './tileReply.js';

type ExportQuery = z.infer<typeof exportTifQuerySchema>;

/**
 * `GET /api/export.tif`: a window of one scene as a Cloud-Optimized GeoTIFF on the scene's own grid;
 * `GET /api/export.json`: the STAC Item describing the file the same query exports (its `Link` header
 * on the GeoTIFF points there).
 */
export default async function exportRoutes(app: FastifyInstance): Promise<void> {
  const { catalog, cache, config, upstream, heavyQueue } = app.ctx;
  const exportScene = createExporter({ catalog, cache, openSource: upstream.openSource });
  const api = app.withTypeProvider<ZodTypeProvider>();
  const run = (q: ExportQuery, signal: AbortSignal) => {
    const box = q.LON_UL !== undefined ? { minLon: q.LON_UL, minLat: q.LAT_UR!, maxLon: q.LON_UR!, maxLat: q.LAT_UL! } : undefined;
    return heavyQueue.run(() => exportScene({ sceneId: q.sceneId, bands: q.bands, box, geometryText: q.geometry, format: q.format, mask: q.mask }, signal), signal);
  };
  const urlsOf = (req: FastifyRequest) => {
    const base = publicBaseUrl(req, config.PUBLIC_URL).url;
    const query = queryOf(req);
    return { tiffUrl: `${base}/api/export.tif?${query}`, selfUrl: `${base}/api/export.json?${query}` };
  };

  api.get(
    '/api/export.tif',
    {
      schema: {
        summary: "A scene's pixels under a box or polygon as a Cloud-Optimized GeoTIFF in the scene's own CRS and grid (no resampling); its STAC Item is at /api/export.json with the same query (Link header)",
        querystring: exportTifQuerySchema,
        response: { 200: exportTifAnswer },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const file = await run(q, requestSignal(reply, config.REQUEST_TIMEOUT_MS));
      return reply
        .type('image/tiff; application=geotiff; profile=cloud-optimized')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .header('link', `<${urlsOf(req).selfUrl}>; rel="describedby"; type="application/geo+json"`)
        .header('x-scene-id', q.sceneId)
        .header('x-synthetic', String(catalog.synthetic))
        .send(file.tiff);
    },
  );

  api.get(
    '/api/export.json',
    {
      schema: {
        summary: 'The STAC Item (1.1.0; proj, raster, eo, file, processing extensions) of the GeoTIFF /api/export.tif sends for the same query: source scene and its STAC link, bands with unit, scale, offset and nodata, mask, software version, file size and checksum',
        querystring: exportTifQuerySchema,
        response: { 200: exportStacItemAnswer },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const signal = requestSignal(reply, config.REQUEST_TIMEOUT_MS);
      // The file is made to describe it: its size and checksum are the bytes /api/export.tif sends.
      const [file, scene] = await Promise.all([run(q, signal), findSceneById(catalog, q.sceneId, signal)]);
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
