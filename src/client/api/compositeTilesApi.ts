import type { AnalysisFilters } from './analysisFilters.js';

/** The composite tile endpoints (GET /api/composite/tiles/WebMercatorQuad/…), as URLs a map or another client adds. */
const COMPOSITE_TILES_PATH = '/api/composite/tiles/WebMercatorQuad';

/** A composite's period and filters: the page's filter form. */
export type CompositeQuery = AnalysisFilters;

function compositeQueryString(q: CompositeQuery): string {
  const params = new URLSearchParams({ startDate: q.startDate, endDate: q.endDate, cloudCoverage: String(q.cloudCoverage), bands: q.bands.join(',') });
  if (q.mask) params.set('mask', q.mask);
  if (q.harmonize) params.set('harmonize', 'oli');
  return params.toString();
}

/** `origin` '' gives the page's own relative URLs; a full origin gives URLs for QGIS, GDAL, leafmap or MapLibre. */
export function compositeTileUrls(q: CompositeQuery, origin = '') {
  const qs = compositeQueryString(q);
  const base = `${origin}${COMPOSITE_TILES_PATH}`;
  return { xyz: `${base}/{z}/{x}/{y}.png?${qs}`, tileJson: `${base}/tilejson.json?${qs}`, wmts: `${base}/WMTSCapabilities.xml?${qs}` };
}
