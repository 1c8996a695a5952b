import { z } from 'zod';
import { dateParam, latitudeParam, longitudeParam } from '../apiQuery.js';
import { mediaAnswer } from './common.js';

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

const overpassSchema = z.object({
  satellite: z.enum(['landsat-8', 'landsat-9']),
  path: z.number().int(),
  row: z.number().int(),
  datetime: z.string().describe('Predicted scene-centre time, ISO 8601 UTC'),
});
export type Overpass = z.infer<typeof overpassSchema>;

export const overpassResponseSchema = z.object({
  overpasses: z.array(overpassSchema),
  notImaged: z
    .object({ reason: z.enum(['beyond_row_limits', 'open_ocean']), message: z.string() })
    .optional()
    .describe('Only where Landsat never images the point (open ocean, beyond the row limits): the satellites pass, but take no scene there'),
});

/** GET /api/overpasses.ics: the same passes as an iCalendar feed. */
export const overpassCalendarAnswer = mediaAnswer('text/calendar', 'iCalendar (RFC 5545), one event per predicted pass, each linking to the page at that point and day');
