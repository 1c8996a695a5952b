import { z } from 'zod';
import { dateParam, harmonizeParam, latitudeParam, longitudeParam, checkDateRange } from '../apiQuery.js';
import { MASK_WORDS, MaskParseError, type ClearMask } from '../../core/raster/clearPixel.js';
import { parseChangeMask } from '../../core/change/qaClass.js';
import { isCalendarDate } from '../../core/time/calendarDate.js';
import { mediaAnswer, openObject, satelliteSchema, sensorSchema } from './common.js';

/**
 * POST /api/change, GET /api/change and GET /api/change/stream: CCDC change detection (Zhu and
 * Woodcock 2014) as USGS LCMAP's pyccd runs it. Reflectance 0-1 (B02-B07), kelvin (B09).
 */

/** Most observations one POST may carry (a 40-year pixel has about 1,500). */
export const MAX_CHANGE_OBSERVATIONS = 20_000;
/** Largest POST body, bytes. */
export const CHANGE_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

/**
 * `mask`: which QA_PIXEL conditions count (the product's mask words); absent: pyccd's classes
 * (cloud, shadow, snow, water). Unknown words are a 400 naming the allowed ones.
 */
const changeMaskParam = z
  .string()
  .optional()
  .transform((value, ctx): ClearMask => {
    try {
      return parseChangeMask(value);
    } catch (err) {
      if (!(err instanceof MaskParseError)) throw err;
      ctx.addIssue({ code: 'custom', message: err.message.replace(/\(default [^)]*\)/, '(default for change detection: cloud,shadow,snow,water, as pyccd)') });
      return z.NEVER;
    }
  })
  .describe(
    `Which QA_PIXEL conditions make an observation unusable: comma-separated words among ${MASK_WORDS.join(', ')}, or "none"; absent: cloud,shadow,snow,water (pyccd's classes; dilated_cloud and cirrus count as cloud when named). Fill always counts.`,
  );

const reflectance = z.number().nullable().describe('Surface reflectance 0-1; null: not measured');

export const changeObservationSchema = z.object({
  date: z.string().refine(isCalendarDate, { message: 'date must be a real calendar date written YYYY-MM-DD' }).describe('Acquisition day, YYYY-MM-DD'),
  B02: reflectance.describe('Blue, reflectance 0-1; null: not measured'),
  B03: reflectance.describe('Green, reflectance 0-1; null: not measured'),
  B04: reflectance.describe('Red, reflectance 0-1; null: not measured'),
  B05: reflectance.describe('NIR, reflectance 0-1; null: not measured'),
  B06: reflectance.describe('SWIR1, reflectance 0-1; null: not measured'),
  B07: reflectance.describe('SWIR2, reflectance 0-1; null: not measured'),
  B09: z.number().nullable().describe('Surface temperature, kelvin; null: not measured'),
  qa: z
    .number()
    .int()
    .min(0)
    .max(65535)
    .describe('Collection 2 QA_PIXEL: fill bit 0, cloud bit 3, shadow bit 4, snow bit 5, water bit 7 (pyccd classes in that precedence)'),
});

export const changeRequestSchema = z.object({
  observations: z.array(changeObservationSchema).min(1).max(MAX_CHANGE_OBSERVATIONS).describe(`One pixel's observations, any order, 1 to ${MAX_CHANGE_OBSERVATIONS}`),
  mask: changeMaskParam,
});
/** The body as a client writes it. */
export type ChangeRequest = z.input<typeof changeRequestSchema>;

const bandModelSchema = openObject({
  intercept: z.number().describe("The model's value at ordinal day 0, band unit"),
  coefficients: z.array(z.number()).length(7).describe('Slope per ordinal day, then cos/sin at 1, 2 and 3 cycles a year (omega = 2 pi / 365.2425), band unit'),
  rmse: z.number().describe('Adjusted RMSE of the fit, band unit'),
  magnitude: z.number().describe('Median absolute residual of the last PEEK_SIZE observations tested against the model (the ones that confirmed the break), band unit; 0 for the catch-up and fallback models'),
});

const bandsSchema = openObject({
  B02: bandModelSchema,
  B03: bandModelSchema,
  B04: bandModelSchema,
  B05: bandModelSchema,
  B06: bandModelSchema,
  B07: bandModelSchema,
  B09: bandModelSchema,
});

export const changeSegmentSchema = openObject({
  startDate: z.string().describe('First observation of the segment, YYYY-MM-DD'),
  endDate: z.string().describe('Last observation of the segment'),
  breakDate: z.string().nullable().describe('First observation of the change; null when the segment runs to the end of the record'),
  observationCount: z.number(),
  changeProbability: z.number().describe('0-1'),
  curveQa: z.number().describe("pyccd's curve QA: 8 standard, 14 start, 24 end of record, 44 insufficient clear, 54 persistent snow"),
  procedure: z.enum(['standard', 'insufficient_clear', 'persistent_snow']),
  bands: bandsSchema.describe('Per band: the model as coefficients in reflectance (B02-B07) or kelvin (B09) per ordinal day (date.toordinal())'),
});
export type ChangeSegmentAnswer = z.infer<typeof changeSegmentSchema>;

const changeAnswerShape = {
  segments: z.array(changeSegmentSchema).describe('Oldest first'),
  observations: z.number().describe('Observations received (POST) or read from the archive (GET)'),
  usedObservations: z.number().describe('Observations the fitting procedure used'),
  algorithm: openObject({ name: z.literal('ccdc'), parameters: z.record(z.string(), z.unknown()) }),
};

export const changeResponseSchema = openObject({
  ...changeAnswerShape,
  used: z.array(z.boolean()).optional().describe('Extension: per posted observation (in the order sent), used by the procedure or not'),
});
export type ChangeResponse = z.infer<typeof changeResponseSchema>;

const bandValuesSchema = openObject({
  B02: z.number().nullable(),
  B03: z.number().nullable(),
  B04: z.number().nullable(),
  B05: z.number().nullable(),
  B06: z.number().nullable(),
  B07: z.number().nullable(),
  B09: z.number().nullable(),
});

export const changeSeriesObservationSchema = openObject({
  date: z.string().describe('YYYY-MM-DD'),
  sceneId: z.string(),
  satellite: satelliteSchema,
  sensor: sensorSchema,
  values: bandValuesSchema.describe('Reflectance 0-1 (B02-B07) and kelvin (B09) at the pixel; null: not measured'),
  qa: z.number().describe('QA_PIXEL'),
  clear: z.boolean().describe('Clear (not fill, cloud, shadow, snow or water under the mask)'),
  used: z.boolean().describe('Used by the fitting procedure'),
  fitted: bandValuesSchema.nullable().describe("The fitted value of the segment covering this date per band; null outside every segment"),
});
export type ChangeSeriesObservation = z.infer<typeof changeSeriesObservationSchema>;

/** GET /api/change and its stream: the point, an optional date range, mask and harmonisation. */
export const changeQuerySchema = z
  .object({
    lat: latitudeParam('lat'),
    lon: longitudeParam('lon'),
    startDate: dateParam('startDate', 'First acquisition date, inclusive, YYYY-MM-DD (default 1982-08-22)').optional().default('1982-08-22'),
    endDate: dateParam('endDate', 'Last acquisition date, inclusive, YYYY-MM-DD (default today, UTC)')
      .optional()
      .transform((v) => v ?? new Date().toISOString().slice(0, 10)),
    mask: changeMaskParam,
    harmonize: harmonizeParam,
  })
  .superRefine(checkDateRange);

export const changePointResponseSchema = openObject({
  ...changeAnswerShape,
  target: openObject({ lat: z.number(), lon: z.number() }),
  synthetic: z.boolean().describe('True for the synthetic demo archive'),
  harmonized: z.literal('roy2016-rma').optional().describe('TM/ETM+ reflectance harmonised to OLI before the analysis'),
  truncated: z.boolean().describe('True when the record had more scenes than the server reads for one answer (MAX_SCENES_STREAM): the oldest were left out'),
  series: z.array(changeSeriesObservationSchema).describe('Every observation of the pixel in the range, oldest first, with its fitted values'),
});
export type ChangePointResponse = z.infer<typeof changePointResponseSchema>;

export const changeStreamAnswer = mediaAnswer(
  'application/x-ndjson',
  'NDJSON lines: {"type":"progress","done","total"} while the scenes are read, then {"type":"result","result":<the GET /api/change answer>} or {"type":"error","error":{"code","message"}}',
);
