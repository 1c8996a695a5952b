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

/**
 * "Download GeoTIFF" beside the image: the scene's own pixels under the box, on its own grid, for
 * QGIS, R or Python (GET /api/export.tif). DN keeps the archive's integers; reflectance is float.
 */
export function GeoTiffDownload({ sceneId, bands, bbox }: { sceneId: string | null; bands: readonly string[]; bbox: BBox | undefined }) {
  if (!sceneId || !bbox) return null;
  return (
    <p className="geotiff-download">
      <a href={geoTiffUrl(sceneId, bands, bbox)} download>
        Download GeoTIFF
      </a>{' '}
      (DN, as in the archive) ·{' '}
      <a href={geoTiffUrl(sceneId, bands, bbox, 'reflectance')} download>
        as reflectance
      </a>{' '}
      — the scene&apos;s own pixels under the area, with QA_PIXEL (at most 50 million values)
    </p>
  );
}
