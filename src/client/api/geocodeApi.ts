import { queryOptions } from '@tanstack/react-query';
import { requestJson } from './requestJson.js';

/** Loaded with the first search, not on the first screen (requestJson.ts). */
const geocodeResponseSchema = () => import('../../shared/api/geocode.js').then((m) => m.geocodeResponseSchema);

/**
 * GET /api/geocode in the query cache: places matching the words, best first. The query's signal
 * reaches fetch, so a search the person typed past (no longer observed) is aborted.
 */
export function geocodeQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['geocode', q],
    queryFn: ({ signal }) => requestJson(`/api/geocode?q=${encodeURIComponent(q)}`, geocodeResponseSchema, { signal }),
    enabled: q !== '',
    retry: false,
    staleTime: 10 * 60_000,
  });
}
