import { compareResponseSchema } from '../../shared/api/compare.js';
import { requestJson } from './requestJson.js';

/** POST /api/compare with the request already as JSON text (the page checks its size first). */
export const compareFieldMeasurement = (json: string, signal: AbortSignal) =>
  requestJson('/api/compare', compareResponseSchema, { method: 'POST', body: json, headers: { 'Content-Type': 'application/json' }, signal });
