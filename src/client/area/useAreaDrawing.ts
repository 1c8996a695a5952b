import { useCallback, useMemo, useState } from 'react';
import type { LngLat } from '../../core/geo/lngLat.js';

/** The polygon the area statistics measure: drawn on the map or read from a file. */
export interface AreaGeometry {
  /** What it is, in words ("the polygon drawn on the map", "plot7.geojson"). */
  name: string;
  /** GeoJSON (Polygon, MultiPolygon, Feature or FeatureCollection) as POST /api/area takes it. */
  value: unknown;
  drawn: boolean;
}

export interface AreaDrawing {
  /** Corners are being added on the map (its clicks add corners instead of choosing the point). */
  drawing: boolean;
  /** The corners so far, [lon, lat]. */
  vertices: LngLat[];
  geometry: AreaGeometry | null;
  start: () => void;
  add: (lngLat: LngLat) => void;
  undo: () => void;
  /** Closes the ring (3 corners or more) and makes it the area's geometry. */
  finish: () => void;
  cancel: () => void;
  /** A file's polygon (or none). */
  setGeometry: (geometry: AreaGeometry | null) => void;
}

const DRAWN_AREA_NAME = 'the polygon drawn on the map';

/**
 * The area being drawn and the one chosen, shared by the map (which draws and shows it) and the
 * "Area statistics" panel (which measures it): one state, so the panel and the map never disagree.
 */
export function useAreaDrawing(fromLink?: unknown): AreaDrawing {
  const [drawing, setDrawing] = useState(false);
  const [vertices, setVertices] = useState<LngLat[]>([]);
  // A link's polygon (`poly`) is the area until another is drawn or uploaded.
  const [geometry, setGeometry] = useState<AreaGeometry | null>(() => (fromLink ? { name: 'the polygon from the link', value: fromLink, drawn: false } : null));
  const start = useCallback(() => {
    setVertices([]);
    setDrawing(true);
  }, []);
  const add = useCallback((lngLat: LngLat) => setVertices((v) => [...v, lngLat]), []);
  const undo = useCallback(() => setVertices((v) => v.slice(0, -1)), []);
  const cancel = useCallback(() => {
    setDrawing(false);
    setVertices([]);
  }, []);
  const finish = useCallback(() => {
    if (vertices.length < 3) return;
    setGeometry({ name: DRAWN_AREA_NAME, value: { type: 'Polygon', coordinates: [[...vertices, vertices[0]]] }, drawn: true });
    setDrawing(false);
    setVertices([]);
  }, [vertices]);
  return useMemo(() => ({ drawing, vertices, geometry, start, add, undo, finish, cancel, setGeometry }), [drawing, vertices, geometry, start, add, undo, finish, cancel]);
}
