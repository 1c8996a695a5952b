import type { LandsatRequest } from '../api/landsatRequestUrls.js';
import { landsatRequestUrls, withMask } from '../api/landsatRequestUrls.js';

/**
 * URLs of the streamed calls for one fetch: the pixel series at the point (/api/pixel/stream,
 * `latest=true` for the most recent scene only) and the statistics series over the box
 * (/api/landsatData/stream, the same query as the plain call).
 */
export function analysisRequestUrls(r: LandsatRequest, latest: boolean): { pixelStreamUrl: string; dataStreamUrl: string } {
  const pixel = new URLSearchParams({
    lat: String(r.lngLat[1]),
    lon: String(r.lngLat[0]),
    startDate: r.startDate,
    endDate: r.endDate,
    cloudCoverage: String(r.cloudCoverage),
    bands: r.bands.join(','),
  });
  if (latest) pixel.set('latest', 'true');
  withMask(pixel, r.mask);
  if (r.harmonize) pixel.set('harmonize', 'oli');
  const { dataUrl } = landsatRequestUrls(r);
  return {
    pixelStreamUrl: `/api/pixel/stream?${pixel}`,
    dataStreamUrl: dataUrl.replace(/^\/api\/landsatData\?/, '/api/landsatData/stream?'),
  };
}
