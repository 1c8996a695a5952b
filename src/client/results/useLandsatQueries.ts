import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { PixelResponse } from '../../core/landsat/landsatService.js';
import type { LandsatDataResponse } from '../api/apiTypes.js';
import { landsatRequestUrls, type LandsatRequest } from '../api/landsatRequestUrls.js';
import { analysisRequestUrls } from '../analysis/analysisRequestUrls.js';
import { readNdjsonProgress, type StreamProgress } from '../analysis/readNdjsonProgress.js';
import { requestSceneImage, type SceneImage } from '../analysis/requestSceneImage.js';

/** One Fetch Data: the request and whether the pixel series covers every scene or only the latest. */
export interface FetchRequest extends LandsatRequest {
  latestPixelOnly: boolean;
}

/** The server already retries the archive; a 4xx answer would only repeat. */
const QUERY_DEFAULTS = { retry: false, staleTime: 5 * 60_000, gcTime: 10 * 60_000, refetchOnWindowFocus: false } as const;

/**
 * The server state of one fetch in the query cache: the image, the statistics series (streamed with
 * progress) and the pixel series (streamed with progress). Each query's AbortSignal reaches fetch:
 * a new request (another key) leaves the old queries unobserved, so TanStack Query aborts them,
 * which closes the connections and stops the server's range reads.
 */
export function useLandsatQueries(request: FetchRequest | null) {
  const urls = request ? { ...landsatRequestUrls(request), ...analysisRequestUrls(request, request.latestPixelOnly) } : null;
  const [dataProgress, setDataProgress] = useState<{ url: string; progress: StreamProgress } | null>(null);
  const [pixelProgress, setPixelProgress] = useState<{ url: string; progress: StreamProgress } | null>(null);

  const image: UseQueryResult<SceneImage> = useQuery({
    ...QUERY_DEFAULTS,
    queryKey: ['landsat-image', urls?.imageUrl],
    queryFn: ({ signal }) => requestSceneImage(urls!.imageUrl, signal),
    enabled: urls !== null,
  });
  const data: UseQueryResult<LandsatDataResponse> = useQuery({
    ...QUERY_DEFAULTS,
    queryKey: ['landsat-data', urls?.dataStreamUrl],
    queryFn: ({ signal }) => {
      const url = urls!.dataStreamUrl;
      return readNdjsonProgress<LandsatDataResponse>(url, { signal, onProgress: (progress) => !signal.aborted && setDataProgress({ url, progress }) });
    },
    enabled: urls !== null,
  });
  const pixels: UseQueryResult<PixelResponse> = useQuery({
    ...QUERY_DEFAULTS,
    queryKey: ['pixel-series', urls?.pixelStreamUrl],
    queryFn: ({ signal }) => {
      const url = urls!.pixelStreamUrl;
      return readNdjsonProgress<PixelResponse>(url, { signal, onProgress: (progress) => !signal.aborted && setPixelProgress({ url, progress }) });
    },
    enabled: urls !== null,
  });

  return {
    image,
    data,
    pixels,
    /** Progress of the current request's streams only (a stale stream's lines are ignored). */
    dataProgress: dataProgress && dataProgress.url === urls?.dataStreamUrl ? dataProgress.progress : null,
    pixelProgress: pixelProgress && pixelProgress.url === urls?.pixelStreamUrl ? pixelProgress.progress : null,
  };
}
