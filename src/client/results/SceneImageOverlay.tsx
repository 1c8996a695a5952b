import { useEffect } from 'react';
import L from 'leaflet';
import { useLeafletLayer } from '../map/leafletMap.js';
import type { LngLatBounds } from '../api/parseImageBounds.js';

/**
 * The full-scene image laid on the map over its true footprint. Goes inside a <LeafletMap>.
 * Leaflet wants [lat, lon] corners; the app's bounds are lngLat order, converted only here.
 */
export function SceneImageOverlay({ url, boundsLngLat, opacity }: { url: string; boundsLngLat: LngLatBounds; opacity: number }) {
  const [minLon, minLat, maxLon, maxLat] = boundsLngLat;
  const latLngBounds = (): L.LatLngBoundsLiteral => [
    [minLat, minLon],
    [maxLat, maxLon],
  ];
  // Leaflet does not swap the image when only the URL changes: a new URL is a new layer.
  const layer = useLeafletLayer(() => L.imageOverlay(url, latLngBounds(), { opacity, alt: 'Landsat scene image over its footprint' }), [url]);
  useEffect(() => {
    layer.current?.setBounds(L.latLngBounds(latLngBounds()));
  }, [minLon, minLat, maxLon, maxLat]);
  useEffect(() => {
    layer.current?.setOpacity(opacity);
  }, [opacity]);
  return null;
}
