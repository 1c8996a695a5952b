import { z } from 'zod';
import { maskParam } from '../apiQuery.js';
import { DEFAULT_MAX_DAYS, MAX_MAX_DAYS } from '../compareLimits.js';
import { errorLineSchema, progressLineSchema } from './ndjsonStream.js';
import { ISO_WITH_ZONE } from './compare.js';

/** POST /api/compare/batch limits (issue 36): files per request and bytes per request (zip or multipart). */
export const MAX_BATCH_FILES = 500;
export const MAX_BATCH_BYTES = 50 * 1024 * 1024;

const optionalNumber = (min: number, max: number, what: string) =>
  z
    .union([z.number(), z.string().regex(/^[+-]?\d+(\.\d+)?$/, `${what} must be a decimal number`).transform(Number)])
    .pipe(z.number().min(min).max(max))
    .optional();

/**
 * The request's own values for a spectrometer file sent to POST /api/compare (multipart fields, or the
 * query string with a raw body): each given one overrides the file's; absent, the file's are used.
 */
export const compareFileFieldsSchema = z.object({
  filename: z.string().max(255).optional().describe('Raw body only: the file name (or send Content-Disposition: attachment; filename="…")'),
  lat: optionalNumber(-90, 90, 'lat').describe('Overrides the file\'s GPS latitude (decimal degrees); give lon with it'),
  lon: optionalNumber(-180, 180, 'lon').describe('Overrides the file\'s GPS longitude (decimal degrees)'),
  datetime: z.string().regex(ISO_WITH_ZONE, 'datetime must be ISO 8601 with a time zone, e.g. 2015-08-06T14:37:08Z').optional().describe('Overrides the file\'s time'),
  maxDays: optionalNumber(Number.MIN_VALUE, MAX_MAX_DAYS, 'maxDays').describe(`Largest gap between measurement and scene, days (default ${DEFAULT_MAX_DAYS})`),
  mask: maskParam,
});

export const batchQuerySchema = z.object({
  filename: z.string().max(255).optional().describe('Raw zip body only: its file name (or send Content-Disposition: attachment; filename="…")'),
  format: z.enum(['csv', 'ndjson']).optional().describe('ndjson: progress lines and rows as each file finishes (same as Accept: application/x-ndjson); default csv'),
  maxDays: optionalNumber(Number.MIN_VALUE, MAX_MAX_DAYS, 'maxDays').describe(`Largest gap between measurement and scene, days (default ${DEFAULT_MAX_DAYS})`),
  mask: maskParam,
  lat: optionalNumber(-90, 90, 'lat').describe('Where files without GPS were measured (decimal degrees; give lon too). Files with GPS keep their own position'),
  lon: optionalNumber(-180, 180, 'lon').describe('Longitude for files without GPS'),
});

const BATCH_CSV_WORDS =
  'text/csv, one row per file and band (B01-B07): file, instrument, measured_utc, time_from, lat, lon, scene_id, sensor, days_apart (scene minus measurement), band, sensor_band, field_reflectance, landsat_reflectance, difference (field minus Landsat), clear (target pixel clear), duplicate_of, reason (why a file or band has no value), synthetic, then (extension) notes (what the file says of itself: no GPS, clock time of unknown zone, a name marked BAD or WR). A file that could not be used is one row with its reason.';

export const batchResponseSchema = {
  description: `${BATCH_CSV_WORDS} With Accept: application/x-ndjson or ?format=ndjson, NDJSON lines instead`,
  content: {
    'text/csv': { schema: z.string().describe(BATCH_CSV_WORDS) },
    'application/x-ndjson': {
      schema: z.string().describe('{"type":"progress","done","total"} lines; {"type":"row",…the CSV columns as keys…} lines as each file finishes; then {"type":"done"} or {"type":"error"}'),
    },
  },
};

/** A line of the NDJSON answer of POST /api/compare/batch. */
export const batchStreamLineSchema = z.discriminatedUnion('type', [
  progressLineSchema,
  errorLineSchema,
  z.object({ type: z.literal('row') }).catchall(z.union([z.string(), z.number(), z.boolean(), z.null()])),
  z.object({ type: z.literal('done') }),
]);
export type BatchStreamLine = z.input<typeof batchStreamLineSchema>;
