import { lazy, Suspense } from 'react';
import type { PixelResponse, PixelScene } from '../../shared/api/pixel.js';

// The outlines come with the first pixel series, not with the first screen (issue 33).
const PixelOutlinesLayer = lazy(() => import('./PixelOutlinesLayer.js'));

/**
 * The scene whose pixels the map draws: the one chosen in the timeline when the pixel series read it,
 * else the image's scene, else the most recent one read. Null before any pixel series arrives.
 */
export function chosenPixelScene(pixels: PixelResponse | null | undefined, selectedSceneId: string | null, imageSceneId: string | null | undefined): PixelScene | null {
  const scenes = (pixels?.scenes ?? []).filter((s) => s.pixelFootprints?.length === 3);
  const byId = (id: string | null | undefined) => (id ? scenes.find((s) => s.id === id) : undefined);
  const latest = [...scenes].sort((a, b) => (a.datetime < b.datetime ? 1 : -1))[0];
  return byId(selectedSceneId) ?? byId(imageSceneId) ?? latest ?? null;
}

export function accuracyWords(geometricRmseM: number | null): string {
  return geometricRmseM === null
    ? 'the archive gives no geolocation accuracy for this scene'
    : `geolocation accuracy about ${geometricRmseM < 10 ? geometricRmseM.toFixed(1) : Math.round(geometricRmseM)} m (GEOMETRIC_RMSE_MODEL)`;
}

/**
 * The chosen scene's nine pixels exactly where the scene's grid puts them, the target pixel in yellow,
 * and the scene's geolocation accuracy in words (PixelOutlinesLayer.tsx).
 */
export function PixelOutlines({ scene }: { scene: PixelScene }) {
  return (
    <Suspense fallback={null}>
      <PixelOutlinesLayer scene={scene} />
    </Suspense>
  );
}
