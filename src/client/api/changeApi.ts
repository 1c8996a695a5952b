import { changePointResponseSchema, type ChangePointResponse } from '../../shared/api/change.js';
import { readNdjsonProgress, type StreamProgress } from './readNdjsonProgress.js';

/** GET /api/change/stream: change detection over the point's whole record, with "scene 12 of 1,500" progress. */
export function readChangeAtPoint(
  point: { lat: number; lon: number },
  options: { signal?: AbortSignal; onProgress?: (progress: StreamProgress) => void } = {},
): Promise<ChangePointResponse> {
  const query = new URLSearchParams({ lat: point.lat.toFixed(6), lon: point.lon.toFixed(6) });
  return readNdjsonProgress(`/api/change/stream?${query.toString()}`, changePointResponseSchema, options);
}
