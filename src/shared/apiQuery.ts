import { isCalendarDate } from '../core/time/calendarDate.js';
import { z } from 'zod';
import { BAND_IDS, DEFAULT_BAND_IDS, isBandId, type BandId } from '../core/bands/bandCatalog.js';
import { DEFAULT_MASK, MASK_WORDS, MaskParseError, parseMask, type ClearMask } from '../core/raster/clearPixel.js';

/**
 * Query-string schemas shared by the server (validation + OpenAPI) and the client (types).
 * Names are the seed page's: the box is LON_UL=minLon, LAT_UR=minLat, LON_UR=maxLon, LAT_UL=maxLat.
 */

/** Most a box may span on either axis: larger boxes would be whole-scene mosaics, not "a place". */
export const MAX_BOX_KM = 400;

/**
 * Numbers are written in decimal: `45`, `-12.5`, `.5`, `1e-7` (what a program's number-to-text gives).
 * JavaScript's Number() would also read `0x2D`, `0b101`, `0o17` and `Infinity`; those are refused,
 * so a query means the same to every reader of it.
 */
const DECIMAL_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** The number a decimal string says, or undefined when it is not a finite decimal number. */
export function parseDecimal(value: string): number | undefined {
  const text = value.trim();
  if (!DECIMAL_NUMBER.test(text)) return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

const numberParam = (name: string, min: number, max: number, description: string) =>
  z
    .string()
    .trim()
    .min(1, `${name} is required`)
    .transform((value, ctx) => {
      const n = parseDecimal(value) ?? Number.NaN;
      if (!Number.isFinite(n)) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a decimal number, got "${value}"` });
        return z.NEVER;
      }
      if (n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `${name} must be between ${min} and ${max}, got ${n}` });
        return z.NEVER;
      }
      return n;
    })
    .describe(description);

export const latitudeParam = (name: string) => numberParam(name, -90, 90, `${name}: WGS84 latitude in degrees, -90 to 90`);
export const longitudeParam = (name: string) => numberParam(name, -180, 180, `${name}: WGS84 longitude in degrees, -180 to 180`);


export const dateParam = (name: string, description: string) =>
  z
    .string()
    .trim()
    .refine(isCalendarDate, { message: `${name} must be a real calendar date written YYYY-MM-DD` })
    .describe(description);

export const bandsParam = z
  .string()
  .optional()
  .transform((value, ctx): BandId[] => {
    if (value === undefined || value.trim() === '') return [...DEFAULT_BAND_IDS];
    const ids = value
      .split(',')
      .map((s) => s.trim().toUpperCase())
      .filter(Boolean);
    const unknown = ids.filter((id) => !isBandId(id));
    if (unknown.length > 0) {
      ctx.addIssue({ code: 'custom', message: `unknown band${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; known bands are ${BAND_IDS.join(', ')}` });
      return z.NEVER;
    }
    return [...new Set(ids)] as BandId[];
  })
  .describe(`Comma-separated band ids (${BAND_IDS.join(', ')}); absent or empty means ${DEFAULT_BAND_IDS.join(',')}`);

/** An optional whole number written in decimal, within [min, max], `fallback` when absent or empty. */
export const wholeNumberParam = (name: string, min: number, max: number, fallback: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value.trim() === '') return fallback;
      const n = parseDecimal(value);
      if (n === undefined || !Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a whole number from ${min} to ${max} written in decimal, got "${value}"` });
        return z.NEVER;
      }
      return n;
    });

export const cloudCoverageParam = wholeNumberParam('cloudCoverage', 0, 100, 100).describe(
  'Largest scene cloud cover accepted, whole percent 0-100 (default 100)',
);

/** The mask the words name (parseMask), or an issue in words naming every allowed one. */
function maskOrIssue(value: string | undefined, ctx: { addIssue(issue: { code: 'custom'; message: string }): void }): ClearMask {
  try {
    return parseMask(value);
  } catch (err) {
    if (!(err instanceof MaskParseError)) throw err;
    ctx.addIssue({ code: 'custom', message: err.message });
    return z.NEVER;
  }
}

/** The mask when one is given, else undefined (an export masks nothing unless asked). */
export const optionalMaskParam = z
  .string()
  .optional()
  .transform((value, ctx): ClearMask | undefined => (value === undefined || value.trim() === '' ? undefined : maskOrIssue(value, ctx)))
  .describe(`Optional: what is not clear (${MASK_WORDS.join(', ')} or "none"); pixels not clear under it get no value`);

/** `mask`: what is not clear (clearPixel.ts); unknown words are a 400 naming every allowed one. */
export const maskParam = z
  .string()
  .optional()
  .transform((value, ctx): ClearMask => maskOrIssue(value, ctx))
  .describe(
    `What is not clear: comma-separated words among ${MASK_WORDS.join(', ')} (QA_PIXEL bits as USGS documents them), or "none" to keep every imaged pixel; absent or empty means ${[...DEFAULT_MASK].join(',')}. Fill (QA_PIXEL bit 0) is never clear.`,
  );

export const filterShape = {
  startDate: dateParam('startDate', 'First acquisition date, inclusive, YYYY-MM-DD (UTC)'),
  endDate: dateParam('endDate', 'Last acquisition date, inclusive, YYYY-MM-DD (UTC)'),
  cloudCoverage: cloudCoverageParam,
  bands: bandsParam,
};

export const boxShape = {
  LON_UL: longitudeParam('LON_UL').describe('West edge of the box (minLon), degrees'),
  LAT_UR: latitudeParam('LAT_UR').describe('South edge of the box (minLat), degrees'),
  LON_UR: longitudeParam('LON_UR').describe('East edge of the box (maxLon), degrees'),
  LAT_UL: latitudeParam('LAT_UL').describe('North edge of the box (maxLat), degrees'),
};

interface DateRange {
  startDate: string;
  endDate: string;
}
interface SeedBox {
  LON_UL: number;
  LAT_UR: number;
  LON_UR: number;
  LAT_UL: number;
}

export function checkDateRange(q: DateRange, ctx: z.RefinementCtx): void {
  if (q.startDate > q.endDate) {
    ctx.addIssue({ code: 'custom', path: ['startDate'], message: `startDate ${q.startDate} is after endDate ${q.endDate}` });
  }
}

const KM_PER_DEG_LAT = 111.32;

export function checkBox(q: SeedBox, ctx: z.RefinementCtx): void {
  if (q.LON_UL >= q.LON_UR) {
    ctx.addIssue({ code: 'custom', path: ['LON_UL'], message: `the box's west edge LON_UL (${q.LON_UL}) must be less than its east edge LON_UR (${q.LON_UR})` });
  }
  if (q.LAT_UR >= q.LAT_UL) {
    ctx.addIssue({ code: 'custom', path: ['LAT_UR'], message: `the box's south edge LAT_UR (${q.LAT_UR}) must be less than its north edge LAT_UL (${q.LAT_UL})` });
  }
  const heightKm = (q.LAT_UL - q.LAT_UR) * KM_PER_DEG_LAT;
  const widestLat = Math.min(Math.abs(q.LAT_UL), Math.abs(q.LAT_UR), 90);
  const crossesEquator = q.LAT_UR < 0 && q.LAT_UL > 0;
  const widthKm = (q.LON_UR - q.LON_UL) * KM_PER_DEG_LAT * Math.cos(((crossesEquator ? 0 : widestLat) * Math.PI) / 180);
  if (heightKm > MAX_BOX_KM || widthKm > MAX_BOX_KM) {
    ctx.addIssue({
      code: 'custom',
      path: ['LON_UL'],
      message: `the box is ${Math.round(Math.max(widthKm, heightKm))} km across; at most ${MAX_BOX_KM} km is allowed`,
    });
  }
}

/** The images' `sceneId`: draw that scene (it must also meet the dates and cloud limit), not the most recent. */
const imageSceneIdParam = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_]{10,80}$/, 'sceneId must be a Landsat scene id such as LC08_L2SP_001070_20190114_02_T2')
  .optional()
  .describe('Extension: draw this scene (as /api/scenes names it) instead of the most recent qualifying one');

export const boxQuerySchema = z.object({ ...boxShape, ...filterShape, mask: maskParam, sceneId: imageSceneIdParam }).superRefine((q, ctx) => {
  checkDateRange(q, ctx);
  checkBox(q, ctx);
});

/**
 * `harmonize=oli`: TM and ETM+ surface reflectance adjusted to OLI with Roy et al. 2016's RMA
 * coefficients (src/core/bands/harmonize.ts); absent: values as archived. Anything else is refused.
 */
export const harmonizeParam = z
  .string()
  .optional()
  .transform((value, ctx): 'oli' | undefined => {
    if (value === undefined || value.trim() === '') return undefined;
    if (value.trim().toLowerCase() === 'oli') return 'oli';
    ctx.addIssue({
      code: 'custom',
      message: `harmonize must be "oli" (TM and ETM+ reflectance adjusted to OLI with the Roy et al. 2016 coefficients) or left out for values as archived, got "${value}"`,
    });
    return z.NEVER;
  })
  .describe('oli: harmonise Landsat 4/5 TM and 7 ETM+ reflectance to Landsat 8/9 OLI (Roy et al. 2016, RMA); absent: as archived');

/** landsatData and its stream: the box query plus `harmonize`. */
export const boxDataQuerySchema = z.object({ ...boxShape, ...filterShape, mask: maskParam, harmonize: harmonizeParam }).superRefine((q, ctx) => {
  checkDateRange(q, ctx);
  checkBox(q, ctx);
});

export const point3x3QuerySchema = z
  .object({
    latitude: latitudeParam('latitude'),
    longitude: longitudeParam('longitude'),
    ...boxShape,
    ...filterShape,
    sceneId: imageSceneIdParam,
  })
  .superRefine((q, ctx) => {
    checkDateRange(q, ctx);
    checkBox(q, ctx);
  });

export const pixelQuerySchema = z
  .object({
    lat: latitudeParam('lat'),
    lon: longitudeParam('lon'),
    ...filterShape,
    mask: maskParam,
    latest: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => v === 'true')
      .describe('true keeps only the most recent qualifying scene'),
    harmonize: harmonizeParam,
  })
  .superRefine(checkDateRange);

