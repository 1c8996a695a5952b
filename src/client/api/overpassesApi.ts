import { queryOptions } from '@tanstack/react-query';
import type { LngLat } from '../../core/geo/lngLat.js';
import { overpassResponseSchema } from '../../shared/api/overpasses.js';
import { requestJson } from './requestJson.js';

/** GET /api/overpasses: the predicted Landsat 8 and 9 passes over the point (default 32 days from today). */
export const overpassesQueryOptions = ([lon, lat]: LngLat) =>
  queryOptions({
    queryKey: ['overpasses', lat, lon],
    queryFn: ({ signal }) => requestJson(`/api/overpasses?lat=${lat}&lon=${lon}`, overpassResponseSchema, { signal }),
    retry: false,
  });

/** GET /api/overpasses.ics: the same passes as a calendar feed, for a link. */
export const overpassCalendarUrl = ([lon, lat]: LngLat, days: number) => `/api/overpasses.ics?lat=${lat}&lon=${lon}&days=${days}`;
