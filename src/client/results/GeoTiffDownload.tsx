import type { BBox } from '../../core/geo/lngLat.js';
import { geoTiffUrl } from '../api/exportTifApi.js';

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
