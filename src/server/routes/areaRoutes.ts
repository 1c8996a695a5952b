import { linkCsvSources } from './csvSources.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { areaCsvRows, areaPolygons, areaStatistics } from '../../core/area/areaStatistics.js';
import { toCsv } from '../../shared/csv.js';
import { AREA_BODY_LIMIT_BYTES, areaBodySchema, areaCsvAnswer, areaResponseSchema, areaStreamAnswer, type AreaBody } from '../../shared/api/area.js';
import { requestSignal } from '../requestSignal.js';
import { sendNdjsonProgress } from '../ndjsonProgress.js';

const tooLarge = (err: unknown) => {
  // Say the limit in words; every other error goes on to the app's handler.
  if ((err as { code?: string }).code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw err;
  throw Object.assign(new Error('The request is larger than 1 MB. Simplify the polygon (e.g. QGIS "Simplify", 1 m tolerance) and send it again.'), {
    statusCode: 413,
    code: 'payload_too_large',
  });
};

/** POST /api/area (JSON), /api/area/stream (NDJSON with progress) and /api/area.csv: statistics over a polygon. */
export default async function areaRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { landsat, config, heavyQueue } = app.ctx;
  const filtersOf = (b: AreaBody) => ({ startDate: b.startDate, endDate: b.endDate, cloudCoverage: b.cloudCoverage, bands: b.bands, mask: b.mask, harmonize: b.harmonize });
  const run = (reply: FastifyReply, body: AreaBody) => {
    const signal = requestSignal(reply, config.REQUEST_TIMEOUT_MS);
    return heavyQueue.run(() => areaStatistics(landsat, body.geometry, filtersOf(body), { signal }), signal);
  };

  api.post(
    '/api/area',
    {
      bodyLimit: AREA_BODY_LIMIT_BYTES,
      errorHandler: tooLarge,
      schema: {
        summary: "Per-scene statistics over a GeoJSON polygon: the scene grid's pixels whose centre lies inside, imaged and clear counts, mean/median/stDev/min/max of the clear ones",
        body: areaBodySchema,
        response: { 200: areaResponseSchema },
      },
    },
    async (req, reply) => run(reply, req.body),
  );

  api.post(
    '/api/area.csv',
    { bodyLimit: AREA_BODY_LIMIT_BYTES, errorHandler: tooLarge, schema: { summary: 'The area statistics as CSV: one row per scene and band', body: areaBodySchema, response: { 200: areaCsvAnswer } } },
    async (req, reply) => {
      const answer = await run(reply, req.body);
      linkCsvSources(reply, app.ctx.catalog, app.ctx.config.PC_STAC_URL, answer.scenes.map((e) => e.scene.id));
      return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="area-statistics.csv"').send(toCsv(areaCsvRows(answer)));
    },
  );

  api.post(
    '/api/area/stream',
    {
      bodyLimit: AREA_BODY_LIMIT_BYTES,
      errorHandler: tooLarge,
      schema: { summary: 'The area statistics as NDJSON: {"type":"progress","done","total"} lines, then {"type":"result","result":…}', body: areaBodySchema, response: { 200: areaStreamAnswer } },
    },
    async (req, reply) => {
      const signal = requestSignal(reply, config.STREAM_TIMEOUT_MS);
      const body = req.body;
      // A bad or too large polygon is refused with its status before the 200 of the stream goes out.
      areaPolygons(body.geometry);
      return sendNdjsonProgress(req, reply, (onProgress) => heavyQueue.run(() => areaStatistics(landsat, body.geometry, filtersOf(body), { streamed: true, signal, onProgress }), signal));
    },
  );
}
