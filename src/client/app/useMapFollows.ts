import { useEffect, type Dispatch } from 'react';
import { isAbortError } from '../api/ApiRequestError.js';
import type { SceneImage } from '../api/requestSceneImage.js';
import type { useFootprintQuery } from '../api/useServerQueries.js';
import { resolveAnalysisArea } from '../filters/analysisArea.js';
import type { PageAction, PageState } from './pageState.js';

/**
 * The map follows the server's answers: every chosen point, the default one included, gets its
 * footprint and scene box (seed: a miss leaves the box as it was), and the map then fits the
 * analysis area, as after a click; a full image fits the map to itself, so the whole overlay is in view.
 */
export function useMapFollows(
  state: Pick<PageState, 'area' | 'lngLat'>,
  dispatch: Dispatch<PageAction>,
  footprint: ReturnType<typeof useFootprintQuery>,
  image: SceneImage | undefined,
  onFootprintProblem: (message: string) => void,
) {
  useEffect(() => {
    const body = footprint.data;
    const found = body?.bbox && body.tiles.length > 0 ? body.bbox : null;
    if (found) dispatch({ type: 'footprintFound', sceneBox: found, footprints: body!.tiles });
    const fitBox = state.area === 'scene' ? found : resolveAnalysisArea(state.area, state.lngLat, null).bbox;
    if (fitBox) dispatch({ type: 'viewRequested', target: { kind: 'fit', bbox: fitBox } });
    // Only a new footprint answer or a new area choice moves the map.
  }, [footprint.data, state.area]);

  useEffect(() => {
    if (!footprint.error || isAbortError(footprint.error)) return;
    console.error('Could not look up the scene footprint:', footprint.error);
    onFootprintProblem(`Could not find the Landsat scene footprint: ${(footprint.error as Error).message}`);
  }, [footprint.error]);

  useEffect(() => {
    const bounds = image?.boundsLngLat;
    if (bounds) dispatch({ type: 'viewRequested', target: { kind: 'fit', bbox: { minLon: bounds[0], minLat: bounds[1], maxLon: bounds[2], maxLat: bounds[3] } } });
  }, [image]);
}
