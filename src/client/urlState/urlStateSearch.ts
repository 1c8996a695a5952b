import type { BandId } from '../../core/bands/bandCatalog.js';
import type { LngLat } from '../../core/geo/lngLat.js';
import { DEFAULT_MASK, maskToText } from '../../core/raster/clearPixel.js';
import type { ImageSize } from '../filters/imageSize.js';
import type { AnalysisArea } from '../filters/analysisArea.js';

export interface ShareableState {
  lngLat: LngLat;
  startDate: string;
  endDate: string;
  size: ImageSize;
  cloudCoverage: number;
  bands: readonly BandId[];
  scenes?: 'latest' | 'all';
  area?: AnalysisArea;
  /** The API's `mask`; the default is left out. */
  mask?: string;
  /** TM/ETM+ harmonised to OLI: `harmonize=oli`. */
  harmonize?: boolean;
  /** The Area statistics polygon, encoded (polygonParam.ts). */
  poly?: string | null;
  /** Or a longer polygon's id on the server (POST /api/areas). */
  areaId?: string | null;
  /** The scene chosen in the scene list. */
  scene?: string | null;
}

/**
 * The page state as a query string readUrlState reads back, so a copied link reopens the same view.
 * Coordinates to 6 decimals (about 0.1 m), as the page shows them; empty values are left out.
 */
export function urlStateSearch(state: ShareableState): string {
  const q = new URLSearchParams();
  q.set('lat', state.lngLat[1].toFixed(6));
  q.set('lon', state.lngLat[0].toFixed(6));
  if (state.startDate) q.set('startDate', state.startDate);
  if (state.endDate) q.set('endDate', state.endDate);
  q.set('size', state.size);
  q.set('cloud', String(Math.round(state.cloudCoverage)));
  if (state.bands.length > 0) q.set('bands', state.bands.join(','));
  if (state.scenes) q.set('scenes', state.scenes);
  if (state.area) q.set('area', state.area);
  if (state.mask && state.mask !== maskToText(DEFAULT_MASK)) q.set('mask', state.mask);
  if (state.harmonize) q.set('harmonize', 'oli');
  if (state.poly) q.set('poly', state.poly);
  else if (state.areaId) q.set('areaId', state.areaId);
  if (state.scene) q.set('scene', state.scene);
  // Commas (and the polygon's ; and !) are safe in a query and keep `bands=B02,B03` readable in a shared link.
  return `?${q.toString().replace(/%2C/g, ',').replace(/%3B/g, ';').replace(/%21/g, '!')}`;
}
