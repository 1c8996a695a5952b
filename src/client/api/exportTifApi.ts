import { BAND_CATALOG, isBandId } from '../../core/bands/bandCatalog.js';
import type { BBox } from '../../core/geo/lngLat.js';

/** The export URL of the image's scene over the analysis box: the chosen Level-2 bands in order, then QA. */
export function geoTiffUrl(sceneId: string, bands: readonly string[], bbox: BBox, format: 'dn' | 'reflectance' = 'dn'): string {
  const ids = bands.filter((id) => isBandId(id) && BAND_CATALOG[id].asset !== null);
  return `/api/export.tif?${new URLSearchParams({
    sceneId,
    bands: [...ids, 'QA'].join(','),
    LON_UL: String(bbox.minLon),
    LAT_UR: String(bbox.minLat),
    LON_UR: String(bbox.maxLon),
    LAT_UL: String(bbox.maxLat),
    format,
  })}`;
}
