import { apiRequestErrorFrom } from './ApiRequestError.js';
import { parseImageBounds, type LngLatBounds } from './parseImageBounds.js';

export interface SceneImage {
  /** The PNG as a data: URL (the seed holds the image inline; also what the PNG download saves). */
  dataUrl: string;
  /** Where the image lies on Earth (`x-image-bounds`), or null for the 3 x 3 image and old servers. */
  boundsLngLat: LngLatBounds | null;
  sceneId: string | null;
  sceneDatetime: string | null;
  /** `landsat-8` or `landsat-9` (x-satellite). */
  satellite: string | null;
  /** Bands drawn as R, G, B (x-bands); one band is grey. */
  bands: string[];
  /** The stretch used, in words (x-stretch). */
  stretch: string | null;
  synthetic: boolean;
}

function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the image.'));
    reader.readAsDataURL(blob);
  });
}

/** Fetches an image as a data URL, keeping the headers that place the image on the map and name its scene. */
export async function requestSceneImage(url: string, signal?: AbortSignal): Promise<SceneImage> {
  const response = await fetch(url, { signal, headers: { Accept: 'image/png' } });
  if (!response.ok) throw await apiRequestErrorFrom(response);
  const type = response.headers.get('Content-Type')?.split(';')[0].trim() || 'image/png';
  const bytes = await response.arrayBuffer();
  return {
    dataUrl: await blobToDataUrl(new Blob([bytes], { type })),
    boundsLngLat: parseImageBounds(response.headers.get('x-image-bounds')),
    sceneId: response.headers.get('x-scene-id'),
    sceneDatetime: response.headers.get('x-scene-datetime'),
    satellite: response.headers.get('x-satellite'),
    bands: (response.headers.get('x-bands') ?? '').split(',').filter(Boolean),
    stretch: response.headers.get('x-stretch'),
    synthetic: response.headers.get('x-synthetic') === 'true',
  };
}
