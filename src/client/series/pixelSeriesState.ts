import type { UseQueryResult } from '@tanstack/react-query';
import type { PixelResponse } from '../../shared/api/pixel.js';
import { isAbortError } from '../api/ApiRequestError.js';
import type { StreamProgress } from '../api/readNdjsonProgress.js';

export type PixelSeriesState =
  | { kind: 'idle' }
  | { kind: 'running'; progress: StreamProgress | null }
  | { kind: 'done'; pixels: PixelResponse }
  | { kind: 'failed'; message: string };

/** The pixel-series query as the comparison panel reads it (idle, running with progress, done, failed). */
export function pixelSeriesState(query: Pick<UseQueryResult<PixelResponse>, 'data' | 'error' | 'isFetching' | 'status' | 'fetchStatus'>, progress: StreamProgress | null): PixelSeriesState {
  if (query.isFetching) return { kind: 'running', progress };
  if (query.status === 'success' && query.data) return { kind: 'done', pixels: query.data };
  if (query.status === 'error' && !isAbortError(query.error)) return { kind: 'failed', message: `Could not read the pixel values: ${(query.error as Error).message}` };
  return { kind: 'idle' };
}
