import { useQuery } from '@tanstack/react-query';
import { requestSceneImage } from '../analysis/requestSceneImage.js';
import { ImageCaption } from './ImageCaption.js';
import { quicklookUrl } from './SceneTimeline.js';

/** The scene chosen in the timeline: its quicklook (whole scene) with the caption its headers give. */
export function SelectedScene({ sceneId, bands, inPixelSeries }: { sceneId: string; bands: readonly string[]; inPixelSeries: boolean }) {
  const url = quicklookUrl(sceneId, bands);
  const image = useQuery({ queryKey: ['quicklook', url], queryFn: ({ signal }) => requestSceneImage(url, signal), retry: false, staleTime: Infinity });
  return (
    <section className="selected-scene" aria-label={`Chosen scene ${sceneId}`}>
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
      <p className="muted">
        {inPixelSeries
          ? 'Its 3 x 3 grid and spectral signature are shown under “Compare with your ground measurements”.'
          : 'Its pixel values were not read: choose “All scenes in the date range” under Filters and fetch again to see its 3 x 3 grid and signature.'}
      </p>
    </section>
  );
}
