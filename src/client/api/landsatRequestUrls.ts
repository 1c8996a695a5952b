import type { BandId } from '../../core/bands/bandCatalog.js';
import type { BBox, LngLat } from '../../core/geo/lngLat.js';
import { DEFAULT_MASK, maskToText } from '../../core/raster/clearPixel.js';
import type { ImageSize } from '../filters/imageSize.js';

export interface LandsatRequest {
  lngLat: LngLat;
  bbox: BBox;
  startDate: string;
  endDate: string;
  size: ImageSize;
  cloudCoverage: number;
  bands: BandId[];
  /** The API's `mask`; absent or the default text leaves it out of the URL. */
  mask?: string;
  /** Harmonise TM/ETM+ reflectance to OLI (`harmonize=oli`) in the statistics and pixel series. */
  harmonize?: boolean;
}

/** Adds `mask` when it differs from the API's default. */
export function withMask(params: URLSearchParams, mask: string | undefined): URLSearchParams {
  if (mask !== undefined && mask !== maskToText(DEFAULT_MASK)) params.set('mask', mask);
  return params;
}

/** Half-size in degrees of the box used when no WRS-2 footprint is known for the point (about 11 km). */
export const FALLBACK_HALF_SIZE_DEG = 0.05;

/** A small box around a point so a fetch can go ahead before (or without) a footprint lookup. */
export function boxAroundPoint([lon, lat]: LngLat, halfSizeDeg = FALLBACK_HALF_SIZE_DEG): BBox {
  return {
    minLon: Math.max(-180, lon - halfSizeDeg),
    maxLon: Math.min(180, lon + halfSizeDeg),
    minLat: Math.max(-90, lat - halfSizeDeg),
    maxLat: Math.min(90, lat + halfSizeDeg),
  };
}

/** The seed's query names: LON_UL=minLon, LAT_UR=minLat, LON_UR=maxLon, LAT_UL=maxLat. */
function boxAndFilterParams(r: LandsatRequest): URLSearchParams {
  return new URLSearchParams({
    LON_UL: String(r.bbox.minLon),
    LAT_UR: String(r.bbox.minLat),
    LON_UR: String(r.bbox.maxLon),
    LAT_UL: String(r.bbox.maxLat),
    startDate: r.startDate,
    endDate: r.endDate,
    bands: r.bands.join(','),
    cloudCoverage: String(r.cloudCoverage),
  });
}

/** URLs of the image call (3x3 or full) and of the statistics call for one fetch. */
export function landsatRequestUrls(r: LandsatRequest): { imageUrl: string; dataUrl: string } {
  const box = boxAndFilterParams(r);
  let imageUrl: string;
  if (r.size === '3x3') {
    const withPoint = new URLSearchParams({ latitude: String(r.lngLat[1]), longitude: String(r.lngLat[0]) });
    for (const [k, v] of box) withPoint.append(k, v);
    imageUrl = `/api/landsat3x3?${withPoint}`;
  } else {
    imageUrl = `/api/landsatImage?${box}`;
  }
  return { imageUrl, dataUrl: `/api/landsatData?${landsatDataParams(r)}` };
}

/** The statistics query: the box and filters, the mask, and `harmonize` (only the series take it: images show reflectance as archived). */
function landsatDataParams(r: LandsatRequest): URLSearchParams {
  const params = withMask(boxAndFilterParams(r), r.mask);
  if (r.harmonize) params.set('harmonize', 'oli');
  return params;
}

/** GET /api/landsatData/stream: the statistics series as NDJSON with progress and one line per scene. */
export const landsatDataStreamUrl = (r: LandsatRequest) => `/api/landsatData/stream?${landsatDataParams(r)}`;
