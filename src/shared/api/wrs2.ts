import { z } from 'zod';
import { latitudeParam, longitudeParam } from '../apiQuery.js';

/** GET /api/wrs2: the WRS-2 tiles over a point. Its answer's schema is in wrs2Answer.ts (zod/mini: the page's first screen reads it). */
export const wrs2QuerySchema = z.object({
  lat: latitudeParam('lat'),
  lon: longitudeParam('lon'),
});
export type { Wrs2Tile } from './wrs2Answer.js';
