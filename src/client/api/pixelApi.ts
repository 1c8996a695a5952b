import { queryOptions } from '@tanstack/react-query';
import type { LngLat } from '../../core/geo/lngLat.js';
import { isFirstCount, readNdjsonProgress, type StreamProgress } from './readNdjsonProgress.js';
import { createRenderThrottle, STREAM_RENDER_INTERVAL_MS } from './renderThrottle.js';
import { withMask } from './landsatRequestUrls.js';
import { requestJson } from './requestJson.js';

/** Loaded with the first pixel request, not on the first screen (requestJson.ts). */
const pixelResponseSchema = () => import('../../shared/api/pixel.js').then((m) => m.pixelResponseSchema);

/** What GET /api/pixel and /api/pixel/stream take. */
export interface PixelQuery {
  lngLat: LngLat;
  startDate: string;
  endDate: string;
  cloudCoverage: number;
  bands: readonly string[];
  /** Only the most recent qualifying scene. */
  latest?: boolean;
  /** The API's `mask`; the default text is left out of the URL. */
  mask?: string;
  /** Harmonise TM/ETM+ reflectance to OLI. */
  harmonize?: boolean;
}

function pixelParams(q: PixelQuery): URLSearchParams {
  const params = new URLSearchParams({
    lat: String(q.lngLat[1]),
    lon: String(q.lngLat[0]),
    startDate: q.startDate,
    endDate: q.endDate,
    cloudCoverage: String(q.cloudCoverage),
    bands: q.bands.join(','),
  });
  if (q.latest) params.set('latest', 'true');
  withMask(params, q.mask);
  if (q.harmonize) params.set('harmonize', 'oli');
  return params;
}

export const pixelUrl = (q: PixelQuery) => `/api/pixel?${pixelParams(q)}`;
/** The same series as NDJSON with progress (readNdjsonProgress). */
export const pixelStreamUrl = (q: PixelQuery) => `/api/pixel/stream?${pixelParams(q)}`;

/** The pixel answer in the query cache; TanStack's signal aborts it when nothing observes it any more. */
export function pixelQueryOptions(q: PixelQuery, enabled = true) {
  const url = pixelUrl(q);
  return queryOptions({
    queryKey: ['pixel', url],
    queryFn: ({ signal }) => requestJson(url, pixelResponseSchema, { signal }),
    enabled,
    retry: false,
    staleTime: Infinity,
  });
}

/**
 * The pixel series as NDJSON in the query cache, its progress handed to `onProgress` (not once the
 * query is aborted). The query's signal cancels the stream, which stops the server's range reads.
 */
export function pixelStreamQueryOptions(url: string | undefined, enabled: boolean, onProgress: (progress: StreamProgress) => void) {
  return queryOptions({
    queryKey: ['pixel-series', url],
    queryFn: async ({ signal }) => {
      let latest: StreamProgress | null = null;
      const throttle = createRenderThrottle(STREAM_RENDER_INTERVAL_MS, () => latest && onProgress(latest), { signal });
      try {
        return await readNdjsonProgress(url!, pixelResponseSchema, {
          signal,
          onProgress: (progress) => {
            const firstCount = isFirstCount(latest, progress);
            latest = progress;
            throttle.request({ now: firstCount });
          },
        });
      } finally {
        throttle.flush();
      }
    },
    enabled: enabled && url !== undefined,
    retry: false,
    staleTime: 5 * 60_000,
    gcTime: 10 * 60_000,
    refetchOnWindowFocus: false,
  });
}
