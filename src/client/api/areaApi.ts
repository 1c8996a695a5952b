import { areaResponseSchema } from '../../shared/api/area.js';
import { requestJson, requestResponse } from './requestJson.js';

const postJson = { method: 'POST', headers: { 'content-type': 'application/json' } } as const;

/** POST /api/area with the request already as JSON text: per-scene statistics over the polygon. */
export const requestAreaStatistics = (json: string) => requestJson('/api/area', areaResponseSchema, { ...postJson, body: json });

/** POST /api/area.csv: the same statistics as a CSV file. */
export const requestAreaCsv = async (json: string) => (await requestResponse('/api/area.csv', { ...postJson, body: json })).blob();
