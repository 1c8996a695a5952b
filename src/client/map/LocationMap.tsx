import { lazy, Suspense, useEffect } from 'react';
import L from 'leaflet';
import { LeafletMap, useLeafletLayer, useLeafletMap, useLeafletMapEvents } from './leafletMap.js';
import type { BBox, LngLat } from '../../core/geo/lngLat.js';
import type { Wrs2Tile } from '../../shared/api/wrs2.js';
import { markerIcon } from './markerIcon.js';
import { OfflineBaseMap } from './OfflineBaseMap.js';
import type { LngLatBounds } from '../api/parseImageBounds.js';
import type { PixelScene } from '../../shared/api/pixel.js';
import type { SiteInput } from '../../shared/sitesInput.js';
import type { AreaDrawing } from '../area/useAreaDrawing.js';
import { PixelOutlines } from './PixelOutlines.js';
import { DrawAreaLayer, DrawAreaTools } from './DrawArea.js';
import { MapOverlay } from './MapOverlay.js';
import type { CompositeQuery } from '../api/compositeTilesApi.js';
import './mapOverlays.css';

// The clear-view layer and its URLs: loaded with the map's controls, not in the first load.
const CompositeLayer = lazy(() => import('./CompositeLayer.js'));
// Layers that only a Fetch's image or a list of sites brings: loaded then, not with the first screen (issue 33).
const SceneImageOverlay = lazy(() => import('../results/SceneImageOverlay.js').then((m) => ({ default: m.SceneImageOverlay })));
const SitesLayer = lazy(() => import('./SitesLayer.js').then((m) => ({ default: m.SitesLayer })));

/** A one-off camera move; `id` changes for every request so the same target can be asked twice. */
export type MapViewTarget = { kind: 'fit'; bbox: BBox } | { kind: 'center'; lngLat: LngLat; zoom?: number };
export type MapViewRequest = MapViewTarget & { id: number };

export interface LocationMapProps {
  tileUrl: string;
  tileAttribution: string;
  initialCenter: LngLat;
  initialZoom: number;
  marker: LngLat;
  bbox: BBox | null;
  footprints: Wrs2Tile[];
  view: MapViewRequest | null;
  onPick: (lngLat: LngLat) => void;
  onReady: () => void;
  /** The fetched scene image laid over its true footprint (x-image-bounds), when there is one. */
  imageOverlay?: { url: string; boundsLngLat: LngLatBounds; opacity: number } | null;
  /** The statistics area when it is a square around the point (the scene box is `bbox`). */
  areaBox?: BBox | null;
  /** The scene whose nine pixels are outlined from zoom 15 (chosenPixelScene). */
  pixelScene?: PixelScene | null;
  /** The Many sites panel's readable sites. */
  sites?: readonly SiteInput[];
  /** The polygon of the Area statistics panel: drawn here, or shown when it came from a file. */
  areaDrawing?: AreaDrawing;
  /** The filters' period for the clear-view (composite) layer toggle. */
  composite?: CompositeQuery | null;
}

// Seed constants: the highlighted box is fitted with 100 px padding in a 1000 ms animation.
const FIT_PADDING_PX = 100;
const FIT_DURATION_S = 1;
const MAX_ZOOM = 19;

const toLatLng = ([lon, lat]: LngLat): L.LatLngTuple => [lat, lon];
const toLatLngBounds = (b: BBox): L.LatLngBoundsLiteral => [
  [b.minLat, b.minLon],
  [b.maxLat, b.maxLon],
];

const FOOTPRINT_STYLE: L.PathOptions = { color: '#1f3b73', weight: 1, opacity: 0.45, dashArray: '4 4', fillOpacity: 0.04 };
const FOOTPRINT_LABEL: L.TooltipOptions = { permanent: true, direction: 'center', className: 'footprint-label', opacity: 0.8 };
const SCENE_BOX_STYLE: L.PathOptions = { color: '#ffffff', weight: 2, opacity: 1, fillColor: '#1e6fd9', fillOpacity: 0.25 };
const AREA_BOX_STYLE: L.PathOptions = { color: '#b35c00', weight: 3, opacity: 1, fill: false, dashArray: '6 4' };

function ClickToPick({ onPick }: { onPick: (lngLat: LngLat) => void }) {
  useLeafletMapEvents({
    click(event) {
      // wrap(): after panning across the antimeridian Leaflet reports longitudes beyond ±180.
      const latLng = (event as L.LeafletMouseEvent).latlng.wrap();
      onPick([latLng.lng, latLng.lat]);
    },
  });
  return null;
}

function ViewController({ view }: { view: MapViewRequest | null }) {
  const map = useLeafletMap();
  useEffect(() => {
    if (!view) return;
    if (view.kind === 'fit') {
      map.flyToBounds(toLatLngBounds(view.bbox), { padding: [FIT_PADDING_PX, FIT_PADDING_PX], duration: FIT_DURATION_S });
    } else {
      map.setView(toLatLng(view.lngLat), view.zoom ?? map.getZoom());
    }
    // Only a new request (new id) moves the camera; re-renders must not.
  }, [view?.id, map]);
  return null;
}

/** A WRS-2 tile's outline with its permanent "Path / Row" label. */
function Footprint({ tile }: { tile: Wrs2Tile }) {
  const polygonKey = JSON.stringify(tile.polygon);
  const layer = useLeafletLayer(
    () => L.polygon(tile.polygon.map(toLatLng), { ...FOOTPRINT_STYLE, interactive: false }).bindTooltip(`Path ${tile.path} / Row ${tile.row}`, FOOTPRINT_LABEL),
    [],
  );
  useEffect(() => {
    layer.current?.setLatLngs(tile.polygon.map(toLatLng));
  }, [polygonKey]);
  return null;
}

function Box({ bbox, style }: { bbox: BBox; style: L.PathOptions }) {
  const layer = useLeafletLayer(() => L.rectangle(toLatLngBounds(bbox), { ...style, interactive: false }), []);
  useEffect(() => {
    layer.current?.setBounds(L.latLngBounds(toLatLngBounds(bbox)));
  }, [bbox.minLon, bbox.minLat, bbox.maxLon, bbox.maxLat]);
  return null;
}

function PointMarker({ lngLat }: { lngLat: LngLat }) {
  const layer = useLeafletLayer(() => L.marker(toLatLng(lngLat), { icon: markerIcon, alt: 'Selected point', title: 'Selected point', keyboard: false }), []);
  useEffect(() => {
    layer.current?.setLatLng(toLatLng(lngLat));
  }, [lngLat[0], lngLat[1]]);
  return null;
}

/** Metric scale bar: the overlay's ground size is readable at any zoom. */
function ScaleBar() {
  const map = useLeafletMap();
  useEffect(() => {
    const control = L.control.scale({ position: 'bottomleft', imperial: false }).addTo(map);
    return () => {
      control.remove();
    };
  }, [map]);
  return null;
}

/** The location map: base tiles or, when they cannot load, the bundled world outline; WRS-2 footprints and the chosen point. */
export function LocationMap(props: LocationMapProps) {
  const { tileUrl, tileAttribution, initialCenter, initialZoom, marker, bbox, footprints, view, onPick, onReady, imageOverlay, areaBox, pixelScene, sites, areaDrawing, composite } = props;
  // While an area is drawn, a click adds a corner instead of choosing the point.
  const onClick = areaDrawing?.drawing ? areaDrawing.add : onPick;
  return (
    <LeafletMap className="location-map" center={toLatLng(initialCenter)} zoom={initialZoom} options={{ maxZoom: MAX_ZOOM, worldCopyJump: true }} whenReady={onReady}>
      <OfflineBaseMap tileUrl={tileUrl} tileAttribution={tileAttribution} />
      {footprints.map((tile) => (
        <Footprint key={`${tile.path}/${tile.row}`} tile={tile} />
      ))}
      {bbox && <Box bbox={bbox} style={SCENE_BOX_STYLE} />}
      {areaBox && <Box bbox={areaBox} style={AREA_BOX_STYLE} />}
      {imageOverlay && (
        <Suspense fallback={null}>
          <SceneImageOverlay url={imageOverlay.url} boundsLngLat={imageOverlay.boundsLngLat} opacity={imageOverlay.opacity} />
        </Suspense>
      )}
      {sites && sites.length > 0 && (
        <Suspense fallback={null}>
          <SitesLayer sites={sites} />
        </Suspense>
      )}
      {areaDrawing && <DrawAreaLayer area={areaDrawing} />}
      <PointMarker lngLat={marker} />
      <ScaleBar />
      <ClickToPick onPick={onClick} />
      {(pixelScene || areaDrawing || composite) && (
        <MapOverlay>
          {areaDrawing && <DrawAreaTools area={areaDrawing} />}
          {pixelScene && !areaDrawing?.drawing && <PixelOutlines scene={pixelScene} />}
          {composite && !areaDrawing?.drawing && (
            <Suspense fallback={null}>
              <CompositeLayer query={composite} />
            </Suspense>
          )}
        </MapOverlay>
      )}
      <ViewController view={view} />
    </LeafletMap>
  );
}
