import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { batchCsv, batchRowObject } from '../../core/fieldFiles/batchCsv.js';
import { compareFieldFileBatch } from '../../core/fieldFiles/compareFieldFileBatch.js';
import { apiErrorSchema } from '../../shared/api/sites.js';
import { batchQuerySchema, batchResponseSchema, MAX_BATCH_BYTES, MAX_BATCH_FILES, type BatchStreamLine } from '../../shared/api/compareFiles.js';
import { DEFAULT_MAX_DAYS } from '../../shared/compareLimits.js';
import { readBatchUploads } from '../fieldUploads.js';
import { requestSignal } from '../requestSignal.js';
import { toApiError } from '../toApiError.js';

const wantsNdjson = (req: FastifyRequest, format: string | undefined) => format === 'ndjson' || (format === undefined && /application\/x-ndjson/i.test(String(req.headers.accept ?? '')));

/** POST /api/compare/batch (issue 36): a field campaign's spectrometer files against Landsat, one CSV row per file and band. */
export default async function compareBatchRoutes(app: FastifyInstance): Promise<void> {
  const { landsat, config, heavyQueue } = app.ctx;
  const readPixels = landsat.readPixels.bind(landsat);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/compare/batch',
    {
      bodyLimit: MAX_BATCH_BYTES,
      schema: {
        summary: `Up to ${MAX_BATCH_FILES} spectrometer files (SVC .sig, Spectral Evolution .sed, or a zip of them; ${MAX_BATCH_BYTES / 1024 / 1024} MB) against the clear Landsat scene nearest in time at each file's GPS position: CSV, or NDJSON with progress`,
        description:
          'Send the files as multipart/form-data file fields (any field names), or one zip as the raw body (Content-Type: application/zip with ?filename=…). ' +
          'Place and time come from each file (GPS; GPS UTC time, else the instrument clock read as UTC). Every file appears in the answer: one that cannot be used has one row with the reason. ' +
          'Files of one measurement (an SVC _moc overlap-matched file and its raw file) are both read and name each other in duplicate_of.',
        tags: ['compare'],
        querystring: batchQuerySchema,
        response: { 200: batchResponseSchema, 400: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (req, reply) => {
      const { format, maxDays, mask, lat, lon } = req.query;
      if ((lat === undefined) !== (lon === undefined)) throw Object.assign(new Error('give lat and lon together (the place of the files without GPS), or neither'), { statusCode: 400, code: 'bad_request' });
      const files = await readBatchUploads(req);
      const options = { maxDays: maxDays ?? DEFAULT_MAX_DAYS, mask, placeIfMissing: lat !== undefined && lon !== undefined ? { lat, lon } : undefined };
      if (!wantsNdjson(req, format)) {
        const signal = requestSignal(reply, config.REQUEST_TIMEOUT_MS);
        const rows = await heavyQueue.run(() => compareFieldFileBatch(files, { ...options, signal }, readPixels), signal);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="field-comparison.csv"')
          .header('cache-control', 'no-store')
          .send(batchCsv(rows.flat()));
      }
      const signal = requestSignal(reply, config.STREAM_TIMEOUT_MS);
      const stream = new PassThrough();
      const write = (line: BatchStreamLine) => stream.write(`${JSON.stringify(line)}\n`);
      write({ type: 'progress', done: 0, total: files.length });
      heavyQueue
        .run(
          () =>
            compareFieldFileBatch(
              files,
              {
                ...options,
                signal,
                onFile: (rows, done, total) => {
                  for (const row of rows) write({ type: 'row', ...batchRowObject(row) });
                  write({ type: 'progress', done, total });
                },
              },
              readPixels,
            ),
          signal,
        )
        .then(() => write({ type: 'done' }))
        .catch((err) => {
          const { statusCode, code, message } = toApiError(err);
          req.log[statusCode >= 500 ? 'error' : 'info']({ err, statusCode, code }, 'compare batch stream failed');
          write({ type: 'error', error: { code, message }, status: statusCode });
        })
        .finally(() => stream.end());
      return reply.type('application/x-ndjson').header('cache-control', 'no-store').header('x-content-type-options', 'nosniff').send(stream as never);
    },
  );
}
