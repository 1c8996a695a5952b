import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createSceneTiles } from '../../core/tiles/sceneTiles.js';
import { tileJson, wmtsCapabilities, type LayerDescription } from '../../core/tiles/tileDocuments.js';
import { isTileInMatrix, MAX_ZOOM } from '../../core/tiles/webMercatorQuad.js';
import { sceneDocParamsSchema, sceneTileParamsSchema, sceneTileQuerySchema, tileAnswer, tileJsonSchema, wmtsAnswer } from '../../shared/api/tiles.js';
import { ApiError } from '../apiError.js';
import { requestSignal } from '../requestSignal.js';
import { publicBaseUrl } from './publicBaseUrl.js';
import { IMMUTABLE, queryOf, sendCachedBytes, SOFTWARE_VERSION, TILE_MEDIA_TYPE } from './tileReply.js';

const PREFIX = '/api/scenes/:sceneId/tiles/WebMercatorQuad';

/** Tiles of one scene on WebMercatorQuad, with its TileJSON and WMTS capabilities beside them. */
export default async function sceneTileRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { catalog, cache, config, upstream, heavyQueue } = app.ctx;
  const tiles = createSceneTiles({ catalog, cache, openSource: upstream.openSource, softwareVersion: SOFTWARE_VERSION });

  api.get(
    `${PREFIX}/:z/:x/:y.:format`,
    {
      schema: {
        summary: "A 256 px WebMercatorQuad tile of one scene: PNG/WebP drawn with the scene's stretch or `rescale`, or float32 GeoTIFF values",
        params: sceneTileParamsSchema,
        querystring: sceneTileQuerySchema,
        response: tileAnswer,
      },
    },
    async (req, reply) => {
      const { sceneId, format, ...tile } = req.params;
      if (!isTileInMatrix(tile)) throw new ApiError(404, 'no_such_tile', `WebMercatorQuad has no tile ${tile.z}/${tile.x}/${tile.y}: zoom runs 0-${MAX_ZOOM}, and x and y 0 to 2^zoom - 1.`);
      const signal = requestSignal(reply, config.REQUEST_TIMEOUT_MS);
      const made = await heavyQueue.run(() => tiles.tile(sceneId, tile, format, req.query, signal), signal);
      void reply.header('x-scene-id', made.scene.id).header('x-synthetic', String(catalog.synthetic)).header('x-overview-level', String(made.overviewLevel));
      if (format !== 'tif') void reply.header('x-stretch', made.description);
      // A published scene's pixels never change, so neither do the bytes of its tile for one query.
      return sendCachedBytes(req, reply, made.bytes, TILE_MEDIA_TYPE[format], IMMUTABLE);
    },
  );

  async function layerOf(req: { params: { sceneId: string } } & Parameters<typeof publicBaseUrl>[0], signal: AbortSignal): Promise<{ layer: LayerDescription; fromRequest: boolean }> {
    const scene = await tiles.sceneOf(req.params.sceneId, signal);
    const { url, fromRequest } = publicBaseUrl(req, config.PUBLIC_URL);
    const synthetic = catalog.synthetic;
    return {
      fromRequest,
      layer: {
        id: scene.id,
        title: `${synthetic ? 'SYNTHETIC ' : ''}Landsat ${scene.id}`,
        description: `${synthetic ? 'SYNTHETIC demo scene computed by the server, not Landsat data. ' : ''}Landsat Collection 2 Level-2 scene ${scene.id} (${scene.satellite}, ${scene.datetime}, WRS-2 ${scene.wrsPath}/${scene.wrsRow}, ${scene.cloudCover}% cloud), surface reflectance/temperature drawn on the fly.`,
        attribution: synthetic ? 'SYNTHETIC demo archive (Landsat On the Fly), not Landsat data' : 'Landsat Collection 2 Level-2 courtesy of the U.S. Geological Survey',
        tilesBase: `${url}/api/scenes/${encodeURIComponent(scene.id)}/tiles/WebMercatorQuad`,
        query: queryOf(req),
        boundsLngLat: scene.bboxLngLat,
        version: SOFTWARE_VERSION,
      },
    };
  }

  api.get(
    `${PREFIX}/tilejson.json`,
    { schema: { summary: 'TileJSON 3.0.0 of a scene layer (MapLibre, leafmap); the query is passed on to the tiles', params: sceneDocParamsSchema, querystring: sceneTileQuerySchema, response: { 200: tileJsonSchema } } },
    async (req, reply) => {
      const { layer, fromRequest } = await layerOf(req, requestSignal(reply, config.REQUEST_TIMEOUT_MS));
      void reply.header('cache-control', fromRequest ? 'private, max-age=3600' : 'public, max-age=86400');
      return tileJson(layer);
    },
  );

  api.get(
    `${PREFIX}/WMTSCapabilities.xml`,
    { schema: { summary: 'OGC WMTS 1.0.0 capabilities of a scene layer (QGIS, GDAL); the query is passed on to the tiles', params: sceneDocParamsSchema, querystring: sceneTileQuerySchema, response: { 200: wmtsAnswer } } },
    async (req, reply) => {
      const { layer, fromRequest } = await layerOf(req, requestSignal(reply, config.REQUEST_TIMEOUT_MS));
      return reply
        .type('application/xml')
        .header('cache-control', fromRequest ? 'private, max-age=3600' : 'public, max-age=86400')
        .send(wmtsCapabilities(layer));
    },
  );
}
