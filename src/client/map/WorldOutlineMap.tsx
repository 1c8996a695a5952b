import { useEffect, useMemo, useRef, useState } from 'react';
import L from 'leaflet';
import { MapPane, useLeafletLayer, useLeafletMap, useLeafletMapEvents } from './leafletMap.js';
import { loadWorldOutline, outlineScaleForZoom, type WorldOutline } from './loadWorldOutline.js';
import { formatGraticuleLabel, graticuleLines, spacedLabels } from './graticuleLines.js';

const TILES_UNAVAILABLE_NOTE = 'Map tiles are unavailable; showing the built-in outline';

/** Room for one grid label (10 px text, e.g. "179.99° W") before the next along its edge. */
const LON_LABEL_GAP_PX = 64;
const LAT_LABEL_GAP_PX = 18;

/** The view's box and zoom, kept current on every move. */
function useView() {
  const map = useLeafletMap();
  const read = () => ({ bounds: map.getBounds(), zoom: map.getZoom() });
  const [view, setView] = useState(read);
  useLeafletMapEvents({ moveend: () => setView(read()), zoomend: () => setView(read()) });
  return view;
}

const LAND_STYLE: L.PathOptions = { stroke: true, color: '#3d5a73', weight: 1.2, fillColor: '#e4ead8', fillOpacity: 1 };
const BORDER_STYLE: L.PathOptions = { color: '#7a5c3c', weight: 1, dashArray: '5 3', fill: false };
const GRID_LINE_STYLE: L.PolylineOptions = { color: '#5f7386', weight: 0.7, opacity: 0.6, interactive: false };

/** GeoJSON layers take their data once: new data is a new layer. */
function GeoJsonLayer({ data, style }: { data: GeoJSON.GeoJsonObject; style: L.PathOptions }) {
  useLeafletLayer((pane) => L.geoJSON(data, { ...pane, interactive: false, style }), [data]);
  return null;
}

function GridLine({ positions }: { positions: L.LatLngTuple[] }) {
  const layer = useLeafletLayer((pane) => L.polyline(positions, { ...pane, ...GRID_LINE_STYLE }), []);
  useEffect(() => {
    layer.current?.setLatLngs(positions);
  }, [JSON.stringify(positions)]);
  return null;
}

function OutlineLayer() {
  const { zoom } = useView();
  const scale = outlineScaleForZoom(zoom);
  const [outline, setOutline] = useState<{ scale: string; data: WorldOutline } | null>(null);
  useEffect(() => {
    let live = true;
    loadWorldOutline(scale)
      .then((data) => live && setOutline({ scale, data }))
      .catch((err: unknown) => console.error('Could not load the world outline:', err));
    return () => {
      live = false;
    };
  }, [scale]);
  if (!outline) return null;
  return (
    <>
      <GeoJsonLayer data={outline.data.countries} style={LAND_STYLE} />
      <GeoJsonLayer data={outline.data.borders} style={BORDER_STYLE} />
    </>
  );
}

/** A latitude/longitude grid with labels at the view's left and top edges. */
function GraticuleLayer() {
  const { bounds } = useView();
  const grid = useMemo(
    () => graticuleLines({ south: bounds.getSouth(), north: bounds.getNorth(), west: bounds.getWest(), east: bounds.getEast() }),
    [bounds],
  );
  return (
    <>
      <MapPane name="graticule" zIndex={160}>
        {grid.lats.map((lat) => (
          <GridLine key={`lat${lat}`} positions={[[lat, bounds.getWest()], [lat, bounds.getEast()]]} />
        ))}
        {grid.lons.map((lon) => (
          <GridLine key={`lon${lon}`} positions={[[bounds.getSouth(), lon], [bounds.getNorth(), lon]]} />
        ))}
      </MapPane>
      <GraticuleLabels lats={grid.lats} lons={grid.lons} stepDeg={grid.stepDeg} />
    </>
  );
}

/**
 * The grid's labels at the view's left (latitudes) and top (longitudes) edges, as plain HTML over the
 * map (not Leaflet markers: those are for the chosen point), following the map while it moves.
 */
function GraticuleLabels({ lats, lons, stepDeg }: { lats: number[]; lons: number[]; stepDeg: number }) {
  const map = useLeafletMap();
  const [, setMoves] = useState(0);
  useLeafletMapEvents({ move: () => setMoves((n) => n + 1), zoomend: () => setMoves((n) => n + 1) });
  const center = map.getCenter();
  // Screen y grows southwards: the northernmost latitude comes first.
  const latLabels = spacedLabels(
    lats.map((lat) => ({ lat, px: map.latLngToContainerPoint([lat, center.lng]).y })).sort((a, b) => a.px - b.px),
    LAT_LABEL_GAP_PX,
  );
  const lonLabels = spacedLabels(
    lons.map((lon) => ({ lon, px: map.latLngToContainerPoint([center.lat, lon]).x })),
    LON_LABEL_GAP_PX,
  );
  return (
    <div className="graticule-labels" aria-hidden="true">
      {latLabels.map(({ lat, px }) => (
        <span key={`lat${lat}`} className="graticule-label" style={{ left: 0, top: px }}>
          {formatGraticuleLabel(lat, 'lat', stepDeg)}
        </span>
      ))}
      {lonLabels.map(({ lon, px }) => (
        <span key={`lon${lon}`} className="graticule-label" style={{ top: 0, left: px }}>
          {formatGraticuleLabel(lon, 'lon', stepDeg)}
        </span>
      ))}
    </div>
  );
}

/** A quiet note over the map; clicks on it do not pick a point. */
function TilesNote() {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (ref.current) L.DomEvent.disableClickPropagation(ref.current);
  }, []);
  return (
    <p ref={ref} className="map-tiles-note" role="status">
      {TILES_UNAVAILABLE_NOTE}
    </p>
  );
}

/**
 * What the map shows when its tiles fail (OfflineBaseMap): the bundled Natural Earth outline below
 * the overlay pane (z-index 400, so footprints, the box and the scene image draw on top), a
 * coordinate grid, and a note saying so.
 */
export default function WorldOutlineMap() {
  return (
    <>
      <MapPane name="world-outline" zIndex={150}>
        <OutlineLayer />
      </MapPane>
      <GraticuleLayer />
      <TilesNote />
    </>
  );
}
