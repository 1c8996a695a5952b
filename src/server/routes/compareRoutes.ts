import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { compareFieldMeasurement } from '../../core/compare/compareFieldMeasurement.js';
import { compareFieldFile } from '../../core/fieldFiles/compareFieldFile.js';
import { readFieldFile } from '../../core/fieldFiles/readFieldFile.js';
import { COMPARE_BODY_LIMIT_BYTES, compareBodySchema, compareResponseSchema } from '../../shared/api/compare.js';
import { compareFileFieldsSchema } from '../../shared/api/compareFiles.js';
import { DEFAULT_MAX_DAYS } from '../../shared/compareLimits.js';
import { isMultipart, isRawFile, RAW_FILE_TYPES, readSingleUpload } from '../fieldUploads.js';
import { requestSignal } from '../requestSignal.js';
import compareBatchRoutes from './compareBatchRoutes.js';

/** A spectrometer file request, put in place of the body before validation (the JSON schema then lets it through). */
class FileRequest {
  constructor(readonly upload: Awaited<ReturnType<typeof readSingleUpload>>) {}
}

const badRequest = (message: string) => Object.assign(new Error(message), { statusCode: 400, code: 'bad_request' });

/** The request's own place, time and limits for a file, checked like the JSON body's. */
function fileOverrides(fields: Record<string, string | undefined>) {
  const known = Object.fromEntries(Object.entries(fields).filter(([k, v]) => k in compareFileFieldsSchema.shape && v !== undefined && v !== ''));
  const parsed = compareFileFieldsSchema.safeParse(known);
  if (!parsed.success) throw badRequest(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  const { lat, lon, datetime, maxDays, mask } = parsed.data;
  if ((lat === undefined) !== (lon === undefined)) throw badRequest('give lat and lon together (or neither, to use the file\'s GPS position)');
  return { lat, lon, datetime, maxDays: maxDays ?? DEFAULT_MAX_DAYS, mask };
}

export default async function compareRoutes(app: FastifyInstance): Promise<void> {
  const { landsat, config, heavyQueue } = app.ctx;
  await app.register(multipart);
  // Raw spectrometer files (and zips for the batch): bytes, read and checked by the route.
  app.addContentTypeParser(RAW_FILE_TYPES, { parseAs: 'buffer', bodyLimit: COMPARE_BODY_LIMIT_BYTES }, (_req, body, done) => done(null, body));
  const readPixels = landsat.readPixels.bind(landsat);

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/compare',
    {
      // A spectroradiometer export at 1 nm is ~50 KB as JSON; 1 MB leaves room for finer ones.
      bodyLimit: COMPARE_BODY_LIMIT_BYTES,
      errorHandler: (err) => {
        // Say the limit in words; every other error goes on to the app's handler.
        if ((err as { code?: string }).code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw err;
        throw Object.assign(new Error('The request is larger than 1 MB. Send fewer spectrum points (e.g. resampled to 1 nm) or per-band values.'), {
          statusCode: 413,
          code: 'payload_too_large',
        });
      },
      // A file request replaces its body with a FileRequest before validation; the JSON body is validated as before.
      preValidation: async (req: FastifyRequest) => {
        if (isMultipart(req) || isRawFile(req)) req.body = new FileRequest(await readSingleUpload(req));
      },
      validatorCompiler: (route) => {
        const validate = validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]);
        return (data: unknown) => (route.httpPart === 'body' && data instanceof FileRequest ? { value: data } : validate(data));
      },
      schema: {
        summary: 'Compare a field spectrum with the clear Landsat scene nearest in time at the point',
        description:
          'Three ways to send the measurement. (1) application/json: lat, lon, datetime and a spectrum (or band values), as below. ' +
          '(2) multipart/form-data with the spectrometer file in the field `file` (SVC .sig or Spectral Evolution .sed) and optional text fields lat, lon, datetime, maxDays, mask. ' +
          '(3) the file as the raw body (Content-Type: application/octet-stream) with ?filename=x.sig or a Content-Disposition filename, the same optional fields in the query string. ' +
          'Place and time come from the file (GPS position; GPS UTC time, else the instrument clock read as UTC) unless the request gives them; placeFrom and timeFrom say which. ' +
          'A file that cannot be compared is answered 422 unusable_file with the reason and its line.',
        body: compareBodySchema,
        response: { 200: compareResponseSchema },
      },
    },
    async (req, reply) => {
      const signal = requestSignal(reply, config.REQUEST_TIMEOUT_MS);
      const body = req.body as unknown;
      if (body instanceof FileRequest) {
        const overrides = fileOverrides(body.upload.fields);
        const file = readFieldFile(body.upload.file.name, body.upload.file.bytes);
        return heavyQueue.run(() => compareFieldFile(file, overrides, readPixels, signal), signal);
      }
      const json = req.body;
      const result = await heavyQueue.run(() => compareFieldMeasurement(json, readPixels, signal), signal);
      return { ...result, lat: json.lat, lon: json.lon, datetime: new Date(json.datetime).toISOString(), placeFrom: 'request' as const, timeFrom: 'request' as const };
    },
  );
  await app.register(compareBatchRoutes);
}
