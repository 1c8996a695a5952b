import { formatUtc } from './SceneMetadataTable.js';
import type { SceneImage } from '../api/requestSceneImage.js';

import { satelliteWithSlc } from './satelliteWords.js';

/** "R/G/B = B04/B03/B02", or "grey = B05" for one band (the server's R, G, B choice, from x-bands). */
export function bandsAsRgb(bands: readonly string[]): string {
  if (bands.length === 1) return `grey = ${bands[0]}`;
  if (bands.length === 3) return `R/G/B = ${bands.join('/')}`;
  return bands.join(', ') || 'unknown';
}

/** What an image shows, from the server's headers: scene, time (UTC), satellite, bands and stretch. */
export function ImageCaption({ image, extra }: { image: Pick<SceneImage, 'sceneId' | 'sceneDatetime' | 'satellite' | 'bands' | 'stretch' | 'synthetic'>; extra?: string }) {
  return (
    <figcaption className="image-caption">
      <dl>
        <dt>Scene</dt>
        <dd className="scene-id">
          {image.sceneId ?? 'unknown'}
          {image.synthetic && ' (synthetic demo data)'}
        </dd>
        <dt>Acquired</dt>
        <dd>{image.sceneDatetime ? formatUtc(image.sceneDatetime) : 'unknown'}</dd>
        <dt>Satellite</dt>
        <dd>{satelliteWithSlc({ satellite: image.satellite, datetime: image.sceneDatetime })}</dd>
        <dt>Bands</dt>
        <dd>{bandsAsRgb(image.bands)}</dd>
        <dt>Stretch</dt>
        <dd>{image.stretch ?? 'not stated by the server'}</dd>
      </dl>
      {extra && <p>{extra}</p>}
    </figcaption>
  );
}
