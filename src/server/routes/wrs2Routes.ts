import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { findWrs2Tiles, seedBBoxFromTile } from '../../core/wrs2/wrs2.js';
import { wrs2QuerySchema } from '../../shared/api/wrs2.js';
import { wrs2ResponseSchema } from '../../shared/api/wrs2Answer.js';

export default async function wrs2Routes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/wrs2',
    {
      schema: {
        summary: 'WRS-2 daytime tiles (path/row) whose footprint contains a point, nearest scene centre first',
        querystring: wrs2QuerySchema,
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
