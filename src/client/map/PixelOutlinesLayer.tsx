import { useState } from 'react';
import L from 'leaflet';
import type { PixelScene } from '../../shared/api/pixel.js';
import { useLeafletLayer, useLeafletMap, useLeafletMapEvents } from './leafletMap.js';
import { accuracyWords } from './PixelOutlines.js';

/** From this zoom the pixels are drawn: a 30 m pixel is then about 6 screen pixels wide or more. */
const PIXELS_FROM_ZOOM = 15;
/** The closest "Zoom to the pixels" goes: a 30 m pixel is then about 50 screen pixels wide. */
const PIXELS_MAX_ZOOM = 18;

const PIXEL_STYLE: L.PathOptions = { color: '#1f3b73', weight: 1.5, opacity: 0.9, fillColor: '#ffffff', fillOpacity: 0.08 };
// The same yellow as the target pixel's outline on the 3 x 3 image.
const TARGET_STYLE: L.PathOptions = { color: '#ffd400', weight: 3, opacity: 1, fillOpacity: 0 };

const toLatLng = ([lon, lat]: [number, number]): L.LatLngTuple => [lat, lon];
// WGS 84: metres per radian along the meridian (M) and the parallel (N cos φ) at a latitude.
const WGS84_A = 6_378_137;
const WGS84_E2 = 0.006_694_379_990_14;
/** Metres between two nearby lon/lat points on the WGS 84 ellipsoid (local radii: exact to well under 0.1 % across one pixel). */
function metresBetween([lon1, lat1]: [number, number], [lon2, lat2]: [number, number]): number {
  const rad = Math.PI / 180;
  const phi = ((lat1 + lat2) / 2) * rad;
  const w = 1 - WGS84_E2 * Math.sin(phi) ** 2;
  const meridional = (WGS84_A * (1 - WGS84_E2)) / w ** 1.5;
  const primeVertical = WGS84_A / Math.sqrt(w);
  return Math.hypot((lon2 - lon1) * rad * primeVertical * Math.cos(phi), (lat2 - lat1) * rad * meridional);
}

/** The target pixel's ground size from its own corners (30 m in the archive; coarser in reduced test data). */
function pixelSizeWords(scene: PixelScene): string {
  const [ul, ll, , ur] = scene.pixelFootprints[1][1].coordinates[0];
  const w = Math.round(metresBetween(ul, ur));
  const h = Math.round(metresBetween(ul, ll));
  return w === h ? `${w} m` : `${w} x ${h} m`;
}

function PixelPolygons({ scene }: { scene: PixelScene }) {
  useLeafletLayer(() => {
    const group = L.layerGroup();
    scene.pixelFootprints.forEach((row, r) =>
      row.forEach((polygon, c) => {
        const target = r === 1 && c === 1;
        L.polygon(polygon.coordinates[0].map(toLatLng), { ...(target ? TARGET_STYLE : PIXEL_STYLE), className: target ? 'pixel-outline pixel-target' : 'pixel-outline', interactive: false }).addTo(group);
      }),
    );
    return group;
  }, [scene.id, JSON.stringify(scene.pixelFootprints)]);
  return null;
}

/**
 * The chosen scene's nine pixels exactly where the scene's grid puts them (their corners from
 * /api/pixel's `pixelFootprints`), the target pixel in yellow, and the scene's geolocation accuracy
 * in words. Below zoom 15 a pixel is too small to see: the note says so and offers to zoom in.
 */
export default function PixelOutlinesLayer({ scene }: { scene: PixelScene }) {
  const map = useLeafletMap();
  const [zoom, setZoom] = useState(() => map.getZoom());
  useLeafletMapEvents({ zoomend: () => setZoom(map.getZoom()) });
  const shown = zoom >= PIXELS_FROM_ZOOM;
  const date = scene.datetime.slice(0, 10);
  // The 3 x 3 block in view (30 m pixels: zoom 18; coarser test grids: less, never below 15).
  const zoomToPixels = () => {
    const block = L.latLngBounds(scene.pixelFootprints.flat().flatMap((p) => p.coordinates[0].map(toLatLng)));
    const fitted = map.getBoundsZoom(block, false, L.point(40, 40));
    map.setView(block.getCenter(), Math.min(PIXELS_MAX_ZOOM, Math.max(PIXELS_FROM_ZOOM, fitted)));
  };
  return (
    <>
      {shown && <PixelPolygons scene={scene} />}
      <div className="map-pixel-note" role="status" data-zoom={zoom}>
        {shown ? (
          <>
            <span className="map-pixel-swatch" aria-hidden="true" /> Pixel outlines of {scene.id} ({date}, {pixelSizeWords(scene)} each) as the scene places them; the target pixel in
            yellow; {accuracyWords(scene.geometricRmseM)}.
          </>
        ) : (
          <>
            <span title={scene.id}>The 3 x 3 pixels of the {date} scene</span> show from zoom {PIXELS_FROM_ZOOM} (now {zoom}).{' '}
            <button type="button" className="map-inline-button" onClick={zoomToPixels}>
              Zoom to the pixels
            </button>
          </>
        )}
      </div>
    </>
  );
}
