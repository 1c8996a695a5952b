import { z } from 'zod';
import { mediaAnswer } from './common.js';

/** A saved outline's body: up to 256 KB of GeoJSON (a field traced at GPS resolution, ~8,000 vertices). */
export const SAVED_AREA_BODY_LIMIT_BYTES = 256 * 1024;

/** POST /api/areas: the polygon itself as GeoJSON (Polygon, MultiPolygon, Feature or a one-feature FeatureCollection, WGS 84). */
export const savedAreaBodySchema = z
  .object({ type: z.string().describe('Polygon, MultiPolygon, Feature or FeatureCollection') })
  .passthrough()
  .describe('GeoJSON Polygon, MultiPolygon, Feature or one-feature FeatureCollection in WGS 84 (holes honoured)');

export const savedAreaCreatedSchema = z.object({
  id: z.string().describe('16 characters [A-Za-z0-9_-]: the page puts it in its link as areaId=<id>; GET /api/areas/{id} gives the polygon back. The same polygon always gets the same id'),
});

export const savedAreaParamsSchema = z.object({ id: z.string().describe('The id POST /api/areas answered') });

export const savedAreaAnswer = mediaAnswer(
  'application/geo+json',
  'The polygon as a GeoJSON Polygon or MultiPolygon in WGS 84, coordinates rounded to 7 decimals (about 1 cm), as saved',
);
