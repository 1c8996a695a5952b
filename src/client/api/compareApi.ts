import { queryOptions } from '@tanstack/react-query';
import { compareResponseSchema } from '../../shared/api/compare.js';
import { requestJson } from './requestJson.js';

/**
 * POST /api/compare in the query cache, keyed by the request (JSON text, whose size the page checks
 * first). The query's signal reaches fetch: a newer comparison (or the section gone) aborts it.
 */
export function compareQueryOptions(json: string | null) {
  return queryOptions({
    queryKey: ['compare', json],
    queryFn: ({ signal }) => requestJson('/api/compare', compareResponseSchema, { method: 'POST', body: json!, headers: { 'Content-Type': 'application/json' }, signal }),
    enabled: json !== null,
    retry: false,
    staleTime: 5 * 60_000,
  });
}
