import { BAND_CATALOG, isBandId } from '../../core/bands/bandCatalog.js';
import type { BBox } from '../../core/geo/lngLat.js';
import { apiRequestErrorFrom } from './ApiRequestError.js';

/** What an export covers: the analysis box, or a polygon (GeoJSON) whose outside pixels are nodata. */
export type ExportArea = { bbox: BBox } | { geometry: unknown };

/** The export URL of one scene over a box (GET): the chosen Level-2 bands in order, then QA. */
export function geoTiffUrl(sceneId: string, bands: readonly string[], bbox: BBox, format: 'dn' | 'reflectance' = 'dn'): string {
  const params = new URLSearchParams({
    sceneId,
    bands: exportBands(bands).join(','),
    LON_UL: String(bbox.minLon),
    LAT_UR: String(bbox.minLat),
    LON_UR: String(bbox.maxLon),
    LAT_UL: String(bbox.maxLat),
    format,
  });
  return `/api/export.tif?${params}`;
}

const exportBands = (bands: readonly string[]) => [...bands.filter((id) => isBandId(id) && BAND_CATALOG[id].asset !== null), 'QA'];

/** The request of an export: GET for a box; POST with the polygon in a JSON body (no URL length limit). */
export function geoTiffRequest(sceneId: string, bands: readonly string[], area: ExportArea, format: 'dn' | 'reflectance' = 'dn'): { url: string; init: RequestInit } {
  if ('bbox' in area) return { url: geoTiffUrl(sceneId, bands, area.bbox, format), init: {} };
  return {
    url: '/api/export.tif',
    init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ sceneId, bands: exportBands(bands), geometry: area.geometry, format }) },
  };
}

export interface ExportedFile {
  blob: Blob;
  fileName: string;
  /** The pixel size the server wrote, in metres, when it says (`x-pixel-size-m`): coarser than 30 m when it read an overview. */
  pixelSizeM: number | null;
}

/**
 * Fetches a GeoTIFF rather than following a link, so a refusal (413 too large, 400 outside the
 * scene, 429) reaches the page in words instead of being saved as a file named `export.json`.
 */
export async function requestGeoTiff({ url, init }: { url: string; init: RequestInit }, signal?: AbortSignal): Promise<ExportedFile> {
  const response = await fetch(url, { ...init, signal, headers: { Accept: 'image/tiff, application/json', ...init.headers } });
  if (!response.ok) throw await apiRequestErrorFrom(response);
  const named = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '');
  const size = Number(response.headers.get('x-pixel-size-m') ?? Number.NaN);
  return { blob: await response.blob(), fileName: named?.[1] ?? 'landsat-export.tif', pixelSizeM: Number.isFinite(size) && size > 0 ? size : null };
}
