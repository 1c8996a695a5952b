import { z } from 'zod';
import { openObject } from './common.js';
import { wholeNumberParam } from '../apiQuery.js';

/** GET /api/geocode: offline place search. */
export const geocodeQuerySchema = z.object({
  q: z.string().trim().min(1, 'q (the place name to search) is required').max(100, 'q is at most 100 characters').describe('Place name or its beginning'),
  limit: wholeNumberParam('limit', 1, 10, 10).describe('Most results, 1 to 10 (default 10)'),
});

const placeSchema = openObject({
  name: z.string(),
  region: z.string().optional().describe('First-level region (state, province), when the gazetteer names it'),
  country: z.string().describe('Country name in English'),
  lat: z.number(),
  lon: z.number(),
  population: z.number(),
});
export type PlaceResult = z.infer<typeof placeSchema>;

export const geocodeResponseSchema = z.array(placeSchema).describe('Best match first');
