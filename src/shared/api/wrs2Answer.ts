// zod/mini (issue 33): the page reads this answer for its first screen (the footprints around the
// default point), so it must not bring classic zod; the query's schema (wrs2.ts) stays classic.
import * as z from 'zod/mini';

const lngLatSchema = z.tuple([z.number(), z.number()]);

const wrs2TileSchema = z.object({
  path: z.int(),
  row: z.int(),
  center: lngLatSchema.check(z.describe('Nominal scene centre, [lon, lat]')),
  polygon: z.array(lngLatSchema).check(z.describe('Nominal footprint, closed ring of 5 [lon, lat]: UL, UR, LR, LL, UL')),
});
export type Wrs2Tile = z.infer<typeof wrs2TileSchema>;

/** GET /api/wrs2's answer: the WRS-2 tiles over a point. */
export const wrs2ResponseSchema = z.object({
  tiles: z.array(wrs2TileSchema),
  bbox: z
    .nullable(z.object({ minLon: z.number(), maxLon: z.number(), minLat: z.number(), maxLat: z.number() }))
    .check(z.describe("The seed page's box from the first tile, or null when no tile contains the point")),
});
