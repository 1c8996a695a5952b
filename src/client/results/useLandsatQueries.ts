import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { PixelResponse } from '../../shared/api/pixel.js';
import { pixelStreamQueryOptions } from '../api/pixelApi.js';
import type { LandsatDataEntry, LandsatDataResponse } from '../../shared/api/landsatData.js';
import { landsatRequestUrls, type LandsatRequest } from '../api/landsatRequestUrls.js';
import { analysisRequestUrls } from '../api/analysisRequestUrls.js';
import { isFirstCount, readNdjsonProgress, type StreamProgress } from '../api/readNdjsonProgress.js';
import { requestSceneImage, type SceneImage } from '../api/requestSceneImage.js';
import { chartRenderIntervalMs, createRenderThrottle, STREAM_RENDER_INTERVAL_MS } from '../api/renderThrottle.js';

// The statistics' schemas (and zod) load with the first Fetch, beside its request (requestJson.ts).
const landsatDataSchemas = () => import('../../shared/api/landsatData.js');

/**
 * The code a Fetch's answers are read with (the stream line and answer schemas, classic zod with them),
 * asked once the first screen is up: asked at the click, it reached a page busy with the answers a few
 * hundred milliseconds later, and the first progress line waited for it (the 40-year journey's trace).
 */
export function preloadAnswerReaders(): void {
  void Promise.all([import('../../shared/api/ndjsonStream.js'), landsatDataSchemas(), import('../../shared/api/pixel.js')]).catch(() => undefined);
}
const landsatDataResponseSchema = () => landsatDataSchemas().then((m) => m.landsatDataResponseSchema);
const landsatDataEntrySchema = () => landsatDataSchemas().then((m) => m.landsatDataEntrySchema);

/** One Fetch Data: the request and whether the pixel series covers every scene or only the latest. */
export interface FetchRequest extends LandsatRequest {
  latestPixelOnly: boolean;
}

const byDate = (a: LandsatDataEntry, b: LandsatDataEntry) => ((a.scene?.datetime ?? '') < (b.scene?.datetime ?? '') ? -1 : 1);
/** The same empty list every render (a new one would change every chart's input). */
const NO_ENTRIES: LandsatDataEntry[] = [];

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
  // Scenes' statistics as the stream sends them, so the charts fill in before the whole series is read.
  const [partial, setPartial] = useState<{ url: string; entries: LandsatDataEntry[] } | null>(null);
  const queryClient = useQueryClient();

  const image: UseQueryResult<SceneImage> = useQuery({
    ...QUERY_DEFAULTS,
    queryKey: ['landsat-image', urls?.imageUrl],
    queryFn: ({ signal }) => requestSceneImage(urls!.imageUrl, signal),
    enabled: urls !== null,
  });
  // The image, the statistics and the pixel series are asked at once. The server still makes the image
  // first: the two streams run in its series lane (src/core/workLane.ts), whose worker jobs wait behind
  // the image's, while their search and first progress line (no worker needed) run beside it. The page
  // used to ask the streams only once the image was in, so the first progress came after the image.
  const data: UseQueryResult<LandsatDataResponse> = useQuery({
    ...QUERY_DEFAULTS,
    queryKey: ['landsat-data', urls?.dataStreamUrl],
    queryFn: async ({ signal }) => {
      const url = urls!.dataStreamUrl;
      setPartial({ url, entries: [] });
      // The stream's scenes and progress reach the page in batches (renderThrottle.ts), not a render per
      // line: progress every half second, the scenes (every chart re-drawn) less often as they add up.
      let arrived: LandsatDataEntry[] = [];
      let shown = 0;
      let progress: StreamProgress | null = null;
      const progressThrottle = createRenderThrottle(STREAM_RENDER_INTERVAL_MS, () => progress && setDataProgress({ url, progress }), { signal });
      const entriesThrottle = createRenderThrottle(() => chartRenderIntervalMs(shown), () => {
        const items = arrived;
        arrived = [];
        shown += items.length;
        if (items.length > 0) setPartial((prev) => (prev && prev.url === url ? { url, entries: [...prev.entries, ...items] } : { url, entries: items }));
      }, { signal });
      try {
        return await readNdjsonProgress(url, landsatDataResponseSchema, {
          signal,
          onProgress: (p) => {
            // The first count of scenes is shown at once ("0 of 1,842"), not when the interval allows.
            const firstCount = isFirstCount(progress, p);
            progress = p;
            progressThrottle.request({ now: firstCount });
          },
          items: {
            schema: landsatDataEntrySchema,
            onItem: (item) => {
              arrived.push(item);
              entriesThrottle.request();
            },
          },
        });
      } finally {
        progressThrottle.flush();
        entriesThrottle.flush();
      }
    },
    enabled: urls !== null,
  });
  const pixelUrl = urls?.pixelStreamUrl;
  const pixels: UseQueryResult<PixelResponse> = useQuery(pixelStreamQueryOptions(pixelUrl, urls !== null, (progress) => setPixelProgress({ url: pixelUrl!, progress })));

  const imageUrl = urls?.imageUrl;
  const dataStreamUrl = urls?.dataStreamUrl;
  const pixelStreamUrl = urls?.pixelStreamUrl;
  /** Cancel: aborts the three requests (their connections close, so the server stops reading too). */
  const cancel = useCallback(() => {
    void queryClient.cancelQueries({ queryKey: ['landsat-image', imageUrl] });
    void queryClient.cancelQueries({ queryKey: ['landsat-data', dataStreamUrl] });
    void queryClient.cancelQueries({ queryKey: ['pixel-series', pixelStreamUrl] });
  }, [queryClient, imageUrl, dataStreamUrl, pixelStreamUrl]);

  // Sorted once per hand-over of scenes, not on every render: a new array each render (the progress
  // line re-renders the page every half second) would re-draw every chart with it.
  const currentUrl = urls?.dataStreamUrl;
  const partialEntries = useMemo(() => (partial && partial.url === currentUrl ? [...partial.entries].sort(byDate) : NO_ENTRIES), [partial, currentUrl]);

  return {
    image,
    data,
    pixels,
    cancel,
    /** The scenes' statistics received so far (oldest first) while the series is still streaming. */
    partialEntries,
    /** Progress of the current request's streams only (a stale stream's lines are ignored). */
    dataProgress: dataProgress && dataProgress.url === urls?.dataStreamUrl ? dataProgress.progress : null,
    pixelProgress: pixelProgress && pixelProgress.url === urls?.pixelStreamUrl ? pixelProgress.progress : null,
  };
}
