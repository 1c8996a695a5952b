import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PixelResponse } from '../../shared/api/pixel.js';
import { analysisRequestUrls } from '../api/analysisRequestUrls.js';
import { landsatRequestUrls } from '../api/landsatRequestUrls.js';
import { pixelStreamQueryOptions } from '../api/pixelApi.js';
import { requestSceneImage } from '../api/requestSceneImage.js';
import type { FetchRequest } from './useLandsatQueries.js';

/**
 * The image of the scene chosen in the scene list, so the figure, its caption, the map overlay and
 * the downloads all show that scene (not the most recent one beside its tables): the image call
 * with `sceneId` (over that scene's UTC day at any cloud cover) draws it.
 * Null when no scene is chosen or the chosen one is the image already shown.
 */
export function useChosenSceneImage(request: FetchRequest | null, chosen: { id: string; datetime: string } | null, shownSceneId: string | null) {
  const day = chosen?.datetime.slice(0, 10);
  // That day at any cloud cover, and `sceneId`: two rows of one path image a point on the same day.
  const url =
    request && chosen && day && chosen.id !== shownSceneId
      ? `${landsatRequestUrls({ ...request, startDate: day, endDate: day, cloudCoverage: 100 }).imageUrl}&${new URLSearchParams({ sceneId: chosen.id })}`
      : null;
  const query = useQuery({ queryKey: ['landsat-image', url], queryFn: ({ signal }) => requestSceneImage(url!, signal), enabled: url !== null, retry: false, staleTime: Infinity });
  return url ? query : null;
}

/**
 * The most recent scene whose target pixel (the centre of the 3 x 3) is clear under the request's mask,
 * among `listed` (the scenes the page lists: a scene box keeps its own path/row, the point may lie in two).
 */
export function latestClearSceneId(pixels: Pick<PixelResponse, 'scenes'> | null | undefined, listed?: ReadonlySet<string>): string | null {
  const clear = (pixels?.scenes ?? []).filter((s) => s.clear?.[1]?.[1] === true && (!listed || listed.has(s.id)));
  clear.sort((a, b) => (a.datetime < b.datetime ? 1 : -1));
  return clear[0]?.id ?? null;
}

export type LatestClearState = { kind: 'idle' } | { kind: 'searching' } | { kind: 'none' } | { kind: 'failed'; message: string };

/**
 * "Show the latest clear scene": picks it from the pixel series (QA of the target pixel per scene).
 * When the fetch read only the most recent scene, the series of every scene is read first.
 */
export function useLatestClearScene(request: (FetchRequest & { id: number }) | null, pixels: PixelResponse | null | undefined, listed: ReadonlySet<string>, onFound: (sceneId: string) => void) {
  const [askedFor, setAskedFor] = useState<number | null>(null);
  const asked = request !== null && askedFor === request.id;
  const allUrl = request && request.latestPixelOnly ? analysisRequestUrls(request, false).pixelStreamUrl : undefined;
  const series = useQuery(pixelStreamQueryOptions(allUrl, asked && allUrl !== undefined, () => {}));
  const source = allUrl ? series.data : pixels;
  const [state, setState] = useState<LatestClearState>({ kind: 'idle' });
  useEffect(() => {
    if (!asked) return;
    if (allUrl && series.isError) {
      setState({ kind: 'failed', message: `Could not read the scenes at the point: ${(series.error as Error).message}` });
      setAskedFor(null);
      return;
    }
    if (!source) return;
    const id = latestClearSceneId(source, listed);
    setAskedFor(null);
    if (id) {
      setState({ kind: 'idle' });
      onFound(id);
    } else setState({ kind: 'none' });
  }, [asked, allUrl, series.isError, series.error, source, listed, onFound]);
  const find = () => {
    if (!request) return;
    setState({ kind: 'searching' });
    setAskedFor(request.id);
  };
  return { find, state: asked ? ({ kind: 'searching' } as const) : state };
}
