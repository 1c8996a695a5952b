import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findWrs2Tiles, seedBBoxFromTile } from '../../core/wrs2/wrs2.js';
import { latitudeParam, longitudeParam } from '../../shared/apiQuery.js';

const lngLatSchema = z.tuple([z.number(), z.number()]);

const wrs2ResponseSchema = z.object({
  tiles: z.array(
    z.object({
      path: z.number().int(),
      row: z.number().int(),
      center: lngLatSchema.describe('Nominal scene centre, [lon, lat]'),
      polygon: z.array(lngLatSchema).describe('Nominal footprint, closed ring of 5 [lon, lat]: UL, UR, LR, LL, UL'),
    }),
  ),
  bbox: z
    .object({ minLon: z.number(), maxLon: z.number(), minLat: z.number(), maxLat: z.number() })
    .nullable()
    .describe("The seed page's box from the first tile, or null when no tile contains the point"),
});

export default async function wrs2Routes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/wrs2',
    {
      schema: {
        summary: 'WRS-2 daytime tiles (path/row) whose footprint contains a point, nearest scene centre first',
        querystring: z.object({
          lat: latitudeParam('lat'),
          lon: longitudeParam('lon'),
        }),
        response: { 200: wrs2ResponseSchema },
      },
    },
    async (req) => {
      const tiles = findWrs2Tiles([req.query.lon, req.query.lat]);
      const bbox = tiles.length > 0 ? seedBBoxFromTile(tiles[0]) : null;
      return {
        tiles: tiles.map((t) => ({ path: t.path, row: t.row, center: t.centerLngLat, polygon: t.polygonLngLat })),
        bbox: bbox && { minLon: bbox.minLon, maxLon: bbox.maxLon, minLat: bbox.minLat, maxLat: bbox.maxLat },
      };
    },
  );
}
