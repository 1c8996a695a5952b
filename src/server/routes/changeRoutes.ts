import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { changeAtPoint } from '../../core/change/changeAtPoint.js';
import { detectChangesInWorker } from '../jobs/changeWorkerPool.js';
import {
  CHANGE_BODY_LIMIT_BYTES,
  changePointResponseSchema,
  changeQuerySchema,
  changeRequestSchema,
  changeResponseSchema,
  changeStreamAnswer,
  MAX_CHANGE_OBSERVATIONS,
} from '../../shared/api/change.js';
import { sendNdjsonProgress } from '../ndjsonProgress.js';
import { requestSignal } from '../requestSignal.js';
import { sendApiError } from '../sendApiError.js';

const badRequest = (message: string): FastifyError => Object.assign(new Error(message), { statusCode: 400, code: 'bad_request', name: 'BadRequest' });

/**
 * POST's own errors in words: the body limit, and a bad observation named by its index (the
 * generic validation message would list the problems of many observations). Everything else (the
 * rate limit's 429 among them) is answered by the app's one error reply.
 */
function postErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  sendApiError(postError(err), req, reply);
}

function postError(err: FastifyError): FastifyError {
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return Object.assign(new Error(`The request is larger than 4 MB. Send at most ${MAX_CHANGE_OBSERVATIONS.toLocaleString('en')} observations of one pixel, numbers without extra digits.`), {
      statusCode: 413,
      code: 'payload_too_large',
    });
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const first = err.validation.find((v) => /^\/observations\/\d+/.test(v.instancePath ?? ''));
    if (first) {
      const [, index, field] = /^\/observations\/(\d+)\/?([^/]*)/.exec(first.instancePath ?? '')!;
      const what = field ? `${field}: ${first.message ?? 'is invalid'}` : (first.message ?? 'is invalid');
      return badRequest(`Observation ${index} (counting from 0) is not valid: ${what}. Each observation is {"date":"YYYY-MM-DD","B02".."B07": reflectance or null,"B09": kelvin or null,"qa": QA_PIXEL integer}.`);
    }
  }
  return err;
}

/** CCDC change detection: on a posted series, and on the archive's record at a point (JSON and NDJSON with progress). */
export default async function changeRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { landsat, config, heavyQueue } = app.ctx;

  api.post(
    '/api/change',
    {
      bodyLimit: CHANGE_BODY_LIMIT_BYTES,
      errorHandler: postErrors,
      schema: {
        summary: "CCDC change detection (pyccd's algorithm) on one pixel's series: segments, breaks, harmonic models per band",
        body: changeRequestSchema,
        response: { 200: changeResponseSchema },
      },
    },
    async (req, reply) => {
      const signal = requestSignal(reply, config.REQUEST_TIMEOUT_MS);
      // In a worker: a long posted series is seconds of CPU that would stall every other request.
      return heavyQueue.run(() => detectChangesInWorker(req.body.observations, req.body.mask), signal);
    },
  );

  const run = (q: typeof changeQuerySchema._output, signal: AbortSignal, onProgress?: (done: number, total: number) => void) =>
    heavyQueue.run(() => changeAtPoint(landsat, [q.lon, q.lat], { startDate: q.startDate, endDate: q.endDate, mask: q.mask, harmonize: q.harmonize }, { signal, onProgress }), signal);

  api.get(
    '/api/change',
    {
      schema: {
        summary: "CCDC change detection over the archive's whole record of the pixel at a point (TM, ETM+, OLI), with the observations and fitted values",
        querystring: changeQuerySchema,
        response: { 200: changePointResponseSchema },
      },
    },
    async (req, reply) => run(req.query, requestSignal(reply, config.REQUEST_TIMEOUT_MS)),
  );

  api.get(
    '/api/change/stream',
    {
      schema: {
        summary: 'GET /api/change as NDJSON: progress lines while the scenes are read, then {"type":"result","result":…}',
        querystring: changeQuerySchema,
        response: { 200: changeStreamAnswer },
      },
    },
    async (req, reply) => {
      const signal = requestSignal(reply, config.STREAM_TIMEOUT_MS);
      return sendNdjsonProgress(req, reply, (onProgress) => run(req.query, signal, onProgress));
    },
  );
}
