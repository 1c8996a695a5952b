import { useEffect } from 'react';
import L from 'leaflet';
import { MapContainer, Marker, Polygon, Rectangle, ScaleControl, Tooltip, useMap, useMapEvents } from 'react-leaflet';
import type { BBox, LngLat } from '../../core/geo/lngLat.js';
import type { Wrs2Tile } from '../api/apiTypes.js';
import { markerIcon } from './markerIcon.js';
import { OfflineBaseMap } from './OfflineBaseMap.js';
import { SceneImageOverlay } from '../analysis/SceneImageOverlay.js';
import type { LngLatBounds } from '../analysis/parseImageBounds.js';

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
}

// Seed constants: the highlighted box is fitted with 100 px padding in a 1000 ms animation.
const FIT_PADDING_PX = 100;
const FIT_DURATION_S = 1;
const MAX_ZOOM = 19;

const toLatLng = ([lon, lat]: LngLat): L.LatLngTuple => [lat, lon];
const toLatLngBounds = (b: BBox): L.LatLngBoundsExpression => [
  [b.minLat, b.minLon],
  [b.maxLat, b.maxLon],
];

function ClickToPick({ onPick }: { onPick: (lngLat: LngLat) => void }) {
  useMapEvents({
    click(event) {
      // wrap(): after panning across the antimeridian Leaflet reports longitudes beyond ±180.
      const latLng = event.latlng.wrap();
      onPick([latLng.lng, latLng.lat]);
    },
  });
  return null;
}

function ViewController({ view }: { view: MapViewRequest | null }) {
  const map = useMap();
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

/** The location map: base tiles or, when they cannot load, the bundled world outline; WRS-2 footprints and the chosen point. */
export function LocationMap(props: LocationMapProps) {
  const { tileUrl, tileAttribution, initialCenter, initialZoom, marker, bbox, footprints, view, onPick, onReady, imageOverlay, areaBox } = props;
  return (
    <MapContainer
      className="location-map"
      center={toLatLng(initialCenter)}
      zoom={initialZoom}
      maxZoom={MAX_ZOOM}
      worldCopyJump
      whenReady={onReady}
    >
      <OfflineBaseMap tileUrl={tileUrl} tileAttribution={tileAttribution} />
      {footprints.map((tile) => (
        <Polygon
          key={`${tile.path}/${tile.row}`}
          positions={tile.polygon.map(toLatLng)}
          interactive={false}
          pathOptions={{ color: '#1f3b73', weight: 1, opacity: 0.45, dashArray: '4 4', fillOpacity: 0.04 }}
        >
          <Tooltip permanent direction="center" className="footprint-label" opacity={0.8}>
            {`Path ${tile.path} / Row ${tile.row}`}
          </Tooltip>
        </Polygon>
      ))}
      {bbox && (
        <Rectangle
          bounds={toLatLngBounds(bbox)}
          interactive={false}
          pathOptions={{ color: '#ffffff', weight: 2, opacity: 1, fillColor: '#1e6fd9', fillOpacity: 0.25 }}
        />
      )}
      {areaBox && (
        <Rectangle bounds={toLatLngBounds(areaBox)} interactive={false} pathOptions={{ color: '#b35c00', weight: 3, opacity: 1, fill: false, dashArray: '6 4' }} />
      )}
      {imageOverlay && <SceneImageOverlay url={imageOverlay.url} boundsLngLat={imageOverlay.boundsLngLat} opacity={imageOverlay.opacity} />}
      <Marker position={toLatLng(marker)} icon={markerIcon} alt="Selected point" title="Selected point" keyboard={false} />
      {/* Metric scale bar: the overlay's ground size is readable at any zoom. */}
      <ScaleControl position="bottomleft" imperial={false} />
      <ClickToPick onPick={onPick} />
      <ViewController view={view} />
    </MapContainer>
  );
}

export default LocationMap;
