import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notImagedReason } from '../../core/wrs2/notImagedReason.js';
import { NOT_IMAGED_WORDS } from '../../shared/notImaged.js';
import { predictOverpasses } from '../../core/overpass/overpass.js';
import { overpassQuerySchema, overpassResponseSchema } from '../../shared/api/overpasses.js';

export default async function overpassRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/overpasses',
    {
      schema: {
        summary: 'Predicted Landsat 8 and 9 passes over each WRS-2 tile containing a point, sorted by time',
        querystring: overpassQuerySchema,
        response: { 200: overpassResponseSchema },
      },
    },
    async (req) => {
      const { lat, lon } = req.query;
      const from = new Date(`${req.query.from ?? new Date().toISOString().slice(0, 10)}T00:00:00Z`);
      const notImaged = notImagedReason([lon, lat]);
      return {
        overpasses: predictOverpasses([lon, lat], from, req.query.days ?? 32),
        ...(notImaged ? { notImaged: { reason: notImaged, message: NOT_IMAGED_WORDS[notImaged] } } : {}),
      };
    },
  );
}
