import { z } from 'zod';
import { BAND_IDS, isBandId, type BandId } from '../../core/bands/bandCatalog.js';
import { MAX_ZOOM } from '../../core/tiles/webMercatorQuad.js';
import { checkDateRange, cloudCoverageParam, dateParam, harmonizeParam, maskParam, parseDecimal } from '../apiQuery.js';
import { mediaAnswer, openObject } from './common.js';

/**
 * Map tiles on the OGC WebMercatorQuad tile matrix set (the XYZ grid of web maps), as TiTiler names
 * them: `/tiles/WebMercatorQuad/{z}/{x}/{y}.{png|webp|tif}`, with a TileJSON and WMTS capabilities beside.
 */

export const TILE_FORMATS = ['png', 'webp', 'tif'] as const;
export const TILE_DEFAULT_BANDS: BandId[] = ['B04', 'B03', 'B02'];

const wholeInPath = (name: string) =>
  z
    .string()
    .regex(/^\d{1,6}$/, `${name} must be a whole number`)
    .transform(Number);

export const tilePathShape = {
  z: wholeInPath('z').describe(`Zoom level, 0-${MAX_ZOOM}`),
  x: wholeInPath('x').describe('Column, 0 to 2^z - 1, from the west'),
  y: wholeInPath('y').describe('Row, 0 to 2^z - 1, from the north'),
  format: z.enum(TILE_FORMATS).describe('png or webp: an image (transparent where there is no clear value); tif: float32 values, NaN nodata, EPSG:3857'),
};

const sceneIdParam = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_]{10,80}$/, 'sceneId must be a Landsat scene id such as LC08_L2SP_001070_20190114_20200830_02_T2')
  .describe('Scene id as /api/scenes, /api/pixel and /api/landsatData name it');

export const sceneTileParamsSchema = z.object({ sceneId: sceneIdParam, ...tilePathShape });
export const sceneDocParamsSchema = z.object({ sceneId: sceneIdParam });

const tileBandsParam = z
  .string()
  .optional()
  .transform((value, ctx): BandId[] => {
    if (value === undefined || value.trim() === '') return [...TILE_DEFAULT_BANDS];
    const ids = [...new Set(value.split(',').map((s) => s.trim().toUpperCase()).filter(Boolean))];
    const unknown = ids.filter((id) => !isBandId(id));
    if (unknown.length > 0 || ids.length === 0) {
      ctx.addIssue({ code: 'custom', message: `unknown band${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; known bands are ${BAND_IDS.join(', ')}` });
      return z.NEVER;
    }
    return ids as BandId[];
  })
  .describe(
    'Comma-separated band ids. Images draw 1 band as grey or 3 as R, G, B (B04,B03,B02 when all three are chosen, else the first three; two bands draw R = first, G = second, B = first); .tif tiles carry every chosen band. Default B04,B03,B02',
  );

/** `rescale=min,max`: a fixed display range in the bands' unit (reflectance or kelvin). */
const rescaleParam = z
  .string()
  .optional()
  .transform((value, ctx): { low: number; high: number } | undefined => {
    if (value === undefined || value.trim() === '') return undefined;
    const parts = value.split(',').map((p) => parseDecimal(p));
    if (parts.length !== 2 || parts.some((p) => p === undefined) || !(parts[1]! > parts[0]!)) {
      ctx.addIssue({ code: 'custom', message: `rescale must be two decimal numbers "min,max" with min < max in the bands' unit (e.g. 0,0.3 for reflectance, 250,320 for kelvin), got "${value.slice(0, 40)}"` });
      return z.NEVER;
    }
    return { low: parts[0]!, high: parts[1]! };
  })
  .describe("Fixed display range \"min,max\" in the bands' unit (reflectance, or kelvin for B10); absent: the scene's 2-98 % stretch (composites: 0-0.3 reflectance, 250-320 K)");

const drawShape = { bands: tileBandsParam, mask: maskParam, rescale: rescaleParam, harmonize: harmonizeParam };

export const sceneTileQuerySchema = z.object(drawShape);

export const compositeQuerySchema = z
  .object({
    startDate: dateParam('startDate', 'First acquisition date, inclusive, YYYY-MM-DD (UTC)'),
    endDate: dateParam('endDate', 'Last acquisition date, inclusive, YYYY-MM-DD (UTC)'),
    cloudCoverage: cloudCoverageParam,
    method: z.enum(['latest', 'median']).default('latest').describe('latest (default): each pixel from the most recent clear observation; median: the per-band median of the clear observations'),
    ...drawShape,
  })
  .superRefine((q, ctx) => {
    checkDateRange(q, ctx);
    const days = (Date.parse(q.endDate) - Date.parse(q.startDate)) / 86_400_000;
    if (days > MAX_COMPOSITE_DAYS) ctx.addIssue({ code: 'custom', path: ['endDate'], message: `a composite spans at most ${MAX_COMPOSITE_DAYS} days (about three years); this one spans ${Math.round(days)}` });
  });

export const MAX_COMPOSITE_DAYS = 3 * 366;

export const TILE_HEADERS =
  'Headers: cache-control (public, long-lived and immutable when the bytes cannot change), etag, x-synthetic, x-overview-level (the overview read, 0 = full resolution), x-stretch (images); scene tiles: x-scene-id; composites: x-composite-scenes (how many scenes were read)';

export const tileAnswer = {
  200: mediaAnswer('image/png', `A 256 x 256 tile: image/png, image/webp or image/tiff (float32 GeoTIFF, EPSG:3857) by the path's extension. ${TILE_HEADERS}`),
  304: z.null().describe('Not modified: the If-None-Match ETag matches'),
};

export const tileJsonSchema = openObject({
  tilejson: z.literal('3.0.0'),
  name: z.string(),
  description: z.string(),
  version: z.string(),
  attribution: z.string(),
  scheme: z.literal('xyz'),
  tiles: z.array(z.string()).describe('URL templates with {z}, {x}, {y}'),
  minzoom: z.number(),
  maxzoom: z.number(),
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]).describe('[west, south, east, north], degrees'),
  center: z.tuple([z.number(), z.number(), z.number()]).describe('[lon, lat, zoom]'),
});

export const wmtsAnswer = mediaAnswer('application/xml', 'OGC WMTS 1.0.0 capabilities: one layer on the WebMercatorQuad tile matrix set, a RESTful ResourceURL template for PNG and one for float32 GeoTIFF tiles');

export const compositeTileParamsSchema = z.object(tilePathShape);
