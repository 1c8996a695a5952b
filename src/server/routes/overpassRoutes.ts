import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notImagedReason } from '../../core/wrs2/notImagedReason.js';
import { NOT_IMAGED_WORDS } from '../../shared/notImaged.js';
import { predictOverpasses } from '../../core/overpass/overpass.js';
import { dateParam, latitudeParam, longitudeParam } from '../../shared/apiQuery.js';

export const MAX_OVERPASS_DAYS = 366;
/** Landsat 8's launch: no Landsat 8 or 9 pass exists before it. */
export const FIRST_OVERPASS_DAY = '2013-02-11';
/**
 * How far ahead `from` may lie. The prediction assumes the orbits stay maintained as they are now
 * (the equator-crossing time already wanders tens of seconds a year); beyond a year it is a guess.
 */
export const OVERPASS_HORIZON_DAYS = 366;

const DAY_MS = 86_400_000;
const latestFromDay = () => new Date(Date.now() + OVERPASS_HORIZON_DAYS * DAY_MS).toISOString().slice(0, 10);

/** The point and days of /api/overpasses (and of its calendar feed, /api/overpasses.ics). */
export const overpassQuerySchema = z.object({
  lat: latitudeParam('lat'),
  lon: longitudeParam('lon'),
  from: dateParam('from', `First UTC day, YYYY-MM-DD, from ${FIRST_OVERPASS_DAY} (Landsat 8 launch) to ${OVERPASS_HORIZON_DAYS} days after today (default: today, UTC)`)
    .superRefine((day, ctx) => {
      const latest = latestFromDay();
      if (day < FIRST_OVERPASS_DAY || day > latest) {
        ctx.addIssue({
          code: 'custom',
          message: `from must lie between ${FIRST_OVERPASS_DAY} (Landsat 8 launch) and ${latest} (${OVERPASS_HORIZON_DAYS} days ahead, as far as the orbit prediction holds), got ${day}`,
        });
      }
    })
    .optional(),
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
  notImaged: z
    .object({ reason: z.enum(['beyond_row_limits', 'open_ocean']), message: z.string() })
    .optional()
    .describe('Only where Landsat never images the point (open ocean, beyond the row limits): the satellites pass, but take no scene there'),
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
      const notImaged = notImagedReason([lon, lat]);
      return {
        overpasses: predictOverpasses([lon, lat], from, req.query.days ?? 32),
        ...(notImaged ? { notImaged: { reason: notImaged, message: NOT_IMAGED_WORDS[notImaged] } } : {}),
      };
    },
  );
}
