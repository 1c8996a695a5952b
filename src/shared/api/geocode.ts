import { z } from 'zod';
import { openObject } from './common.js';
import { wholeNumberParam } from '../apiQuery.js';

/** GET /api/geocode: offline place search. */
export const geocodeQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(1, 'q (the place name to search) is required')
    .max(100, 'q is at most 100 characters')
    .describe('Place name or its beginning (a city, or a natural feature: lake, mountain, cape, island, national park, desert, valley, sea, gulf), or a point: "45.5, -73.6", "45.5 -73.6", "45°30\'N 73°36\'W", "45 30 0 N 73 36 0 W"'),
  limit: wholeNumberParam('limit', 1, 10, 10).describe('Most results, 1 to 10 (default 10)'),
});

const placeSchema = openObject({
  name: z.string(),
  kind: z.string().optional().describe("'city'; a natural feature's kind: lake, mountain, pass, depression, cape, island, waterfall, sea, gulf, bay, channel, mountain range, national park, desert, valley, plain, delta, region, forest, plateau, basin, peninsula, isthmus; or 'coordinates' for a typed point (then the only result). Always sent; optional in the type so places the page writes itself need none"),
  region: z.string().optional().describe('First-level region (state, province), when the gazetteer names it'),
  country: z.string().describe("Country name in English; '' for a feature spanning several countries and for a typed point"),
  lat: z.number(),
  lon: z.number(),
  population: z.number().describe('People living there (GeoNames); 0 for a natural feature or a typed point'),
  source: z
    .enum(['Natural Earth', 'hand-written'])
    .optional()
    .describe("A natural feature's source: 'Natural Earth' (public domain, naturalearthdata.com: lakes, peaks, passes, depressions, capes, islands, seas, regions, the United States' national parks) or 'hand-written' (features those layers lack, points rounded to about 0.01°). Absent for a city (GeoNames) and a typed point"),
});
export type PlaceResult = z.infer<typeof placeSchema>;

export const geocodeResponseSchema = z.array(placeSchema).describe('Best match first');
