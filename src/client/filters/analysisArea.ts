import type { BBox, LngLat } from '../../core/geo/lngLat.js';
import { boxAroundPoint } from '../api/landsatRequestUrls.js';

/** Where the statistics and the full image are computed: the WRS-2 scene box (the seed's) or a square around the point. */
export const ANALYSIS_AREAS = ['scene', '1km', '5km', '20km'] as const;
export type AnalysisArea = (typeof ANALYSIS_AREAS)[number];

export const ANALYSIS_AREA_LABEL: Record<AnalysisArea, string> = {
  scene: 'Scene box (WRS-2 path/row)',
  '1km': '1 km square around the point',
  '5km': '5 km square around the point',
  '20km': '20 km square around the point',
};

const SIDE_KM: Record<Exclude<AnalysisArea, 'scene'>, number> = { '1km': 1, '5km': 5, '20km': 20 };
/** Metres per degree of latitude (mean; good to 0.5 % at any latitude, enough to draw a square). */
const M_PER_DEG_LAT = 111_320;

export const isAnalysisArea = (v: unknown): v is AnalysisArea => typeof v === 'string' && (ANALYSIS_AREAS as readonly string[]).includes(v);

/** A square of `sideKm` on the ground centred on the point (wider in degrees of longitude away from the equator). */
export function squareAroundPoint([lon, lat]: LngLat, sideKm: number): BBox {
  const halfLat = (sideKm * 500) / M_PER_DEG_LAT;
  const halfLon = halfLat / Math.max(0.01, Math.cos((lat * Math.PI) / 180));
  return {
    minLon: Math.max(-180, lon - halfLon),
    maxLon: Math.min(180, lon + halfLon),
    minLat: Math.max(-90, lat - halfLat),
    maxLat: Math.min(90, lat + halfLat),
  };
}

const contains = (b: BBox, [lon, lat]: LngLat) => lon >= b.minLon && lon <= b.maxLon && lat >= b.minLat && lat <= b.maxLat;

export interface ResolvedArea {
  bbox: BBox;
  /** What the box is, for the page to say: the scene box, a square, or the fallback when no footprint holds the point. */
  kind: 'scene' | 'square' | 'fallback';
  description: string;
}

/**
 * The one analysis area of a fetch, the same however the point was picked: the scene box of the
 * point's WRS-2 footprint (when it holds the point), else a square. Without a footprint the scene
 * choice falls back to a 0.1° box, and says so.
 */
export function resolveAnalysisArea(area: AnalysisArea, lngLat: LngLat, sceneBox: BBox | null): ResolvedArea {
  if (area !== 'scene') return { bbox: squareAroundPoint(lngLat, SIDE_KM[area]), kind: 'square', description: `a ${SIDE_KM[area]} km square around the point` };
  if (sceneBox && contains(sceneBox, lngLat)) return { bbox: sceneBox, kind: 'scene', description: 'the scene box of the WRS-2 footprint' };
  return { bbox: boxAroundPoint(lngLat), kind: 'fallback', description: 'a 0.1° box around the point (no WRS-2 footprint is known for it yet)' };
}
