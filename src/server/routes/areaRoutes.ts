import { linkCsvSources } from './csvSources.js';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AreaTooLargeError, areaCsvRows, areaPolygons, areaStatistics } from '../../core/area/areaStatistics.js';
import { runInBulkLane } from '../../core/workLane.js';
import { toCsv } from '../../shared/csv.js';
import { AREA_BODY_LIMIT_BYTES, areaBodySchema, areaCsvAnswer, areaRefusalSchema, areaResponseSchema, areaStreamAnswer, type AreaBody } from '../../shared/api/area.js';
import { ApiError } from '../apiError.js';
import { requestSignal } from '../requestSignal.js';
import { sendNdjsonProgress } from '../ndjsonProgress.js';

/**
 * The area routes' own answers to three errors, the rest going on to the app's handler: the body limit
 * in words; an area more than one request measures, with the job that does (`error.job`); and a plain
 * request past REQUEST_TIMEOUT_MS, pointing to the stream and the job.
 */
function areaErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    throw new ApiError(413, 'payload_too_large', 'The request is larger than 1 MB. Simplify the polygon (e.g. QGIS "Simplify", 1 m tolerance) and send it again.');
  }
  if (err instanceof AreaTooLargeError) {
    return reply.status(413).send({ error: { code: err.code, message: err.message, ...(err.jobOffer ? { job: err.jobOffer } : {}) } });
  }
  throw err;
}

/** POST /api/area (JSON), /api/area/stream (NDJSON with progress) and /api/area.csv: statistics over a polygon. */
export default async function areaRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { landsat, config, heavyQueue } = app.ctx;
  const filtersOf = (b: AreaBody) => ({ startDate: b.startDate, endDate: b.endDate, cloudCoverage: b.cloudCoverage, bands: b.bands, mask: b.mask, harmonize: b.harmonize });
  // The bulk lane: the worker pools serve other people's points and images before an area's scenes,
  // and drop its queued work as soon as the signal aborts (a Cancel, a client gone, the time limit).
  const measure = (body: AreaBody, signal: AbortSignal, options: { streamed?: boolean; onProgress?: (done: number, total: number) => void } = {}) =>
    heavyQueue.run(() => runInBulkLane(() => areaStatistics(landsat, body.geometry, filtersOf(body), { ...options, signal, resolution: body.resolution }), signal), signal);
  /** A plain request holds REQUEST_TIMEOUT_MS; past it the answer says where longer work goes. */
  const plain = async (reply: FastifyReply, body: AreaBody) => {
    // Refused (413, with the job offer) before any work is queued.
    areaPolygons(body.geometry, body);
    const signal = requestSignal(reply, config.REQUEST_TIMEOUT_MS);
    try {
      return await measure(body, signal);
    } catch (err) {
      if ((err as Error).name === 'TimeoutError' || (signal.aborted && (signal.reason as Error)?.name === 'TimeoutError')) {
        throw new ApiError(
          504,
          'area_timeout',
          `Measuring this area took longer than this server's ${Math.round(config.REQUEST_TIMEOUT_MS / 1000)} s limit for one request. Ask POST /api/area/stream (same body: progress lines, no such limit) or start a job with POST /api/jobs (same body), or measure a smaller area or a shorter time.`,
        );
      }
      throw err;
    }
  };
  const refusals = { 413: areaRefusalSchema };

  api.post(
    '/api/area',
    {
      bodyLimit: AREA_BODY_LIMIT_BYTES,
      errorHandler: areaErrors,
      schema: {
        summary: "Per-scene statistics over a GeoJSON polygon: the scene grid's pixels whose centre lies inside, imaged and clear counts, mean/median/stDev/min/max of the clear ones",
        body: areaBodySchema,
        response: { 200: areaResponseSchema, ...refusals },
      },
    },
    async (req, reply) => plain(reply, req.body),
  );

  api.post(
    '/api/area.csv',
    { bodyLimit: AREA_BODY_LIMIT_BYTES, errorHandler: areaErrors, schema: { summary: 'The area statistics as CSV: one row per scene and band', body: areaBodySchema, response: { 200: areaCsvAnswer, ...refusals } } },
    async (req, reply) => {
      const answer = await plain(reply, req.body);
      linkCsvSources(reply, app.ctx.catalog, app.ctx.config.PC_STAC_URL, answer.scenes.map((e) => e.scene.id));
      return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="area-statistics.csv"').send(toCsv(areaCsvRows(answer)));
    },
  );

  api.post(
    '/api/area/stream',
    {
      bodyLimit: AREA_BODY_LIMIT_BYTES,
      errorHandler: areaErrors,
      schema: {
        summary: 'The area statistics as NDJSON: {"type":"progress","done","total"} lines (scenes), then {"type":"result","result":…}; closing the connection stops the work',
        body: areaBodySchema,
        response: { 200: areaStreamAnswer, ...refusals },
      },
    },
    async (req, reply) => {
      const body = req.body;
      // A bad or too large polygon is refused with its status before the 200 of the stream goes out.
      areaPolygons(body.geometry, body);
      const signal = requestSignal(reply, config.STREAM_TIMEOUT_MS);
      return sendNdjsonProgress(req, reply, (onProgress) => measure(body, signal, { streamed: true, onProgress }));
    },
  );
}
