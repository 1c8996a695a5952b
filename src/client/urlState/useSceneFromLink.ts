import { useEffect, useRef } from 'react';
import { usePopState } from './fetchHistory.js';
import { readUrlState } from './readUrlState.js';

/** The part of a fetch's results this needs: the scenes it lists so far, and whether the list is complete. */
interface SceneListing {
  data: { data?: readonly { scene?: { id: string } | null }[] };
  complete?: boolean;
}

/** A scene a URL names, and the request that cannot list it (the one on screen when Back/Forward was pressed). */
interface WantedScene {
  scene: string;
  notFromRequest: number | null;
}

/**
 * The scene a URL names (`scene=`), chosen once its fetch lists it: the opened link's, and that of a
 * history entry Back/Forward returns to (its fetch starts anew, so the results on screen at that moment,
 * perhaps of a neighbouring place in the same scene, do not count). A scene the fetch does not list is
 * said as a link problem, and the most recent one is shown.
 */
export function useSceneFromLink(
  openedScene: string | undefined,
  requestId: number | null,
  results: SceneListing | null,
  choose: (sceneId: string) => void,
  onProblem: (problem: string) => void,
): void {
  const wanted = useRef<WantedScene | null>(openedScene ? { scene: openedScene, notFromRequest: null } : null);
  usePopState((search, isFetch) => {
    const scene = isFetch ? readUrlState(search).scene : undefined;
    wanted.current = scene ? { scene, notFromRequest: requestId } : null;
  });
  useEffect(() => {
    const w = wanted.current;
    if (!w || !results || requestId === null || requestId === w.notFromRequest) return;
    if (results.data.data?.some((e) => e.scene?.id === w.scene)) {
      choose(w.scene);
      wanted.current = null;
    } else if (results.complete) {
      onProblem(`scene=${w.scene.slice(0, 24)} is not among the scenes this link's settings find: the most recent one is shown instead.`);
      wanted.current = null;
    }
  }, [results, requestId, choose, onProblem]);
}
