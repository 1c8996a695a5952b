import { BAND_CATALOG, isBandId } from '../../core/bands/bandCatalog.js';
import type { BBox } from '../../core/geo/lngLat.js';
import { apiRequestErrorFrom } from './ApiRequestError.js';

/** What an export covers: the analysis box, or a polygon (GeoJSON) whose outside pixels are nodata. */
export type ExportArea = { bbox: BBox } | { geometry: unknown };

/** The export URL of one scene over a box or polygon: the chosen Level-2 bands in order, then QA. */
export function geoTiffUrl(sceneId: string, bands: readonly string[], area: ExportArea, format: 'dn' | 'reflectance' = 'dn'): string {
  const ids = bands.filter((id) => isBandId(id) && BAND_CATALOG[id].asset !== null);
  const params = new URLSearchParams({ sceneId, bands: [...ids, 'QA'].join(',') });
  if ('bbox' in area) {
    params.set('LON_UL', String(area.bbox.minLon));
    params.set('LAT_UR', String(area.bbox.minLat));
    params.set('LON_UR', String(area.bbox.maxLon));
    params.set('LAT_UL', String(area.bbox.maxLat));
  } else {
    params.set('geometry', JSON.stringify(area.geometry));
  }
  params.set('format', format);
  return `/api/export.tif?${params}`;
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
export async function requestGeoTiff(url: string, signal?: AbortSignal): Promise<ExportedFile> {
  const response = await fetch(url, { signal, headers: { Accept: 'image/tiff, application/json' } });
  if (!response.ok) throw await apiRequestErrorFrom(response);
  const named = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '');
  const size = Number(response.headers.get('x-pixel-size-m') ?? Number.NaN);
  return { blob: await response.blob(), fileName: named?.[1] ?? 'landsat-export.tif', pixelSizeM: Number.isFinite(size) && size > 0 ? size : null };
}
