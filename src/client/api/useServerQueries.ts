import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LngLat } from '../../core/geo/lngLat.js';
import type { PageConfig } from '../../shared/api/health.js';
import { wrs2ResponseSchema } from '../../shared/api/wrs2Answer.js';
import { configQueryOptions } from './configApi.js';
import { requestJson } from './requestJson.js';

/** Used when /api/config cannot be read: the server's own default (OSM standard tiles). */
/** The config the page runs on: the server's, or the fallback, which cannot say the server's scene limit or email delivery. */
type PageSettings = Omit<PageConfig, 'maxScenes' | 'emailDelivery'> & Partial<Pick<PageConfig, 'maxScenes' | 'emailDelivery'>>;

export const FALLBACK_CONFIG: PageSettings = {
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  tileAttribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
  source: 'unknown',
  synthetic: false,
};

/** What the page needs from the server (tiles, source, synthetic); falls back to OSM tiles when unreadable. */
export function usePageConfig(): PageSettings | null {
  const query = useQuery(
    configQueryOptions((err) => {
      console.error('Could not read /api/config; using OpenStreetMap tiles:', err);
      return FALLBACK_CONFIG;
    }),
  );
  return query.data ?? null;
}

/**
 * The WRS-2 footprints holding a point and the seed's box (centre of the four corners plus the
 * largest corner offset), asked for every chosen point, the default one included, so the analysis
 * area is the same however the point was picked. A newer point aborts the older lookup.
 */
export function useFootprintQuery(lngLat: LngLat) {
  return useQuery(footprintQueryOptions(lngLat));
}

/** The footprint query, also awaited by Fetch Data when it is still on its way (no fallback box by accident). */
export function footprintQueryOptions([lon, lat]: LngLat) {
  return queryOptions({
    queryKey: ['wrs2', lat, lon],
    queryFn: ({ signal }) => requestJson(`/api/wrs2?lat=${lat}&lon=${lon}`, wrs2ResponseSchema, { signal }),
    staleTime: Infinity,
    retry: false,
  });
}
