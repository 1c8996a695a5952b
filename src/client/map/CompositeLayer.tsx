import { useEffect, useId, useState } from 'react';
import L from 'leaflet';
import { useLeafletMap } from './leafletMap.js';
import { compositeTileUrls, type CompositeQuery } from '../api/compositeTilesApi.js';

/** The composite starts at zoom 8 on the server (compositeTileRoutes.ts COMPOSITE_MIN_ZOOM). */
const MIN_ZOOM = 8;

/**
 * A map layer of the clear view of the filters' period (latest clear observation per pixel), toggled
 * on the map, and the URLs that add the same layer to QGIS, GDAL, leafmap or MapLibre. Loaded only when
 * the page first shows the map's controls (lazy), so the first load does not carry it.
 */
export default function CompositeLayer({ query }: { query: CompositeQuery }) {
  const map = useLeafletMap();
  const [on, setOn] = useState(false);
  // Leaflet draws a tile layer at the rounded zoom (GridLayer), so a fractional start view says its level.
  const [zoom, setZoom] = useState(() => Math.round(map.getZoom()));
  const id = useId();
  const xyz = compositeTileUrls(query).xyz;
  const origin = window.location.origin;

  useEffect(() => {
    const onZoom = () => setZoom(Math.round(map.getZoom()));
    map.on('zoomend', onZoom);
    return () => {
      map.off('zoomend', onZoom);
    };
  }, [map]);

  useEffect(() => {
    if (!on) return;
    const layer = L.tileLayer(xyz, { minZoom: MIN_ZOOM, maxZoom: 18, tileSize: 256, attribution: 'Landsat clear view (this server)' }).addTo(map);
    return () => {
      layer.remove();
    };
  }, [on, xyz, map]);

  const elsewhere = compositeTileUrls(query, origin);
  const urls = [
    ['XYZ tiles', elsewhere.xyz],
    ['TileJSON', elsewhere.tileJson],
    ['WMTS (QGIS, GDAL)', elsewhere.wmts],
  ] as const;

  return (
    <div className="map-composite">
      <label className="map-composite-toggle">
        <input type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)} />
        Clear view {query.startDate} to {query.endDate}
      </label>
      {on && zoom < MIN_ZOOM && (
        // On a phone the scene box is fitted below zoom 8 (100 px padding on a ~370 px map): one tap shows the layer.
        <p className="map-composite-note" role="status">
          Shown from zoom {MIN_ZOOM} (now {zoom}).{' '}
          <button type="button" className="map-inline-button" onClick={() => map.setZoom(MIN_ZOOM)}>
            Zoom in to see it
          </button>
        </p>
      )}
      <details className="map-composite-elsewhere">
        <summary>Use this layer elsewhere</summary>
        {urls.map(([label, url]) => (
          <p key={label}>
            <label htmlFor={`${id}-${label}`}>{label}</label>
            <input id={`${id}-${label}`} readOnly value={url} onFocus={(e) => e.target.select()} />
          </p>
        ))}
        <p className="map-composite-help">Each pixel: the most recent clear observation in the dates (add &amp;method=median for the median). QGIS: Layer &gt; Add WMS/WMTS Layer, or XYZ Tiles, with these URLs.</p>
      </details>
    </div>
  );
}
