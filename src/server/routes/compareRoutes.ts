import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { compareFieldMeasurement } from '../../core/compare/compareFieldMeasurement.js';
import { COMPARE_BODY_LIMIT_BYTES, compareBodySchema, compareResponseSchema } from '../../shared/api/compare.js';
import { requestSignal } from '../requestSignal.js';

export default async function compareRoutes(app: FastifyInstance): Promise<void> {
  const { landsat, config, heavyQueue } = app.ctx;
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
      schema: {
        summary: 'Simulate Landsat OLI bands B01-B07 from a field spectrum (or take typed band values) and compare them with the nearest Landsat scene in time at the point',
        body: compareBodySchema,
        response: { 200: compareResponseSchema },
      },
    },
    async (req, reply) => {
      const signal = requestSignal(reply, config.REQUEST_TIMEOUT_MS);
      return heavyQueue.run(() => compareFieldMeasurement(req.body, (lngLat, filters, options) => landsat.readPixels(lngLat, filters, options), signal), signal);
    },
  );
}
