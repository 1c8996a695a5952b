import { queryOptions } from '@tanstack/react-query';
import { areaResponseSchema } from '../../shared/api/area.js';
import { requestResponse } from './requestJson.js';
import { readNdjsonProgress, type StreamProgress } from './readNdjsonProgress.js';

const postJson = { method: 'POST', headers: { 'content-type': 'application/json' } } as const;

/**
 * POST /api/area/stream in the query cache, keyed by the request (JSON text): per-scene statistics over
 * the polygon, with "scene N of M" as they are measured (`onProgress`). The query's signal reaches fetch:
 * Cancel, a new polygon or the panel gone aborts the request, which closes the stream and stops the
 * server's work (issue 33).
 */
export function areaStatisticsQueryOptions(json: string | null, onProgress?: (progress: StreamProgress) => void) {
  return queryOptions({
    queryKey: ['area', json],
    queryFn: ({ signal }) => readNdjsonProgress('/api/area/stream', areaResponseSchema, { signal, onProgress, request: { ...postJson, headers: { ...postJson.headers }, body: json! } }),
    enabled: json !== null,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** POST /api/area.csv: the same statistics as a CSV file. */
export const requestAreaCsv = async (json: string) => (await requestResponse('/api/area.csv', { ...postJson, body: json })).blob();
