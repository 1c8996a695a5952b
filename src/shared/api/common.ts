import { z } from 'zod';
import { LANDSAT_PLATFORMS } from '../../core/bands/missions.js';

/**
 * An answer object that keeps keys its schema does not name: the response serialiser would otherwise
 * drop them, and a documented extension would disappear from an answer because its schema lagged
 * behind. Typed with the named keys only (no `[key: string]: unknown`), so the core's result
 * interfaces, which have no index signature, still type-check against the schema in the routes.
 */
export const openObject = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape) as unknown as z.ZodObject<T>;

/** Pieces several answers share. */

export const satelliteSchema = z.enum(LANDSAT_PLATFORMS);
export const sensorSchema = z.enum(['TM', 'ETM+', 'OLI/TIRS']).describe('TM (Landsat 4, 5), ETM+ (Landsat 7) or OLI/TIRS (Landsat 8, 9)');

export const sceneSummarySchema = openObject({
  id: z.string(),
  satellite: satelliteSchema,
  sensor: sensorSchema,
  datetime: z.string().describe('Acquisition time, ISO 8601 UTC'),
  wrsPath: z.number(),
  wrsRow: z.number(),
  cloudCover: z.number().describe('Scene cloud cover, percent'),
  harmonized: z.literal('roy2016-rma').optional().describe('Extension: TM/ETM+ reflectance harmonised to OLI'),
});

export const bandStatisticsSchema = openObject({
  min: z.number().nullable(),
  max: z.number().nullable(),
  mean: z.number().nullable(),
  stDev: z.number().nullable().describe('Population standard deviation'),
  sampleCount: z.number().describe('Clear pixels that contributed'),
  noDataCount: z.number().describe('Pixels left out: not imaged, not clear under the mask, or DN 0 in this band'),
  fillCount: z.number().describe('Of those, the pixels the scene does not image at all'),
});

export const emptyAnswerExplanationSchema = openObject({
    startDate: z.string(),
    endDate: z.string(),
    cloudCoverage: z.number(),
    scenesInRange: z.number(),
    scenesInRangeCapped: z.boolean(),
    lowestCloudCover: z.number().nullable(),
    suggestedCloudCoverage: z.number().nullable(),
    scenesAtSuggestedCloudCoverage: z.number().nullable(),
    lowestCloudCoverDate: z.string().nullable(),
    seriesCloudCoverage: z.number().nullable(),
    scenesAtSeriesCloudCoverage: z.number().nullable(),
    recordStart: z.string(),
    firstSceneDates: z.record(z.string(), z.string()),
    rangeStartsBeforeRecord: z.boolean(),
    rangeEndsBeforeRecord: z.boolean(),
    rangeStartsInFuture: z.boolean(),
    landsatImagesHere: z.boolean(),
    notImagedReason: z.enum(['beyond_row_limits', 'open_ocean']).nullable(),
    sourceIsComplete: z.boolean(),
    source: z.string(),
    synthetic: z.boolean(),
  })
  .describe('Only when no scene qualifies: why, and what exists (the page turns it into words)');
export type EmptyAnswerExplanation = z.infer<typeof emptyAnswerExplanationSchema>;

/** The answer keys every series call (landsatData, pixel) shares. */
export const seriesAnswerShape = {
  mask: z.string().optional().describe('Extension: the mask used, in words'),
  truncated: z.boolean().describe('True when more scenes qualified than `limit`: the oldest were left out'),
  limit: z.number().describe('Most scenes one answer carries'),
  coveredStartDate: z.string().describe('First day covered: the requested start, or the oldest kept scene\'s day when truncated'),
  coveredEndDate: z.string().describe('Last day covered'),
  unavailableBands: z.record(z.string(), z.string()).describe('Chosen bands that Level-2 lacks, with the reason'),
  synthetic: z.boolean().describe('True for the synthetic demo archive'),
  explanation: emptyAnswerExplanationSchema.optional(),
};

/** A response documented by its media type only (PNG, CSV, GeoTIFF, iCalendar, NDJSON): nothing is serialised. */
export const mediaAnswer = (mediaType: string, description: string, schema: z.ZodType = z.string()) => ({
  description,
  content: { [mediaType]: { schema: schema.describe(description) } },
});
