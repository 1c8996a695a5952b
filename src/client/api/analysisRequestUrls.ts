import type { LandsatRequest } from './landsatRequestUrls.js';
import { landsatDataStreamUrl } from './landsatRequestUrls.js';
import { pixelStreamUrl } from './pixelApi.js';

/**
 * URLs of the streamed calls for one fetch: the pixel series at the point (/api/pixel/stream,
 * `latest=true` for the most recent scene only) and the statistics series over the box
 * (/api/landsatData/stream, the same query as the plain call).
 */
export function analysisRequestUrls(r: LandsatRequest, latest: boolean): { pixelStreamUrl: string; dataStreamUrl: string } {
  return {
    pixelStreamUrl: pixelStreamUrl({ ...r, latest }),
    dataStreamUrl: landsatDataStreamUrl(r),
  };
}
