import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { LngLat } from '../../core/geo/lngLat.js';
import { requestSceneImage } from '../api/requestSceneImage.js';
import { formatUtc } from './SceneMetadataTable.js';
import { ImageCaption } from './ImageCaption.js';
import { quicklookUrl } from '../api/quicklookApi.js';
import { pixelQueryOptions } from '../api/pixelApi.js';

// Chart.js (signature) loads with the results, not with the page.
const PixelAnalysis = lazy(() => import('../series/PixelAnalysis.js').then((m) => ({ default: m.PixelAnalysis })));

export interface SelectedSceneProps {
  sceneId: string;
  datetime: string;
  lngLat: LngLat;
  /** Bands drawn in the quicklook (the image's R, G, B). */
  imageBands: readonly string[];
  /** Bands of the fetch, for the pixel values. */
  bands: readonly string[];
  /** True when the page's pixel series holds this scene (its grid is then in the comparison panel). */
  inPixelSeries: boolean;
}

/**
 * The scene chosen in the timeline: its quicklook (whole scene) with the caption its headers give,
 * and, when the pixel series did not read it, its own 3 x 3 grid and signature from /api/pixel for
 * that day (at any cloud cover: the person chose this scene).
 */
export function SelectedScene({ sceneId, datetime, lngLat, imageBands, bands, inPixelSeries }: SelectedSceneProps) {
  const url = quicklookUrl(sceneId, imageBands);
  const image = useQuery({ queryKey: ['quicklook', url], queryFn: ({ signal }) => requestSceneImage(url, signal), retry: false, staleTime: Infinity });
  const day = datetime.slice(0, 10);
  const pixels = useQuery(pixelQueryOptions({ lngLat, startDate: day, endDate: day, cloudCoverage: 100, bands }, !inPixelSeries));
  const own = pixels.data ? { ...pixels.data, scenes: pixels.data.scenes.filter((s) => s.id === sceneId) } : null;
  return (
    <section className="selected-scene" aria-label={`Chosen scene ${sceneId}`}>
      <h3 className="selected-scene-title">Chosen scene: {formatUtc(datetime)}</h3>
      {image.isPending && <p className="muted">Loading the quicklook of {sceneId}...</p>}
      {image.isError && (
        <p className="field-error" role="alert">
          No quicklook of {sceneId}: {(image.error as Error).message}
        </p>
      )}
      {image.data && (
        <figure className="result-figure">
          <img src={image.data.dataUrl} alt={`Quicklook of the whole scene ${sceneId}`} />
          <ImageCaption image={image.data} extra="Whole scene, reduced to at most 256 px." />
        </figure>
      )}
      <div className="selected-scene-pixels">
        {inPixelSeries && <p className="muted">Its 3 x 3 grid and spectral signature are shown under “Compare with your ground measurements”.</p>}
        {!inPixelSeries && pixels.isPending && <p className="muted">Reading this scene at the point...</p>}
        {!inPixelSeries && pixels.isError && (
          <p className="field-error" role="alert">
            Could not read this scene at the point: {(pixels.error as Error).message}
          </p>
        )}
        {own && (
          <Suspense fallback={<p className="muted">Loading the pixel tables...</p>}>
            <PixelAnalysis pixels={own} />
          </Suspense>
        )}
      </div>
    </section>
  );
}
