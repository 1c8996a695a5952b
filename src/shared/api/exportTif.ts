import { z } from 'zod';
import { BAND_CATALOG, BAND_IDS, isBandId } from '../../core/bands/bandCatalog.js';
import type { ExportBandId } from '../../core/export/exportGeoTiff.js';
import { boxShape, checkBox, optionalMaskParam } from '../apiQuery.js';
import { mediaAnswer, openObject } from './common.js';

const EXPORT_IDS = [...BAND_IDS.filter((id) => BAND_CATALOG[id].asset !== null), 'QA'];

/** `bands` of an export: ids in the order the file's bands take, QA for QA_PIXEL; Level-1-only or unknown ids are a 400. */
export const exportBandsParam = z
  .string()
  .trim()
  .min(1, `bands is required: comma-separated ids among ${EXPORT_IDS.join(', ')}`)
  .transform((value, ctx): ExportBandId[] => {
    const ids = [...new Set(value.split(',').map((s) => s.trim().toUpperCase()).filter(Boolean))];
    const problems: string[] = [];
    for (const id of ids) {
      if (id === 'QA') continue;
      if (!isBandId(id)) problems.push(`unknown band ${id}`);
      else if (BAND_CATALOG[id].asset === null) problems.push(`${id}: ${BAND_CATALOG[id].unavailableReason}`);
    }
    if (problems.length > 0 || ids.length === 0) {
      ctx.addIssue({ code: 'custom', message: `${problems.join('; ') || 'no band given'}; an export takes ${EXPORT_IDS.join(', ')}` });
      return z.NEVER;
    }
    return ids as ExportBandId[];
  })
  .describe(`Comma-separated ids, one file band each in this order: ${EXPORT_IDS.join(', ')} (QA = QA_PIXEL)`);

const sceneIdParam = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_]{10,80}$/, 'sceneId must be a Landsat scene id such as LC08_L2SP_001070_20190114_02_T2')
  .describe('Scene id as /api/scenes, /api/pixel and /api/landsatData name it');
const formatParam = z.enum(['dn', 'reflectance']).default('dn').describe('dn (default): uint16 DNs, nodata 0, scale/offset in the GDAL metadata; reflectance: float32 physical values, NaN where there is none');

/** Exactly one of a whole box or a geometry. */
function checkBoxOrGeometry(q: { LON_UL?: number; LAT_UR?: number; LON_UR?: number; LAT_UL?: number; geometry?: unknown }, ctx: z.RefinementCtx) {
  const boxParts = [q.LON_UL, q.LAT_UR, q.LON_UR, q.LAT_UL].filter((v) => v !== undefined).length;
  if ((boxParts === 4) === (q.geometry !== undefined) || (boxParts !== 0 && boxParts !== 4)) {
    ctx.addIssue({ code: 'custom', message: 'give either a whole box (LON_UL, LAT_UR, LON_UR, LAT_UL) or a geometry, exactly one of them' });
  } else if (boxParts === 4) {
    checkBox(q as { LON_UL: number; LAT_UR: number; LON_UR: number; LAT_UL: number }, ctx);
  }
}

export const exportTifQuerySchema = z
  .object({
    sceneId: sceneIdParam,
    bands: exportBandsParam,
    LON_UL: boxShape.LON_UL.optional(),
    LAT_UR: boxShape.LAT_UR.optional(),
    LON_UR: boxShape.LON_UR.optional(),
    LAT_UL: boxShape.LAT_UL.optional(),
    geometry: z.string().optional().describe('Instead of the box: a GeoJSON Polygon, MultiPolygon or Feature in WGS 84, URL-encoded (a long outline: POST the same fields as JSON)'),
    format: formatParam,
    mask: optionalMaskParam,
  })
  .superRefine(checkBoxOrGeometry);

/** Most bytes of a POST /api/export.tif body: a polygon outline of up to ~30,000 vertices. */
export const EXPORT_BODY_LIMIT_BYTES = 1024 * 1024;

/** POST /api/export.tif: the same fields as JSON, the geometry as a GeoJSON object (no URL length limit). */
export const exportTifBodySchema = z
  .object({
    sceneId: sceneIdParam,
    bands: z.union([z.array(z.string()).transform((ids) => ids.join(',')), z.string()]).pipe(exportBandsParam),
    geometry: z
      .union([z.string(), z.object({ type: z.string() }).passthrough()])
      .transform((g) => (typeof g === 'string' ? g : JSON.stringify(g)))
      .describe('A GeoJSON Polygon, MultiPolygon or Feature in WGS 84: pixels whose centre lies outside it are nodata'),
    format: formatParam,
    mask: optionalMaskParam,
  });

export const exportTifAnswer = mediaAnswer(
  'image/tiff; application=geotiff; profile=cloud-optimized',
  "Cloud-Optimized GeoTIFF on the scene's own grid, one band per chosen band (attachment): at full resolution when pixels x bands fit EXPORT_MAX_VALUES (default 50,000,000), else from the scene's first internal overview that fits (file name ends in the pixel size, e.g. _60m.tif). Headers: x-scene-id, x-synthetic, x-pixel-size-m (ground size of one written pixel), x-overview-level (0 = full resolution)",
);

/** GET /api/export.json: the STAC Item (STAC 1.1.0) describing the GeoTIFF the same query exports. */
export const exportStacItemAnswer = openObject({
  type: z.literal('Feature'),
  stac_version: z.literal('1.1.0'),
  stac_extensions: z.array(z.string()).describe('projection v2.0.0, raster v2.0.0, eo v2.0.0, file v2.1.0, processing v1.1.0'),
  id: z.string(),
  geometry: openObject({ type: z.literal('Polygon'), coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))) }),
  bbox: z.array(z.number()),
  properties: openObject({
    datetime: z.string(),
    platform: z.string(),
    'proj:code': z.string(),
    'proj:shape': z.array(z.number()),
    'proj:transform': z.array(z.number()),
    'processing:software': z.record(z.string(), z.string()),
    'processing:lineage': z.string(),
    'landsat:scene_id': z.string().describe('The source scene'),
    'otf:mask': z.string().nullable().describe('QA_PIXEL words hidden as nodata, or null when no mask was applied'),
    'otf:harmonization': z.string().nullable(),
    'otf:synthetic': z.boolean().describe('True for the demo archive: not Landsat data'),
  }),
  links: z.array(openObject({ rel: z.string(), href: z.string() })).describe('self, and derived_from: the source scene\'s STAC Item where the archive publishes one'),
  assets: z.record(z.string(), openObject({ href: z.string(), type: z.string(), 'file:size': z.number(), 'file:checksum': z.string(), bands: z.array(openObject({ name: z.string() })) })),
});
