/**
 * Drawing an area on the map: its layers and the tools while drawing. Loaded when the person starts
 * drawing or an area is shown (DrawArea.tsx), not with the first screen (issue 33).
 */
import { useEffect } from 'react';
import L from 'leaflet';
import type { LngLat } from '../../core/geo/lngLat.js';
import type { AreaDrawing } from '../area/useAreaDrawing.js';
import { AREA_MAX_KM2 } from '../../core/area/areaLimits.js';
import { polygonsAreaKm2 } from '../../core/geo/polygonOnGrid.js';
import { fitBelowOverlay } from './MapOverlay.js';
import { useLeafletLayer, useLeafletMap } from './leafletMap.js';

const toLatLng = ([lon, lat]: LngLat): L.LatLngTuple => [lat, lon];
const EDGE_STYLE: L.PolylineOptions = { color: '#7a1fa2', weight: 3, interactive: false };
const CLOSING_STYLE: L.PolylineOptions = { color: '#7a1fa2', weight: 2, dashArray: '6 6', interactive: false };
const CORNER_STYLE: L.CircleMarkerOptions = { radius: 5, color: '#ffffff', weight: 2, fillColor: '#7a1fa2', fillOpacity: 1, interactive: false };
const AREA_STYLE: L.PathOptions = { color: '#7a1fa2', weight: 3, fillColor: '#7a1fa2', fillOpacity: 0.12, interactive: false };

/** The corners so far, the edges between them and (dashed) the edge that will close the ring. */
function CornersInProgress({ vertices, onCloseRing }: { vertices: LngLat[]; onCloseRing: () => void }) {
  const key = JSON.stringify(vertices);
  useLeafletLayer(() => {
    const group = L.layerGroup();
    const latLngs = vertices.map(toLatLng);
    if (latLngs.length > 1) L.polyline(latLngs, EDGE_STYLE).addTo(group);
    if (latLngs.length > 2) L.polyline([latLngs[latLngs.length - 1], latLngs[0]], CLOSING_STYLE).addTo(group);
    latLngs.forEach((ll, i) => {
      // The first corner closes the ring when clicked (3 corners or more), as drawing tools do.
      const closes = i === 0 && latLngs.length > 2;
      const corner = L.circleMarker(ll, { ...CORNER_STYLE, ...(closes ? { radius: 8, interactive: true, bubblingMouseEvents: false } : {}) }).addTo(group);
      if (closes) corner.on('click', onCloseRing).bindTooltip('Click to finish the polygon', { direction: 'top' });
    });
    return group;
  }, [key]);
  return null;
}

/** The chosen area (drawn or from a file) on the map; the view fits it when it changes. */
function AreaShape({ value }: { value: unknown }) {
  const map = useLeafletMap();
  const key = JSON.stringify(value);
  const layer = useLeafletLayer(() => {
    try {
      return L.geoJSON(value as GeoJSON.GeoJsonObject, { style: AREA_STYLE, interactive: false });
    } catch {
      // Not GeoJSON Leaflet can draw: the panel says what is wrong with it once measured.
      return L.layerGroup();
    }
  }, [key]);
  useEffect(() => {
    const shape = layer.current;
    const bounds = shape instanceof L.GeoJSON ? shape.getBounds() : null;
    if (bounds?.isValid()) fitBelowOverlay(map, bounds, 16);
  }, [key]);
  return null;
}

/**
 * Drawing a polygon on the map: each click or tap adds a corner. With a keyboard, the map (focused)
 * moves with the arrow keys and Enter adds the corner under the cross at its centre; Backspace takes
 * the last corner back, Escape stops. The buttons of DrawAreaTools do the same.
 */
export default function DrawAreaLayer({ area }: { area: AreaDrawing }) {
  const map = useLeafletMap();
  useEffect(() => {
    if (!area.drawing) return;
    // Two quick taps add two corners instead of zooming in.
    map.doubleClickZoom.disable();
    const container = map.getContainer();
    const onKey = (e: KeyboardEvent) => {
      if (e.target !== container) return;
      if (e.key === 'Enter') {
        const c = map.getCenter().wrap();
        area.add([c.lng, c.lat]);
      } else if (e.key === 'Backspace') area.undo();
      else if (e.key === 'Escape') area.cancel();
      else return;
      e.preventDefault();
    };
    container.addEventListener('keydown', onKey);
    return () => {
      container.removeEventListener('keydown', onKey);
      map.doubleClickZoom.enable();
    };
  }, [map, area.drawing, area.add, area.undo, area.cancel]);
  if (area.drawing) {
    return (
      <>
        <CornersInProgress vertices={area.vertices} onCloseRing={area.finish} />
        <div className="map-crosshair" aria-hidden="true" />
      </>
    );
  }
  return area.geometry ? <AreaShape value={area.geometry.value} /> : null;
}

/** The drawing buttons while corners are being added (DrawAreaTools shows the others). */
export function DrawingTools({ area }: { area: AreaDrawing }) {
  const map = useLeafletMap();
  const addCentre = () => {
    const c = map.getCenter().wrap();
    area.add([c.lng, c.lat]);
  };
  const n = area.vertices.length;
  // The same spherical area the server checks its limit against.
  const km2 = n >= 3 ? polygonsAreaKm2([[[...area.vertices, area.vertices[0]]]]) : null;
  const tooLarge = km2 !== null && km2 > AREA_MAX_KM2;
  return (
    <div className="map-draw-tools drawing" role="group" aria-label="Drawing an area">
      <p className="map-draw-help" role="status">
        {n === 0 ? 'Click or tap the map to add the first corner' : `${n} corner${n === 1 ? '' : 's'}`}
        {km2 !== null && `, about ${km2 < 10 ? km2.toFixed(2) : Math.round(km2).toLocaleString('en')} km²`}
        {n >= 3 ? '; Finish, or click the first corner.' : n > 0 ? '; at least 3 are needed.' : '.'}
        <span className="map-draw-keys"> Keyboard: move the map with the arrow keys, Enter adds the corner at the cross.</span>
        {tooLarge && <strong className="map-draw-warning"> Larger than the {AREA_MAX_KM2.toLocaleString('en')} km² measured at once: zoom in and draw a smaller one.</strong>}
      </p>
      <button type="button" className="map-tool-button" onClick={addCentre}>
        Add corner at the cross
      </button>
      <button type="button" className="map-tool-button" onClick={area.undo} disabled={n === 0}>
        Undo corner
      </button>
      <button type="button" className="map-tool-button primary" onClick={area.finish} disabled={n < 3}>
        Finish
      </button>
      <button type="button" className="map-tool-button" onClick={area.cancel}>
        Cancel
      </button>
    </div>
  );
}
