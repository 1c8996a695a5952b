import { geocodeResponseSchema } from '../../shared/api/geocode.js';
import { requestJson } from './requestJson.js';

/** GET /api/geocode: places matching the words, best first. */
export const searchPlaces = (q: string, signal: AbortSignal) => requestJson(`/api/geocode?q=${encodeURIComponent(q)}`, geocodeResponseSchema, { signal });
