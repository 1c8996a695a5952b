import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createCompositeTiles } from '../../core/tiles/compositeTiles.js';
import { tileJson, wmtsCapabilities, type LayerDescription } from '../../core/tiles/tileDocuments.js';
import { isTileInMatrix, MAX_ZOOM, MERCATOR_MAX_LAT } from '../../core/tiles/webMercatorQuad.js';
import { compositeQuerySchema, compositeTileParamsSchema, tileAnswer, tileJsonSchema, wmtsAnswer } from '../../shared/api/tiles.js';
import { ApiError } from '../apiError.js';
import { requestSignal } from '../requestSignal.js';
import { publicBaseUrl } from './publicBaseUrl.js';
import { IMMUTABLE, queryOf, sendCachedBytes, SOFTWARE_VERSION, TILE_MEDIA_TYPE } from './tileReply.js';

const PREFIX = '/api/composite/tiles/WebMercatorQuad';
/** Below this zoom a tile spans dozens of path/rows (hundreds of scenes a year): too much for one request. */
export const COMPOSITE_MIN_ZOOM = 8;
/** An archive may still add scenes (new acquisitions, reprocessing) to a range that ended this recently. */
const SETTLED_DAYS = 30;

/** A clear view of a period (latest or median clear observation), with its TileJSON and WMTS capabilities. */
export default async function compositeTileRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { catalog, cache, config, upstream, heavyQueue } = app.ctx;
  const composites = createCompositeTiles({ catalog, cache, openSource: upstream.openSource, softwareVersion: SOFTWARE_VERSION });

  api.get(
    `${PREFIX}/:z/:x/:y.:format`,
    {
      schema: {
        summary: `A 256 px WebMercatorQuad tile of the clear view of a period (zoom ${COMPOSITE_MIN_ZOOM}-${MAX_ZOOM}): each pixel from the latest clear observation, or the median of the clear ones, across path/rows and sensors`,
        params: compositeTileParamsSchema,
        querystring: compositeQuerySchema,
        response: tileAnswer,
      },
    },
    async (req, reply) => {
      const { format, ...tile } = req.params;
      if (!isTileInMatrix(tile)) throw new ApiError(404, 'no_such_tile', `WebMercatorQuad has no tile ${tile.z}/${tile.x}/${tile.y}: zoom runs 0-${MAX_ZOOM}, and x and y 0 to 2^zoom - 1.`);
      if (tile.z < COMPOSITE_MIN_ZOOM) {
        throw new ApiError(404, 'zoom_too_low', `Composites start at zoom ${COMPOSITE_MIN_ZOOM}: a tile at zoom ${tile.z} spans too many scenes to composite in one request. Zoom in, or use a scene's tiles.`);
      }
      const signal = requestSignal(reply, config.REQUEST_TIMEOUT_MS);
      const made = await heavyQueue.run(() => composites.tile(tile, format, req.query, signal), signal);
      void reply
        .header('x-synthetic', String(catalog.synthetic))
        .header('x-overview-level', String(made.overviewLevel))
        .header('x-composite-scenes', `${made.scenesRead} of ${made.scenesFound}${made.searchedAll ? '' : ' or more'}`)
        .header('x-truncated', String(made.truncated));
      if (format !== 'tif') void reply.header('x-stretch', made.description);
      const settled = Date.parse(req.query.endDate) < Date.now() - SETTLED_DAYS * 86_400_000;
      return sendCachedBytes(req, reply, made.bytes, TILE_MEDIA_TYPE[format], settled || catalog.synthetic ? IMMUTABLE : 'public, max-age=3600');
    },
  );

  function layerOf(req: Parameters<typeof publicBaseUrl>[0] & { query: { startDate: string; endDate: string; method: string } }): { layer: LayerDescription; fromRequest: boolean } {
    const { url, fromRequest } = publicBaseUrl(req, config.PUBLIC_URL);
    const q = req.query;
    const synthetic = catalog.synthetic;
    return {
      fromRequest,
      layer: {
        id: `landsat-composite-${q.method}-${q.startDate}-${q.endDate}`,
        title: `${synthetic ? 'SYNTHETIC ' : ''}Landsat clear view ${q.startDate} to ${q.endDate} (${q.method})`,
        description: `${synthetic ? 'SYNTHETIC demo archive computed by the server, not Landsat data. ' : ''}Each pixel from the ${q.method === 'median' ? 'median of the clear observations' : 'most recent clear observation'} between ${q.startDate} and ${q.endDate}, across Landsat path/rows and sensors (Collection 2 Level-2).`,
        attribution: synthetic ? 'SYNTHETIC demo archive (Landsat On the Fly), not Landsat data' : 'Landsat Collection 2 Level-2 courtesy of the U.S. Geological Survey',
        tilesBase: `${url}${PREFIX}`,
        query: queryOf(req),
        boundsLngLat: [-180, -MERCATOR_MAX_LAT, 180, MERCATOR_MAX_LAT],
        minzoom: COMPOSITE_MIN_ZOOM,
        version: SOFTWARE_VERSION,
      },
    };
  }
  const docCache = (fromRequest: boolean) => (fromRequest ? 'private, max-age=3600' : 'public, max-age=86400');

  api.get(
    `${PREFIX}/tilejson.json`,
    { schema: { summary: 'TileJSON 3.0.0 of a composite layer; the query is passed on to the tiles', querystring: compositeQuerySchema, response: { 200: tileJsonSchema } } },
    async (req, reply) => {
      const { layer, fromRequest } = layerOf(req);
      void reply.header('cache-control', docCache(fromRequest));
      return tileJson(layer);
    },
  );
  api.get(
    `${PREFIX}/WMTSCapabilities.xml`,
    { schema: { summary: 'OGC WMTS 1.0.0 capabilities of a composite layer; the query is passed on to the tiles', querystring: compositeQuerySchema, response: { 200: wmtsAnswer } } },
    async (req, reply) => {
      const { layer, fromRequest } = layerOf(req);
      return reply.type('application/xml').header('cache-control', docCache(fromRequest)).send(wmtsCapabilities(layer));
    },
  );
}
