import { z } from 'zod';
import { boxShape, checkBox, checkDateRange, filterShape, latitudeParam, longitudeParam } from '../apiQuery.js';
import { openObject, satelliteSchema } from './common.js';

/** GET /api/scenes: a point (lat, lon) or a whole box, with dates and cloud limit. */
export const scenesQuerySchema = z
  .object({
    lat: latitudeParam('lat').optional(),
    lon: longitudeParam('lon').optional(),
    LON_UL: boxShape.LON_UL.optional(),
    LAT_UR: boxShape.LAT_UR.optional(),
    LON_UR: boxShape.LON_UR.optional(),
    LAT_UL: boxShape.LAT_UL.optional(),
    startDate: filterShape.startDate,
    endDate: filterShape.endDate,
    cloudCoverage: filterShape.cloudCoverage,
  })
  .superRefine((q, ctx) => {
    checkDateRange(q, ctx);
    const hasPoint = q.lat !== undefined && q.lon !== undefined;
    const boxParts = [q.LON_UL, q.LAT_UR, q.LON_UR, q.LAT_UL].filter((v) => v !== undefined).length;
    if (!hasPoint && boxParts !== 4) {
      ctx.addIssue({ code: 'custom', message: 'give a point (lat and lon) or a whole box (LON_UL, LAT_UR, LON_UR, LAT_UL)' });
    } else if (boxParts === 4) {
      checkBox(q as { LON_UL: number; LAT_UR: number; LON_UR: number; LAT_UL: number }, ctx);
    }
  })
  // The box when one is given, else the point as a degenerate box (the refinement ensured one of them).
  .transform((q) => ({
    ...q,
    bboxLngLat: (q.LON_UL !== undefined ? [q.LON_UL, q.LAT_UR, q.LON_UR, q.LAT_UL] : [q.lon, q.lat, q.lon, q.lat]) as [number, number, number, number],
  }));

export const scenesResponseSchema = openObject({
  scenes: z
    .array(
      openObject({
        id: z.string(),
        satellite: satelliteSchema,
        datetime: z.string(),
        wrsPath: z.number(),
        wrsRow: z.number(),
        cloudCover: z.number(),
        landCloudCover: z.number().nullable(),
        sunElevation: z.number().nullable(),
        sunAzimuth: z.number().nullable(),
        processingLevel: z.string().nullable(),
        collectionCategory: z.string().nullable(),
        epsg: z.number().describe('EPSG code of the raster grid'),
        footprintLngLat: z.array(z.tuple([z.number(), z.number()])).describe('Footprint ring of [lon, lat], closed'),
        bboxLngLat: z.tuple([z.number(), z.number(), z.number(), z.number()]).describe('[minLon, minLat, maxLon, maxLat]'),
        geometricRmseM: z.number().nullable().optional(),
        metadataHref: z.string().optional(),
        synthetic: z.boolean(),
      }),
    )
    .describe('Scene metadata, oldest first'),
  truncated: z.boolean(),
  limit: z.number(),
  synthetic: z.boolean(),
});
