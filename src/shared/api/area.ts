import { z } from 'zod';
import { BAND_IDS, DEFAULT_BAND_IDS, isBandId, type BandId } from '../../core/bands/bandCatalog.js';
import { AREA_JOB_MAX_KM2, AREA_MAX_KM2 } from '../../core/area/areaLimits.js';
import { checkDateRange, dateParam, harmonizeParam, maskParam } from '../apiQuery.js';
import { mediaAnswer } from './common.js';

/** Bodies up to 1 MB: a field outline traced at GPS resolution is rarely more than a few hundred KB. */
export const AREA_BODY_LIMIT_BYTES = 1024 * 1024;

const bandsField = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value, ctx): BandId[] => {
    const ids = (Array.isArray(value) ? value : (value ?? '').split(',')).map((s) => s.trim().toUpperCase()).filter(Boolean);
    if (ids.length === 0) return [...DEFAULT_BAND_IDS];
    const unknown = ids.filter((id) => !isBandId(id));
    if (unknown.length > 0) {
      ctx.addIssue({ code: 'custom', message: `unknown band${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; known bands are ${BAND_IDS.join(', ')}` });
      return z.NEVER;
    }
    return [...new Set(ids)] as BandId[];
  })
  .describe(`Band ids as an array or comma-separated (${BAND_IDS.join(', ')}); absent means ${DEFAULT_BAND_IDS.join(',')}`);

const areaBodyShape = {
  geometry: z
    .unknown()
    .refine((g) => g !== undefined && g !== null, 'geometry is required: a GeoJSON Polygon, MultiPolygon, Feature or one-feature FeatureCollection in WGS 84')
    .describe(`GeoJSON Polygon, MultiPolygon, Feature or one-feature FeatureCollection in WGS 84 (holes honoured): at most ${AREA_MAX_KM2} km² over a year per request (more answers 413 with a job offer); at most ${AREA_JOB_MAX_KM2} km² per job`),
  startDate: dateParam('startDate', 'First acquisition date, inclusive, YYYY-MM-DD (UTC)'),
  endDate: dateParam('endDate', 'Last acquisition date, inclusive, YYYY-MM-DD (UTC)'),
  cloudCoverage: z.number().int().min(0).max(100).default(100).describe('Largest scene cloud cover accepted, whole percent 0-100 (default 100)'),
  bands: bandsField,
  mask: maskParam,
  harmonize: harmonizeParam,
};

export const areaBodySchema = z
  .object({
    ...areaBodyShape,
    resolution: z
      .enum(['auto', 'full'])
      .default('auto')
      .describe(
        'Extension. "auto" (default): the 30 m pixels while the polygon over all its scenes is at most 40 million of them, else the archive\'s overview whose pixels fit (60, 120, 240 or 480 m; the answer\'s overviewLevel and each scene\'s pixelSizeM say which). "full": the 30 m pixels, however long it takes (a job always measures them)',
      ),
  })
  .superRefine(checkDateRange);

export type AreaBody = z.output<typeof areaBodySchema>;

/** POST /api/jobs with the body of POST /api/area: an area job (`analysis` may say so; the geometry does). */
export const areaJobBodySchema = z
  .object({ ...areaBodyShape, analysis: z.literal('area').optional().describe('Optional: "area" (a body with a geometry is an area job)') })
  .superRefine(checkDateRange);

const stats = z.object({
  mean: z.number().nullable(),
  median: z.number().nullable(),
  stDev: z.number().nullable().describe('Population standard deviation'),
  min: z.number().nullable(),
  max: z.number().nullable(),
  count: z.number(),
});

export const areaResponseSchema = z.object({
  scenes: z.array(
    z.object({
      scene: z.object({
        id: z.string(),
        satellite: z.string(),
        sensor: z.string().optional().describe('Extension: TM, ETM+ or OLI/TIRS'),
        harmonized: z.string().optional().describe('Extension: roy2016-rma when TM/ETM+ reflectance was harmonised to OLI (harmonize=oli); absent otherwise'),
        datetime: z.string(),
        wrsPath: z.number(),
        wrsRow: z.number(),
        cloudCover: z.number(),
      }),
      pixelCount: z.number().describe('Imaged pixels whose centre lies inside the polygon'),
      clearCount: z.number().describe('Of those, the clear ones under the mask'),
      pixelSizeM: z.number().describe('Extension: ground size of the pixels counted, metres (30, or an overview\'s: see resolution)'),
      bands: z.record(z.string(), stats),
      missingBands: z.record(z.string(), z.string()).optional(),
    }),
  ),
  truncated: z.boolean(),
  limit: z.number(),
  coveredStartDate: z.string().optional(),
  coveredEndDate: z.string().optional(),
  unavailableBands: z.record(z.string(), z.string()),
  synthetic: z.boolean(),
  mask: z.string().describe('Extension: the mask used, in words'),
  areaKm2: z.number().describe('Extension: the polygon area on the sphere, km²'),
  overviewLevel: z.number().describe('Extension: 0 = the scenes were measured on their 30 m pixels; n = on the n-th overview (pixels 30 x 2^n m), the pixel budget of a request (resolution "auto"); a file with fewer overviews uses its coarsest, as its scene\'s pixelSizeM says'),
  explanation: z.unknown().optional(),
});

export const areaCsvAnswer = mediaAnswer('text/csv', 'One row per scene and band: the statistics of the answer of POST /api/area');
export const areaStreamAnswer = mediaAnswer(
  'application/x-ndjson',
  'NDJSON lines: {"type":"progress","done","total"}, then {"type":"result","result":<the POST /api/area answer>} or {"type":"error","error":{"code","message"}}',
);
export type AreaStatistics = z.output<typeof areaResponseSchema>;

/** 413: more than one request measures. `job` (when a job can do it) says where to send the same body. */
export const areaRefusalSchema = z.object({
  error: z.object({
    code: z.string().describe('area_too_large'),
    message: z.string(),
    job: z
      .object({ method: z.literal('POST'), path: z.literal('/api/jobs'), note: z.string() })
      .optional()
      .describe('The job that measures this area: POST the same JSON body to /api/jobs (202 {"id"}), then GET /api/jobs/{id}/result.csv'),
  }),
});
