import { queryOptions } from '@tanstack/react-query';
import { areaResponseSchema } from '../../shared/api/area.js';
import { requestJson, requestResponse } from './requestJson.js';

const postJson = { method: 'POST', headers: { 'content-type': 'application/json' } } as const;

/**
 * POST /api/area in the query cache, keyed by the request (JSON text): per-scene statistics over the
 * polygon. The query's signal reaches fetch: a new polygon (or the panel gone) aborts the request,
 * which stops the server's reads.
 */
export function areaStatisticsQueryOptions(json: string | null) {
  return queryOptions({
    queryKey: ['area', json],
    queryFn: ({ signal }) => requestJson('/api/area', areaResponseSchema, { ...postJson, body: json!, signal }),
    enabled: json !== null,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

/** POST /api/area.csv: the same statistics as a CSV file. */
export const requestAreaCsv = async (json: string) => (await requestResponse('/api/area.csv', { ...postJson, body: json })).blob();
