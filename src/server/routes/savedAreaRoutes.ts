import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { parseGeoJsonPolygons, type PolygonLngLat } from '../../core/geo/geoJsonPolygons.js';
import { SAVED_AREA_BODY_LIMIT_BYTES, savedAreaAnswer, savedAreaBodySchema, savedAreaCreatedSchema, savedAreaParamsSchema } from '../../shared/api/savedAreas.js';
import { ApiError } from '../apiError.js';
import { openStore } from '../store/openStore.js';
import { openSavedAreaStore, type SavedAreaStore } from '../store/savedAreaStore.js';

/** Most outlines kept; past it the ones read longest ago make room (each is at most 256 KB). */
const MAX_SAVED_AREAS = 20_000;

const tooLarge = (err: unknown) => {
  // Say the limit in words; every other error goes on to the app's handler.
  if ((err as { code?: string }).code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw err;
  throw Object.assign(new Error('The polygon is larger than 256 KB of GeoJSON. Simplify it (e.g. QGIS "Simplify", 1 m tolerance) and save it again.'), {
    statusCode: 413,
    code: 'payload_too_large',
  });
};

/** The outline as one canonical GeoJSON text: Polygon or MultiPolygon, coordinates to 7 decimals (~1 cm). */
function canonicalGeoJson(polygons: PolygonLngLat[]): string {
  const round = (rings: PolygonLngLat) => rings.map((ring) => ring.map(([lon, lat]) => [Number(lon.toFixed(7)), Number(lat.toFixed(7))]));
  return JSON.stringify(polygons.length === 1 ? { type: 'Polygon', coordinates: round(polygons[0]) } : { type: 'MultiPolygon', coordinates: polygons.map(round) });
}

/** POST /api/areas -> {id}; GET /api/areas/{id} -> the polygon: short links to a drawn or uploaded area. */
export default async function savedAreaRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { config } = app.ctx;
  let areas: SavedAreaStore;
  try {
    const sql = await openStore({ databaseUrl: config.DATABASE_URL, databasePath: config.DATABASE_PATH });
    app.addHook('onClose', async () => sql.close());
    areas = await openSavedAreaStore(sql, { maxAreas: MAX_SAVED_AREAS });
  } catch (err) {
    // A damaged or unreachable store must not stop the server: these calls answer 503 in words.
    const reason = err instanceof Error ? err.message : String(err);
    app.log.error({ err }, 'saved areas unavailable: their store could not be opened');
    const unavailable = async () => {
      throw new ApiError(503, 'areas_unavailable', `Saved areas are unavailable: their store could not be opened (${reason}). Export or measure the polygon directly (POST /api/export.tif, POST /api/area).`);
    };
    app.route({ method: 'POST', url: '/api/areas', handler: unavailable });
    app.route({ method: 'GET', url: '/api/areas/:id', handler: unavailable });
    return;
  }

  api.post(
    '/api/areas',
    {
      bodyLimit: SAVED_AREA_BODY_LIMIT_BYTES,
      errorHandler: tooLarge,
      schema: {
        summary: 'Keep a polygon for a link: answers {id}; GET /api/areas/{id} gives it back (the same polygon always gets the same id)',
        body: savedAreaBodySchema,
        response: { 201: savedAreaCreatedSchema },
      },
    },
    async (req, reply) => {
      // GeometryError (not a polygon, self-intersecting) is a 400 in words from the app's error handler.
      const id = await areas.save(canonicalGeoJson(parseGeoJsonPolygons(req.body)));
      return reply.status(201).header('location', `/api/areas/${id}`).send({ id });
    },
  );

  api.get(
    '/api/areas/:id',
    {
      schema: {
        summary: 'A polygon kept by POST /api/areas, as GeoJSON',
        params: savedAreaParamsSchema,
        response: { 200: savedAreaAnswer },
      },
    },
    async (req, reply) => {
      const geojson = await areas.load(req.params.id);
      if (!geojson) throw new ApiError(404, 'area_not_found', 'No saved area with this id: check the link, or draw or upload the polygon again.');
      return reply.type('application/geo+json').header('cache-control', 'public, max-age=86400, immutable').send(geojson);
    },
  );
}
