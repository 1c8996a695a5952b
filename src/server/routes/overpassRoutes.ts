import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { predictOverpasses } from '../../core/overpass/overpass.js';
import { dateParam, latitudeParam, longitudeParam } from '../../shared/apiQuery.js';

export const MAX_OVERPASS_DAYS = 366;

/** The point and days of /api/overpasses (and of its calendar feed, /api/overpasses.ics). */
export const overpassQuerySchema = z.object({
  lat: latitudeParam('lat'),
  lon: longitudeParam('lon'),
  from: dateParam('from', 'First UTC day, YYYY-MM-DD (default: today, UTC)').optional(),
  days: z
    .string()
    .trim()
    .regex(/^\d+$/, 'days must be a whole number from 1 to 366')
    .transform(Number)
    .refine((n) => n >= 1 && n <= MAX_OVERPASS_DAYS, { message: `days must be between 1 and ${MAX_OVERPASS_DAYS}` })
    .optional()
    .describe(`Number of days to cover, 1 to ${MAX_OVERPASS_DAYS} (default 32)`),
});

const overpassResponseSchema = z.object({
  overpasses: z.array(
    z.object({
      satellite: z.enum(['landsat-8', 'landsat-9']),
      path: z.number().int(),
      row: z.number().int(),
      datetime: z.string().describe('Predicted scene-centre time, ISO 8601 UTC'),
    }),
  ),
});

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
      return { overpasses: predictOverpasses([lon, lat], from, req.query.days ?? 32) };
    },
  );
}
