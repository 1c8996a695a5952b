import { ImageOverlay } from 'react-leaflet';
import type { LngLatBounds } from './parseImageBounds.js';

/**
 * The full-scene image laid on the map over its true footprint. Goes inside a MapContainer.
 * Leaflet wants [lat, lon] corners; the app's bounds are lngLat order, converted only here.
 */
export function SceneImageOverlay({ url, boundsLngLat, opacity }: { url: string; boundsLngLat: LngLatBounds; opacity: number }) {
  const [minLon, minLat, maxLon, maxLat] = boundsLngLat;
  return (
    <ImageOverlay
      // Leaflet does not swap the image when only the URL changes; a new key replaces the layer.
      key={url.length > 200 ? `${url.length}:${url.slice(-64)}` : url}
      url={url}
      bounds={[
        [minLat, minLon],
        [maxLat, maxLon],
      ]}
      opacity={opacity}
      alt="Landsat scene image over its footprint"
    />
  );
}
