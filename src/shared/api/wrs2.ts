import { z } from 'zod';
import { latitudeParam, longitudeParam } from '../apiQuery.js';

/** GET /api/wrs2: the WRS-2 tiles over a point. */
export const wrs2QuerySchema = z.object({
  lat: latitudeParam('lat'),
  lon: longitudeParam('lon'),
});

const lngLatSchema = z.tuple([z.number(), z.number()]);

const wrs2TileSchema = z.object({
  path: z.number().int(),
  row: z.number().int(),
  center: lngLatSchema.describe('Nominal scene centre, [lon, lat]'),
  polygon: z.array(lngLatSchema).describe('Nominal footprint, closed ring of 5 [lon, lat]: UL, UR, LR, LL, UL'),
});
export type Wrs2Tile = z.infer<typeof wrs2TileSchema>;

export const wrs2ResponseSchema = z.object({
  tiles: z.array(wrs2TileSchema),
  bbox: z
    .object({ minLon: z.number(), maxLon: z.number(), minLat: z.number(), maxLat: z.number() })
    .nullable()
    .describe("The seed page's box from the first tile, or null when no tile contains the point"),
});
